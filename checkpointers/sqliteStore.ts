/**
 * The `sqlite:PATH` setting: one better-sqlite3 connection (WAL mode) shared by the
 * VersionedSqliteSaver (channel values stored by version, evidence bodies and the full trace
 * beside them), the `mira_executions` ledger table and the thread leases, so a checkpoint and
 * the record of the tool call it guards are in the same file.
 */
import { existsSync, mkdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { createSqliteLedger } from "../ledger/sqliteLedger.js";
import { causeLine, CheckpointStoreError, MissingStoreError } from "./errors.js";
import { ledgerWithBodies } from "./ledgerBodies.js";
import { createSqliteLeases } from "./sqliteLease.js";
import type { CheckpointStore } from "./types.js";
import { VersionedSqliteSaver } from "./versionedSqliteSaver.js";

/** Tables that hold something worth keeping; a file with none of their rows is still empty. */
const CONTENT_TABLES = ["checkpoints", "writes", "mira_executions", "mira_thread_leases"];

/**
 * True when the database holds no row worth keeping (a run refused before its first step:
 * a bad policy, catalog or MCP config). Never throws: on doubt the file is kept.
 */
function holdsNothing(db: Database.Database): boolean {
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
    return CONTENT_TABLES.every((table) => !tables.has(table) || db.prepare(`SELECT 1 FROM "${table}" LIMIT 1`).get() === undefined);
  } catch {
    return false;
  }
}

/**
 * Opens (creating parent directories and the file if needed, unless `mustExist`: reading
 * commands never create a database). A file this call created is removed again on `close()`
 * when nothing was stored in it (issue 22: a bad configuration leaves no empty 24 KB file
 * behind), with the directories it created if they are empty. Throws `CheckpointStoreError`.
 */
export function openSqliteStore(path: string, opts: { mustExist?: boolean } = {}): CheckpointStore {
  if (opts.mustExist && !existsSync(path)) throw new MissingStoreError(`no SQLite checkpoint store at ${path} (nothing was created)`);
  let db: Database.Database | undefined;
  const created = !existsSync(path);
  try {
    const firstNewDir = mkdirSync(dirname(path), { recursive: true });
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
        if (!open.open) return;
        const discard = created && holdsNothing(open);
        open.close();
        if (discard) removeCreated(path, firstNewDir);
      },
    };
  } catch (err) {
    db?.close();
    throw new CheckpointStoreError(`cannot open SQLite checkpoint store at ${path}: ${causeLine(err)}`, { cause: err });
  }
}

/** Removes a database file this process created (and its WAL files), then the directories it created, if empty. */
function removeCreated(path: string, firstNewDir: string | undefined): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) rmSync(file, { force: true });
  if (firstNewDir === undefined) return;
  for (let dir = dirname(path); dir.length >= firstNewDir.length; dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return; // Not empty (or not ours to remove): keep it and everything above.
    }
  }
}
