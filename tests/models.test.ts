/** Models (issue §9): the planner protocol, the scripted model, the offline planner, and the OpenAI-compatible factory. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AIMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { createChatModel, ModelError } from "../models/index.js";
import { OfflinePlannerModel, planOffline } from "../models/offline.js";
import { openAIChatModel } from "../models/openai.js";
import { ScriptedChatModel } from "../models/scripted.js";
import { parseModelTurn } from "../protocol/planner.js";
import type { PlannerObservationContext } from "../state/plannerContext.js";
import { buildTaskFrame } from "../state/taskFrame.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

describe("planner protocol: decisions travel as tool calls", () => {
  it("protocol names are handled by the Planner; other names are concrete tools; text alone is an answer", () => {
    const msg = (name: string, args: Record<string, unknown>) => new AIMessage({ content: "", tool_calls: [{ id: "c1", name, args, type: "tool_call" }] });
    expect(parseModelTurn(msg("ask_user", { question: "Which?" }))).toEqual({ ok: true, decision: { type: "ask_user", question: "Which?" } });
    expect(parseModelTurn(msg("read_open", { path: "a" }))).toEqual({ ok: true, decision: { type: "use_tool", toolId: "read_open", toolCallId: "c1", input: { path: "a" } } });
    expect(parseModelTurn(msg("tool_search", { query: "mail" }))).toMatchObject({ ok: true, decision: { type: "tool_search" } });
    expect(parseModelTurn(new AIMessage("All done."))).toEqual({ ok: true, decision: { type: "answer", text: "All done.", citations: [] } });
    expect(parseModelTurn(new AIMessage(""))).toMatchObject({ ok: false });
    expect(parseModelTurn(msg("fail", {}))).toMatchObject({ ok: false, message: expect.stringContaining("invalid fail arguments") });
  });
});

describe("scripted model", () => {
  it("replays turns in call order, resumes from startAt, and says when it is exhausted", async () => {
    const turns = [{ content: "one", tool_calls: [] }, { content: "", tool_calls: [{ id: "c2", name: "read_list", args: {} }] }];
    const model = new ScriptedChatModel(turns);
    expect((await model.invoke("x")).content).toBe("one");
    expect((await model.invoke("x")).tool_calls?.[0]).toMatchObject({ id: "c2", name: "read_list" });
    await expect(model.invoke("x")).rejects.toThrow("scripted model exhausted: all 2 turns were used");
    const resumed = new ScriptedChatModel(turns, { startAt: 1 });
    expect((await resumed.invoke("x")).tool_calls?.[0]?.id).toBe("c2");
  });

  it("a malformed or missing file is a one-line ModelError naming the file", async () => {
    const ws = await tempWorkspace({});
    const bad = join(ws, "bad.json");
    await writeFile(bad, '{"turns":[{"tool_calls":[{"id":"c1"}]}]}');
    await expect(createChatModel(`scripted:${bad}`)).rejects.toThrow(ModelError);
    await expect(createChatModel(`scripted:${bad}`)).rejects.toThrow(/malformed scripted model file .*bad\.json: .*name/);
    await expect(createChatModel(`scripted:${join(ws, "none.json")}`)).rejects.toThrow(/cannot read scripted model file/);
    await expect(createChatModel("gpt-5")).rejects.toThrow('unknown model "gpt-5": use offline, openai or scripted:FILE');
  });
});

describe("OpenAI-compatible model", () => {
  it("needs a key, and takes the endpoint and model name from the environment", () => {
    expect(() => openAIChatModel({})).toThrow(ModelError);
    const model = openAIChatModel({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", MIRA_MODEL: "local-llm" });
    expect(model).toBeInstanceOf(ChatOpenAI);
    expect(model.model).toBe("local-llm");
    expect((model as unknown as { clientConfig: { baseURL?: string } }).clientConfig.baseURL).toBe("http://127.0.0.1:9/v1");
  });
});

describe("offline deterministic planner: a general policy over the PlannerObservationContext as data", () => {
  const ws = { files: new Set(["src/config.ts", "docs/ops.md"]), dirs: new Set(["src", "docs"]) };
  const frame = (task: string) => {
    const built = buildTaskFrame(task, ws);
    if (!built.ok) throw new Error(built.message);
    return built.frame;
  };
  const ctx = (task: string, patch: Partial<PlannerObservationContext> = {}): PlannerObservationContext => ({
    task,
    currentTaskFrame: frame(task),
    latestObservation: null,
    recentObservations: [],
    earlierObservations: [],
    latestEvidenceSummary: [],
    earlierEvidence: [],
    recovery: { attemptCount: 0, maxAttempts: 3, exhausted: false },
    pendingApproval: null,
    exposedTools: ["read_locate", "read_open", "write_file", "search_text", "read_list", "run_command"].map((name) => ({ name, description: "", risk: "read" as const })),
    step: 0,
    maxSteps: 24,
    ...patch,
  });
  const summary = (id: string, kind: string, toolId: string, path: string, excerpt: string, verified = kind === "content") => ({ id, kind, toolId, path, verified, excerpt, complete: true });

  it("locates first, opens the best candidate, follows a reference to another candidate, then answers citing what it read", () => {
    const task = "Where is the retry limit configured?";
    expect(planOffline(ctx(task))).toEqual({ name: "read_locate", args: { query: "retry limit configured" } });
    const hits = [summary("ev-1", "locate_hit", "read_locate", "docs/ops.md", "retry limit"), summary("ev-2", "locate_hit", "read_locate", "src/config.ts", "maxRetries")];
    const observed = { recentObservations: [{ step: 1, source: "tool" as const, toolId: "read_locate", outcome: "succeeded" as const, summary: "2 candidates", evidenceIds: ["ev-1", "ev-2"] }] };
    expect(planOffline(ctx(task, { ...observed, latestEvidenceSummary: hits }))).toEqual({ name: "read_open", args: { path: "docs/ops.md" } });
    const docs = summary("ev-3", "content", "read_open", "docs/ops.md", "The retry limit lives in `src/config.ts`.");
    const covered = { ...frame(task), goals: frame(task).goals.map((g) => ({ ...g, status: "covered" as const })) };
    expect(planOffline(ctx(task, { ...observed, latestEvidenceSummary: [...hits, docs], currentTaskFrame: covered }))).toEqual({ name: "read_open", args: { path: "src/config.ts" } });
    const config = { ...summary("ev-4", "content", "read_open", "src/config.ts", "maxRetries: 5,"), lines: "1-3" };
    const done = planOffline(ctx(task, { ...observed, latestEvidenceSummary: [...hits, docs, config], currentTaskFrame: covered }));
    expect("text" in done && done.text).toContain("From src/config.ts (lines 1-3) [ev-4]");
  });

  it("a change writes the quoted text to the target; a symbol question searches for the definition; a run lists the root and reads the manifest", () => {
    expect(planOffline(ctx('Create notes/a.md with "hello"'))).toEqual({ name: "write_file", args: { path: "notes/a.md", content: "hello\n" } });
    expect(planOffline(ctx("Create a file"))).toMatchObject({ name: "ask_user" });
    expect(planOffline(ctx("Which file defines parseExpr?"))).toEqual({ name: "search_text", args: { query: "parseExpr" } });
    expect(planOffline(ctx("Run the tests"))).toEqual({ name: "read_list", args: { path: "." } });
    const listed = summary("ev-1", "listing", "read_list", ".", "package.json  (40 bytes)\nsrc/", true);
    expect(planOffline(ctx("Run the tests", { latestEvidenceSummary: [listed] }))).toEqual({ name: "read_open", args: { path: "package.json" } });
    const manifest = summary("ev-2", "content", "read_open", "package.json", '{"scripts":{"test":"node --test"}}');
    expect(planOffline(ctx("Run the tests", { latestEvidenceSummary: [listed, manifest] }))).toEqual({ name: "run_command", args: { command: "npm", args: ["test"] } });
  });

  it("a goal it cannot advance (a mail to send) is disputed with the reason, never dropped", () => {
    expect(planOffline(ctx("Email the team that we ship today"))).toMatchObject({ name: "revise_goals", args: { disputes: [{ goalId: "g1", reason: expect.stringContaining("cannot") }] } });
  });

  it("as a plain chat model it has no context and says so", async () => {
    const reply = await new OfflinePlannerModel().invoke("no context here");
    expect(reply.tool_calls?.[0]?.name).toBe("answer");
  });
});
