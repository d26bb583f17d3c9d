/**
 * CONTRACT §8: governed delegation. A Generic SubAgent is a subgraph with its own loop,
 * TaskFrame, budgets and scoped view; it returns a work package the parent judges; it cannot
 * nest; its approvals and questions pause the whole run and resume inside the child.
 * CONTRACT §3 inside a child: a chat message settles the child's pause like the parent's own
 * (rejects its call with the message as the reason, or answers its question); a cancel
 * (goto END, Agent Inbox's updateState as END) ends the whole run `cancelled`.
 */
import { Command, END } from "@langchain/langgraph";
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openCheckpointStore } from "../checkpointers/index.js";
import { frozenCallOf, type ApprovalRequest } from "../protocol/approvalReply.js";
import type { QuestionRequest } from "../nodes/askUser.js";
import type { AgentRunState } from "../state/agentRun.js";
import { openDelegation, stoppedWorkPackage } from "../state/delegation.js";
import { childRuntime } from "../graphs/childRuntime.js";
import { settlingPausedRuns } from "../graphs/pausedRun.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const FILES = { "docs/a.md": "The retry limit is 5.\n", "docs/b.md": "The timeout is 30 seconds.\n" };
const byAgent = (state: Pick<AgentRunState, "trace">, agent: string) => state.trace.filter((t) => t.agent === agent).map((t) => t.node);

const exists = (p: string) => access(p).then(() => true, () => false);

async function pendingInterrupt(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId), { subgraphs: true });
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
  const child = snap.tasks.find((t) => t.name === "SubAgent")?.state as { values: AgentRunState } | undefined;
  return { id: intr?.id as string, value: intr?.value as ApprovalRequest | QuestionRequest, child: child?.values as AgentRunState, parent: snap.values as AgentRunState };
}

const CHILD_WRITE = [
  call("d1", "delegate_task", { task: 'Create notes/x.md with "hi"', acceptance: "notes/x.md exists and was read back" }),
  call("w1", "write_file", { path: "notes/x.md", content: "hi\n" }),
  call("r1", "read_open", { path: "notes/x.md" }),
  answer("c3", "Wrote notes/x.md and read it back [ev-2]."),
  answer("p2", "Done: notes/x.md says hi [ev-2].", ["ev-2"]),
];

let pgReachable = false;
beforeAll(async () => {
  pgReachable = await isPostgresReachable();
});

describe("a Generic SubAgent runs a bounded work package as a subgraph", () => {
  it("delegate_task runs the child's own loop; its evidence reaches the parent with provenance; the parent's gate judges it", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [
        call("d1", "delegate_task", { task: "Read docs/a.md and report the retry limit", acceptance: "quotes the limit from docs/a.md" }),
        call("c1", "read_open", { path: "docs/a.md" }),
        answer("c2", "The retry limit is 5 [ev-1]."),
        answer("p2", "The retry limit is 5 [ev-1].", ["ev-1"]),
      ],
    });
    const out = await start(run, "What does docs/a.md say about retries?", "g-generic");
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(byAgent(out, "sub-0")).toEqual(["Start", "Planner", "Normalize", "Policy", "Tool", "Evidence", "Planner", "Report"]);
    expect(byAgent(out, "main")).toEqual(["Planner", "Evidence", "Planner", "Generate", "Finalize"]);
    expect(out.trace.map((t) => t.seq)).toEqual(out.trace.map((_, i) => i + 1));
    expect(out.evidence).toEqual([expect.objectContaining({ id: "ev-1", agent: "sub-0", toolId: "read_open", toolCallId: "c1@sub-0", source: expect.objectContaining({ path: "docs/a.md" }), verified: true })]);
    expect(out.subagentResults).toEqual([expect.objectContaining({ id: "sub-0", kind: "generic", status: "completed", evidenceIds: ["ev-1"] })]);
    expect(out.taskFrame.goals.every((g) => g.status === "covered")).toBe(true);
    expect(out.modelCalls).toBe(4);
    expect(run.model.position).toBe(4);
    expect(out.answer).toContain("[ev-1] read_open docs/a.md");
  });

  it("a child's completed work package does not complete the global goal", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [
        call("d1", "delegate_task", { task: "Read docs/a.md", acceptance: "docs/a.md read" }),
        call("c1", "read_open", { path: "docs/a.md" }),
        answer("c2", "Read it [ev-1]."),
        answer("p1", "Both read [ev-1]."),
        call("p2", "read_open", { path: "docs/b.md" }),
        answer("p3", "Limit 5 [ev-1], timeout 30s [ev-2]."),
      ],
    });
    const out = await start(run, "Compare docs/a.md and docs/b.md", "g-not-global");
    expect(out.status).toBe("completed");
    const gate = out.observations.find((o) => o.failure?.kind === "incomplete_goals");
    expect(gate?.summary).toContain("docs/b.md");
    expect(out.evidence.map((e) => [e.id, e.agent ?? "main"])).toEqual([["ev-1", "sub-0"], ["ev-2", "main"]]);
  });

  it("a child's attempt to delegate again is refused and the run still completes", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [
        call("d1", "delegate_task", { task: "Read docs/a.md" }),
        call("c1", "delegate_task", { task: "Read docs/a.md for me" }),
        call("c2", "read_open", { path: "docs/a.md" }),
        answer("c3", "Read it [ev-1]."),
        answer("p2", "Done [ev-1]."),
      ],
    });
    const out = await start(run, "Read docs/a.md", "g-nest");
    expect(out.status).toBe("completed");
    expect(new Set(out.trace.map((t) => t.agent))).toEqual(new Set(["main", "sub-0"]));
    expect(out.trace.filter((t) => t.node === "Start")).toHaveLength(1);
    const refusal = out.trace.find((t) => t.agent === "sub-0" && t.decision === "delegate_task");
    expect(refusal?.note).toContain("cannot delegate");
    expect(run.executions.get("read_open")).toBe(1);
  });
});

