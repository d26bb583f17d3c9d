/**
 * Where a run's tools come from: by default only real tools (the workspace tools and
 * codebase_explore) plus the live MCP servers of an MCP config file. The simulated evaluation
 * catalog loads only on explicit request (`--catalog builtin-simulated`); a catalog file
 * replaces the defaults. The Harness is built over these sources, under the operator's grants
 * (`MIRA_GRANTS`, `MIRA_DENY`), which a run may narrow and never widen.
 */
import { narrowAuthority } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { semanticResolverFromEnv, type SemanticResolver } from "../harness/resolution/stages/semantic.js";
import { staticSource } from "../harness/sources.js";
import type { AuthorityEnvelope } from "../harness/types.js";
import type { SkillProfile } from "../skills/library.js";
import { evaluationCatalog, loadCatalogFile, SIMULATED_CATALOG } from "../tools/catalog/index.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import type { ToolDefinition, ToolSource } from "../tools/types.js";
import { workspaceTools } from "../tools/workspace/index.js";
import { readCompat } from "../tools/workspace/readCompat.js";
import { isResourceProvider } from "../tools/resources.js";
import { InputError } from "../contract/errors.js";

/** An MCP config file that cannot be used. */
export class ToolSourceError extends InputError {}

/** Tools with real implementations; a catalog entry of the same name runs the real one. */
export const realTools = (): ToolDefinition[] => [...workspaceTools(), codebaseExploreTool(), readCompat];

/** The evaluation catalog: the real tools, then the tools with simulated backends. */
export function simulatedCatalogTools(): ToolDefinition[] {
  const real = realTools();
  const names = new Set(real.map((t) => t.name));
  return [...real, ...evaluationCatalog().filter((t) => !names.has(t.name))];
}

/**
 * A run's catalog tools: the real tools (null), the evaluation catalog (`builtin-simulated`),
 * or a catalog file's tools (throws CatalogError with one line).
 */
export function catalogTools(catalog: string | null): ToolDefinition[] {
  if (!catalog) return realTools();
  if (catalog === SIMULATED_CATALOG) return simulatedCatalogTools();
  const catalogFile = catalog;
  const real = new Map(realTools().map((t) => [t.name, t]));
  return loadCatalogFile(catalogFile).map((t) => real.get(t.name) ?? t);
}

/** The Harness source name of a catalog setting. */
export const sourceName = (catalog: string | null): string => (!catalog ? "builtin" : catalog === SIMULATED_CATALOG ? SIMULATED_CATALOG : `catalog:${catalog}`);

export interface OpenedHarness {
  harness: Harness;
  /** One line per configured MCP server that is not connected, with its reason (never silently absent). */
  notReady: string[];
  /** Stops MCP server processes and connections. */
  close(): Promise<void>;
}

const patterns = (value: string | undefined) => (value ?? "").split(/[\s,]+/).filter(Boolean);

/**
 * The operator's grants for this deployment (CONTRACT §7, Authority): `MIRA_GRANTS`, tool
 * names or domain patterns (`*`, `mail.*`, `read_open`), default `*`; `MIRA_DENY` patterns
 * win over them. MCP tools need their server's own grant too (`servers.<id>.allow`).
 */
export function operatorAuthority(env: NodeJS.ProcessEnv = process.env): AuthorityEnvelope {
  const allow = patterns(env.MIRA_GRANTS);
  return { allow: allow.length ? allow : ["*"], deny: patterns(env.MIRA_DENY) };
}

/**
 * A run's authority: the operator's grants, narrowed to the run's own `tools` patterns when
 * it names some (never widened: a pattern the operator did not grant stays ungranted).
 */
export function runAuthority(operator: AuthorityEnvelope, runTools: string[] | null | undefined, harness?: Harness): AuthorityEnvelope {
  if (!runTools?.length) return operator;
  return narrowAuthority(operator, runTools, (name) => harness?.get(name));
}

/**
 * The Harness for a run: catalog tools plus connected MCP servers. A server that fails to
 * start is not an error here: its tools are registered as not ready, with the reason.
 */
export async function openHarness(opts: {
  catalog: string | null;
  mcpConfig: string | null;
  /** Default: the operator's grants (`operatorAuthority`); Policy still judges every call. */
  authority?: AuthorityEnvelope;
  /** Default: the resolver configured in the environment, if any. */
  semantic?: () => Promise<SemanticResolver | undefined>;
  /** Skill execution profiles (their private runtimes join only their own child's view). */
  skills?: Record<string, SkillProfile>;
}): Promise<OpenedHarness> {
  const sources: ToolSource[] = [staticSource(sourceName(opts.catalog), catalogTools(opts.catalog))];
  const notReady: string[] = [];
  if (opts.mcpConfig) {
    // The MCP client stack loads only when servers are configured.
    const [{ loadMcpConfig }, { connectMcpServers }, { resourceToolSource }] = await Promise.all([
      import("../tools/mcp/config.js"),
      import("../tools/mcp/connect.js"),
      import("../tools/mcp/readResource.js"),
    ]);
    const loaded = await loadMcpConfig(opts.mcpConfig);
    if (!loaded.ok) throw new ToolSourceError(loaded.error);
    const servers = await connectMcpServers(loaded.config);
    // read_resource reads the resources of these servers (only those their config grants).
    sources.push(...servers, resourceToolSource(() => servers.filter(isResourceProvider)));
    for (const server of servers) {
      const status = server.serverStatus();
      if (status.state !== "connected") notReady.push(`MCP server "${server.id}" is not ready (${status.state}): ${status.reason}`);
    }
  }
  const semantic = await (opts.semantic ?? semanticResolverFromEnv)();
  const harness = new Harness({ sources, authority: opts.authority ?? operatorAuthority(), ...(semantic ? { semantic } : {}), ...(opts.skills ? { skills: opts.skills } : {}) });
  return { harness, notReady, close: async () => void (await Promise.all(sources.map((s) => s.close?.()))) };
}
