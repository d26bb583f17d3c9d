/** CONTRACT §3: exact invocation, approval bound to identity, edit = new invocation, exactly once, forks. */
import { readFile, access } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { invocationHash } from "../protocol/invocationHash.js";
import type { ApprovalRequest } from "../nodes/approval.js";
import { REPLAYED_NOTE } from "../nodes/tool.js";
import type { ExecutionKey, ExecutionLedger } from "../ledger/executionLedger.js";
import { openCheckpointStore } from "../checkpointers/index.js";
import { POSTGRES_URL } from "./support/postgres.js";
import { answer, call, config, makeRun, start, tempWorkspace, visits, type TestRun } from "./support/harnessRuntime.js";

/** A claim whose approval was given in the key's own thread (the normal case). */
const ownClaim = (ledger: ExecutionLedger, key: ExecutionKey) => ledger.begin(key, { threadId: key.threadId });

const WRITE = call("w1", "write_file", { path: "notes/todo.md", content: "ship it\n" });
const exists = (p: string) => access(p).then(() => true, () => false);

async function pausedWrite(threadId: string, extraTurns = [call("r1", "read_open", { path: "notes/todo.md" }), answer("a1", "Wrote it [ev-2]")]) {
  const ws = await tempWorkspace({});
  const run = makeRun({ workspace: ws, turns: [WRITE, ...extraTurns] });
  const paused = await start(run, 'Create notes/todo.md with "ship it"', threadId);
  return { run, paused, ws };
}

async function pendingInterrupt(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId));
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
  return { id: intr?.id as string, value: intr?.value as ApprovalRequest, snap };
}

