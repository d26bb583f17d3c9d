/**
 * Live MCP servers as a ToolSource (CONTRACT §7). Each configured server is connected over
 * stdio or streamable HTTP with the official SDK; its tools enter the registry as
 * `mcp__<server>__<tool>` with risk `external_mcp` (approval required); the config may raise
 * that class but never lower it to `read`, and grants (authorizes) only the tools it lists. A server that will not start, hangs, lists malformed tools or crashes is
 * never an exception and never an execution: it is a status with a specific reason,
 * tools that are not ready, and recoverable failures for any call that reaches it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  McpError,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  ToolSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { EvidenceDraft, RiskClass, ToolOutcome } from "../../state/types.js";
import { defineTool, ok, recoverable, type ToolDefinition, type Readiness, type ToolSource } from "../types.js";
import { DEFAULT_MCP_TIMEOUT_MS, isStdioServer, type McpConfig, type McpServerConfig } from "./config.js";
import type { ResourceEntry, ResourceGrant, ResourceProvider } from "../resources.js";
import { McpResourceCatalog } from "./resources.js";

/** The stdio transport's refusal of a message larger than its buffer (`@modelcontextprotocol/sdk` ReadBuffer). */
const OVERSIZED = /exceeded maximum size/;

/** Where a server connection stands. Only `connected` serves tools; the others say why not. */
export type McpServerStatus =
  | { state: "connected"; pid: number | null }
  | { state: "failed"; reason: string }
  | { state: "crashed"; reason: string }
  | { state: "closed"; reason: string };

/** A tool the server listed but the registry refused, with the reason it was left out. */
export interface ExcludedMcpTool {
  tool: string;
  reason: string;
}

export interface McpConnectOptions {
  /** Handshake and per-call timeout when the server config sets none. */
  timeoutMs?: number;
}

/** Most tools/list pages followed before the listing is declared runaway. */
const MAX_LIST_PAGES = 50;
/** Most characters of one content item kept as evidence. */
const MAX_EVIDENCE_CHARS = 16 * 1024;
/** Most characters of server stderr kept for failure reasons. */
const STDERR_TAIL_CHARS = 2000;

const CLIENT_INFO = { name: "mira-agentgraph", version: "0.1.0" };

/** Lenient on purpose: each tool is validated on its own so one bad tool cannot hide the rest. */
const RawToolList = z.looseObject({
  tools: z.array(z.unknown()).describe("The tools as the server sent them, validated one by one."),
  nextCursor: z.string().optional().describe("Pagination cursor for the next page."),
});

/** Tool names accepted by model APIs: `[a-zA-Z0-9_-]`. */
export function sanitizeName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/** The canonical registry name of an MCP tool. */
export function mcpToolName(serverId: string, toolName: string): string {
  return `mcp__${sanitizeName(serverId)}__${sanitizeName(toolName)}`;
}

/** A tool as the server listed it: its MCP name, and its definition under the registered (prefixed) name. */
type ListedTool = { mcpName: string; definition: ToolDefinition };
type ToolListing = { ok: true; tools: unknown[] } | { ok: false; reason: string };

/**
 * One MCP server's tools. Built only through `connect`, which never throws for a server
 * problem: a server that cannot be reached yields a source with zero tools and a
 * `failed` status carrying the reason.
 */
export class McpToolSource implements ToolSource, ResourceProvider {
  readonly id: string;
  private status: McpServerStatus = { state: "failed", reason: "not connected yet" };
  private client: Client | null = null;
  private transport: Transport | null = null;
  private registered = new Map<string, ListedTool>();
  private excluded: ExcludedMcpTool[] = [];
  /** Set while the tool list is being re-read after `notifications/tools/list_changed`. */
  private relisting: Promise<void> | null = null;
  private lastTransportError: string | null = null;
  private stderrTail = "";
  private readonly listeners = new Set<() => void>();
  /** Its resources: metadata listed at connect time and on list_changed, read one at a time on demand. */
  private readonly resourceCatalog: McpResourceCatalog;
  /** Set while resources are being re-listed after `notifications/resources/list_changed`. */
  private relistingResources: Promise<void> | null = null;
  private readonly risk: RiskClass;
  private readonly timeoutMs: number;
  /** What the server is, for effect contexts and messages: `stdio:<command args>` or the URL. */
  private readonly endpoint: string;

