/**
 * Backups (issue 22, item 9): the execution ledger is keyed by thread and lives in the
 * thread's own database, so a thread copied or restored into another database has a ledger
 * that knows nothing of what the original already executed. Resuming such a copy can run an
 * approved effect a second time. `mira show` says so, from what the state and this
 * database's ledger disagree on; docs/reliability.md explains what to do.
 */
import type { AgentRunState } from "../state/agentRun.js";
import type { LedgerEntry } from "../ledger/executionLedger.js";

/** Approved effects the state records as decided but this ledger never saw; null when they agree. */
export function copiedThreadWarning(threadId: string, state: Pick<AgentRunState, "approvals" | "trace" | "pendingToolCall">, ledger: LedgerEntry[]): string | null {
  const known = new Set(ledger.map((e) => `${e.toolCallId}\u0000${e.inputHash}`));
  const approved = (state.approvals ?? []).filter((a) => a.decision === "approve");
  const foreign = approved.filter((a) => a.threadId !== undefined && a.threadId !== threadId);
  // Tool visits of approved calls that this database's ledger has no row for: they ran elsewhere.
  const ranHere = new Set((state.trace ?? []).filter((t) => t.node === "Tool" && t.toolCallId).map((t) => t.toolCallId!));
  const missing = approved.filter((a) => ranHere.has(a.toolCallId) && !known.has(`${a.toolCallId}\u0000${a.inputHash}`));
  const pending = state.pendingToolCall && approved.some((a) => a.toolCallId === state.pendingToolCall!.toolCallId) && !known.has(`${state.pendingToolCall.toolCallId}\u0000${state.pendingToolCall.inputHash}`);
  if (foreign.length === 0 && missing.length === 0) {
    if (!pending) return null;
    const call = state.pendingToolCall!;
    return `warning: ${call.toolId} ${call.toolCallId} is approved but this database's ledger has not seen it run; if this thread was restored from a backup it may already have run in the original, and resuming runs it again (see docs/reliability.md, Backups)`;
  }
  const what = foreign.length ? `its approvals were given in thread ${foreign[0]!.threadId}` : `${missing.length} approved call(s) ran according to its state but this database's ledger has no record of them`;
  return `warning: this thread looks copied or restored from a backup (${what}); resuming may re-run approved effects (see docs/reliability.md, Backups)`;
}
