/**
 * The resolution index of a tool set, built once per catalog: kept on disk under the SHA-256
 * of the catalog's content (every field the index reads) and of the code that analyses it, so
 * a second process over the same catalog loads it instead of analysing every tool again. A
 * cache that is missing, stale or unreadable is rebuilt; it is never an error.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";
import { readCached, writeCached } from "../../../language/cache.js";
import type { ToolDefinition } from "../../../tools/types.js";
import { tuning } from "../config.js";
import { ResolutionIndex } from "../resolver.js";
import type { IndexedTool, SerializedIndex } from "../types.js";

/**
 * The folders whose modules build an index (the Harness with its resolution, and the language
 * resources it reads), each with its sub-folders: their source is part of the cache key, so an
 * index built by other code (another version, or a change nobody marked as changing the
 * index) is never loaded.
 */
const ANALYSER_FOLDERS = ["../../", "../../../language/"];
const SOURCE_FILE = /^(?!.*\.d\.ts$).*\.(ts|js)$/;

let analyser: string | undefined;
function analyserFingerprint(): string {
  if (analyser) return analyser;
  const hash = createHash("sha256");
  const walk = (folder: string): void => {
    const url = new URL(folder, import.meta.url);
    for (const entry of readdirSync(url, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isDirectory()) walk(`${folder}${entry.name}/`);
      else if (SOURCE_FILE.test(entry.name)) hash.update(`${folder}${entry.name}\n`).update(readFileSync(new URL(entry.name, url)));
    }
  };
  for (const folder of ANALYSER_FOLDERS) walk(folder);
  return (analyser = hash.digest("hex"));
}

export interface BuiltIndex {
  index: ResolutionIndex;
  /** Time to build or load it. */
  indexMs: number;
  /** Whether it came from the on-disk cache. */
  cached: boolean;
}

/** What the index reads of a tool; a zod schema is exported to JSON Schema once, here. */
export function indexedTool(tool: ToolDefinition): IndexedTool {
  const inputSchema = tool.inputSchema ?? (z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>);
  const readOnly = tool.risk === "read" || tool.annotations?.readOnlyHint === true;
  return { name: tool.name, domain: tool.domain, description: tool.description, inputSchema, readOnly, ...(tool.annotations ? { annotations: tool.annotations } : {}) };
}

/** The cache key of an index: the catalog's content and the analyser that indexes it. */
export function catalogHash(tools: readonly IndexedTool[], analyserCode = analyserFingerprint()): string {
  const hash = createHash("sha256").update(`resolution-index ${analyserCode}\n`);
  for (const tool of tools) hash.update(JSON.stringify([tool.name, tool.domain, tool.description, tool.inputSchema ?? null, tool.annotations ?? null, tool.readOnly ?? false])).update("\n");
  return hash.digest("hex");
}

/** The index of `tools`: from the disk cache when this exact catalog was indexed before, else built (and stored). */
export function indexFor(tools: readonly ToolDefinition[]): BuiltIndex {
  const started = performance.now();
  const indexed = tools.map(indexedTool);
  if (indexed.length < tuning.cacheFrom) return { index: ResolutionIndex.build(indexed), indexMs: performance.now() - started, cached: false };
  const file = `index-${catalogHash(indexed)}.json`;
  const text = readCached(file);
  if (text !== undefined) {
    try {
      const index = ResolutionIndex.load(JSON.parse(text) as SerializedIndex);
      return { index, indexMs: performance.now() - started, cached: true };
    } catch {
      // A corrupt or foreign file: rebuild below and overwrite it.
    }
  }
  const index = ResolutionIndex.build(indexed);
  writeCached(file, JSON.stringify(index.serialize()));
  return { index, indexMs: performance.now() - started, cached: false };
}
