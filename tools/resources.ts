/**
 * The resource contract (seed 002: Resource, metadata → content; CONTRACT §7). A source that
 * publishes resources (an MCP server) lists them as metadata only; content is read on demand,
 * one resource at a time, through the governed `read_resource` tool. Listing never reads.
 */
import type { Readiness, ToolSource } from "./types.js";
import type { ToolOutcome } from "../state/types.js";

/** One listed resource or resource template: metadata, never content. */
export interface ResourceEntry {
  /** The resource's URI; for a template, its RFC 6570 URI template. */
  uri: string;
  name: string;
  /** Id of the source (MCP server) that lists it. */
  server: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when the server says. */
  size?: number;
  /** A template (`resources/templates/list`): its URI needs parameters before it can be read. */
  template: boolean;
}

export type ResourceGrant = { allowed: true } | { allowed: false; reason: string };

/**
 * A ToolSource that also publishes resources. Its resource methods never throw; a read's
 * expected failures are recoverable outcomes.
 */
export interface ResourceProvider {
  readonly id: string;
  /** The last listing (metadata only), kept while the server is down so a refusal can name it. */
  resources(): readonly ResourceEntry[];
  /** Whether its resources can be read now. */
  resourceReadiness(): Readiness;
  /** The operator's grant for one concrete URI (the MCP config's `resources`); connecting grants nothing. */
  resourceGrant(uri: string): ResourceGrant;
  /** Whether this source lists `uri` or one of its templates matches it. */
  serves(uri: string): { listed: ResourceEntry } | { template: ResourceEntry } | null;
  /** Reads one resource's content (bounded, text only) as evidence. */
  readResource(uri: string, signal?: AbortSignal): Promise<ToolOutcome>;
}

export function isResourceProvider(source: ToolSource): source is ToolSource & ResourceProvider {
  const candidate = source as Partial<ResourceProvider>;
  return typeof candidate.resources === "function" && typeof candidate.readResource === "function" && typeof candidate.serves === "function";
}
