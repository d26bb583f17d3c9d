/**
 * The Mira graph as the LangGraph server loads it (`langgraph.json` → `mira`).
 *
 * Compiled WITHOUT a checkpointer: `langgraphjs dev` (and LangGraph Platform) attach their
 * own and own the checkpoints. The execution ledger is ours and must stay durable, so it is
 * opened from the same setting the CLI uses (`MIRA_CHECKPOINTER`, default
 * `sqlite:.mira/mira.db`); only its `.ledger` is used.
 *
 * Settings come from the environment, because the server passes nothing else at import:
 * - `MIRA_WORKSPACE`   workspace root (default: this repo's `demo/workspace`)
 * - `MIRA_MODEL_SPEC`  `offline` (default), `openai` or `scripted:FILE`
 * - `MIRA_POLICY`      optional policy file (YAML or JSON)
 * - `MIRA_CATALOG`     optional catalog file replacing the real tools, or `builtin-simulated` for the evaluation catalog
 * - `MIRA_MCP_CONFIG`  optional MCP config file (its servers run as long as the server)
 * - `MIRA_SKILLS`      optional skills folder (default: the built-in skills)
 *
 * The module is imported once per server process, so one model instance (and, for a
 * scripted model, one script cursor) serves every thread.
 */
import { fileURLToPath } from "node:url";
import { openCheckpointStore, resolveCheckpointerSetting } from "../checkpointers/index.js";
import { DEFAULT_MODEL } from "../models/index.js";
import { createRuntime, DEFAULT_MAX_STEPS, loadSkills, recursionLimitFor, resolveWorkspace } from "../runtime/createRuntime.js";
import { openHarness } from "../runtime/toolSources.js";
import type { RunSettings } from "../state/types.js";
import { buildMiraGraph } from "./mira.js";

/** The repository root: relative settings resolve here, wherever the server was started from. */
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Reads the run settings from the environment; blank variables count as unset. */
export function serverSettings(env: NodeJS.ProcessEnv = process.env): RunSettings {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  return {
    workspace: value("MIRA_WORKSPACE") ?? fileURLToPath(new URL("../demo/workspace", import.meta.url)),
    model: value("MIRA_MODEL_SPEC") ?? DEFAULT_MODEL,
    policyFile: value("MIRA_POLICY") ?? null,
    maxSteps: DEFAULT_MAX_STEPS,
    catalog: value("MIRA_CATALOG") ?? null,
    mcpConfig: value("MIRA_MCP_CONFIG") ?? null,
    skills: value("MIRA_SKILLS") ?? null,
  };
}

const settings = serverSettings();
// Never closed: the store lives as long as the server process that imported this module.
const store = await openCheckpointStore(resolveCheckpointerSetting(), { cwd: REPO_ROOT });
// Likewise the MCP servers: they serve every thread of this process.
const skills = loadSkills(settings);
const tools = await openHarness({ catalog: settings.catalog ?? null, mcpConfig: settings.mcpConfig ?? null, skills: skills.profiles(resolveWorkspace(settings.workspace)) });

/** The compiled graph the server runs; a client starts a run with `{ goal: "<task>" }`. */
export const mira = buildMiraGraph(createRuntime(settings, store.ledger, { harness: tools.harness, skills }))
  .compile()
  .withConfig({ recursionLimit: recursionLimitFor(settings.maxSteps) });
