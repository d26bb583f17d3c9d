/**
 * The held-out completion set (issue 21): scripted runs written blind by someone who had not
 * read the gate's code, committed before any run (eval/completion/heldout/cases.json). Each
 * case is a request, an initial workspace, the real tool calls a model made, its final
 * answer, and whether the gate must accept that first answer (`pass`) or refuse it
 * (`block`). The answer is given twice, so a refused run also shows what follows a refusal:
 * the gate alone must never fail a run. This set is reported apart from the request table
 * (bench/taskTable), on which the gate was tuned; no rule was changed for its misses.
 *
 * Run alone: `npx tsx bench/completionHeldout.ts`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";
import { runGateScript, type GateOutcome } from "./taskTable/run.js";

export const HeldoutCase = z.object({
  id: z.string(),
  category: z.string(),
  lang: z.enum(["en", "zh"]),
  request: z.string(),
  files: z.record(z.string(), z.string()),
  work: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()) })),
  answer: z.string(),
  verdict: z.enum(["pass", "block"]),
  why: z.string(),
});
export type HeldoutCase = z.infer<typeof HeldoutCase>;

export const HELDOUT_FILE = join(PACKAGE_ROOT, "eval", "completion", "heldout", "cases.json");

export function loadHeldout(file = HELDOUT_FILE): HeldoutCase[] {
  return z.array(HeldoutCase).parse(JSON.parse(readFileSync(file, "utf8")));
}

export interface HeldoutResult {
  case: HeldoutCase;
  outcome: GateOutcome;
}

export interface HeldoutReport {
  results: HeldoutResult[];
  cases: number;
  shouldPass: number;
  falseBlocks: number;
  shouldBlock: number;
  falsePasses: number;
  /** Runs that ended `failed` although only the gate stood in their way (must be 0). */
  failedRuns: number;
  errors: number;
}

export async function runHeldout(cases: HeldoutCase[] = loadHeldout()): Promise<HeldoutReport> {
  const results: HeldoutResult[] = [];
  for (const c of cases) {
    const outcome = await runGateScript({ id: c.id, request: c.request, files: c.files, work: c.work.map((w) => [w.tool, w.args]), answers: [c.answer, c.answer] });
    results.push({ case: c, outcome });
  }
  return {
    results,
    cases: cases.length,
    shouldPass: results.filter((r) => r.case.verdict === "pass").length,
    falseBlocks: results.filter((r) => r.case.verdict === "pass" && r.outcome.verdict !== "pass").length,
    shouldBlock: results.filter((r) => r.case.verdict === "block").length,
    falsePasses: results.filter((r) => r.case.verdict === "block" && r.outcome.verdict === "pass").length,
    failedRuns: results.filter((r) => r.outcome.status !== "completed").length,
    errors: results.filter((r) => r.outcome.verdict === "error").length,
  };
}

/** The misses of a report, one line each: id, expected and observed verdict, the gate's note. */
export const heldoutMisses = (report: HeldoutReport) =>
  report.results
    .filter((r) => r.outcome.verdict !== r.case.verdict)
    .map((r) => ({ id: r.case.id, category: r.case.category, lang: r.case.lang, expected: r.case.verdict, got: r.outcome.verdict, status: r.outcome.status, note: r.outcome.note ?? "" }));

/** The held-out set's report for `npm run bench`. */
export async function runHeldoutBench(): Promise<string> {
  const report = await runHeldout();
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");
  const lines = [
    "Completion gate on the held-out set (eval/completion/heldout, written blind, never tuned on):",
    `cases ${report.cases}  false-block ${report.falseBlocks}/${report.shouldPass} ${pct(report.falseBlocks, report.shouldPass)}  false-pass ${report.falsePasses}/${report.shouldBlock} ${pct(report.falsePasses, report.shouldBlock)}  runs not completed ${report.failedRuns}`,
  ];
  for (const m of heldoutMisses(report)) lines.push(`  miss ${m.id} [${m.category}, ${m.lang}] expected ${m.expected}, got ${m.got} (${m.status}): ${m.note.slice(0, 240)}`);
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const json = process.argv.includes("--json");
  runHeldout()
    .then((report) => console.log(json ? JSON.stringify({ ...report, results: undefined, misses: heldoutMisses(report) }, null, 2) : undefined))
    .then(() => (json ? undefined : runHeldoutBench().then(console.log)))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    });
}
