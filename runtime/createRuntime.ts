/**
 * Builds a MiraRuntime from a run's settings. Every problem a user can cause (missing
 * workspace, bad policy file, bad model spec or script) surfaces as one typed error with
 * one line, before anything runs.
 */
import { realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Harness } from "../harness/harness.js";
import { ALLOW_ALL } from "../harness/authority.js";
import { staticSource } from "../harness/sources.js";
import type { ExecutionLedger } from "../ledger/executionLedger.js";
import { createChatModel } from "../models/index.js";
import { Policy } from "../policy/policy.js";
import { DocumentIndex } from "../retrieval/documentIndex.js";
import { BUILTIN_SKILLS_DIR, SkillLibrary, type SkillProfile } from "../skills/library.js";
import type { RunSettings } from "../state/types.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { catalogTools, sourceName } from "./toolSources.js";
import { InputError } from "../contract/errors.js";

export { DEFAULT_MAX_STEPS } from "../config/runConfig.js";
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The workspace directory is missing or not a directory. */
export class WorkspaceError extends InputError {}

/** Absolute real path of an existing workspace directory. */
export function resolveWorkspace(dir: string): string {
  const abs = resolve(dir);
  let stats;
  try {
    stats = statSync(abs);
  } catch {
    throw new WorkspaceError(`workspace not found: ${abs}`);
  }
  if (!stats.isDirectory()) throw new WorkspaceError(`workspace is not a directory: ${abs}`);
  return realpathSync(abs);
}

/** A Harness over the run's catalog without MCP servers (see openHarness for those). */
export function catalogHarness(settings: Pick<RunSettings, "catalog">, skills?: Record<string, SkillProfile>): Harness {
  const catalog = settings.catalog ?? null;
  return new Harness({ sources: [staticSource(sourceName(catalog), catalogTools(catalog))], authority: ALLOW_ALL, ...(skills ? { skills } : {}) });
}

/** The run's skill library (throws SkillError with one line on a malformed manifest). */
export const loadSkills = (settings: Pick<RunSettings, "skills">): SkillLibrary => SkillLibrary.load(settings.skills ?? BUILTIN_SKILLS_DIR);

/**
 * `harness` must have been built with `skills.profiles(workspace)` for skill children to get
 * their tools; without one, a catalog Harness is built here with them.
 */
export async function createRuntime(
  settings: RunSettings,
  ledger: ExecutionLedger,
  opts: { modelCallsSoFar?: number; harness?: Harness; skills?: SkillLibrary } = {},
): Promise<MiraRuntime> {
  const workspaceRoot = resolveWorkspace(settings.workspace);
  const skills = opts.skills ?? loadSkills(settings);
  return {
    agent: "main",
    settings: { ...settings, workspace: workspaceRoot },
    workspaceRoot,
    model: await createChatModel(settings.model, { startAt: opts.modelCallsSoFar ?? 0 }),
    harness: opts.harness ?? catalogHarness(settings, skills.profiles(workspaceRoot)),
    skills,
    policy: policyOf(settings),
    ledger,
    documents: new DocumentIndex(workspaceRoot),
    defaults: { maxSteps: settings.maxSteps, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  };
}

/** The operator's policy, narrowed by the run's own when it has one (throws PolicyError, one line, on a widening). */
export function policyOf(settings: Pick<RunSettings, "policyFile" | "policyNarrowing">): Policy {
  const floor = Policy.load(settings.policyFile);
  return settings.policyNarrowing ? Policy.underFloor(floor, Policy.load(settings.policyNarrowing)) : floor;
}

/** LangGraph counts supersteps, not Planner turns; a turn takes at most 6 of them. */
export const recursionLimitFor = (maxSteps: number) => maxSteps * 6 + 10;
