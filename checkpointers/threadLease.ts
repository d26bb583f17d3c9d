/**
 * Single flight per thread (CONTRACT §3): at most one process advances a thread at a time.
 * `mira run` and `mira resume` hold the thread's lease while they drive it; a second one is
 * told the thread is busy and changes nothing. A lease dies with its owner: a PostgreSQL
 * advisory lock with the owner's connection, an SQLite lease row when its heartbeat stops
 * or its process is gone.
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";

/** A held lease; `release` is idempotent. */
export interface ThreadLease {
  release(): Promise<void>;
}

/** Who holds a thread now, as far as the store can tell. */
export interface ThreadOwner {
  /** One line for `mira show`, e.g. "pid 4242 on host-a, heartbeat 2 s ago". */
  description: string;
}

/** Another live process is advancing the thread; nothing was changed. */
export class ThreadBusyError extends Error {
  constructor(
    readonly threadId: string,
    owner: string,
  ) {
    super(`thread "${threadId}" is busy: ${owner} is advancing it; nothing was changed (try again when it has stopped)`);
    this.name = new.target.name;
  }
}

/** This process's identity as a lease owner: unique even for two leases taken by one process. */
export function newOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

/** True when a process with this pid exists on this host (a signal-0 probe). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
