/**
 * Chained contract stages (issue 24, graphs/inline.ts): Policy → Tool → Evidence → Planner →
 * Normalize runs as one LangGraph step, so a governed tool step saves one checkpoint (its
 * outcome with the next frozen call), not one per stage, in the main graph and in a SubAgent's
 * subgraph; every stage still records its own visit, in order. A chained update is the same as
 * the stages' updates applied one after the other. (That a kill inside a chain runs nothing
 * twice is proven by tests/crashRecovery.test.ts and `npm run kill-tests`.)
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runMira } from "../bench/stepRunners.js";
import { openCheckpointStore } from "../checkpointers/index.js";
import { AgentRunAnnotation, applyUpdate, mergeUpdates, type AgentRunState } from "../state/agentRun.js";
import { answer, call, config, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("a governed tool step is one checkpoint, five stage visits", () => {
  it("20 no-op steps save one checkpoint per step, write no blob for unchanged channels, and the trace shows Planner, Normalize, Policy, Tool, Evidence for each", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mira-inline-"));
    dirs.push(dir);
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    const steps = 20;
    const dbPath = join(dir, "mira.db");
    const run = await runMira({ steps, dbPath, workspace });
    // One per tool call, plus the input, the first decision, the answer's steps and the end.
    expect(run.footprint.checkpointRows).toBeLessThanOrEqual(steps + 6);

    // A chain leaves out the channels it hands back unchanged: no blob per step for the run's settings or schema version.
    const db = new Database(dbPath, { readonly: true });
    const versions = (channel: string) => (db.prepare("SELECT COUNT(*) AS n FROM checkpoint_blobs WHERE channel = ?").get(channel) as { n: number }).n;
    try {
      expect([versions("settings"), versions("schemaVersion")].every((n) => n <= 2)).toBe(true);
      expect(versions("traceCount")).toBeGreaterThanOrEqual(steps);
    } finally {
      db.close();
    }

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

describe("a SubAgent's tool call is one checkpoint in its namespace", () => {
  it("a child reading 6 files saves at most 6 + 5 checkpoints in its subgraph, with every stage visit in its trace", async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`docs/f${i}.md`, `Fact ${i}.\n`]));
    const reads = Array.from({ length: 6 }, (_, i) => call(`r${i}`, "read_open", { path: `docs/f${i}.md` }));
    const cites = Array.from({ length: 6 }, (_, i) => `[ev-${i + 1}]`).join(" ");
    const run = makeRun({
      workspace: await tempWorkspace(files),
      turns: [call("d1", "delegate_task", { task: "Read the six docs", acceptance: "each doc read" }), ...reads, answer("c9", `Read all ${cites}.`), answer("p2", `All read ${cites}.`)],
    });
    const out = await start(run, "Read docs/f0.md to docs/f5.md", "inline-child");
    expect(out.status).toBe("completed");
    const child = out.trace.filter((t) => t.agent === "sub-0").map((t) => t.node);
    expect(child.filter((n) => n === "Tool")).toHaveLength(6);
    expect(child.slice(1, 6)).toEqual(["Planner", "Normalize", "Policy", "Tool", "Evidence"]);
    const namespaces = new Map<string, number>();
    for await (const t of run.checkpointer.list(config("inline-child"))) {
      const ns = String(t.config.configurable?.checkpoint_ns ?? "");
      if (ns) namespaces.set(ns, (namespaces.get(ns) ?? 0) + 1);
    }
    expect([...namespaces.values()]).toHaveLength(1);
    // The input, Start, the first decision, one per tool call, Report and the end: 35 with five per call.
    expect([...namespaces.values()][0]).toBeLessThanOrEqual(6 + 5);
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
