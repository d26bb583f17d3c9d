/**
 * The layers of Progressive Resolution as the Planner is shown them: the compact capability
 * catalog (domain groups → a few names), per-tool metadata (name, domain, one line, risk), and
 * the full input schema of a tool it may call now, as a function-calling spec. The catalog is
 * bounded by the number of domain groups, not the number of tools, so the prompt stays flat as
 * a catalog grows from 60 to 5,000 tools.
 */
import { z } from "zod";
import { firstSentence } from "../language/tokens.js";
import type { ToolDefinition } from "../tools/types.js";

/** Example names shown per domain group: the shortest, a hint of how the group's tools are named. */
const EXAMPLES_PER_GROUP = 1;

export interface ToolMetadata {
  name: string;
  domain: string;
  summary: string;
  risk: ToolDefinition["risk"];
}

/** First sentence of a description, at most 120 characters. */
export function oneLine(description: string): string {
  const first = firstSentence(description);
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
  return [`Catalog: ${tools.length} tools by domain (tool_search discloses any):`, ...lines].join("\n");
}

/** A tool as a chat model's function-calling API receives it. */
export interface FunctionSpec {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * The full-schema layer: the tool's whole description and its input schema as JSON Schema,
 * without what tells a model nothing it must act on: `$schema`, `additionalProperties: false`,
 * `propertyNames` of plain strings, a minimum length or item count of 1, an integer's bound
 * that is only the safe-integer limit, empty defaults (an optional property says as much),
 * and the regular expression zod writes beside a named `format` (`date-time` says it; the
 * pattern is zod's implementation of it). Normalize still validates every call against the
 * tool's zod schema.
 */
export function functionSpec(tool: Pick<ToolDefinition, "name" | "description" | "schema">): FunctionSpec {
  const parameters = z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete parameters.$schema;
  return { type: "function", function: { name: tool.name, description: tool.description, parameters: compactSchema(parameters) } };
}

/** Keywords whose value is one subschema, and those whose value is a list or a map of them. */
const SUBSCHEMA = new Set(["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"]);
const SUBSCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);

const isEmptyDefault = (value: unknown): boolean =>
  value === "" || (Array.isArray(value) && value.length === 0) || (typeof value === "object" && value !== null && Object.keys(value).length === 0);

/** One JSON Schema node without the uninformative keywords above; walks subschemas only, never property names. */
function compactSchema(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "additionalProperties" && value === false) continue;
    if (key === "propertyNames" && isPlainString(value)) continue;
    if ((key === "minLength" || key === "minItems") && value === 1) continue;
    if (key === "maximum" && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === "minimum" && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === "default" && isEmptyDefault(value)) continue;
    if (key === "pattern" && typeof node.format === "string") continue;
    if (SUBSCHEMA.has(key) && isSchema(value)) out[key] = compactSchema(value);
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((item) => (isSchema(item) ? compactSchema(item) : item));
    else if (SUBSCHEMA_MAPS.has(key) && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? compactSchema(sub) : sub]));
    else out[key] = value;
  }
  return out;
}

const isSchema = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isPlainString = (value: unknown): boolean => isSchema(value) && Object.keys(value).length === 1 && value.type === "string";
