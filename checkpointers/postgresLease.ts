/**
 * Thread leases in PostgreSQL: a session advisory lock per thread, held on a dedicated
 * connection while the thread is advanced. The server releases it when that connection
 * ends, so a killed owner frees the thread with no cleanup.
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import { ThreadBusyError, type ThreadLease, type ThreadOwner } from "./threadLease.js";

/** A 64-bit lock key from the thread id (signed, as `pg_try_advisory_lock(bigint)` takes it). */
export function threadLockKey(threadId: string): string {
  return createHash("sha256").update(`mira.thread:${threadId}`).digest().readBigInt64BE(0).toString();
}

export interface PostgresLeases {
  acquire(threadId: string): Promise<ThreadLease>;
  owner(threadId: string): Promise<ThreadOwner | null>;
}

export function createPostgresLeases(pool: pg.Pool): PostgresLeases {
  /** The backend pid holding the thread's lock, if any. */
  async function holderPid(key: string): Promise<number | null> {
    const { rows } = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
         AND ((classid::bigint << 32) | objid::bigint) = $1::bigint LIMIT 1`,
      [key],
    );
    return rows[0]?.pid ?? null;
  }

  return {
    async acquire(threadId) {
      const key = threadLockKey(threadId);
      const client = await pool.connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [key]);
        locked = rows[0]?.locked === true;
      } finally {
        if (!locked) client.release();
      }
      if (!locked) {
        const pid = await holderPid(key);
        throw new ThreadBusyError(threadId, pid === null ? "another process" : `the process on PostgreSQL backend ${pid}`);
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]);
            client.release();
          } catch {
            client.release(true); // a broken connection takes its lock with it
          }
        },
      };
    },
    async owner(threadId) {
      const pid = await holderPid(threadLockKey(threadId));
      return pid === null ? null : { description: `the process on PostgreSQL backend ${pid}` };
    },
  };
}
