/**
 * The execution ledger (CONTRACT §3): a side-effecting tool runs at most once per
 * `toolCallId + inputHash`, even when its node re-runs on resume, when an approval is
 * submitted twice, or when the process dies between the tool and the next checkpoint.
 * It lives in the same store as the checkpoints (SQLite file, PostgreSQL database, or memory).
 */
import type { ToolOutcome } from "../state/types.js";

export interface ExecutionKey {
  threadId: string;
  toolId: string;
  toolCallId: string;
  inputHash: string;
}

/** The approval a claim rests on: the thread it was given in (absent in states saved before v2). */
export interface ApprovalBinding {
  threadId: string | undefined;
  /** Who approved (the authenticated server user); stored on the row, absent without auth. */
  approvedBy?: string;
}

/** What `begin` found: the caller may execute only on `fresh`. */
export type LedgerClaim =
  | { state: "fresh" }
  | { state: "refused"; reason: string }
  | { state: "started"; startedAt: string }
  | { state: "completed"; outcome: ToolOutcome; completedAt: string };

/**
 * What `list` returns for one entry. `outcome_unknown` is a settled entry whose outcome is an
 * `outcome_unknown` failure: its process died mid-call (or the tool could not tell).
 */
export type LedgerEntry = ExecutionKey & { status: "started" | "completed" | "outcome_unknown"; outcome?: ToolOutcome };

export interface ExecutionLedger {
  /**
   * Atomically records `started` for the key if it has no entry, and says what was there.
   * Keyed by `threadId + toolCallId + inputHash`: call ids come from the model and are only
   * unique within a run; forks of a thread share its ledger, so no branch re-runs an invocation.
   * Refuses (records nothing) when `approval` was given in another thread: an approval never
   * carries across threads (CONTRACT §3), so a copied thread cannot spend its source's approval.
   */
  begin(key: ExecutionKey, approval: ApprovalBinding): Promise<LedgerClaim>;
  /**
   * Records the outcome of a claimed execution. A claim left `started` by a process that died
   * is settled with an `outcome_unknown` failure, so it is reported and never run again.
   */
  complete(key: ExecutionKey, outcome: ToolOutcome): Promise<void>;
  /** Entries for a thread, oldest first (for `mira show` and tests). */
  list(threadId: string): Promise<LedgerEntry[]>;
}
