/**
 * `mira tools status` and `mira tools resolve`: the Harness's six states per tool, and what
 * Progressive Resolution would disclose first for a task. Both work on the same tools a run
 * gets: the real tools (or `--catalog FILE`, or `--catalog builtin-simulated` for the
 * evaluation catalog), plus the MCP servers of `--mcp FILE`.
 */
import type { Command } from "commander";
import { DEFAULT_DISCLOSURE_LIMIT, MAX_DISCLOSURE_LIMIT, type Harness } from "../harness/harness.js";
import type { SemanticResolver } from "../harness/resolution/stages/semantic.js";
import { RESOURCE_STATES, type ResourceStatus } from "../harness/resources.js";
import type { AuthorityEnvelope, ToolStateName } from "../harness/types.js";
import { resolve } from "node:path";
import { openHarness, operatorAuthority, type OpenedHarness } from "../runtime/toolSources.js";
import { SIMULATED_CATALOG } from "../tools/catalog/index.js";
import { UsageError } from "../contract/errors.js";

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

/** One resource's five states on one line, with the reason the first unreached one is not reached. */
function resourceLine(resource: ResourceStatus): string {
  const marks = RESOURCE_STATES.map((state) => `${state}:${resource.states[state].reached ? "yes" : "no"}`).join(" ");
  const firstMiss = RESOURCE_STATES.map((state) => resource.states[state]).find((result) => !result.reached);
  const why = firstMiss && !firstMiss.reached ? `  — ${firstMiss.reason}` : "";
  return `resource ${resource.uri} [${resource.server}${resource.mimeType ? `, ${resource.mimeType}` : ""}] ${marks}${why}`;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DISCLOSURE_LIMIT) throw new UsageError(`--limit must be a whole number from 1 to ${MAX_DISCLOSURE_LIMIT} (got "${value}")`);
  return limit;
}

export function registerToolsCommands(program: Command, deps: ToolsCommandDeps): Command {
  const { stdout: out } = deps;

  /** Opens the Harness for one command and always stops its MCP servers afterwards. */
  async function withHarness(options: CatalogOptions, fn: (harness: Harness, opened: OpenedHarness) => Promise<void> | void): Promise<void> {
    const base = deps.authority ?? operatorAuthority();
    const authority: AuthorityEnvelope = { allow: options.allow?.length ? options.allow : base.allow, deny: [...base.deny, ...(options.deny ?? [])] };
    const catalog = !options.catalog || options.catalog === SIMULATED_CATALOG ? (options.catalog ?? null) : resolve(options.catalog);
    const opened = await openHarness({ catalog, mcpConfig: options.mcp ?? null, authority, semantic: deps.semantic });
    try {
      await fn(opened.harness, opened);
    } finally {
      await opened.close();
    }
  }

  const tools = program.command("tools").description("Inspect the Harness: tool states and Progressive Resolution.");
  const sourceOptions = (c: Command) =>
    c
      .option("--catalog <file>", "a catalog file instead of the real tools, or builtin-simulated for the evaluation catalog")
      .option("--mcp <file>", "also connect the MCP servers of this config file")
      .option("--json", "print JSON")
      .option("--allow <pattern>", "authority: allow this tool name or domain pattern (repeatable)", collect)
      .option("--deny <pattern>", "authority: deny this tool name or domain pattern (repeatable)", collect);

  sourceOptions(tools.command("status"))
    .description(
      "Show each tool's six states (registered, ready, authorized, discoverable, disclosed, executable) and each MCP resource's five (registered, ready, authorized, discoverable, disclosed), with the reason a state is not reached.",
    )
    .option("--loadout <names>", "comma-separated names disclosed to the agent", "")
    .action((options: CatalogOptions) =>
      withHarness(options, (harness, opened) => {
        const loadout = (options.loadout ?? "").split(",").map((name) => name.trim()).filter(Boolean);
        const statuses = harness.status(undefined, loadout);
        // MCP resources (metadata only) follow the tools, with their five states.
        const resources = harness.resourceStatus(loadout);
        if (options.json) return out(JSON.stringify([...statuses, ...resources.map((r) => ({ ...r, kind: "resource", resourceName: r.name, name: r.uri, source: r.server }))], null, 2));
        // A server that did not connect has no tools to list: it gets a line of its own.
        for (const line of opened.notReady) out(line);
        for (const status of statuses) {
          const marks = STATES.map((state) => `${state}:${status.states[state].reached ? "yes" : "no"}`).join(" ");
          const firstMiss = STATES.map((state) => status.states[state]).find((result) => !result.reached);
          const why = firstMiss && !firstMiss.reached ? `  — ${firstMiss.reason}` : "";
          out(`${status.name} [${status.source}] ${marks}${why}`);
        }
        for (const resource of resources) out(resourceLine(resource));
      }),
    );

  sourceOptions(tools.command("resolve"))
    .description(
      `Print what Progressive Resolution would disclose first for a task (up to K tools, default ${DEFAULT_DISCLOSURE_LIMIT}, at most ${MAX_DISCLOSURE_LIMIT}) and the stage that ranked each best.`,
    )
    .argument("<task>", "the user's request, in any language")
    .option("--limit <k>", `K: most tools disclosed (1-${MAX_DISCLOSURE_LIMIT})`, parseLimit)
    .action((task: string, options: CatalogOptions & { limit?: number }) =>
      withHarness(options, async (harness) => {
        if (!task.trim()) throw new UsageError("the task is empty: say what the agent should do");
        // The index (built, or loaded from the on-disk cache) is timed apart from the resolution itself.
        const { indexMs, cached } = harness.prepare(task);
        const { disclosed, elapsedMs } = await harness.resolveWithSemantic(task, options.limit ? { limit: options.limit } : {});
        if (options.json) return out(JSON.stringify({ disclosed, elapsedMs, indexMs, indexCached: cached }));
        if (disclosed.length === 0) out("nothing resolved; the Planner would use tool_search");
        for (const hit of disclosed) out(`${hit.name}  (${hit.stage})`);
        out(`resolved in ${elapsedMs.toFixed(3)} ms (index ${cached ? "loaded from cache" : "built"} in ${indexMs.toFixed(0)} ms)`);
      }),
    );

  return tools;
}
