/**
 * Parses heldout8's cases.json with `HeldoutCase` and every work item's args with its tool's
 * schema (the workspace tools' own; the runner's integration doubles take string fields).
 * It does not run the gate. Run: `npx tsx eval/completion/tuning-heldout8/validate.ts`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { HeldoutCase } from "../../../bench/completionHeldout.js";
import { workspaceTools } from "../../../tools/workspace/index.js";

const strings = (...keys: string[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.string()])));
const schemas: Record<string, z.ZodTypeAny> = {
  ...Object.fromEntries(workspaceTools().map((t) => [t.name, t.schema as z.ZodTypeAny])),
  ci_status: strings("branch"),
  mail_send: strings("to", "subject", "body"),
  mail_search: strings("query"),
  calendar_events: strings("day"),
  web_lookup: strings("query"),
};

const raw: unknown = JSON.parse(readFileSync(join(import.meta.dirname, "cases.json"), "utf8"));
const cases = z.array(HeldoutCase).parse(raw);
const problems: string[] = [];
const ids = new Set<string>();
for (const c of cases) {
  if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
  ids.add(c.id);
  if (!/^[a-z-]+\/[a-z0-9-]+$/.test(c.category)) problems.push(`${c.id}: category ${c.category} is not <group>/<shape>`);
  c.work.forEach((w, i) => {
    const schema = schemas[w.tool];
    if (!schema) return problems.push(`${c.id} step ${i}: unknown tool ${w.tool}`);
    const parsed = schema.safeParse(w.args);
    if (!parsed.success) problems.push(`${c.id} step ${i} (${w.tool}): ${parsed.error.message}`);
  });
}
console.log(`${cases.length} cases parsed; ${problems.length} problems`);
for (const p of problems) console.log(`  ${p}`);
process.exitCode = problems.length ? 1 : 0;
