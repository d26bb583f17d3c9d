/**
 * The `sqlite:PATH` setting: one better-sqlite3 connection (WAL mode) shared by the
 * VersionedSqliteSaver (channel values stored by version, evidence bodies and the full trace
 * beside them), the `mira_executions` ledger table and the thread leases, so a checkpoint and
 * the record of the tool call it guards are in the same file.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { createSqliteLedger } from "../ledger/sqliteLedger.js";
import { causeLine, CheckpointStoreError, MissingStoreError } from "./errors.js";
import { ledgerWithBodies } from "./ledgerBodies.js";
import { createSqliteLeases } from "./sqliteLease.js";
import type { CheckpointStore } from "./types.js";
import { VersionedSqliteSaver } from "./versionedSqliteSaver.js";

/**
 * Opens (creating parent directories and the file if needed, unless `mustExist`: reading
 * commands never create a database). Throws `CheckpointStoreError`.
 */
export function openSqliteStore(path: string, opts: { mustExist?: boolean } = {}): CheckpointStore {
  if (opts.mustExist && !existsSync(path)) throw new MissingStoreError(`no SQLite checkpoint store at ${path} (nothing was created)`);
  let db: Database.Database | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: 5000 });
    // Readers in another process (`mira show`) must not block a run that is writing.
    db.pragma("journal_mode = WAL");
    const leases = createSqliteLeases(db);
    const open = db;
    const checkpointer = new VersionedSqliteSaver(open);
    const ledger = ledgerWithBodies(createSqliteLedger(db), checkpointer.bodies);
    return {
      kind: "sqlite",
      checkpointer,
      threadIds: async () => {
        // The saver creates its tables on first use; an empty file has none yet.
        const table = open.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'").get();
        if (!table) return [];
        const rows = open.prepare("SELECT thread_id FROM checkpoints WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY MAX(checkpoint_id) DESC").all() as Array<{ thread_id: string }>;
        return rows.map((r) => r.thread_id);
      },
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
