/**
 * The Mira graph as the LangGraph server loads it (`langgraph.json` → `mira`): a factory
 * the server calls per run with the run's config, so an assistant or a single run can set
 * `workspace`, `model`, `policy`, `catalog`, `mcpConfig`, `maxSteps` and `approvalShape`
 * (in `config.configurable` or `context`, see config/runConfig.ts). The `MIRA_*`
 * environment variables are the defaults:
 * - `MIRA_WORKSPACE`        workspace (default: a copy of the demo under `.mira/server-workspace`)
 * - `MIRA_MODEL_SPEC`       `offline` (default), `openai` or `scripted:FILE`
 * - `MIRA_POLICY`, `MIRA_MCP_CONFIG`, `MIRA_MAX_STEPS`, `MIRA_APPROVAL_SHAPE`
 * - `MIRA_CATALOG`          a catalog file replacing the real tools, or `builtin-simulated`
 * - `MIRA_SKILLS`           skills folder (default: the built-in skills; the operator's alone)
 * - `MIRA_WORKSPACE_ROOTS`  where a run may choose its workspace and files (a path list)
 *
 * Compiled WITHOUT a checkpointer: the server brings its own and owns the checkpoints. The
 * execution ledger is ours and must stay durable, so it is opened from the setting the CLI
 * uses (`MIRA_CHECKPOINTER`, default `sqlite:.mira/mira.db`); only its `.ledger` is used.
 * Resumes run in strict mode: a reply naming an interrupt that is no longer pending is refused.
 */
import { cpSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunnableConfig } from "@langchain/core/runnables";
import { openCheckpointStore, resolveCheckpointerSetting } from "../checkpointers/index.js";
import { createRuntime, loadSkills, recursionLimitFor, resolveWorkspace } from "./createRuntime.js";
import { allowedRoots, configuredChoice, envSettings, serverRunSettings } from "../config/runConfig.js";
import { openHarness, type OpenedHarness } from "./toolSources.js";
import type { RunSettings } from "../state/types.js";
import { acceptingCancel, buildMiraGraph } from "../graphs/mira.js";

/** The repository root: relative settings resolve here, wherever the server was started from. */
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The server's own workspace: a copy of the demo, so approved writes never land in the repository. */
function defaultServerWorkspace(): string {
  const copy = fileURLToPath(new URL("../.mira/server-workspace", import.meta.url));
  if (!existsSync(copy)) cpSync(fileURLToPath(new URL("../demo/workspace", import.meta.url)), copy, { recursive: true });
  return copy;
}

/** The settings a run gets when it chooses nothing. */
export function serverSettings(env: NodeJS.ProcessEnv = process.env): RunSettings {
  return envSettings(env, env.MIRA_WORKSPACE?.trim() ? env.MIRA_WORKSPACE.trim() : defaultServerWorkspace());
}

const defaults = serverSettings();
const roots = allowedRoots(process.env);
// Never closed: the store lives as long as the server process that imported this module.
const store = await openCheckpointStore(resolveCheckpointerSetting(), { cwd: REPO_ROOT });

// One Harness per tool source (MCP servers run as long as the server) and one graph per
// settings; a scripted model is shared by its threads, each replaying its own turns.
const harnesses = new Map<string, Promise<OpenedHarness>>();
const graphs = new Map<string, ReturnType<typeof compileFor>>();

function compileFor(settings: RunSettings, tools: OpenedHarness, skills: ReturnType<typeof loadSkills>) {
  return acceptingCancel(
    buildMiraGraph(createRuntime(settings, store.ledger, { harness: tools.harness, skills }))
      .compile()
      .withConfig({ recursionLimit: recursionLimitFor(settings.maxSteps), configurable: { __pregel_strict_resume: true } }),
  );
}

const skills = loadSkills(defaults);

async function graphFor(settings: RunSettings) {
  const key = JSON.stringify(settings);
  const cached = graphs.get(key);
  if (cached) return cached;
  // Skill profiles depend on the workspace, so the Harness does too.
  const sourceKey = JSON.stringify([settings.catalog ?? null, settings.mcpConfig ?? null, settings.workspace]);
  let tools = harnesses.get(sourceKey);
  if (!tools) {
    tools = openHarness({ catalog: settings.catalog ?? null, mcpConfig: settings.mcpConfig ?? null, skills: skills.profiles(resolveWorkspace(settings.workspace)) });
    harnesses.set(sourceKey, tools);
    tools.catch(() => harnesses.delete(sourceKey));
  }
  const graph = compileFor(settings, await tools, skills);
  graphs.set(key, graph);
  return graph;
}

/**
 * The graph for one run. A client starts a thread with `{goal}` or
 * `{messages:[{role:"user", content}]}`; a bad or disallowed configuration fails the
 * run with one line saying why.
 */
export async function mira(config: RunnableConfig, runtime?: { executionRuntime?: { context?: unknown } | null }) {
  const choice = configuredChoice(config.configurable, runtime?.executionRuntime?.context ?? (config as { context?: unknown }).context);
  return graphFor(serverRunSettings(choice, defaults, roots));
}
