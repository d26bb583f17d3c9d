/**
 * Applies the custom-auth handler's decisions (`server/auth.ts`) to `PostgresOps`, as the
 * official in-memory storage does for `langgraphjs dev`: each call raises its auth event
 * (`handleAuthEvent`), the handler may stamp values (the owner) and return a filter on the
 * resource's metadata, and a resource the filter does not match is a 404 (never a hint that
 * it exists). Searches and counts push the filter into the query as JSON containment.
 *
 * Also, with or without auth: metadata over `MAX_METADATA_BYTES` is refused (413) before
 * anything is stored, and a client cannot plant `langgraph_auth_*` keys in a run's config.
 * The server's own assistants (`metadata.created_by = "system"`, from `langgraph.json`) are
 * readable by every caller and changeable by none.
 */
import { handleAuthEvent, isAuthMatching, type AuthContext, type AuthFilters } from "@langchain/langgraph-api/auth";
import type { Assistant, AssistantsRepo, Metadata, Ops, Run, RunKwargs, RunsRepo, RunsStreamRepo, Thread, ThreadsRepo, ThreadsStateRepo } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import type { PostgresOps } from "./postgresOps.js";

/** Metadata is for labels (owner, reviewers, a title), not payloads. */
export const MAX_METADATA_BYTES = 64 * 1024;

function boundedMetadata(metadata: unknown): void {
  if (metadata == null) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata) ?? "");
  if (bytes > MAX_METADATA_BYTES) throw new HTTPException(413, { message: `metadata is ${bytes} bytes; the limit is ${MAX_METADATA_BYTES}` });
}

const hidden = (what: string, id: string | undefined) => new HTTPException(404, { message: `${what} with ID ${id} not found` });
const isSystem = (a: Assistant) => a.metadata?.created_by === "system";

/**
 * The filter as JSON containment for a SQL `metadata @>` query, merged with the client's own
 * metadata filter; null when both cannot hold at once (nothing matches).
 */
function containment(clientFilter: Metadata | null | undefined, filters: AuthFilters): Metadata | null | undefined {
  if (!filters) return clientFilter;
  const merged: Metadata = { ...(clientFilter ?? {}) };
  for (const [key, rule] of Object.entries(filters)) {
    const want = typeof rule === "string" ? rule : rule.$eq !== undefined ? rule.$eq : Array.isArray(rule.$contains) ? rule.$contains : [rule.$contains];
    if (key in merged && JSON.stringify(merged[key]) !== JSON.stringify(want)) return null;
    merged[key] = want;
  }
  return merged;
}

/** A run's config never carries a caller-made identity: only the server stamps `langgraph_auth_*`. */
function withoutPlantedIdentity(kwargs: RunKwargs, auth: AuthContext | undefined): RunKwargs {
  const configurable = kwargs.config?.configurable;
  if (auth || !configurable) return kwargs;
  const clean = Object.fromEntries(Object.entries(configurable).filter(([k]) => !k.startsWith("langgraph_auth_")));
  return { ...kwargs, config: { ...kwargs.config, configurable: clean } };
}

class OwnedAssistants implements AssistantsRepo {
  constructor(private readonly inner: AssistantsRepo) {}

  /** The assistant, if this caller may see it under `filters`; otherwise a 404. */
  private async visible(id: string, filters: AuthFilters, change: boolean): Promise<Assistant> {
    const found = await this.inner.get(id, undefined);
    if (filters && isSystem(found) && change) throw new HTTPException(403, { message: "the server's own assistant cannot be changed" });
    if (filters && !isSystem(found) && !isAuthMatching(found.metadata, filters)) throw hidden("Assistant", id);
    return found;
  }

  async *search(options: Parameters<AssistantsRepo["search"]>[0], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:search", { graph_id: options.graph_id, metadata: options.metadata, limit: options.limit, offset: options.offset });
    if (!filters) return yield* this.inner.search(options, undefined);
    // The server's own assistants first, then the caller's: one ordered list, paged as one.
    const system = [];
    const systemFilter = containment(options.metadata, { created_by: "system" });
    if (systemFilter) for await (const row of this.inner.search({ ...options, metadata: systemFilter, limit: 100, offset: 0 }, undefined)) system.push(row.assistant);
    const mine = containment(options.metadata, filters);
    const rows: Assistant[] = [];
    let total = system.length;
    if (mine) {
      const skip = Math.max(0, options.offset - system.length);
      for await (const row of this.inner.search({ ...options, metadata: mine, offset: skip, limit: options.limit }, undefined)) {
        rows.push(row.assistant);
        total = system.length + row.total;
      }
      if (rows.length === 0) total = system.length + (await this.inner.count({ ...options, metadata: mine }, undefined));
    }
    const page = [...system.slice(options.offset), ...rows].slice(0, options.limit);
    for (const assistant of page) yield { assistant, total };
  }

