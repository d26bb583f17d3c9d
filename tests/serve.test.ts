/**
 * Scale-out (CONTRACT §3: one process advances a thread at a time; effects exactly once):
 * several `mira serve` processes — the official LangGraph API server on `PostgresOps` —
 * share one PostgreSQL and one Redis, driven through `@langchain/langgraph-sdk` as Studio
 * and Agent Chat UI drive them.
 */
import { cp, mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort, spawnServe, type ServeProcess } from "../server/cluster.js";
import { migrate, SCHEMA_VERSION } from "../server/schema.js";
import type { PendingToolCall, TraceEntry } from "../state/types.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = connect(6379, "127.0.0.1", () => (socket.end(), resolve(true)));
  socket.on("error", () => resolve(false));
});
const reachable = (await isPostgresReachable()) && redisUp;
const GOAL = (name: string) => `Create notes/${name}.md with "hi"`;

interface RunValues {
  status: string;
  pendingToolCall: PendingToolCall | null;
  trace: TraceEntry[];
  observations?: Array<{ summary: string; status?: string }>;
}

async function workspaceCopy(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "mira-serve-")));
  await cp(join(REPO_ROOT, "demo/workspace"), join(dir, "workspace"), { recursive: true });
  return join(dir, "workspace");
}

async function ledgerRows(pool: pg.Pool, threadId: string) {
  const rows = await pool.query("SELECT tool_call_id, status FROM mira_executions WHERE thread_id = $1 ORDER BY tool_call_id", [threadId]);
  return rows.rows as Array<{ tool_call_id: string; status: string }>;
}

/** Starts a run on `client`, waits for its approval pause, and returns the resume command for it. */
async function pausedWrite(client: Client, name: string) {
  const thread = await client.threads.create();
  await client.runs.wait(thread.thread_id, "mira", { input: { goal: GOAL(name) } });
  const state = await client.threads.getState<RunValues>(thread.thread_id);
  const interrupt = state.tasks.flatMap((t) => t.interrupts)[0]!;
  const { toolCallId, inputHash } = state.values.pendingToolCall!;
  return {
    threadId: thread.thread_id,
    values: state.values,
    resume: { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } },
  };
}

const toolRuns = (values: RunValues, toolCallId: string) => values.trace.filter((t) => t.node === "Tool" && t.toolCallId === toolCallId);

