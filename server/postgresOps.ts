/**
 * `PostgresOps`: the storage interface (`Ops`) of the official LangGraph JS API server
 * (`@langchain/langgraph-api` 1.5.1) on PostgreSQL, so several server processes share one
 * set of assistants, threads and runs.
 *
 * - Assistants, threads and runs are rows (`server/schema.ts`); checkpoints are LangGraph's
 *   PostgresSaver tables (the graph is bound to `BranchSafePostgresSaver`, `server/graph.ts`).
 * - Single flight per thread: creating a run locks the thread's row, so of two simultaneous
 *   requests the second sees the first as in flight. `reject` answers 409; `enqueue`,
 *   `interrupt` and `rollback` add the run as pending. A pending run becomes a pg-boss job
 *   only when nothing else of its thread is queued or running (`dispatchNext`), and the
 *   instance executing a run holds the thread's session advisory lock, so a run whose lease
 *   expired while its holder is still alive is not taken over.
 * - Streams and cancellations cross instances through Redis (`RunStreams`).
 *
 * Custom auth (`langgraph.json` `auth.path`) is not applied by this storage: `mira serve`
 * does not load an auth handler.
 */
import type { StateSnapshot } from "@langchain/langgraph";
import { getGraph } from "@langchain/langgraph-api/graph";
import type {
  Assistant,
  AssistantsRepo,
  AssistantVersion,
  CheckpointPayload,
  Metadata,
  MultitaskStrategy,
  Ops,
  Run,
  RunKwargs,
  RunsRepo,
  RunsStreamRepo,
  RunStatus,
  Thread,
  ThreadsRepo,
  ThreadsStateRepo,
  ThreadStatus,
} from "@langchain/langgraph-api/storage";
import { v7 as uuid7 } from "@langchain/core/utils/uuid";
import { HTTPException } from "hono/http-exception";
import type PgBoss from "pg-boss";
import type pg from "pg";
import { retrying, transaction } from "./db.js";
import { isConnectionError } from "./errors.js";
import { enqueueRun, RUN_QUEUE, RunHandoff, type QueueSettings, type RunJob } from "./runQueue.js";
import { toJsonText, type CancelAction, type RunStreams } from "./runStreams.js";

const json = (value: unknown) => toJsonText(value);
const INFLIGHT = "status IN ('pending', 'running')";

type Row = Record<string, unknown>;

function assistantOf(row: Row): Assistant {
  return {
    assistant_id: row.assistant_id as string,
    graph_id: row.graph_id as string,
    name: row.name as string,
    description: (row.description as string | null) ?? null,
    config: (row.config as Assistant["config"]) ?? {},
    context: row.context ?? {},
    metadata: (row.metadata as Metadata) ?? {},
    version: row.version as number,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
  };
}

function threadOf(row: Row): Thread {
  return {
    thread_id: row.thread_id as string,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
    metadata: (row.metadata as Metadata) ?? {},
    config: (row.config as Thread["config"]) ?? {},
    status: row.status as ThreadStatus,
    values: (row.values as Record<string, unknown> | null) ?? undefined,
    interrupts: (row.interrupts as Record<string, unknown> | null) ?? undefined,
  };
}

function runOf(row: Row): Run {
  return {
    run_id: row.run_id as string,
    thread_id: row.thread_id as string,
    assistant_id: row.assistant_id as string,
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
    status: row.status as RunStatus,
    metadata: (row.metadata as Metadata) ?? {},
    kwargs: row.kwargs as RunKwargs,
    multitask_strategy: row.multitask_strategy as MultitaskStrategy,
  };
}

const notFound = (what: string) => new HTTPException(404, { message: `${what} not found` });

