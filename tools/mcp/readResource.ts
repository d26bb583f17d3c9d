/**
 * `read_resource {uri}`: the one governed tool that reads a resource's content (seed 002:
 * Resource, metadata → content). Risk `read`, but only for a resource of a server whose
 * resources the operator granted: a URI that is malformed, a template with missing
 * parameters, a path that walks up, a URI no configured server lists, or one of a server
 * that did not grant it fails the input schema, so Normalize refuses it with one line and
 * nothing is read. Its evidence is a file read of the named resource (source = the URI).
 */
import { z } from "zod";
import type { ResourceEntry, ResourceGrant, ResourceProvider } from "../resources.js";
import { defineTool, recoverable, type Readiness, type ToolDefinition, type ToolSource } from "../types.js";
import { uriProblem } from "./resources.js";

export const READ_RESOURCE = "read_resource";

type Owner = { ok: true; provider: ResourceProvider; entry: ResourceEntry } | { ok: false; reason: string };

/** The one provider that lists the URI (or a template matching it), granted; else why not, in one line. */
export function ownerOf(uri: string, providers: readonly ResourceProvider[]): Owner {
  const problem = uriProblem(uri);
  if (problem) return { ok: false, reason: problem };
  const serving = providers.flatMap((provider) => {
    const served = provider.serves(uri);
    return served ? [{ provider, entry: "listed" in served ? served.listed : served.template }] : [];
  });
  if (serving.length === 0) {
    const scheme = new URL(uri).protocol;
    const schemes = new Set(providers.flatMap((p) => p.resources().map((entry) => schemeOf(entry.uri))));
    if (!schemes.has(scheme)) return { ok: false, reason: `no configured MCP server serves ${scheme} URIs; ${uri} was not read` };
    return { ok: false, reason: `no configured MCP server lists ${uri} (or a template matching it); use a URI tool_search disclosed` };
  }
  if (serving.length > 1) return { ok: false, reason: `${uri} is listed by several MCP servers (${serving.map((s) => s.provider.id).join(", ")}); it is ambiguous and was not read` };
  const [only] = serving;
  const grant: ResourceGrant = only!.provider.resourceGrant(uri);
  if (!grant.allowed) return { ok: false, reason: `${uri} is not granted: ${grant.reason}` };
  return { ok: true, ...only! };
}

const schemeOf = (uri: string): string => /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(uri)?.[0].toLowerCase() ?? "";

/** The read_resource tool over the run's resource providers (asked on every call: lists change). */
export function readResourceTool(providers: () => readonly ResourceProvider[]): ToolDefinition {
  const schema = z
    .object({
      uri: z.string().min(1).describe("URI of one resource a server listed (tool_search discloses them), or a template's URI with every parameter filled in."),
    })
    .superRefine((input, ctx) => {
      const owner = ownerOf(input.uri, providers());
      if (!owner.ok) ctx.addIssue({ code: "custom", path: ["uri"], message: owner.reason });
    });
  return defineTool({
    name: READ_RESOURCE,
    domain: "mcp.resources",
    description:
      "Read the content of one MCP resource by its URI (text only, up to about 16 KB; a binary resource is described, not inlined). Only resources of servers whose resources the operator granted.",
    schema,
    risk: "read",
    // The server that answers is part of what the call does, so it is part of the approval's hash.
    effectContext: (input) => {
      const owner = ownerOf(input.uri, providers());
      return { mcpServer: owner.ok ? owner.provider.id : null, uri: input.uri };
    },
    async execute(input, ctx) {
      // Checked again at execution: a grant or a listing may have changed since Normalize.
      const owner = ownerOf(input.uri, providers());
      if (!owner.ok) return recoverable("invalid_input", owner.reason);
      return owner.provider.readResource(input.uri, ctx.signal);
    },
  });
}

/**
 * The source of read_resource: registered when a configured server lists resources; ready when
 * one is; authorized only when some server's config grants at least one of its resources.
 */
export function resourceToolSource(providers: () => readonly ResourceProvider[]): ToolSource {
  const tool = readResourceTool(providers);
  return {
    id: "mcp-resources",
    // Registered once some server lists a resource (a list change re-asks: the registry is rebuilt on change).
    tools: () => (providers().some((provider) => provider.resources().length > 0) ? [tool] : []),
    readiness(): Readiness {
      const all = providers();
      if (all.some((provider) => provider.resourceReadiness().ready)) return { ready: true };
      const first = all[0]?.resourceReadiness();
      return { ready: false, reason: first && !first.ready ? first.reason : "no MCP server with resources is configured" };
    },
    grant() {
      const granted = providers().some((provider) => provider.resources().some((entry) => provider.resourceGrant(entry.uri).allowed));
      return granted
        ? { allowed: true }
        : { allowed: false, reason: 'no MCP server\'s config grants any of its listed resources; add servers.<id>.resources (e.g. ["*"]) to grant them' };
    },
  };
}
