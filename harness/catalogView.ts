/**
 * The first two layers of Progressive Resolution as text for the Planner: the compact
 * capability catalog (domain groups → a few names) and per-tool metadata (name, domain,
 * one line, risk). Full input schemas are the third layer and come only with the loadout.
 * The catalog is bounded by the number of domain groups, not the number of tools, so the
 * prompt stays flat as a catalog grows from 60 to 5,000 tools.
 */
import type { ToolDefinition } from "../tools/types.js";

/** Example names shown per domain group. */
const EXAMPLES_PER_GROUP = 2;

export interface ToolMetadata {
  name: string;
  domain: string;
  summary: string;
  risk: ToolDefinition["risk"];
}

/** First sentence of a description, at most 120 characters. */
export function oneLine(description: string): string {
  const first = description.split(/(?<=[.!?。])\s/)[0] ?? description;
  return first.length <= 120 ? first : `${first.slice(0, 117)}...`;
}

export const metadataOf = (tool: ToolDefinition): ToolMetadata => ({
  name: tool.name,
  domain: tool.domain,
  summary: oneLine(tool.description),
  risk: tool.risk,
});

export function renderCompactCatalog(tools: readonly ToolDefinition[]): string {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const group = tool.domain.split(".")[0] ?? tool.domain;
    groups.set(group, [...(groups.get(group) ?? []), tool.name]);
  }
  const lines = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([group, names]) => {
      const examples = [...names].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, EXAMPLES_PER_GROUP);
      const more = names.length > examples.length ? ", …" : "";
      return `- ${group} (${names.length}): ${examples.join(", ")}${more}`;
    });
  return [`Tool domains (${tools.length} tools; state the need, or call tool_search):`, ...lines].join("\n");
}
