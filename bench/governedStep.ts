/**
 * Per-step cost of one governed tool step (Planner → Normalize → Policy → Tool → Evidence)
 * against LangChain `createAgent`, both on a SQLite checkpointer and the same scripted,
 * zero-latency trajectory: N calls to a read-class no-op tool, then a final answer.
 *
 * What is measured is the MARGINAL cost at step N (time per step over the last window of
 * steps, from stream timestamps), not the run's average: a runtime whose checkpoint grows
 * with the run gets slower per step as it goes, and an average hides that.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { tool } from "@langchain/core/tools";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createAgent } from "langchain";
import { z } from "zod";
import { openCheckpointStore } from "../checkpointers/index.js";
import { buildMiraGraph } from "../graphs/mira.js";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { ScriptedChatModel, type ScriptedTurn } from "../models/scripted.js";
import { Policy } from "../policy/policy.js";
import { DocumentIndex } from "../retrieval/documentIndex.js";
import { recursionLimitFor } from "../runtime/createRuntime.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { startRunInput } from "../runtime/startRun.js";
import { noopTool } from "./noopTool.js";

export const DEFAULT_STEP_COUNTS = [50, 100, 200, 400];
/** Acceptance: Mira's marginal ms/step at the largest N ÷ at the smallest N. */
export const MAX_FLATNESS_RATIO = 1.5;
/** Acceptance: createAgent ms/step ÷ Mira ms/step at the largest N. */
export const MIN_SPEEDUP = 5;
/** Steps in the window the marginal cost is taken over (half the run when shorter). */
const MARGINAL_WINDOW = 50;
/**
 * Each measurement is repeated, the runners interleaved, and the cheapest run kept: on a
 * shared machine other work only ever adds time, so the minimum is the least noisy estimate.
 */
const REPEATS = 3;
/** Steps of the warm-up run of each runner (JIT, module loading, SQLite page cache). */
const WARMUP_STEPS = 100;

/** A measured run that did not finish its trajectory: its numbers would be meaningless. */
export class BenchRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** One run of one runner for N steps. */
interface StepRun {
  steps: number;
  totalMs: number;
  /** ms per step over the last window of tool completions. */
  marginalMsPerStep: number;
  footprint: CheckpointFootprint;
}

/** What the SQLite checkpointer holds after a run. */
interface CheckpointFootprint {
  /** checkpoint + metadata blobs plus pending-write values, all rows. */
  totalBytes: number;
  /** Size of the newest checkpoint blob (what the next step has to load and rewrite). */
  latestCheckpointBytes: number;
  checkpointRows: number;
}

/** The no-op trajectory: N tool-call turns, then a final turn of the runner's kind. */
function trajectory(steps: number, finalTurn: ScriptedTurn): ScriptedTurn[] {
  const calls = Array.from({ length: steps }, (_, i): ScriptedTurn => ({ content: "", tool_calls: [{ id: `c${i}`, name: "noop", args: { n: i } }] }));
  return [...calls, finalTurn];
}

/** ms per step over the last `window` completions: the marginal cost at the end of the run. */
function marginalCost(completions: number[]): number {
  const window = Math.min(MARGINAL_WINDOW, Math.floor(completions.length / 2));
  const last = completions.at(-1);
  const first = completions.at(-1 - window);
  if (last === undefined || first === undefined || window === 0) return Number.NaN;
  return (last - first) / window;
}

function checkpointFootprint(dbPath: string): CheckpointFootprint {
  const db = new Database(dbPath, { readonly: true });
  try {
    const cp = db.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(checkpoint) + LENGTH(metadata)), 0) AS bytes FROM checkpoints").get() as { n: number; bytes: number };
    const writes = db.prepare("SELECT COALESCE(SUM(LENGTH(value)), 0) AS bytes FROM writes").get() as { bytes: number };
    const latest = db.prepare("SELECT LENGTH(checkpoint) AS bytes FROM checkpoints ORDER BY checkpoint_id DESC LIMIT 1").get() as { bytes: number } | undefined;
    return { totalBytes: cp.bytes + writes.bytes, latestCheckpointBytes: latest?.bytes ?? 0, checkpointRows: cp.n };
  } finally {
    db.close();
  }
}

