/**
 * Kill tests (issue 7): SIGKILL a real `mira` process at a random point after it opened the
 * checkpoint store, then recover the thread the way a user would (`mira show`, then
 * `mira resume`), and check the contract of §3:
 *   - 0 double executions (the command's side effect happens at most once);
 *   - 0 runs that cannot be continued or cleanly failed (each ends completed or failed);
 *   - 0 corrupted threads (the state reads back, the ledger has no entry left `started`).
 *
 * Each trial: `mira run` pauses at the approval of a `run_command` that appends to a log and
 * sleeps; `mira resume --approve` is spawned and killed at a random moment after it printed
 * its first line (the store is open and the lease held by then), within a window as long as
 * a whole resume currently takes (`KillWindow`), so kills land before, in and after the tool
 * whatever the machine's load. Half of the trials also kill the first recovery `mira resume` (killed
 * during resume). Every recovery step is recorded (what show said, the lease holder, the
 * ledger rows, the exit code and first stderr line), so a trial left unfinished says why.
 * Run: `npx tsx scripts/killHarness.ts [--sqlite 100] [--postgres 30] [--seed N]`; the
 * PostgreSQL trials use MIRA_TEST_POSTGRES_URL.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, realpath, writeFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../cli/main.js";
import { seededRandom } from "../contract/seededRandom.js";
import type { RunSummary } from "../cli/summary.js";

const REPO = resolve(fileURLToPath(import.meta.url), "../..");
const BIN = join(REPO, "bin/mira.js");

/** Where a trial's kills landed, read from the command's own log and the ledger. */
export type KillPoint = "before_tool" | "in_tool" | "after_tool" | "after_checkpoint";

export interface TrialResult {
  thread: string;
  killPoint: KillPoint;
  /** Kills of the recovery resume as well ("during resume"). */
  killedDuringResume: boolean;
  executions: number;
  /** The ledger settled the call as outcome_unknown (its process died inside it). */
  outcomeUnknown: boolean;
  finalStatus: string;
  /** Each recovery step: what show said, what was spawned, and how it ended. */
  recoveries: RecoveryStep[];
  /** Non-empty when a contract check failed. */
  problems: string[];
}

/** One recovery round as a user would see it: the thread before, what ran, and how it ended. */
export interface RecoveryStep {
  /** `status/progress` that `mira show` reported before the step. */
  seen: string;
  /** The lease holder `mira show` named, when the thread was being advanced. */
  owner: string | null;
  /** The ledger rows as `mira show` listed them before the step. */
  ledger: string[];
  action: "resume" | "resume --approve" | "none";
  /** `killed`, or the exit code of the spawned `mira`. */
  outcome: "killed" | number | null;
  /** The first line the step printed on stderr. */
  stderr: string;
  elapsedMs: number;
}

export interface KillSummary {
  store: "sqlite" | "postgres";
  trials: number;
  doubleExecutions: number;
  unrecoverable: number;
  corrupted: number;
  byKillPoint: Record<KillPoint, number>;
  killedDuringResume: number;
  outcomeUnknown: number;
  /** How many trials needed 0, 1, 2, … recovery steps. */
  recoverySteps: Record<number, number>;
  results: TrialResult[];
}


async function miraInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

/**
 * Spawns `mira args`; when `killAfterMs` is set, SIGKILLs it that long after its first line
 * of output. Resolves with whether it was killed (or exited first), and how long it lived
 * after its first line.
 */
function spawnMira(args: string[], killAfterMs: number | null): Promise<{ killed: boolean; code: number | null; stderr: string; spanMs: number | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, MIRA_CHECKPOINTER: "" } });
    let killed = false;
    let firstLineAt: number | null = null;
    child.stdout.on("data", () => {
      if (firstLineAt !== null) return;
      firstLineAt = Date.now();
      if (killAfterMs === null) return;
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) killed = child.kill("SIGKILL");
      }, killAfterMs);
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => done({ killed, code, stderr: stderr.trim().split("\n")[0] ?? "", spanMs: firstLineAt === null ? null : Date.now() - firstLineAt }));
  });
}

/**
 * How long after its first line a kill may land: a little more than a whole resume lives on
 * this machine now (at least 900 ms), learned from the resumes that ran to completion. On a
 * loaded machine a resume is slower, and a fixed window would only ever kill before the tool.
 */
