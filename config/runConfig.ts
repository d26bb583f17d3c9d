/**
 * What an assistant or a single run may configure (LangGraph `config.configurable` or
 * `context`), with the `MIRA_*` environment variables as defaults. On a server a run may
 * choose its workspace, scripted-model file and policy only under the roots the operator
 * allows (`MIRA_WORKSPACE_ROOTS`), a catalog only among the operator's (`MIRA_CATALOGS`), and
 * its tools only within the operator's grants; MCP servers and skills are the operator's alone.
 */
import { realpathSync } from "node:fs";
import { delimiter, isAbsolute, relative, resolve } from "node:path";
import { z } from "zod";
import { ApprovalShape, type RunSettings } from "../state/types.js";
import { InputError } from "../contract/errors.js";
import { SIMULATED_CATALOG } from "../tools/catalog/index.js";
import { DEFAULT_MODEL_SPEC } from "./models.js";

/** A run configuration that is malformed or not allowed here. */
export class RunConfigError extends InputError {}

export const DEFAULT_MAX_STEPS = 24;

/** The configuration schema Studio shows for an assistant or a run. */
export const MiraConfigurable = z.object({
  workspace: z.string().min(1).optional().describe("Workspace directory the tools may touch (on a server: under MIRA_WORKSPACE_ROOTS)."),
  model: z.string().min(1).optional().describe("Planner model: offline (default, no key), openai, or scripted:FILE."),
  policy: z.string().min(1).optional().describe("Policy file (JSON or YAML) applied under the operator's MIRA_POLICY: it may only add asks and denies; a widening is refused."),
  catalog: z.string().min(1).optional().describe("Catalog file replacing the real tools, or builtin-simulated (on a server: one of the operator's MIRA_CATALOG / MIRA_CATALOGS)."),
  mcpConfig: z.string().min(1).optional().describe("MCP config file of live servers (on a server: the operator's MIRA_MCP_CONFIG only)."),
  maxSteps: z.number().int().positive().optional().describe("Planner turns before a guarded answer."),
  approvalShape: ApprovalShape.optional().describe("Approval interrupt shape: hitl (Agent Chat UI, default) or inbox (Agent Inbox)."),
  tools: z.array(z.string().min(1)).min(1).optional().describe("Tool names or domain patterns (mail.*) this run may use, within the operator's grants (MIRA_GRANTS): it narrows them, never widens."),
  strictReplies: z.boolean().optional().describe("Refuse approval replies that carry neither an interrupt id nor arguments (a run may turn it on, never off)."),
});
export type MiraConfigurable = z.infer<typeof MiraConfigurable>;

const KEYS = Object.keys(MiraConfigurable.shape) as Array<keyof MiraConfigurable>;

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Settings from the `MIRA_*` environment; blank variables count as unset. */
export function envSettings(env: NodeJS.ProcessEnv, defaultWorkspace: string): RunSettings {
  const maxSteps = present(env.MIRA_MAX_STEPS);
  const shape = present(env.MIRA_APPROVAL_SHAPE);
  const parsedShape = ApprovalShape.safeParse(shape ?? "hitl");
  if (!parsedShape.success) throw new RunConfigError(`MIRA_APPROVAL_SHAPE must be hitl or inbox, got "${shape}"`);
  const steps = maxSteps === undefined ? DEFAULT_MAX_STEPS : Number(maxSteps);
  if (!Number.isInteger(steps) || steps < 1) throw new RunConfigError(`MIRA_MAX_STEPS must be a positive integer, got "${maxSteps}"`);
  return {
    workspace: present(env.MIRA_WORKSPACE) ?? defaultWorkspace,
    model: present(env.MIRA_MODEL_SPEC) ?? DEFAULT_MODEL_SPEC,
    policyFile: present(env.MIRA_POLICY) ?? null,
    maxSteps: steps,
    catalog: present(env.MIRA_CATALOG) ?? null,
    mcpConfig: present(env.MIRA_MCP_CONFIG) ?? null,
    skills: present(env.MIRA_SKILLS) ?? null,
    approvalShape: parsedShape.data,
    ...(/^(1|true|yes)$/i.test(present(env.MIRA_STRICT_REPLIES) ?? "") ? { strictReplies: true } : {}),
  };
}

/**
 * The Mira keys of a run's configuration: `config.configurable` first, `context` over it.
 * Other keys (thread_id, LangGraph's own) are ignored; a Mira key of the wrong type is an error.
 */
