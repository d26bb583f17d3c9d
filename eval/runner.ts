/**
 * Runs a suite: every case on every route, with one model spec and one catalog. Each
 * route gets a fresh copy of the case's fixture, a fresh model, the same simulated user and
 * the same tools. A malformed case, a missing fixture or a route that throws becomes that
 * case's error record with its reason; the run goes on and the summary counts it.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import type { ToolDefinition } from "../tools/types.js";
import { loadSuite, type EvalCase, type SuiteEntry } from "./case.js";
import { catalogFor, catalogLabel, recordingTools, type CatalogSpec } from "./catalog.js";
import { doubleExecutions, prematureAnswer, runCheck, searchCounts, unapprovedSideEffects } from "./checks.js";
import { modelForCase, modelLabel, type ModelSpec } from "./models/index.js";
import type { Route } from "./routes/types.js";
import { summarize, type RouteSummary } from "./summary.js";
import { SimulatedUser } from "./user.js";
import type { CaseRecord, ExecutionRecord, ModelCallRecord, RouteName } from "./types.js";

type RiskOf = (tool: string) => ToolDefinition["risk"] | undefined;

export const DEFAULT_EVAL_MAX_STEPS = 16;

export interface EvalOptions {
  suiteFile: string;
  routes: Route[];
  model: ModelSpec;
  catalog: CatalogSpec;
  maxSteps?: number;
  /** Run only these case ids (the token sweep). */
  only?: ReadonlySet<string>;
  /** Called after each route finishes a case. */
  onProgress?: (done: number, total: number, label: string) => void;
}

export interface EvalRun {
  meta: { suite: string; model: string; catalog: string; catalogSize: number; routes: RouteName[]; cases: number; startedAt: string; wallMs: number; node: string };
  records: CaseRecord[];
  summary: RouteSummary[];
}

/** Where a suite's fixtures live: `fixtures/` beside the suite file. */
export const fixturesDirOf = (suiteFile: string) => join(dirname(resolve(suiteFile)), "fixtures");

export async function runEval(opts: EvalOptions): Promise<EvalRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const entries = loadSuite(opts.suiteFile).filter((e) => !opts.only || (e.ok && opts.only.has(e.case.id)));
  const catalog = catalogFor(opts.catalog);
  const risks = new Map(catalog.map((t) => [t.name, t.risk]));
  const riskOf = (tool: string) => risks.get(tool);
  const total = entries.length * opts.routes.length;
  const records: CaseRecord[] = [];
  for (const entry of entries) {
    for (const route of opts.routes) {
      records.push(await runOne(entry, route, catalog, riskOf, opts));
      opts.onProgress?.(records.length, total, `${route.name} ${entry.ok ? entry.case.id : entry.id}`);
    }
  }
  return {
    meta: {
      suite: relative(process.cwd(), resolve(opts.suiteFile)) || opts.suiteFile,
      model: modelLabel(opts.model),
      catalog: catalogLabel(opts.catalog),
      catalogSize: catalog.length,
      routes: opts.routes.map((r) => r.name),
      cases: entries.length,
      startedAt,
      wallMs: Math.round(performance.now() - started),
      node: process.version,
    },
    records,
    summary: summarize(records, opts.routes.map((r) => r.name)),
  };
}

function errorRecord(route: RouteName, entry: SuiteEntry, error: string, wallMs = 0): CaseRecord {
  const c = entry.ok ? entry.case : null;
  return {
    route,
    caseId: c?.id ?? (entry.ok ? "" : entry.id),
    split: c?.split ?? "unknown",
    category: c?.category ?? "unknown",
    subsets: c?.subsets ?? [],
    status: "error",
    error,
    success: false,
    goldTools: c?.gold.tools ?? [],
    goldReached: [],
    reached: null,
    selected: null,
    modelCalls: 0,
    promptTokens: [],
    meanPromptTokens: 0,
    toolSearchCalls: 0,
    unnecessarySearches: 0,
    unapprovedSideEffects: 0,
    doubleExecutions: 0,
    prematureAnswers: 0,
    prematureBlocked: 0,
    failureExpected: c?.expect.failure ?? "none",
    failureClassCorrect: null,
    wallMs,
    checks: [],
    executions: [],
    approvals: [],
    answer: null,
    notComparable: {},
    notes: [],
  };
}

