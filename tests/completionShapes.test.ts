/**
 * CONTRACT §6, issue 21: coverage is judged by observed state, whatever made the effect. Each
 * shape the issue observed is a scripted end-to-end run: correct work completes with the
 * model's own answer; a premature answer is refused first; after a shell-made change the gate
 * asks for an observation, never for the change again, and the effect ran once; a model that
 * insists without evidence gets a completed, guarded answer; an honest "cannot" is shown as not
 * done with its reason; each turn gathers its own evidence.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { frozenCallOf, type ApprovalRequest } from "../protocol/approvalReply.js";
import { startRunInput } from "../runtime/startRun.js";
import type { AgentRunState } from "../state/agentRun.js";
import { goalKey } from "../state/taskFrame.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const FILES = {
  "README.md": "# Calc\n",
  "notes/config.txt": "mode: fast\n",
  "notes/old.md": "old\n",
  "src/calc.js": "export function add(a, b) {\n  return a + b;\n}\n",
  "docs/a.md": "alpha\n",
  "docs/b.md": "beta\n",
};

/** Grants every approval (the main run's or a child's) with the frozen call's exact identity. */
async function approveAll(run: TestRun, threadId: string, state: AgentRunState): Promise<AgentRunState> {
  for (let i = 0; i < 20 && state.status !== "completed" && state.status !== "failed"; i++) {
    const snap = await run.app.getState(config(threadId), { subgraphs: true });
    const intr = snap.tasks.flatMap((t) => t.interrupts)[0];
    if (!intr || (intr.value as { kind?: string }).kind !== "approval") break;
    const c = frozenCallOf(intr.value as ApprovalRequest);
    state = (await run.app.invoke(new Command({ resume: { [intr.id as string]: { decision: "approve", toolCallId: c.toolCallId, inputHash: c.inputHash } } }), config(threadId))) as AgentRunState;
  }
  return state;
}

/** A run whose gate judges exactly the scripted work (no deterministic read-back). */
async function scripted(files: Record<string, string>, turns: Parameters<typeof makeRun>[0]["turns"]) {
  const run = makeRun({ workspace: await tempWorkspace(files), turns });
  run.rt.coverageTransition = false;
  return run;
}

const go = async (run: TestRun, request: string, thread: string) => approveAll(run, thread, (await start(run, request, thread)) as AgentRunState);
const gateNotes = (s: AgentRunState) => s.observations.filter((o) => o.source === "gate").map((o) => o.summary);
const sh = (id: string, script: string) => call(id, "run_command", { command: "sh", args: ["-c", script] });

