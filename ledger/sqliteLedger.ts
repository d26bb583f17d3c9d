/**
 * The execution ledger as a table in the SQLite checkpoint file, so checkpoints and
 * "this invocation already ran" survive together (CONTRACT §3).
 */
import type { Database } from "better-sqlite3";
import type { ApprovalBinding, ExecutionKey, ExecutionLedger, LedgerClaim, LedgerEntry } from "./executionLedger.js";
import { claimOf, foreignApproval, encodeOutcome, entryOf, EXECUTIONS_TABLE, recordFromRow, type ExecutionRow } from "./executionRecord.js";
import type { ToolOutcome } from "../state/types.js";

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS ${EXECUTIONS_TABLE} (
  thread_id TEXT NOT NULL,
  tool_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  input_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('started', 'completed')),
  outcome_json TEXT,
  started_at TEXT NOT NULL,
  completed_at TEXT,
  approved_by TEXT,
  PRIMARY KEY (thread_id, tool_call_id, input_hash)
);
CREATE INDEX IF NOT EXISTS ${EXECUTIONS_TABLE}_thread ON ${EXECUTIONS_TABLE} (thread_id);`;

/**
 * Creates the table if needed (throws if the file is not a usable SQLite database) and
 * returns a ledger over it. The caller owns `db` and closes it.
 */
export function createSqliteLedger(db: Database): ExecutionLedger {
  db.exec(CREATE_TABLE);
  // Files made before approvers were recorded gain the column.
  if (!(db.prepare(`PRAGMA table_info(${EXECUTIONS_TABLE})`).all() as Array<{ name: string }>).some((c) => c.name === "approved_by")) {
    db.exec(`ALTER TABLE ${EXECUTIONS_TABLE} ADD COLUMN approved_by TEXT`);
  }
  const insertStarted = db.prepare(
    `INSERT OR IGNORE INTO ${EXECUTIONS_TABLE} (thread_id, tool_id, tool_call_id, input_hash, status, started_at, approved_by)
     VALUES (@threadId, @toolId, @toolCallId, @inputHash, 'started', @now, @approvedBy)`,
  );
  const selectOne = db.prepare(`SELECT * FROM ${EXECUTIONS_TABLE} WHERE thread_id = ? AND tool_call_id = ? AND input_hash = ?`);
  const upsertCompleted = db.prepare(
    `INSERT INTO ${EXECUTIONS_TABLE} (thread_id, tool_id, tool_call_id, input_hash, status, outcome_json, started_at, completed_at)
     VALUES (@threadId, @toolId, @toolCallId, @inputHash, 'completed', @outcome, @now, @now)
     ON CONFLICT (thread_id, tool_call_id, input_hash) DO UPDATE
       SET status = 'completed', outcome_json = excluded.outcome_json, completed_at = excluded.completed_at
       WHERE ${EXECUTIONS_TABLE}.status = 'started'`,
  );
  // rowid order is insertion order: nothing is ever deleted from the ledger.
  const selectThread = db.prepare(`SELECT * FROM ${EXECUTIONS_TABLE} WHERE thread_id = ? ORDER BY rowid`);

  /** INSERT OR IGNORE then SELECT under one write lock (IMMEDIATE), so two processes cannot both see `fresh`. */
  const claim = db.transaction((key: ExecutionKey, approvedBy: string | null): LedgerClaim => {
    const inserted = insertStarted.run({ ...keyParams(key), now: new Date().toISOString(), approvedBy }).changes === 1;
    if (inserted) return { state: "fresh" };
    return claimOf(recordFromRow(selectOne.get(key.threadId, key.toolCallId, key.inputHash) as ExecutionRow | undefined));
  });

  return {
    async begin(key: ExecutionKey, approval: ApprovalBinding): Promise<LedgerClaim> {
      const refused = foreignApproval(key, approval);
      if (refused) return refused;
      return claim.immediate(key, approval.approvedBy ?? null);
    },

    /** Keeps the first outcome of an invocation; records one even for an unclaimed key so it can never run later. */
    async complete(key: ExecutionKey, outcome: ToolOutcome): Promise<void> {
      upsertCompleted.run({ ...keyParams(key), outcome: encodeOutcome(outcome), now: new Date().toISOString() });
    },

    async list(threadId: string): Promise<LedgerEntry[]> {
      return (selectThread.all(threadId) as ExecutionRow[]).map((row) => entryOf(recordFromRow(row)));
    },
  };
}

function keyParams({ threadId, toolId, toolCallId, inputHash }: ExecutionKey) {
  return { threadId, toolId, toolCallId, inputHash };
}
