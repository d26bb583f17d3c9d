/**
 * `mira serve` beside the stock dev server (`langgraphjs dev`, in-memory) on one workload,
 * one instance each, interleaved: the same graph (`langgraph.json`'s `mira`), the same
 * offline planner, the same demo workspace (a copy each), the same number of workers.
 *
 * The workload: `CONCURRENCY` SDK clients, each taking tasks in turn. A task creates a
 * thread and runs it with `runs.wait`: half are the demo's read question (they complete),
 * half are writes that pause for approval, which the client reads from the thread state and
 * approves (Mira's reply keyed by the interrupt id) with a second `runs.wait`. Throughput is
 * tasks per second of wall clock; resume latency is from the resume request to its answer.
 * Rounds alternate which server goes first (ABBA), and the load average is printed beside
 * the figures, since this machine is shared.
 *
 * `npx tsx bench/serveThroughput.ts [tasks per round] [rounds]` (default 40 × 4) after
 * `npm run build` (`mira serve` runs from dist/); the `npm run bench` report runs a short
 * version (20 × 2). Needs PostgreSQL and Redis.
 */
import { cp, mkdtemp, realpath, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import pg from "pg";
import { freePort, spawnServe } from "../server/cluster.js";
import { spawnDevServer } from "../tests/support/devServer.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL = process.env.MIRA_BENCH_POSTGRES_URL ?? process.env.MIRA_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CONCURRENCY = 8;
/** Runs each server executes at once: `--workers` of `mira serve`, `--n-jobs-per-worker` of the dev server. */
const WORKERS = 4;
const READ_GOAL = "Where is the retry limit configured, and what is its value?";
const STARTUP_MS = 90_000;
const SCHEMA = "mira_bench_throughput";

interface Values {
  status: string;
  pendingToolCall: { toolCallId: string; inputHash: string } | null;
}

interface Server {
  name: "langgraphjs dev" | "mira serve";
  url: string;
  workspace: string;
  stop(): Promise<void>;
}

interface Round {
  wallMs: number;
  tasks: number;
  resumeMs: number[];
  /** Tasks whose thread did not end `completed`, or that failed on the client. */
  failed: number;
  firstFailure?: string;
}

async function workspaceCopy(dir: string): Promise<string> {
  const workspace = join(dir, "workspace");
  await cp(join(REPO_ROOT, "demo/workspace"), workspace, { recursive: true });
  return workspace;
}

const graphEnv = (workspace: string) => ({ MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: "offline", MIRA_POLICY: "", MIRA_MCP_CONFIG: "" });

async function startDev(dir: string): Promise<Server> {
  const workspace = await workspaceCopy(dir);
  const port = await freePort();
  // The dev server keeps checkpoints in memory; the ledger is Mira's, in SQLite.
  const { child, url, log, stop } = spawnDevServer(port, ["--n-jobs-per-worker", String(WORKERS)], { LOG_LEVEL: "warn", MIRA_CHECKPOINTER: `sqlite:${join(dir, "ledger.db")}`, ...graphEnv(workspace) });
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`langgraphjs dev exited with ${child.exitCode}:\n${log()}`);
    if (await fetch(`${url}/ok`).then((r) => r.ok, () => false)) return { name: "langgraphjs dev", url, workspace, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`langgraphjs dev not up after ${STARTUP_MS} ms:\n${log()}`);
}

async function startMira(dir: string, connectionString: string): Promise<Server> {
  const workspace = await workspaceCopy(dir);
  const proc = await spawnServe({ checkpointer: connectionString, workers: WORKERS, env: graphEnv(workspace) });
  return { name: "mira serve", url: proc.url, workspace, stop: () => proc.stop() };
}

/** One round of `tasks` tasks against one server. */
async function load(server: Server, round: number, tasks: number): Promise<Round> {
  const client = new Client({ apiUrl: server.url, callerOptions: { maxRetries: 0 } });
  const resumeMs: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const one = async (i: number) => {
    const write = i % 2 === 0;
    const thread = await client.threads.create();
    const goal = write ? `Create notes/r${round}-b${i}.md with "run ${i}"` : READ_GOAL;
    let values = (await client.runs.wait(thread.thread_id, "mira", { input: { goal } })) as unknown as Values;
    if (write) {
      const state = await client.threads.getState<Values>(thread.thread_id);
      const interrupt = state.tasks.flatMap((t) => t.interrupts)[0];
      if (!interrupt || !state.values.pendingToolCall) throw new Error(`task ${i}: no approval pending (status ${state.values.status})`);
      const { toolCallId, inputHash } = state.values.pendingToolCall;
      const began = performance.now();
      values = (await client.runs.wait(thread.thread_id, "mira", { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } })) as unknown as Values;
      resumeMs.push(performance.now() - began);
    }
    if (values?.status !== "completed") throw new Error(`task ${i}: ended ${values?.status ?? JSON.stringify(values).slice(0, 200)}`);
  };
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < tasks; i = next++) await one(i).catch((err: unknown) => failures.push((err as Error)?.message ?? String(err)));
    }),
  );
  return { wallMs: performance.now() - began, tasks, resumeMs, failed: failures.length, firstFailure: failures[0] };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN;
};
const load1 = () => loadavg().map((l) => l.toFixed(1)).join(" ");