describe.skipIf(!reachable)("mira serve: instances on one PostgreSQL share threads, runs and streams", () => {
  let A: ServeProcess, B: ServeProcess;
  let a: Client, b: Client;
  let workspace: string;
  const pool = new pg.Pool({ connectionString: POSTGRES_URL });

  beforeAll(async () => {
    workspace = await workspaceCopy();
    const env = { MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: "offline", MIRA_POLICY: "" };
    [A, B] = await Promise.all([spawnServe({ checkpointer: POSTGRES_URL, env }), spawnServe({ checkpointer: POSTGRES_URL, env })]);
    a = new Client({ apiUrl: A.url });
    b = new Client({ apiUrl: B.url });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([A?.stop(), B?.stop()]);
    await pool.end();
  }, 30_000);

  it("a thread created on A is readable and resumable on B; the write runs once", async () => {
    const paused = await pausedWrite(a, "cross");
    const seenOnB = await b.threads.get(paused.threadId);
    expect(seenOnB.status).toBe("interrupted");
    const stateOnB = await b.threads.getState<RunValues>(paused.threadId);
    expect(stateOnB.values.status).toBe("waiting_approval");
    expect(stateOnB.values.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: paused.values.pendingToolCall!.toolCallId });

    await b.runs.wait(paused.threadId, "mira", paused.resume);
    const done = (await a.threads.getState<RunValues>(paused.threadId)).values;
    expect(done.status).toBe("completed");
    expect(await readFile(join(workspace, "notes/cross.md"), "utf8")).toBe("hi\n");
    const callId = paused.values.pendingToolCall!.toolCallId;
    expect(toolRuns(done, callId)).toHaveLength(1);
    expect(await ledgerRows(pool, paused.threadId)).toContainEqual({ tool_call_id: callId, status: "completed" });
  }, 60_000);

  it("Agent Inbox's Mark as resolved (updateState as __end__): the run is cancelled, nothing runs, and the thread is listed idle at once", async () => {
    const paused = await pausedWrite(a, "resolved");
    await a.threads.updateState(paused.threadId, { values: null, asNode: "__end__" });
    expect((await b.threads.get(paused.threadId)).status).toBe("idle");
    expect((await b.threads.getState<RunValues>(paused.threadId)).values.status).toBe("cancelled");
    expect(await ledgerRows(pool, paused.threadId)).toEqual([]);
    await expect(readFile(join(workspace, "notes/resolved.md"), "utf8")).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it("two simultaneous resumes through A and B: exactly one proceeds, the other gets 409, the effect happens once", async () => {
    const paused = await pausedWrite(a, "race");
    const results = await Promise.allSettled([a.runs.wait(paused.threadId, "mira", paused.resume), b.runs.wait(paused.threadId, "mira", paused.resume)]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/409/);

    const done = (await b.threads.getState<RunValues>(paused.threadId)).values;
    expect(done.status).toBe("completed");
    const callId = paused.values.pendingToolCall!.toolCallId;
    expect(toolRuns(done, callId)).toHaveLength(1);
    const writes = (await ledgerRows(pool, paused.threadId)).filter((r) => r.tool_call_id === callId);
    expect(writes).toEqual([{ tool_call_id: callId, status: "completed" }]);
  }, 60_000);

  it("the SDK calls Studio and Agent Chat UI make work across instances", async () => {
    const assistants = await b.assistants.search({ graphId: "mira" });
    expect(assistants.map((x) => x.graph_id)).toContain("mira");
    const drawn = await a.assistants.getGraph(assistants[0]!.assistant_id);
    expect(drawn.nodes.map((n) => n.id)).toContain("Planner");
    const thread = await a.threads.create({ metadata: { owner: "chat-ui" } });
    const found = await b.threads.search({ metadata: { owner: "chat-ui" } });
    expect(found.map((t) => t.thread_id)).toContain(thread.thread_id);

    // runs.stream on A, joined from B while it runs
    const run = await a.runs.create(thread.thread_id, "mira", { input: { goal: GOAL("stream") }, streamMode: ["values"] });
    const joined: string[] = [];
    for await (const chunk of b.runs.joinStream(thread.thread_id, run.run_id)) joined.push(chunk.event);
    expect(joined).toContain("values");
    expect(await b.runs.join(thread.thread_id, run.run_id)).toBeTruthy();
    const state = await b.threads.getState<RunValues>(thread.thread_id);
    expect(state.values.status).toBe("waiting_approval");

    // the approval streamed back through the other instance
    const interrupt = state.tasks.flatMap((t) => t.interrupts)[0]!;
    const { toolCallId, inputHash } = state.values.pendingToolCall!;
    const events: string[] = [];
    for await (const chunk of b.runs.stream(thread.thread_id, "mira", {
      command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } },
      streamMode: ["values", "updates"],
    })) {
      events.push(chunk.event);
    }
    expect(events).toContain("updates");
    expect((await a.threads.getState<RunValues>(thread.thread_id)).values.status).toBe("completed");
    const history = await a.threads.getHistory(thread.thread_id, { limit: 50 });
    expect(history.length).toBeGreaterThan(3);
    const runs = await b.runs.list(thread.thread_id);
    expect(runs.map((r) => r.status)).toEqual(["success", "success"]);
  }, 60_000);

  it("enqueue: a run sent through B while A runs the thread waits for it, then runs", async () => {
    const paused = await pausedWrite(a, "queued");
    const first = await a.runs.create(paused.threadId, "mira", paused.resume);
    const second = await b.runs.create(paused.threadId, "mira", { input: { goal: "Where is the retry limit configured?" }, multitaskStrategy: "enqueue" });
    await b.runs.join(paused.threadId, second.run_id);
    const [r1, r2] = await Promise.all([a.runs.get(paused.threadId, first.run_id), a.runs.get(paused.threadId, second.run_id)]);
    expect([r1.status, r2.status]).toEqual(["success", "success"]);
    expect(new Date(r2.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(r1.updated_at).getTime());
  }, 60_000);
});

