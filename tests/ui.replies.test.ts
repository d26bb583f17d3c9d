/**
 * Issue 23, in process: approvals and questions through every UI.
 * - CONTRACT §3, replies bound to the call they answer: the HITL description shows tool, risk
 *   and short input hash; `strictReplies` refuses a bare reply; every refusal is one note in the
 *   conversation and the trace, the run keeps waiting on the same call, nothing runs.
 * - CONTRACT §3, edits read through the tool's schema: "true" / "3" become a boolean / number;
 *   what is still invalid is refused with the schema's message, the original call stays pending.
 * - CONTRACT §2, questions answerable from the UIs: each shape passes the UI's own guard with a
 *   reply box; Agent Inbox's `response` and the HITL edit are unwrapped to the answer text;
 *   an approval reply to a question is refused.
 * - CONTRACT §3, chat while waiting and cancel: a new message rejects the pending call and is
 *   the next turn's request; on a question it is the answer; `goto: END` and Agent Inbox's
 *   `updateState(…, {values: null, asNode: END})` cancel.
 * - CONTRACT §3, checkpoint lineage: a fork taken before the approval cannot reuse it.
 */
import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Command, END } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { settlingPausedRuns } from "../graphs/pausedRun.js";
import type { HitlApprovalRequest } from "../protocol/approvalReply.js";
import type { HitlQuestionRequest, InboxQuestionRequest } from "../protocol/questionReply.js";
import type { ApprovalShape } from "../state/types.js";
import { defineTool, ok } from "../tools/types.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const GOAL = 'Create notes/todo.md with "ship it"';
const WRITE = call("w1", "write_file", { path: "notes/todo.md", content: "ship it\n" });
const READ_BACK = call("r1", "read_open", { path: "notes/todo.md" });
const exists = (p: string) => access(p).then(() => true, () => false);

/** A write tool with a boolean and a number field, recording the input it executed with. */
const flagInputs: unknown[] = [];
const SET_FLAG = defineTool({
  name: "set_flag",
  domain: "workspace.write",
  description: "Write a flag file.",
  schema: z.object({
    path: z.string().describe("File to write."),
    enabled: z.boolean().describe("Whether the flag is on."),
    count: z.number().int().min(1).describe("How many times."),
  }),
  risk: "file_write",
  execute: async (input, ctx) => {
    flagInputs.push(input);
    await writeFile(join(ctx.workspaceRoot, input.path), `${input.enabled} ${input.count}\n`);
    return ok(`wrote ${input.path}`);
  },
});

async function pending(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId));
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
  return { id: intr?.id as string, value: intr?.value as Record<string, unknown>, values: snap.values };
}

async function pausedWrite(threadId: string, opts: { shape?: ApprovalShape; after?: ReturnType<typeof call>[]; strict?: boolean } = {}) {
  const ws = await tempWorkspace({ "README.md": "# Demo\nThe timeout is 30 seconds.\n" });
  const run = makeRun({ workspace: ws, turns: [WRITE, ...(opts.after ?? [READ_BACK, answer("a1", "Wrote it [ev-2]")])], approvalShape: opts.shape });
  if (opts.strict) run.rt.settings = { ...run.rt.settings!, strictReplies: true };
  const state = await start(run, GOAL, threadId);
  expect(state.status).toBe("waiting_approval");
  return { run, ws, state, ...(await pending(run, threadId)) };
}

const keyed = (run: TestRun, threadId: string, id: string, value: unknown) => run.app.invoke(new Command({ resume: { [id]: value } }), config(threadId));
const bare = (run: TestRun, threadId: string, value: unknown) => run.app.invoke(new Command({ resume: value }), config(threadId));
/** What Agent Chat UI's "Mark as resolved" sends (typed loosely: END is no node name). */
const markResolved = () => new Command({ goto: END }) as never;
const lastText = (state: { messages: Array<{ content: unknown }> }) => String(state.messages.at(-1)?.content);