  async get(id: string, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:read", { assistant_id: id });
    return this.visible(id, filters, false);
  }

  async put(id: string, options: Parameters<AssistantsRepo["put"]>[1], auth: AuthContext | undefined) {
    boundedMetadata(options.metadata);
    const [filters, mutable] = await handleAuthEvent(auth, "assistants:create", { assistant_id: id, ...options });
    const existing = await this.inner.get(id, undefined).catch(() => undefined);
    if (existing && filters && (isSystem(existing) || !isAuthMatching(existing.metadata, filters))) throw new HTTPException(409, { message: "Assistant already exists" });
    return this.inner.put(id, { ...options, metadata: mutable.metadata ?? options.metadata }, undefined);
  }

  async patch(id: string, options: Parameters<AssistantsRepo["patch"]>[1], auth: AuthContext | undefined) {
    boundedMetadata(options.metadata);
    const [filters, mutable] = await handleAuthEvent(auth, "assistants:update", { assistant_id: id, ...options });
    await this.visible(id, filters, true);
    return this.inner.patch(id, { ...options, metadata: mutable.metadata ?? options.metadata }, undefined);
  }

  async delete(id: string, deleteThreads: boolean, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:delete", { assistant_id: id });
    await this.visible(id, filters, true);
    return this.inner.delete(id, deleteThreads, undefined);
  }

  async count(options: Parameters<AssistantsRepo["count"]>[0], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:search", { graph_id: options.graph_id, metadata: options.metadata, limit: 0, offset: 0 });
    if (!filters) return this.inner.count(options, undefined);
    const system = containment(options.metadata, { created_by: "system" });
    const mine = containment(options.metadata, filters);
    return (system ? await this.inner.count({ ...options, metadata: system }, undefined) : 0) + (mine ? await this.inner.count({ ...options, metadata: mine }, undefined) : 0);
  }

  async setLatest(id: string, version: number, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:update", { assistant_id: id, version });
    await this.visible(id, filters, true);
    return this.inner.setLatest(id, version, undefined);
  }

  async getVersions(id: string, options: Parameters<AssistantsRepo["getVersions"]>[1], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "assistants:read", { assistant_id: id });
    await this.visible(id, filters, false);
    return this.inner.getVersions(id, options, undefined);
  }
}

class OwnedThreads implements ThreadsRepo {
  readonly state: ThreadsStateRepo;

  constructor(private readonly inner: ThreadsRepo) {
    this.state = new OwnedThreadState(inner.state, this);
  }

  /** The thread, if the filter matches it; a 404 otherwise (and when it does not exist). */
  async visible(id: string, filters: AuthFilters): Promise<Thread> {
    const thread = await this.inner.get(id, undefined);
    if (!isAuthMatching(thread.metadata, filters)) throw hidden("Thread", id);
    return thread;
  }

  async *search(options: Parameters<ThreadsRepo["search"]>[0], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:search", { metadata: options.metadata, ids: options.ids, status: options.status, values: options.values, limit: options.limit, offset: options.offset });
    const metadata = containment(options.metadata, filters);
    if (metadata === null) return;
    for await (const row of this.inner.search({ ...options, metadata: metadata ?? undefined }, undefined)) {
      if (isAuthMatching(row.thread.metadata, filters)) yield row;
    }
  }

  async get(id: string, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:read", { thread_id: id });
    return this.visible(id, filters);
  }

  async put(id: string, options: Parameters<ThreadsRepo["put"]>[1], auth: AuthContext | undefined) {
    boundedMetadata(options.metadata);
    const [filters, mutable] = await handleAuthEvent(auth, "threads:create", { thread_id: id, metadata: options.metadata, if_exists: options.if_exists });
    const existing = await this.inner.get(id, undefined).catch(() => undefined);
    if (existing && !isAuthMatching(existing.metadata, filters)) throw new HTTPException(409, { message: "Thread already exists" });
    return this.inner.put(id, { ...options, metadata: mutable.metadata ?? options.metadata }, undefined);
  }

