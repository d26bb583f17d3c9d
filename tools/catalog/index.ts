/**
 * Tool catalogs for evaluation (CONTRACT §7): the 62-tool evaluation catalog (the 12 real
 * workspace tools + 50 simulated ones), catalog files, generated catalogs for scale, and the
 * gold task set.
 */
import { workspaceTools } from "../workspace/index.js";
import type { ToolDefinition } from "../types.js";
import { entryToTool, toCatalogEntry, type CatalogEntry } from "./entry.js";
import { generateCatalogFrom } from "./generate.js";
import { simulatedEntries } from "./simulatedEntries.js";

export { CatalogEntry, CatalogError, entryToTool, inputSchemaProblem, loadCatalogFile, parseCatalog, toCatalogEntry, type CatalogParse } from "./entry.js";
export { simulatedEntries } from "./simulatedEntries.js";

/** The catalog name that loads the simulated evaluation catalog (an evaluation fixture). */
export const SIMULATED_CATALOG = "builtin-simulated";

/** The evaluation catalog: 12 real workspace tools, then 50 tools with simulated backends. */
export function evaluationCatalog(): ToolDefinition[] {
  return [...workspaceTools(), ...simulatedEntries.map(entryToTool)];
}

/** The evaluation catalog in catalog-file form (workspace schemas exported as JSON Schema). */
export function evaluationEntries(): CatalogEntry[] {
  return [...workspaceTools().map(toCatalogEntry), ...simulatedEntries];
}

/**
 * A catalog of `size` entries: the evaluation catalog plus seeded vendor near-duplicates.
 * Throws RangeError for a size below 62 or above what the generator can make (about 5,080).
 */
export function generateCatalog(size: number, seed = 1): CatalogEntry[] {
  return generateCatalogFrom(evaluationEntries(), size, seed);
}

/**
 * Tools for a generated catalog: the real workspace tools stay real, every other entry is
 * simulated.
 */
export function generatedTools(size: number, seed = 1): ToolDefinition[] {
  const workspace = workspaceTools();
  const real = new Set(workspace.map((tool) => tool.name));
  return [...workspace, ...generateCatalog(size, seed).filter((entry) => !real.has(entry.name)).map(entryToTool)];
}