describe.skipIf(!reachable)("mira serve: lease recovery after kill -9 (CONTRACT §3: a run whose owner is gone continues; effects once)", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL });
  const started: ServeProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    await pool.end();
  }, 30_000);

  it("kills the instance mid-command; another takes the run after its lease, reports outcome_unknown, never re-runs it", async () => {
    const workspace = await workspaceCopy();
    const dir = join(workspace, "..");
    const command = { id: "c1", name: "run_command", args: { command: "sh", args: ["-c", "echo started >> started.log; sleep 3; echo ran >> effects.log"] } };
    // One script for the run, replayed by the run's own model-call count: the victim makes
    // the first two calls (it pauses, then runs the command); the survivor makes the third,
    // answering only after the ledger has told it the command's outcome is unknown.
    const search = { id: "s1", name: "tool_search", args: { query: "run_command" } };
    // Answers to spare: the completion gate may refuse a few before the guarded answer.
    const unknown = { content: "The slow step was started; its outcome is unknown." };
    const turns = [{ content: "", tool_calls: [search] }, { content: "", tool_calls: [command] }, ...Array.from({ length: 6 }, () => unknown)];
    await writeFile(join(dir, "victim.json"), JSON.stringify({ turns }));
    await writeFile(join(dir, "survivor.json"), JSON.stringify({ turns }));
    const env = (script: string) => ({ MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: `scripted:${join(dir, script)}`, MIRA_POLICY: "" });

    const victim = await spawnServe({ checkpointer: POSTGRES_URL, leaseSeconds: 3, env: env("victim.json") });
    started.push(victim);
    const v = new Client({ apiUrl: victim.url });
    const thread = await v.threads.create();
    await v.runs.wait(thread.thread_id, "mira", { input: { goal: "Do the slow step" } });
    const state = await v.threads.getState<RunValues>(thread.thread_id);
    expect(state.values.status).toBe("waiting_approval");
    const interrupt = state.tasks.flatMap((t) => t.interrupts)[0]!;
    const { toolCallId, inputHash } = state.values.pendingToolCall!;
    const run = await v.runs.create(thread.thread_id, "mira", { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } });

    // Mid-run: the ledger says the command started, and the command itself is running.
    const deadline = Date.now() + 20_000;
    const commandRunning = () => readFile(join(workspace, "started.log"), "utf8").then(() => true, () => false);
    while ((await ledgerRows(pool, thread.thread_id)).every((r) => r.status !== "started") || !(await commandRunning())) {
      if (Date.now() > deadline) throw new Error(`the command never started:\n${victim.log()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    await victim.kill();
    const held = await pool.query("SELECT status, owner FROM mira_runs WHERE run_id = $1", [run.run_id]);
    expect(held.rows[0]).toMatchObject({ status: "running" });

    const survivor = await spawnServe({ checkpointer: POSTGRES_URL, leaseSeconds: 3, env: env("survivor.json") });
    started.push(survivor);
    const s = new Client({ apiUrl: survivor.url });
    await s.runs.join(thread.thread_id, run.run_id);
    const finished = await s.runs.get(thread.thread_id, run.run_id);
    expect(finished.status).toBe("success");
    const row = (await pool.query("SELECT attempt, owner FROM mira_runs WHERE run_id = $1", [run.run_id])).rows[0];
    expect(row.attempt).toBe(2);
    expect(row.owner).toContain(`:${survivor.pid}:`);

    const done = (await s.threads.getState<RunValues & { error?: unknown }>(thread.thread_id)).values;
    expect(done.status, JSON.stringify(done.error ?? null)).toBe("completed");
    expect(JSON.stringify(done.observations ?? done.trace)).toContain("outcome_unknown");
    // One ledger entry for the call: the survivor recorded the unknown outcome instead of running it.
    const entries = await pool.query("SELECT tool_call_id, outcome_json FROM mira_executions WHERE thread_id = $1", [thread.thread_id]);
    expect(entries.rows).toHaveLength(1);
    expect(JSON.stringify(entries.rows[0].outcome_json)).toContain("outcome_unknown");
    // The command started once and was never started again. It may have died with the
    // victim (run_command's PID namespace ends with its parent) or finished: at most once.
    await new Promise((r) => setTimeout(r, 3500));
    expect(await readFile(join(workspace, "started.log"), "utf8")).toBe("started\n");
    expect(["", "ran\n"]).toContain(await readFile(join(workspace, "effects.log"), "utf8").catch(() => ""));
  }, 120_000);
});

/** Runs `mira serve` expecting it to refuse to start; returns its exit code and stderr. */
async function refusedStart(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const { spawn } = await import("node:child_process");
  const port = await freePort();
  const child = spawn(process.execPath, ["bin/mira.js", "serve", "--port", String(port), ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr };
}

/** A connection string whose tables live in their own PostgreSQL schema (a database of their own, for these tests). */
async function freshSchema(pool: pg.Pool, name: string): Promise<string> {
  await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set("options", `-c search_path=${name}`);
  return url.toString();
}

describe.skipIf(!reachable)("mira serve: bad stores get one clear line and nothing starts half-way", () => {
  const admin = new pg.Pool({ connectionString: POSTGRES_URL });
  afterAll(() => admin.end());

  it("PostgreSQL unreachable at start: exit 1, one line naming the address", async () => {
    const { code, stderr } = await refusedStart(["--checkpointer", "postgres://postgres@127.0.0.1:1/nowhere"]);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^mira: cannot reach PostgreSQL at 127\.0\.0\.1:1: /);
  }, 30_000);

  it("Redis unreachable, or a checkpointer that is not PostgreSQL: one line each", async () => {
    const redis = await refusedStart(["--checkpointer", POSTGRES_URL, "--redis", "redis://127.0.0.1:1"]);
    expect(redis.code).toBe(1);
    expect(redis.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^mira: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/)]);
    const sqlite = await refusedStart(["--checkpointer", "sqlite:/tmp/x.db"]);
    expect(sqlite.code).toBe(1);
    expect(sqlite.stderr.trim()).toMatch(/^mira: mira serve needs --checkpointer postgres:\/\/…/);
  }, 30_000);

  it("a database written by a newer mira: the instance refuses to start and changes nothing", async () => {
    const url = await freshSchema(admin, "mira_serve_newer");
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migrate(pool);
      await pool.query("UPDATE mira_server_schema SET version = 99, written_by = 'mira schema 99'");
      const { code, stderr } = await refusedStart(["--checkpointer", url]);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `mira: the database's server schema is version 99 (written by mira schema 99); this mira knows versions up to ${SCHEMA_VERSION}: upgrade mira or use another database`,
      );
      expect((await pool.query("SELECT version FROM mira_server_schema")).rows).toEqual([{ version: 99 }]);
    } finally {
      await pool.end();
    }
  }, 30_000);

  it("a schema from an older version is migrated in place; its threads are served and resumable", async () => {
    const url = await freshSchema(admin, "mira_serve_v1");
    const pool = new pg.Pool({ connectionString: url });
    const workspace = await workspaceCopy();
    const env = { MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: "offline", MIRA_POLICY: "" };
    let server: ServeProcess | undefined;
    try {
      // A version-1 database with a thread paused for approval, written before lease columns existed.
      server = await spawnServe({ checkpointer: url, env });
      const paused = await pausedWrite(new Client({ apiUrl: server.url }), "old");
      await server.stop();
      await pool.query(`ALTER TABLE mira_runs DROP COLUMN attempt, DROP COLUMN owner, DROP COLUMN checkpoint_before;
        DROP INDEX mira_runs_inflight; UPDATE mira_server_schema SET version = 1`);
      expect(await migrate(pool, 1)).toEqual({ from: 1, to: 1 });

      server = await spawnServe({ checkpointer: url, env });
      expect((await pool.query("SELECT version FROM mira_server_schema")).rows).toEqual([{ version: SCHEMA_VERSION }]);
      const client = new Client({ apiUrl: server.url });
      expect((await client.threads.get(paused.threadId)).status).toBe("interrupted");
      await client.runs.wait(paused.threadId, "mira", paused.resume);
      expect((await client.threads.getState<RunValues>(paused.threadId)).values.status).toBe("completed");
      expect(await readFile(join(workspace, "notes/old.md"), "utf8")).toBe("hi\n");
    } finally {
      await server?.stop();
      await pool.end();
    }
  }, 90_000);
});