  async patch(id: string, options: { metadata?: Metadata }, auth: AuthContext | undefined) {
    boundedMetadata(options.metadata);
    const [filters, mutable] = await handleAuthEvent(auth, "threads:update", { thread_id: id, metadata: options.metadata });
    await this.visible(id, filters);
    return this.inner.patch(id, { metadata: mutable.metadata ?? options.metadata }, undefined);
  }

  setStatus(id: string, options: Parameters<ThreadsRepo["setStatus"]>[1]) {
    return this.inner.setStatus(id, options);
  }

  async delete(id: string, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:delete", { thread_id: id });
    await this.visible(id, filters);
    return this.inner.delete(id, undefined);
  }

  async copy(id: string, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:read", { thread_id: id });
    const from = await this.visible(id, filters).catch(() => {
      throw new HTTPException(409, { message: "Thread not found" });
    });
    // The copy keeps the original's metadata, owner included: the caller must be allowed to create it.
    await handleAuthEvent(auth, "threads:create", { thread_id: undefined, metadata: { ...from.metadata } });
    return this.inner.copy(id, undefined);
  }

  async count(options: Parameters<ThreadsRepo["count"]>[0], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:search", { metadata: options.metadata, values: options.values, status: options.status, limit: 0, offset: 0 });
    const metadata = containment(options.metadata, filters);
    return metadata === null ? 0 : this.inner.count({ ...options, metadata: metadata ?? undefined }, undefined);
  }
}

class OwnedThreadState implements ThreadsStateRepo {
  constructor(
    private readonly inner: ThreadsStateRepo,
    private readonly threads: OwnedThreads,
  ) {}

  private async check(config: { configurable?: { thread_id?: string } }, event: "threads:read" | "threads:update", auth: AuthContext | undefined) {
    const id = config.configurable?.thread_id;
    const [filters] = await handleAuthEvent(auth, event, { thread_id: id });
    if (id) await this.threads.visible(id, filters);
  }

  async get(config: Parameters<ThreadsStateRepo["get"]>[0], options: Parameters<ThreadsStateRepo["get"]>[1], auth: AuthContext | undefined) {
    await this.check(config, "threads:read", auth);
    return this.inner.get(config, options, undefined);
  }

  async post(config: Parameters<ThreadsStateRepo["post"]>[0], values: Parameters<ThreadsStateRepo["post"]>[1], asNode: string | undefined, auth: AuthContext | undefined) {
    await this.check(config, "threads:update", auth);
    return this.inner.post(config, values, asNode, undefined);
  }

  async bulk(config: Parameters<ThreadsStateRepo["bulk"]>[0], supersteps: Parameters<ThreadsStateRepo["bulk"]>[1], auth: AuthContext | undefined) {
    await this.check(config, "threads:update", auth);
    return this.inner.bulk(config, supersteps, undefined);
  }

  async list(config: Parameters<ThreadsStateRepo["list"]>[0], options: Parameters<ThreadsStateRepo["list"]>[1], auth: AuthContext | undefined) {
    await this.check(config, "threads:read", auth);
    return this.inner.list(config, options, undefined);
  }
}

interface RunPutOptions {
  threadId?: string;
  userId?: string;
  status?: Run["status"];
  metadata?: Metadata;
  preventInsertInInflight?: boolean;
  multitaskStrategy?: Run["multitask_strategy"];
  ifNotExists?: "create" | "reject";
  afterSeconds?: number;
}

class OwnedRuns implements RunsRepo {
  readonly stream: RunsStreamRepo;

  constructor(
    private readonly inner: RunsRepo,
    private readonly threads: OwnedThreads,
    private readonly assistants: AssistantsRepo,
  ) {
    const runs = this;
    this.stream = {
      async *join(runId, threadId, options, auth) {
        await runs.readable(runId, threadId, auth);
        yield* inner.stream.join(runId, threadId, options, undefined);
      },
      publish: (payload) => inner.stream.publish(payload),
    };
  }

  next() {
    return this.inner.next();
  }