describe("a change made by a shell command is judged by what was observed", () => {
  it("an appended line: the premature answer is refused with a request for an observation, never the change tool; the effect ran once", async () => {
    const run = await scripted(FILES, [
      sh("c1", "echo 'retry: 5' >> notes/config.txt"),
      answer("a1", "Added the line."),
      call("r1", "read_open", { path: "notes/config.txt" }),
      answer("a2", "Added the line retry: 5 [ev-2]."),
    ]);
    const out = await go(run, 'Add the line "retry: 5" to notes/config.txt with a shell command', "sh-append");
    expect(out.status).toBe("completed");
    const [refusal] = gateNotes(out);
    expect(refusal).toContain("a read of notes/config.txt made after the last change");
    expect(refusal).not.toMatch(/write_file|edit_file|needs the change/);
    expect(out.finalization?.guarded).toBe(false);
    expect(out.answer).toContain("Added the line retry: 5 [ev-2].");
    expect(run.executions.get("run_command")).toBe(1);
    const text = await readFile(join(run.workspace, "notes/config.txt"), "utf8");
    expect(text.split("\n").filter((l) => l === "retry: 5")).toHaveLength(1);
  });

  it("a delete with rm, a rename with mv, a file made by a command: each completes on its first answer once observed", async () => {
    const cases: Array<[string, Parameters<typeof makeRun>[0]["turns"], string]> = [
      ["Delete notes/old.md using rm", [call("c1", "run_command", { command: "rm", args: ["notes/old.md"] }), call("l1", "read_list", { path: "notes" }), answer("a1", "Deleted [ev-2].")], "rm"],
      ["Rename notes/old.md to notes/archive.md with mv", [call("c1", "run_command", { command: "mv", args: ["notes/old.md", "notes/archive.md"] }), call("l1", "read_list", { path: "notes" }), answer("a1", "Renamed [ev-2].")], "mv"],
      ['Create out/report.txt containing "total 3" by running a command', [sh("c1", "mkdir -p out && printf 'total 3\\n' > out/report.txt"), call("r1", "read_open", { path: "out/report.txt" }), answer("a1", "Created [ev-2].")], "made"],
    ];
    for (const [request, turns, thread] of cases) {
      const run = await scripted(FILES, turns);
      const out = await go(run, request, thread);
      expect({ thread, status: out.status, refusals: gateNotes(out), guarded: out.finalization?.guarded }).toEqual({ thread, status: "completed", refusals: [], guarded: false });
      expect(out.taskFrame.goals.every((g) => g.status === "covered")).toBe(true);
    }
  });

  it("without any observation after the command, the answer is refused (a premature answer never passes as done)", async () => {
    const run = await scripted(FILES, [call("c1", "run_command", { command: "rm", args: ["notes/old.md"] }), answer("a1", "Deleted."), answer("a2", "Deleted.")]);
    const out = await go(run, "Delete notes/old.md using rm", "rm-premature");
    expect(gateNotes(out)).toHaveLength(1);
    expect(gateNotes(out)[0]).toContain("a listing of notes made after the last change that no longer shows old.md");
    expect(out.status).toBe("completed");
    expect(out.finalization?.guarded).toBe(true);
    expect(out.answer).toMatch(/- unverified: check notes\/old\.md is gone/);
    expect(out.answer).not.toMatch(/- (done|verified): check notes\/old\.md/);
  });

  it("a delegated child that changes a file with a command and reads it: the parent completes", async () => {
    const run = makeRun({
      workspace: await tempWorkspace(FILES),
      turns: [
        call("d1", "delegate_task", { task: "Append the line 'retry: 5' to notes/config.txt with a shell command and read it back" }),
        sh("c1", "echo 'retry: 5' >> notes/config.txt"),
        call("c2", "read_open", { path: "notes/config.txt" }),
        answer("c3", "Appended and read back [ev-2]."),
        answer("p1", "notes/config.txt now ends with retry: 5 [ev-2].", ["ev-2"]),
      ],
    });
    const out = await go(run, 'Add the line "retry: 5" to notes/config.txt with a shell command', "child-sh");
    expect(out.status).toBe("completed");
    expect(gateNotes(out)).toEqual([]);
    expect(out.answer).toContain("notes/config.txt now ends with retry: 5");
    expect(run.executions.get("run_command")).toBe(1);
  });
});

describe("questions answered by a search that finds nothing or by a command's output", () => {
  it("an empty search over the named scope answers an existence question; so for 'used anywhere'", async () => {
    for (const [request, scope, thread] of [
      ["Is there a FIXME marker anywhere in the src folder?", "src", "neg-src"],
      ["Is the function subtract used anywhere?", ".", "neg-any"],
    ] as const) {
      const run = await scripted(FILES, [call("s1", "search_text", { query: thread === "neg-src" ? "FIXME" : "subtract", path: scope }), answer("a1", "No, there is none [ev-1].")]);
      const out = await go(run, request, thread);
      expect({ thread, status: out.status, refusals: gateNotes(out) }).toEqual({ thread, status: "completed", refusals: [] });
      expect(out.evidence[0]).toMatchObject({ kind: "absence", source: { path: scope } });
      expect(out.answer).toContain("No, there is none");
    }
  });

  it("a counting command's output answers a counting question about a named file", async () => {
    const run = await scripted(FILES, [call("c1", "run_command", { command: "wc", args: ["-l", "src/calc.js"] }), answer("a1", "src/calc.js has 3 lines [ev-1].")]);
    const out = await go(run, "How many lines does src/calc.js have?", "count");
    expect(out.status).toBe("completed");
    expect(gateNotes(out)).toEqual([]);
  });

  it("a question about a named file is not covered by reading an unrelated file", async () => {
    const run = await scripted(FILES, [call("r1", "read_open", { path: "README.md" }), answer("a1", "It exports add."), call("r2", "read_open", { path: "src/calc.js" }), answer("a2", "It exports add [ev-2].")]);
    const out = await go(run, "What does src/calc.js export?", "unrelated");
    expect(gateNotes(out)).toHaveLength(1);
    expect(gateNotes(out)[0]).toContain("evidence from src/calc.js itself");
    expect(out.status).toBe("completed");
    expect(out.finalization?.guarded).toBe(false);
  });
});

