/**
 * Scale-out benchmark: 1, 2 and 4 `mira serve` instances on one PostgreSQL (and one Redis),
 * driven through `@langchain/langgraph-sdk`. Each configuration runs 200 runs: half read
 * tasks that complete, half writes that pause for approval and are resumed through a
 * different instance than the one that started them. Then the same load with a `kill -9`
 * of one instance mid-load, and with PostgreSQL's connections cut mid-load (a restart, as
 * every client sees it: sockets drop and connects are refused for a few seconds).
 *
 * Every configuration runs in its own PostgreSQL schema, so its counts are its own:
 * lost = a run that did not end `completed`; double = a write whose ledger or trace shows
 * more than one execution; stuck = a thread or run still busy/pending after the load.
 */
import { cp, mkdtemp, readFile, realpath } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import pg from "pg";
import { freePort, spawnServe, type ServeProcess } from "../server/cluster.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const POSTGRES_URL = process.env.MIRA_BENCH_POSTGRES_URL ?? process.env.MIRA_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** 200 by default; a smaller number only for a quick look (`MIRA_BENCH_SERVE_RUNS`). */
const RUNS = Number(process.env.MIRA_BENCH_SERVE_RUNS ?? 200);
const CONCURRENCY = 8;
const READ_GOAL = "Where is the retry limit configured, and what is its value?";

interface Values {
  status: string;
  pendingToolCall: { toolCallId: string; inputHash: string } | null;
  trace: Array<{ node: string; toolCallId?: string; note?: string }>;
}

interface Outcome {
  instances: number;
  scenario: string;
  wallMs: number;
  resumeMs: number[];
  lost: number;
  double: number;
  stuck: number;
  clientRetries: number;
}

