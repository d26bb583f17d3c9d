/**
 * The execution ledger (CONTRACT §3): a side-effecting tool runs at most once per
 * `toolCallId + inputHash`, even when its node re-runs on resume, when an approval is
 * submitted twice, or when the process dies between the tool and the next checkpoint.
 * It lives in the same store as the checkpoints (SQLite file, PostgreSQL database, or memory).
 */
import type { ToolOutcome } from "../tools/types.js";

export interface ExecutionKey {
  threadId: string;
  toolId: string;
  toolCallId: string;
  inputHash: string;
}

/** What `begin` found: the caller may execute only on `fresh`. */
export type LedgerClaim =
  | { state: "fresh" }
  | { state: "started"; startedAt: string }
  | { state: "completed"; outcome: ToolOutcome; completedAt: string };

export interface ExecutionLedger {
  /**
   * Atomically records `started` for the key if it has no entry, and says what was there.
   * Keyed by `threadId + toolCallId + inputHash`: call ids come from the model and are only
   * unique within a run; forks of a thread share its ledger, so no branch re-runs an invocation.
   */
  begin(key: ExecutionKey): Promise<LedgerClaim>;
  /** Records the outcome of a claimed execution. */
  complete(key: ExecutionKey, outcome: ToolOutcome): Promise<void>;
  /** Entries for a thread, oldest first (for `mira show` and tests). */
  list(threadId: string): Promise<Array<ExecutionKey & { status: "started" | "completed"; outcome?: ToolOutcome }>>;
}
