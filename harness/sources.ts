/** Tool sources whose tool list is fixed when they are made (built-in and simulated tools). */
import type { ToolDefinition, Readiness, ToolSource } from "../tools/types.js";

/** Readiness of a static source: one answer for all its tools, or one per tool name. */
export type StaticReadiness = Readiness | ((toolName: string) => Readiness);

/**
 * A ToolSource over a fixed list of tools. Readiness defaults to ready; pass a function to
 * model a probe whose answer changes (it is asked on every status/resolve/execute check).
 */
export function staticSource(id: string, tools: readonly ToolDefinition[], readiness: StaticReadiness = { ready: true }): ToolSource {
  const list = [...tools];
  return {
    id,
    tools: () => list,
    readiness: (toolName) => (typeof readiness === "function" ? readiness(toolName) : readiness),
  };
}