/** The report: runs/s and p50/p95 resume per server, their ratio, the load average before and after. */
export async function runServeThroughputBench(tasks = 40, rounds = 4): Promise<string> {
  const admin = new pg.Pool({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; DROP SCHEMA IF EXISTS ${SCHEMA}_pgboss CASCADE; CREATE SCHEMA ${SCHEMA}`);
  } catch (err) {
    await admin.end();
    return `serve throughput: skipped (PostgreSQL at ${new URL(POSTGRES_URL).host} unreachable: ${(err as Error).message})`;
  }
  const url = new URL(POSTGRES_URL);
  url.searchParams.set("options", `-c search_path=${SCHEMA}`);
  const dir = await realpath(await mkdtemp(join(tmpdir(), "mira-bench-throughput-")));
  const servers: Server[] = [];
  const results = new Map<Server["name"], Round[]>();
  const loadBefore = load1();
  try {
    servers.push(await startDev(join(dir, "dev")));
    servers.push(await startMira(join(dir, "mira"), url.toString()));
    // Two warm-up tasks each (a write and a read): the graph modules load on a server's first run.
    for (const s of servers) await load(s, 0, 2);
    for (let r = 1; r <= rounds; r++) {
      const order = r % 2 === 1 ? servers : [...servers].reverse();
      for (const s of order) results.set(s.name, [...(results.get(s.name) ?? []), await load(s, r, tasks)]);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; DROP SCHEMA IF EXISTS ${SCHEMA}_pgboss CASCADE`).catch(() => {});
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
  const loadAfter = load1();
  const row = (name: Server["name"]) => {
    const rs = results.get(name) ?? [];
    const wall = rs.reduce((a, r) => a + r.wallMs, 0);
    const done = rs.reduce((a, r) => a + r.tasks, 0);
    const resumes = rs.flatMap((r) => r.resumeMs);
    const failed = rs.reduce((a, r) => a + r.failed, 0);
    return { name, perSec: (done / wall) * 1000, p50: quantile(resumes, 0.5), p95: quantile(resumes, 0.95), failed, firstFailure: rs.find((r) => r.firstFailure)?.firstFailure };
  };
  const dev = row("langgraphjs dev");
  const mira = row("mira serve");
  const lines = [
    `serve throughput: ${rounds} interleaved rounds × ${tasks} tasks per server (half reads, half writes approved and resumed), ${CONCURRENCY} SDK clients, ${WORKERS} workers each, offline planner`,
    `load average before: ${loadBefore}; after: ${loadAfter}`,
    "",
    "| server | runs/s | p50 resume ms | p95 resume ms | failed |",
    "|---|---|---|---|---|",
    ...[dev, mira].map((s) => `| ${s.name} | ${s.perSec.toFixed(2)} | ${s.p50.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.failed} |`),
    "",
    `per round, runs/s (dev / mira): ${(results.get("langgraphjs dev") ?? []).map((d, i) => `${((d.tasks / d.wallMs) * 1000).toFixed(2)} / ${(((results.get("mira serve") ?? [])[i]?.tasks ?? 0) / ((results.get("mira serve") ?? [])[i]?.wallMs ?? 1) * 1000).toFixed(2)}`).join(", ")}`,
    ...[dev, mira].filter((s) => s.firstFailure).map((s) => `${s.name}: first failure: ${s.firstFailure}`),
    `${mira.perSec >= dev.perSec && mira.failed === 0 ? "PASS" : "FAIL"} mira serve ${(mira.perSec / dev.perSec).toFixed(2)}× langgraphjs dev's runs/s (goal ≥ 1.00×); p95 resume ${mira.p95.toFixed(0)} ms vs ${dev.p95.toFixed(0)} ms`,
  ];
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [tasks, rounds] = process.argv.slice(2).map(Number);
  runServeThroughputBench(tasks || undefined, rounds || undefined).then(
    (report) => console.log(report),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exitCode = 1;
    },
  );
}