  /** Throws 404 unless the caller may read the run's thread. */
  private async readable(runId: string, threadId: string | undefined, auth: AuthContext | undefined): Promise<void> {
    const [filters] = await handleAuthEvent(auth, "threads:read", { thread_id: threadId });
    if (!filters) return;
    const thread = threadId ?? (await this.inner.get(runId, undefined, undefined))?.thread_id;
    if (!thread) throw hidden("Run", runId);
    await this.threads.visible(thread, filters);
  }

  async put(runId: string, assistantId: string, kwargs: RunKwargs, options: RunPutOptions, auth: AuthContext | undefined): Promise<Run[]> {
    boundedMetadata(options.metadata);
    const [filters, mutable] = await handleAuthEvent(auth, "threads:create_run", {
      thread_id: options.threadId,
      assistant_id: assistantId,
      run_id: runId,
      status: options.status,
      metadata: options.metadata ?? {},
      prevent_insert_if_inflight: options.preventInsertInInflight,
      multitask_strategy: options.multitaskStrategy,
      if_not_exists: options.ifNotExists,
      after_seconds: options.afterSeconds,
      kwargs,
    });
    // Another user's assistant (its config: workspace, policy, model) is not theirs to run.
    if (auth) await this.assistants.get(assistantId, auth);
    if (options.threadId) {
      const existing = await this.threads.visible(options.threadId, undefined).catch(() => undefined);
      if (existing && !isAuthMatching(existing.metadata, filters)) throw hidden("Thread", options.threadId);
    }
    return this.inner.put(runId, assistantId, withoutPlantedIdentity(kwargs, auth), { ...options, metadata: mutable.metadata ?? options.metadata }, undefined);
  }

  async get(runId: string, threadId: string | undefined, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:read", { thread_id: threadId });
    const run = await this.inner.get(runId, threadId, undefined);
    if (!run || !filters) return run;
    return (await this.threads.visible(run.thread_id, filters).then(() => true, () => false)) ? run : null;
  }

  async delete(runId: string, threadId: string | undefined, auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:delete", { run_id: runId, thread_id: threadId });
    const run = await this.inner.get(runId, threadId, undefined);
    if (!run) throw hidden("Run", runId);
    if (filters) await this.threads.visible(run.thread_id, filters).catch(() => Promise.reject(hidden("Run", runId)));
    return this.inner.delete(runId, threadId, undefined);
  }

  async wait(runId: string, threadId: string | undefined, auth: AuthContext | undefined) {
    await this.readable(runId, threadId, auth);
    return this.inner.wait(runId, threadId, undefined);
  }

  async join(runId: string, threadId: string, auth: AuthContext | undefined) {
    await this.readable(runId, threadId, auth);
    return this.inner.join(runId, threadId, undefined);
  }

  setStatus(runId: string, status: Parameters<RunsRepo["setStatus"]>[1]) {
    return this.inner.setStatus(runId, status);
  }

  async cancel(threadId: string | undefined, runIds: string[], options: Parameters<RunsRepo["cancel"]>[2], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:update", { thread_id: threadId, action: options.action ?? "interrupt", metadata: { run_ids: runIds, status: "pending" } });
    if (filters) {
      for (const runId of runIds) {
        const run = await this.inner.get(runId, threadId, undefined);
        if (!run) throw hidden("Run", runId);
        await this.threads.visible(run.thread_id, filters).catch(() => Promise.reject(hidden("Run", runId)));
      }
    }
    return this.inner.cancel(threadId, runIds, options, undefined);
  }

  async search(threadId: string, options: Parameters<RunsRepo["search"]>[1], auth: AuthContext | undefined) {
    const [filters] = await handleAuthEvent(auth, "threads:search", { thread_id: threadId, metadata: options.metadata ?? undefined, status: options.status ?? undefined, limit: options.limit ?? undefined, offset: options.offset ?? undefined });
    await this.threads.visible(threadId, filters);
    return this.inner.search(threadId, options, undefined);
  }
}

/** `PostgresOps` behind the auth handler's decisions; workers and truncation pass through. */
export class OwnedOps implements Ops {
  readonly assistants: AssistantsRepo;
  readonly threads: OwnedThreads;
  readonly runs: RunsRepo;

  constructor(private readonly inner: PostgresOps) {
    this.assistants = new OwnedAssistants(inner.assistants);
    this.threads = new OwnedThreads(inner.threads);
    this.runs = new OwnedRuns(inner.runs, this.threads, this.assistants);
  }

  truncate(flags: Parameters<Ops["truncate"]>[0]) {
    return this.inner.truncate(flags);
  }
}
