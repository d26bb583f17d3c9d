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
 * - `MIRA_WORKSPACE_ROOTS`  where a run may choose its workspace, script and policy files (a path list)
 * - `MIRA_CATALOGS`         the catalogs a run may choose besides `MIRA_CATALOG` (a path list)
 * - `MIRA_GRANTS`, `MIRA_DENY` the tools this deployment grants (a run's `tools` narrows them)
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
import { allowedCatalogs, allowedRoots, configuredChoice, envSettings, serverRunSettings } from "../config/runConfig.js";
import { openHarness, operatorAuthority, runAuthority, type OpenedHarness } from "./toolSources.js";
import type { RunSettings } from "../state/types.js";
import { buildMiraGraph } from "../graphs/mira.js";
import { settlingPausedRuns } from "../graphs/pausedRun.js";
import { InputError } from "../contract/errors.js";
import { refusedGraph } from "./refusedGraph.js";

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
const catalogs = allowedCatalogs(process.env);
// Never closed: the store lives as long as the server process that imported this module.
const store = await openCheckpointStore(resolveCheckpointerSetting(), { cwd: REPO_ROOT });

// One Harness per tool source (MCP servers run as long as the server) and one graph per
// settings; a scripted model is shared by its threads, each replaying its own turns.
const harnesses = new Map<string, Promise<OpenedHarness>>();
const graphs = new Map<string, Awaited<ReturnType<typeof compileFor>>>();

async function compileFor(settings: RunSettings, tools: OpenedHarness, skills: ReturnType<typeof loadSkills>) {
  // The operator's grants, narrowed by the run's own `tools` (never widened).
  const harness = tools.harness.withAuthority(runAuthority(operatorAuthority(), settings.toolGrants, tools.harness));
  return settlingPausedRuns(
    buildMiraGraph(await createRuntime(settings, store.ledger, { harness, skills }), { studioSchemas: true })
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
    // Never silently absent: a server that did not connect is reported once per tool source.
    void tools.then((t) => t.notReady.forEach((line) => console.warn(`mira: ${line}`)), () => {});
  }
  const graph = await compileFor(settings, await tools, skills);
  graphs.set(key, graph);
  return graph;
}

/**
 * The graph for one run. A client starts a thread with `{goal}` or
 * `{messages:[{role:"user", content}]}`; a bad or disallowed configuration fails the
 * run with one line saying why, and the thread's state keeps that line (runtime/refusedGraph.ts).
 */
export async function mira(config: RunnableConfig, runtime?: { executionRuntime?: { context?: unknown } | null }) {
  try {
    const choice = configuredChoice(config.configurable, runtime?.executionRuntime?.context ?? (config as { context?: unknown }).context);
    return await graphFor(serverRunSettings(choice, defaults, roots, catalogs));
  } catch (err) {
    // A refusal the client caused is data: the thread records it and stays readable.
    if (err instanceof InputError) return refusedGraph(err);
    throw err;
  }
}
