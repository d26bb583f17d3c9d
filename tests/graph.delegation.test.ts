/**
 * CONTRACT §8: governed delegation. A Generic SubAgent is a subgraph with its own loop,
 * TaskFrame, budgets and scoped view; it returns a work package the parent judges; it cannot
 * nest; its approvals and questions pause the whole run and resume inside the child.
 */
import { Command } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../nodes/approval.js";
import { createSqliteLedger } from "../ledger/sqliteLedger.js";
import type { AgentRunState } from "../state/agentRun.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const FILES = { "docs/a.md": "The retry limit is 5.\n", "docs/b.md": "The timeout is 30 seconds.\n" };
const byAgent = (state: Pick<AgentRunState, "trace">, agent: string) => state.trace.filter((t) => t.agent === agent).map((t) => t.node);

async function pendingInterrupt(run: TestRun, threadId: string) {
  const snap = await run.app.getState(config(threadId), { subgraphs: true });
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
  const child = snap.tasks.find((t) => t.name === "SubAgent")?.state as { values: AgentRunState } | undefined;
  return { id: intr?.id as string, value: intr?.value as ApprovalRequest, child: child?.values, parent: snap.values as AgentRunState };
}

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
    expect(out.evidence).toEqual([expect.objectContaining({ id: "ev-1", agent: "sub-0", toolId: "read_open", toolCallId: "c1", source: expect.objectContaining({ path: "docs/a.md" }), verified: true })]);
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