  private constructor(
    id: string,
    private readonly config: McpServerConfig,
    options: McpConnectOptions,
  ) {
    this.id = id;
    // The operator may raise the class (e.g. to network), never lower it to read: a server's
    // own claims (readOnlyHint) come from an untrusted party.
    this.risk = config.risk !== undefined && config.risk !== "read" ? config.risk : "external_mcp";
    this.timeoutMs = config.timeoutMs ?? options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
    this.endpoint = isStdioServer(config) ? `stdio:${[config.command, ...config.args].join(" ")}` : config.url;
    this.resourceCatalog = new McpResourceCatalog(id, config.resources ?? [], this.timeoutMs);
  }

  /**
   * Starts (stdio) or reaches (HTTP) the server, completes the MCP handshake within the
   * timeout and lists its tools. Never throws for a server problem; check `serverStatus()`.
   */
  static async connect(id: string, config: McpServerConfig, options: McpConnectOptions = {}): Promise<McpToolSource> {
    const source = new McpToolSource(id, config, options);
    await source.start();
    return source;
  }

  /** Registry name and the server's own name of each registered tool (for the load-time collision check). */
  registeredTools(): Array<{ name: string; mcpName: string }> {
    return [...this.registered].map(([name, tool]) => ({ name, mcpName: tool.mcpName }));
  }

  tools(): ToolDefinition[] {
    if (this.status.state !== "connected") return [];
    return [...this.registered.values()].map((tool) => tool.definition);
  }

  readiness(toolName: string): Readiness {
    if (this.status.state !== "connected") {
      return { ready: false, reason: `MCP server "${this.id}" ${this.status.state}: ${this.status.reason}` };
    }
    if (this.relisting) {
      return { ready: false, reason: `MCP server "${this.id}" changed its tool list; re-listing before ${toolName} can run` };
    }
    if (this.registered.has(toolName)) return { ready: true };
    const excluded = this.excluded.find((entry) => mcpToolName(this.id, entry.tool) === toolName);
    if (excluded) return { ready: false, reason: `MCP tool "${excluded.tool}" was excluded: ${excluded.reason}` };
    return { ready: false, reason: `MCP server "${this.id}" does not offer ${toolName}` };
  }

  /** Only the tools the config's `allow` lists are granted; connecting grants nothing. */
  grant(toolName: string): { allowed: true } | { allowed: false; reason: string } {
    const allow = this.config.allow ?? [];
    const mcpName = this.registered.get(toolName)?.mcpName;
    if (allow.includes("*") || (mcpName !== undefined && allow.includes(mcpName))) return { allowed: true };
    const listed = allow.length === 0 ? "grants none of its tools" : `grants only ${allow.join(", ")}`;
    return { allowed: false, reason: `the MCP config of server "${this.id}" ${listed}; add "${mcpName ?? toolName}" to servers.${this.id}.allow to grant it` };
  }

  /** Resources and templates the server listed (metadata only). */
  resources(): readonly ResourceEntry[] {
    return this.resourceCatalog.list();
  }

  resourceReadiness(): Readiness {
    if (this.status.state !== "connected") return { ready: false, reason: `MCP server "${this.id}" ${this.status.state}: ${this.status.reason}` };
    if (this.relistingResources) return { ready: false, reason: `MCP server "${this.id}" changed its resource list; re-listing` };
    const problem = this.resourceCatalog.listingProblem();
    return problem ? { ready: false, reason: problem } : { ready: true };
  }

