/** Runs as this caller may see them: a run is visible through its thread (`server/authOps.ts`). */
import { handleAuthEvent, isAuthMatching, type AuthContext } from "@langchain/langgraph-api/auth";
import type { AssistantsRepo, Metadata, Run, RunKwargs, RunsRepo, RunsStreamRepo, Thread } from "@langchain/langgraph-api/storage";
import { boundedMetadata, hidden, withoutPlantedIdentity, type VisibleThreads } from "./ownedAccess.js";

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

export class OwnedRuns implements RunsRepo {
  readonly stream: RunsStreamRepo;

  constructor(
    private readonly inner: RunsRepo,
    private readonly threads: VisibleThreads,
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
