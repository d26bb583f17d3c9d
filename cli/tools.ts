/**
 * `mira tools status` and `mira tools resolve`: the Harness's six states per tool, and what
 * Progressive Resolution would disclose first for a task. Both work on the same tools a run
 * gets: the built-in catalog or `--catalog FILE`, plus the MCP servers of `--mcp FILE`.
 */
import { ALLOW_ALL } from "../harness/authority.js";
import type { Harness } from "../harness/harness.js";
import type { SemanticResolver } from "../harness/semantic.js";
import type { AuthorityEnvelope, ToolStateName } from "../harness/types.js";
import { openHarness } from "../runtime/toolSources.js";

export interface ToolsCommandDeps {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Authority envelope to evaluate against; allow-all by default. */
  authority?: AuthorityEnvelope;
  /** Semantic resolver for ambiguity; read from the environment by default. */
  semantic?: () => Promise<SemanticResolver | undefined>;
}

interface CatalogOptions {
  catalog?: string;
  mcp?: string;
  json?: boolean;
  allow?: string[];
  deny?: string[];
  loadout?: string;
}

const STATES: ToolStateName[] = ["registered", "ready", "authorized", "discoverable", "disclosed", "executable"];

/** The `tools status` and `tools resolve` actions (the options are declared in cli/main.ts). */
export function toolsActions(deps: ToolsCommandDeps) {
  const { stdout: out } = deps;

  /** Opens the Harness for one command and always stops its MCP servers afterwards. */
  async function withHarness(options: CatalogOptions, fn: (harness: Harness) => Promise<void> | void): Promise<void> {
    const base = deps.authority ?? ALLOW_ALL;
    const authority: AuthorityEnvelope = { allow: options.allow?.length ? options.allow : base.allow, deny: [...base.deny, ...(options.deny ?? [])] };
    const opened = await openHarness({ catalog: options.catalog ?? null, mcpConfig: options.mcp ?? null, authority, semantic: deps.semantic });
    try {
      await fn(opened.harness);
    } finally {
      await opened.close();
    }
  }

  return {
    status: (options: CatalogOptions) =>
      withHarness(options, (harness) => {
        const loadout = (options.loadout ?? "").split(",").map((name) => name.trim()).filter(Boolean);
        const statuses = harness.status(undefined, loadout);
        if (options.json) return out(JSON.stringify(statuses, null, 2));
        for (const status of statuses) {
          const marks = STATES.map((state) => `${state}:${status.states[state].reached ? "yes" : "no"}`).join(" ");
          const firstMiss = STATES.map((state) => status.states[state]).find((result) => !result.reached);
          const why = firstMiss && !firstMiss.reached ? `  — ${firstMiss.reason}` : "";
          out(`${status.name} [${status.source}] ${marks}${why}`);
        }
      }),
    resolve: (task: string, options: CatalogOptions) =>
      withHarness(options, async (harness) => {
        const { disclosed, elapsedMs } = await harness.resolveWithSemantic(task);
        if (options.json) return out(JSON.stringify({ disclosed, elapsedMs }));
        if (disclosed.length === 0) out("nothing resolved deterministically; the Planner would use tool_search");
        for (const hit of disclosed) out(`${hit.name}  (${hit.stage})`);
        out(`resolved in ${elapsedMs.toFixed(3)} ms`);
      }),
  };
}
