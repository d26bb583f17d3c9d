/**
 * One MCP server's resources (seed 002: Resource, metadata → content). Listing reads
 * `resources/list` and `resources/templates/list` (every page) at connect time and on
 * `notifications/resources/list_changed`: metadata only, never `resources/read`. Reading is
 * one resource at a time, on demand, bounded and text only. The operator's config grants
 * resources per server (`resources: ["*"]` or URI patterns); connecting grants none, and a
 * server's own annotations are claims, never grants. Nothing here throws for a server problem.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import {
  BlobResourceContentsSchema,
  ErrorCode,
  McpError,
  ResourceSchema,
  ResourceTemplateSchema,
  TextResourceContentsSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { EvidenceDraft, ToolOutcome } from "../../state/types.js";
import type { ResourceEntry, ResourceGrant } from "../resources.js";
import { ok, recoverable } from "../types.js";

/** Most pages of one listing followed before it is declared runaway. */
const MAX_LIST_PAGES = 50;
/** Most resources (and templates) kept from one server's listing: metadata stays bounded too. */
const MAX_LISTED = 5000;
/** Most characters of a resource's text kept as evidence (as much as read_open keeps of a file). */
export const MAX_RESOURCE_CHARS = 16 * 1024;
/** A resource the server lists as larger than this is refused before any byte is read. */
export const MAX_RESOURCE_BYTES = 4 * 1024 * 1024;

/** Lenient on purpose: each entry is validated on its own so one bad entry cannot hide the rest. */
const RawPage = (key: "resources" | "resourceTemplates") =>
  z.looseObject({
    [key]: z.array(z.unknown()).describe("The entries as the server sent them, validated one by one."),
    nextCursor: z.string().optional().describe("Pagination cursor for the next page."),
  });
const RawReadResult = z.looseObject({ contents: z.array(z.unknown()).describe("The resource's content items, validated one by one.") });

export type ResourceListing = { ok: true; entries: ResourceEntry[]; excluded: string[] } | { ok: false; reason: string };

/**
 * Whether a grant pattern names a URI: `*` anywhere matches any run of characters (slashes
 * included); everything else is literal. `"*"` alone grants every resource of the server.
 */
export function grantPatternMatches(pattern: string, uri: string): boolean {
  const regex = new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  return regex.test(uri);
}

/**
 * Why a URI cannot be read as given, or null: not a URI, a template whose parameters were not
 * filled in, or a path that walks up (`..`, also percent-encoded). One line each.
 */