async function runOne(entry: SuiteEntry, route: Route, catalog: ToolDefinition[], riskOf: RiskOf, opts: EvalOptions): Promise<CaseRecord> {
  if (!entry.ok) return errorRecord(route.name, entry, entry.error);
  const evalCase = entry.case;
  const fixture = join(fixturesDirOf(opts.suiteFile), evalCase.fixture);
  if (!existsSync(fixture) || !statSync(fixture).isDirectory()) return errorRecord(route.name, entry, `fixture not found: ${fixture}`);
  const workspace = mkdtempSync(join(tmpdir(), `mira-eval-${evalCase.id}-`));
  const started = performance.now();
  try {
    cpSync(fixture, workspace, { recursive: true });
    const executions: ExecutionRecord[] = [];
    const calls: ModelCallRecord[] = [];
    const user = new SimulatedUser(evalCase.user.approvals, evalCase.user.answer);
    const { model, dice } = modelForCase(opts.model, evalCase, opts.suiteFile, riskOf);
    const outcome = await route.run({
      evalCase,
      workspace,
      tools: recordingTools(catalog, executions),
      catalog,
      model,
      dice,
      user,
      calls,
      maxSteps: opts.maxSteps ?? DEFAULT_EVAL_MAX_STEPS,
      countTokens: true,
    });
    const wallMs = performance.now() - started;
    return measure(route.name, evalCase, { workspace, fixture, executions, calls, user, outcome, wallMs, riskOf });
  } catch (err) {
    const message = (err as Error).message?.split("\n")[0] ?? String(err);
    return errorRecord(route.name, entry, `${route.name} crashed: ${message}`, performance.now() - started);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

function measure(
  route: RouteName,
  evalCase: EvalCase,
  run: {
    workspace: string;
    fixture: string;
    executions: ExecutionRecord[];
    calls: ModelCallRecord[];
    user: SimulatedUser;
    outcome: Awaited<ReturnType<Route["run"]>>;
    wallMs: number;
    riskOf: RiskOf;
  },
): CaseRecord {
  const { executions, calls, outcome } = run;
  const facts = { workspace: run.workspace, fixture: run.fixture, executions, approvals: run.user.asked, answer: outcome.answer };
  const checks = evalCase.expect.checks.map((c) => runCheck(c, facts));
  const visible = new Set(calls.flatMap((c) => c.visibleTools));
  const goldReached = evalCase.gold.tools.filter((t) => visible.has(t));
  const calledTools = new Set(calls.flatMap((c) => (c.turn.type === "call" ? [c.turn.tool] : [])));
  const { searches, unnecessary } = searchCounts(calls);
  const tokens = calls.map((c) => c.promptTokens);
  const expected = evalCase.expect.failure;
  const notComparable = { ...outcome.notComparable };
  let failureClassCorrect: boolean | null;
  if (expected === "terminal") failureClassCorrect = outcome.terminal === null ? null : outcome.terminal;
  else if (expected === "recoverable") failureClassCorrect = outcome.terminal !== true && outcome.recoverableFailures > 0;
  else failureClassCorrect = outcome.terminal !== true;
  if (failureClassCorrect !== null) delete notComparable.failureClass;
  return {
    route,
    caseId: evalCase.id,
    split: evalCase.split,
    category: evalCase.category,
    subsets: evalCase.subsets,
    status: "ok",
    success: checks.every((c) => c.pass),
    goldTools: evalCase.gold.tools,
    goldReached,
    reached: evalCase.gold.tools.length ? goldReached.length === evalCase.gold.tools.length : null,
    selected: goldReached.length ? goldReached.every((t) => calledTools.has(t)) : null,
    modelCalls: calls.length,
    promptTokens: tokens,
    meanPromptTokens: tokens.length ? Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length) : 0,
    toolSearchCalls: searches,
    unnecessarySearches: unnecessary,
    unapprovedSideEffects: unapprovedSideEffects(executions, run.user.asked),
    doubleExecutions: doubleExecutions(executions, evalCase),
    prematureAnswers: !outcome.guarded && prematureAnswer(outcome.answer, executions, evalCase, run.riskOf) ? 1 : 0,
    prematureBlocked: outcome.prematureBlocked,
    failureExpected: expected,
    failureClassCorrect,
    wallMs: Math.round(run.wallMs),
    checks,
    executions,
    approvals: run.user.asked,
    answer: outcome.answer,
    notComparable,
    notes: outcome.notes,
  };
}
