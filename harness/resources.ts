/**
 * Resources in Progressive Resolution (seed 002: Tool metadata → schema, Skill summary → body,
 * Resource metadata → content). A listed resource enters the resolution index as a catalog
 * entry of kind resource, named by its URI (a URI never collides with a tool name), so the
 * resolver's public API ranks it beside tools without knowing resources exist. Disclosing one
 * shows its metadata (name, URI, description) to the Planner, never its content; its content
 * comes only through the governed `read_resource` tool.
 */
import { z } from "zod";
import type { ResourceEntry } from "../tools/resources.js";
import { defineTool, recoverable, type ToolDefinition } from "../tools/types.js";
import type { ToolMetadata } from "./catalogView.js";

/** The tool that reads a disclosed resource; disclosed with it so the Planner can call it. */
export const RESOURCE_READER = "read_resource";

/** Domain of resource entries in the index and in metadata: `resource.<server>`. */
const resourceDomain = (entry: ResourceEntry): string => `resource.${entry.server}`;

const RESOURCE_SUMMARY_CHARS = 160;

/** A resource's one line: name, description, MIME type, size, and how to read it. */
function resourceSummary(entry: ResourceEntry): string {
  const label = entry.title ?? entry.name;
  const about = entry.description ? `: ${entry.description}` : "";
  const facts = [entry.mimeType, entry.size !== undefined ? `${entry.size} bytes` : undefined].filter(Boolean).join(", ");
  const how = entry.template ? "a URI template: fill its {parameters}, then read_resource" : "read it with read_resource";
  const line = `${entry.template ? "resource template" : "resource"} "${label}"${about}`;
  return `${line.length > RESOURCE_SUMMARY_CHARS ? `${line.slice(0, RESOURCE_SUMMARY_CHARS - 1)}…` : line}${facts ? ` (${facts})` : ""}; ${how}`;
}

const NO_INPUT = z.object({}).describe("A resource takes no input: read_resource reads it.");

/**
 * The resolution index's view of a resource: a catalog entry named by its URI whose text is
 * the resource's metadata. It is never registered as a tool and never executes.
 */
export function resourceIndexEntry(entry: ResourceEntry): ToolDefinition {
  return defineTool({
    name: entry.uri,
    domain: resourceDomain(entry),
    description: `${resourceSummary(entry)}. Resource ${entry.uri} of MCP server ${entry.server}.`,
    schema: NO_INPUT,
    inputSchema: { type: "object", properties: {} },
    risk: "read",
    execute: async () => recoverable("unknown_tool", `${entry.uri} is a resource, not a tool; read it with ${RESOURCE_READER}`),
  });
}

/** What the Planner is shown of a disclosed resource: metadata, never content. */
export const resourceMetadata = (entry: ResourceEntry): ToolMetadata => ({
  name: entry.uri,
  domain: resourceDomain(entry),
  summary: resourceSummary(entry),
  risk: "read",
});

/** The five states of a resource (a resource is read, never executed). */
export type ResourceStateName = "registered" | "ready" | "authorized" | "discoverable" | "disclosed";
export const RESOURCE_STATES: readonly ResourceStateName[] = ["registered", "ready", "authorized", "discoverable", "disclosed"];

type StateResult = { reached: true } | { reached: false; reason: string };

/** One resource's states, each with the reason it is not reached. */
export interface ResourceStatus {
  uri: string;
  name: string;
  server: string;
  template: boolean;
  mimeType?: string;
  states: Record<ResourceStateName, StateResult>;
}

/** Builds a resource's status from its readiness and authority verdicts and the loadout. */
export function resourceStatusOf(entry: ResourceEntry, ready: StateResult, authorized: StateResult, loadout: readonly string[]): ResourceStatus {
  const blocker = !ready.reached ? `not ready: ${ready.reason}` : !authorized.reached ? `not authorized: ${authorized.reason}` : undefined;
  return {
    uri: entry.uri,
    name: entry.name,
    server: entry.server,
    template: entry.template,
    ...(entry.mimeType ? { mimeType: entry.mimeType } : {}),
    states: {
      registered: { reached: true },
      ready,
      authorized,
      discoverable: blocker ? { reached: false, reason: `resolution skips it (${blocker})` } : { reached: true },
      disclosed: loadout.includes(entry.uri) ? { reached: true } : { reached: false, reason: "not in this agent's loadout (never found by tool_search or resolution)" },
    },
  };
}

/**
 * Compatibility entries (seed 000: `read` is the downgrade/compatibility entry): registered and
 * executable like any tool, but disclosed only when a model asks for one by its exact name,
 * never by ranking, search or the default loadout. They carry the domain `compat`.
 */
const COMPAT_DOMAIN = "compat";
export const isCompatEntry = (tool: Pick<ToolDefinition, "domain">): boolean => tool.domain === COMPAT_DOMAIN || tool.domain.startsWith(`${COMPAT_DOMAIN}.`);

/** Names that read something; a model naming an unknown one is told the compatibility `read` exists. */
const READ_LIKE = /(^|[_\-.])(read|open|cat|view|show|get_?file|file|fetch)([_\-.]|$)|^read/i;
export const isReadLike = (name: string): boolean => READ_LIKE.test(name);
