/** CONTRACT §2, §5, §6: the read path, the completion gate, retrieval and routers. */
import { describe, expect, it } from "vitest";
import { routeAfterPlanner } from "../nodes/planner.js";
import { routeAfterNormalize } from "../nodes/normalize.js";
import { routeAfterPolicy } from "../nodes/policy.js";
import { routeAfterApproval } from "../nodes/approval.js";
import { AgentRunAnnotation, type AgentRunState } from "../state/agentRun.js";
import { answer, call, makeRun, start, tempWorkspace, visits } from "./support/harnessRuntime.js";

const FILES = {
  "docs/ops.md": "# Ops\n\nThe retry limit is set in src/config.ts.\n",
  "src/config.ts": "export const config = {\n  maxRetries: 5,\n};\n",
};

function blankState(patch: Partial<AgentRunState>): AgentRunState {
  const defaults = Object.fromEntries(Object.entries(AgentRunAnnotation.spec).map(([k, ch]) => [k, (ch as { get(): unknown }).get?.()]));
  return { ...(defaults as AgentRunState), ...patch };
}

describe("routers return literal routes from state alone", () => {
  it("planner routes each decision to its stage", () => {
    expect(routeAfterPlanner(blankState({ status: "failed" }))).toBe("Finalize");
    expect(routeAfterPlanner(blankState({ finalization: { evidenceIds: [], effectIds: [], draft: "x", guarded: false } }))).toBe("Generate");
    expect(routeAfterPlanner(blankState({ status: "waiting_user" }))).toBe("AskUser");
    expect(routeAfterPlanner(blankState({ nextAction: { type: "use_tool", toolId: "t", toolCallId: "c", input: {} } }))).toBe("Normalize");
    expect(routeAfterPlanner(blankState({ nextAction: { type: "retrieve", query: "q" } }))).toBe("Retrieve");
    expect(routeAfterPlanner(blankState({ nextAction: { type: "tool_search", query: "q" } }))).toBe("Planner");
  });
  it("normalize, policy and approval route on the frozen call and status", () => {
    const frozen = { toolId: "t", toolCallId: "c", input: {}, inputHash: "h", riskClass: "read" as const };
    expect(routeAfterNormalize(blankState({ pendingToolCall: frozen }))).toBe("Policy");
    expect(routeAfterNormalize(blankState({}))).toBe("Planner");
    expect(routeAfterPolicy(blankState({ pendingToolCall: frozen, status: "waiting_approval" }))).toBe("Approval");
    expect(routeAfterPolicy(blankState({ pendingToolCall: frozen }))).toBe("Tool");
    expect(routeAfterApproval(blankState({ nextAction: { type: "use_tool", toolId: "t", toolCallId: "c~edit1", input: {} } }))).toBe("Normalize");
    expect(routeAfterApproval(blankState({ pendingToolCall: frozen }))).toBe("Tool");
  });
});

describe("read path: locate → open → answer citing what was read", () => {
  it("runs Planner→Normalize→Policy→Tool→Evidence per step and completes with cited evidence; one located file is read without a model call", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [call("c1", "read_locate", { query: "maxRetries" }), answer("c3", "The limit is 5 [ev-2].", ["ev-2"])],
    });
    const out = await start(run, "Where is the retry limit configured?", "t-read");
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(visits(out)).toEqual([
      "Planner", "Normalize", "Policy", "Tool", "Evidence",
      "Planner", "Normalize", "Policy", "Tool", "Evidence",
      "Planner", "Generate", "Finalize",
    ]);
    const deterministic = out.trace.find((t) => t.toolCallId === "det-1");
    expect(deterministic).toMatchObject({ node: "Planner", decision: "use_tool read_open", note: expect.stringContaining("deterministic (no model call)") });
    expect(out.modelCalls).toBe(2);
    expect(out.step).toBe(3);
    expect(run.executions.get("read_locate")).toBe(1);
    expect(run.executions.get("read_open")).toBe(1);
    expect(out.answer).toContain("The limit is 5 [ev-2].");
    expect(out.answer).toMatch(/Sources:\n\[ev-2\] read_open src\/config\.ts:1-3/);
    expect(out.answer).toContain("Goals:\n- done: answer from what the workspace says [ev-2]");
    expect(out.evidence.find((e) => e.id === "ev-2")).toMatchObject({ verified: true, kind: "content", toolCallId: "det-1", source: { path: "src/config.ts" } });
  });

  it("a scripted model that reads the located file itself still completes: its script works unchanged", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [call("c1", "read_locate", { query: "maxRetries" }), call("c2", "read_open", { path: "src/config.ts" }), answer("c3", "The limit is 5 [ev-2].", ["ev-2"])],
    });
    const out = await start(run, "Where is the retry limit configured?", "t-read-scripted");
    expect(out.status).toBe("completed");
    expect(out.answer).toContain("The limit is 5 [ev-2].");
    expect(out.modelCalls).toBe(3);
  });

  it("completion gate: a locate hit is not content read — answering early becomes an observation naming what is missing", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [call("c1", "read_locate", { query: "config" }), answer("c2", "It is in src/config.ts"), call("c3", "read_open", { path: "src/config.ts" }), answer("c4", "maxRetries is 5 [ev-3]")],
    });
    const out = await start(run, "Explain how the retry limit is configured", "t-gate");
    expect(out.status).toBe("completed");
    const gate = out.observations.find((o) => o.source === "gate");
    expect(gate?.failure).toMatchObject({ recoverable: true, kind: "incomplete_goals" });
    expect(gate?.summary).toMatch(/located but not read: .*src\/config\.ts/);
    expect(gate?.summary).toContain("needs file content or passages that answer it (read_locate or search_text, then read_open; or retrieve)");
    expect(visits(out).filter((n) => n === "Generate")).toHaveLength(1);
    expect(out.recovery.attemptCount).toBe(1);
  });

  it("one file read is not all requested files read", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({
      workspace: ws,
      turns: [call("c1", "read_open", { path: "docs/ops.md" }), answer("c2", "done"), call("c3", "read_open", { path: "src/config.ts" }), answer("c4", "both read [ev-1] [ev-2]")],
    });
    const out = await start(run, "Compare docs/ops.md with src/config.ts", "t-two-files");
    expect(out.status).toBe("completed");
    expect(out.observations.some((o) => o.source === "gate" && o.summary.includes("read src/config.ts"))).toBe(true);
    expect(out.taskFrame.goals.every((g) => g.status === "covered")).toBe(true);
  });

  it("retrieve: passages from the document index become evidence with their sources", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({ workspace: ws, turns: [call("c1", "retrieve", { query: "retry limit" }), answer("c2", "See [ev-1]", ["ev-1"])] });
    const out = await start(run, "What do the docs say about the retry limit?", "t-retrieve");
    expect(visits(out).slice(0, 3)).toEqual(["Planner", "Retrieve", "Evidence"]);
    expect(out.evidence[0]).toMatchObject({ kind: "passage", toolId: "retrieve", verified: true, source: { path: "docs/ops.md", startLine: 3, endLine: 3 } });
    expect(out.status).toBe("completed");
  });

  it("a text-only turn is an answer; Generate cites nothing outside the finalization packet", async () => {
    const ws = await tempWorkspace(FILES);
    const run = makeRun({ workspace: ws, turns: [{ content: "Hello [ev-9]", tool_calls: [] }] });
    const out = await start(run, "say hello", "t-text");
    expect(out.status).toBe("completed");
    expect(out.answer).toContain("Removed citations not backed by read evidence: ev-9");
    expect(out.answer).not.toContain("[ev-9]");
  });
});
