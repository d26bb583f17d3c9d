/**
 * CONTRACT §3 through the real LangGraph dev server and `@langchain/langgraph-sdk`:
 * `langgraph.json` serves `mira`, the server owns the checkpoints, every reply shape (Mira's
 * identity-bound decision, Agent Chat UI's `{decisions}`, Agent Inbox's `[{type, args}]`)
 * approves, edits or rejects the one pending call, and the tool executes at most once (the
 * durable execution ledger says so, not just the trace). A stale reply is refused.
 *
 * One dev server serves every scenario: each scenario's assistant chooses its own workspace
 * copy (under MIRA_WORKSPACE_ROOTS) and script, and a scripted model replays each run's
 * own turns, so threads sharing a script never share a cursor.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { access, cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLAYED_NOTE } from "../nodes/tool.js";
import { freePort } from "../server/cluster.js";
import { spawnDevServer } from "./support/devServer.js";
import type { PendingToolCall, TraceEntry } from "../state/types.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 150_000;
const GOAL = 'Create notes/x.md with "hi"';

const turn = (id: string, name: string, args: Record<string, unknown>) => ({ content: "", tool_calls: [{ id, name, args }] });
const WRITE = turn("w1", "write_file", { path: "notes/x.md", content: "hi\n" });
/** Write (paused for approval), read it back, answer citing the read. */
const APPROVE_SCRIPT = { turns: [WRITE, turn("r1", "read_open", { path: "notes/x.md" }), turn("a1", "answer", { text: "Created notes/x.md [ev-2]", citations: ["ev-2"] })] };
/** Write (paused for approval), then, rejected, say so. */
const REJECT_SCRIPT = { turns: [WRITE, turn("a1", "answer", { text: "Left notes/x.md unwritten, as asked." })] };

interface DevServer {
  client: Client;
  apiUrl: string;
  /** The one root under which runs may choose workspaces and scripts. */
  root: string;
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
  const root = await realpath(await mkdtemp(join(tmpdir(), "mira-server-")));
  const ledgerDb = join(root, "ledger.db");
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;