export class KillWindow {
  ms = 900;
  learn(run: { killed: boolean; code: number | null; spanMs: number | null }): void {
    if (run.killed || run.code !== 0 || run.spanMs === null) return;
    const spanMs = run.spanMs;
    this.ms = Math.max(900, Math.round(0.5 * this.ms + 0.5 * 1.2 * spanMs));
  }
}

/** How many recovery steps a user is expected to need at most: show, then resume, each time. */
const RECOVERY_ROUNDS = 6;

const TASK_SCRIPT = (logFile: string) => ({
  turns: [
    { content: "", tool_calls: [{ id: "k1", name: "run_command", args: { command: "sh", args: ["-c", `echo started >> ${logFile}; sleep 0.4; echo done >> ${logFile}`] } }] },
    { content: "", tool_calls: [{ id: "a1", name: "answer", args: { text: "ran the command" } }] },
  ],
});

async function countLines(file: string, word: string): Promise<number> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter((l) => l === word).length;
}

interface ShowResult extends RunSummary {
  progress: { state: string; owner?: string };
  executions: Array<{ toolCallId: string; status: string }>;
}

/** The thread as `mira show --json` reports it, or the error line when show fails. */
async function show(thread: string, store: string): Promise<ShowResult | string> {
  const r = await miraInProcess(["show", thread, "--checkpointer", store, "--json"]);
  if (r.stderr) return r.stderr;
  try {
    return JSON.parse(r.stdout) as ShowResult;
  } catch {
    return `unreadable show output: ${r.stdout.slice(0, 200)}`;
  }
}

/** One trial; never throws for a contract failure, it reports it in `problems`. */
export async function runTrial(store: string, storeKind: "sqlite" | "postgres", random: () => number, index: number, window = new KillWindow()): Promise<TrialResult> {
  const ws = await realpath(await mkdtemp(join(tmpdir(), "mira-kill-")));
  const log = join(ws, "ran.log");
  const scriptPath = join(ws, "script.json");
  await writeFile(scriptPath, JSON.stringify(TASK_SCRIPT(log)));
  const thread = `kill-${storeKind}-${process.pid}-${index}-${Date.now()}`;
  const problems: string[] = [];
  const storeArg = storeKind === "sqlite" ? `sqlite:${join(ws, "mira.db")}` : store;

  const paused = await miraInProcess(["run", "run the command", "--workspace", ws, "--model", `scripted:${scriptPath}`, "--checkpointer", storeArg, "--thread", thread, "--json"]);
  const call = (JSON.parse(paused.stdout) as RunSummary).pendingToolCall!;
  const approve = ["resume", thread, "--approve", "--tool-call-id", call.toolCallId, "--input-hash", call.inputHash, "--checkpointer", storeArg];
  window.learn(await spawnMira(approve, Math.floor(random() * window.ms)));

  // Where the kill landed, before recovery changes anything.
  const started = await countLines(log, "started");
  const before = await show(thread, storeArg);
  let killPoint: KillPoint = "before_tool";
  if (typeof before === "string") problems.push(`show after the kill failed: ${before}`);
  else if (before.status === "completed") killPoint = "after_checkpoint";
  else if (started > 0) killPoint = (await countLines(log, "done")) > 0 && before.executions.some((e) => e.status === "completed") ? "after_tool" : "in_tool";

  let killedDuringResume = false;
  const recoveries: RecoveryStep[] = [];
  let final: ShowResult | string = before;
  // Each round reads the thread back first, so the last recovery's outcome is read too.
  for (let round = 0; round <= RECOVERY_ROUNDS; round++) {
    final = await show(thread, storeArg);
    if (typeof final === "string") {
      problems.push(`show failed: ${final}`);
      break;
    }
    if (final.status === "completed" || final.status === "failed" || round === RECOVERY_ROUNDS) break;
    const step: RecoveryStep = {
      seen: `${final.status}/${final.progress.state}`,
      owner: final.progress.owner ?? null,
      ledger: final.executions.map((e) => `${e.toolCallId} ${e.status}`),
      action: "none",
      outcome: null,
      stderr: "",
      elapsedMs: 0,
    };
    recoveries.push(step);
    const killThisOne = round === 0 && random() < 0.5;
    killedDuringResume ||= killThisOne;
    const killAfter = killThisOne ? Math.floor(random() * window.ms) : null;
    const startedAt = Date.now();
    let r: Awaited<ReturnType<typeof spawnMira>>;
    if (final.progress.state === "interrupted") {
      step.action = "resume";
      r = await spawnMira(["resume", thread, "--checkpointer", storeArg], killAfter);
    } else if (final.status === "waiting_approval" && final.pendingToolCall) {
      const c = final.pendingToolCall;
      step.action = "resume --approve";
      r = await spawnMira(["resume", thread, "--approve", "--tool-call-id", c.toolCallId, "--input-hash", c.inputHash, "--checkpointer", storeArg], killAfter);
    } else {
      problems.push(`thread stuck: status ${final.status}, progress ${final.progress.state}${step.owner ? ` (${step.owner})` : ""}`);
      break;
    }
    window.learn(r);
    step.outcome = r.killed ? "killed" : r.code;
    step.stderr = r.stderr;
    step.elapsedMs = Date.now() - startedAt;
  }
  // A killed sh may still be finishing its sleep; give it time to write what it would.
  await new Promise((r) => setTimeout(r, 500));
  const executions = await countLines(log, "started");
  if (executions > 1) problems.push(`double execution: the command started ${executions} times`);
  const finalStatus = typeof final === "string" ? "unreadable" : final.status;
  if (finalStatus !== "completed" && finalStatus !== "failed") problems.push(`not continued or cleanly failed: ${finalStatus}`);
  if (typeof final !== "string" && final.executions.some((e) => e.status === "started")) problems.push("ledger entry left started");
  if (started > 0 && typeof final !== "string" && final.executions.length === 0) problems.push("the command ran but the ledger has no entry");
  const outcomeUnknown = typeof final !== "string" && final.executions.some((e) => e.status === "outcome_unknown");
  await rm(ws, { recursive: true, force: true });
  return { thread, killPoint, killedDuringResume, executions, outcomeUnknown, finalStatus, recoveries, problems };
}

