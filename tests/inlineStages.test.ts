/**
 * Chained contract stages (issue 24, graphs/inline.ts): Planner → Normalize and Policy → Tool →
 * Evidence each run as one LangGraph step, so a governed tool step saves two checkpoints (the
 * decision with its frozen call, then its outcome), not one per stage; every stage still
 * records its own visit, in order. A chained update is the same as the stages' updates applied
 * one after the other.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMira } from "../bench/stepRunners.js";
import { openCheckpointStore } from "../checkpointers/index.js";
import { AgentRunAnnotation, applyUpdate, mergeUpdates, type AgentRunState } from "../state/agentRun.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("a governed tool step is two checkpoints, five stage visits", () => {
  it("20 no-op steps save about 2 checkpoints per step, and the trace shows Planner, Normalize, Policy, Tool, Evidence for each", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mira-inline-"));
    dirs.push(dir);
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    const steps = 20;
    const dbPath = join(dir, "mira.db");
    const run = await runMira({ steps, dbPath, workspace });
    // Two per tool call, plus the input, the answer's step and the end.
    expect(run.footprint.checkpointRows).toBeLessThanOrEqual(2 * steps + 6);

    const store = await openCheckpointStore(`sqlite:${dbPath}`);
    try {
      const trace = (store.checkpointer as unknown as { fullTrace(thread: string): Array<{ node: string; toolCallId?: string }> }).fullTrace("bench");
      const stagesOf = (id: string) => trace.filter((e) => e.toolCallId === id).map((e) => e.node);
      for (const id of ["c0", "c7", "c19"]) expect(stagesOf(id)).toEqual(["Planner", "Normalize", "Policy", "Tool", "Evidence"]);
    } finally {
      await store.close();
    }
  });
});

describe("a chained update equals its stages' updates applied in turn", () => {
  it("appended channels concatenate, replaced ones take the later value", () => {
    const defaults = Object.fromEntries(
      Object.entries(AgentRunAnnotation.spec).map(([k, c]) => [k, (c as unknown as { initialValueFactory: () => unknown }).initialValueFactory()]),
    ) as unknown as AgentRunState;
    const state = applyUpdate(defaults, { trace: { seq: 1, node: "Planner", agent: "main", at: "t1" }, traceCount: 1, step: 1 });
    const first = { trace: { seq: 2, node: "Policy", agent: "main", at: "t2" }, traceCount: 2, status: "running" as const };
    const second = { trace: [{ seq: 3, node: "Tool", agent: "main", at: "t3" }], traceCount: 3, toolResult: null };
    const inTurn = applyUpdate(applyUpdate(state, first), second);
    const merged = applyUpdate(state, mergeUpdates(first, second));
    expect(merged).toEqual(inTurn);
    expect(merged.trace.map((e) => e.node)).toEqual(["Planner", "Policy", "Tool"]);
    expect(merged.traceCount).toBe(3);
  });
});
