/**
 * `mira tools status` and `mira tools resolve`: the Harness's six states per tool, and what
 * Progressive Resolution would disclose first for a task. Both take `--catalog FILE` to use a
 * catalog file instead of the built-in evaluation catalog. A bad catalog is reported as one
 * line on stderr with exit code 2, never a stack trace.
 */
import type { Command } from "commander";
import { ALLOW_ALL } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { semanticResolverFromEnv, type SemanticResolver } from "../harness/semantic.js";
import { staticSource } from "../harness/sources.js";
import type { AuthorityEnvelope, ToolStateName } from "../harness/types.js";
import { CatalogError, evaluationCatalog, loadCatalogFile } from "../tools/catalog/index.js";
import type { ToolDefinition } from "../tools/types.js";

export interface ToolsCommandDeps {
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  /** Authority envelope to evaluate against; allow-all by default. */
  authority?: AuthorityEnvelope;
  /** The built-in catalog; the evaluation catalog by default. */
  builtIn?: () => ToolDefinition[];
  /** Semantic resolver for ambiguity; read from the environment by default. */
  semantic?: () => Promise<SemanticResolver | undefined>;
}

interface CatalogOptions {
  catalog?: string;
  json?: boolean;
  allow?: string[];
  deny?: string[];
  loadout?: string;
}

const STATES: ToolStateName[] = ["registered", "ready", "authorized", "discoverable", "disclosed", "executable"];

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function registerToolsCommands(program: Command, deps: ToolsCommandDeps = {}): Command {
  const out = deps.stdout ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = deps.stderr ?? ((text: string) => process.stderr.write(`${text}\n`));

  /** The Harness for one command, or undefined after reporting why the catalog is unusable. */
  async function harnessFor(options: CatalogOptions): Promise<Harness | undefined> {
    let tools: ToolDefinition[];
    try {
      tools = options.catalog ? loadCatalogFile(options.catalog) : (deps.builtIn ?? evaluationCatalog)();
    } catch (error) {
      if (!(error instanceof CatalogError)) throw error;
      err(`mira tools: ${error.message}`);
      process.exitCode = 2;
      return undefined;
    }
    const base = deps.authority ?? ALLOW_ALL;
    const authority: AuthorityEnvelope = {
      allow: options.allow?.length ? options.allow : base.allow,
      deny: [...base.deny, ...(options.deny ?? [])],
    };
    const semantic = await (deps.semantic ?? semanticResolverFromEnv)();
    const source = staticSource(options.catalog ? `catalog:${options.catalog}` : "builtin", tools);
    return new Harness({ sources: [source], authority, ...(semantic ? { semantic } : {}) });
  }

  const tools = program.command("tools").description("Inspect the Harness: tool states and Progressive Resolution.");

  tools
    .command("status")
    .description("Show each tool's six states (registered, ready, authorized, discoverable, disclosed, executable) with the reason a state is not reached.")
    .option("--catalog <file>", "use this catalog file instead of the built-in catalog")
    .option("--json", "print JSON")
    .option("--allow <pattern>", "authority: allow this tool name or domain pattern (repeatable)", collect)
    .option("--deny <pattern>", "authority: deny this tool name or domain pattern (repeatable)", collect)
    .option("--loadout <names>", "comma-separated names disclosed to the agent", "")
    .action(async (options: CatalogOptions) => {
      const harness = await harnessFor(options);
      if (!harness) return;
      const loadout = (options.loadout ?? "").split(",").map((name) => name.trim()).filter(Boolean);
      const statuses = harness.status(undefined, loadout);
      if (options.json) return out(JSON.stringify(statuses, null, 2));
      for (const status of statuses) {
        const marks = STATES.map((state) => `${state}:${status.states[state].reached ? "yes" : "no"}`).join(" ");
        const firstMiss = STATES.map((state) => status.states[state]).find((result) => !result.reached);
        const why = firstMiss && !firstMiss.reached ? `  — ${firstMiss.reason}` : "";
        out(`${status.name} [${status.source}] ${marks}${why}`);
      }
    });

  tools
    .command("resolve")
    .description("Print what Progressive Resolution would disclose first for a task (at most 10 tools) and the stage that found each.")
    .argument("<task>", "the user's request, in any language")
    .option("--catalog <file>", "use this catalog file instead of the built-in catalog")
    .option("--json", "print JSON: {disclosed:[{name, stage}], elapsedMs}")
    .option("--allow <pattern>", "authority: allow this tool name or domain pattern (repeatable)", collect)
    .option("--deny <pattern>", "authority: deny this tool name or domain pattern (repeatable)", collect)
    .action(async (task: string, options: CatalogOptions) => {
      const harness = await harnessFor(options);
      if (!harness) return;
      const { disclosed, elapsedMs } = await harness.resolveWithSemantic(task);
      if (options.json) return out(JSON.stringify({ disclosed, elapsedMs }));
      if (disclosed.length === 0) out("nothing resolved deterministically; the Planner would use tool_search");
      for (const hit of disclosed) out(`${hit.name}  (${hit.stage})`);
      out(`resolved in ${elapsedMs.toFixed(3)} ms`);
    });

  return tools;
}
