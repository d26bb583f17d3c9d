/**
 * Harness contracts (CONTRACT §7). Six states are never conflated:
 * registered ≠ ready ≠ authorized ≠ discoverable ≠ disclosed ≠ executable.
 */
import type { ToolDefinition } from "../tools/types.js";

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

/** The run's authority envelope: which tools this user/task/agent may use at all. */
export interface AuthorityEnvelope {
  /** Tool names or domain prefixes ("git.*") allowed; `["*"]` allows all. */
  allow: string[];
  /** Tool names or domain prefixes denied; deny wins over allow. */
  deny: string[];
}

/** Per-agent view kind (CONTRACT §7, §8). */
export type AgentScope = { kind: "main" } | { kind: "generic_child"; id: string } | { kind: "skill_child"; id: string; skill: string };

/** How a tool entered the loadout. */
export type ResolutionStage = "exact" | "structural" | "lexical" | "semantic" | "search";

export type ToolStateName = "registered" | "ready" | "authorized" | "discoverable" | "disclosed" | "executable";

/** One tool's six states, each with the reason it is not reached. */
export type ToolStatus = {
  name: string;
  source: string;
  states: Record<ToolStateName, { reached: true } | { reached: false; reason: string }>;
};
