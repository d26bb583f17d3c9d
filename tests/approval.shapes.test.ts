/**
 * CONTRACT §3, resume answers in ecosystem shapes: the approval interrupt carries the frozen
 * invocation AND the request shape the LangChain UIs render; Mira's decision, a HITL
 * `{decisions:[…]}` (Agent Chat UI) and an Agent Inbox `[{type, args}]` each approve, edit
 * or reject the one pending call; a reply that names another call, or no reply shape at all,
 * leaves the run waiting on the same call with a trace note and executes nothing.
 *
 * The shape checks restate, as assertions, what the UIs' own type guards require
 * (agent-chat-ui `isAgentInboxInterruptSchema`, agent-inbox `getInterruptFromThread`).
 */
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import type { HitlApprovalRequest, InboxApprovalRequest } from "../protocol/approvalReply.js";
import type { ApprovalShape } from "../state/types.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const GOAL = 'Create notes/todo.md with "ship it"';
const WRITE = call("w1", "write_file", { path: "notes/todo.md", content: "ship it\n" });
const READ_BACK = call("r1", "read_open", { path: "notes/todo.md" });
const exists = (p: string) => access(p).then(() => true, () => false);

async function paused(threadId: string, shape: ApprovalShape = "hitl", after = [READ_BACK, answer("a1", "Wrote it [ev-2]")]) {
  const ws = await tempWorkspace({});
  const run = makeRun({ workspace: ws, turns: [WRITE, ...after], approvalShape: shape });
  const state = await start(run, GOAL, threadId);
  return { run, ws, state, ...(await pending(run, threadId)) };
}

async function pending(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId));
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
  return { id: intr?.id as string, value: intr?.value as Record<string, unknown>, snap };
}

const resume = (run: TestRun, threadId: string, id: string, value: unknown) => run.app.invoke(new Command({ resume: { [id]: value } }), config(threadId));

describe("the approval interrupt value: the frozen invocation plus the UI's request shape", () => {
  it("hitl (default): keeps toolId/toolCallId/input/inputHash/riskClass/checkpointId and passes Agent Chat UI's HITLRequest guard", async () => {
    const { state, value } = await paused("shape-hitl");
    const call0 = state.pendingToolCall!;
    expect(value).toMatchObject({ kind: "approval", ...call0 });
    expect(value.checkpointId).toBeTruthy();
    const v = value as unknown as HitlApprovalRequest;
    // isAgentInboxInterruptSchema: non-empty action_requests with string name and object args; non-empty review_configs with action_name and an allowed_decisions array.
    expect(v.action_requests).toEqual([{ name: "write_file", args: call0.input, description: expect.stringContaining(call0.toolCallId) }]);
    expect(v.review_configs).toEqual([{ action_name: "write_file", allowed_decisions: ["approve", "edit", "reject"] }]);
  });

  it("inbox: the legacy HumanInterrupt (action_request + config) and no action_requests, so Agent Inbox does not re-read it as HITL", async () => {
    const { state, value } = await paused("shape-inbox", "inbox");
    const v = value as unknown as InboxApprovalRequest;
    expect(value).toMatchObject({ kind: "approval", ...state.pendingToolCall! });
    expect(v.action_request).toEqual({ action: "write_file", args: state.pendingToolCall!.input });
    // No text response: it answers questions, never approvals (issue 23); ignore rejects.
    expect(v.config).toEqual({ allow_accept: true, allow_edit: true, allow_respond: false, allow_ignore: true });
    expect(typeof v.description).toBe("string");
    expect("action_requests" in value).toBe(false);
  });
});