describe("a child's scoped capability view", () => {
  it("inherits the parent's authority envelope, narrowed by the delegation's tools; refused calls never run", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      authority: { allow: ["*"], deny: ["delete_path"] },
      turns: [
        call("d1", "delegate_task", { task: "Read docs/a.md", tools: ["read_open", "write_file", "delete_path"] }),
        call("c1", "delete_path", { path: "docs/b.md" }),
        call("c2", "run_command", { command: "ls" }),
        call("c3", "read_open", { path: "docs/a.md" }),
        answer("c4", "Limit 5 [ev-1]."),
        answer("p2", "Limit 5 [ev-1]."),
      ],
    });
    const out = await start(run, "Read docs/a.md", "g-scope");
    expect(out.status).toBe("completed");
    expect(run.executions.get("delete_path") ?? 0).toBe(0);
    expect(run.executions.get("run_command") ?? 0).toBe(0);
    expect(await readFile(join(ws, "docs/b.md"), "utf8")).toBe(FILES["docs/b.md"]);
    // The child's Harness: the parent's deny still holds, and `tools` narrows what it may use.
    const delegation = { id: "sub-0", kind: "generic" as const, task: "t", acceptance: "", tools: ["read_open", "write_file", "delete_path"], maxSteps: 8, maxAttempts: 3 };
    const child = childRuntime(run.rt, delegation);
    expect(child.agent).toBe("sub-0");
    expect(child.skills).toBeUndefined();
    expect(child.harness.checkExecutable("delete_path", ["delete_path"])).toMatchObject({ ok: false, state: "authorized", reason: expect.stringContaining("denies delete_path") });
    expect(child.harness.checkExecutable("run_command", ["run_command"])).toMatchObject({ ok: false, state: "authorized" });
    expect(child.harness.checkExecutable("read_open", ["read_open"]).ok).toBe(true);
  });
});