export function configuredChoice(configurable: Record<string, unknown> | undefined, context: unknown): MiraConfigurable {
  const pick = (source: unknown) =>
    source && typeof source === "object" ? Object.fromEntries(KEYS.filter((k) => (source as Record<string, unknown>)[k] !== undefined).map((k) => [k, (source as Record<string, unknown>)[k]])) : {};
  const merged = { ...pick(configurable), ...pick(context) };
  const parsed = MiraConfigurable.safeParse(merged);
  if (!parsed.success) throw new RunConfigError(`bad run configuration: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
  return parsed.data;
}

/** Real path if it exists, else the resolved path (so a missing file is reported where it is used). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * The catalogs the operator lets a run choose (`MIRA_CATALOGS`, a path list; the entry
 * `builtin-simulated` allows the evaluation catalog). The operator's own `MIRA_CATALOG` is
 * always allowed.
 */
export function allowedCatalogs(env: NodeJS.ProcessEnv): string[] {
  return (present(env.MIRA_CATALOGS) ?? "").split(delimiter).filter(Boolean).map((c) => (c === SIMULATED_CATALOG ? c : real(c)));
}

/** The operator's allowed roots (`MIRA_WORKSPACE_ROOTS`, a path list). */
export function allowedRoots(env: NodeJS.ProcessEnv): string[] {
  return (present(env.MIRA_WORKSPACE_ROOTS) ?? "").split(delimiter).filter(Boolean).map(real);
}

/**
 * Settings of one server run: the environment's defaults with the run's choices on top.
 * A chosen path outside the allowed roots, or a per-run MCP config, is refused.
 */
export function serverRunSettings(choice: MiraConfigurable, defaults: RunSettings, roots: string[], catalogs: string[] = []): RunSettings {
  const allowed = (what: string, path: string): string => {
    const abs = real(path);
    if (roots.some((root) => inside(root, abs))) return abs;
    const where = roots.length ? `under ${roots.join(", ")}` : "anywhere (MIRA_WORKSPACE_ROOTS is not set)";
    throw new RunConfigError(`this server lets a run choose its ${what} only ${where}; refused: ${abs}`);
  };
  if (choice.mcpConfig !== undefined && choice.mcpConfig !== defaults.mcpConfig) {
    throw new RunConfigError("this server's MCP servers are the operator's (MIRA_MCP_CONFIG); a run cannot choose an mcpConfig");
  }
  // A run picks among the operator's catalogs; any other file would be a tool surface the operator never saw.
  const catalog = (chosen: string): string => {
    const value = chosen === SIMULATED_CATALOG ? chosen : real(chosen);
    if (value === (defaults.catalog ?? null) || catalogs.includes(value)) return value;
    const offered = [defaults.catalog, ...catalogs].filter(Boolean).join(", ") || "none";
    throw new RunConfigError(`this server lets a run choose only the operator's catalogs (MIRA_CATALOG, MIRA_CATALOGS: ${offered}); refused: ${value}`);
  };
  let model = choice.model ?? defaults.model;
  if (choice.model?.startsWith("scripted:")) model = `scripted:${allowed("scripted model file", choice.model.slice("scripted:".length))}`;
  return {
    workspace: choice.workspace !== undefined ? allowed("workspace", choice.workspace) : defaults.workspace,
    model,
    // The operator's policy stays; the run's own can only narrow it (runtime/createRuntime.ts policyOf).
    policyFile: defaults.policyFile,
    policyNarrowing: choice.policy !== undefined ? allowed("policy file", choice.policy) : null,
    maxSteps: choice.maxSteps ?? defaults.maxSteps,
    catalog: choice.catalog === undefined ? (defaults.catalog ?? null) : catalog(choice.catalog),
    mcpConfig: defaults.mcpConfig ?? null,
    skills: defaults.skills ?? null,
    approvalShape: choice.approvalShape ?? defaults.approvalShape ?? "hitl",
    toolGrants: choice.tools ?? null,
    // A run may narrow the operator's setting, never widen it.
    ...(choice.strictReplies || defaults.strictReplies ? { strictReplies: true } : {}),
  };
}

/** The settings that decide what a call does; a thread resumed under others would act elsewhere. */
export function settingsDiffer(stored: RunSettings | null, current: RunSettings | undefined): string | null {
  if (!stored || !current) return null;
  const keys = ["workspace", "model", "policyFile", "policyNarrowing", "catalog", "mcpConfig", "skills"] as const;
  const changed = keys.filter((k) => (stored[k] ?? null) !== (current[k] ?? null));
  return changed.length ? changed.map((k) => `${k} ${stored[k] ?? "(none)"} → ${current[k] ?? "(none)"}`).join(", ") : null;
}