describe("the gate refuses once and never fails a run", () => {
  it("a model that answers twice without evidence gets a completed, guarded answer listing unverified goals and quoting its claim", async () => {
    const run = await scripted(FILES, [answer("a1", "I created notes/plan.md."), answer("a2", "I created notes/plan.md.")]);
    const out = await go(run, 'Create notes/plan.md with "ship on Friday"', "insist");
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(out.error).toBeNull();
    expect(gateNotes(out)).toHaveLength(1);
    expect(out.finalization?.guarded).toBe(true);
    expect(out.answer).toContain("it is its claim, not established fact:\n> I created notes/plan.md.");
    expect(out.answer).toContain("- unverified: write notes/plan.md\n- unverified: read back notes/plan.md");
    expect(out.answer).toContain("No side effects happened.");
  });

  it("an honest 'cannot' about a channel with no tool completes on its first answer, shown as not done with its reason", async () => {
    const run = await scripted(FILES, [answer("a1", "I cannot notify the team: there is no Slack tool in this runtime. Nothing was sent.")]);
    const out = await go(run, "Notify the team on Slack that the build is green", "cannot");
    expect(out.status).toBe("completed");
    expect(out.finishReason).toBe("stop");
    expect(gateNotes(out)).toEqual([]);
    expect(out.answer).toMatch(/- not done: send the message and get its receipt, because the model said: I cannot notify the team: there is no Slack tool in this runtime\./);
  });

  it("a 'cannot' about workspace work is refused once, then shown as not done with the model's reason", async () => {
    const run = await scripted(FILES, [answer("a1", "I can't edit files here."), answer("a2", "I can't edit files here.")]);
    const out = await go(run, 'Replace "fast" with "slow" in notes/config.txt', "cannot-ws");
    expect(gateNotes(out)).toHaveLength(1);
    expect(out.status).toBe("completed");
    expect(out.finalization?.guarded).toBe(true);
    expect(out.answer).toContain("- not done: edit notes/config.txt, because the model said: I can't edit files here.");
  });
});