describe("governance stays with the parent", () => {
  it("a child's approval pauses the whole run with the child's identity; resume continues in the child, exactly once", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: CHILD_WRITE });
    const paused = await start(run, 'Create notes/x.md with "hi"', "g-child-approval");
    const { id, value, child, parent } = await pendingInterrupt(run, "g-child-approval");
    expect(value).toMatchObject({ kind: "approval", agent: "sub-0", toolId: "write_file", toolCallId: "w1@sub-0", riskClass: "file_write" });
    expect(child.status).toBe("waiting_approval");
    expect(child.pendingToolCall).toEqual(frozenCallOf(value as ApprovalRequest));
    expect(parent.delegation?.id).toBe("sub-0");
    expect(paused.trace.map((t) => t.node)).toEqual(["Planner"]);
    expect(run.executions.get("write_file") ?? 0).toBe(0);

    const c = frozenCallOf(value as ApprovalRequest);
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config("g-child-approval"));
    expect(out.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    expect(await readFile(join(ws, "notes/x.md"), "utf8")).toBe("hi\n");
    // Only the interrupted child node re-ran: one Start, one Approval decision, one Tool visit for w1.
    expect(byAgent(out, "sub-0").filter((n) => n === "Start")).toHaveLength(1);
    expect(out.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1@sub-0")).toHaveLength(1);
    expect(out.trace.find((t) => t.node === "Approval")).toMatchObject({ agent: "sub-0", decision: "approve", toolCallId: "w1@sub-0" });
    expect(out.taskFrame.goals.map((g) => g.status)).toEqual(["covered", "covered"]);
  });

  it("a child's question is relayed by the parent and the child resumes with the answer", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [
        call("d1", "delegate_task", { task: "Read the doc the user means" }),
        call("q1", "ask_user", { question: "Which doc, a or b?" }),
        call("c2", "read_open", { path: "docs/b.md" }),
        answer("c3", "The timeout is 30 seconds [ev-1]."),
        answer("p2", "Timeout: 30 seconds [ev-1]."),
      ],
    });
    await start(run, "What does the doc I mean say?", "g-ask");
    const { id, value, child } = await pendingInterrupt(run, "g-ask");
    expect(value).toMatchObject({ kind: "question", question: "Which doc, a or b?", agent: "sub-0" });
    expect(child.status).toBe("waiting_user");
    const out = await run.app.invoke(new Command({ resume: { [id]: "docs/b.md" } }), config("g-ask"));
    expect(out.status).toBe("completed");
    expect(out.goal).toBe("What does the doc I mean say?");
    expect(out.trace.find((t) => t.node === "AskUser")).toMatchObject({ agent: "sub-0", note: "docs/b.md" });
    expect(out.evidence[0]).toMatchObject({ agent: "sub-0", source: expect.objectContaining({ path: "docs/b.md" }) });
  });

  it("a child that exhausts its recovery returns a failed package; the parent gives a guarded answer (not terminal)", async () => {
    const ws = await tempWorkspace(FILES);
    const missing = (id: string) => call(id, "read_open", { path: "docs/missing.md" });
    const run = makeRun({
      workspace: ws,
      turns: [call("d1", "delegate_task", { task: "Read docs/missing.md" }), missing("c1"), missing("c2"), missing("c3"), answer("p2", "Here it is."), answer("p3", "Here it is.")],
    });
    const out = await start(run, "Read docs/missing.md", "g-exhausted");
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(out.error).toBeNull();
    expect(out.subagentResults[0]).toMatchObject({ id: "sub-0", status: "failed" });
    expect(out.observations.find((o) => o.failure?.kind === "delegation_failed")?.summary).toContain("did not finish");
    // Issue 21: the repeated answer without new evidence completes as the gate's guarded answer.
    expect(out.finalization?.guarded).toBe(true);
    expect(out.trace.map((t) => t.node)).toContain("Generate");
    expect(out.answer).toContain("could not complete");
  });

  it("a looping child is stopped by its own step budget; nothing in the parent run is lost", async () => {
    const ws = await tempWorkspace(FILES);
    const loop = Array.from({ length: 8 }, (_, i) => call(`l${i}`, "read_list", { path: "." }));
    const run = makeRun({ workspace: ws, turns: [call("d1", "delegate_task", { task: "Survey the workspace" }), ...loop, answer("p2", "Hello.")] });
    const out = await start(run, "Hello", "g-loop");
    expect(out.status).toBe("completed");
    expect(out.subagentResults[0]).toMatchObject({ status: "failed" });
    const childPlanner = out.trace.filter((t) => t.agent === "sub-0" && t.node === "Planner");
    expect(childPlanner.at(-1)?.decision).toBe("guarded_answer");
    expect(out.modelCalls).toBe(1 + 8 + 1);
    expect(out.goal).toBe("Hello");
  });
});

