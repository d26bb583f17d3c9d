/** CONTRACT §2/§3: Tool executes only the frozen, approved invocation whose input still hashes to the approval. */
import { describe, expect, it } from "vitest";
import { createToolNode } from "../nodes/tool.js";
import { invocationHash } from "../protocol/invocationHash.js";
import { config, makeRun, tempWorkspace } from "./support/harnessRuntime.js";

async function toolState() {
  const ws = await tempWorkspace({});
  const run = makeRun({ workspace: ws, turns: [] });
  await run.app.updateState(config("t-tool"), { goal: "x" });
  const state = (await run.app.getState(config("t-tool"))).values;
  const input = { path: "a.md", content: "x\n", overwrite: false };
  const call = { toolId: "write_file", toolCallId: "w1", input, inputHash: invocationHash("write_file", input, {}), riskClass: "file_write" as const };
  const approval = { toolId: "write_file", toolCallId: "w1", inputHash: call.inputHash, threadId: "t-tool", checkpointId: null, decision: "approve" as const, at: "" };
  return { run, state, call, approval, node: createToolNode(run.rt) };
}

describe("Tool refuses anything but the approved invocation", () => {
  it("no approval bound to the call → approval_inconsistency, nothing executed", async () => {
    const { run, state, call, node } = await toolState();
    const update = await node({ ...state, pendingToolCall: call, approvals: [] }, config("t-tool"));
    expect(update).toMatchObject({ status: "failed", error: { kind: "approval_inconsistency" } });
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });

  it("input changed after approval (hash no longer matches) → state_corrupted, nothing executed", async () => {
    const { run, state, call, approval, node } = await toolState();
    const tampered = { ...call, input: { ...call.input, path: "b.md" } };
    const update = await node({ ...state, pendingToolCall: tampered, approvals: [approval] }, config("t-tool"));
    expect(update).toMatchObject({ status: "failed", error: { kind: "state_corrupted" } });
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });

  it("an approval for another call id does not cover this one", async () => {
    const { run, state, call, approval, node } = await toolState();
    const update = await node({ ...state, pendingToolCall: call, approvals: [{ ...approval, toolCallId: "w0" }] }, config("t-tool"));
    expect(update).toMatchObject({ error: { kind: "approval_inconsistency" } });
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });

  it("the matching approval → executed exactly once and handed to Evidence", async () => {
    const { run, state, call, approval, node } = await toolState();
    const update = await node({ ...state, pendingToolCall: call, approvals: [approval] }, config("t-tool"));
    expect(update.toolResult).toMatchObject({ ok: true, toolId: "write_file", toolCallId: "w1", replayed: false });
    expect(run.executions.get("write_file")).toBe(1);
  });
});