describe("approval pauses on the frozen invocation", () => {
  it("ask → interrupt whose payload is the frozen call; status waiting_approval; nothing executed", async () => {
    const { run, paused, ws } = await pausedWrite("t-ask");
    expect(paused.status).toBe("waiting_approval");
    expect(paused.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: "w1", riskClass: "file_write", input: { path: "notes/todo.md", content: "ship it\n", overwrite: false } });
    const { value } = await pendingInterrupt(run, "t-ask");
    expect(value.kind).toBe("approval");
    expect(value).toMatchObject(paused.pendingToolCall!);
    expect(value.checkpointId).toBeTruthy();
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("inputHash is SHA-256 of canonical JSON of tool, validated input (defaults included) and effect context", async () => {
    const { paused } = await pausedWrite("t-hash");
    const expected = invocationHash("write_file", { content: "ship it\n", overwrite: false, path: "notes/todo.md" }, {});
    expect(paused.pendingToolCall?.inputHash).toBe(expected);
    expect(invocationHash("run_command", { command: "ls" }, { cwd: ".", env: {}, timeoutMs: 1 })).not.toBe(
      invocationHash("run_command", { command: "ls" }, { cwd: "src", env: {}, timeoutMs: 1 }),
    );
  });

  it("approve with the exact identity → executes once, binds toolId+toolCallId+inputHash+checkpoint, completes", async () => {
    const { run, paused, ws } = await pausedWrite("t-approve");
    const { id, value } = await pendingInterrupt(run, "t-approve");
    const call0 = paused.pendingToolCall!;
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: call0.toolCallId, inputHash: call0.inputHash } } }), config("t-approve"));
    expect(out.status).toBe("completed");
    expect(await readFile(join(ws, "notes/todo.md"), "utf8")).toBe("ship it\n");
    expect(run.executions.get("write_file")).toBe(1);
    expect(out.approvals.find((a) => a.decision === "approve")).toMatchObject({ toolId: "write_file", toolCallId: "w1", inputHash: call0.inputHash, decision: "approve", checkpointId: value.checkpointId });
    expect(out.taskFrame.goals.map((g) => [g.intent, g.op, g.status])).toEqual([["change", "write", "covered"], ["verify", "write", "covered"]]);
  });

  it("a decision naming another identity → terminal approval_inconsistency, nothing executed, Generate not run", async () => {
    const { run, paused, ws } = await pausedWrite("t-mismatch");
    const { id } = await pendingInterrupt(run, "t-mismatch");
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: "w1", inputHash: "0".repeat(64) } } }), config("t-mismatch"));
    expect(paused.status).toBe("waiting_approval");
    expect(out.status).toBe("failed");
    expect(out.finishReason).toBe("error");
    expect(out.error?.kind).toBe("approval_inconsistency");
    expect(visits(out)).not.toContain("Generate");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("reject → an observation for the Planner, which may take another path; nothing executed", async () => {
    const { run, paused } = await pausedWrite("t-reject", [answer("a1", "Not written, as you asked.")]);
    const { id } = await pendingInterrupt(run, "t-reject");
    const c = paused.pendingToolCall!;
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "reject", toolCallId: c.toolCallId, inputHash: c.inputHash, reason: "not now" } } }), config("t-reject"));
    expect(out.status).toBe("completed");
    expect(out.observations.some((o) => o.outcome === "rejected" && o.summary.includes("not now"))).toBe(true);
    expect(out.taskFrame.goals.every((g) => g.status === "declined")).toBe(true);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });

  it("edit never changes the tool: a new invocation (new toolCallId) is normalized and asked again", async () => {
    const { run, paused, ws } = await pausedWrite("t-edit");
    const first = paused.pendingToolCall!;
    const { id } = await pendingInterrupt(run, "t-edit");
    const again = await run.app.invoke(
      new Command({ resume: { [id]: { decision: "edit", toolCallId: first.toolCallId, inputHash: first.inputHash, input: { path: "notes/todo.md", content: "ship it today\n" } } } }),
      config("t-edit"),
    );
    expect(again.status).toBe("waiting_approval");
    const second = again.pendingToolCall!;
    expect(second.toolId).toBe("write_file");
    expect(second.toolCallId).not.toBe(first.toolCallId);
    expect(second.inputHash).not.toBe(first.inputHash);
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    // The old identity no longer approves anything.
    const next = await pendingInterrupt(run, "t-edit");
    const stale = await run.app.invoke(new Command({ resume: { [next.id]: { decision: "approve", toolCallId: first.toolCallId, inputHash: first.inputHash } } }), config("t-edit"));
    expect(stale.error?.kind).toBe("approval_inconsistency");
    expect(await exists(join(ws, "notes/todo.md"))).toBe(false);
  });

  it("a deny rule ends the run (policy_denied) without executing", async () => {
    const { Policy } = await import("../policy/policy.js");
    const { writeFile } = await import("node:fs/promises");
    const ws = await tempWorkspace({});
    const policyFile = join(ws, "..", `policy-${Date.now()}.yaml`);
    await writeFile(policyFile, "tools:\n  write_file: deny\n");
    const run = makeRun({ workspace: ws, turns: [WRITE], policy: Policy.load(policyFile) });
    const out = await start(run, 'Create notes/todo.md with "ship it"', "t-deny");
    expect(out.status).toBe("failed");
    expect(out.error?.kind).toBe("policy_denied");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });
});

