/**
 * Where a run's tools come from: the built-in catalog (the real workspace tools and
 * codebase_explore, plus the simulated evaluation tools) or a catalog file, and the live
 * MCP servers of an MCP config file. The Harness is built over these sources.
 */
import { ALLOW_ALL } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { semanticResolverFromEnv, type SemanticResolver } from "../harness/semantic.js";
import { staticSource } from "../harness/sources.js";
import type { AuthorityEnvelope, ToolSource } from "../harness/types.js";
import type { SkillProfile } from "../skills/library.js";
import { evaluationCatalog, loadCatalogFile } from "../tools/catalog/index.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import type { ToolDefinition } from "../tools/types.js";
import { workspaceTools } from "../tools/workspace/index.js";
import { InputError } from "./errors.js";

/** An MCP config file that cannot be used. */
export class ToolSourceError extends InputError {}

/** Tools with real implementations; a catalog entry of the same name runs the real one. */
export const realTools = (): ToolDefinition[] => [...workspaceTools(), codebaseExploreTool()];

/** The built-in catalog: real workspace tools and the simulated evaluation tools. */
export function builtInTools(): ToolDefinition[] {
  const real = realTools();
  const names = new Set(real.map((t) => t.name));
  return [...real, ...evaluationCatalog().filter((t) => !names.has(t.name))];
}

/** The built-in catalog, or a catalog file's tools (throws CatalogError with one line). */
export function catalogTools(catalogFile: string | null): ToolDefinition[] {
  if (!catalogFile) return builtInTools();
  const real = new Map(realTools().map((t) => [t.name, t]));
  return loadCatalogFile(catalogFile).map((t) => real.get(t.name) ?? t);
}

export interface OpenedHarness {
  harness: Harness;
  /** Stops MCP server processes and connections. */
  close(): Promise<void>;
}

/**
 * The Harness for a run: catalog tools plus connected MCP servers. A server that fails to
 * start is not an error here: its tools are registered as not ready, with the reason.
 */
export async function openHarness(opts: {
  catalog: string | null;
  mcpConfig: string | null;
  /** Default: everything allowed (Policy still judges every call). */
  authority?: AuthorityEnvelope;
  /** Default: the resolver configured in the environment, if any. */
  semantic?: () => Promise<SemanticResolver | undefined>;
  /** Skill execution profiles (their private runtimes join only their own child's view). */
  skills?: Record<string, SkillProfile>;
}): Promise<OpenedHarness> {
  const sources: ToolSource[] = [staticSource(opts.catalog ? `catalog:${opts.catalog}` : "builtin", catalogTools(opts.catalog))];
  if (opts.mcpConfig) {
    // The MCP client stack loads only when servers are configured.
    const [{ loadMcpConfig }, { connectMcpServers }] = await Promise.all([import("../harness/mcpConfig.js"), import("../harness/mcp.js")]);
    const loaded = await loadMcpConfig(opts.mcpConfig);
    if (!loaded.ok) throw new ToolSourceError(loaded.error);
    sources.push(...(await connectMcpServers(loaded.config)));
  }
  const semantic = await (opts.semantic ?? semanticResolverFromEnv)();
  const harness = new Harness({ sources, authority: opts.authority ?? ALLOW_ALL, ...(semantic ? { semantic } : {}), ...(opts.skills ? { skills: opts.skills } : {}) });
  return { harness, close: async () => void (await Promise.all(sources.map((s) => s.close?.()))) };
}
