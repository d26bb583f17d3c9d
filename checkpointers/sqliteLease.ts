/**
 * Thread leases in the SQLite checkpoint file: one row per thread with its owner, pid, host
 * and a heartbeat. A lease is live while its heartbeat is fresh and, on this host, its
 * process exists; so a SIGKILLed owner frees the thread at once, and an owner on another
 * host (a shared file) frees it when the heartbeat goes stale.
 */
import { hostname } from "node:os";
import type { Database } from "better-sqlite3";
import { newOwnerId, pidAlive, ThreadBusyError, type ThreadLease, type ThreadOwner } from "./threadLease.js";

const LEASES_TABLE = "mira_thread_leases";
/** How often a holder refreshes its heartbeat. */
export const HEARTBEAT_MS = 2000;
/** A heartbeat older than this is a dead owner's, whatever the pid says. */
export const LEASE_TTL_MS = 15_000;

interface LeaseRow {
  thread_id: string;
  owner: string;
  pid: number;
  host: string;
  heartbeat_at: number;
}

export interface SqliteLeases {
  acquire(threadId: string): Promise<ThreadLease>;
  owner(threadId: string): Promise<ThreadOwner | null>;
}

export function createSqliteLeases(db: Database): SqliteLeases {
  db.exec(`CREATE TABLE IF NOT EXISTS ${LEASES_TABLE} (
    thread_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    heartbeat_at INTEGER NOT NULL
  )`);
  const select = db.prepare(`SELECT * FROM ${LEASES_TABLE} WHERE thread_id = ?`);
  const upsert = db.prepare(
    `INSERT INTO ${LEASES_TABLE} (thread_id, owner, pid, host, heartbeat_at) VALUES (@threadId, @owner, @pid, @host, @now)
     ON CONFLICT (thread_id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host, heartbeat_at = excluded.heartbeat_at`,
  );
  const beat = db.prepare(`UPDATE ${LEASES_TABLE} SET heartbeat_at = ? WHERE thread_id = ? AND owner = ?`);
  const remove = db.prepare(`DELETE FROM ${LEASES_TABLE} WHERE thread_id = ? AND owner = ?`);

  const live = (row: LeaseRow | undefined, now: number): row is LeaseRow =>
    row !== undefined && now - row.heartbeat_at < LEASE_TTL_MS && (row.host !== hostname() || pidAlive(row.pid));
  const describe = (row: LeaseRow, now: number) => `pid ${row.pid} on ${row.host} (heartbeat ${Math.round((now - row.heartbeat_at) / 1000)} s ago)`;

  /** Check and take under one write lock, so two processes cannot both see the thread free. */
  const take = db.transaction((threadId: string, owner: string): LeaseRow | null => {
    const now = Date.now();
    const row = select.get(threadId) as LeaseRow | undefined;
    if (live(row, now)) return row;
    upsert.run({ threadId, owner, pid: process.pid, host: hostname(), now });
    return null;
  });

  return {
    async acquire(threadId) {
      const owner = newOwnerId();
      const holder = take.immediate(threadId, owner);
      if (holder) throw new ThreadBusyError(threadId, describe(holder, Date.now()));
      const timer = setInterval(() => {
        if (db.open) beat.run(Date.now(), threadId, owner);
      }, HEARTBEAT_MS);
      timer.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(timer);
          if (db.open) remove.run(threadId, owner);
        },
      };
    },
    async owner(threadId) {
      const now = Date.now();
      const row = select.get(threadId) as LeaseRow | undefined;
      return live(row, now) ? { description: describe(row, now) } : null;
    },
  };
}
