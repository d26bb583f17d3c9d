/**
 * The custom-auth handler of the Mira service (`langgraph.json` → `auth.path`), in the
 * LangGraph server's own mechanism (`Auth` from `@langchain/langgraph-sdk/auth`):
 * - `authenticate`: API key or JWT, as `server/authConfig.ts` configures; a bad, expired or
 *   unknown credential is a 401 with one line. `/internal/*` routes are closed.
 * - ownership: every thread, run, assistant and store item is stamped with its owner
 *   (`metadata.owner`; a store item's `value.owner`) and every read, search, update and
 *   delete is filtered by it; someone else's thread or item is a 404.
 * - review: a caller with the `reviewer` role is a review-only principal. It sees the threads
 *   whose `metadata.reviewers` lists it and may answer their approvals (a run that only
 *   resumes), nothing else.
 * With `MIRA_AUTH` unset (a loopback-only server) every handler lets the request through.
 * The filters are applied by the storage (`server/authOps.ts` for `mira serve`).
 */
import { Auth, HTTPException } from "@langchain/langgraph-sdk/auth";
import { loadAuthenticator, REVIEWER } from "./authConfig.js";

const authenticator = await loadAuthenticator();

interface Caller {
  identity: string;
  permissions: string[];
}

const isReviewer = (user: Caller) => user.permissions.includes(REVIEWER);
const forbidden = (message: string) => new HTTPException(403, { message });

/** A reviewer's run may only answer the pending interrupt: a resume, no new input, no state edits. */
function resumeOnly(kwargs: Record<string, unknown>): boolean {
  const command = kwargs.command as Record<string, unknown> | null | undefined;
  return kwargs.input == null && command != null && command.resume !== undefined && command.update == null && command.goto == null;
}

/** Stamps the owner into metadata a caller writes, so it can neither be omitted nor handed to someone else. */
function owned(value: { metadata?: Record<string, unknown> | null }, user: Caller) {
  value.metadata = { ...(value.metadata ?? {}), owner: user.identity };
}

export const auth = new Auth()
  .authenticate(async (request: Request) => {
    if (!authenticator) return { identity: "local", permissions: [], display_name: "local" };
    const path = new URL(request.url).pathname;
    // The health check carries no data; load balancers and `spawnServe` call it without credentials.
    if (path === "/ok") return { identity: "health-check", permissions: [], display_name: "health-check" };
    if (path.startsWith("/internal/")) throw forbidden("internal routes are closed when auth is on");
    const verdict = await authenticator.verify(request.headers);
    if (!verdict.ok) throw new HTTPException(401, { message: verdict.reason });
    return { identity: verdict.principal.identity, permissions: verdict.principal.roles, display_name: verdict.principal.identity };
  })
  .on("threads", ({ action, value, user }) => {
    if (!authenticator) return;
    const owner = { owner: user.identity };
    if (isReviewer(user)) {
      const shared = { reviewers: { $contains: user.identity } };
      if (action === "read" || action === "search") return shared;
      if (action === "create_run" && (value as { thread_id?: string | null }).thread_id && resumeOnly((value as { kwargs: Record<string, unknown> }).kwargs)) return shared;
      throw forbidden("a reviewer may only read shared threads and answer their approvals");
    }
    if (action === "create" || action === "update" || action === "create_run") owned(value as { metadata?: Record<string, unknown> }, user);
    return owner;
  })
  .on("assistants", ({ action, value, user }) => {
    if (!authenticator) return;
    if (action === "read" || action === "search") return { owner: user.identity };
    if (isReviewer(user)) throw forbidden("a reviewer may not create or change assistants");
    if (action === "create" || action === "update") owned(value as { metadata?: Record<string, unknown> }, user);
    return { owner: user.identity };
  })
  .on("store", ({ action, value, user }) => {
    if (!authenticator) return;
    if (isReviewer(user)) throw forbidden("a reviewer has no store");
    // An item's value carries its owner; every store read and write is filtered by it.
    if (action === "put") {
      const v = value as { value?: Record<string, unknown> | null };
      if (v.value != null) v.value = { ...v.value, owner: user.identity };
    }
    return { owner: user.identity };
  })
  .on("*", () => {
    if (!authenticator) return;
    // Anything without a rule of its own (crons) is refused rather than left open.
    throw forbidden("not available on this server");
  });
