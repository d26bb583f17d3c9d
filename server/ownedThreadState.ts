/** A thread's state and history, read or updated only by a caller who may see the thread (`server/authOps.ts`). */
import { handleAuthEvent, type AuthContext } from "@langchain/langgraph-api/auth";
import type { ThreadsStateRepo } from "@langchain/langgraph-api/storage";
import type { VisibleThreads } from "./ownedAccess.js";

export class OwnedThreadState implements ThreadsStateRepo {
  constructor(
    private readonly inner: ThreadsStateRepo,
    private readonly threads: VisibleThreads,
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
