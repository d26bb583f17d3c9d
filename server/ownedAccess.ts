/**
 * What the owner-scoped repositories share (`server/authOps.ts` assembles them): the metadata
 * bound, the 404 that never hints a resource exists, the filter as SQL JSON containment, and
 * the strip of caller-planted identities from a run's config.
 */
import { type AuthContext, type AuthFilters } from "@langchain/langgraph-api/auth";
import type { Assistant, Metadata, RunKwargs, Thread } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";

/** Metadata is for labels (owner, reviewers, a title), not payloads. */
export const MAX_METADATA_BYTES = 64 * 1024;

export function boundedMetadata(metadata: unknown): void {
  if (metadata == null) return;
  const bytes = Buffer.byteLength(JSON.stringify(metadata) ?? "");
  if (bytes > MAX_METADATA_BYTES) throw new HTTPException(413, { message: `metadata is ${bytes} bytes; the limit is ${MAX_METADATA_BYTES}` });
}

export const hidden = (what: string, id: string | undefined) => new HTTPException(404, { message: `${what} with ID ${id} not found` });
export const isSystem = (a: Assistant) => a.metadata?.created_by === "system";

/**
 * The filter as JSON containment for a SQL `metadata @>` query, merged with the client's own
 * metadata filter; null when both cannot hold at once (nothing matches).
 */
export function containment(clientFilter: Metadata | null | undefined, filters: AuthFilters): Metadata | null | undefined {
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
export function withoutPlantedIdentity(kwargs: RunKwargs, auth: AuthContext | undefined): RunKwargs {
  const configurable = kwargs.config?.configurable;
  if (auth || !configurable) return kwargs;
  const clean = Object.fromEntries(Object.entries(configurable).filter(([k]) => !k.startsWith("langgraph_auth_")));
  return { ...kwargs, config: { ...kwargs.config, configurable: clean } };
}

/** What the thread-state and run repos need of the threads repo: a thread, if this caller may see it. */
export interface VisibleThreads {
  visible(id: string, filters: AuthFilters): Promise<Thread>;
}
