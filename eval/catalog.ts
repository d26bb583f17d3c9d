/**
 * The tool catalog every route gets in one evaluation run. The simulated backends are an
 * evaluation fixture, so the evaluation asks for them explicitly here (never through a
 * runtime default): `builtin` is the 62-tool evaluation catalog plus codebase_explore,
 * `500`/`5000` add seeded vendor near-duplicates, and a FILE is a catalog file.
 */
import { generatedTools, evaluationCatalog } from "../tools/catalog/index.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import type { ToolDefinition } from "../tools/types.js";
import { catalogTools } from "../runtime/toolSources.js";
import type { ExecutionRecord } from "./types.js";

export type CatalogSpec = "builtin" | "500" | "5000" | { file: string };

/** Parses `--catalog`: builtin, a size, or a catalog file path. */
export function parseCatalogSpec(raw: string | undefined): CatalogSpec {
  if (!raw || raw === "builtin") return "builtin";
  if (raw === "500" || raw === "5000") return raw;
  return { file: raw };
}

export const catalogLabel = (spec: CatalogSpec) => (typeof spec === "string" ? spec : `file:${spec.file}`);

/** The catalog's tools (throws CatalogError with one line for a bad file). */
export function catalogFor(spec: CatalogSpec): ToolDefinition[] {
  if (typeof spec === "object") return catalogTools(spec.file);
  const base = spec === "builtin" ? evaluationCatalog() : generatedTools(Number(spec));
  return [...base, codebaseExploreTool()];
}

/**
 * The same tools, each recording every real execution into `log` (a call the ledger replays
 * never reaches `execute`, so it is not recorded: that is the point).
 */
export function recordingTools(tools: readonly ToolDefinition[], log: ExecutionRecord[]): ToolDefinition[] {
  return tools.map((tool) => ({
    ...tool,
    execute: async (input, ctx) => {
      const record: ExecutionRecord = { tool: tool.name, risk: tool.risk, args: structuredClone(input as Record<string, unknown>), ok: false };
      log.push(record);
      const outcome = await tool.execute(input, ctx);
      record.ok = outcome.ok;
      return outcome;
    },
  }));
}
