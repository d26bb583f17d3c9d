/**
 * The `sqlite:PATH` setting: one better-sqlite3 connection (WAL mode) shared by LangGraph's
 * SqliteSaver, the `mira_executions` ledger table and the thread leases, so a checkpoint and the record of the
 * tool call it guards are in the same file.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createSqliteLedger } from "../ledger/sqliteLedger.js";
import { causeLine, CheckpointStoreError } from "./errors.js";
import { createSqliteLeases } from "./sqliteLease.js";
import type { CheckpointStore } from "./types.js";

/** Opens (creating parent directories and the file if needed). Throws `CheckpointStoreError`. */
export function openSqliteStore(path: string): CheckpointStore {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: 5000 });
    // Readers in another process (`mira show`) must not block a run that is writing.
    db.pragma("journal_mode = WAL");
    const ledger = createSqliteLedger(db);
    const leases = createSqliteLeases(db);
    const open = db;
    return {
      kind: "sqlite",
      checkpointer: new SqliteSaver(open),
      ledger,
      description: `SQLite ${path}`,
      claimThread: leases.acquire,
      threadOwner: leases.owner,
      close: async () => {
        if (open.open) open.close();
      },
    };
  } catch (err) {
    db?.close();
    throw new CheckpointStoreError(`cannot open SQLite checkpoint store at ${path}: ${causeLine(err)}`, { cause: err });
  }
}
