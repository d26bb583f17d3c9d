/**
 * The one shape every concrete tool has (workspace, simulated catalog, MCP).
 * Expected failures are returned as data (`ok: false`), never thrown; a throw from
 * `execute` is treated by the Tool node as a recoverable `tool_error`.
 */
import type { z } from "zod";
import type { EvidenceDraft, Failure, RiskClass, ToolOutcome } from "../state/types.js";

export interface ToolContext {
  /** Absolute, real path of the workspace root; every path a tool touches must stay inside it. */
  workspaceRoot: string;
  signal?: AbortSignal;
}

/** MCP tool annotations: hints from the tool's author; they describe, they never authorize (CONTRACT §3). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  /** Canonical name; the only name Normalize accepts. */
  name: string;
  /** Capability domain, e.g. "workspace.read", "git", "mail". */
  domain: string;
  description: string;
  /** zod input schema; every field carries a description. */
  schema: S;
  risk: RiskClass;
  /** The input schema as JSON Schema, when the tool was defined from one (catalog files, MCP servers). */
  inputSchema?: Record<string, unknown>;
  /** MCP tool annotations (`readOnlyHint`, `destructiveHint`, `title`…): the author's hints, never authority. */
  annotations?: ToolAnnotations;
  /**
   * Everything besides the input that changes what the call does (cwd, env, timeout,
   * target resource). Folded into `inputHash` so an approval never covers another effect.
   */
  effectContext?: (input: z.infer<S>, ctx: ToolContext) => Record<string, unknown>;
  /**
   * Milliseconds the Tool node lets one call run before abandoning it (aborting `ctx.signal`);
   * default DEFAULT_TOOL_TIMEOUT_MS. Tools with their own deadline report it plus a margin.
   */
  timeoutMs?: (input: z.infer<S>) => number;
  execute: (input: z.infer<S>, ctx: ToolContext) => Promise<ToolOutcome>;
}

/** Identity helper that keeps the schema's inferred input type on `execute`. */
export function defineTool<S extends z.ZodType>(def: ToolDefinition<S>): ToolDefinition {
  return def as unknown as ToolDefinition;
}

export const ok = (summary: string, evidence: EvidenceDraft[] = []): ToolOutcome => ({ ok: true, summary, evidence });
export const recoverable = (kind: Extract<Failure, { recoverable: true }>["kind"], message: string): ToolOutcome => ({
  ok: false,
  failure: { recoverable: true, kind, message },
});
export const terminal = (kind: Extract<Failure, { recoverable: false }>["kind"], message: string): ToolOutcome => ({
  ok: false,
  failure: { recoverable: false, kind, message },
});

/** Runtime readiness: can this tool run now (server connected, credentials present...). */
export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * A provider of concrete tools whose readiness can change at run time
 * (the built-in workspace tools, a simulated catalog, a live MCP server).
 */
export interface ToolSource {
  readonly id: string;
  /** Tools currently registered by this source. */
  tools(): ToolDefinition[];
  /** Readiness of one of this source's tools. */
  readiness(toolName: string): Readiness;
  /**
   * The source's own grant for one of its tools, checked after the run's authority envelope.
   * Absent: the source grants everything it registers. An MCP server grants only what its
   * config lists (a connection is not access, CONTRACT §3).
   */
  grant?(toolName: string): { allowed: true } | { allowed: false; reason: string };
  /** Subscribe to tool-list or readiness changes; returns an unsubscribe function. */
  onChange?(listener: () => void): () => void;
  close?(): Promise<void>;
}