/** A TCP proxy in front of PostgreSQL whose `restart` drops every connection and refuses new ones for a while. */
class PostgresProxy {
  private readonly sockets = new Set<Socket>();
  private refusing = false;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<PostgresProxy> {
    const port = await freePort();
    const proxy: PostgresProxy = new PostgresProxy(
      createServer((client) => {
        if (proxy.refusing) return client.destroy();
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          proxy.sockets.add(s);
          s.on("close", () => proxy.sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      }),
      port,
    );
    await new Promise<void>((resolve) => proxy.server.listen(port, "127.0.0.1", resolve));
    return proxy;
  }

  async restart(downMs: number): Promise<void> {
    this.refusing = true;
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => setTimeout(r, downMs));
    this.refusing = false;
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function schemaUrl(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

const isNetworkError = (err: unknown) => /fetch failed|ECONNREFUSED|ECONNRESET|socket|terminated|other side closed/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ""));

/** Runs `op` against instance `i`, moving to the next live instance when one stops answering. */
async function onAnyInstance<T>(clients: Client[], dead: Set<number>, start: number, op: (c: Client) => Promise<T>, retries: { n: number }): Promise<T> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const i = (start + attempt) % clients.length;
    if (dead.has(i)) continue;
    try {
      return await op(clients[i]!);
    } catch (err) {
      if (!isNetworkError(err)) throw err;
      retries.n += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error("no instance answered");
}

/** Starts the run and waits for it through any live instance; a dropped connection rejoins the same run elsewhere. */
async function runToEnd(clients: Client[], dead: Set<number>, start: number, threadId: string, payload: Record<string, unknown>, retries: { n: number }): Promise<void> {
  const before = await onAnyInstance(clients, dead, start, (c) => c.runs.list(threadId), retries);
  let runId: string;
  try {
    runId = (await onAnyInstance(clients, dead, start, (c) => c.runs.create(threadId, "mira", payload), retries)).run_id;
  } catch (err) {
    // A create whose answer was lost may still have committed: find it rather than send it twice.
    const after = await onAnyInstance(clients, dead, start + 1, (c) => c.runs.list(threadId), retries);
    const created = after.find((r) => !before.some((b) => b.run_id === r.run_id));
    if (!created) throw err;
    runId = created.run_id;
  }
  await onAnyInstance(clients, dead, start, (c) => c.runs.join(threadId, runId), retries);
}

async function loadOnce(instances: number, scenario: "steady" | "kill -9" | "postgres restart"): Promise<Outcome> {
  const schema = `mira_bench_${instances}_${scenario.replace(/\W+/g, "_")}`;
  const admin = new pg.Pool({ connectionString: POSTGRES_URL });
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE; CREATE SCHEMA ${schema}`);
  const proxy = scenario === "postgres restart" ? await PostgresProxy.start(new URL(POSTGRES_URL)) : undefined;
  const direct = schemaUrl(POSTGRES_URL, schema);
  const viaProxy = proxy ? (() => { const u = new URL(direct); u.port = String(proxy.port); return u.toString(); })() : direct;
  const dir = await realpath(await mkdtemp(join(tmpdir(), "mira-bench-serve-")));
  const workspace = join(dir, "workspace");
  await cp(join(REPO_ROOT, "demo/workspace"), workspace, { recursive: true });
  const env = { MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: "offline", MIRA_POLICY: "" };
  const servers: ServeProcess[] = [];
  const db = new pg.Pool({ connectionString: direct });
  try {
    servers.push(...(await Promise.all(Array.from({ length: instances }, () => spawnServe({ checkpointer: viaProxy, workers: 2, leaseSeconds: 5, env })))));
    // No SDK-level retries: a dead instance must be left at once for a live one.
    const clients = servers.map((s) => new Client({ apiUrl: s.url, callerOptions: { maxRetries: 0 } }));
    const dead = new Set<number>();
    const retries = { n: 0 };
    const resumeMs: number[] = [];
    const threads: Array<{ id: string; write: boolean; name: string }> = [];
    const failures: string[] = [];
    let next = 0;
    let disturbed = false;
    const began = Date.now();

    const one = async (i: number) => {
      const write = i % 2 === 0;
      const name = `b${i}`;
      const home = i % instances;
      const thread = await onAnyInstance(clients, dead, home, (c) => c.threads.create(), retries);
      threads.push({ id: thread.thread_id, write, name });
      const goal = write ? `Create notes/${name}.md with "run ${i}"` : READ_GOAL;
      await runToEnd(clients, dead, home, thread.thread_id, { input: { goal } }, retries);
      if (!write) return;
      const state = await onAnyInstance(clients, dead, home, (c) => c.threads.getState<Values>(thread.thread_id), retries);
      const interrupt = state.tasks.flatMap((t) => t.interrupts)[0];
      if (!interrupt || !state.values.pendingToolCall) return;
      const { toolCallId, inputHash } = state.values.pendingToolCall;
      const resumeStart = Date.now();
      // Resumed through a different instance than the one that started it (when there is one).
      await runToEnd(clients, dead, home + 1, thread.thread_id, { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } }, retries);
      resumeMs.push(Date.now() - resumeStart);
    };

    const worker = async () => {
      for (let i = next++; i < RUNS; i = next++) {
        if (!disturbed && i >= RUNS * 0.4 && scenario !== "steady") {
          disturbed = true;
          if (scenario === "kill -9") {
            dead.add(instances - 1);
            await servers[instances - 1]!.kill();
          } else await proxy!.restart(3000);
        }
        await one(i).catch((err: unknown) => {
          failures.push(`run ${i}: ${(err as Error)?.message ?? err}`);
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const wallMs = Date.now() - began;

    // Let takeovers settle, then count.
    const settleUntil = Date.now() + 30_000;
    while (Date.now() < settleUntil && (await db.query("SELECT 1 FROM mira_runs WHERE status IN ('pending','running') LIMIT 1")).rows.length > 0) {
      await new Promise((r) => setTimeout(r, 500));
    }
    let lost = 0;
    let double = 0;
    const live = clients.filter((_, i) => !dead.has(i));
    for (const t of threads) {
      const state = await live[0]!.threads.getState<Values>(t.id);
      if (state.values.status !== "completed") lost += 1;
      if (!t.write) continue;
      const writes = (state.values.trace ?? []).filter((e) => e.node === "Tool" && e.note?.startsWith("created notes/"));
      const ledger = await db.query("SELECT count(*)::int AS n FROM mira_executions WHERE thread_id = $1 AND tool_id = 'write_file'", [t.id]);
      const content = await readFile(join(workspace, `notes/${t.name}.md`), "utf8").catch(() => null);
      if (writes.length > 1 || ledger.rows[0].n > 1 || (content !== null && content !== `run ${t.name.slice(1)}\n`)) double += 1;
    }
    const stuckThreads = await db.query("SELECT count(*)::int AS n FROM mira_threads WHERE status = 'busy'");
    const stuckRuns = await db.query("SELECT count(*)::int AS n FROM mira_runs WHERE status IN ('pending','running')");
    if (failures.length) console.error(`${instances} instances, ${scenario}: ${failures.length} client failures, first: ${failures[0]}`);
    return { instances, scenario, wallMs, resumeMs, lost: lost + (RUNS - threads.length), double, stuck: stuckThreads.rows[0].n + stuckRuns.rows[0].n, clientRetries: retries.n };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
    await db.end();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`).catch(() => {});
    await admin.end();
  }
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]! : NaN;
};

/** The report: one row per configuration, then PASS/FAIL lines for the 0-lost/0-double/0-stuck rule. */
export async function runScaleOutBench(): Promise<string> {
  const rows: Outcome[] = [];
  for (const n of [1, 2, 4]) rows.push(await loadOnce(n, "steady"));
  rows.push(await loadOnce(2, "kill -9"));
  rows.push(await loadOnce(2, "postgres restart"));
  const base = rows[0]!;
  const throughput = (o: Outcome) => (RUNS / o.wallMs) * 1000;
  const lines = [
    `Scale-out: ${RUNS} runs per configuration (half pause for approval and are resumed through another instance), ${CONCURRENCY} concurrent clients, offline planner`,
    "",
    "| instances | scenario | runs/s | vs 1 | p95 resume ms | lost | double | stuck | client failovers |",
    "|-----------|----------|--------|------|---------------|------|--------|-------|------------------|",
    ...rows.map(
      (o) =>
        `| ${o.instances} | ${o.scenario} | ${throughput(o).toFixed(2)} | ${(throughput(o) / throughput(base)).toFixed(2)}× | ${p95(o.resumeMs).toFixed(0)} (vs ${p95(base.resumeMs).toFixed(0)}) | ${o.lost} | ${o.double} | ${o.stuck} | ${o.clientRetries} |`,
    ),
    "",
    ...rows.map((o) => `${o.lost + o.double + o.stuck === 0 ? "PASS" : "FAIL"} ${o.instances} instances, ${o.scenario}: ${o.lost} lost, ${o.double} double, ${o.stuck} stuck`),
  ];
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runScaleOutBench().then(
    (report) => console.log(report),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exitCode = 1;
    },
  );
}
