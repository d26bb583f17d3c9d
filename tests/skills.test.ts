/**
 * CONTRACT §8, Skill-owned SubAgents: a skill is a folder with a manifest; the main Planner
 * sees summaries only until a skill is chosen; the chosen skill runs in its own subgraph with
 * skill-scoped tools; its private runtime never reaches the main surface and is ready only
 * when probed so; its completion goes to Generate without another Planner call.
 */
import { Command } from "@langchain/langgraph";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../nodes/approval.js";
import { ScriptedChatModel } from "../models/scripted.js";
import { BUILTIN_SKILLS_DIR, SkillError, SkillLibrary } from "../skills/library.js";
import { probeRuntime } from "../skills/privateRuntime.js";
import type { AgentRunState } from "../state/agentRun.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import { answer, call, config, makeRun, start, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const RETRY_TS = `export const MAX_RETRIES = 5;

/** Waits longer after each failed attempt, up to 30 seconds. */
export function backoff(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt + 1 >= MAX_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, backoff(attempt)));
    }
  }
}
`;

/** A scripted model that also records each call's system prompt. */
class RecordingModel extends ScriptedChatModel {
  readonly prompts: string[] = [];
  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    this.prompts.push(String(messages[0]?.content ?? ""));
    return super._generate(messages, options);
  }
}

const byAgent = (state: Pick<AgentRunState, "trace">, agent: string) => state.trace.filter((t) => t.agent === agent).map((t) => t.node);

async function approvePending(run: TestRun, thread: string) {
  const snap = await run.app.getState(config(thread), { subgraphs: true });
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0]!;
  const value = intr.value as ApprovalRequest;
  const out = await run.app.invoke(new Command({ resume: { [intr.id as string]: { decision: "approve", toolCallId: value.toolCallId, inputHash: value.inputHash } } }), config(thread));
  return { value, out };
}

describe("skill library: summary first, body later", () => {
  it("the shipped skills load; summaries carry no body and no body is read before a skill is chosen", () => {
    const skills = SkillLibrary.load(BUILTIN_SKILLS_DIR);
    expect(skills.summaries().map((s) => s.name)).toEqual(["apply-change", "explain-module"]);
    expect(skills.loadedBodies()).toEqual([]);
    expect(skills.get("apply-change")?.manifest.runtime).toMatchObject({ tool: "run_project_tests", command: "npm" });
  });

  it("a malformed manifest, a missing body or a duplicate name is one clear SkillError naming the file", async () => {
    const dir = await tempWorkspace({ "bad/skill.yaml": "name: Bad Name\nsummary: ''\ntools: []\n", "bad/SKILL.md": "x" });
    expect(() => SkillLibrary.load(dir)).toThrow(SkillError);
    expect(() => SkillLibrary.load(dir)).toThrow(/^malformed skill manifest .*bad\/skill\.yaml: .*name.*/);
    const noBody = await tempWorkspace({ "s/skill.yaml": "name: s\nsummary: a\nwhenToUse: b\ntools: [read_open]\noutputs: [evidence]\n" });
    expect(() => SkillLibrary.load(noBody)).toThrow(/body SKILL\.md is missing/);
    const notYaml = await tempWorkspace({ "s/skill.yaml": "name: [unclosed\n", "s/SKILL.md": "x" });
    expect(() => SkillLibrary.load(notYaml)).toThrow(/^cannot read skill manifest .*s\/skill\.yaml/);
    const noManifest = await tempWorkspace({ "notes/README.md": "x" });
    expect(() => SkillLibrary.load(noManifest)).toThrow(/^skill folder .*notes has no skill\.yaml/);
    for (const err of [dir, noBody, notYaml, noManifest].map((d) => { try { SkillLibrary.load(d); } catch (e) { return (e as Error).message; } return ""; })) {
      expect(err.split("\n")).toHaveLength(1);
    }
  });

  it("a private runtime is not ready because a manifest says so: readiness is probed", async () => {
    const ws = await tempWorkspace({});
    expect(probeRuntime({ tool: "t", description: "d", command: "mira-no-such-runner", args: [], requires: [], timeoutMs: 1 }, ws)).toMatchObject({ ready: false, reason: expect.stringContaining("not installed") });
    expect(probeRuntime({ tool: "t", description: "d", command: "node", args: [], requires: ["package.json"], timeoutMs: 1 }, ws)).toMatchObject({ ready: false, reason: expect.stringContaining("package.json") });
    await writeFile(join(ws, "package.json"), "{}");
    expect(probeRuntime({ tool: "t", description: "d", command: "node", args: [], requires: ["package.json"], timeoutMs: 1 }, ws)).toEqual({ ready: true });
  });
});

describe("explain-module: a Skill-owned SubAgent with verified citations", () => {
  it("runs in its own subgraph with skill-scoped tools; only read-back lines are cited; completion goes to Generate without another Planner call", async () => {
    const ws = await tempWorkspace({ "src/retry.ts": RETRY_TS, "src/other.ts": "export const x = 1;\n" });
    const skills = SkillLibrary.load(BUILTIN_SKILLS_DIR);
    const turns = [
      call("d1", "delegate_task", { task: "Explain what src/retry.ts does", skill: "explain-module", acceptance: "every claim cites lines read back" }),
      call("c1", "codebase_explore", { mode: "query", query: "backoff", path: "src", maxResults: 1 }),
      call("c2", "read_slice", { path: "src/retry.ts", startLine: 3, endLine: 17 }),
      answer("c3", "src/retry.ts retries a call up to MAX_RETRIES times [ev-2], waiting backoff(attempt) between attempts [ev-2]; see also [ev-1]."),
    ];
    const run = makeRun({ workspace: ws, turns, skills, extraTools: [codebaseExploreTool()] });
    const model = new RecordingModel(turns);
    run.rt.model = model;
    const out = await start(run, "Explain what src/retry.ts does", "skill-explain");

    expect(out.status).toBe("completed");
    expect(byAgent(out, "main")).toEqual(["Planner", "Evidence", "Freeze", "Generate", "Finalize"]);
    expect(model.position).toBe(4);
    // Summary first: the main Planner saw the summary, not the body; the child got the body.
    expect(model.prompts[0]).toContain("explain-module: Explain what a code module");
    expect(model.prompts[0]).not.toContain("Explain a code module with verified citations");
    expect(model.prompts[1]).toContain("Explain a code module with verified citations");
    expect(model.prompts[1]).not.toContain("delegate_task with skill");
    expect(skills.loadedBodies()).toEqual(["explain-module"]);
    // The candidate (ev-1) is evidence of a locate hit only; the answer cites the read-back slice.
    const [candidate, slice] = out.evidence;
    expect(candidate).toMatchObject({ id: "ev-1", kind: "locate_hit", verified: false, agent: "sub-0", toolId: "codebase_explore" });
    expect(slice).toMatchObject({ id: "ev-2", kind: "content", verified: true, agent: "sub-0", toolId: "read_slice", source: { path: "src/retry.ts", startLine: 3, endLine: 17 } });
    expect(out.finalization?.evidenceIds).toEqual(["ev-2"]);
    expect(out.answer).toContain("[ev-2] read_slice src/retry.ts:3-17");
    expect(out.answer).not.toContain("[ev-1]");
    expect(out.subagentResults[0]).toMatchObject({ kind: "skill", skill: "explain-module", status: "completed" });
  });

  it("a skill that is not listed is refused as an invalid decision; nothing runs", async () => {
    const ws = await tempWorkspace({ "a.md": "x\n" });
    const run = makeRun({ workspace: ws, skills: SkillLibrary.load(BUILTIN_SKILLS_DIR), turns: [call("d1", "delegate_task", { task: "Explain a.md", skill: "no-such-skill" }), answer("p2", "Nothing to explain.")] });
    const out = await start(run, "Hello", "skill-unknown");
    expect(out.observations[0]?.summary).toMatch(/no skill named "no-such-skill" \(skills: apply-change, explain-module\)/);
    expect(out.trace.some((t) => t.agent !== "main")).toBe(false);
  });
});

describe("apply-change: approvals inside the child and a probed private runtime", () => {
  const PROJECT = {
    "package.json": JSON.stringify({ name: "limits", private: true, type: "module", scripts: { test: "node --test" } }),
    "src/limit.mjs": "export const LIMIT = 3;\n",
    "test/limit.test.mjs": 'import assert from "node:assert/strict";\nimport test from "node:test";\nimport { LIMIT } from "../src/limit.mjs";\ntest("the limit is 7", () => assert.equal(LIMIT, 7));\n',
  };

  it("the private runtime tool is not executable from the main Planner and not on its surface", async () => {
    const ws = await tempWorkspace(PROJECT);
    const skills = SkillLibrary.load(BUILTIN_SKILLS_DIR);
    const run = makeRun({ workspace: ws, skills, turns: [call("m1", "run_project_tests", {}), answer("m2", "I could not run it.")] });
    const out = await start(run, "Hello", "skill-private-main");
    expect(out.observations[0]).toMatchObject({ outcome: "failed", failure: { kind: "unknown_tool" }, toolId: "run_project_tests" });
    expect(run.rt.harness.get("run_project_tests")).toBeUndefined();
    expect(run.rt.harness.compactCatalog()).not.toContain("run_project_tests");
    expect(await run.ledger.list("skill-private-main")).toEqual([]);
    // Only the skill's own child sees it.
    const child = run.rt.harness.forScope({ kind: "skill_child", id: "s", skill: "apply-change" });
    expect(child.get("run_project_tests")?.risk).toBe("terminal");
    expect(child.checkExecutable("write_file", ["write_file"]).ok).toBe(true);
    expect(child.checkExecutable("read_list", ["read_list"])).toMatchObject({ ok: false, state: "authorized" });
  });

  it("edit and test run each pause the whole run for approval inside the child; tests pass; the parent freezes and generates", async () => {
    const ws = await tempWorkspace(PROJECT);
    const run = makeRun({
      workspace: ws,
      skills: SkillLibrary.load(BUILTIN_SKILLS_DIR),
      turns: [
        call("d1", "delegate_task", { task: "Change LIMIT in src/limit.mjs from 3 to 7 and run the tests", skill: "apply-change" }),
        call("e1", "edit_file", { path: "src/limit.mjs", oldText: "LIMIT = 3", newText: "LIMIT = 7" }),
        call("s1", "read_slice", { path: "src/limit.mjs", startLine: 1, endLine: 1 }),
        call("t1", "run_project_tests", {}),
        answer("c4", "Changed LIMIT to 7 [ev-2]; the tests pass [ev-3]."),
      ],
    });
    const first = await start(run, "Change LIMIT in src/limit.mjs from 3 to 7 and run the tests", "skill-apply");
    expect(first.status).toBe("running");
    const edit = await approvePending(run, "skill-apply");
    expect(edit.value).toMatchObject({ agent: "sub-0", toolId: "edit_file", riskClass: "file_write" });
    const tests = await approvePending(run, "skill-apply");
    expect(tests.value).toMatchObject({ agent: "sub-0", toolId: "run_project_tests", riskClass: "terminal" });
    const out = tests.out;
    expect(out.status).toBe("completed");
    expect(await readFile(join(ws, "src/limit.mjs"), "utf8")).toBe("export const LIMIT = 7;\n");
    expect(out.evidence.find((e) => e.toolId === "run_project_tests")?.content).toMatch(/\[exit code 0\]/);
    expect(byAgent(out, "main")).toEqual(["Planner", "Evidence", "Freeze", "Generate", "Finalize"]);
    expect(out.subagentResults[0]).toMatchObject({ status: "completed", artifacts: expect.arrayContaining([{ kind: "file_change", path: "src/limit.mjs", description: "changed src/limit.mjs" }]) });
    expect((await run.ledger.list("skill-apply")).map((x) => [x.toolId, x.status])).toEqual([["edit_file", "completed"], ["read_slice", "completed"], ["run_project_tests", "completed"]]);
    expect(out.answer).toContain("Changes:");
  }, 60_000);

  it("a skill whose runtime is missing returns a failed package with the requirement; nothing runs; the parent completes", async () => {
    const ws = await tempWorkspace(PROJECT);
    const dir = await tempWorkspace({});
    await cp(join(BUILTIN_SKILLS_DIR, "apply-change"), join(dir, "apply-change"), { recursive: true });
    const manifest = await readFile(join(dir, "apply-change", "skill.yaml"), "utf8");
    await writeFile(join(dir, "apply-change", "skill.yaml"), manifest.replace("command: npm", "command: mira-no-such-test-runner"));
    const run = makeRun({
      workspace: ws,
      skills: SkillLibrary.load(dir),
      turns: [
        call("d1", "delegate_task", { task: "Run the project's tests", skill: "apply-change" }),
        call("t1", "run_project_tests", {}),
        call("v1", "revise_goals", { disputes: [{ goalId: "g1", reason: "the test runner is not installed" }] }),
        answer("c2", "I could not run the tests."),
        answer("p2", "The tests could not be run: the test runner is not installed."),
      ],
    });
    const out = await start(run, "Hello", "skill-missing-runtime");
    expect(out.status).toBe("completed");
    expect(out.error).toBeNull();
    const result = out.subagentResults[0]!;
    expect(result.status).toBe("failed");
    expect(result.requirements.join("\n")).toMatch(/mira-no-such-test-runner" is not installed/);
    expect(result.requirements.join("\n")).toMatch(/check run_project_tests never ran/);
    expect(out.observations.find((o) => o.failure?.kind === "delegation_failed")?.summary).toContain("Requirements:");
    expect(await run.ledger.list("skill-missing-runtime")).toEqual([]);
  });
});
