/** Threads as this caller may see them (`server/authOps.ts`); a filtered-out thread is a 404. */
import { handleAuthEvent, isAuthMatching, type AuthContext, type AuthFilters } from "@langchain/langgraph-api/auth";
import type { Metadata, Thread, ThreadsRepo, ThreadsStateRepo } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import { boundedMetadata, hidden, containment } from "./ownedAccess.js";
import { OwnedThreadState } from "./ownedThreadState.js";

export class OwnedThreads implements ThreadsRepo {
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
