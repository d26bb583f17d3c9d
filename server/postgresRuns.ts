/** Runs as rows of `mira_runs`: single flight per thread, pg-boss dispatch, take-over after a lost lease. */
import type { Run, RunKwargs, RunsRepo, RunsStreamRepo, RunStatus, Thread } from "@langchain/langgraph-api/storage";
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { HTTPException } from "hono/http-exception";
import type PgBoss from "pg-boss";
import type pg from "pg";
import { PostgresRunStream } from "./postgresRunStream.js";
import { type PostgresThreads } from "./postgresThreads.js";
import { CheckpointTables } from "../checkpointers/checkpointTables.js";
import { retrying, transaction } from "./db.js";
import { isConnectionError } from "./errors.js";
import { enqueueRun, RunHandoff, WAKE_CHANNEL, type QueueSettings, type RunJob } from "./runQueue.js";
import { type CancelAction, type RunStreams } from "./runStreams.js";
import { json, INFLIGHT, type Row, assistantOf, threadOf, runOf, notFound } from "./postgresRows.js";

/** What one instance needs to execute runs. */
export interface RunExecution {
  boss: PgBoss;
  queue: QueueSettings;
  streams: RunStreams;
  /** Names this process in `mira_runs.owner`. */
  instanceId: string;
}

type Taken = { run: Run; attempt: number; signal: AbortSignal };

/** Another live instance still executes the thread (its lease expired but its session lives). */
class ThreadHeldError extends Error {
  constructor(threadId: string) {
    super(`thread ${threadId} is held by a live instance; retrying later`);
    this.name = new.target.name;
  }
}

