/** CONTRACT §4 (the C contract), Normalize's refusals (§2), ask_user, and bounded per-step state (§1). */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createNormalizeNode } from "../nodes/normalize.js";
import { WINDOWS } from "../state/agentRun.js";
import { answer, call, config, makeRun, start, tempWorkspace, visits } from "./support/harnessRuntime.js";
import { noopTool } from "../bench/noopTool.js";

const exists = (p: string) => access(p).then(() => true, () => false);

describe("C contract: recoverable failures come back as observations", () => {
  it("file not found → failed observation with recovery.attemptCount, the Planner recovers", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const run = makeRun({ workspace: ws, turns: [call("c1", "read_open", { path: "missing.md" }), call("c2", "read_open", { path: "a.md" }), answer("c3", "alpha [ev-1]")] });
    const out = await start(run, "read a.md", "t-recover");
    const failed = out.observations.find((o) => o.toolCallId === "c1");
    expect(failed).toMatchObject({ outcome: "failed", failure: { recoverable: true, kind: "not_found" } });
    expect(out.recovery).toMatchObject({ attemptCount: 1, maxAttempts: 3, exhausted: false });
    expect(out).toMatchObject({ status: "completed", finishReason: "stop" });
  });

  it("exhausted recovery → Generate still runs a guarded answer; completed/stop, never faked success", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const miss = (i: number) => call(`m${i}`, "read_open", { path: `nope${i}.md` });
    const run = makeRun({ workspace: ws, turns: [call("c0", "read_open", { path: "a.md" }), miss(1), miss(2), miss(3), miss(4)] });
    const out = await start(run, "read a.md and the notes", "t-exhausted");
    expect(out.recovery).toMatchObject({ attemptCount: 3, exhausted: true });
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(visits(out).slice(-3)).toEqual(["Planner", "Generate", "Finalize"]);
    expect(out.finalization?.guarded).toBe(true);
    expect(out.answer).toContain("I could not complete the task");
    expect(out.answer).toContain("nope3.md");
    expect(out.answer).toContain("[ev-1] read_open a.md:1-1");
    expect(run.model.position).toBe(4); // the 5th turn was never requested
  });

  it("terminal failure (security violation) → failed/error, Generate does not run", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [call("c1", "read_open", { path: "../../etc/passwd" })] });
    const out = await start(run, "read the password file", "t-terminal");
    expect(out).toMatchObject({ status: "failed", finishReason: "error", error: { kind: "security_violation" } });
    expect(visits(out)).not.toContain("Generate");
    expect(visits(out).at(-1)).toBe("Finalize");
    expect(out.answer).toBeNull();
  });

  it("the Planner's fail is terminal; a model error is terminal with a clear message", async () => {
    const ws = await tempWorkspace({});
    const failed = await start(makeRun({ workspace: ws, turns: [call("c1", "fail", { reason: "no such project" })] }), "x", "t-fail");
    expect(failed).toMatchObject({ status: "failed", error: { kind: "planner_fail", message: "no such project" } });
    const exhausted = await start(makeRun({ workspace: ws, turns: [] }), "x", "t-model");
    expect(exhausted).toMatchObject({ status: "failed", finishReason: "error", error: { kind: "model_error" } });
    expect(exhausted.error?.message).toContain("scripted model exhausted");
  });

  it("model output that is not a valid decision → recoverable invalid_decision observation", async () => {
    const ws = await tempWorkspace({});
    const two = { content: "", tool_calls: [{ id: "a", name: "read_list", args: {} }, { id: "b", name: "read_list", args: {} }] };
    const run = makeRun({ workspace: ws, turns: [two, call("c2", "ask_user", {}), answer("c3", "ok")] });
    const out = await start(run, "hello", "t-invalid");
    expect(out.observations.map((o) => o.failure?.kind)).toEqual(["invalid_decision", "invalid_decision"]);
    expect(out.observations[0]?.summary).toContain("2 calls in one turn");
    expect(out.observations[1]?.summary).toContain("invalid ask_user arguments");
    expect(run.executions.get("read_list") ?? 0).toBe(0);
    expect(out.status).toBe("completed");
  });
});

