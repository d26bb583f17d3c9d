/**
 * CONTRACT §3 through the real LangGraph dev server: `langgraph.json` serves `mira`, the
 * server owns the checkpoints, the approval binds the exact frozen identity, and the tool
 * executes once (the durable execution ledger says so, not just the trace).
 *
 * Each scenario starts its own `langgraphjs dev` (its own workspace copy, script and ledger
 * file), because the server imports the graph once and a scripted model's cursor is shared
 * by every thread of that process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { access, cp, mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import { freePort, stopProcessGroup } from "../server/cluster.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../nodes/approval.js";
import { REPLAYED_NOTE } from "../nodes/tool.js";
import type { PendingToolCall, TraceEntry } from "../state/types.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 150_000;
const GOAL = 'Create notes/x.md with "hi"';

/** Write (paused for approval), read it back, answer citing the read. */
const SCRIPT = {
  turns: [
    { content: "", tool_calls: [{ id: "w1", name: "write_file", args: { path: "notes/x.md", content: "hi\n" } }] },
    { content: "", tool_calls: [{ id: "r1", name: "read_open", args: { path: "notes/x.md" } }] },
    { content: "", tool_calls: [{ id: "a1", name: "answer", args: { text: "Created notes/x.md containing hi [ev-2]", citations: ["ev-2"] } }] },
  ],
};

interface DevServer {
  client: Client;
  workspace: string;
  ledgerDb: string;
  startupMs: number;
  stop(): Promise<void>;
}

const exists = (p: string) => access(p).then(() => true, () => false);

/**
 * Starts `langgraphjs dev` from the repo root in its own process group, offline: no browser,
 * no reload watcher, no analytics, no tracing, a local studio URL (so it asks LangSmith nothing).
 */
async function startDevServer(): Promise<DevServer> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "mira-server-")));
  const workspace = join(dir, "workspace");
  await cp(join(REPO_ROOT, "demo/workspace"), workspace, { recursive: true });
  const script = join(dir, "script.json");
  await writeFile(script, JSON.stringify(SCRIPT));
  const ledgerDb = join(dir, "ledger.db");
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;

  const began = Date.now();
  const child = spawn(
    join(REPO_ROOT, "node_modules/.bin/langgraphjs"),
    ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser", "--no-reload", "--studio-url", apiUrl],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        BROWSER: "none",
        LANGGRAPH_CLI_NO_ANALYTICS: "1",
        LANGSMITH_TRACING: "false",
        LANGCHAIN_TRACING_V2: "false",
        MIRA_WORKSPACE: workspace,
        MIRA_MODEL_SPEC: `scripted:${script}`,
        MIRA_CHECKPOINTER: `sqlite:${ledgerDb}`,
        MIRA_POLICY: "",
      },
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => stopProcessGroup(child.pid);
  try {
    await waitUntilUp(apiUrl, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { client: new Client({ apiUrl }), workspace, ledgerDb, startupMs: Date.now() - began, stop };
}

async function waitUntilUp(apiUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`langgraphjs dev exited with ${child.exitCode}:\n${log()}`);
    const up = await fetch(`${apiUrl}/ok`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`langgraphjs dev not up after ${STARTUP_TIMEOUT_MS} ms:\n${log()}`);
}


interface RunValues {
  status: string;
  pendingToolCall: PendingToolCall | null;
  trace: TraceEntry[];
  finishReason?: string;
  error?: { kind: string } | null;
}

/** Starts a thread on `mira` and returns it paused on the write, with the interrupt to answer. */
async function pausedWrite(server: DevServer) {
  const thread = await server.client.threads.create();
  await server.client.runs.wait(thread.thread_id, "mira", { input: { goal: GOAL } });
  const state = await server.client.threads.getState<RunValues>(thread.thread_id);
  const interrupt = state.tasks.flatMap((t) => t.interrupts)[0];
  return { threadId: thread.thread_id, values: state.values, interruptId: interrupt?.id as string, request: interrupt?.value as ApprovalRequest };
}

async function resume(server: DevServer, threadId: string, interruptId: string, decision: Record<string, unknown>) {
  await server.client.runs.wait(threadId, "mira", { command: { resume: { [interruptId]: decision } } });
  return (await server.client.threads.getState<RunValues>(threadId)).values;
}

function ledgerRows(ledgerDb: string, threadId: string): Array<{ tool_call_id: string; status: string }> {
  const db = new Database(ledgerDb, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT tool_call_id, status FROM mira_executions WHERE thread_id = ?").all(threadId) as Array<{ tool_call_id: string; status: string }>;
  } finally {
    db.close();
  }
}

/** Starts one dev server for the enclosing describe block (each scenario has its own script cursor). */
function useDevServer(): () => DevServer {
  let server: DevServer | undefined;
  beforeAll(async () => {
    server = await startDevServer();
    console.info(`langgraphjs dev answered /ok after ${server.startupMs} ms`);
  }, STARTUP_TIMEOUT_MS + 15_000);
  afterAll(async () => server?.stop(), 20_000);
  return () => server as DevServer;
}

describe("langgraph dev server: approving the exact identity executes the frozen write once", () => {
  const devServer = useDevServer();

  it("pauses at waiting_approval, resumes with the identity, completes, and the ledger holds one execution", async () => {
    const server = devServer();
    const paused = await pausedWrite(server);
    expect(paused.values.status).toBe("waiting_approval");
    expect(paused.values.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: "w1" });
    expect(paused.request).toMatchObject({ kind: "approval", call: paused.values.pendingToolCall });
    expect(paused.interruptId).toBeTruthy();
    const target = join(server.workspace, "notes/x.md");
    expect(await exists(target)).toBe(false);

    const { toolCallId, inputHash } = paused.values.pendingToolCall!;
    const done = await resume(server, paused.threadId, paused.interruptId, { decision: "approve", toolCallId, inputHash });

    expect(done.status).toBe("completed");
    expect(await readFile(target, "utf8")).toBe("hi\n");
    const toolVisits = done.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1");
    expect(toolVisits).toHaveLength(1);
    expect(toolVisits[0]?.note).not.toBe(REPLAYED_NOTE);
    const writes = ledgerRows(server.ledgerDb, paused.threadId).filter((r) => r.tool_call_id === "w1");
    expect(writes).toEqual([{ tool_call_id: "w1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);
});

describe("langgraph dev server: a decision naming another inputHash is an approval inconsistency", () => {
  const devServer = useDevServer();

  it("ends the run failed (approval_inconsistency), writes nothing, records no execution, skips Generate", async () => {
    const server = devServer();
    const paused = await pausedWrite(server);
    expect(paused.values.status).toBe("waiting_approval");

    const { toolCallId } = paused.values.pendingToolCall!;
    const done = await resume(server, paused.threadId, paused.interruptId, { decision: "approve", toolCallId, inputHash: "0".repeat(64) });

    expect(done.status).toBe("failed");
    expect(done.finishReason).toBe("error");
    expect(done.error?.kind).toBe("approval_inconsistency");
    expect(done.trace.map((t) => t.node)).not.toContain("Generate");
    expect(await exists(join(server.workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(server.ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);
});