/** `WHERE` fragments for the JSON containment filters the API offers, appended to `params`. */
function filters(params: unknown[], f: { metadata?: Metadata | null; values?: Record<string, unknown> | null; status?: string | null; graph_id?: string; name?: string; ids?: string[] }): string {
  const where: string[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.metadata != null) add((p) => `metadata @> ${p}::jsonb`, json(f.metadata));
  if (f.values != null) add((p) => `"values" @> ${p}::jsonb`, json(f.values));
  if (f.status != null) add((p) => `status = ${p}`, f.status);
  if (f.graph_id != null) add((p) => `graph_id = ${p}`, f.graph_id);
  if (f.name != null) add((p) => `name ILIKE '%' || ${p} || '%'`, f.name);
  if (f.ids != null && f.ids.length > 0) add((p) => `thread_id = ANY(${p})`, f.ids);
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** One page of a search, newest first unless asked otherwise, each row with the total match count. */
async function searchPage(
  pool: pg.Pool,
  table: "mira_assistants" | "mira_threads",
  options: Parameters<typeof filters>[1] & { limit: number; offset: number; sort_by?: string; sort_order?: "asc" | "desc" },
): Promise<Row[]> {
  const params: unknown[] = [];
  const where = filters(params, options);
  // sort_by is one of the column names the API's schema allows.
  const order = `${options.sort_by ?? "created_at"} ${options.sort_order === "asc" ? "ASC" : "DESC"}`;
  params.push(options.limit, options.offset);
  const rows = await retrying(() =>
    pool.query(`SELECT *, count(*) OVER () AS total FROM ${table} ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params),
  );
  return rows.rows;
}

export class PostgresAssistants implements AssistantsRepo {
  constructor(private readonly pool: pg.Pool) {}

  async *search(options: Parameters<AssistantsRepo["search"]>[0]): AsyncGenerator<{ assistant: Assistant; total: number }> {
    for (const row of await searchPage(this.pool, "mira_assistants", options)) yield { assistant: assistantOf(row), total: Number(row.total) };
  }

  async get(assistantId: string): Promise<Assistant> {
    const row = await retrying(() => this.pool.query("SELECT * FROM mira_assistants WHERE assistant_id = $1", [assistantId]));
    if (!row.rows[0]) throw notFound("Assistant");
    return assistantOf(row.rows[0]);
  }

  async put(assistantId: string, options: Parameters<AssistantsRepo["put"]>[1]): Promise<Assistant> {
    return transaction(this.pool, async (tx) => {
      const name = options.name || options.graph_id;
      const inserted = await tx.query(
        `INSERT INTO mira_assistants (assistant_id, graph_id, name, description, config, context, metadata)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb) ON CONFLICT (assistant_id) DO NOTHING RETURNING *`,
        [assistantId, options.graph_id, name, options.description ?? null, json(options.config ?? {}), json(options.context ?? {}), json(options.metadata ?? {})],
      );
      if (!inserted.rows[0]) {
        if (options.if_exists === "raise") throw new HTTPException(409, { message: "Assistant already exists" });
        const existing = await tx.query("SELECT * FROM mira_assistants WHERE assistant_id = $1", [assistantId]);
        return assistantOf(existing.rows[0]);
      }
      await tx.query(
        `INSERT INTO mira_assistant_versions (assistant_id, version, graph_id, name, description, config, context, metadata)
         SELECT assistant_id, version, graph_id, name, description, config, context, metadata FROM mira_assistants WHERE assistant_id = $1`,
        [assistantId],
      );
      return assistantOf(inserted.rows[0]);
    });
  }

  async patch(assistantId: string, options: Parameters<AssistantsRepo["patch"]>[1]): Promise<Assistant> {
    return transaction(this.pool, async (tx) => {
      const current = await tx.query("SELECT * FROM mira_assistants WHERE assistant_id = $1 FOR UPDATE", [assistantId]);
      if (!current.rows[0]) throw notFound("Assistant");
      const next = await tx.query(
        `UPDATE mira_assistants SET
           graph_id = COALESCE($2, graph_id), config = COALESCE($3::jsonb, config), context = COALESCE($4::jsonb, context),
           name = COALESCE($5, name), description = COALESCE($6, description),
           metadata = CASE WHEN $7::jsonb IS NULL THEN metadata ELSE metadata || $7::jsonb END,
           version = (SELECT max(version) + 1 FROM mira_assistant_versions WHERE assistant_id = $1), updated_at = now()
         WHERE assistant_id = $1 RETURNING *`,
        [
          assistantId,
          options.graph_id ?? null,
          options.config != null ? json(options.config) : null,
          options.context != null ? json(options.context) : null,
          options.name ?? null,
          options.description ?? null,
          options.metadata != null ? json(options.metadata) : null,
        ],
      );
      await tx.query(
        `INSERT INTO mira_assistant_versions (assistant_id, version, graph_id, name, description, config, context, metadata)
         SELECT assistant_id, version, graph_id, name, description, config, context, metadata FROM mira_assistants WHERE assistant_id = $1`,
        [assistantId],
      );
      return assistantOf(next.rows[0]);
    });
  }

  async delete(assistantId: string, deleteThreads: boolean): Promise<string[]> {
    return transaction(this.pool, async (tx) => {
      const gone = await tx.query("DELETE FROM mira_assistants WHERE assistant_id = $1 RETURNING assistant_id", [assistantId]);
      if (!gone.rows[0]) throw notFound("Assistant");
      await tx.query("DELETE FROM mira_runs WHERE assistant_id = $1", [assistantId]);
      if (deleteThreads) await tx.query("DELETE FROM mira_threads WHERE metadata->>'assistant_id' = $1", [assistantId]);
      return [assistantId];
    });
  }

  async count(options: Parameters<AssistantsRepo["count"]>[0]): Promise<number> {
    const params: unknown[] = [];
    const where = filters(params, options);
    const row = await retrying(() => this.pool.query(`SELECT count(*) AS n FROM mira_assistants ${where}`, params));
    return Number(row.rows[0]?.n ?? 0);
  }

  async setLatest(assistantId: string, version: number): Promise<Assistant> {
    const row = await retrying(() =>
      this.pool.query(
        `UPDATE mira_assistants a SET config = v.config, context = v.context, metadata = v.metadata, name = v.name,
           description = v.description, graph_id = v.graph_id, version = v.version, updated_at = now()
         FROM mira_assistant_versions v WHERE a.assistant_id = $1 AND v.assistant_id = $1 AND v.version = $2 RETURNING a.*`,
        [assistantId, version],
      ),
    );
    if (!row.rows[0]) throw notFound("Assistant version");
    return assistantOf(row.rows[0]);
  }

  async getVersions(assistantId: string, options: Parameters<AssistantsRepo["getVersions"]>[1]): Promise<AssistantVersion[]> {
    const params: unknown[] = [assistantId];
    const extra = options.metadata != null ? (params.push(json(options.metadata)), `AND metadata @> $2::jsonb`) : "";
    params.push(options.limit, options.offset);
    const rows = await retrying(() =>
      this.pool.query(
        `SELECT * FROM mira_assistant_versions WHERE assistant_id = $1 ${extra} ORDER BY version DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
    );
    return rows.rows.map((row) => ({ ...assistantOf(row), updated_at: undefined }) as unknown as AssistantVersion);
  }
}

