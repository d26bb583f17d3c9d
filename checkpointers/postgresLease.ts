/**
 * Thread leases in PostgreSQL: a session advisory lock per thread, held on a dedicated
 * connection while the thread is advanced. The server releases it when that connection
 * ends, so a killed owner frees the thread with no cleanup.
 *
 * The server sees a killed owner's connection end only when its backend next reads the
 * socket and exits, which on a loaded machine can be after a `mira resume` started a moment
 * later asks for the lock. So the lease connection names its owner (`application_name` =
 * pid and host), and an owner that is dead on this host is treated as gone, as in SQLite:
 * its orphaned backend is terminated and the lock taken at once.
 */
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import type pg from "pg";
import { pidAlive, ThreadBusyError, type ThreadLease, type ThreadOwner } from "./threadLease.js";

/** A 64-bit lock key from the thread id (signed, as `pg_try_advisory_lock(bigint)` takes it). */
export function threadLockKey(threadId: string): string {
  return createHash("sha256").update(`mira.thread:${threadId}`).digest().readBigInt64BE(0).toString();
}

/** PostgreSQL keeps the first 63 bytes of an `application_name`. */
const APPLICATION_NAME_BYTES = 63;

/** The `application_name` of a lease connection owned by process `pid` on this host. */
export function leaseOwnerTag(pid: number): string {
  return Buffer.from(`mira-lease ${pid} ${hostname()}`).subarray(0, APPLICATION_NAME_BYTES).toString();
}

/** How long to wait for a dead owner's backend to exit once it is told to. */
const TAKEOVER_WAIT_MS = 5000;

interface LockHolder {
  backend: number;
  /** The holder's owner process, when its tag says it runs on this host. */
  localPid: number | null;
}

export interface PostgresLeases {
  acquire(threadId: string): Promise<ThreadLease>;
  owner(threadId: string): Promise<ThreadOwner | null>;
}

export function createPostgresLeases(pool: pg.Pool): PostgresLeases {
  /** The backend holding the thread's lock in this database, if any, and its owner if local. */
  async function holderOf(key: string): Promise<LockHolder | null> {
    const { rows } = await pool.query<{ pid: number; application_name: string | null }>(
      `SELECT l.pid, a.application_name FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint LIMIT 1`,
      [key],
    );
    const row = rows[0];
    if (!row) return null;
    const ownerPid = Number(/^mira-lease (\d+) /.exec(row.application_name ?? "")?.[1]);
    const local = Number.isInteger(ownerPid) && row.application_name === leaseOwnerTag(ownerPid);
    return { backend: row.pid, localPid: local ? ownerPid : null };
  }

  const orphaned = (holder: LockHolder) => holder.localPid !== null && !pidAlive(holder.localPid);
  const describe = (holder: LockHolder) =>
    holder.localPid === null ? `the process on PostgreSQL backend ${holder.backend}` : `pid ${holder.localPid} on ${hostname()} (PostgreSQL backend ${holder.backend})`;

  const tryLock = async (client: pg.PoolClient, key: string) =>
    (await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [key])).rows[0]?.locked === true;

  /** Ends the backend of an owner that died on this host; true when it is gone. */
  async function endOrphan(client: pg.PoolClient, holder: LockHolder): Promise<boolean> {
    try {
      const { rows } = await client.query<{ ended: boolean }>("SELECT pg_terminate_backend($1, $2) AS ended", [holder.backend, TAKEOVER_WAIT_MS]);
      return rows[0]?.ended === true;
    } catch {
      return false; // not permitted (another role's backend): the thread stays busy until the server notices
    }
  }

  return {
    async acquire(threadId) {
      const key = threadLockKey(threadId);
      const client = await pool.connect();
      let locked = false;
      let holder: LockHolder | null = null;
      try {
        await client.query("SELECT set_config('application_name', $1, false)", [leaseOwnerTag(process.pid)]);
        locked = await tryLock(client, key);
        if (!locked) {
          holder = await holderOf(key);
          if (holder && orphaned(holder) && (await endOrphan(client, holder))) {
            locked = await tryLock(client, key);
            // Another process took the freed lock first: name that one.
            if (!locked) holder = await holderOf(key);
          }
        }
      } finally {
        if (!locked) await releaseClient(client);
      }
      if (!locked) throw new ThreadBusyError(threadId, holder ? describe(holder) : "another process");
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          try {
            await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]);
          } catch {
            client.release(true); // a broken connection takes its lock with it
            return;
          }
          await releaseClient(client);
        },
      };
    },
    async owner(threadId) {
      const holder = await holderOf(threadLockKey(threadId));
      return holder === null || orphaned(holder) ? null : { description: describe(holder) };
    },
  };
}

/** Returns a lease connection to the pool without its owner tag (it no longer holds a lease). */
async function releaseClient(client: pg.PoolClient): Promise<void> {
  try {
    await client.query("RESET application_name");
    client.release();
  } catch {
    client.release(true);
  }
}
