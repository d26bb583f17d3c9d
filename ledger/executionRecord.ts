/**
 * The one stored shape of an execution-ledger entry, shared by the memory, SQLite and
 * PostgreSQL ledgers so that all three answer `begin` and `list` identically.
 */
import type { ApprovalBinding, ExecutionKey, LedgerClaim, LedgerEntry } from "./executionLedger.js";
import type { ToolOutcome } from "../state/types.js";

/** The table that holds the ledger in the checkpoint database (SQLite file or PostgreSQL). */
export const EXECUTIONS_TABLE = "mira_executions";


/** The refusal `begin` returns for an approval given in another thread; null when the binding holds. */
export function foreignApproval(key: ExecutionKey, approval: ApprovalBinding): LedgerClaim | null {
  if (approval.threadId === key.threadId) return null;
  const from = approval.threadId === undefined ? "no thread (saved before approvals were thread-bound)" : `thread "${approval.threadId}"`;
  return { state: "refused", reason: `the approval of ${key.toolId} (${key.toolCallId}) was given in ${from}, not in thread "${key.threadId}"` };
}

/** A ledger entry as stored; `outcome` and `completedAt` are present exactly when `status` is `completed`. */
export type ExecutionRecord = ExecutionKey &
  (
    | { status: "started"; startedAt: string }
    | { status: "completed"; startedAt: string; outcome: ToolOutcome; completedAt: string }
  );

/** A stored row that breaks the record's invariants: the ledger can no longer vouch for at-most-once. */
export class ExecutionLedgerCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The columns of one `mira_executions` row after the driver has decoded them. */
export interface ExecutionRow {
  thread_id: string;
  tool_id: string;
  tool_call_id: string;
  input_hash: string;
  status: string;
  /** JSON text (SQLite) or an already-parsed value (PostgreSQL `jsonb`). */
  outcome_json: unknown;
  started_at: string | Date;
  completed_at: string | Date | null;
}

/**
 * Turns a decoded row into a record. Throws `ExecutionLedgerCorruptError` when the row
 * cannot be trusted (unknown status, completed without outcome): a corrupted ledger is a
 * real fault, not an expected failure.
 */
export function recordFromRow(row: ExecutionRow | undefined): ExecutionRecord {
  if (row === undefined) throw new ExecutionLedgerCorruptError("execution ledger row vanished between claim and read");
  const key: ExecutionKey = {
    threadId: row.thread_id,
    toolId: row.tool_id,
    toolCallId: row.tool_call_id,
    inputHash: row.input_hash,
  };
  const startedAt = isoTime(row.started_at);
  if (row.status === "started") return { ...key, status: "started", startedAt };
  if (row.status === "completed" && row.outcome_json !== null && row.completed_at !== null) {
    const outcome = (typeof row.outcome_json === "string" ? JSON.parse(row.outcome_json) : row.outcome_json) as ToolOutcome;
    return { ...key, status: "completed", startedAt, outcome, completedAt: isoTime(row.completed_at) };
  }
  throw new ExecutionLedgerCorruptError(
    `execution ledger row ${row.tool_call_id}/${row.input_hash} has status "${row.status}" without a complete outcome`,
  );
}

/** What `begin` reports for a key that already had an entry. */
export function claimOf(record: ExecutionRecord): LedgerClaim {
  return record.status === "started"
    ? { state: "started", startedAt: record.startedAt }
    : { state: "completed", outcome: record.outcome, completedAt: record.completedAt };
}

/** What `list` reports for one record. */
export function entryOf(record: ExecutionRecord): LedgerEntry {
  const { threadId, toolId, toolCallId, inputHash } = record;
  if (record.status === "started") return { threadId, toolId, toolCallId, inputHash, status: "started" };
  const unknown = !record.outcome.ok && record.outcome.failure.kind === "outcome_unknown";
  return { threadId, toolId, toolCallId, inputHash, status: unknown ? "outcome_unknown" : "completed", outcome: record.outcome };
}

/** Outcomes are stored as JSON; this is the encoding every backend uses (the memory ledger included). */
export function encodeOutcome(outcome: ToolOutcome): string {
  return JSON.stringify(outcome);
}

function isoTime(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}