export class PostgresThreads implements ThreadsRepo {
  readonly state: ThreadsStateRepo;

  constructor(
    private readonly pool: pg.Pool,
    private readonly checkpoints: CheckpointTables,
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

  async setValues(threadId: string, values: unknown): Promise<void> {
    await retrying(() => this.pool.query(`UPDATE mira_threads SET "values" = $2::jsonb, updated_at = now() WHERE thread_id = $1`, [threadId, json(values)]));
  }
}

/** Thread state through the graph (getState, updateState, history), as the official server does it. */
class PostgresThreadState implements ThreadsStateRepo {
  constructor(
    private readonly pool: pg.Pool,
    private readonly threads: PostgresThreads,
  ) {}

  private async graphOf(threadId: string | undefined, access: "threads.read" | "threads.update") {
    const thread = threadId ? await this.threads.get(threadId) : undefined;
    const graphId = thread?.metadata?.graph_id as string | undefined;
    if (!thread || graphId == null) return undefined;
    return { thread, graphId, graph: await getGraph(graphId, thread.config, { accessContext: access }) };
  }

  async get(config: Parameters<ThreadsStateRepo["get"]>[0], options: { subgraphs?: boolean }): Promise<StateSnapshot> {
    const found = await this.graphOf(config.configurable?.thread_id, "threads.read");
    if (!found) return { values: {}, next: [], config: {}, metadata: undefined, createdAt: undefined, parentConfig: undefined, tasks: [] };
    const result = await found.graph.getState(config, { subgraphs: options.subgraphs ?? false });
    if (result.metadata != null && "checkpoint_ns" in result.metadata && result.metadata["checkpoint_ns"] === "") delete result.metadata["checkpoint_ns"];
    return result;
  }

  async post(config: Parameters<ThreadsStateRepo["post"]>[0], values: Parameters<ThreadsStateRepo["post"]>[1], asNode: string | undefined) {
    const threadId = config.configurable?.thread_id;
    const found = await this.graphOf(threadId, "threads.update");
    if (!found) throw new HTTPException(404, { message: `Thread ${threadId} not found` });
    await this.threads.assertIdle(found.thread.thread_id);
    config.configurable ??= {};
    config.configurable.graph_id ??= found.graphId;
    const updateConfig = structuredClone(config);
    updateConfig.configurable ??= {};
    updateConfig.configurable.checkpoint_ns ??= "";
    const next = await found.graph.updateState(updateConfig, values, asNode);
    const state = await this.get(config, { subgraphs: false });
    await this.threads.setValues(found.thread.thread_id, state.values);
    return { checkpoint: next.configurable };
  }

