/**
 * The resolution evaluation (`eval/resolution/`): a catalog of real MCP tools as their
 * servers publish them (see `provenance.json`), and natural requests with their gold tools.
 * Sets are named by what they are now: `tuning*` for every set a resolver rule was written
 * from (the six former "blind" sets are `tuning-b1` … `tuning-b6`: each was measured blind
 * once, then tuned on), `heldout-*` only for a set never looked at after its measurement. A request is reached when every gold entry
 * is disclosed; an entry `a|b` is met by either tool (two servers offering the same action).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseCatalog } from "../tools/catalog/index.js";
import type { GoldTask } from "../eval/goldTasks.js";
import type { ToolDefinition } from "../tools/types.js";

export interface EvalRequest {
  id: string;
  lang: "en" | "zh";
  request: string;
  /** Every entry must be disclosed; `a|b` means either tool. */
  gold: string[];
}

const dataFile = (name: string) => fileURLToPath(new URL(`../eval/resolution/${name}`, import.meta.url));

function catalogAt(name: string): ToolDefinition[] {
  const parsed = parseCatalog(JSON.parse(readFileSync(dataFile(name), "utf8")), `eval/resolution/${name}`);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.tools;
}

/** The real-MCP catalog of the evaluation (453 tools from 29 servers). */
export const evalCatalog = (): ToolDefinition[] => catalogAt("catalog.json");

/** The blind set's catalog: 528 tools from 24 MCP servers none of which is in `evalCatalog`. */
export const tuningB1Catalog = (): ToolDefinition[] => catalogAt("tuning-b1/catalog.json");

/**
 * The final blind set's catalog: 683 tools from 22 MCP servers in neither catalog above, named
 * `<server>_<tool>` in one-part `<server>` domains (`eval/resolution/tuning-b2/provenance.json`).
 */
export const tuningB2Catalog = (): ToolDefinition[] => catalogAt("tuning-b2/catalog.json");

/**
 * The third blind set's catalog: 681 tools from 23 MCP servers in none of the catalogs above,
 * in Mira's own `mcp__<server>__<tool>` convention (`eval/resolution/tuning-b3/provenance.json`).
 */
export const tuningB3Catalog = (): ToolDefinition[] => catalogAt("tuning-b3/catalog.json");

/**
 * The fourth blind set's catalog: 725 tools from 22 MCP servers in none of the catalogs above,
 * each named as its server publishes it, `<server>_`-prefixed only where two servers share a
 * name, in one-part `<server>` domains (`eval/resolution/tuning-b4/provenance.json`).
 */
export const tuningB4Catalog = (): ToolDefinition[] => catalogAt("tuning-b4/catalog.json");

/**
 * The fifth blind set's catalog: 746 tools from 24 MCP servers in none of the catalogs above,
 * each named `<server>.<tool>` with the tool's published name after the dot, in one-part
 * `<server>` domains (`eval/resolution/tuning-b5/provenance.json`).
 */
export const tuningB5Catalog = (): ToolDefinition[] => catalogAt("tuning-b5/catalog.json");

/**
 * The sixth blind set's catalog: 604 tools from 32 MCP servers in none of the catalogs above,
 * each named `<server>__<tool>` with the tool's published name after the two underscores, in
 * one-part `<server>` domains (`eval/resolution/tuning-b6/provenance.json`).
 */
export const tuningB6Catalog = (): ToolDefinition[] => catalogAt("tuning-b6/catalog.json");

/**
 * `tuning` and `heldout-mcp` (formerly `test`) are the two halves, and only `heldout-mcp` was
 * never looked at after its measurement; `tuning2` is a second round of tuning requests (64,
 * 28 in Chinese) written in a later session before any of them was run (first run 47/64),
 * then tuned on; `tuning3` (formerly `test2`) is a second test set of 30 requests (15 in
 * Chinese) written by another engineer, measured before its misses were looked at (25/30),
 * and tuned on since.
 */
export const evalRequests = (split: "tuning" | "tuning2" | "heldout-mcp" | "tuning3"): EvalRequest[] => JSON.parse(readFileSync(dataFile(`${split}.json`), "utf8")) as EvalRequest[];

/**
 * The blind set's 74 requests (36 in Chinese) on `tuningB1Catalog`: written from the tool lists
 * alone, without reading the resolver or the other sets, and committed before the first run.
 */
export const tuningB1Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b1/requests.json"), "utf8")) as EvalRequest[];

/**
 * The final blind set's 116 requests (55 in Chinese) on `tuningB2Catalog`: written from the tool
 * lists alone, after the first blind set had been tuned on, and committed before any run.
 */
export const tuningB2Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b2/requests.json"), "utf8")) as EvalRequest[];

/**
 * The third blind set's 166 requests (86 in Chinese) on `tuningB3Catalog`: written from the tool
 * lists alone, without reading the resolver or any other request set, and committed before any run.
 */
export const tuningB3Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b3/requests.json"), "utf8")) as EvalRequest[];

/**
 * The fourth blind set's 162 requests (89 in Chinese) on `tuningB4Catalog`: written from the tool
 * lists alone, without reading the resolver or any other request set, and measured once, at
 * the end of the round after the third set's (its `firstMeasured`).
 */
export const tuningB4Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b4/requests.json"), "utf8")) as EvalRequest[];

/**
 * The fifth blind set's 239 requests (135 in Chinese) on `tuningB5Catalog`: written from the tool
 * lists alone, without reading the resolver or any other request set, and measured once, at
 * the end of the round after the fourth set's (its `firstMeasured`).
 */
export const tuningB5Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b5/requests.json"), "utf8")) as EvalRequest[];

/**
 * The sixth blind set's 212 requests (118 in Chinese) on `tuningB6Catalog`: written from the tool
 * lists alone, without reading the resolver or any other request set, and committed before any
 * run; measured once (its `firstMeasured`).
 */
export const tuningB6Requests = (): EvalRequest[] => JSON.parse(readFileSync(dataFile("tuning-b6/requests.json"), "utf8")) as EvalRequest[];

/** The project's gold tasks in the evaluation's shape (one gold tool each). */
export const goldRequests = (tasks: readonly GoldTask[]): EvalRequest[] => tasks.map((task) => ({ id: task.id, lang: task.lang, request: task.task, gold: [task.gold] }));

/** Whether every gold entry is among the disclosed names. */
export const reached = (request: EvalRequest, disclosed: readonly string[]): boolean =>
  request.gold.every((entry) => entry.split("|").some((name) => disclosed.includes(name)));