/** Runs `body` with a fresh SQLite path and an empty workspace directory, removed afterwards. */
async function withTempDir<T>(body: (paths: { dbPath: string; workspace: string }) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "mira-bench-"));
  try {
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    return await body({ dbPath: join(dir, "checkpoints.db"), workspace });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Timestamps each completion of `toolNode` in an `updates` stream. */
async function toolCompletions(stream: AsyncIterable<Record<string, unknown>>, toolNode: string): Promise<number[]> {
  const at: number[] = [];
  for await (const chunk of stream) if (toolNode in chunk) at.push(performance.now());
  return at;
}

async function runMira(steps: number): Promise<StepRun> {
  return withTempDir(async ({ dbPath, workspace }) => {
    const store = await openCheckpointStore(`sqlite:${dbPath}`);
    try {
      const maxSteps = steps + 5;
      const rt: MiraRuntime = {
        agent: "main",
        workspaceRoot: workspace,
        model: new ScriptedChatModel(trajectory(steps, { content: "", tool_calls: [{ id: "final", name: "answer", args: { text: `counted to ${steps}`, citations: [] } }] })),
        harness: new Harness({ sources: [staticSource("bench", [noopTool])], authority: { allow: ["*"], deny: [] } }),
        policy: Policy.defaults(),
        ledger: store.ledger,
        documents: new DocumentIndex(workspace),
        defaults: { maxSteps, maxAttempts: 3 },
      };
      const app = buildMiraGraph(rt).compile({ checkpointer: store.checkpointer });
      // The request of tests/graph.failure.test.ts's long run: its goals are covered by the no-op calls.
      const input = startRunInput(`call noop for each number up to ${steps}`);
      const started = performance.now();
      const stream = await app.stream(input, { configurable: { thread_id: "bench" }, recursionLimit: recursionLimitFor(maxSteps), streamMode: "updates" });
      const completions = await toolCompletions(stream as AsyncIterable<Record<string, unknown>>, "Tool");
      const totalMs = performance.now() - started;
      const final = await app.getState({ configurable: { thread_id: "bench" } });
      if (final.values.status !== "completed" || completions.length !== steps) {
        throw new BenchRunError(`mira bench run did not complete: status ${final.values.status}, ${completions.length}/${steps} tool steps`);
      }
      return { steps, totalMs, marginalMsPerStep: marginalCost(completions), footprint: checkpointFootprint(dbPath) };
    } finally {
      await store.close();
    }
  });
}

const langchainNoop = tool(async ({ n }: { n: number }) => `noop ${n}`, {
  name: "noop",
  description: "Does nothing and says so.",
  schema: z.object({ n: z.number().int().describe("A step number.") }),
});

async function runCreateAgent(steps: number): Promise<StepRun> {
  return withTempDir(async ({ dbPath }) => {
    const db = new Database(dbPath);
    db.pragma("journal_mode = WAL");
    try {
      const agent = createAgent({
        model: new ScriptedChatModel(trajectory(steps, { content: `counted to ${steps}`, tool_calls: [] })),
        tools: [langchainNoop],
        checkpointer: new SqliteSaver(db),
      });
      const config = { configurable: { thread_id: "bench" }, recursionLimit: steps * 2 + 10, streamMode: "updates" as const };
      const started = performance.now();
      const stream = await agent.stream({ messages: [{ role: "user", content: `count to ${steps}` }] }, config);
      const completions = await toolCompletions(stream as AsyncIterable<Record<string, unknown>>, "tools");
      const totalMs = performance.now() - started;
      if (completions.length !== steps) throw new BenchRunError(`createAgent bench run did not complete: ${completions.length}/${steps} tool steps`);
      return { steps, totalMs, marginalMsPerStep: marginalCost(completions), footprint: checkpointFootprint(dbPath) };
    } finally {
      db.close();
    }
  });
}

const cheaper = (a: StepRun, b: StepRun) => (a.marginalMsPerStep <= b.marginalMsPerStep ? a : b);

/** Both runners at N steps, `REPEATS` times interleaved (so both see the same load); the cheapest run of each. */
async function measure(steps: number): Promise<{ mira: StepRun; agent: StepRun }> {
  let mira = await runMira(steps);
  let agent = await runCreateAgent(steps);
  for (let i = 1; i < REPEATS; i++) {
    mira = cheaper(mira, await runMira(steps));
    agent = cheaper(agent, await runCreateAgent(steps));
  }
  return { mira, agent };
}

const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

/**
 * Measures both runners at each N (interleaved, after one warm-up of each) and returns a
 * printable report with the acceptance checks. Throws `BenchRunError` if a run does not complete.
 */
export async function runGovernedStepBench(opts: { steps?: number[] } = {}): Promise<string> {
  const counts = [...(opts.steps ?? DEFAULT_STEP_COUNTS)].sort((a, b) => a - b);
  await runMira(WARMUP_STEPS);
  await runCreateAgent(WARMUP_STEPS);

  const rows: { steps: number; mira: StepRun; agent: StepRun }[] = [];
  for (const steps of counts) rows.push({ steps, ...(await measure(steps)) });

  const header = ["N", "mira ms/step", "createAgent ms/step", "ratio", "mira B/step", "createAgent B/step", "mira latest ckpt", "createAgent latest ckpt", "mira total ms", "createAgent total ms"];
  const table = rows.map(({ steps, mira, agent }) => [
    String(steps),
    fmt(mira.marginalMsPerStep),
    fmt(agent.marginalMsPerStep),
    `${fmt(agent.marginalMsPerStep / mira.marginalMsPerStep, 1)}×`,
    fmt(mira.footprint.totalBytes / steps, 0),
    fmt(agent.footprint.totalBytes / steps, 0),
    kb(mira.footprint.latestCheckpointBytes),
    kb(agent.footprint.latestCheckpointBytes),
    fmt(mira.totalMs, 0),
    fmt(agent.totalMs, 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i] ?? 0)).join(" | ")} |`;

  const first = rows[0];
  const last = rows.at(-1);
  const checks: string[] = [];
  if (first && last) {
    const flatness = last.mira.marginalMsPerStep / first.mira.marginalMsPerStep;
    const speedup = last.agent.marginalMsPerStep / last.mira.marginalMsPerStep;
    checks.push(
      `${verdict(flatness <= MAX_FLATNESS_RATIO)} mira flatness: ${fmt(last.mira.marginalMsPerStep)} ms/step at N=${last.steps} ÷ ${fmt(first.mira.marginalMsPerStep)} at N=${first.steps} = ${fmt(flatness)} (limit ${MAX_FLATNESS_RATIO})`,
      `${verdict(speedup >= MIN_SPEEDUP)} speedup at N=${last.steps}: createAgent ${fmt(last.agent.marginalMsPerStep)} ÷ mira ${fmt(last.mira.marginalMsPerStep)} ms/step = ${fmt(speedup, 1)}× (need ≥ ${MIN_SPEEDUP}×)`,
    );
  }
  return [
    "Governed tool step: per-step cost (SQLite checkpointer, scripted zero-latency model, no-op tool)",
    `ms/step = marginal cost over the last ${MARGINAL_WINDOW} steps (half the run if shorter), cheapest of ${REPEATS} interleaved runs`,
    "B/step = all checkpoint + metadata + pending-write bytes in the SQLite file ÷ N; latest ckpt = size of the newest checkpoint blob",
    "",
    line(header),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...table.map(line),
    "",
    ...checks,
  ].join("\n");
}
