/**
 * CONTRACT §3 — an approval binds the thread and its checkpoint lineage: a copied thread (a
 * checkpoint put under a new thread id) asks again and runs nothing until then; the Tool node
 * checks the binding and the execution ledger refuses a call whose approval belongs to another
 * thread. Forks on the same thread still run an approved call at most once.
 */
import { access, rm } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { createMemoryLedger } from "../ledger/memoryLedger.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const TURNS = [call("w1", "write_file", { path: "notes/todo.md", content: "ship it\n" }), call("r1", "read_open", { path: "notes/todo.md" }), answer("a1", "Wrote it [ev-2]")];

async function approve(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId));
  const id = snap.tasks.flatMap((t) => t.interrupts)[0]?.id as string;
  const c = snap.values.pendingToolCall!;
  return run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config(threadId));
}

/** The checkpoint of `threadId` whose next step is Tool for the write: approved, not yet executed. */
async function beforeTool(run: TestRun, threadId: string) {
  for await (const snap of run.app.getStateHistory(config(threadId))) if (snap.next.includes("Tool") && snap.values.pendingToolCall?.toolCallId === "w1") return snap;
  throw new Error("no checkpoint before Tool");
}

/** What `POST /threads/{id}/copy` does: the same checkpoint under a new thread id. */
async function copyCheckpoint(saver: BaseCheckpointSaver, from: { configurable?: Record<string, unknown> }, toThread: string) {
  const tuple = (await saver.getTuple(from))!;
  await saver.put({ configurable: { thread_id: toThread, checkpoint_ns: "" } }, tuple.checkpoint, tuple.metadata!, tuple.checkpoint.channel_versions);
}

describe("a copied thread asks again", () => {
  it("a checkpoint copied under a new thread id stops at waiting_approval before Tool; nothing runs until the copy is approved, then it runs once there", async () => {
    const ws = await tempWorkspace({});
    const ledger = createMemoryLedger();
    const original = makeRun({ workspace: ws, turns: TURNS, ledger });
    await start(original, 'Create notes/todo.md with "ship it"', "t-orig");
    expect((await approve(original, "t-orig")).status).toBe("completed");
    expect(original.executions.get("write_file")).toBe(1);

    const snap = await beforeTool(original, "t-orig");
    await copyCheckpoint(original.checkpointer, snap.config, "t-copy");
    const copy = makeRun({ workspace: ws, turns: TURNS, ledger, checkpointer: original.checkpointer, startAt: 1 });
    const resumed = await copy.app.invoke(null, config("t-copy"));
    expect(resumed.status).toBe("waiting_approval");
    expect(copy.executions.get("write_file") ?? 0).toBe(0);
    expect(resumed.trace.find((t) => t.node === "Tool")).toMatchObject({ decision: "rebind", note: expect.stringContaining('given in thread "t-orig"') });
    expect(await ledger.list("t-copy")).toEqual([]);

    await rm(join(ws, "notes/todo.md")); // so the copy's own, newly approved write can complete
    const done = await approve(copy, "t-copy");
    expect(done.status).toBe("completed");
    expect(copy.executions.get("write_file")).toBe(1);
    expect(done.approvals.filter((a) => a.decision === "approve").map((a) => a.threadId)).toContain("t-copy");
  });

  it("the ledger refuses a claim whose approval was given in another thread (and records nothing)", async () => {
    const ledger = createMemoryLedger();
    const key = { threadId: "t-copy", toolId: "write_file", toolCallId: "w1", inputHash: "h" };
    expect(await ledger.begin(key, { threadId: "t-orig" })).toMatchObject({ state: "refused", reason: expect.stringContaining('thread "t-orig"') });
    expect(await ledger.begin(key, { threadId: undefined })).toMatchObject({ state: "refused" });
    expect(await ledger.list("t-copy")).toEqual([]);
    expect(await ledger.begin(key, { threadId: "t-copy" })).toEqual({ state: "fresh" });
  });
});

describe("forks on the same thread", () => {
  it("a fork from the approved checkpoint before Tool does not ask again and does not execute again (the ledger replays)", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [...TURNS, call("r2", "read_open", { path: "notes/todo.md" }), answer("a2", "Still there [ev-4]")] });
    await start(run, 'Create notes/todo.md with "ship it"', "t-fork");
    await approve(run, "t-fork");
    const snap = await beforeTool(run, "t-fork");
    const forked = await run.app.invoke(null, snap.config);
    expect(forked.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);
    expect(await access(join(ws, "notes/todo.md")).then(() => true)).toBe(true);
  });
});