export function uriProblem(uri: string): string | null {
  const unfilled = [...uri.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  if (unfilled.length > 0) return `"${uri}" is a URI template with missing parameters (${unfilled.join(", ")}); fill them in`;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return `"${uri}" is not a URI (expected scheme://…, e.g. one a server listed)`;
  }
  // Checked on the raw text: URL parsing would already have folded the dot segments away.
  const raw = uri.slice(parsed.protocol.length).split(/[?#]/)[0] ?? "";
  const segments = raw.split(/[/\\]/).map((segment) => safeDecode(segment));
  if (segments.some((segment) => segment === ".." || segment === ".")) return `"${uri}" contains a path traversal segment (. or ..); name the resource itself`;
  return null;
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The resources one MCP server listed, its grants, and its reads. */
export class McpResourceCatalog {
  private entries: ResourceEntry[] = [];
  private excluded: string[] = [];
  private problem: string | null = null;
  private readonly templates = new Map<string, UriTemplate>();
  /** Reads in flight, aborted at once when the transport drops an oversized message. */
  private readonly inFlight = new Set<AbortController>();

  constructor(
    private readonly serverId: string,
    private readonly grants: readonly string[],
    private readonly timeoutMs: number,
  ) {}

  /** The last listing, metadata only. */
  list(): readonly ResourceEntry[] {
    return this.entries;
  }

  /** Entries the server listed but that were malformed, with the reason. */
  excludedEntries(): readonly string[] {
    return this.excluded;
  }

  /** Why the last listing failed, or null. */
  listingProblem(): string | null {
    return this.problem;
  }

  /**
   * Re-lists resources and templates (every page): metadata only, never a read. A failed
   * listing keeps nothing and records its reason; it never throws.
   */
  async refresh(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.resources) {
      this.install([], [], null);
      return;
    }
    const resources = await this.fetchAll(client, "resources/list", "resources");
    if (!resources.ok) {
      this.install([], [], resources.reason);
      return;
    }
    // Templates are optional in practice: a server that does not answer them still has its resources.
    const templates = await this.fetchAll(client, "resources/templates/list", "resourceTemplates");
    const entries: ResourceEntry[] = [];
    const excluded: string[] = [];
    resources.items.forEach((raw, index) => {
      const parsed = ResourceSchema.safeParse(raw);
      if (!parsed.success) return void excluded.push(`resources[${index}]: invalid resource metadata`);
      const r = parsed.data;
      entries.push(this.entry(r.uri, r.name, false, r.title, r.description, r.mimeType, r.size));
    });
    if (templates.ok) {
      templates.items.forEach((raw, index) => {
        const parsed = ResourceTemplateSchema.safeParse(raw);
        if (!parsed.success) return void excluded.push(`resourceTemplates[${index}]: invalid template metadata`);
        const t = parsed.data;
        try {
          this.templates.set(t.uriTemplate, new UriTemplate(t.uriTemplate));
        } catch {
          return void excluded.push(`${t.uriTemplate}: not a valid URI template`);
        }
        entries.push(this.entry(t.uriTemplate, t.name, true, t.title, t.description, t.mimeType, undefined));
      });
    } else {
      excluded.push(templates.reason);
    }
    this.install(entries.slice(0, MAX_LISTED), excluded, null);
  }

  /** Only the URIs the config's `resources` patterns name are granted; connecting grants nothing. */
  grant(uri: string): ResourceGrant {
    if (this.grants.some((pattern) => grantPatternMatches(pattern, uri))) return { allowed: true };
    const listed = this.grants.length === 0 ? "grants none of its resources" : `grants only ${this.grants.join(", ")}`;
    return { allowed: false, reason: `the MCP config of server "${this.serverId}" ${listed}; add a pattern matching ${uri} to servers.${this.serverId}.resources to grant it` };
  }

  /** The listed resource with this URI, or the template that matches it. */
  serves(uri: string): { listed: ResourceEntry } | { template: ResourceEntry } | null {
    const listed = this.entries.find((entry) => !entry.template && entry.uri === uri);
    if (listed) return { listed };
    for (const entry of this.entries) {
      if (!entry.template) continue;
      try {
        if (this.templates.get(entry.uri)?.match(uri)) return { template: entry };
      } catch {
        // A URI too long for the template matcher matches nothing.
      }
    }
    return null;
  }

  /**
   * Reads one resource through `resources/read`: text becomes `content` evidence whose source
   * is the URI (with server, MIME type and byte range), at most MAX_RESOURCE_CHARS; a blob is
   * described, never inlined. Every failure is a recoverable outcome with one line.
   */
  async read(client: Client, uri: string, signal?: AbortSignal): Promise<ToolOutcome> {
    const listed = this.serves(uri);
    const size = listed && "listed" in listed ? listed.listed.size : undefined;
    if (size !== undefined && size > MAX_RESOURCE_BYTES) {
      return recoverable("invalid_input", `resource ${uri} of MCP server "${this.serverId}" is ${formatBytes(size)}, over the ${formatBytes(MAX_RESOURCE_BYTES)} read limit; it was not read`);
    }
    const abort = new AbortController();
    const onAbort = () => abort.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    this.inFlight.add(abort);
    let result: z.infer<typeof RawReadResult>;
    try {
      result = await client.request({ method: "resources/read", params: { uri } }, RawReadResult, { timeout: this.timeoutMs, signal: abort.signal });
    } catch (err) {
      return this.readFailure(uri, err, abort.signal, signal);
    } finally {
      signal?.removeEventListener("abort", onAbort);
      this.inFlight.delete(abort);
    }
    return this.evidenceOf(uri, result.contents);
  }

  /**
   * The transport dropped a message too large for its buffer: the answer to a read in flight
   * will never come, so those reads end now (with that reason) instead of waiting out the timeout.
   */
  abortReads(reason: string): void {
    for (const abort of this.inFlight) abort.abort(new OversizedMessage(reason));
  }

  private entry(uri: string, name: string, template: boolean, title?: string, description?: string, mimeType?: string, size?: number): ResourceEntry {
    return {
      uri,
      name,
      server: this.serverId,
      template,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(mimeType ? { mimeType } : {}),
      ...(size !== undefined ? { size } : {}),
    };
  }

  private install(entries: ResourceEntry[], excluded: string[], problem: string | null): void {
    for (const key of [...this.templates.keys()]) if (!entries.some((entry) => entry.template && entry.uri === key)) this.templates.delete(key);
    this.entries = entries;
    this.excluded = excluded;
    this.problem = problem;
  }

  private async fetchAll(
    client: Client,
    method: "resources/list" | "resources/templates/list",
    key: "resources" | "resourceTemplates",
  ): Promise<{ ok: true; items: unknown[] } | { ok: false; reason: string }> {
    const items: unknown[] = [];
    const schema = RawPage(key);
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      try {
        const result = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, schema, { timeout: this.timeoutMs });
        items.push(...(result[key] as unknown[]));
        cursor = result.nextCursor as string | undefined;
      } catch (err) {
        return { ok: false, reason: `${method} from MCP server "${this.serverId}" failed: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (cursor === undefined || items.length >= MAX_LISTED) return { ok: true, items };
    }
    return { ok: false, reason: `${method} from MCP server "${this.serverId}" did not end after ${MAX_LIST_PAGES} pages` };
  }

  private readFailure(uri: string, err: unknown, ours: AbortSignal, run: AbortSignal | undefined): ToolOutcome {
    const what = `reading ${uri} from MCP server "${this.serverId}"`;
    if (ours.reason instanceof OversizedMessage) return recoverable("tool_error", `${what} failed: the answer is larger than the transport accepts (${ours.reason.message}); nothing was kept`);
    if (run?.aborted) return recoverable("unavailable", `${what} was aborted by the run`);
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) return recoverable("timeout", `${what} got no answer within ${this.timeoutMs} ms`);
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) return recoverable("unavailable", `${what} was cut off: the connection closed`);
    const message = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 300);
    return recoverable("tool_error", `${what} failed: ${message}`);
  }

  private evidenceOf(uri: string, contents: unknown[]): ToolOutcome {
    const evidence: EvidenceDraft[] = [];
    const described: string[] = [];
    let budget = MAX_RESOURCE_CHARS;
    let truncated = false;
    for (const raw of contents) {
      const text = TextResourceContentsSchema.safeParse(raw);
      if (text.success) {
        const kept = text.data.text.slice(0, budget);
        budget -= kept.length;
        const total = Buffer.byteLength(text.data.text, "utf8");
        const keptBytes = Buffer.byteLength(kept, "utf8");
        if (keptBytes < total) truncated = true;
        const mimeType = text.data.mimeType;
        evidence.push({
          kind: "content",
          source: { path: text.data.uri, server: this.serverId, ...(mimeType ? { mimeType } : {}), byteStart: 0, byteEnd: keptBytes, byteLength: total },
          content: kept,
          verified: true,
        });
        continue;
      }
      const blob = BlobResourceContentsSchema.safeParse(raw);
      if (blob.success) {
        const bytes = Math.floor((blob.data.blob.length * 3) / 4);
        described.push(`${blob.data.uri} is binary (${blob.data.mimeType ?? "no MIME type"}, about ${formatBytes(bytes)}); read_resource returns text only, so it was not inlined`);
        continue;
      }
      described.push("one content item is neither text nor blob; it was skipped");
    }
    if (evidence.length === 0) {
      const why = described[0] ?? `the server returned no content for ${uri}`;
      return recoverable(described.length ? "invalid_input" : "empty_result", why);
    }
    const ranges = evidence.map((e) => `${e.source.path} bytes ${e.source.byteStart}-${e.source.byteEnd} of ${e.source.byteLength}`).join("; ");
    const notes = [truncated ? `truncated to ${MAX_RESOURCE_CHARS} characters` : "", ...described].filter(Boolean).join("; ");
    return ok(`read resource ${uri} from MCP server "${this.serverId}": ${ranges}${notes ? ` (${notes})` : ""}`, evidence);
  }
}

/** The reason a read in flight was aborted by `abortReads`. */
class OversizedMessage extends Error {}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