describe.skipIf(!reachable)("mira serve: the multitask strategies interrupt and rollback stop the running run", () => {
  const admin = new pg.Pool({ connectionString: POSTGRES_URL });
  let server: ServeProcess | undefined;
  let client: Client;

  // Each scenario has its own instance in a schema of its own, so its scripted model's turns come in a known order.
  beforeEach(async () => {
    const url = await freshSchema(admin, "mira_serve_multitask");
    const workspace = await workspaceCopy();
    const search = { content: "", tool_calls: [{ id: "s1", name: "tool_search", args: { query: "run_command" } }] };
    const slow = { content: "", tool_calls: [{ id: "c1", name: "run_command", args: { command: "sleep", args: ["4"] } }] };
    const answer = { content: "Stopped the slow step." };
    const script = join(workspace, "..", "script.json");
    await writeFile(script, JSON.stringify({ turns: [search, slow, answer, answer, answer] }));
    server = await spawnServe({ checkpointer: url, env: { MIRA_WORKSPACE: workspace, MIRA_MODEL_SPEC: `scripted:${script}`, MIRA_POLICY: "" } });
    client = new Client({ apiUrl: server.url });
  }, 90_000);
  afterEach(async () => server?.stop(), 30_000);
  afterAll(() => admin.end());
  /** Whether any checkpoint of the thread holds the user's approval of the slow command. */
  async function approvedInHistory(threadId: string): Promise<boolean> {
    const history = await client.threads.getHistory<{ approvals?: Array<{ toolCallId: string; decision: string }> }>(threadId, { limit: 100 });
    return history.some((h) => (h.values.approvals ?? []).some((a) => a.toolCallId === "c1" && a.decision === "approve"));
  }

  /** A thread whose approved `sleep 4` is running now; returns the thread and that run. */
  async function runningCommand() {
    const thread = await client.threads.create();
    await client.runs.wait(thread.thread_id, "mira", { input: { goal: "Do the slow step" } });
    const state = await client.threads.getState<RunValues>(thread.thread_id);
    const interrupt = state.tasks.flatMap((t) => t.interrupts)[0]!;
    const { toolCallId, inputHash } = state.values.pendingToolCall!;
    const run = await client.runs.create(thread.thread_id, "mira", { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } });
    const deadline = Date.now() + 20_000;
    while ((await client.runs.get(thread.thread_id, run.run_id)).status !== "running") {
      if (Date.now() > deadline) throw new Error("the resumed run never started");
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    return { threadId: thread.thread_id, runId: run.run_id };
  }

  it("interrupt: the running run ends interrupted, the new one runs after it", async () => {
    const { threadId, runId } = await runningCommand();
    const next = await client.runs.create(threadId, "mira", { input: { goal: "Do the slow step" }, multitaskStrategy: "interrupt" });
    await client.runs.join(threadId, next.run_id);
    expect((await client.runs.get(threadId, runId)).status).toBe("interrupted");
    expect((await client.runs.get(threadId, next.run_id)).status).toBe("success");
    // Interrupt keeps what the stopped run wrote; rollback (below) removes it.
    expect(await approvedInHistory(threadId)).toBe(true);
  }, 60_000);

  it("rollback: the running run and its checkpoints are gone, the new one runs", async () => {
    const { threadId, runId } = await runningCommand();
    const before = (await client.threads.getHistory(threadId, { limit: 100 })).length;
    const next = await client.runs.create(threadId, "mira", { input: { goal: "Do the slow step" }, multitaskStrategy: "rollback" });
    await client.runs.join(threadId, next.run_id);
    await expect(client.runs.get(threadId, runId)).rejects.toThrow(/404/);
    expect((await client.runs.get(threadId, next.run_id)).status).toBe("success");
    // What the stopped run wrote (the user's approval of c1 onwards) is gone from the history.
    expect(await approvedInHistory(threadId)).toBe(false);
    expect(before).toBeGreaterThan(0);
  }, 60_000);
});