describe.each([
  ["sqlite", (ws: string) => `sqlite:${join(ws, "..", `deleg-${Date.now()}.db`)}`],
  ["postgres", () => POSTGRES_URL],
])("restart inside a child (%s)", (kind, storeFor) => {
  it("a child's approval resumes exactly once in the child after a restart (fresh saver, ledger and model)", async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const ws = await tempWorkspace({});
    const setting = storeFor(ws);
    const thread = `g-restart-${kind}-${Date.now()}`;
    const first = await openCheckpointStore(setting);
    const before = makeRun({ workspace: ws, turns: CHILD_WRITE, checkpointer: first.checkpointer, ledger: first.ledger });
    await start(before, 'Create notes/x.md with "hi"', thread);
    const pending = await pendingInterrupt(before, thread);
    await first.close();

    const second = await openCheckpointStore(setting);
    try {
      // A new process: new saver, ledger, model; the script resumes at the child's model call.
      const after = makeRun({ workspace: ws, turns: CHILD_WRITE, checkpointer: second.checkpointer, ledger: second.ledger, startAt: pending.child.modelCalls });
      const again = await pendingInterrupt(after, thread);
      expect(again.value).toEqual(pending.value);
      const c = frozenCallOf(again.value as ApprovalRequest);
      const out = await after.app.invoke(new Command({ resume: { [again.id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config(thread));
      expect(out.status).toBe("completed");
      expect(after.executions.get("write_file")).toBe(1);
      expect(before.executions.get("write_file") ?? 0).toBe(0);
      expect((await second.ledger.list(thread)).filter((x) => x.toolId === "write_file")).toEqual([expect.objectContaining({ toolCallId: "w1@sub-0", status: "completed" })]);
      expect(out.answer).toContain("notes/x.md says hi");
      expect(await readFile(join(ws, "notes/x.md"), "utf8")).toBe("hi\n");
    } finally {
      await second.close();
    }
  });
});

describe("the parent owns termination", () => {
  it("a child that gives up is a recoverable failure of the parent; a child's security violation ends the parent run", async () => {
    const ws = await tempWorkspace(FILES);
    const gaveUp = makeRun({ workspace: ws, turns: [call("d1", "delegate_task", { task: "Read docs/a.md" }), call("c1", "fail", { reason: "no access" }), call("p2", "read_open", { path: "docs/a.md" }), answer("p3", "Limit 5 [ev-1].")] });
    const recovered = await start(gaveUp, "Read docs/a.md", "g-child-fail");
    expect(recovered.status).toBe("completed");
    expect(recovered.subagentResults[0]).toMatchObject({ status: "failed", summary: "gave up: no access" });

    const escape = makeRun({ workspace: ws, turns: [call("d1", "delegate_task", { task: "Read ../secret" }), call("c1", "read_open", { path: "../../etc/passwd" }), answer("p2", "never")] });
    const out = await start(escape, "Read the secret", "g-child-escape");
    expect(out.status).toBe("failed");
    expect(out.error).toMatchObject({ kind: "security_violation", message: expect.stringContaining("sub-0") });
    expect(out.trace.map((t) => t.node)).not.toContain("Generate");
    expect(escape.model.position).toBe(2);
  });
});

describe("a process that dies inside a child", () => {
  it("continuing the run re-enters the child at its last checkpoint; the call left started is outcome_unknown, never run again", async () => {
    const ws = await tempWorkspace({});
    const store = await openCheckpointStore(`sqlite:${join(ws, "..", `deleg-crash-${Date.now()}.db`)}`);
    try {
      // The process "dies" after the write ran but before its result was recorded.
      const dying = { ...store.ledger, complete: async () => Promise.reject(new Error("process killed")) };
      const turns = [
        ...CHILD_WRITE.slice(0, 3),
        call("c3", "fail", { reason: "the write's outcome is unknown" }),
        answer("p2", "notes/x.md may exist."),
        answer("p3", "notes/x.md may exist."),
      ];
      const first = makeRun({ workspace: ws, turns, checkpointer: store.checkpointer, ledger: dying });
      await start(first, 'Create notes/x.md with "hi"', "g-crash");
      const pending = await pendingInterrupt(first, "g-crash");
      const c = frozenCallOf(pending.value as ApprovalRequest);
      await expect(first.app.invoke(new Command({ resume: { [pending.id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config("g-crash"))).rejects.toThrow("process killed");
      expect(first.executions.get("write_file")).toBe(1);

      const after = makeRun({ workspace: ws, turns, checkpointer: store.checkpointer, ledger: store.ledger, startAt: pending.child.modelCalls });
      const out = await after.app.invoke(null, config("g-crash"));
      expect(after.executions.get("write_file") ?? 0).toBe(0);
      expect(out).toMatchObject({ status: "completed", finishReason: "stop", error: null });
      expect(out.trace.filter((t) => t.node === "Start")).toHaveLength(1);
      expect(out.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1@sub-0")).toEqual([expect.objectContaining({ agent: "sub-0", note: expect.stringContaining("outcome is unknown") })]);
      expect(out.subagentResults[0]).toMatchObject({ status: "failed", summary: "gave up: the write's outcome is unknown" });
      expect((await store.ledger.list("g-crash")).map((x) => [x.toolCallId, x.status])).toContainEqual(["w1@sub-0", "outcome_unknown"]);
    } finally {
      await store.close();
    }
  });
});

describe("the parent can stop a child", () => {
  it("stopping a paused child writes its failed package in its place: the pending call never runs, the parent continues", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [...CHILD_WRITE.slice(0, 2), answer("p2", "Nothing was written, as you asked.")] });
    await start(run, "Hello", "g-stop");
    const { child } = await pendingInterrupt(run, "g-stop");
    await run.app.updateState(config("g-stop"), stoppedWorkPackage(child, "not now"), "SubAgent");
    const out = await run.app.invoke(null, config("g-stop"));
    expect(out.status).toBe("completed");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
    expect(out.subagentResults[0]).toMatchObject({ id: "sub-0", status: "failed", summary: "stopped by the user: not now" });
    expect(out.trace.find((t) => t.node === "Stop")).toMatchObject({ agent: "main", decision: "stopped", toolCallId: "sub-0" });
    expect((await run.app.getState(config("g-stop"))).tasks.flatMap((t) => t.interrupts)).toEqual([]);
  });
});

describe("opening a work package", () => {
  it("the child's budget never exceeds the parent's remaining turns; only listed skills open", () => {
    const settings = { workspace: "/w", model: "m", policyFile: null, maxSteps: 24 };
    const decision = { type: "delegate_task" as const, task: "t", acceptance: "a" };
    const opts = { skills: ["explain-module"], maxAttempts: 3, maxSteps: 24 };
    expect(openDelegation({ step: 2, settings }, decision, opts)).toEqual({ ok: true, delegation: { id: "sub-2", kind: "generic", task: "t", acceptance: "a", maxSteps: 8, maxAttempts: 3 } });
    expect(openDelegation({ step: 21, settings }, decision, opts)).toMatchObject({ ok: true, delegation: { maxSteps: 3 } });
    expect(openDelegation({ step: 0, settings }, { ...decision, skill: "explain-module" }, opts)).toMatchObject({ ok: true, delegation: { kind: "skill", skill: "explain-module" } });
    expect(openDelegation({ step: 0, settings }, { ...decision, skill: "nope" }, opts)).toMatchObject({ ok: false, message: expect.stringContaining('no skill named "nope"') });
  });
});

describe("chat and cancel while a child waits (CONTRACT §3)", () => {
  const CHILD_ASKS = [
    call("d1", "delegate_task", { task: "Read the doc the user means", acceptance: "quotes it" }),
    call("q1", "ask_user", { question: "Which doc, a or b?" }),
    call("r1", "read_open", { path: "docs/b.md" }),
    answer("c3", "The timeout is 30 seconds [ev-1]."),
    answer("p2", "The timeout is 30 seconds [ev-1].", ["ev-1"]),
  ];

  it("a new message while the child waits for approval rejects the child's call with the message as the reason; the child stops; the parent plans the message", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [...CHILD_WRITE.slice(0, 2), answer("p2", "Hello, and nothing was written.")] });
    await start(run, 'Create notes/x.md with "hi"', "g-chat-approval");
    expect((await pendingInterrupt(run, "g-chat-approval")).child.status).toBe("waiting_approval");
    const app = settlingPausedRuns(run.app);
    const out = await app.invoke({ messages: [{ role: "user", content: "Don't write it, just say hello." }] }, config("g-chat-approval"));
    expect(out.status).toBe("completed");
    expect(out.goal).toBe("Don't write it, just say hello.");
    expect(out.turn).toBe(2);
    expect(out.trace.find((t) => t.agent === "sub-0" && t.node === "Approval")).toMatchObject({ decision: "superseded", toolCallId: "w1@sub-0", note: expect.stringContaining("rejected, not executed: the user sent a new message instead: Don't write it, just say hello.") });
    expect(out.subagentResults[0]).toMatchObject({ id: "sub-0", status: "superseded", summary: expect.stringContaining("Don't write it, just say hello.") });
    expect(out.answer).toContain("Hello");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
    expect((await run.app.getState(config("g-chat-approval"))).tasks).toEqual([]);
  });

  it("a new message while the child waits for an answer is the child's answer; the message joins the parent's conversation", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({ workspace: ws, turns: CHILD_ASKS });
    await start(run, "What does the doc I mean say?", "g-chat-question");
    expect((await pendingInterrupt(run, "g-chat-question")).child.status).toBe("waiting_user");
    const out = await settlingPausedRuns(run.app).invoke({ messages: [{ role: "user", content: "b" }] }, config("g-chat-question"));
    expect(out.status).toBe("completed");
    expect(out.turn).toBe(1);
    expect(out.trace.find((t) => t.agent === "sub-0" && t.node === "AskUser")).toMatchObject({ decision: "answered", note: "b" });
    expect(out.messages.some((m) => m.getType() === "human" && m.content === "b")).toBe(true);
    expect(out.subagentResults[0]).toMatchObject({ id: "sub-0", status: "completed" });
    expect(run.executions.get("read_open")).toBe(1);
  });

  it.each([
    ["goto END (Agent Chat UI's Mark as resolved)", (app: TestRun["app"], thread: string) => app.invoke(new Command({ goto: END }) as never, config(thread))],
    ["updateState as END (Agent Inbox's Mark as Resolved)", (app: TestRun["app"], thread: string) => app.updateState(config(thread), null, END as never)],
  ])("%s while the child waits for approval ends the whole run cancelled; nothing executes; the trace says so", async (what, resolve) => {
    const ws = await tempWorkspace({});
    const thread = `g-cancel-${what.slice(0, 6)}`;
    const run = makeRun({ workspace: ws, turns: [...CHILD_WRITE.slice(0, 2), answer("p2", "never")] });
    await start(run, 'Create notes/x.md with "hi"', thread);
    const app = settlingPausedRuns(run.app);
    await resolve(app, thread);
    const snap = await app.getState(config(thread));
    const values = snap.values as AgentRunState;
    expect(values.status).toBe("cancelled");
    expect(snap.next).toEqual([]);
    expect(snap.tasks).toEqual([]);
    expect(values.trace.find((t) => t.agent === "sub-0" && t.node === "Approval")).toMatchObject({ decision: "cancelled", toolCallId: "w1@sub-0" });
    expect(values.trace.at(-1)).toMatchObject({ agent: "main", node: "Evidence", decision: "cancelled", toolCallId: "sub-0" });
    expect(String(values.messages.at(-1)?.content)).toMatch(/^Run cancelled: sub-0 cancelled by the user; write_file \(w1@sub-0\) was not executed/);
    expect(values.subagentResults[0]).toMatchObject({ id: "sub-0", status: "cancelled" });
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(run.model.position).toBe(2);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
  });

  it("a cancel while the child waits for an answer ends the whole run cancelled too", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({ workspace: ws, turns: CHILD_ASKS });
    await start(run, "What does the doc I mean say?", "g-cancel-question");
    const out = await settlingPausedRuns(run.app).invoke(new Command({ goto: END }) as never, config("g-cancel-question"));
    expect(out.status).toBe("cancelled");
    expect(out.trace.find((t) => t.agent === "sub-0" && t.node === "AskUser")).toMatchObject({ decision: "cancelled" });
    expect(run.executions.get("read_open") ?? 0).toBe(0);
  });
});