  async bulk(config: Parameters<ThreadsStateRepo["bulk"]>[0], supersteps: Parameters<ThreadsStateRepo["bulk"]>[1]) {
    const threadId = config.configurable?.thread_id;
    if (!threadId) return [];
    const found = await this.graphOf(threadId, "threads.update");
    if (!found) throw new HTTPException(400, { message: `Thread ${threadId} has no graph ID` });
    await this.threads.assertIdle(threadId);
    config.configurable ??= {};
    config.configurable.graph_id ??= found.graphId;
    const updateConfig = structuredClone(config);
    updateConfig.configurable ??= {};
    updateConfig.configurable.checkpoint_ns ??= "";
    const { Command } = await import("@langchain/langgraph");
    const next = await found.graph.bulkUpdateState(
      updateConfig,
      supersteps.map((s) => ({
        updates: s.updates.map((u) => ({ values: u.command != null ? new Command(u.command as ConstructorParameters<typeof Command>[0]) : u.values, asNode: u.as_node })),
      })),
    );
    const state = await this.get(config, { subgraphs: false });
    await this.threads.setValues(threadId, state.values);
    return { checkpoint: next.configurable };
  }

  async list(config: Parameters<ThreadsStateRepo["list"]>[0], options: Parameters<ThreadsStateRepo["list"]>[1]): Promise<StateSnapshot[]> {
    const found = await this.graphOf(config.configurable?.thread_id, "threads.read");
    if (!found) return [];
    const before = typeof options?.before === "string" ? { configurable: { checkpoint_id: options.before } } : options?.before;
    const states: StateSnapshot[] = [];
    for await (const state of found.graph.getStateHistory(config, { limit: options?.limit ?? 10, before, filter: options?.metadata })) states.push(state);
    return states;
  }
}

/**
 * LangGraph's PostgresSaver tables, for what the saver itself does not offer (copy, rollback).
 * The saver keeps them in its default schema, `public`, whatever the connection's search path.
 */
const CP = "public";

export class CheckpointTables {
  constructor(private readonly pool: pg.Pool) {}

  async deleteThread(threadId: string): Promise<void> {
    await transaction(this.pool, async (tx) => {
      for (const table of ["checkpoint_writes", "checkpoint_blobs", "checkpoints"]) await tx.query(`DELETE FROM ${CP}.${table} WHERE thread_id = $1`, [threadId]);
    });
  }

  async copyThread(tx: pg.PoolClient, from: string, to: string): Promise<void> {
    await tx.query(
      `INSERT INTO ${CP}.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata)
       SELECT $2, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata FROM ${CP}.checkpoints WHERE thread_id = $1`,
      [from, to],
    );
    await tx.query(
      `INSERT INTO ${CP}.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
       SELECT $2, checkpoint_ns, channel, version, type, blob FROM ${CP}.checkpoint_blobs WHERE thread_id = $1`,
      [from, to],
    );
    await tx.query(
      `INSERT INTO ${CP}.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       SELECT $2, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob FROM ${CP}.checkpoint_writes WHERE thread_id = $1`,
      [from, to],
    );
  }

  /** The thread's newest root checkpoint id (ids are time-ordered UUIDv6), or null. */
  async latest(client: pg.Pool | pg.PoolClient, threadId: string): Promise<string | null> {
    const row = await client.query(`SELECT max(checkpoint_id) AS id FROM ${CP}.checkpoints WHERE thread_id = $1 AND checkpoint_ns = ''`, [threadId]);
    return (row.rows[0]?.id as string | null) ?? null;
  }

