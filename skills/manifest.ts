/**
 * A skill's manifest (`skill.yaml` in the skill's folder; CONTRACT §8, seed 003): what the
 * main Planner may see before the skill is chosen (name, summary, when to use), the
 * execution profile of its child (allowed tools, outputs) and an optional private runtime.
 * The body (`SKILL.md`) is not part of it: it loads only when a delegation picks the skill.
 */
import { z } from "zod";

/** A private runtime: one fixed program the skill's child may run (always `terminal` risk). */
export const SkillRuntime = z
  .object({
    tool: z.string().regex(/^[a-z][a-z0-9_]*$/).describe("Name of the private tool; it never joins the main tool surface."),
    description: z.string().min(1).describe("What the tool does, for the child's Planner."),
    command: z.string().min(1).describe("The program, looked up on PATH when readiness is probed."),
    args: z.array(z.string()).default([]).describe("Fixed arguments; the child may only append extra ones."),
    requires: z.array(z.string()).default([]).describe("Workspace files that must exist for the runtime to be ready."),
    timeoutMs: z.number().int().min(1).max(600_000).default(120_000).describe("Milliseconds before the run is killed."),
  })
  .strict();
export type SkillRuntime = z.infer<typeof SkillRuntime>;

export const SkillManifest = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, "a lowercase name with dashes").describe("The name delegate_task uses."),
    summary: z.string().min(1).describe("One line the main Planner sees."),
    whenToUse: z.string().min(1).describe("When the Planner should pick this skill."),
    tools: z.array(z.string().min(1)).min(1).describe("Tool names or domain patterns the skill's child may use (within the run's authority)."),
    outputs: z.array(z.enum(["evidence", "artifact", "requirement"])).min(1).describe("What the child returns."),
    body: z.string().default("SKILL.md").describe("The instructions file, loaded when the skill is chosen."),
    runtime: SkillRuntime.optional(),
  })
  .strict();
export type SkillManifest = z.infer<typeof SkillManifest>;
