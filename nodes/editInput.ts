/**
 * An edited call's input read through the tool's own schema (CONTRACT §3). UIs send edited
 * fields as text (Agent Chat UI turns every argument into a string), so a string is coerced
 * when the field's schema wants a boolean (`"true"`/`"false"`), a number (a numeric string)
 * or an object/array (its JSON). What still fails the schema is refused with zod's message.
 */
import { z } from "zod";
import type { ToolDefinition } from "../tools/types.js";

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}
const defOf = (s: z.ZodType | undefined): Def | undefined => (s as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The field's type under optional/default/nullable wrappers and pipes. */
function baseType(schema: z.ZodType | undefined): string | undefined {
  let cur = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(cur);
    if (!def) return undefined;
    if (WRAPPERS.has(def.type)) cur = def.innerType;
    else if (def.type === "pipe") cur = def.in;
    else return def.type;
  }
  return undefined;
}

function coerce(type: string | undefined, value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (type === "boolean" && /^(true|false)$/i.test(text)) return text.toLowerCase() === "true";
  if (type === "number" && text !== "" && Number.isFinite(Number(text))) return Number(text);
  if ((type === "object" || type === "record" || type === "array") && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  return value;
}

export type EditedInput = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

/** The edited input with text fields coerced to the schema's types, validated. Never throws. */
export function readEditedInput(tool: ToolDefinition | undefined, input: Record<string, unknown>): EditedInput {
  if (!tool) return { ok: true, input }; // Normalize reports a tool that is gone.
  const shape = defOf(tool.schema)?.type === "object" ? (defOf(tool.schema)?.shape ?? {}) : {};
  const coerced = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, coerce(baseType(shape[k]), v)]));
  const parsed = tool.schema.safeParse(coerced);
  if (!parsed.success) return { ok: false, message: `the edited input for ${tool.name} fails its schema: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}` };
  return { ok: true, input: coerced };
}
