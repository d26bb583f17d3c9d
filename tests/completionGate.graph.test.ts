/** CONTRACT §4, §6, §7: the gate in real runs — side effects in guarded answers, disputes, simulated evidence, the coverage transition. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import type { RunSummary } from "../cli/summary.js";
import { entryToTool, simulatedEntries } from "../tools/catalog/index.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

/** Grants every approval the run asks for, with the frozen call's exact identity. */
async function approveAll(run: TestRun, threadId: string, state: Awaited<ReturnType<typeof start>>) {
  while (state.status === "waiting_approval" && state.pendingToolCall) {
    const id = (await run.app.getState(config(threadId))).tasks.flatMap((t) => t.interrupts)[0]?.id as string;
    const { toolCallId, inputHash } = state.pendingToolCall;
    state = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId, inputHash } } }), config(threadId));
  }
  return state;
}

describe("a guarded answer reports every side effect that happened", () => {
  it("after a write and a delete, exhausted recovery still lists both effects with their receipts", async () => {
    const ws = await tempWorkspace({ "notes/old.md": "old\n" });
    const run = makeRun({
      workspace: ws,
      turns: [
        call("w1", "write_file", { path: "notes/new.md", content: "y\n" }),
        call("d1", "delete_path", { path: "notes/old.md" }),
        call("r1", "read_open", { path: "ghost-1.md" }),
        call("r2", "read_open", { path: "ghost-2.md" }),
        call("r3", "read_open", { path: "ghost-3.md" }),
      ],
    });
    const out = await approveAll(run, "t-guarded", await start(run, 'Delete notes/old.md and create notes/new.md with "y"', "t-guarded"));
    expect(out.status).toBe("completed");
    expect(out.finalization?.guarded).toBe(true);
    expect(out.answer).toContain("I could not complete the task");
    expect(out.answer).toMatch(/Side effects that happened:\n- \[ev-\d+\] write_file notes\/new\.md:1-1: created notes\/new\.md .*\(receipt, not verified\)\n- \[ev-\d+\] delete_path notes\/old\.md: deleted file notes\/old\.md \(receipt, not verified\)/);
    expect(out.answer).not.toContain("No side effects happened");
    expect(run.executions.get("write_file")).toBe(1);
    expect(run.executions.get("delete_path")).toBe(1);
  });
});

describe("the Planner may dispute a goal with a reason", () => {
  it("the dispute is validated, recorded in the trace, and the answer says what was not done and why", async () => {
    const ws = await tempWorkspace({ "README.md": "# Demo\n" });
    const run = makeRun({
      workspace: ws,
      turns: [
        call("r1", "read_open", { path: "README.md" }),
        call("v1", "revise_goals", { goals: [{ intent: "read", target: "nowhere.md" }], disputes: [{ goalId: "g2", reason: "this workspace has no test runner" }] }),
        answer("a1", "README.md is a one-line title [ev-1]."),
      ],
    });
    const out = await start(run, "Summarize README.md and run the tests", "t-dispute");
    expect(out.status).toBe("completed");
    expect(out.taskFrame.goals.map((g) => [g.description, g.status])).toEqual([["read README.md", "covered"], ["run the tests", "disputed"]]);
    const revision = out.trace.find((t) => t.decision === "revise_goals");
    expect(revision?.note).toMatch(/disputed g2 \(run the tests\): this workspace has no test runner; refused read nowhere\.md: nowhere\.md does not exist/);
    expect(out.answer).toContain("Goals:\n- done: read README.md [ev-1]\n- not done: run the tests, because this workspace has no test runner");
  });
});

describe("an answer claiming work the turn never did (issue 21, round 7)", () => {
  it("is refused once, then completes as a guarded answer listing nothing as done; nothing was changed", async () => {
    const ws = await tempWorkspace({ "logs/app.log": "x\n" });
    const run = makeRun({ workspace: ws, turns: [answer("a1", "已清理完毕。"), answer("a2", "已清理完毕。")] });
    const out = await start(run, "把 logs 里的旧日志清理掉", "t-claim-nothing");
    expect(out.status).toBe("completed");
    expect(out.finalization?.guarded).toBe(true);
    const gate = out.observations.find((o) => o.source === "gate");
    expect(gate?.summary).toContain("nothing in this turn changed anything");
    expect(out.answer).toContain("I could not complete the task verifiably");
    expect(out.answer).toContain("> 已清理完毕。");
    expect(out.evidence.filter((e) => e.kind === "write" || e.kind === "command")).toEqual([]);
  });
});

