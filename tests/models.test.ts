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
import { extractTaskFrame } from "../state/goals.js";
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
    expect(() => createChatModel(`scripted:${bad}`)).toThrow(ModelError);
    expect(() => createChatModel(`scripted:${bad}`)).toThrow(/malformed scripted model file .*bad\.json: .*name/);
    expect(() => createChatModel(`scripted:${join(ws, "none.json")}`)).toThrow(/cannot read scripted model file/);
    expect(() => createChatModel("gpt-5")).toThrow('unknown model "gpt-5": use offline, openai or scripted:FILE');
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

describe("offline deterministic planner", () => {
  const ctx = (task: string, patch: Partial<PlannerObservationContext> = {}): PlannerObservationContext => ({
    task,
    currentTaskFrame: extractTaskFrame(task),
    latestObservation: null,
    recentObservations: [],
    latestEvidenceSummary: [],
    recovery: { attemptCount: 0, maxAttempts: 3, exhausted: false },
    pendingApproval: null,
    exposedTools: ["read_locate", "read_open", "write_file"].map((name) => ({ name, description: "", risk: "read" as const })),
    step: 0,
    maxSteps: 24,
    ...patch,
  });

  it("locates first, then opens the best hit, then answers citing what it read", () => {
    expect(planOffline(ctx("Where is the retry limit configured?"))).toEqual({ name: "read_locate", args: { query: "retry limit configured" } });
    const hit = { id: "ev-1", kind: "locate_hit", toolId: "read_locate", path: "src/config.ts", verified: false, excerpt: "maxRetries" };
    expect(planOffline(ctx("Where is the retry limit configured?", { latestEvidenceSummary: [hit] }))).toEqual({ name: "read_open", args: { path: "src/config.ts" } });
    const read = { id: "ev-2", kind: "content", toolId: "read_open", path: "src/config.ts", lines: "1-3", verified: true, excerpt: "maxRetries: 5," };
    const frame = { goals: [{ id: "g-read", kind: "read" as const, description: "read", status: "covered" as const }] };
    const done = planOffline(ctx("Where is the retry limit configured?", { latestEvidenceSummary: [hit, read], currentTaskFrame: frame }));
    expect(done).toMatchObject({ text: expect.stringContaining("[offline planner]") });
    expect("text" in done && done.text).toContain("From src/config.ts (lines 1-3) [ev-2]");
  });

  it("a change task writes the quoted text to the named path, then reads it back", () => {
    expect(planOffline(ctx('Create notes/a.md with "hello"'))).toEqual({ name: "write_file", args: { path: "notes/a.md", content: "hello\n" } });
    const written = { goals: [{ id: "g-change", kind: "change" as const, description: "", target: "notes/a.md", status: "covered" as const }, { id: "g-verify", kind: "verify_change" as const, description: "", target: "notes/a.md", status: "open" as const }] };
    expect(planOffline(ctx('Create notes/a.md with "hello"', { currentTaskFrame: written }))).toEqual({ name: "read_open", args: { path: "notes/a.md" } });
    expect(planOffline(ctx("Create a file"))).toMatchObject({ name: "ask_user" });
  });

  it("is a chat model whose turns are tool calls", async () => {
    const reply = await new OfflinePlannerModel().invoke("no context here");
    expect(reply.tool_calls?.[0]?.name).toBe("answer");
  });
});
