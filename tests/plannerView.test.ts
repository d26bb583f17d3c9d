/**
 * What a chat model is shown of the disclosed tools (CONTRACT §7 layers): the two best-ranked
 * (or latest) tools bound as callable functions with their full schema, the rest of the
 * loadout as one-line metadata in the context, the catalog by domain in the system prompt.
 * Asserted on the request the Planner really sends.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstPlannerRequest, type PlannerRequest } from "../bench/plannerRequest.js";
import { functionSpec } from "../harness/catalogView.js";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { isProtocolName } from "../protocol/planner.js";
import type { AgentRunState } from "../state/agentRun.js";
import { buildPlannerContext, CONTEXT_BUDGET_CHARS, namedEvidence, parseRenderedContext, renderPlannerContext, type PlannerObservationContext } from "../state/plannerContext.js";
import type { Evidence, Observation } from "../state/types.js";
import { evaluationCatalog } from "../tools/catalog/index.js";

const workspace = fileURLToPath(new URL("../demo/workspace", import.meta.url));
const harness = new Harness({ sources: [staticSource("catalog", evaluationCatalog())], authority: { allow: ["*"], deny: [] } });
const boundTools = (request: PlannerRequest) => request.tools.map((spec) => spec.function.name).filter((name) => !isProtocolName(name));
const contextOf = (request: PlannerRequest) => parseRenderedContext(String(request.messages.at(-1)?.content))!;

describe("the Planner's request binds the best-ranked tools", () => {
  it("the Planner can call the top two disclosed tools without tool_search", async () => {
    const task = "Schedule a meeting with Dan next Tuesday at 3pm";
    const ranked = harness.resolve(task).disclosed.map((hit) => hit.name);
    const request = await firstPlannerRequest(harness, task, workspace);
    expect(ranked.length).toBeGreaterThan(2);
    expect(boundTools(request)).toEqual(ranked.slice(0, 2));
    for (const name of ranked.slice(0, 2)) {
      expect(request.tools.find((spec) => spec.function.name === name)).toEqual(functionSpec(harness.get(name)!));
    }
  });

  it("the other disclosed tools are one-line metadata in the context; a bound tool's description is only in its function", async () => {
    const task = "Schedule a meeting with Dan next Tuesday at 3pm";
    const ranked = harness.resolve(task).disclosed.map((hit) => hit.name);
    const exposed = contextOf(await firstPlannerRequest(harness, task, workspace)).exposedTools;
    expect(exposed.map((tool) => tool.name)).toEqual(ranked);
    expect(exposed.slice(0, 2).every((tool) => tool.description === undefined)).toBe(true);
    expect(exposed.slice(2).every((tool) => Boolean(tool.description) && !tool.description!.includes("\n"))).toBe(true);
  });

  it("a tool_search by name makes a metadata tool the first bound function", () => {
    const ranked = harness.resolve("Schedule a meeting with Dan next Tuesday at 3pm").disclosed.map((hit) => hit.name);
    const metadataOnly = ranked.at(-1)!;
    const loadout = harness.discloseRanked(harness.discloseRanked([], ranked), [metadataOnly]);
    const view = harness.plannerView({ kind: "main" }, loadout);
    expect(view.schemas.map((tool) => tool.name)).toEqual([metadataOnly, ranked[0]]);
    expect(view.metadata.map((entry) => entry.name)).not.toContain(metadataOnly);
  });
});

describe("a bound tool's schema carries what the model acts on", () => {
  const tool = {
    name: "book",
    description: "Book a room. Rooms are released after 10 minutes.",
    schema: z
      .object({
        room: z.string().min(1).describe("Room name."),
        at: z.iso.datetime().describe("Start time."),
        guests: z.array(z.string()).default([]).describe("Guest emails."),
        minutes: z.number().int().min(5).default(30).describe("Length."),
        kind: z.enum(["meeting", "call"]).optional(),
        default: z.string().optional().describe("A property that happens to be called default."),
      })
      .strict(),
  };

  it("keeps names, types, descriptions, enums, real bounds, non-empty defaults and required; drops $schema, closed objects, minimum lengths of 1, empty defaults and a format's regex", () => {
    const spec = functionSpec(tool);
    expect(spec.function.description).toBe(tool.description);
    const parameters = spec.function.parameters as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(Object.keys(parameters.properties)).toEqual(["room", "at", "guests", "minutes", "kind", "default"]);
    expect(parameters.required).toEqual(["room", "at"]);
    expect(parameters.properties.room).toEqual({ type: "string", description: "Room name." });
    expect(parameters.properties.at).toEqual({ type: "string", format: "date-time", description: "Start time." });
    expect(parameters.properties.guests).toEqual({ type: "array", items: { type: "string" }, description: "Guest emails." });
    expect(parameters.properties.minutes).toMatchObject({ type: "integer", minimum: 5, default: 30 });
    expect(parameters.properties.kind).toMatchObject({ enum: ["meeting", "call"] });
    expect(parameters.properties.default).toMatchObject({ description: "A property that happens to be called default." });
    const json = JSON.stringify(spec);
    for (const dropped of ["$schema", "additionalProperties", "minLength", "pattern", "9007199254740991"]) expect(json).not.toContain(dropped);
  });
});

describe("the rendered context", () => {
  it("leaves out empty top-level fields and reads back whole", () => {
    const ctx: PlannerObservationContext = {
      task: "Read a.md",
      currentTaskFrame: { goals: [], content: [], notes: [] } as unknown as PlannerObservationContext["currentTaskFrame"],
      latestObservation: null,
      recentObservations: [],
      earlierObservations: [],
      latestEvidenceSummary: [],
      earlierEvidence: [],
      recovery: { attemptCount: 0, maxAttempts: 3, exhausted: false },
      pendingApproval: null,
      exposedTools: [{ name: "read_open", risk: "read" }],
      step: 0,
      maxSteps: 24,
    };
    const text = renderPlannerContext(ctx);
    for (const absent of ["latestObservation", "recentObservations", "earlierObservations", "latestEvidenceSummary", "earlierEvidence", "pendingApproval"]) expect(text).not.toContain(absent);
    expect(text).not.toContain("\n ");
    expect(parseRenderedContext(text)).toEqual(ctx);
  });
});

describe("the context's budget (issue 24): oldest material summarized first", () => {
  /** A run of `reads` steps, each reading one file of `chars` characters. */
  const run = (reads: number, chars: number) => {
    const evidence: Evidence[] = Array.from({ length: reads }, (_, i) => ({
      id: `ev-${i + 1}`,
      kind: "content",
      toolId: "read_open",
      toolCallId: `c${i + 1}`,
      source: { path: `docs/f${i + 1}.md`, startLine: 1, endLine: 9 },
      content: `file ${i + 1} `.padEnd(chars, "x"),
      verified: true,
    }));
    const observations: Observation[] = evidence.map((e, i) => ({ step: i + 1, source: "tool", toolId: "read_open", toolCallId: e.toolCallId, outcome: "succeeded", summary: `read 9 lines of ${e.source.path}`, evidenceIds: [e.id] }));
    return {
      goal: "Summarize the docs",
      taskFrame: { goals: [], content: [], notes: [] },
      observations: observations.slice(-12),
      evidence: evidence.slice(-48),
      evidenceCount: reads,
      recovery: { attemptCount: 0, maxAttempts: 3, exhausted: false },
      pendingToolCall: null,
      step: reads,
      settings: { workspace: "/w", model: "openai", policyFile: null, maxSteps: 100 },
    } as unknown as AgentRunState;
  };
  const tools = [{ name: "read_open", risk: "read" as const }];
  const json = (ctx: PlannerObservationContext) => /```json\n(.*)\n```/s.exec(renderPlannerContext(ctx))![1]!;

  it("a short run under the budget is shown whole, as without one", () => {
    const state = run(2, 300);
    const ctx = buildPlannerContext(state, tools, CONTEXT_BUDGET_CHARS);
    expect(ctx).toEqual(buildPlannerContext(state, tools, Number.POSITIVE_INFINITY));
    expect(ctx.latestEvidenceSummary.map((e) => e.id)).toEqual(["ev-1", "ev-2"]);
    expect(ctx.earlierEvidence).toEqual([]);
  });

  it("a long run stays within the budget: the newest bodies whole, older evidence as lines with id and path, the oldest only counted", () => {
    const ctx = buildPlannerContext(run(60, 600), tools, CONTEXT_BUDGET_CHARS);
    expect(json(ctx).length).toBeLessThanOrEqual(CONTEXT_BUDGET_CHARS);
    const whole = ctx.latestEvidenceSummary.map((e) => e.id);
    expect(whole.at(-1)).toBe("ev-60");
    expect(ctx.latestEvidenceSummary.every((e) => e.complete && e.excerpt.length === 600)).toBe(true);
    // What is summarized is older than anything shown whole, and still named: cite it, or read its file again.
    const listed = namedEvidence(ctx).filter((e) => !whole.includes(e.id));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.at(-1)).toEqual({ id: `ev-${60 - whole.length}`, path: `docs/f${60 - whole.length}.md` });
    expect(ctx.earlierEvidence[0]).toMatch(/^\d+ older items before ev-\d+, not listed$/);
    expect(JSON.stringify(ctx.earlierEvidence)).not.toContain("xxxx");
  });

  it("the latest observation and the newest body stay whole even when alone they exceed the budget", () => {
    const ctx = buildPlannerContext(run(20, 1200), tools, 500);
    expect(ctx.latestObservation?.evidenceIds).toEqual(["ev-20"]);
    expect(ctx.latestEvidenceSummary).toHaveLength(1);
    expect(ctx.latestEvidenceSummary[0]).toMatchObject({ id: "ev-20", complete: true });
    expect(ctx.recentObservations).toEqual([]);
  });
});