  resourceGrant(uri: string): ResourceGrant {
    return this.resourceCatalog.grant(uri);
  }

  serves(uri: string): ReturnType<ResourceProvider["serves"]> {
    return this.resourceCatalog.serves(uri);
  }

  /** Reads one resource (never while re-listing, never when not connected); every failure is recoverable. */
  async readResource(uri: string, signal?: AbortSignal): Promise<ToolOutcome> {
    if (this.relistingResources) await this.relistingResources;
    const { client, status } = this;
    if (status.state !== "connected" || !client) {
      const why = status.state === "connected" ? "no client" : `${status.state}: ${status.reason}`;
      return recoverable("unavailable", `MCP server "${this.id}" ${why}; ${uri} was not read`);
    }
    return this.resourceCatalog.read(client, uri, signal);
  }

  /** Connection state and, unless connected, the specific reason. */
  serverStatus(): McpServerStatus {
    return { ...this.status };
  }

  /** Tools the server listed that were left out of the registry, each with its reason. */
  excludedTools(): readonly ExcludedMcpTool[] {
    return [...this.excluded];
  }

  /** Listeners must not throw; they fire on tool-list and readiness changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends the session; a stdio server's process is stopped (stdin closed, then SIGTERM/SIGKILL). */
  async close(): Promise<void> {
    this.status = { state: "closed", reason: "the connection was closed by the runtime" };
    await this.disconnect();
    this.emit();
  }

  /** Drops the session; the status must already say why, so the resulting onclose is ignored. */
  private async disconnect(): Promise<void> {
    const { client, transport } = this;
    this.client = null;
    this.transport = null;
    if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession().catch(() => undefined);
    await client?.close().catch(() => undefined);
  }

  private async start(): Promise<void> {
    let transport: Transport;
    try {
      transport = this.createTransport();
    } catch (err) {
      this.status = { state: "failed", reason: `cannot set up a transport to ${this.endpoint}: ${errorText(err)}` };
      return;
    }
    const client = new Client(CLIENT_INFO);
    client.onclose = () => this.markLost(isStdioServer(this.config) ? "the server process exited" : "the connection closed");
    this.lastTransportError = null;
    client.onerror = (err) => {
      // Once the stdio buffer refused an oversized message, the rest of that message arrives as
      // unparsable lines: the refusal stays the error that explains the loss.
      if (this.lastTransportError !== null && OVERSIZED.test(this.lastTransportError)) return;
      this.lastTransportError = errorText(err);
      // A read waiting for the refused message would never be answered.
      if (OVERSIZED.test(this.lastTransportError)) this.resourceCatalog.abortReads(this.lastTransportError);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void this.relist();
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      void this.relistResources();
    });

    // The stdio transport spawns synchronously inside connect(); keep the pid so a hung
    // server can be killed at once instead of waiting out the SDK's graceful close.
    const connecting = client.connect(transport, { timeout: this.timeoutMs });
    const pid = transport instanceof StdioClientTransport ? transport.pid : null;
    const connected = await withDeadline(connecting, this.timeoutMs);
    if (!connected.ok) {
      this.status = { state: "failed", reason: this.startFailureReason(connected) };
      killProcess(pid);
      await client.close().catch(() => undefined);
      return;
    }

