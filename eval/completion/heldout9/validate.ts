/**
 * Parses heldout9's cases.json with `HeldoutCase` and every work item's args with its tool's
 * zod schema from the runner's own tool list. It never runs the gate.
 * Run: `npx tsx eval/completion/heldout9/validate.ts`.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { HeldoutCase } from "../../../bench/completionHeldout.js";
import { tableTools } from "../../../bench/taskTable/run.js";

const cases = z.array(HeldoutCase).parse(JSON.parse(readFileSync(new URL("./cases.json", import.meta.url), "utf8")));
const tools = new Map(tableTools().map((t) => [t.name, t]));
const problems: string[] = [];
for (const c of cases) {
  for (const w of c.work) {
    const tool = tools.get(w.tool);
    if (!tool) problems.push(`${c.id}: no tool ${w.tool} in tableTools()`);
    else if (!tool.schema.safeParse(w.args).success) problems.push(`${c.id}: ${w.tool} args do not parse: ${JSON.stringify(w.args)}`);
  }
}
const ids = new Set(cases.map((c) => c.id));
if (ids.size !== cases.length) problems.push("duplicate ids");
console.log(`${cases.length} cases parsed; ${problems.length} problems`);
for (const p of problems) console.log(p);
process.exit(problems.length ? 1 : 0);
