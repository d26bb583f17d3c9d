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
import { parseRenderedContext, renderPlannerContext, type PlannerObservationContext } from "../state/plannerContext.js";
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