export async function runKillTrials(opts: { store: string; kind: "sqlite" | "postgres"; trials: number; seed: number; onTrial?: (r: TrialResult, i: number) => void }): Promise<KillSummary> {
  const random = seededRandom(opts.seed);
  const window = new KillWindow();
  const results: TrialResult[] = [];
  for (let i = 0; i < opts.trials; i++) {
    const result = await runTrial(opts.store, opts.kind, random, i, window);
    results.push(result);
    opts.onTrial?.(result, i);
  }
  const byKillPoint: Record<KillPoint, number> = { before_tool: 0, in_tool: 0, after_tool: 0, after_checkpoint: 0 };
  results.forEach((r) => (byKillPoint[r.killPoint] += 1));
  const recoverySteps: Record<number, number> = {};
  results.forEach((r) => (recoverySteps[r.recoveries.length] = (recoverySteps[r.recoveries.length] ?? 0) + 1));
  return {
    store: opts.kind,
    trials: results.length,
    doubleExecutions: results.filter((r) => r.executions > 1).length,
    unrecoverable: results.filter((r) => r.finalStatus !== "completed" && r.finalStatus !== "failed").length,
    corrupted: results.filter((r) => r.problems.some((p) => p.includes("ledger") || p.includes("show"))).length,
    byKillPoint,
    killedDuringResume: results.filter((r) => r.killedDuringResume).length,
    outcomeUnknown: results.filter((r) => r.outcomeUnknown).length,
    recoverySteps,
    results,
  };
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seed = argValue("--seed", 7);
  const postgres = process.env.MIRA_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const plans: Array<{ kind: "sqlite" | "postgres"; trials: number }> = [
    { kind: "sqlite", trials: argValue("--sqlite", 100) },
    { kind: "postgres", trials: argValue("--postgres", 30) },
  ];
  let failed = false;
  for (const plan of plans) {
    if (plan.trials <= 0) continue;
    const summary = await runKillTrials({
      store: plan.kind === "sqlite" ? "sqlite" : postgres,
      kind: plan.kind,
      trials: plan.trials,
      seed,
      // One JSON line per trial, so a run stopped early still has its figures.
      onTrial: (r, i) => console.log(JSON.stringify({ store: plan.kind, trial: i, ...r })),
    });
    const { results, ...figures } = summary;
    console.log(JSON.stringify({ summary: figures }));
    failed ||= results.some((r) => r.problems.length > 0);
  }
  process.exit(failed ? 1 : 0);
}