    this.client = client;
    this.transport = transport;
    this.status = { state: "connected", pid };
    const listing = await this.fetchToolList(client);
    if (!listing.ok) {
      this.status = { state: "failed", reason: listing.reason };
      await this.disconnect();
      return;
    }
    this.install(listing.tools);
    await this.resourceCatalog.refresh(client);
  }

  private createTransport(): Transport {
    if (!isStdioServer(this.config)) {
      const headers = this.config.headers;
      return new StreamableHTTPClientTransport(new URL(this.config.url), headers ? { requestInit: { headers } } : undefined);
    }
    const transport = new StdioClientTransport({
      command: this.config.command,
      args: this.config.args,
      ...(this.config.env ? { env: this.config.env } : {}),
      ...(this.config.cwd ? { cwd: this.config.cwd } : {}),
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
    });
    return transport;
  }

  /** One line saying why the handshake did not complete. */
  private startFailureReason(result: Exclude<Deadline<void>, { ok: true }>): string {
    const stderr = this.stderrSummary();
    if (result.timedOut || (result.error instanceof McpError && result.error.code === ErrorCode.RequestTimeout)) {
      return `the server did not complete the MCP handshake within ${this.timeoutMs} ms (${this.endpoint})${stderr}`;
    }
    const err = result.error;
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (isStdioServer(this.config) && code === "ENOENT") {
      return `cannot start "${this.config.command}": command not found (${errorText(err)})`;
    }
    if (isStdioServer(this.config) && code === "EACCES") {
      return `cannot start "${this.config.command}": permission denied (${errorText(err)})`;
    }
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) {
      return `the server exited before completing the MCP handshake (${this.endpoint})${stderr}`;
    }
    return `MCP handshake with ${this.endpoint} failed: ${errorText(err)}${stderr}`;
  }

  private stderrSummary(): string {
    const lines = this.stderrTail.split("\n").map((line) => line.trim()).filter(Boolean);
    return lines.length > 0 ? `; server stderr: ${lines.slice(-3).join(" | ").slice(-400)}` : "";
  }

  /** Reads every page of tools/list without trusting its shape. Never throws. */
  private async fetchToolList(client: Client): Promise<ToolListing> {
    if (!client.getServerCapabilities()?.tools) return { ok: true, tools: [] };
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      try {
        const result = await client.request(
          { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
          RawToolList,
          { timeout: this.timeoutMs },
        );
        tools.push(...result.tools);
        cursor = result.nextCursor;
      } catch (err) {
        return { ok: false, reason: `tools/list from MCP server "${this.id}" failed: ${errorText(err)}` };
      }
      if (cursor === undefined) return { ok: true, tools };
    }
    return { ok: false, reason: `tools/list from MCP server "${this.id}" did not end after ${MAX_LIST_PAGES} pages` };
  }

  /**
   * Replaces the registered tools with a fresh listing. Each tool is validated on its own:
   * an invalid definition, an input schema that cannot become zod, or a name that collides
   * after sanitizing is excluded with its reason; the rest are registered.
   */
  private install(rawTools: unknown[]): void {
    const registered = new Map<string, ListedTool>();
    const excluded: ExcludedMcpTool[] = [];
    rawTools.forEach((raw, index) => {
      const label = toolLabel(raw, index);
      const parsed = ToolSchema.safeParse(raw);
      if (!parsed.success) {
        excluded.push({ tool: label, reason: `invalid tool definition (${describeIssues(parsed.error.issues)})` });
        return;
      }
      const tool = parsed.data;
      let schema: z.ZodType;
      try {
        schema = z.fromJSONSchema(tool.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
      } catch (err) {
        excluded.push({ tool: tool.name, reason: `its inputSchema cannot be used (${errorText(err)})` });
        return;
      }
      const name = mcpToolName(this.id, tool.name);
      const clash = registered.get(name);
      if (clash) {
        excluded.push({ tool: tool.name, reason: `its name collides with "${clash.mcpName}" as ${name}` });
        return;
      }
      registered.set(name, { mcpName: tool.name, definition: this.define(name, tool, schema) });
    });
    this.registered = registered;
    this.excluded = excluded;
  }

  private define(name: string, tool: Tool, schema: z.ZodType): ToolDefinition {
    const summary = tool.description ?? tool.title ?? tool.annotations?.title ?? tool.name;
    return defineTool({
      name,
      domain: `mcp.${sanitizeName(this.id)}`,
      description: `[external MCP server "${this.id}"] ${summary}`,
      schema,
      inputSchema: tool.inputSchema,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
      risk: this.risk,
      effectContext: () => ({ mcpServer: this.id, endpoint: this.endpoint, mcpTool: tool.name, timeoutMs: this.timeoutMs }),
      // The SDK's own per-call timeout answers first; this is the Tool node's backstop.
      timeoutMs: () => this.timeoutMs + 2000,
      execute: (input, ctx) => this.call(name, tool.name, input, ctx.signal),
    });
  }

  /** Calls one tool; every failure is a recoverable outcome, and a tool that is not ready is never called. */
  private async call(name: string, mcpName: string, input: unknown, signal: AbortSignal | undefined): Promise<ToolOutcome> {
    if (this.relisting) await this.relisting;
    const { client, status } = this;
    if (status.state !== "connected" || !client) {
      const why = status.state === "connected" ? "no client" : `${status.state}: ${status.reason}`;
      return recoverable("unavailable", `MCP server "${this.id}" ${why}; "${mcpName}" was not called`);
    }
    if (!this.registered.has(name)) {
      return recoverable("unavailable", `MCP server "${this.id}" no longer offers "${mcpName}"; it was not called`);
    }
    if (!isPlainObject(input)) return recoverable("invalid_input", `MCP tool "${mcpName}" takes an object of arguments`);
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name: mcpName, arguments: input }, undefined, {
        timeout: this.timeoutMs,
        ...(signal ? { signal } : {}),
      })) as CallToolResult;
    } catch (err) {
      return this.callFailure(mcpName, err, signal);
    }
    if (result.isError) {
      const message = contentText(result) || "no message";
      return recoverable("tool_error", `MCP tool "${mcpName}" on server "${this.id}" reported an error: ${message}`);
    }
    const evidence = contentEvidence(result, `mcp://${this.id}/${mcpName}`);
    return ok(`MCP tool "${mcpName}" on server "${this.id}" returned ${evidence.length} content item(s)`, evidence);
  }

  private callFailure(mcpName: string, err: unknown, signal: AbortSignal | undefined): ToolOutcome {
    const call = `the call to MCP tool "${mcpName}" on server "${this.id}"`;
    if (signal?.aborted) return recoverable("unavailable", `${call} was aborted by the run; its outcome on the server is unknown`);
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      return recoverable("timeout", `${call} got no answer within ${this.timeoutMs} ms; it may still have run on the server`);
    }
    if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) {
      const status = this.status;
      const why = status.state === "connected" ? "the connection closed" : status.reason;
      return recoverable("unavailable", `${call} was cut off: ${why}; its outcome on the server is unknown`);
    }
    if (err instanceof McpError) return recoverable("tool_error", `${call} was rejected: ${err.message}`);
    this.markLost(`a call failed at the transport (${errorText(err)})`);
    return recoverable("unavailable", `${call} failed at the transport: ${errorText(err)}; its outcome on the server is unknown`);
  }

  /**
   * Transport errors alone are not fatal (one unparsable line, a failed optional SSE
   * stream), so `onerror` only records them; a closed connection makes every tool not
   * ready, with the last error and the server's stderr folded into the reason.
   */
  private markLost(what: string): void {
    if (this.status.state !== "connected") return;
    const lastError = this.lastTransportError ? `; last transport error: ${this.lastTransportError}` : "";
    this.status = { state: "crashed", reason: `${what} (${this.endpoint})${lastError}${this.stderrSummary()}` };
    this.emit();
  }

  /** Re-reads the tool list after `notifications/tools/list_changed`; tools are not ready meanwhile. */
  private relist(): Promise<void> {
    return this.serialize("relisting", () => this.refreshTools());
  }

  /**
   * Runs `work` after the previous re-listing of the same kind (held in `slot` while it runs,
   * which is what marks that kind not ready), and tells listeners when it starts and ends.
   */
  private serialize(slot: "relisting" | "relistingResources", work: () => Promise<void>): Promise<void> {
    const next = (this[slot] ?? Promise.resolve()).then(work);
    this[slot] = next;
    void next.finally(() => {
      if (this[slot] !== next) return;
      this[slot] = null;
      this.emit();
    });
    this.emit();
    return next;
  }

  private async refreshTools(): Promise<void> {
    const client = this.client;
    if (this.status.state !== "connected" || !client) return;
    const listing = await this.fetchToolList(client);
    if (listing.ok) {
      this.install(listing.tools);
      return;
    }
    this.registered = new Map();
    this.excluded = [];
    this.markLost(`re-listing tools after a list change failed: ${listing.reason}`);
  }

  /** Re-lists resources after `notifications/resources/list_changed`; they are not ready meanwhile. */
  private relistResources(): Promise<void> {
    return this.serialize("relistingResources", async () => {
      if (this.status.state === "connected" && this.client) await this.resourceCatalog.refresh(this.client);
    });
  }

  private emit(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A listener's fault must not break the connection bookkeeping.
      }
    }
  }
}