  const began = Date.now();
  const { child, log, stop } = spawnDevServer(port, [], {
    MIRA_WORKSPACE: "",
    MIRA_MODEL_SPEC: "",
    MIRA_WORKSPACE_ROOTS: root,
    MIRA_CHECKPOINTER: `sqlite:${ledgerDb}`,
    MIRA_POLICY: "",
    MIRA_MCP_CONFIG: "",
  });
  try {
    await waitUntilUp(apiUrl, child, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { client: new Client({ apiUrl }), apiUrl, root, ledgerDb, startupMs: Date.now() - began, stop };
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
  goal: string;
  pendingToolCall: PendingToolCall | null;
  trace: TraceEntry[];
  traceCount: number;
  finishReason?: string;
  error?: { kind: string; message: string } | null;
  settings?: { workspace: string } | null;
  messages: Array<{ type: string; content: unknown }>;
}

let scenarios = 0;

/** A workspace copy and a script file under the server's root, and an assistant that chooses them. */
async function scenario(server: DevServer, script: object, extra: Record<string, unknown> = {}, via: "configurable" | "context" = "context") {
  const dir = join(server.root, `s${++scenarios}`);
  await mkdir(dir);
  const workspace = join(dir, "workspace");
  await cp(join(REPO_ROOT, "demo/workspace"), workspace, { recursive: true });
  const scriptFile = join(dir, "script.json");
  await writeFile(scriptFile, JSON.stringify(script));
  const settings = { workspace, model: `scripted:${scriptFile}`, ...extra };
  const assistant = await server.client.assistants.create({ graphId: "mira", ...(via === "context" ? { context: settings } : { config: { configurable: settings } }) });
  return { workspace, assistantId: assistant.assistant_id };
}

/** Starts a thread and returns it paused on the write, with the interrupt to answer. */
async function pausedWrite(server: DevServer, assistantId: string) {
  const thread = await server.client.threads.create();
  await server.client.runs.wait(thread.thread_id, assistantId, { input: { goal: GOAL } });
  return { threadId: thread.thread_id, ...(await pendingOf(server, thread.thread_id)) };
}

async function pendingOf(server: DevServer, threadId: string) {
  const state = await server.client.threads.getState<RunValues>(threadId);
  const interrupt = state.tasks.flatMap((t) => t.interrupts)[0];
  return { values: state.values, interruptId: interrupt?.id as string, request: interrupt?.value as Record<string, unknown> };
}

/**
 * Resumes the thread with a value for one interrupt, or, with no id, bare: the way both UIs
 * send it. Agent Chat UI (agent-chat-ui fdc87e6, src/components/thread/agent-inbox/hooks/
 * use-interrupted-actions.tsx `resumeRun`) submits `{}` with `command: {resume: {decisions}}`;
 * Agent Inbox (agent-inbox f38301b, src/components/agent-inbox/contexts/ThreadContext.tsx
 * `sendHumanResponse`) sends `command: {resume: [HumanResponse]}`; neither keys it by id.
 */
async function resume(server: DevServer, threadId: string, assistantId: string, interruptId: string | null, value: unknown) {
  await server.client.runs.wait(threadId, assistantId, interruptId ? { command: { resume: { [interruptId]: value } } } : { input: {}, command: { resume: value } });
  return (await server.client.threads.getState<RunValues>(threadId)).values;
}

/**
 * Sends a chat message the way Agent Chat UI submits one (agent-chat-ui fdc87e6,
 * src/components/thread/index.tsx `handleSubmit`): a human message with an id and text
 * content blocks, streamed with `streamMode: ["values"]` and subgraphs; returns when the run ends.
 */
async function chat(server: DevServer, threadId: string, assistantId: string, text: string) {
  const message = { id: randomUUID(), type: "human", content: [{ type: "text", text }] };
  for await (const _ of server.client.runs.stream(threadId, assistantId, { input: { messages: [message] }, streamMode: ["values"], streamSubgraphs: true })) void _;
}

function ledgerRows(ledgerDb: string, threadId: string): Array<{ tool_call_id: string; status: string }> {
  const db = new Database(ledgerDb, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT tool_call_id, status FROM mira_executions WHERE thread_id = ?").all(threadId) as Array<{ tool_call_id: string; status: string }>;
  } catch {
    return []; // the table appears with the first execution
  } finally {
    db.close();
  }
}

let server: DevServer | undefined;
const dev = () => server as DevServer;
beforeAll(async () => {
  server = await startDevServer();
  console.info(`langgraphjs dev answered /ok after ${server.startupMs} ms`);
}, STARTUP_TIMEOUT_MS + 15_000);
afterAll(async () => server?.stop(), 20_000);

type Frozen = { toolCallId: string; inputHash: string; input: Record<string, unknown> };
/**
 * Each shape's approve, edit and reject replies, as each client builds them: Mira's own
 * decision (keyed by interrupt id); Agent Chat UI's HITL decisions (agent-chat-ui fdc87e6,
 * src/components/thread/agent-inbox/utils.ts `buildDecisionFromState`: approve, reject with
 * a message, edit with `edited_action`); Agent Inbox's responses (agent-inbox f38301b,
 * src/components/agent-inbox/hooks/use-interrupted-actions.tsx `handleSubmit`: accept echoing
 * the action request, edit, ignore). The UIs' replies are sent bare, as the UIs do.
 */
const SHAPES = {
  mira: {
    approve: (c: Frozen) => ({ decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash }),
    edit: (c: Frozen, input: Record<string, unknown>) => ({ decision: "edit", toolCallId: c.toolCallId, inputHash: c.inputHash, input }),
    reject: (c: Frozen) => ({ decision: "reject", toolCallId: c.toolCallId, inputHash: c.inputHash, reason: "not now" }),
  },
  hitl: {
    approve: () => ({ decisions: [{ type: "approve" }] }),
    edit: (_c: Frozen, args: Record<string, unknown>) => ({ decisions: [{ type: "edit", edited_action: { name: "write_file", args } }] }),
    reject: () => ({ decisions: [{ type: "reject", message: "not now" }] }),
  },
  inbox: {
    approve: (c: Frozen) => [{ type: "accept", args: { action: "write_file", args: c.input } }],
    edit: (_c: Frozen, args: Record<string, unknown>) => [{ type: "edit", args: { action: "write_file", args } }],
    reject: () => [{ type: "ignore", args: null }],
  },
} as const;

describe.each(["mira", "hitl", "inbox"] as const)("langgraph dev server, %s replies", (shape) => {
  const replies = SHAPES[shape];
  const shapeSetting = shape === "inbox" ? { approvalShape: "inbox" } : {};
  /** Mira's client keys its reply by interrupt id; the UIs send theirs bare. */
  const key = (interruptId: string) => (shape === "mira" ? interruptId : null);

  it("approve: the frozen write executes once and the run completes", async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT, shapeSetting, shape === "hitl" ? "configurable" : "context");
    const paused = await pausedWrite(dev(), assistantId);
    expect(paused.values.status).toBe("waiting_approval");
    expect(paused.request).toMatchObject({ kind: "approval", ...paused.values.pendingToolCall });
    expect(paused.request).toHaveProperty(shape === "inbox" ? "action_request" : "action_requests");
    const target = join(workspace, "notes/x.md");
    expect(await exists(target)).toBe(false);

    const done = await resume(dev(), paused.threadId, assistantId, key(paused.interruptId), replies.approve(paused.values.pendingToolCall!));
    expect(done.status).toBe("completed");
    expect(await readFile(target, "utf8")).toBe("hi\n");
    const toolVisits = done.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1");
    expect(toolVisits).toHaveLength(1);
    expect(toolVisits[0]?.note).not.toBe(REPLAYED_NOTE);
    expect(ledgerRows(dev().ledgerDb, paused.threadId).filter((r) => r.tool_call_id === "w1")).toEqual([{ tool_call_id: "w1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);

  it("edit: a new invocation of the same tool, asked again; approved, only the edited call executes, once", async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT, shapeSetting);
    const paused = await pausedWrite(dev(), assistantId);
    const edited = { path: "notes/x.md", content: "edited\n" };
    const again = await resume(dev(), paused.threadId, assistantId, key(paused.interruptId), replies.edit(paused.values.pendingToolCall!, edited));
    expect(again.status).toBe("waiting_approval");
    expect(again.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: "w1~edit1" });
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);

    const next = await pendingOf(dev(), paused.threadId);
    const done = await resume(dev(), paused.threadId, assistantId, key(next.interruptId), replies.approve(next.values.pendingToolCall!));
    expect(done.status).toBe("completed");
    expect(await readFile(join(workspace, "notes/x.md"), "utf8")).toBe("edited\n");
    expect(ledgerRows(dev().ledgerDb, paused.threadId).filter((r) => r.tool_call_id.startsWith("w1"))).toEqual([{ tool_call_id: "w1~edit1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);

  it("reject: nothing executes and the Planner finishes another way", async () => {
    const { workspace, assistantId } = await scenario(dev(), REJECT_SCRIPT, shapeSetting);
    const paused = await pausedWrite(dev(), assistantId);
    const done = await resume(dev(), paused.threadId, assistantId, key(paused.interruptId), replies.reject(paused.values.pendingToolCall!));
    expect(done.status).toBe("completed");
    expect(done.trace.some((t) => t.node === "Approval" && t.decision === "reject")).toBe(true);
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);
});

describe("langgraph dev server: replies that must not apply", () => {
  it("Mira's decision naming another inputHash is an approval inconsistency: failed, nothing written, Generate skipped", async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT);
    const paused = await pausedWrite(dev(), assistantId);
    const done = await resume(dev(), paused.threadId, assistantId, paused.interruptId, { decision: "approve", toolCallId: "w1", inputHash: "0".repeat(64) });
    expect(done.status).toBe("failed");
    expect(done.error?.kind).toBe("approval_inconsistency");
    expect(done.trace.map((t) => t.node)).not.toContain("Generate");
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);

  it("a stale ecosystem reply (to an interrupt already answered by an edit) is refused; nothing runs; the newer call still waits", async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT);
    const paused = await pausedWrite(dev(), assistantId);
    await resume(dev(), paused.threadId, assistantId, paused.interruptId, SHAPES.hitl.edit(paused.values.pendingToolCall!, { path: "notes/x.md", content: "newer\n" }));
    const newer = await pendingOf(dev(), paused.threadId);
    expect(newer.values.pendingToolCall?.toolCallId).toBe("w1~edit1");
    expect(newer.interruptId).not.toBe(paused.interruptId);

    // The approval meant for the first interrupt arrives late.
    await expect(dev().client.runs.wait(paused.threadId, assistantId, { command: { resume: { [paused.interruptId]: { decisions: [{ type: "approve" }] } } } })).rejects.toThrow(
      /Unknown or already-consumed interrupt/,
    );
    const after = await pendingOf(dev(), paused.threadId);
    expect(after.values.status).toBe("waiting_approval");
    expect(after.values.pendingToolCall).toEqual(newer.values.pendingToolCall);
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);

    // An Agent Inbox accept echoing the first call's arguments is refused too: it names another call.
    const echoed = await resume(dev(), paused.threadId, assistantId, after.interruptId, SHAPES.inbox.approve(paused.values.pendingToolCall!));
    expect(echoed.status).toBe("waiting_approval");
    expect(echoed.trace.at(-1)).toMatchObject({ node: "Approval", decision: "refused", toolCallId: "w1~edit1" });
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);

    // The pending call is approved the way Agent Chat UI sends it (no interrupt id) and runs once.
    const done = await resume(dev(), paused.threadId, assistantId, null, { decisions: [{ type: "approve" }] });
    expect(done.status).toBe("completed");
    expect(await readFile(join(workspace, "notes/x.md"), "utf8")).toBe("newer\n");
    expect(ledgerRows(dev().ledgerDb, paused.threadId).filter((r) => r.tool_call_id.startsWith("w1"))).toEqual([{ tool_call_id: "w1~edit1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);

  it("a value that is no reply at all leaves the run waiting on the same call with a trace note", async () => {
    const { assistantId } = await scenario(dev(), APPROVE_SCRIPT);
    const paused = await pausedWrite(dev(), assistantId);
    const after = await resume(dev(), paused.threadId, assistantId, paused.interruptId, "yes");
    expect(after.status).toBe("waiting_approval");
    expect(after.pendingToolCall).toEqual(paused.values.pendingToolCall);
    expect(after.trace.at(-1)).toMatchObject({ node: "Approval", decision: "refused" });
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);
});

describe("langgraph dev server: configuration, chat input and streams", () => {
  it("Studio sees a clean input schema (goal or messages) and the run configuration schema", async () => {
    const schemas = await dev().client.assistants.getSchemas("mira");
    expect(Object.keys((schemas.input_schema as { properties: object }).properties).sort()).toEqual(["goal", "messages"]);
    const config = schemas.config_schema as { properties: Record<string, { description?: string }> };
    expect(Object.keys(config.properties).sort()).toEqual(["approvalShape", "catalog", "maxSteps", "mcpConfig", "model", "policy", "strictReplies", "tools", "workspace"]);
    expect(Object.values(config.properties).every((p) => p.description)).toBe(true);
    expect(schemas.context_schema).toEqual(schemas.config_schema);
  }, SCENARIO_TIMEOUT_MS);

  it("a run may not choose a workspace outside MIRA_WORKSPACE_ROOTS, nor an MCP config: one clear error", async () => {
    const thread = await dev().client.threads.create();
    await expect(dev().client.runs.wait(thread.thread_id, "mira", { input: { goal: "hi" }, context: { workspace: REPO_ROOT } })).rejects.toThrow(
      /RunConfigError.*workspace only under .*refused: /,
    );
    await expect(dev().client.runs.wait(thread.thread_id, "mira", { input: { goal: "hi" }, config: { configurable: { mcpConfig: "/tmp/x.json" } } })).rejects.toThrow(
      /cannot choose an mcpConfig/,
    );
    await expect(dev().client.runs.wait(thread.thread_id, "mira", { input: { goal: "hi" }, context: { maxSteps: "many" } })).rejects.toThrow(/bad run configuration/);
  }, SCENARIO_TIMEOUT_MS);

  it("the default workspace is a copy under .mira/, never the tracked demo", async () => {
    const thread = await dev().client.threads.create();
    await dev().client.runs.wait(thread.thread_id, "mira", { input: { goal: "Where is the retry limit configured, and what is its value?" } });
    const values = (await dev().client.threads.getState<RunValues>(thread.thread_id)).values;
    expect(values.status).toBe("completed");
    expect(values.settings?.workspace).toBe(join(REPO_ROOT, ".mira/server-workspace"));
  }, SCENARIO_TIMEOUT_MS);

  it("chat input streams one custom progress event per node visit and the answer as a message", async () => {
    const { assistantId } = await scenario(dev(), { turns: [turn("r1", "read_open", { path: "docs/operations.md" }), turn("a1", "answer", { text: "See [ev-1]", citations: ["ev-1"] })] });
    const thread = await dev().client.threads.create();
    const progress: Array<{ node: string; seq: number }> = [];
    const messages: unknown[] = [];
    for await (const chunk of dev().client.runs.stream(thread.thread_id, assistantId, {
      input: { messages: [{ role: "user", content: "What does docs/operations.md say?" }] },
      streamMode: ["custom", "messages-tuple"],
    })) {
      if (chunk.event === "custom") progress.push(chunk.data as { node: string; seq: number });
      if (chunk.event === "messages") messages.push(chunk.data);
    }
    const values = (await dev().client.threads.getState<RunValues>(thread.thread_id)).values;
    expect(values.status).toBe("completed");
    expect(values.goal).toBe("What does docs/operations.md say?");
    expect(progress.map((p) => p.seq)).toEqual(values.trace.map((t) => t.seq));
    expect(progress.map((p) => p.node)).toEqual(values.trace.map((t) => t.node));
    expect(values.messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(JSON.stringify(messages)).toContain("Sources:");
  }, SCENARIO_TIMEOUT_MS);
});

describe("langgraph dev server: a copied thread asks again (POST /threads/{id}/copy)", () => {
  it("a copy run from the approved checkpoint before Tool stops at waiting_approval and executes nothing", async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT);
    const paused = await pausedWrite(dev(), assistantId);
    const { toolCallId, inputHash } = paused.values.pendingToolCall!;
    expect((await resume(dev(), paused.threadId, assistantId, paused.interruptId, { decision: "approve", toolCallId, inputHash })).status).toBe("completed");
    const target = join(workspace, "notes/x.md");
    await rm(target); // a re-run of the write would bring it back

    const copy = await dev().client.threads.copy(paused.threadId);
    const history = await dev().client.threads.getHistory<RunValues>(copy.thread_id, { limit: 50 });
    const beforeTool = history.find((s) => s.next.includes("Tool") && s.values.pendingToolCall?.toolCallId === "w1");
    expect(beforeTool).toBeTruthy();
    await dev().client.runs.wait(copy.thread_id, assistantId, { input: null, checkpointId: beforeTool!.checkpoint.checkpoint_id! });
    const copied = (await dev().client.threads.getState<RunValues>(copy.thread_id)).values;

    expect(copied.status).toBe("waiting_approval");
    expect(copied.trace.some((t) => t.node === "Tool" && t.decision === "rebind")).toBe(true);
    expect(await exists(target)).toBe(false);
    expect(ledgerRows(dev().ledgerDb, copy.thread_id)).toEqual([]);
    expect(ledgerRows(dev().ledgerDb, paused.threadId).filter((r) => r.tool_call_id === "w1")).toEqual([{ tool_call_id: "w1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);
});

/**
 * Issue 23 through the SDK against `langgraphjs dev`: questions answered the way each UI
 * sends them, an edit whose values are strings (as Agent Chat UI sends them), chat while
 * waiting, "Mark as resolved", and Studio's endpoints. Each effect executes at most once: the
 * ledger on disk counts it.
 */
describe("langgraph dev server: approvals and conversations through the UIs (issue 23)", () => {
  const ASK_SCRIPT = { turns: [turn("q1", "ask_user", { question: "Which file should I create?" }), WRITE, turn("r1", "read_open", { path: "notes/x.md" }), turn("a1", "answer", { text: "Created notes/x.md [ev-2]", citations: ["ev-2"] })] };

  it("a question is answered with Agent Chat UI's edit of `answer` (hitl) and with Agent Inbox's response (inbox): unwrapped to the text", async () => {
    for (const shape of ["hitl", "inbox"] as const) {
      const { assistantId } = await scenario(dev(), ASK_SCRIPT, { approvalShape: shape });
      const thread = await dev().client.threads.create();
      await dev().client.runs.wait(thread.thread_id, assistantId, { input: { goal: "Create the file I mean" } });
      const asked = await pendingOf(dev(), thread.thread_id);
      expect(asked.values.status).toBe("waiting_user");
      expect(asked.request).toMatchObject({ kind: "question", question: "Which file should I create?" });
      const reply = shape === "hitl" ? { decisions: [{ type: "edit", edited_action: { name: "ask_user", args: { answer: 'notes/x.md with "hi"' } } }] } : [{ type: "response", args: 'notes/x.md with "hi"' }];
      const after = await resume(dev(), thread.thread_id, assistantId, null, reply);
      expect(after.status).toBe("waiting_approval");
      expect(after.goal).toContain('the user answered: notes/x.md with "hi")');
    }
  }, SCENARIO_TIMEOUT_MS);

  it("an edit with string values (Agent Chat UI) is read through the tool's schema; approved, it executes once", async () => {
    const RUN_SCRIPT = { turns: [turn("c1", "run_command", { command: "true", timeoutMs: 10000 }), turn("a1", "answer", { text: "Ran it." }), turn("a2", "answer", { text: "Ran it." })] };
    const { assistantId } = await scenario(dev(), RUN_SCRIPT);
    const thread = await dev().client.threads.create();
    await dev().client.runs.wait(thread.thread_id, assistantId, { input: { goal: "Run the true command" } });
    const paused = await pendingOf(dev(), thread.thread_id);
    expect(paused.values.pendingToolCall?.toolId).toBe("run_command");
    const edited = await resume(dev(), thread.thread_id, assistantId, null, { decisions: [{ type: "edit", edited_action: { name: "run_command", args: { command: "true", timeoutMs: "20000" } } }] });
    expect(edited.status).toBe("waiting_approval");
    expect(edited.pendingToolCall).toMatchObject({ toolCallId: "c1~edit1", input: { command: "true", timeoutMs: 20000 } });
    const done = await resume(dev(), thread.thread_id, assistantId, null, { decisions: [{ type: "approve" }] });
    expect(done.status).toBe("completed");
    expect(ledgerRows(dev().ledgerDb, thread.thread_id)).toEqual([{ tool_call_id: "c1~edit1", status: "completed" }]);
  }, SCENARIO_TIMEOUT_MS);

  it("chat while waiting: a new message rejects the pending write with itself as the reason and is the next request; nothing is written", async () => {
    const told = turn("a1", "answer", { text: "Not creating it, as you asked." });
    const { workspace, assistantId } = await scenario(dev(), { turns: [WRITE, told, told, told] });
    const paused = await pausedWrite(dev(), assistantId);
    await chat(dev(), paused.threadId, assistantId, "Don't write it, just say so.");
    const after = (await dev().client.threads.getState<RunValues & { approvals: Array<{ decision: string; reason?: string }> }>(paused.threadId)).values;
    expect({ status: after.status, error: after.error }).toEqual({ status: "completed", error: null });
    expect(after.goal).toBe("Don't write it, just say so.");
    expect(after.approvals.find((a) => a.decision === "reject")?.reason).toBe("Don't write it, just say so.");
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);

  it("chat while a SubAgent waits: the message rejects the child's write with itself as the reason, the child stops, the parent plans the message; nothing is written", async () => {
    const DELEGATE = { turns: [turn("d1", "delegate_task", { task: 'Create notes/x.md with "hi"' }), WRITE, turn("a1", "answer", { text: "Nothing was written, as you asked." })] };
    const { workspace, assistantId } = await scenario(dev(), DELEGATE);
    const paused = await pausedWrite(dev(), assistantId);
    expect(paused.request).toMatchObject({ kind: "approval", agent: "sub-0", toolCallId: "w1@sub-0" });
    await chat(dev(), paused.threadId, assistantId, "Don't write it, just say so.");
    const after = (await dev().client.threads.getState<RunValues & { subagentResults: Array<{ status: string }> }>(paused.threadId)).values;
    expect({ status: after.status, goal: after.goal, error: after.error }).toEqual({ status: "completed", goal: "Don't write it, just say so.", error: null });
    expect(after.trace.find((t) => t.agent === "sub-0" && t.node === "Approval")).toMatchObject({ decision: "superseded", note: expect.stringContaining("Don't write it, just say so.") });
    expect(after.subagentResults[0]?.status).toBe("superseded");
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);

  it('"Mark as resolved" (command goto "__end__") cancels the paused run: cancelled, nothing executed, in the trace', async () => {
    const { workspace, assistantId } = await scenario(dev(), APPROVE_SCRIPT);
    const paused = await pausedWrite(dev(), assistantId);
    // Agent Chat UI's "Mark as Resolved" (agent-chat-ui fdc87e6, use-interrupted-actions.tsx `handleResolve`): submit `{}` with `command: {goto: END}`.
    await dev().client.runs.wait(paused.threadId, assistantId, { input: {}, command: { goto: "__end__" } });
    const state = await dev().client.threads.getState<RunValues>(paused.threadId);
    expect(state.values.status).toBe("cancelled");
    expect(state.next).toEqual([]);
    expect(state.values.trace.at(-1)).toMatchObject({ node: "Approval", decision: "cancelled", toolCallId: "w1" });
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);

  it('Agent Inbox "Mark as Resolved" (updateState values null as "__end__") cancels the paused run: cancelled, nothing executed, in the trace; the next message is a new turn', async () => {
    const told = turn("a1", "answer", { text: "Hello." });
    const { workspace, assistantId } = await scenario(dev(), { turns: [WRITE, told, told] }, { approvalShape: "inbox" });
    const paused = await pausedWrite(dev(), assistantId);
    expect(paused.values.status).toBe("waiting_approval");
    // What Agent Inbox sends (agent-inbox f38301b, src/components/agent-inbox/contexts/ThreadContext.tsx
    // `ignoreThread`, called by "Mark as Resolved" through use-interrupted-actions.tsx `handleResolve`).
    await dev().client.threads.updateState(paused.threadId, { values: null as never, asNode: "__end__" });
    const state = await dev().client.threads.getState<RunValues>(paused.threadId);
    expect(state.values.status).toBe("cancelled");
    expect(state.next).toEqual([]);
    expect(state.tasks.flatMap((t) => t.interrupts)).toEqual([]);
    expect(state.values.trace.at(-1)).toMatchObject({ node: "Approval", decision: "cancelled", toolCallId: "w1", note: expect.stringContaining("marked as resolved") });
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);

    await chat(dev(), paused.threadId, assistantId, "Say hello");
    const next = (await dev().client.threads.getState<RunValues>(paused.threadId)).values;
    expect({ status: next.status, goal: next.goal, pending: next.pendingToolCall }).toEqual({ status: "completed", goal: "Say hello", pending: null });
    expect(await exists(join(workspace, "notes/x.md"))).toBe(false);
    expect(ledgerRows(dev().ledgerDb, paused.threadId)).toEqual([]);
  }, SCENARIO_TIMEOUT_MS);

  it("Studio: GET /assistants/mira/subgraphs?recurse=true answers in under 2 s; getSchemas has input, output, state and config schemas", async () => {
    const apiUrl = dev().apiUrl;
    const began = Date.now();
    const res = await fetch(`${apiUrl}/assistants/mira/subgraphs?recurse=true`);
    const elapsed = Date.now() - began;
    console.info(`subgraphs?recurse=true answered ${res.status} in ${elapsed} ms`);
    expect(res.status).toBe(200);
    expect(elapsed).toBeLessThan(2000);
    const subgraphs = (await res.json()) as Record<string, { input?: { properties?: object }; output?: { properties?: object } }>;
    expect(Object.keys(subgraphs)).toContain("SubAgent");
    expect(Object.keys(subgraphs.SubAgent!.input!.properties!).sort()).toEqual(["delegation", "evidenceCount", "modelCalls", "settings", "traceCount", "turn"]);
    expect(Object.keys(subgraphs.SubAgent!.output!.properties!)).toContain("workPackage");

    const schemas = await dev().client.assistants.getSchemas("mira");
    for (const key of ["input_schema", "output_schema", "state_schema", "config_schema"] as const) expect(schemas[key], key).toBeTruthy();
    const state = schemas.state_schema as { properties: Record<string, { enum?: string[] }> };
    expect(state.properties.status?.enum).toContain("cancelled");
    expect(Object.keys(state.properties)).toEqual(expect.arrayContaining(["messages", "pendingToolCall", "approvals", "trace"]));
  }, SCENARIO_TIMEOUT_MS);
});
