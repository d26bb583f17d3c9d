/**
 * The execution ledger as a table in the PostgreSQL checkpoint database, so checkpoints and
 * "this invocation already ran" survive together (CONTRACT §3).
 */
import type pg from "pg";
import type { ApprovalBinding, ExecutionKey, ExecutionLedger, LedgerClaim, LedgerEntry } from "./executionLedger.js";
import { claimOf, foreignApproval, encodeOutcome, entryOf, EXECUTIONS_TABLE, recordFromRow, type ExecutionRow } from "./executionRecord.js";
import type { ToolOutcome } from "../state/types.js";

/**
 * `started_at` defaults to `clock_timestamp()` (microseconds), so `list` keeps claim order
 * even for claims made within the same millisecond.
 */
const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS ${EXECUTIONS_TABLE} (
  thread_id TEXT NOT NULL,
  tool_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  input_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('started', 'completed')),
  outcome_json JSONB,
  started_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  completed_at TIMESTAMPTZ,
  approved_by TEXT,
  PRIMARY KEY (thread_id, tool_call_id, input_hash)
);
ALTER TABLE ${EXECUTIONS_TABLE} ADD COLUMN IF NOT EXISTS approved_by TEXT;
CREATE INDEX IF NOT EXISTS ${EXECUTIONS_TABLE}_thread ON ${EXECUTIONS_TABLE} (thread_id, started_at);`;

/**
 * Creates the table if needed and returns a ledger over `pool`. Concurrent first-time
 * creation from two processes can collide in PostgreSQL's catalog, so callers that may race
 * run this under an advisory lock (the checkpoint store does). The caller owns and ends `pool`.
 */
export async function createPostgresLedger(pool: pg.Pool): Promise<ExecutionLedger> {
  await pool.query(CREATE_TABLE);
  const keyValues = (key: ExecutionKey) => [key.threadId, key.toolId, key.toolCallId, key.inputHash];

  return {
    /** INSERT … ON CONFLICT DO NOTHING waits for a concurrent claimant to commit, so exactly one caller sees `fresh`. */
    async begin(key: ExecutionKey, approval: ApprovalBinding): Promise<LedgerClaim> {
      const refused = foreignApproval(key, approval);
      if (refused) return refused;
      const inserted = await pool.query(
        `INSERT INTO ${EXECUTIONS_TABLE} (thread_id, tool_id, tool_call_id, input_hash, status, approved_by)
         VALUES ($1, $2, $3, $4, 'started', $5)
         ON CONFLICT (thread_id, tool_call_id, input_hash) DO NOTHING
         RETURNING tool_call_id`,
        [...keyValues(key), approval.approvedBy ?? null],
      );
      if (inserted.rowCount === 1) return { state: "fresh" };
      const existing = await pool.query<ExecutionRow>(
        `SELECT * FROM ${EXECUTIONS_TABLE} WHERE thread_id = $1 AND tool_call_id = $2 AND input_hash = $3`,
        [key.threadId, key.toolCallId, key.inputHash],
      );
      return claimOf(recordFromRow(existing.rows[0]));
    },

    /** Keeps the first outcome of an invocation; records one even for an unclaimed key so it can never run later. */
    async complete(key: ExecutionKey, outcome: ToolOutcome): Promise<void> {
      await pool.query(
        `INSERT INTO ${EXECUTIONS_TABLE} (thread_id, tool_id, tool_call_id, input_hash, status, outcome_json, completed_at)
         VALUES ($1, $2, $3, $4, 'completed', $5::jsonb, clock_timestamp())
         ON CONFLICT (thread_id, tool_call_id, input_hash) DO UPDATE
           SET status = 'completed', outcome_json = EXCLUDED.outcome_json, completed_at = EXCLUDED.completed_at
           WHERE ${EXECUTIONS_TABLE}.status = 'started'`,
        [...keyValues(key), encodeOutcome(outcome)],
      );
    },

    async list(threadId: string): Promise<LedgerEntry[]> {
      const rows = await pool.query<ExecutionRow>(
        `SELECT * FROM ${EXECUTIONS_TABLE} WHERE thread_id = $1 ORDER BY started_at, tool_call_id`,
        [threadId],
      );
      return rows.rows.map((row) => entryOf(recordFromRow(row)));
    },
  };
}