describe("simulated backends are evaluation fixtures", () => {
  it("a simulated run_tests result is labelled simulated and never covers the run goal; a real command does", async () => {
    const ws = await tempWorkspace({ "package.json": '{"type":"module"}\n', "a.test.js": "import { test } from 'node:test';\ntest('ok', () => {});\n" });
    const simulated = simulatedEntries.filter((e) => e.name === "run_tests").map(entryToTool);
    const run = makeRun({
      workspace: ws,
      extraTools: simulated,
      turns: [call("s1", "run_tests", {}), answer("a1", "Tests pass."), call("t1", "tool_search", { query: "run_command" }), call("c1", "run_command", { command: process.execPath, args: ["--test"] }), answer("a2", "The tests ran [ev-2].")],
    });
    const out = await approveAll(run, "t-simulated", await start(run, "Run the tests", "t-simulated"));
    expect(out.status).toBe("completed");
    expect(out.evidence[0]).toMatchObject({ toolId: "run_tests", verified: false, simulated: true, kind: "receipt" });
    const gate = out.observations.find((o) => o.source === "gate");
    expect(gate?.summary).toContain("run the tests — needs a command result with its exit code (run_command, running the tests; simulated runners do not count)");
    expect(out.taskFrame.goals[0]).toMatchObject({ status: "covered", coveredBy: ["ev-2"] });
  });
});

describe("the deterministic coverage transition", () => {
  it("a written file is read back without a model call; the trace says so and the summary counts model calls", async () => {
    const ws = await tempWorkspace({});
    const script = join(ws, "script.json");
    await writeFile(script, JSON.stringify({ turns: [call("w1", "write_file", { path: "notes/x.md", content: "hi\n" }), answer("a1", "Wrote notes/x.md [ev-2]", ["ev-2"])] }));
    const store = `sqlite:${join(ws, "mira.db")}`;
    const io = { out: [] as string[], err: [] as string[] };
    const cli = (args: string[]) => main(args, { out: (s) => io.out.push(s), err: (s) => io.err.push(s) });
    expect(await cli(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "t-det", "--json"])).toBe(2);
    const paused = JSON.parse(io.out.pop()!) as RunSummary;
    const { toolCallId, inputHash } = paused.pendingToolCall!;
    expect(await cli(["resume", "t-det", "--approve", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", store, "--json"])).toBe(0);
    const done = JSON.parse(io.out.pop()!) as RunSummary;
    expect(done.status).toBe("completed");
    expect(done.trace.find((t) => t.toolCallId === "det-1")).toMatchObject({ node: "Planner", decision: "use_tool read_open", note: "deterministic (no model call): notes/x.md was written; it must be read back" });
    expect({ plannerSteps: done.plannerSteps, modelCalls: done.modelCalls }).toEqual({ plannerSteps: 3, modelCalls: 2 });
    expect(done.answer).toContain("- done: read back notes/x.md [ev-2]");
  });
});

describe("bad input gets one clear line, never a stack trace or a lost run", () => {
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
    return { code, out: out.join("\n"), err };
  };

  it("an empty request, a 20,000-character request and one naming 1,001 files are refused with one line (exit 64) before any run exists", async () => {
    const ws = await tempWorkspace({ "a.md": "a\n" });
    const store = `sqlite:${join(ws, "mira.db")}`;
    const cases: Array<[string, RegExp]> = [
      ["   ", /^mira: the task is empty$/],
      ["x".repeat(20_000), /^mira: the request is 20000 characters long; the limit is 10000/],
      [`Read ${Array.from({ length: 1001 }, (_, i) => `d/${i}.md`).join(" ")}`, /^mira: the request names 1001 paths; at most 1000/],
    ];
    for (const [task, message] of cases) {
      const r = await cli(["run", task, "--workspace", ws, "--checkpointer", store, "--thread", "t-bad"]);
      expect(r.code).toBe(64);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
      expect(r.err[0]).not.toMatch(/\n|\bat .*\.ts:\d+/);
    }
    expect((await cli(["show", "t-bad", "--checkpointer", store])).code).toBe(64);
  });

  it("a run started without the CLI (the server) ends failed with invalid_request and one line; nothing runs", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [] });
    const out = await start(run, "y".repeat(20_000), "t-too-long");
    expect(out.status).toBe("failed");
    expect(out.error).toEqual({ kind: "invalid_request", message: "the request is 20000 characters long; the limit is 10000 (put long text in a file and name the file)" });
    expect(run.model.position).toBe(0);
    expect(run.executions.size).toBe(0);
  });

  it("paths with spaces and unicode are read whole; a language the lexicon does not cover gets one note and a run that ends", async () => {
    const ws = await tempWorkspace({ "docs/design notes.md": "# Design\nkeep it small\n", "文档/说明.md": "小计算器\n" });
    const spaced = await cli(["run", "Summarize docs/design notes.md", "--workspace", ws, "--checkpointer", "memory", "--json"]);
    expect(spaced.code).toBe(0);
    expect((JSON.parse(spaced.out) as RunSummary).evidence.some((e) => e.source.path === "docs/design notes.md" && e.kind === "content")).toBe(true);
    const unicode = await cli(["run", "总结 文档/说明.md 的内容", "--workspace", ws, "--checkpointer", "memory", "--json"]);
    expect(unicode.code).toBe(0);
    expect((JSON.parse(unicode.out) as RunSummary).answer).toContain("小计算器");
    const thai = await cli(["run", "อ่านไฟล์นี้ให้หน่อย", "--workspace", ws, "--checkpointer", "memory", "--json"]);
    expect(thai.err).toEqual(["mira: note: the request's language is not covered by the request lexicon (English and Chinese); the goal is to answer it from the workspace"]);
    expect((JSON.parse(thai.out) as RunSummary).status).toBe("completed");
  });
});