export class PostgresRuns implements RunsRepo {
  readonly stream: RunsStreamRepo;
  private readonly handoff = new RunHandoff<Taken>();
  /** Runs this instance is executing (by thread: one at a time), so cancellations and failures reach them. */
  private readonly held = new Map<string, { runId: string; controller: AbortController; action?: CancelAction; exception?: Error }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly threads: PostgresThreads,
    private readonly checkpoints: CheckpointTables,
    private readonly exec: RunExecution,
  ) {
    this.stream = new PostgresRunStream(this, exec.streams);
    exec.streams.onCancel((runId, action) => {
      const held = [...this.held.values()].find((h) => h.runId === runId);
      if (!held) return;
      held.action = action;
      // The official worker treats only the reason "interrupt" as a cancellation, not a failure.
      held.controller.abort("interrupt");
    });
  }

  /** The official workers' source of runs: each one pg-boss handed to this instance. Never ends. */
  async *next(): AsyncGenerator<Taken> {
    for (;;) {
      const handed = await this.handoff.take();
      try {
        yield handed.item;
      } finally {
        handed.finished();
      }
    }
  }

  /**
   * The pg-boss job handler: claims the run under the thread's advisory lock, hands it to an
   * official worker, and after it finishes queues the thread's next pending run. Throwing
   * makes pg-boss retry the job (a live holder still has the thread, or the database is away).
   */
  async execute(job: RunJob, retries: { retryCount: number; retryLimit: number }): Promise<void> {
    try {
      await this.executeOnce(job);
    } catch (err) {
      if (err instanceof ThreadHeldError) {
        // Its holder is alive (its lease ran out, its session did not): look again one lease
        // later, without spending a retry, rather than take the run from under it.
        await transaction(this.pool, (tx) => enqueueRun(this.exec.boss, tx, job.runId, new Date(Date.now() + this.exec.queue.leaseSeconds * 1000), this.exec.queue));
        return;
      }
      const retryable = isConnectionError(err);
      if (retryable && retries.retryCount < retries.retryLimit) throw err;
      // Out of retries, or a fault no retry will cure: the run ends as an error, visibly, never stuck pending.
      await this.fail(job.runId, err);
    }
  }

  private async fail(runId: string, err: unknown): Promise<void> {
    const run = await this.get(runId, undefined);
    if (!run) return;
    await this.setStatus(runId, "error");
    await this.stream.publish({ runId, resumable: false, event: "error", data: { error: "RunFailed", message: (err as Error).message ?? String(err) } });
    await this.exec.streams.end(runId);
    await this.threads.setStatus(run.thread_id, { exception: err instanceof Error ? err : new Error(String(err)) });
    await this.dispatchNext(run.thread_id);
  }

  private async executeOnce(job: RunJob): Promise<void> {
    const lockClient = await this.pool.connect();
    let lockBroken = false;
    try {
      // The run and, when it may still run, its thread's lock: one round trip.
      const found = await lockClient.query(
        `SELECT *, CASE WHEN status IN ('pending', 'running') THEN pg_try_advisory_lock(hashtextextended('mira-thread:' || thread_id, 0)) END AS locked
         FROM mira_runs WHERE run_id = $1`,
        [job.runId],
      );
      const row = found.rows[0];
      if (!row || row.locked === null) {
        if (row) await this.dispatchNext(row.thread_id as string);
        return;
      }
      const threadId = row.thread_id as string;
      if (!row.locked) throw new ThreadHeldError(threadId);
      try {
        await this.runHeld(lockClient, row);
      } finally {
        await lockClient.query("SELECT pg_advisory_unlock(hashtextextended('mira-thread:' || $1, 0))", [threadId]).catch((err) => {
          lockBroken = true;
          throw err;
        });
      }
    } catch (err) {
      lockBroken ||= isConnectionError(err);
      throw err;
    } finally {
      lockClient.release(lockBroken);
    }
  }

  private async runHeld(client: pg.PoolClient, row: Row): Promise<void> {
    const runId = row.run_id as string;
    const threadId = row.thread_id as string;
    const latest = await this.checkpoints.latest(client, threadId);
    const claimed = await client.query(
      `UPDATE mira_runs SET status = 'running', attempt = attempt + 1, owner = $2, updated_at = now(),
         checkpoint_before = CASE WHEN attempt = 0 THEN $3 ELSE checkpoint_before END
       WHERE run_id = $1 AND status IN ('pending', 'running') RETURNING *`,
      [runId, this.exec.instanceId, latest],
    );
    const current = claimed.rows[0];
    if (!current) return;
    const attempt = current.attempt as number;
    let run = runOf(current);
    // Taken over after its holder died: continue from the run's own last checkpoint rather
    // than feed it its input (or resume value) a second time.
    if (attempt > 1 && latest !== null && latest !== current.checkpoint_before) {
      run = { ...run, kwargs: { ...run.kwargs, input: null, command: undefined } };
    }
    const held = { runId, controller: new AbortController() } as { runId: string; controller: AbortController; action?: CancelAction; exception?: Error };
    this.held.set(threadId, held);
    try {
      await this.handoff.offer({ run, attempt, signal: held.controller.signal });
    } finally {
      this.held.delete(threadId);
    }
    if (held.exception && isConnectionError(held.exception)) {
      // The database went away under the run: it is not finished, so put it back for a retry.
      await retrying(() => this.pool.query(`UPDATE mira_runs SET status = 'pending', updated_at = now() WHERE run_id = $1`, [runId]));
      throw held.exception;
    }
    if (held.action === "rollback") await this.rollback(runId, threadId, current.checkpoint_before as string | null);
    await this.exec.streams.end(runId);
    await this.dispatchNext(threadId);
  }

  /** The official worker reports a run's exception through `threads.setStatus(threadId, …)`. */
  recordException(threadId: string, exception: Error): void {
    const held = this.held.get(threadId);
    if (held) held.exception = exception;
  }

  private async rollback(runId: string, threadId: string, before: string | null): Promise<void> {
    await this.checkpoints.deleteAfter(threadId, before);
    await retrying(() => this.pool.query("DELETE FROM mira_runs WHERE run_id = $1", [runId]));
  }

  /**
   * Queues the thread's oldest pending run when nothing of the thread is queued or running.
   * The thread row lock serialises this with `put` and with other instances finishing runs;
   * `put` passes its transaction, which holds that lock already.
   */
  async dispatchNext(threadId: string, lockedTx?: pg.PoolClient): Promise<void> {
    const body = async (client: pg.PoolClient) => {
      if (!lockedTx) await client.query("SELECT 1 FROM mira_threads WHERE thread_id = $1 FOR UPDATE", [threadId]);
      // Picks the run and wakes idle workers (a notification is delivered at commit, with the job).
      const next = await client.query(
        `UPDATE mira_runs SET dispatched = true WHERE run_id = (
           SELECT run_id FROM mira_runs WHERE thread_id = $1 AND status = 'pending' AND NOT dispatched ORDER BY created_at LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM mira_runs WHERE thread_id = $1 AND (status = 'running' OR (status = 'pending' AND dispatched)))
         RETURNING run_id, created_at, pg_notify($2, '')`,
        [threadId, WAKE_CHANNEL],
      );
      if (next.rows[0]) await enqueueRun(this.exec.boss, client, next.rows[0].run_id as string, next.rows[0].created_at as Date, this.exec.queue);
    };
    if (lockedTx) await body(lockedTx);
    else await transaction(this.pool, body);
  }

  async put(runId: string, assistantId: string, kwargs: RunKwargs, options: Parameters<RunsRepo["put"]>[2]): Promise<Run[]> {
    return transaction(this.pool, async (tx) => {
      const assistantRow = await tx.query("SELECT * FROM mira_assistants WHERE assistant_id = $1", [assistantId]);
      if (!assistantRow.rows[0]) {
        throw new HTTPException(404, { message: `No assistant found for "${assistantId}". Make sure the assistant ID is for a valid assistant or a valid graph ID.` });
      }
      const assistant = assistantOf(assistantRow.rows[0]);
      const ifNotExists = options?.ifNotExists ?? "reject";
      const multitaskStrategy = options?.multitaskStrategy ?? "reject";
      const metadata = options?.metadata ?? {};
      const config = kwargs.config ?? {};
      let threadId = options?.threadId as string | undefined;
      const existingRow = threadId ? (await tx.query("SELECT * FROM mira_threads WHERE thread_id = $1 FOR UPDATE", [threadId])).rows[0] : undefined;
      const existing = existingRow ? threadOf(existingRow) : undefined;
      if (!existing && threadId != null && ifNotExists !== "create") throw new HTTPException(404, { message: `Thread with ID ${threadId} not found` });

      const inflight = existing
        ? (await tx.query(`SELECT * FROM mira_runs WHERE thread_id = $1 AND ${INFLIGHT} ORDER BY created_at`, [threadId])).rows.map(runOf)
        : [];
      if (options?.preventInsertInInflight && inflight.length > 0) {
        throw new HTTPException(409, { message: "Thread is already running a task. Wait for it to finish or choose a different multitask strategy." });
      }

      const threadConfig = {
        ...assistant.config,
        ...existing?.config,
        ...config,
        configurable: { ...assistant.config?.configurable, ...existing?.config?.configurable, ...config.configurable },
      };
      if (!existing) {
        threadId ??= String(uuid7());
        await tx.query(
          `INSERT INTO mira_threads (thread_id, status, metadata, config) VALUES ($1, 'busy', $2::jsonb, $3::jsonb)`,
          [threadId, json({ graph_id: assistant.graph_id, assistant_id: assistantId, ...metadata }), json(threadConfig)],
        );
      } else {
        await tx.query(
          `UPDATE mira_threads SET status = 'busy', metadata = metadata || $2::jsonb, config = $3::jsonb, updated_at = now() WHERE thread_id = $1`,
          [threadId, json({ graph_id: assistant.graph_id, assistant_id: assistantId }), json(threadConfig)],
        );
      }

      const configurable = {
        ...assistant.config?.configurable,
        ...existing?.config?.configurable,
        ...config.configurable,
        run_id: runId,
        thread_id: threadId,
        graph_id: assistant.graph_id,
        assistant_id: assistantId,
        user_id: config.configurable?.user_id ?? existing?.config?.configurable?.user_id ?? assistant.config?.configurable?.user_id ?? options?.userId,
      };
      const mergedMetadata = { ...assistant.metadata, ...existing?.metadata, ...metadata };
      const runKwargs: RunKwargs = {
        ...kwargs,
        config: { ...assistant.config, ...config, configurable, metadata: mergedMetadata },
        context:
          typeof assistant.context !== "object" && assistant.context != null
            ? (assistant.context ?? kwargs.context)
            : { ...(assistant.context as object), ...(kwargs.context as object) },
      };
      const inserted = await tx.query(
        `INSERT INTO mira_runs (run_id, thread_id, assistant_id, created_at, status, metadata, kwargs, multitask_strategy)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6::jsonb, $7::jsonb, $8) RETURNING *`,
        [runId, threadId, assistantId, options?.afterSeconds ?? 0, options?.status ?? "pending", json(mergedMetadata), json(runKwargs), multitaskStrategy],
      );
      await this.dispatchNext(threadId!, tx);
      return [runOf(inserted.rows[0]), ...inflight];
    });
  }

  async get(runId: string, threadId: string | undefined): Promise<Run | null> {
    const row = await retrying(() => this.pool.query("SELECT * FROM mira_runs WHERE run_id = $1", [runId]));
    const run = row.rows[0];
    if (!run || (threadId != null && run.thread_id !== threadId)) return null;
    return runOf(run);
  }

  async delete(runId: string, threadId: string | undefined): Promise<string | null> {
    const row = await retrying(() =>
      this.pool.query("DELETE FROM mira_runs WHERE run_id = $1 AND ($2::text IS NULL OR thread_id = $2) RETURNING run_id", [runId, threadId ?? null]),
    );
    if (!row.rows[0]) throw notFound("Run");
    await this.exec.streams.deleteRun(runId);
    return runId;
  }

  async wait(runId: string, threadId: string | undefined): Promise<unknown> {
    let last: { event: string; data: unknown } | undefined;
    for await (const event of this.stream.join(runId, threadId, { ignore404: threadId == null, lastEventId: undefined }, undefined)) {
      if (event.event === "values" || event.event === "error") last = event;
    }
    if (!last) return null;
    return last.event === "values" ? last.data : { __error__: last.data };
  }

  async join(runId: string, threadId: string): Promise<unknown> {
    await this.threads.get(threadId);
    const last = await this.wait(runId, threadId);
    if (last != null) return last;
    return (await this.threads.get(threadId)).values ?? null;
  }

  async cancel(threadId: string | undefined, runIds: string[], options: { action?: CancelAction }): Promise<void> {
    const action = options.action ?? "interrupt";
    let found = 0;
    for (const runId of runIds) {
      const run = await this.get(runId, threadId);
      if (!run) continue;
      found += 1;
      if (run.status === "running") {
        await this.exec.streams.cancel(runId, action);
      } else if (run.status === "pending") {
        if (action === "rollback") await retrying(() => this.pool.query("DELETE FROM mira_runs WHERE run_id = $1 AND status = 'pending'", [runId]));
        else await retrying(() => this.pool.query("UPDATE mira_runs SET status = 'interrupted', updated_at = now() WHERE run_id = $1 AND status = 'pending'", [runId]));
        await this.exec.streams.end(runId);
        await retrying(() =>
          this.pool.query(
            `UPDATE mira_threads SET status = 'idle', updated_at = now() WHERE thread_id = $1 AND status = 'busy'
               AND NOT EXISTS (SELECT 1 FROM mira_runs WHERE thread_id = $1 AND ${INFLIGHT})`,
            [run.thread_id],
          ),
        );
        await this.dispatchNext(run.thread_id);
      }
    }
    if (found !== runIds.length) throw notFound("Run");
  }

  async search(threadId: string, options: Parameters<RunsRepo["search"]>[1]): Promise<Run[]> {
    const params: unknown[] = [threadId];
    let where = "thread_id = $1";
    if (options.status != null) where += ` AND status = $${params.push(options.status)}`;
    if (options.metadata != null) where += ` AND metadata @> $${params.push(json(options.metadata))}::jsonb`;
    params.push(options.limit ?? 10, options.offset ?? 0);
    const rows = await retrying(() =>
      this.pool.query(`SELECT * FROM mira_runs WHERE ${where} ORDER BY created_at DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params),
    );
    return rows.rows.map(runOf);
  }

  /** Never throws for a run that is gone (a rollback deletes it while the worker finishes). */
  async setStatus(runId: string, status: RunStatus): Promise<void> {
    await retrying(() => this.pool.query("UPDATE mira_runs SET status = $2, updated_at = now() WHERE run_id = $1", [runId, status]));
  }

  /** True while the run may still produce events (pending, running, or waiting for a takeover). */
  async isLive(runId: string): Promise<boolean | null> {
    const row = await retrying(() => this.pool.query("SELECT status FROM mira_runs WHERE run_id = $1", [runId]));
    if (!row.rows[0]) return null;
    return row.rows[0].status === "pending" || row.rows[0].status === "running";
  }
}