describe("replies are bound to the call they answer (CONTRACT §3)", () => {
  it("the HITL action request names the tool, its risk and its short input hash; the frozen call travels in the value", async () => {
    const { state, value } = await pausedWrite("bind-desc");
    const call0 = state.pendingToolCall!;
    const v = value as unknown as HitlApprovalRequest;
    expect(v.action_requests[0]!.description).toContain("write_file");
    expect(v.action_requests[0]!.description).toContain("file_write");
    expect(v.action_requests[0]!.description).toContain(call0.inputHash.slice(0, 12));
    expect(value).toMatchObject({ toolId: call0.toolId, toolCallId: call0.toolCallId, inputHash: call0.inputHash, input: call0.input });
  });

  it("strictReplies: a bare HITL approve is refused with a note in the conversation and the trace; the keyed one runs once", async () => {
    const { run, ws, state, id } = await pausedWrite("bind-strict", { strict: true });
    const out = await bare(run, "bind-strict", { decisions: [{ type: "approve" }] });
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toEqual(state.pendingToolCall);
    expect(out.trace.at(-1)).toMatchObject({ node: "Approval", decision: "refused", note: expect.stringContaining("strictReplies") });
    expect(lastText(out)).toMatch(/^Reply refused: .*strictReplies/);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);

    const next = await pending(run, "bind-strict");
    const done = await keyed(run, "bind-strict", next.id ?? id, { decisions: [{ type: "approve" }] });
    expect(done.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
  });

  it("without strictReplies a bare reply binds to the call pending at that checkpoint", async () => {
    const { run } = await pausedWrite("bind-bare");
    const done = await bare(run, "bind-bare", { decisions: [{ type: "approve" }] });
    expect(done.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
  });

  it("an Inbox accept carrying stale arguments is refused with a note in the conversation; nothing runs", async () => {
    const { run, state, id } = await pausedWrite("bind-stale", { shape: "inbox" });
    const out = await keyed(run, "bind-stale", id, [{ type: "accept", args: { action: "write_file", args: { path: "notes/todo.md", content: "old\n" } } }]);
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toEqual(state.pendingToolCall);
    expect(lastText(out)).toContain("not the pending call's");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });
});

describe("bad replies: one clear refusal in the conversation and the trace, same call waiting, nothing runs", () => {
  it.each([
    ["an unknown decision type", { decisions: [{ type: "maybe" }] }, /unknown decision type "maybe"/],
    ["a decision list longer than the pending calls", { decisions: [{ type: "approve" }, { type: "reject" }] }, /2 decisions but 1 call is pending/],
    ["an edit naming another tool", { decisions: [{ type: "edit", edited_action: { name: "delete_path", args: { path: "notes" } } }] }, /names delete_path but the pending call is write_file/],
    ["a text response to an approval", [{ type: "response", args: "sure" }], /a text response answers a question, not an approval/],
    ["an unknown Agent Inbox response type", [{ type: "maybe", args: null }], /unknown response type "maybe"/],
    ["an Agent Inbox response list longer than the pending calls", [{ type: "accept", args: null }, { type: "ignore", args: null }], /2 responses but 1 call is pending/],
    ["an Agent Inbox edit naming another tool", [{ type: "edit", args: { action: "delete_path", args: { path: "notes" } } }], /names delete_path but the pending call is write_file/],
  ])("%s", async (what, value, message) => {
    const threadId = `bad-${what}`;
    const { run, state, id } = await pausedWrite(threadId);
    const before = state.messages.length;
    const out = await keyed(run, threadId, id, value);
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toEqual(state.pendingToolCall);
    expect(out.messages.length).toBe(before + 1);
    expect(lastText(out)).toMatch(message);
    expect(out.trace.at(-1)).toMatchObject({ node: "Approval", decision: "refused", toolCallId: "w1", note: expect.stringMatching(message) });
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect((await pending(run, threadId)).value).toMatchObject({ kind: "approval", toolCallId: "w1", inputHash: state.pendingToolCall!.inputHash });
  });
});

describe("edits are read through the tool's schema (CONTRACT §3)", () => {
  async function pausedFlag(threadId: string) {
    const ws = await tempWorkspace({});
    const run = makeRun({
      workspace: ws,
      extraTools: [SET_FLAG],
      turns: [call("f1", "set_flag", { path: "flag.txt", enabled: false, count: 1 }), answer("a1", "Set the flag."), answer("a2", "Set the flag.")],
    });
    const state = await start(run, "Turn the feature flag on", threadId);
    expect(state.status).toBe("waiting_approval");
    return { run, ws, state, ...(await pending(run, threadId)) };
  }

  it('string values ("true", "3") from Agent Chat UI become the boolean and the number; approved, the edit runs once with them', async () => {
    const { run, ws, id } = await pausedFlag("edit-coerce");
    flagInputs.length = 0;
    const again = await keyed(run, "edit-coerce", id, { decisions: [{ type: "edit", edited_action: { name: "set_flag", args: { path: "flag.txt", enabled: "true", count: "3" } } }] });
    expect(again.status).toBe("waiting_approval");
    expect(again.pendingToolCall).toMatchObject({ toolCallId: "f1~edit1", input: { path: "flag.txt", enabled: true, count: 3 } });
    const next = await pending(run, "edit-coerce");
    const done = await keyed(run, "edit-coerce", next.id, { decisions: [{ type: "approve" }] });
    expect(done.error).toBeNull();
    expect(done.status).toBe("completed");
    expect(run.executions.get("set_flag")).toBe(1);
    expect(flagInputs).toEqual([{ path: "flag.txt", enabled: true, count: 3 }]);
    expect(await readFile(join(ws, "flag.txt"), "utf8")).toBe("true 3\n");
  });

  it("an edit still invalid is refused with the schema's message in the conversation and the trace; the original call stays pending, not re-proposed", async () => {
    const { run, state, id } = await pausedFlag("edit-invalid");
    const calls = state.modelCalls;
    const out = await keyed(run, "edit-invalid", id, { decisions: [{ type: "edit", edited_action: { name: "set_flag", args: { path: "flag.txt", enabled: "maybe", count: "0" } } }] });
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toEqual(state.pendingToolCall);
    expect(out.modelCalls).toBe(calls); // the Planner was not asked again
    expect(lastText(out)).toMatch(/fails its schema: .*enabled/);
    expect(out.trace.at(-1)).toMatchObject({ node: "Approval", decision: "refused", note: expect.stringMatching(/fails its schema/) });
    expect(run.executions.get("set_flag") ?? 0).toBe(0);
  });
});

describe("questions are answerable from the UIs (CONTRACT §2)", () => {
  async function pausedQuestion(threadId: string, shape: ApprovalShape = "hitl") {
    const ws = await tempWorkspace({ "docs/a.md": "A: 10 seconds\n", "docs/b.md": "B: 30 seconds\n" });
    const run = makeRun({
      workspace: ws,
      approvalShape: shape,
      turns: [call("q1", "ask_user", { question: "Which doc, a or b?" }), call("r1", "read_open", { path: "docs/b.md" }), answer("a1", "30 seconds [ev-1]")],
    });
    const state = await start(run, "What does the doc I mean say?", threadId);
    expect(state.status).toBe("waiting_user");
    return { run, state, ...(await pending(run, threadId)) };
  }

  it("hitl: passes Agent Chat UI's guard with an editable answer field; the edit is unwrapped to the answer text", async () => {
    const { run, id, value } = await pausedQuestion("q-hitl");
    const v = value as unknown as HitlQuestionRequest;
    expect(v).toMatchObject({ kind: "question", question: "Which doc, a or b?" });
    // isAgentInboxInterruptSchema: non-empty action_requests (string name, object args), non-empty review_configs (action_name, allowed_decisions array).
    expect(v.action_requests).toEqual([{ name: "ask_user", args: { answer: "" }, description: "Which doc, a or b?" }]);
    expect(v.review_configs).toEqual([{ action_name: "ask_user", allowed_decisions: ["edit"] }]);
    const out = await keyed(run, "q-hitl", id, { decisions: [{ type: "edit", edited_action: { name: "ask_user", args: { answer: "b" } } }] });
    expect(out.status).toBe("completed");
    expect(out.goal).toContain("the user answered: b)");
  });

  it("inbox: a HumanInterrupt with only allow_respond (Agent Inbox's text box); the response is unwrapped to the answer text", async () => {
    const { run, id, value } = await pausedQuestion("q-inbox", "inbox");
    const v = value as unknown as InboxQuestionRequest;
    expect(v.action_request).toEqual({ action: "ask_user", args: { question: "Which doc, a or b?" } });
    expect(v.config).toEqual({ allow_respond: true, allow_accept: false, allow_edit: false, allow_ignore: false });
    expect("action_requests" in v).toBe(false);
    const out = await keyed(run, "q-inbox", id, [{ type: "response", args: "b" }]);
    expect(out.status).toBe("completed");
    expect(out.goal).toContain("the user answered: b)");
    expect(out.goal).not.toContain("response");
  });

  it.each([
    ["Agent Inbox accept", [{ type: "accept", args: null }], /a "accept" response answers an approval, not a question/],
    ["Agent Inbox ignore", [{ type: "ignore", args: null }], /a "ignore" response answers an approval, not a question/],
    ["Mira's decision", { decision: "approve", toolCallId: "q1", inputHash: "0".repeat(64) }, /a "approve" decision answers an approval, not a question/],
  ])("an approval reply to a question (%s) is refused with one note in the conversation and the trace; the question still waits; nothing runs", async (what, value, message) => {
    const { run, state, id } = await pausedQuestion(`q-approval-${what}`, "inbox");
    const out = await keyed(run, `q-approval-${what}`, id, value);
    expect(out.status).toBe("waiting_user");
    expect(out.messages.length).toBe(state.messages.length + 1);
    expect(lastText(out)).toMatch(message);
    expect(out.trace.at(-1)).toMatchObject({ node: "AskUser", decision: "refused", note: expect.stringMatching(message) });
    expect((await pending(run, `q-approval-${what}`)).value).toMatchObject({ kind: "question", question: "Which doc, a or b?" });
    expect(run.executions.get("read_open") ?? 0).toBe(0);
  });

  it("an approval to a question is refused with one note; the question still waits; a text answer then works", async () => {
    const { run, state, id } = await pausedQuestion("q-approve");
    const out = await keyed(run, "q-approve", id, { decisions: [{ type: "approve" }] });
    expect(out.status).toBe("waiting_user");
    expect(out.messages.length).toBe(state.messages.length + 1);
    expect(lastText(out)).toMatch(/^Reply refused: a "approve" decision answers an approval, not a question/);
    expect(out.trace.at(-1)).toMatchObject({ node: "AskUser", decision: "refused" });
    const again = await pending(run, "q-approve");
    expect(again.value).toMatchObject({ kind: "question", question: "Which doc, a or b?" });
    const done = await keyed(run, "q-approve", again.id, "b");
    expect(done.status).toBe("completed");
  });
});

describe("chat while waiting, and cancel (CONTRACT §3)", () => {
  it("a new message on a thread waiting for approval rejects the call with the message as the reason, then plans from the message", async () => {
    const { run, ws } = await pausedWrite("chat-approval", { after: [answer("a1", "Not writing it, as you asked.")] });
    const out = await run.app.invoke({ messages: [{ role: "user", content: "Don't write it, just say so." }] }, config("chat-approval"));
    expect(out.status).toBe("completed");
    expect(out.approvals.find((a) => a.decision === "reject")).toMatchObject({ toolCallId: "w1", reason: "Don't write it, just say so." });
    expect(out.trace.find((t) => t.node === "Incoming")).toMatchObject({ decision: "reject", toolCallId: "w1" });
    expect(out.goal).toBe("Don't write it, just say so.");
    expect(out.turn).toBe(2);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("a new message on a thread waiting for an answer is the answer", async () => {
    const ws = await tempWorkspace({ "docs/b.md": "B: 30 seconds\n" });
    const run = makeRun({ workspace: ws, turns: [call("q1", "ask_user", { question: "Which doc, a or b?" }), call("r1", "read_open", { path: "docs/b.md" }), answer("a1", "30 seconds [ev-1]")] });
    expect((await start(run, "What does the doc I mean say?", "chat-q")).status).toBe("waiting_user");
    const out = await run.app.invoke({ messages: [{ role: "user", content: "b" }] }, config("chat-q"));
    expect(out.status).toBe("completed");
    expect(out.goal).toContain("the user answered: b)");
    expect(out.turn).toBe(1);
  });

  it("goto END (Mark as resolved) cancels the paused run: status cancelled, nothing executed, recorded in the trace; the next message is a new turn", async () => {
    const { run, ws } = await pausedWrite("cancel", { after: [answer("a1", "Hello.")] });
    const app = settlingPausedRuns(run.app);
    const out = await app.invoke(markResolved(), config("cancel"));
    expect(out.status).toBe("cancelled");
    expect(out.pendingToolCall).toBeNull();
    expect(out.trace.at(-1)).toMatchObject({ node: "Approval", decision: "cancelled", toolCallId: "w1" });
    expect(lastText(out)).toMatch(/^Run cancelled/);
    expect((await app.getState(config("cancel"))).next).toEqual([]);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    const next = await app.invoke({ messages: [{ role: "user", content: "Say hello" }] }, config("cancel"));
    expect(next.status).toBe("completed");
    expect(next.goal).toBe("Say hello");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("Agent Inbox's Mark as Resolved (updateState values null as END) cancels the paused run the same way; nothing executed", async () => {
    // agent-inbox f38301b, src/components/agent-inbox/contexts/ThreadContext.tsx `ignoreThread`:
    // client.threads.updateState(threadId, { values: null, asNode: END }).
    const { run, ws } = await pausedWrite("resolve-inbox", { shape: "inbox" });
    const app = settlingPausedRuns(run.app);
    await app.updateState(config("resolve-inbox"), null, END as never);
    const snap = await app.getState(config("resolve-inbox"));
    expect(snap.values.status).toBe("cancelled");
    expect(snap.values.pendingToolCall).toBeNull();
    expect(snap.values.trace.at(-1)).toMatchObject({ node: "Approval", decision: "cancelled", toolCallId: "w1", note: expect.stringContaining("marked as resolved") });
    expect(snap.tasks).toEqual([]);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("goto END on a question cancels it too", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [call("q1", "ask_user", { question: "Which doc?" })] });
    await start(run, "What does the doc I mean say?", "cancel-q");
    const out = await settlingPausedRuns(run.app).invoke(markResolved(), config("cancel-q"));
    expect(out.status).toBe("cancelled");
    expect(out.trace.at(-1)).toMatchObject({ node: "AskUser", decision: "cancelled" });
  });
});

describe("an approval binds its checkpoint lineage (CONTRACT §3)", () => {
  it("a fork taken before the approval, carrying the approval copied from the other branch, is asked again and runs nothing", async () => {
    const { run, id } = await pausedWrite("lineage");
    const approved = await keyed(run, "lineage", id, { decisions: [{ type: "approve" }] });
    expect(approved.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    const record = approved.approvals.find((a) => a.decision === "approve")!;

    // A checkpoint before the approval: the one whose next step is Policy for the write.
    let before;
    for await (const snap of run.app.getStateHistory(config("lineage"))) if (snap.next.includes("Policy") && snap.values.pendingToolCall?.toolCallId === "w1") before = snap;
    expect(before).toBeDefined();
    const forked = await run.app.updateState(before!.config, { approvals: record, status: "running" }, "Approval");
    const out = await run.app.invoke(null, forked);
    expect(out.status).toBe("waiting_approval");
    expect(out.trace.find((t) => t.node === "Tool" && t.decision === "rebind")?.note).toContain("not on this branch");
    expect(run.executions.get("write_file")).toBe(1);
  });
});