type Deadline<T> = { ok: true; value: T } | { ok: false; timedOut: true } | { ok: false; timedOut: false; error: unknown };

/** Settles with the work's outcome or `timedOut` after `ms`, whichever comes first; never rejects. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<Deadline<T>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Deadline<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, timedOut: true }), ms);
  });
  const settled = work.then(
    (value): Deadline<T> => ({ ok: true, value }),
    (error: unknown): Deadline<T> => ({ ok: false, timedOut: false, error }),
  );
  try {
    return await Promise.race([settled, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a server process that never finished starting; it may already be gone. */
function killProcess(pid: number | null): void {
  if (pid === null) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already exited.
  }
}

/** The error's message plus what its causes add (fetch hides "ECONNREFUSED" or "bad port" there). */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const issues = (err as { issues?: unknown }).issues;
  if (Array.isArray(issues) && issues.length > 0) return `malformed result: ${describeIssues(issues)}`;
  const details: string[] = [];
  for (let cause = err.cause; cause instanceof Error && details.length < 3; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    details.push(typeof code === "string" ? code : cause.message);
  }
  const extra = details.filter((detail) => detail && !err.message.includes(detail));
  return extra.length > 0 ? `${err.message} (${extra.join(": ")})` : err.message;
}

/** A validation error (zod, from the SDK's schemas) as one line: `path: message; …`. */
function describeIssues(issues: unknown[]): string {
  return issues
    .map((issue) => {
      const { path = [], message = "invalid" } = issue as { path?: PropertyKey[]; message?: string };
      return path.length > 0 ? `${path.map(String).join(".")}: ${message}` : message;
    })
    .join("; ");
}

