/**
 * Harness contracts (CONTRACT §7). Six states are never conflated:
 * registered ≠ ready ≠ authorized ≠ discoverable ≠ disclosed ≠ executable.
 */

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
