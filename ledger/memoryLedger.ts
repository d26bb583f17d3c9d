/**
 * The in-process execution ledger used with the `memory` checkpointer: same contract as the
 * durable ones, lost when the process exits (as are the checkpoints it guards).
 */
import type { ApprovalBinding, ExecutionKey, ExecutionLedger, LedgerClaim, LedgerEntry } from "./executionLedger.js";
import { claimOf, foreignApproval, encodeOutcome, entryOf, type ExecutionRecord } from "./executionRecord.js";
import type { ToolOutcome } from "../state/types.js";

/** Creates an empty ledger. `begin` is atomic because it runs synchronously on one event loop. */
export function createMemoryLedger(): ExecutionLedger {
  /** Keyed by `toolCallId + inputHash`; Map insertion order is the "oldest first" order of `list`. */
  const records = new Map<string, ExecutionRecord>();
  const idOf = (key: ExecutionKey) => JSON.stringify([key.threadId, key.toolCallId, key.inputHash]);

  return {
    async begin(key: ExecutionKey, approval: ApprovalBinding): Promise<LedgerClaim> {
      const refused = foreignApproval(key, approval);
      if (refused) return refused;
      const existing = records.get(idOf(key));
      if (existing) return claimOf(existing);
      records.set(idOf(key), { ...pickKey(key), status: "started", startedAt: new Date().toISOString() });
      return { state: "fresh" };
    },

    /** Keeps the first outcome of an invocation; records one even for an unclaimed key so it can never run later. */
    async complete(key: ExecutionKey, outcome: ToolOutcome): Promise<void> {
      const existing = records.get(idOf(key));
      if (existing?.status === "completed") return;
      const now = new Date().toISOString();
      records.set(idOf(key), {
        ...(existing ?? pickKey(key)),
        status: "completed",
        startedAt: existing?.startedAt ?? now,
        // A JSON round trip, so callers see exactly what a durable ledger would give back.
        outcome: JSON.parse(encodeOutcome(outcome)) as ToolOutcome,
        completedAt: now,
      });
    },

    async list(threadId: string): Promise<LedgerEntry[]> {
      return [...records.values()].filter((record) => record.threadId === threadId).map(entryOf);
    },
  };
}

function pickKey({ threadId, toolId, toolCallId, inputHash }: ExecutionKey): ExecutionKey {
  return { threadId, toolId, toolCallId, inputHash };
}