describe("Normalize refuses without repairing", () => {
  it("a toolId outside the exposed set is refused, never mapped to the closest match", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const run = makeRun({ workspace: ws, turns: [call("c1", "read_opne", { path: "a.md" }), answer("c2", "gave up")] });
    const out = await start(run, "hello", "t-typo");
    expect(out.observations[0]).toMatchObject({ toolId: "read_opne", failure: { kind: "unknown_tool" } });
    expect(run.executions.get("read_open") ?? 0).toBe(0);
    expect(visits(out).slice(0, 3)).toEqual(["Planner", "Normalize", "Planner"]);
  });

  it("a disclosed-but-unauthorized tool is refused with the reason", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, authority: { allow: ["*"], deny: ["write_file"] }, turns: [call("c1", "write_file", { path: "x.md", content: "x" }), answer("c2", "could not")] });
    const out = await start(run, "hello", "t-unauth");
    expect(out.observations[0]?.failure?.kind).toBe("unknown_tool");
    expect(out.observations[0]?.summary).toMatch(/not authorized/);
    expect(await exists(join(ws, "x.md"))).toBe(false);
  });

  it("non-object and schema-invalid inputs are recoverable refusals; nothing is frozen", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [call("c1", "read_slice", { path: "a.md", startLine: "one" }), answer("c2", "no")] });
    const out = await start(run, "hello", "t-schema");
    expect(out.observations[0]).toMatchObject({ failure: { recoverable: true, kind: "invalid_input" } });
    expect(out.observations[0]?.summary).toContain("fails its schema");
    const node = createNormalizeNode(run.rt);
    const state = (await run.app.getState(config("t-schema"))).values;
    const arrayInput = await node({ ...state, loadout: ["read_list"], nextAction: { type: "use_tool", toolId: "read_list", toolCallId: "z", input: [1] } });
    expect(arrayInput.pendingToolCall).toBeNull();
    expect(JSON.stringify(arrayInput.observations)).toContain("must be a JSON object, got an array");
  });

  it("a non-use_tool decision reaching Normalize is a terminal state error", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [answer("c1", "x")] });
    await start(run, "hello", "t-corrupt");
    const state = (await run.app.getState(config("t-corrupt"))).values;
    const update = await createNormalizeNode(run.rt)({ ...state, nextAction: { type: "answer", text: "x", citations: [] } });
    expect(update).toMatchObject({ status: "failed", error: { kind: "state_corrupted" } });
  });
});

describe("ask_user pauses with waiting_user and resumes with the user's text", () => {
  it("interrupt → waiting_user → resume answer becomes an observation", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const run = makeRun({ workspace: ws, turns: [call("q1", "ask_user", { question: "Which file?" }), call("c2", "read_open", { path: "a.md" }), answer("c3", "alpha [ev-1]")] });
    const paused = await start(run, "read the file", "t-ask-user");
    expect(paused.status).toBe("waiting_user");
    const snap = await run.app.getState(config("t-ask-user"));
    const intr = snap.tasks.flatMap((t) => t.interrupts)[0]!;
    // Issue 23: the question also carries the HITL request shape so Agent Chat UI can answer it.
    expect(intr.value).toMatchObject({ kind: "question", question: "Which file?", agent: "main", action_requests: [{ name: "ask_user", description: "Which file?" }] });
    const out = await run.app.invoke(new Command({ resume: { [intr.id as string]: "a.md please" } }), config("t-ask-user"));
    expect(out.status).toBe("completed");
    expect(out.observations.some((o) => o.source === "user" && o.summary.includes("a.md please"))).toBe(true);
  });
});

describe("per-step state stays bounded", () => {
  it("a 120-step run keeps every appended channel within its window", async () => {
    const ws = await tempWorkspace({});
    const turns = Array.from({ length: 120 }, (_, i) => call(`n${i}`, "noop", { n: i }));
    const run = makeRun({ workspace: ws, extraTools: [noopTool], turns: [...turns, answer("end", "counted")], maxSteps: 200 });
    const out = await run.app.invoke(
      (await import("../runtime/startRun.js")).startRunInput("call noop for each number up to 120"),
      config("t-bounded", 2000),
    );
    expect(out.status).toBe("completed");
    expect(out.traceCount).toBe(120 * 5 + 3);
    expect(out.trace).toHaveLength(WINDOWS.trace);
    expect(out.observations).toHaveLength(WINDOWS.observations);
    expect(out.approvals).toHaveLength(WINDOWS.approvals);
    expect(JSON.stringify(out).length).toBeLessThan(40_000);
  });
});