describe("exactly once per toolCallId + inputHash", () => {
  it("the same approval submitted twice executes once", async () => {
    const { run, paused } = await pausedWrite("t-twice");
    const { id } = await pendingInterrupt(run, "t-twice");
    const c = paused.pendingToolCall!;
    const decision = { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } };
    await run.app.invoke(new Command({ resume: decision }), config("t-twice"));
    const second = await run.app.invoke(new Command({ resume: decision }), config("t-twice"));
    expect(second.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
  });

  it("process died after the tool ran but before the next checkpoint → resume replays the recorded result, never re-runs", async () => {
    const { run, paused, ws } = await pausedWrite("t-crash");
    const c = paused.pendingToolCall!;
    // What a crashed process leaves behind: the effect on disk and the ledger entry, but no checkpoint after Tool.
    const key = { threadId: "t-crash", toolId: c.toolId, toolCallId: c.toolCallId, inputHash: c.inputHash };
    expect(await ownClaim(run.ledger, key)).toEqual({ state: "fresh" });
    const tool = run.rt.harness.get("write_file")!;
    const outcome = await tool.execute(c.input, { workspaceRoot: ws });
    await run.ledger.complete(key, outcome);
    expect(run.executions.get("write_file")).toBe(1);

    const { id } = await pendingInterrupt(run, "t-crash");
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config("t-crash"));
    expect(out.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    expect(out.trace.some((t) => t.node === "Tool" && t.note === REPLAYED_NOTE)).toBe(true);
  });

  it("died between claiming and recording → outcome_unknown observation, not run again", async () => {
    const { run, paused } = await pausedWrite("t-unknown", [answer("a1", "Could not confirm the write.")]);
    const c = paused.pendingToolCall!;
    await ownClaim(run.ledger, { threadId: "t-unknown", toolId: c.toolId, toolCallId: c.toolCallId, inputHash: c.inputHash });
    const { id } = await pendingInterrupt(run, "t-unknown");
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config("t-unknown"));
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    expect(out.observations.some((o) => o.failure?.kind === "outcome_unknown")).toBe(true);
  });
});


describe.each(["memory", "sqlite", "postgres"] as const)("fork / time travel never reuses an approval from another branch (%s)", (backend) => {
  it("forking from the paused checkpoint needs a new decision; the other branch's effect is not repeated", async (ctx) => {
    const ws = await tempWorkspace({});
    const setting = backend === "memory" ? "memory" : backend === "sqlite" ? `sqlite:${join(ws, "..", `fork-${Date.now()}.db`)}` : POSTGRES_URL;
    const store = await openCheckpointStore(setting).catch(() => null);
    if (!store) return ctx.skip();
    const threadId = `t-fork-${backend}-${Date.now()}`;
    try {
      const run = makeRun({
        workspace: ws,
        checkpointer: store.checkpointer,
        ledger: store.ledger,
        turns: [WRITE, call("r1", "read_open", { path: "notes/todo.md" }), answer("a1", "done [ev-2]"), call("r2", "read_open", { path: "notes/todo.md" }), answer("a2", "done again [ev-2]")],
      });
      const paused = await start(run, 'Create notes/todo.md with "ship it"', threadId);
      const pausedAt = (await run.app.getState(config(threadId))).config;
      const c = paused.pendingToolCall!;
      const { id } = await pendingInterrupt(run, threadId);
      const branchA = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config(threadId));
      expect(branchA.status).toBe("completed");
      expect(branchA.approvals.some((a) => a.decision === "approve")).toBe(true);

      // Time travel: back to the checkpoint that paused for approval.
      const fork = await run.app.getState(pausedAt);
      expect(fork.values.status).toBe("waiting_approval");
      expect(fork.values.approvals.some((a: { decision: string }) => a.decision === "approve")).toBe(false);
      expect(fork.next).toEqual(["Approval"]);
      const forkIntr = fork.tasks.flatMap((t) => t.interrupts)[0];
      expect(forkIntr?.value).toMatchObject({ kind: "approval",  toolCallId: c.toolCallId, inputHash: c.inputHash  });

      // Approving on the fork is a new decision on this branch; the ledger keeps the effect single.
      const branchB = await run.app.invoke(
        new Command({ resume: { [forkIntr!.id as string]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }),
        { ...pausedAt, recursionLimit: 200 },
      );
      expect(branchB.status).toBe("completed");
      expect(branchB.approvals.filter((a) => a.decision === "approve")).toHaveLength(1);
      expect(run.executions.get("write_file")).toBe(1);
      expect(branchB.trace.some((t) => t.node === "Tool" && t.note === REPLAYED_NOTE)).toBe(true);

      // An edited state on a fork (updateState) is kept, not dropped (langgraphjs#1812).
      const edited = await run.app.updateState(pausedAt, { goal: "edited on the fork" });
      expect((await run.app.getState(edited)).values.goal).toBe("edited on the fork");
    } finally {
      await store.close();
    }
  }, 30_000);
});