  /** Rollback: forgets every checkpoint the run wrote after `before`. */
  async deleteAfter(threadId: string, before: string | null): Promise<void> {
    await transaction(this.pool, async (tx) => {
      const cond = before === null ? "" : "AND checkpoint_id > $2";
      const params = before === null ? [threadId] : [threadId, before];
      await tx.query(`DELETE FROM ${CP}.checkpoint_writes WHERE thread_id = $1 ${cond}`, params);
      await tx.query(`DELETE FROM ${CP}.checkpoints WHERE thread_id = $1 ${cond}`, params);
    });
  }
}

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
      const found = await lockClient.query("SELECT * FROM mira_runs WHERE run_id = $1", [job.runId]);
      const row = found.rows[0];
      if (!row || (row.status !== "pending" && row.status !== "running")) {
        if (row) await this.dispatchNext(row.thread_id as string);
        return;
      }
      const threadId = row.thread_id as string;
      const locked = await lockClient.query("SELECT pg_try_advisory_lock(hashtextextended('mira-thread:' || $1, 0)) AS ok", [threadId]);
      if (!locked.rows[0]?.ok) throw new ThreadHeldError(threadId);
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
   * The thread row lock serialises this with `put` and with other instances finishing runs.
   */
  async dispatchNext(threadId: string, tx?: pg.PoolClient): Promise<void> {
    const body = async (client: pg.PoolClient) => {
      await client.query("SELECT 1 FROM mira_threads WHERE thread_id = $1 FOR UPDATE", [threadId]);
      const busy = await client.query(
        `SELECT 1 FROM mira_runs WHERE thread_id = $1 AND (status = 'running' OR (status = 'pending' AND dispatched)) LIMIT 1`,
        [threadId],
      );
      if (busy.rows[0]) return;
      const next = await client.query(
        `UPDATE mira_runs SET dispatched = true WHERE run_id = (
           SELECT run_id FROM mira_runs WHERE thread_id = $1 AND status = 'pending' AND NOT dispatched ORDER BY created_at LIMIT 1)
         RETURNING run_id, created_at`,
        [threadId],
      );
      if (next.rows[0]) await enqueueRun(this.exec.boss, client, next.rows[0].run_id as string, next.rows[0].created_at as Date, this.exec.queue);
    };
    if (tx) await body(tx);
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
    let last: unknown = null;
    for await (const { event, data } of this.stream.join(runId, threadId, { ignore404: threadId == null, lastEventId: undefined }, undefined)) {
      if (event === "values") last = data;
      else if (event === "error") last = { __error__: data };
    }
    return last;
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

class PostgresRunStream implements RunsStreamRepo {
  constructor(
    private readonly runs: PostgresRuns,
    private readonly streams: RunStreams,
  ) {}

  async *join(
    runId: string,
    threadId: string | undefined,
    options: { ignore404?: boolean; signal?: AbortSignal; cancelOnDisconnect?: boolean; lastEventId: string | undefined },
  ): AsyncGenerator<{ id?: string; event: string; data: unknown }> {
    const known = await this.runs.get(runId, threadId);
    if (!known) {
      if (!options.ignore404) yield { event: "error", data: { error: "Error", message: "404: Run not found" } };
      return;
    }
    yield* this.streams.follow(runId, {
      lastEventId: options.lastEventId,
      signal: options.signal,
      stillRunning: async () => (await this.runs.isLive(runId)) === true,
    });
    if (options.signal?.aborted && options.cancelOnDisconnect && threadId != null) {
      await this.runs.cancel(threadId, [runId], { action: "interrupt" });
    }
  }

  async publish(payload: { runId: string; resumable: boolean; event: string; data: unknown; normalized?: boolean }): Promise<void> {
    await retrying(() => this.streams.publish(payload.runId, payload.event, payload.data, payload.normalized));
  }
}

/** The threads repo records the exception a run ended with; the runs repo reads it after the worker is done. */
class ReportingThreads extends PostgresThreads {
  constructor(
    pool: pg.Pool,
    checkpoints: CheckpointTables,
    private readonly report: (threadId: string, exception: Error) => void,
  ) {
    super(pool, checkpoints);
  }

  override async setStatus(threadId: string, options: { checkpoint?: CheckpointPayload; exception?: Error }): Promise<void> {
    if (options.exception) this.report(threadId, options.exception);
    await super.setStatus(threadId, options);
  }
}

export class PostgresOps implements Ops {
  readonly assistants: PostgresAssistants;
  readonly threads: PostgresThreads;
  readonly runs: PostgresRuns;

  constructor(
    private readonly pool: pg.Pool,
    private readonly exec: RunExecution,
  ) {
    const checkpoints = new CheckpointTables(pool);
    this.assistants = new PostgresAssistants(pool);
    this.threads = new ReportingThreads(pool, checkpoints, (threadId, exception) => this.runs.recordException(threadId, exception));
    this.runs = new PostgresRuns(pool, this.threads, checkpoints, exec);
  }

  /** Registers `workers` pg-boss handlers that feed the official workers through `runs.next()`. */
  async work(workers: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < workers; i++) {
      ids.push(
        await this.exec.boss.work<RunJob>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
          if (job) await this.runs.execute(job.data, job);
        }),
      );
    }
    return ids;
  }

  async truncate(flags: { runs?: boolean; threads?: boolean; assistants?: boolean; checkpointer?: boolean }): Promise<void> {
    await transaction(this.pool, async (tx) => {
      if (flags.runs) await tx.query("DELETE FROM mira_runs");
      if (flags.threads) await tx.query("DELETE FROM mira_threads");
      if (flags.assistants) await tx.query("DELETE FROM mira_assistants WHERE NOT (metadata->>'created_by' = 'system')");
      if (flags.checkpointer) for (const t of ["checkpoint_writes", "checkpoint_blobs", "checkpoints"]) await tx.query(`DELETE FROM ${CP}.${t}`);
    });
  }
}