function toolLabel(raw: unknown, index: number): string {
  if (isPlainObject(raw) && typeof raw.name === "string" && raw.name.length > 0) return raw.name;
  return `tools[${index}]`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The text of a result's text items, for error messages. */
function contentText(result: CallToolResult): string {
  return result.content
    .flatMap((item) => (item.type === "text" ? [item.text] : []))
    .join("\n")
    .slice(0, 2000);
}

/**
 * Evidence of what the server returned: one verified `other` item per content block
 * (text as-is; binary blocks described), or the structured content when there is no
 * content at all.
 */
function contentEvidence(result: CallToolResult, path: string): EvidenceDraft[] {
  const texts = result.content.map((item): string => {
    switch (item.type) {
      case "text":
        return item.text;
      case "image":
      case "audio":
        return `[${item.type} ${item.mimeType}, ${item.data.length} base64 chars]`;
      case "resource_link":
        return `[resource link ${item.uri}${item.name ? ` "${item.name}"` : ""}]`;
      case "resource":
        return "text" in item.resource ? item.resource.text : `[binary resource ${item.resource.uri}]`;
      default:
        return `[${(item as { type: string }).type} content]`;
    }
  });
  if (texts.length === 0 && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  return texts.map((text) => ({ kind: "record", source: { path }, content: text.slice(0, MAX_EVIDENCE_CHARS), verified: true }));
}
