/**
 * The completion sets written blind (issue 21): scripted runs written by someone who had not
 * read the gate's code, committed before any run. `tuning-heldout1` was the first held-out set;
 * its misses were then read and tuned on, so it is a tuning set now. `tuning-heldout2` to
 * `tuning-heldout36` were the next thirty-five, each measured once blind and tuned on since
 * (eval/completion/<split>/cases.json). Each case is a request, an initial workspace, the
 * real tool calls a model made, its final answer, and whether the gate must accept that first
 * answer (`pass`) or refuse it (`block`). The answer is given twice, so a
 * refused run also shows what follows a refusal: the gate alone must never fail a run. These
 * sets are reported apart from the request table (bench/taskTable), and apart from each other.
 *
 * Run alone: `npx tsx bench/completionHeldout.ts [--split <name>] [--json]`.
 */
import { existsSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
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

/** The blind-written sets, each measured once blind (`firstMeasured`); the tuning-* ones have been tuned on since. */
export const COMPLETION_SPLITS = {
  "tuning-heldout1": "tuning set 1 (first held-out set, since tuned on)",
  "tuning-heldout2": "tuning set 2 (second held-out set, measured once blind, since tuned on)",
  "tuning-heldout3": "tuning set 3 (third held-out set, measured once blind, since tuned on)",
  "tuning-heldout4": "tuning set 4 (fourth held-out set, measured once blind, since tuned on)",
  "tuning-heldout5": "tuning set 5 (fifth held-out set, measured once blind, since tuned on)",
  "tuning-heldout6": "tuning set 6 (sixth held-out set, measured once blind, since tuned on)",
  "tuning-heldout7": "tuning set 7 (seventh held-out set, measured once blind, since tuned on)",
  "tuning-heldout8": "tuning set 8 (eighth held-out set, measured once blind, since tuned on)",
  "tuning-heldout9": "tuning set 9 (ninth held-out set, measured once blind, since tuned on)",
  "tuning-heldout10": "tuning set 10 (tenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout11": "tuning set 11 (eleventh held-out set, measured once blind, since tuned on)",
  "tuning-heldout12": "tuning set 12 (twelfth held-out set, measured once blind, since tuned on)",
  "tuning-heldout13": "tuning set 13 (thirteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout14": "tuning set 14 (fourteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout15": "tuning set 15 (fifteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout16": "tuning set 16 (sixteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout17": "tuning set 17 (seventeenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout18": "tuning set 18 (eighteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout19": "tuning set 19 (nineteenth held-out set, measured once blind, since tuned on)",
  "tuning-heldout20": "tuning set 20 (twentieth held-out set, measured once blind, since tuned on)",
  "tuning-heldout21": "tuning set 21 (twenty-first held-out set, measured once blind, since tuned on)",
  "tuning-heldout22": "tuning set 22 (twenty-second held-out set, measured once blind, since tuned on)",
  "tuning-heldout23": "tuning set 23 (twenty-third held-out set, measured once blind, since tuned on)",
  "tuning-heldout24": "tuning set 24 (twenty-fourth held-out set, measured once blind, since tuned on)",
  "tuning-heldout25": "tuning set 25 (twenty-fifth held-out set, measured once blind, since tuned on)",
  "tuning-heldout26": "tuning set 26 (twenty-sixth held-out set, measured once blind, since tuned on)",
  "tuning-heldout27": "tuning set 27 (twenty-seventh held-out set, measured once blind, since tuned on)",
  "tuning-heldout28": "tuning set 28 (twenty-eighth held-out set, measured once blind, since tuned on)",
  "tuning-heldout29": "tuning set 29 (twenty-ninth held-out set, measured once blind, since tuned on)",
  "tuning-heldout30": "tuning set 30 (thirtieth held-out set, measured once blind, since tuned on)",
  "tuning-heldout31": "tuning set 31 (thirty-first held-out set, measured once blind, since tuned on)",
  "tuning-heldout32": "tuning set 32 (thirty-second held-out set, measured once blind, since tuned on)",
  "tuning-heldout33": "tuning set 33 (thirty-third held-out set, measured once blind, since tuned on)",
  "tuning-heldout34": "tuning set 34 (thirty-fourth held-out set, measured once blind, since tuned on)",
  "tuning-heldout35": "tuning set 35 (thirty-fifth held-out set, measured once blind, since tuned on)",
  "tuning-heldout36": "tuning set 36 (thirty-sixth held-out set, measured once blind, since tuned on)",
  heldout37: "held-out set 37 (written blind, measured once)",
} as const;
export type CompletionSplit = keyof typeof COMPLETION_SPLITS;

export const splitDir = (split: CompletionSplit) => join(PACKAGE_ROOT, "eval", "completion", split);

export function loadHeldout(split: CompletionSplit = "tuning-heldout1"): HeldoutCase[] {
  return z.array(HeldoutCase).parse(JSON.parse(readFileSync(join(splitDir(split), "cases.json"), "utf8")));
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

export async function runHeldout(cases: HeldoutCase[]): Promise<HeldoutReport> {
  const results: HeldoutResult[] = [];
  for (const c of cases) {
    const outcome = await runGateScript({ id: c.id, request: c.request, files: c.files, work: c.work.map((w) => [w.tool, w.args]), answers: [c.answer, c.answer] });
    // Only the verdict is kept: the run's temporary workspace goes.
    await rm(outcome.workspace, { recursive: true, force: true });
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

/** The sets that exist on disk. */
export const presentSplits = (): CompletionSplit[] => (Object.keys(COMPLETION_SPLITS) as CompletionSplit[]).filter((s) => existsSync(join(splitDir(s), "cases.json")));

/** The blind-written sets' report for `npm run bench`, one block per split. */
export async function runHeldoutBench(splits: readonly CompletionSplit[] = presentSplits()): Promise<string> {
  const blocks: string[] = [];
  for (const split of splits) blocks.push(await splitReport(split));
  return blocks.join("\n");
}

async function splitReport(split: CompletionSplit): Promise<string> {
  const report = await runHeldout(loadHeldout(split));
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");
  const lines = [
    `Completion gate on ${COMPLETION_SPLITS[split]} (eval/completion/${split}):`,
    `cases ${report.cases}  false-block ${report.falseBlocks}/${report.shouldPass} ${pct(report.falseBlocks, report.shouldPass)}  false-pass ${report.falsePasses}/${report.shouldBlock} ${pct(report.falsePasses, report.shouldBlock)}  runs not completed ${report.failedRuns}`,
  ];
  const misses = heldoutMisses(report);
  // A blind set's misses are not printed: whoever reads them has tuned on it (it is renamed tuning-* first).
  if (!split.startsWith("tuning-")) lines.push(`  ${misses.length} misses not shown: the set is blind (--json prints them, for its provenance)`);
  else for (const m of misses) lines.push(`  miss ${m.id} [${m.category}, ${m.lang}] expected ${m.expected}, got ${m.got} (${m.status}): ${m.note.slice(0, 240)}`);
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // `--split <name>` runs one set; without it, every set present.
  const json = process.argv.includes("--json");
  const at = process.argv.indexOf("--split");
  const chosen = at >= 0 ? [process.argv[at + 1] as CompletionSplit] : presentSplits();
  const bad = chosen.find((s) => !(s in COMPLETION_SPLITS));
  if (bad !== undefined) {
    console.error(`unknown split ${String(bad)}; known: ${Object.keys(COMPLETION_SPLITS).join(", ")}`);
    process.exit(1);
  }
  (json
    ? Promise.all(chosen.map(async (s) => { const report = await runHeldout(loadHeldout(s)); return { split: s, ...report, results: undefined, misses: heldoutMisses(report) }; })).then((r) => console.log(JSON.stringify(r, null, 2)))
    : runHeldoutBench(chosen).then(console.log))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    });
}