describe.each([
  ["mira", (c: { toolCallId: string; inputHash: string }) => ({ decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash })],
  ["hitl", () => ({ decisions: [{ type: "approve" }] })],
  ["inbox accept (echoing the action)", (c: { input: Record<string, unknown> }) => [{ type: "accept", args: { action: "write_file", args: c.input } }]],
  ["inbox accept (null args)", () => [{ type: "accept", args: null }]],
] as const)("approve in the %s shape", (_shape, reply) => {
  it("executes the frozen call exactly once and completes", async () => {
    const threadId = `approve-${_shape}`;
    const { run, ws, state, id } = await paused(threadId);
    const out = await resume(run, threadId, id, reply(state.pendingToolCall!));
    expect(out.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    expect(await readFile(join(ws, "notes/todo.md"), "utf8")).toBe("ship it\n");
    expect(out.approvals.find((a) => a.decision === "approve")).toMatchObject({ toolCallId: "w1", inputHash: state.pendingToolCall!.inputHash });
  });
});

describe.each([
  ["hitl", { decisions: [{ type: "reject", message: "not today" }] }, "not today"],
  ["inbox ignore", [{ type: "ignore", args: null }], "ignored in the inbox"],
] as const)("reject in the %s shape", (_shape, reply, reason) => {
  it("is a rejection observation for the Planner; nothing executes; the run does not fail", async () => {
    const threadId = `reject-${_shape}`;
    const { run, ws, id } = await paused(threadId, _shape === "hitl" ? "hitl" : "inbox", [answer("a1", "Left it unwritten.")]);
    const out = await resume(run, threadId, id, reply);
    expect(out.status).toBe("completed");
    expect(out.observations.some((o) => o.outcome === "rejected" && o.summary.includes(reason))).toBe(true);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });
});

describe.each([
  ["hitl", (args: Record<string, unknown>) => ({ decisions: [{ type: "edit", edited_action: { name: "write_file", args } }] })],
  ["inbox", (args: Record<string, unknown>) => [{ type: "edit", args: { action: "write_file", args } }]],
] as const)("edit in the %s shape", (_shape, reply) => {
  it("is a new invocation of the same tool, asked again; approving it runs the edited call once", async () => {
    const threadId = `edit-${_shape}`;
    const { run, ws, state, id } = await paused(threadId);
    const again = await resume(run, threadId, id, reply({ path: "notes/todo.md", content: "ship it today\n" }));
    expect(again.status).toBe("waiting_approval");
    expect(again.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: "w1~edit1" });
    expect(again.pendingToolCall!.inputHash).not.toBe(state.pendingToolCall!.inputHash);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    const next = await pending(run, threadId);
    const out = await resume(run, threadId, next.id, { decisions: [{ type: "approve" }] });
    expect(out.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    expect(await readFile(join(ws, "notes/todo.md"), "utf8")).toBe("ship it today\n");
  });
});

describe("a reply that cannot apply to the pending call leaves the run waiting on it", () => {
  it.each([
    ["a bare string", "yes please"],
    ["an empty object", {}],
    ["two HITL decisions for one action", { decisions: [{ type: "approve" }, { type: "approve" }] }],
    ["an unknown inbox type", [{ type: "maybe", args: null }]],
    ["an unknown HITL decision type", { decisions: [{ type: "maybe" }] }],
    ["an inbox text response to an approval", [{ type: "response", args: "not today" }]],
    ["a question's answer shape", { answer: "yes" }],
    ["an edit naming another tool", { decisions: [{ type: "edit", edited_action: { name: "delete_path", args: { path: "notes" } } }] }],
    ["an inbox accept of other arguments (a stale reply)", [{ type: "accept", args: { action: "write_file", args: { path: "notes/todo.md", content: "old\n" } } }]],
  ])("%s: still waiting_approval on the same call, a trace note, nothing executed", async (_what, value) => {
    const threadId = `refused-${_what}`;
    const { run, state, id } = await paused(threadId);
    const out = await resume(run, threadId, id, value);
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toEqual(state.pendingToolCall);
    expect(out.error).toBeNull();
    const note = out.trace.at(-1)!;
    expect(note).toMatchObject({ node: "Approval", decision: "refused", toolCallId: "w1" });
    expect(note.note).toBeTruthy();
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    // The same call can still be approved afterwards.
    const next = await pending(run, threadId);
    expect(next.value).toMatchObject({ toolCallId: "w1", inputHash: state.pendingToolCall!.inputHash });
    const done = await resume(run, threadId, next.id, { decisions: [{ type: "approve" }] });
    expect(done.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
  });
});

describe("approval requests and decisions appear in the conversation", () => {
  it("the request is an AI message, the decision a user message, the answer with its sources the last AI message", async () => {
    const { run, id } = await paused("conversation");
    const out = await resume(run, "conversation", id, { decisions: [{ type: "approve" }] });
    const lines = out.messages.map((m) => [m.getType(), String(m.content).split("\n")[0]]);
    expect(lines[0]).toEqual(["human", GOAL]);
    expect(lines[1]![0]).toBe("ai");
    expect(lines[1]![1]).toContain("Approval needed for write_file");
    expect(lines[2]).toEqual(["human", "Approved write_file (call w1)"]);
    expect(out.messages.at(-1)!.getType()).toBe("ai");
    expect(String(out.messages.at(-1)!.content)).toBe(out.answer);
    expect(out.answer).toContain("Sources:");
  });
});
