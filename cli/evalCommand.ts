/**
 * The body of `mira eval` (registered in cli/eval.ts, loaded only when it runs): runs an
 * evaluation suite on the chosen routes with one model and one catalog, shows a progress
 * bar on stderr, and writes results.json, report.md and report.html into --out. Case errors
 * (a malformed case, a missing fixture, a crashing route) are part of the results; only bad
 * flags or an unreadable suite are usage errors.
 */
import { resolve } from "node:path";
import { parseCatalogSpec } from "../eval/catalog.js";
import { loadSuite } from "../eval/case.js";
import { modelLabel, parseModelSpec } from "../eval/models/index.js";
import { writeReports } from "../eval/output.js";
import { table } from "../eval/report/markdown.js";
import { parseRoutes } from "../eval/routes/index.js";
import { DEFAULT_EVAL_MAX_STEPS, runEval } from "../eval/runner.js";
import { tokenSweep } from "../eval/sweep.js";
import type { Output } from "./io.js";
import { EXIT } from "./summary.js";
import { UsageError } from "../contract/errors.js";

export interface EvalOpts {
  suite: string;
  routes?: string;
  model: string;
  catalog?: string;
  out: string;
  faultRate: string;
  maxSteps?: string;
  sweep: string;
}

const BAR = 30;

/** A progress bar that redraws in place on a terminal and prints every tenth on a pipe. */
function progress(err: (s: string) => void) {
  const tty = Boolean(process.stderr.isTTY);
  let lastTenth = -1;
  return (done: number, total: number, label: string) => {
    const filled = Math.round((done / Math.max(1, total)) * BAR);
    const line = `[${"#".repeat(filled)}${".".repeat(BAR - filled)}] ${done}/${total} ${label}`;
    if (tty) {
      process.stderr.write(`\r${line.padEnd(100).slice(0, 100)}${done === total ? "\n" : ""}`);
      return;
    }
    const tenth = Math.floor((10 * done) / Math.max(1, total));
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      err(line);
    }
  };
}

function number(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${flag} must be a non-negative number, got "${raw}"`);
  return n;
}

export async function evalCommand(opts: EvalOpts, io: Output): Promise<number> {
  const routes = parseRoutes(opts.routes);
  const model = parseModelSpec(opts.model, number(opts.faultRate, "--fault-rate", 0.3));
  const catalog = parseCatalogSpec(opts.catalog);
  const maxSteps = number(opts.maxSteps, "--max-steps", DEFAULT_EVAL_MAX_STEPS);
  const sweepCases = number(opts.sweep, "--sweep", 3);
  const suiteFile = resolve(opts.suite);
  loadSuite(suiteFile); // an unreadable suite is a usage error, before anything runs
  if (model.kind === "openai" && !model.env.OPENAI_API_KEY) {
    io.err("mira eval: --model openai needs OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); skipped, nothing was run");
    return EXIT.completed;
  }
  const onProgress = progress(io.err);
  const run = await runEval({ suiteFile, routes, model, catalog, maxSteps, onProgress });
  const sweep = await tokenSweep(suiteFile, routes, sweepCases, (label) => io.err(label));
  const paths = writeReports(run, sweep, resolve(opts.out));
  const errors = run.records.filter((r) => r.status === "error").length;
  io.out(`mira eval: ${modelLabel(model)} model, ${run.meta.catalog} catalog (${run.meta.catalogSize} tools), ${run.meta.cases} cases × ${routes.length} routes, ${errors} case error(s)`);
  io.out("held-out:");
  io.out(table(run.summary, "heldout"));
  io.out(`wrote ${paths.results}, ${paths.markdown}, ${paths.html}`);
  return EXIT.completed;
}

