/**
 * The run queue: pg-boss jobs in the same PostgreSQL, one job per run that may start now.
 *
 * pg-boss takes jobs with `FOR UPDATE SKIP LOCKED`, gives each a lease (`expireInSeconds`)
 * and retries a job whose lease ran out (`retryLimit`), which is how a run held by a dead
 * instance is taken over. The official server's workers consume runs through `Ops.runs.next()`;
 * `RunHandoff` passes each job's run from the pg-boss handler to that generator and tells the
 * handler when the official worker has finished with it.
 */
import PgBoss from "pg-boss";
import type pg from "pg";

export const RUN_QUEUE = "mira-runs";
/** Instances wake each other's idle workers with this channel when a run is queued. */
export const WAKE_CHANNEL = "mira_runs_wake";

export interface QueueSettings {
  /** Seconds a run may be held before another instance may take it over. */
  leaseSeconds: number;
  /** Times a run is retried after its holder died or lost the database. */
  retryLimit: number;
}

export interface RunJob {
  runId: string;
}

/**
 * Starts pg-boss on `connectionString`, in its own schema (migrated by pg-boss itself):
 * `pgboss` beside tables in `public`, else `<schema>_pgboss`, so deployments kept apart by
 * search path never take each other's runs.
 */
export async function startBoss(connectionString: string, settings: QueueSettings, tablesSchema: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: tablesSchema === "public" ? "pgboss" : `${tablesSchema}_pgboss`,
    max: 4,
    // Expired leases are noticed within about a second of running out.
    maintenanceIntervalSeconds: 1,
    schedule: false,
  });
  // pg-boss reports transient failures (a database restart) here; its loops carry on.
  boss.on("error", () => {});
  await boss.start();
  await boss.createQueue(RUN_QUEUE, {
    name: RUN_QUEUE,
    policy: "standard",
    retryLimit: settings.retryLimit,
    retryDelay: 1,
    expireInSeconds: settings.leaseSeconds,
  });
  return boss;
}

/**
 * Inserts the job inside the caller's transaction, so a run is queued if and only if it
 * commits. The lease and retries are set on the job, not only on the queue, because the
 * queue keeps the settings of whichever instance created it first. The caller notifies
 * `WAKE_CHANNEL` in the same transaction.
 */
export async function enqueueRun(boss: PgBoss, tx: pg.PoolClient, runId: string, startAfter: Date, settings: QueueSettings): Promise<void> {
  const db = { executeSql: (text: string, values: unknown[]) => tx.query(text, values) };
  await boss.send(RUN_QUEUE, { runId } satisfies RunJob, {
    startAfter,
    db,
    expireInSeconds: settings.leaseSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: 1,
  });
}

/** What the official worker gets from `runs.next()`. */
export interface Handed<T> {
  item: T;
  /** Resolves the pg-boss handler once the official worker is done with the run. */
  finished(): void;
}

/** A rendezvous between pg-boss handlers (producers) and `runs.next()` generators (consumers). */
export class RunHandoff<T> {
  private readonly waiting: Array<Handed<T>> = [];
  private readonly takers: Array<(h: Handed<T>) => void> = [];

  /** Resolves when a consumer has taken `item` and finished with it. */
  offer(item: T): Promise<void> {
    return new Promise<void>((resolve) => {
      const handed: Handed<T> = { item, finished: resolve };
      const taker = this.takers.shift();
      if (taker) taker(handed);
      else this.waiting.push(handed);
    });
  }

  take(): Promise<Handed<T>> {
    const ready = this.waiting.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => this.takers.push(resolve));
  }
}
