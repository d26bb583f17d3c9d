/** Threads as rows of `mira_threads`; their checkpoints stay in the saver's tables (`CheckpointTables`). */
import type { CheckpointPayload, Metadata, Thread, ThreadsRepo, ThreadsStateRepo } from "@langchain/langgraph-api/storage";
import type { ThreadStateAfterUpdate } from "./postgresThreadState.js";
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { HTTPException } from "hono/http-exception";
import type pg from "pg";
import { PostgresThreadState } from "./postgresThreadState.js";
import { CheckpointTables } from "../checkpointers/checkpointTables.js";
import { retrying, transaction } from "./db.js";
import { json, INFLIGHT, threadOf, notFound, searchPage, filters } from "./postgresRows.js";

export class PostgresThreads implements ThreadsRepo {
  readonly state: ThreadsStateRepo;

  /** `onException` hears the exception a run ended with (the runs repo reads it after the worker is done). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly checkpoints: CheckpointTables,
    private readonly onException: (threadId: string, exception: Error) => void = () => {},
  ) {
    this.state = new PostgresThreadState(pool, this);
  }

  async *search(options: Parameters<ThreadsRepo["search"]>[0]): AsyncGenerator<{ thread: Thread; total: number }> {
    for (const row of await searchPage(this.pool, "mira_threads", options)) yield { thread: threadOf(row), total: Number(row.total) };
  }

  async get(threadId: string): Promise<Thread> {
    const row = await retrying(() => this.pool.query("SELECT * FROM mira_threads WHERE thread_id = $1", [threadId]));
    if (!row.rows[0]) throw new HTTPException(404, { message: `Thread with ID ${threadId} not found` });
    return threadOf(row.rows[0]);
  }

  async put(threadId: string, options: Parameters<ThreadsRepo["put"]>[1]): Promise<Thread> {
    const inserted = await retrying(() =>
      this.pool.query(
        `INSERT INTO mira_threads (thread_id, metadata) VALUES ($1, $2::jsonb) ON CONFLICT (thread_id) DO NOTHING RETURNING *`,
        [threadId, json(options.metadata ?? {})],
      ),
    );
    if (inserted.rows[0]) return threadOf(inserted.rows[0]);
    if (options.if_exists === "raise") throw new HTTPException(409, { message: "Thread already exists" });
    return this.get(threadId);
  }

  async patch(threadId: string, options: { metadata?: Metadata }): Promise<Thread> {
    const row = await retrying(() =>
      this.pool.query(
        `UPDATE mira_threads SET metadata = metadata || $2::jsonb, updated_at = now() WHERE thread_id = $1 RETURNING *`,
        [threadId, json(options.metadata ?? {})],
      ),
    );
    if (!row.rows[0]) throw notFound("Thread");
    return threadOf(row.rows[0]);
  }

  /** After a run: idle, interrupted (the graph has next nodes), error, or busy while runs wait. */
  async setStatus(threadId: string, options: { checkpoint?: CheckpointPayload; exception?: Error }): Promise<void> {
    if (options.exception) this.onException(threadId, options.exception);
    const checkpoint = options.checkpoint;
    const interrupts = checkpoint
      ? Object.fromEntries(checkpoint.tasks.filter((t) => t.interrupts).map((t) => [t.id, t.interrupts]))
      : null;
    await retrying(() =>
      this.pool.query(
        `UPDATE mira_threads SET updated_at = now(),
           status = CASE WHEN $2 THEN 'error' WHEN $3 THEN 'interrupted'
                         WHEN EXISTS (SELECT 1 FROM mira_runs WHERE thread_id = $1 AND status = 'pending') THEN 'busy' ELSE 'idle' END,
           "values" = $4::jsonb, interrupts = $5::jsonb
         WHERE thread_id = $1`,
        [threadId, options.exception != null, (checkpoint?.next.length ?? 0) > 0, checkpoint ? json(checkpoint.values) : null, interrupts ? json(interrupts) : null],
      ),
    );
  }

  async delete(threadId: string): Promise<string[]> {
    const gone = await retrying(() => this.pool.query("DELETE FROM mira_threads WHERE thread_id = $1 RETURNING thread_id", [threadId]));
    if (!gone.rows[0]) throw new HTTPException(404, { message: `Thread with ID ${threadId} not found` });
    await this.checkpoints.deleteThread(threadId);
    return [threadId];
  }

  async copy(threadId: string): Promise<Thread> {
    const newId = String(uuid7());
    return transaction(this.pool, async (tx) => {
      const copied = await tx.query(
        `INSERT INTO mira_threads (thread_id, metadata, config, status, "values", interrupts)
         SELECT $2, metadata || jsonb_build_object('thread_id', $2::text), '{}'::jsonb, 'idle', "values", interrupts
         FROM mira_threads WHERE thread_id = $1 RETURNING *`,
        [threadId, newId],
      );
      if (!copied.rows[0]) throw new HTTPException(409, { message: "Thread not found" });
      await this.checkpoints.copyThread(tx, threadId, newId);
      return threadOf(copied.rows[0]);
    });
  }

  async count(options: Parameters<ThreadsRepo["count"]>[0]): Promise<number> {
    const params: unknown[] = [];
    const where = filters(params, options);
    const row = await retrying(() => this.pool.query(`SELECT count(*) AS n FROM mira_threads ${where}`, params));
    return Number(row.rows[0]?.n ?? 0);
  }

  /** For the thread-state endpoints: refuses while a run of the thread is pending or running. */
  async assertIdle(threadId: string): Promise<void> {
    const busy = await retrying(() => this.pool.query(`SELECT 1 FROM mira_runs WHERE thread_id = $1 AND ${INFLIGHT} LIMIT 1`, [threadId]));
    if (busy.rows[0]) throw new HTTPException(409, { message: "Thread is busy" });
  }

  /**
   * After a state update (no run pending: `assertIdle` held): the new values, and the status the
   * update leaves, so a UI's "Mark as resolved" is not listed as `interrupted` until a later run.
   */
  async setValues(threadId: string, state: ThreadStateAfterUpdate): Promise<void> {
    const interrupts = Object.fromEntries(state.tasks.filter((t) => (t.interrupts?.length ?? 0) > 0).map((t) => [t.id, t.interrupts]));
    const waiting = state.next.length > 0 || Object.keys(interrupts).length > 0;
    await retrying(() =>
      this.pool.query(
        `UPDATE mira_threads SET "values" = $2::jsonb, status = CASE WHEN $3 THEN 'interrupted' ELSE 'idle' END, interrupts = $4::jsonb, updated_at = now() WHERE thread_id = $1`,
        [threadId, json(state.values), waiting, json(interrupts)],
      ),
    );
  }
}