describe("one request reader: paths, folders and bad input", () => {
  it("a folder and a file name form one path, in English and Chinese; the correct write completes", async () => {
    for (const [request, thread] of [
      ['In the notes folder, create a.txt with "hello"', "en-folder"],
      ["在 notes 文件夹里创建 a.txt，内容是“hello”", "zh-folder"],
    ] as const) {
      const run = await scripted(FILES, [call("w1", "write_file", { path: "notes/a.txt", content: "hello\n" }), call("r1", "read_open", { path: "notes/a.txt" }), answer("a1", "Created notes/a.txt [ev-2].")]);
      const out = await go(run, request, thread);
      expect(out.taskFrame.goals.map(goalKey)).toEqual(["change.write notes/a.txt", "verify.write notes/a.txt"]);
      expect({ thread, status: out.status, refusals: gateNotes(out) }).toEqual({ thread, status: "completed", refusals: [] });
    }
  });

  it("bad input: a punctuation-only request gets the model's question back, and nothing runs", async () => {
    const run = await scripted(FILES, [answer("a1", "Your message is only punctuation. What would you like me to do?")]);
    const out = await start(run, "?!…", "punct");
    expect({ status: out.status, refusals: gateNotes(out), executions: run.executions.size }).toEqual({ status: "completed", refusals: [], executions: 0 });
    expect(out.taskFrame.wordless).toBe(true);
    expect(out.answer).toBe("Your message is only punctuation. What would you like me to do?");
  });

  it("bad input: a file name in two folders is left to the model, which asks or says by path which it means; a silent pick is refused", async () => {
    const files = { ...FILES, "a/config.json": '{"port": 1}\n', "b/config.json": '{"port": 2}\n' };
    const asked = await scripted(files, [answer("a1", "There are two: a/config.json and b/config.json. Which one do you mean?")]);
    const ask = await start(asked, "Delete config.json", "ask");
    expect({ status: ask.status, refusals: gateNotes(ask), executions: asked.executions.size }).toEqual({ status: "completed", refusals: [], executions: 0 });
    expect(ask.taskFrame.goals.map((g) => g.status)).toEqual(["disputed", "disputed"]);
    const said = await scripted(files, [call("r1", "read_open", { path: "b/config.json" }), answer("a1", "b/config.json sets port 2 [ev-1].")]);
    const by = await start(said, "What port does config.json set?", "named");
    expect({ status: by.status, refusals: gateNotes(by) }).toEqual({ status: "completed", refusals: [] });
    expect(by.taskFrame.goals.map(goalKey)).toEqual(["question b/config.json"]);
    const silent = await scripted(files, [call("r1", "read_open", { path: "b/config.json" }), answer("a1", "config.json sets port 2."), answer("a2", "config.json sets port 2.")]);
    const pick = await start(silent, "What port does config.json set?", "silent");
    expect(gateNotes(pick)).toEqual([expect.stringContaining("config.json may be a/config.json or b/config.json: the answer neither says by path which file it is about nor asks which is meant")]);
    expect({ status: pick.status, guarded: pick.answer?.startsWith("I could not complete the task verifiably") }).toEqual({ status: "completed", guarded: true });
  });
});

describe("each turn gathers its own evidence (issue 23, item 6)", () => {
  it("an earlier read covers the same unchanged file in a new turn; not after a change to it", async () => {
    const run = await scripted(FILES, [
      call("r1", "read_open", { path: "docs/a.md" }),
      answer("a1", "It says alpha [ev-1]."),
      // turn 2: the same file, unchanged since its read in this thread
      answer("a2", "It still says alpha [ev-1]."),
      // turn 3: a command changes it; the old read no longer covers it
      sh("c1", "echo gamma >> docs/a.md"),
      answer("a3", "Changed."),
      // turn 4: the file again, after the change
      answer("a4", "It says alpha [ev-1]."),
      call("r2", "read_open", { path: "docs/a.md" }),
      answer("a5", "It says alpha and gamma [ev-3]."),
    ]);
    const thread = "turns";
    let out = await go(run, "Summarize docs/a.md", thread);
    expect(out.status).toBe("completed");
    out = (await run.app.invoke(startRunInput("Summarize docs/a.md"), config(thread))) as AgentRunState;
    expect({ status: out.status, refusals: gateNotes(out).length, goals: out.taskFrame.goals.map((g) => [g.status, g.coveredBy]) }).toEqual({ status: "completed", refusals: 0, goals: [["covered", ["ev-1"]]] });
    out = await approveAll(run, thread, (await run.app.invoke(startRunInput("Run echo gamma >> docs/a.md in a shell"), config(thread))) as AgentRunState);
    expect(out.status).toBe("completed");
    out = (await run.app.invoke(startRunInput("Summarize docs/a.md"), config(thread))) as AgentRunState;
    expect(out.status).toBe("completed");
    const refusals = out.observations.filter((o) => o.source === "gate" && o.step <= out.step);
    expect(refusals.at(-1)?.summary).toContain("evidence from docs/a.md itself");
    expect(out.taskFrame.goals[0]).toMatchObject({ status: "covered", coveredBy: ["ev-3"] });
    expect(out.finalization?.guarded).toBe(false);
  });
});
