/**
 * The catalog file format (one JSON array of `{name, domain, description, inputSchema, risk}`)
 * and its conversion to ToolDefinitions. Loading a bad catalog never crashes a command: the
 * first problem comes back as one specific line (which entry, which field, what is wrong).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readCached, sourceKey, writeCached } from "../../language/cache.js";
import { z } from "zod";
import { RiskClass } from "../../state/types.js";
import type { ToolDefinition } from "../types.js";
import { simulatedBackend } from "./simulated.js";
import { InputError } from "../../contract/errors.js";

export const CatalogEntry = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.\-]*$/, "tool names start with a letter and use only letters, digits, '_', '.' and '-'")
    .describe("Canonical tool name; the only name the Planner may call it by."),
  domain: z.string().min(1).describe("Capability domain, dotted from general to specific, e.g. code.github or mail."),
  description: z.string().min(1).describe("What the tool does, for the model; the first sentence is its one-line summary."),
  inputSchema: z.record(z.string(), z.unknown()).describe("JSON Schema of the tool's input; must describe an object."),
  risk: RiskClass.describe("Risk class; every class except read needs approval by default."),
  annotations: z
    .object({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional()
    .describe("MCP tool annotations as the tool's author published them: hints for resolution, never authority."),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

/** A catalog that cannot be used; `message` is one line naming the file and the problem. */
export class CatalogError extends InputError {}

export type CatalogParse = { ok: true; tools: ToolDefinition[] } | { ok: false; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Why `schema` is not a usable tool input schema, or undefined when it is. Checks the shape
 * zod's converter does not (an object at the top, well-formed properties and required), then
 * converts it with `z.fromJSONSchema`, reporting what the converter rejects.
 */
export function inputSchemaProblem(schema: Record<string, unknown>): string | undefined {
  if (schema.type !== "object") return `inputSchema must have "type": "object" (got ${JSON.stringify(schema.type) ?? "none"})`;
  const properties = schema.properties ?? {};
  if (!isPlainObject(properties)) return "inputSchema.properties must be an object of property schemas";
  for (const [key, value] of Object.entries(properties)) {
    if (!isPlainObject(value) && typeof value !== "boolean") return `inputSchema.properties.${key} must be a schema object`;
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((item) => typeof item === "string")) return "inputSchema.required must be an array of property names";
  const unknown = required.find((item) => !(item in properties));
  if (unknown !== undefined) return `inputSchema.required names "${unknown}", which is not in properties`;
  try {
    z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return `inputSchema is not a supported JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}

/**
 * A tool from a validated entry, with a deterministic simulated backend (see simulated.ts).
 * Its zod schema is converted on first use: resolving over 5,000 entries reads only their JSON.
 */
export function entryToTool(entry: CatalogEntry): ToolDefinition {
  let schema: z.ZodType | undefined;
  return {
    name: entry.name,
    domain: entry.domain,
    description: entry.description,
    get schema() {
      schema ??= z.fromJSONSchema(entry.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
      return schema;
    },
    inputSchema: entry.inputSchema,
    ...(entry.annotations ? { annotations: entry.annotations } : {}),
    risk: entry.risk,
    execute: simulatedBackend(entry),
  };
}

/** Validates a parsed catalog (`label` names it in messages); never throws. */
export function parseCatalog(data: unknown, label: string): CatalogParse {
  if (!Array.isArray(data)) return { ok: false, message: `${label}: a catalog must be a JSON array of tool entries` };
  const firstIndex = new Map<string, number>();
  const tools: ToolDefinition[] = [];
  for (const [index, raw] of data.entries()) {
    const rawName = isPlainObject(raw) && typeof raw.name === "string" ? ` ("${raw.name}")` : "";
    const where = `${label}: entry ${index}${rawName}`;
    const parsed = CatalogEntry.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, message: `${where}: ${issue?.path.join(".") || "entry"}: ${issue?.message ?? "invalid entry"}` };
    }
    const entry = parsed.data;
    const earlier = firstIndex.get(entry.name);
    if (earlier !== undefined) return { ok: false, message: `${label}: duplicate tool name "${entry.name}" (entries ${earlier} and ${index})` };
    firstIndex.set(entry.name, index);
    const problem = inputSchemaProblem(entry.inputSchema);
    if (problem) return { ok: false, message: `${where}: ${problem}` };
    tools.push(entryToTool(entry));
  }
  return { ok: true, tools };
}

/** Reads and validates a catalog file; throws CatalogError with one specific line when unusable. */
export function loadCatalogFile(path: string): ToolDefinition[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new CatalogError(`cannot read catalog file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogError(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A file whose exact content passed before (its SHA-256 is remembered) is not validated again.
  const marker = `catalog-valid-${sourceKey(import.meta.url)}-${createHash("sha256").update(text).digest("hex")}`;
  if (readCached(marker) !== undefined && Array.isArray(data)) return data.map((raw: Record<string, unknown>) => entryToTool(passedEntry(raw)));
  const parsed = parseCatalog(data, path);
  if (!parsed.ok) throw new CatalogError(parsed.message);
  writeCached(marker, "");
  return parsed.tools;
}

const ENTRY_KEYS = Object.keys(CatalogEntry.shape);
const ANNOTATION_KEYS = Object.keys(CatalogEntry.shape.annotations.unwrap().shape);

/** The present `keys` of `raw`, in that order. */
const pick = (raw: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => raw[key] !== undefined).map((key) => [key, raw[key]]));

/**
 * An entry of content that passed `CatalogEntry` before, as its parse returns it (the
 * schema's keys in the schema's order, unknown keys dropped), without validating it again:
 * zod checked 5,000 entries in ~60 ms of a second `mira tools resolve`.
 */
function passedEntry(raw: Record<string, unknown>): CatalogEntry {
  const entry = pick(raw, ENTRY_KEYS);
  if (isPlainObject(raw.annotations)) entry.annotations = pick(raw.annotations, ANNOTATION_KEYS);
  return entry as CatalogEntry;
}

/** The catalog-file form of any tool (its zod schema exported as JSON Schema). */
export function toCatalogEntry(tool: ToolDefinition): CatalogEntry {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return { name: tool.name, domain: tool.domain, description: tool.description, inputSchema, risk: tool.risk, ...(tool.annotations ? { annotations: tool.annotations } : {}) };
}
