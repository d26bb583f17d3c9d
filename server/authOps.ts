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
import type { AssistantsRepo, Ops, RunsRepo } from "@langchain/langgraph-api/storage";
import type { PostgresOps } from "./postgresOps.js";
import { OwnedAssistants } from "./ownedAssistants.js";
import { OwnedThreads } from "./ownedThreads.js";
import { OwnedRuns } from "./ownedRuns.js";

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
