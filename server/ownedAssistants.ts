/** Assistants as this caller may see them; the server's own are read-only (`server/authOps.ts`). */
import { handleAuthEvent, isAuthMatching, type AuthContext, type AuthFilters } from "@langchain/langgraph-api/auth";
import type { Assistant, AssistantsRepo } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import { boundedMetadata, hidden, isSystem, containment } from "./ownedAccess.js";

export class OwnedAssistants implements AssistantsRepo {
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
