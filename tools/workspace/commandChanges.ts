/**
 * What a command changed in the workspace, seen rather than guessed (CONTRACT §6: effects are
 * judged by what was observed, whatever the means). `run_command` takes a snapshot of the
 * workspace (each entry's type, size, mtime, mode and inode, read through descriptors: confined.ts)
 * before and after the program runs; their difference is recorded on the command's evidence.
 * A program the completion gate cannot read (`python3 fix.py`, `xargs`, `make`) then still
 * says which paths it created, changed, moved or removed, and one that changed nothing is no
 * effect. A file the command names is compared by content too: rewritten with the same bytes
 * (`sed -i` whose pattern matched nothing) it was not modified. Like every walk it does not enter node_modules or .git (SKIPPED_DIRS), but it sees them
 * made, moved or removed; a workspace too large to snapshot (MAX_TRACKED_ENTRIES: about 0.1 s
 * per snapshot on this machine), or a difference too long to keep, is recorded as unknown,
 * never as "nothing changed".
 */
import { createHash } from "node:crypto";
import { SKIPPED_DIRS, type PathChange } from "../../state/types.js";
import { lstatTreeSync, readConfinedBytesSync } from "./confined.js";

/** Entries a snapshot holds at most; a larger workspace is not tracked. */
export const MAX_TRACKED_ENTRIES = 20_000;
/** Changes kept at most; more is recorded as unknown. */
export const MAX_RECORDED_CHANGES = 200;

interface Entry {
  type: string;
  size: number;
  mtimeMs: number;
  mode: number;
  ino: number;
}

export type Snapshot = Map<string, Entry>;

/** The workspace's entries, or null when it holds more than MAX_TRACKED_ENTRIES. */
export function snapshotWorkspace(root: string): Snapshot | null {
  const stats = lstatTreeSync(root, SKIPPED_DIRS, MAX_TRACKED_ENTRIES);
  if (!stats) return null;
  const entries: Snapshot = new Map();
  for (const [rel, s] of stats) {
    const type = s.isSymbolicLink() ? "symlink" : s.isDirectory() ? "dir" : s.isFile() ? "file" : "other";
    entries.set(rel, { type, size: s.size, mtimeMs: s.mtimeMs, mode: s.mode, ino: s.ino });
  }
  return entries;
}

/** Files compared by content at most, and their largest size: a rewrite is judged cheaply, a large file by its metadata. */
const MAX_COMPARED_FILES = 64;
const MAX_COMPARED_BYTES = 256 * 1024;

const digest = (root: string, rel: string): string | undefined => {
  const bytes = readConfinedBytesSync(root, rel, MAX_COMPARED_BYTES);
  return bytes ? createHash("sha256").update(bytes).digest("hex") : undefined;
};

/** The content digests of the snapshot's small files that a word of the command names (`a.txt`, `src/a.txt`), taken before it runs. */
export function namedDigests(root: string, snapshot: Snapshot | null, words: string): Map<string, string> {
  const out = new Map<string, string>();
  const named = new Set(words.split(/[\s'"`;|&<>()=,]+/).flatMap((t) => [t.replace(/^\.\//, ""), t.slice(t.lastIndexOf("/") + 1)]).filter(Boolean));
  for (const [rel, e] of snapshot ?? []) {
    if (out.size >= MAX_COMPARED_FILES) break;
    if (e.type !== "file" || e.size > MAX_COMPARED_BYTES || !(named.has(rel) || named.has(rel.slice(rel.lastIndexOf("/") + 1)))) continue;
    const d = digest(root, rel);
    if (d) out.set(rel, d);
  }
  return out;
}

/** Whether a file digested before the command holds the same bytes after it. */
export const sameBytes = (root: string, before: Map<string, string>) => (rel: string): boolean => before.has(rel) && digest(root, rel) === before.get(rel);

/** A directory's own size and mtime change with its entries, which are reported themselves. */
const contentChanged = (a: Entry, b: Entry): boolean => a.type !== b.type || a.ino !== b.ino || (a.type !== "dir" && (a.size !== b.size || a.mtimeMs !== b.mtimeMs));

/** A renamed entry keeps its inode; a renamed file its size and mtime too (a new file may reuse a freed inode). */
const sameEntry = (was: Entry, now: Entry): boolean => was.type === now.type && (now.type === "dir" || (was.size === now.size && was.mtimeMs === now.mtimeMs));

/**
 * The difference of two snapshots, sorted by path: created, deleted, modified (content, or the
 * entry replaced), mode (permissions alone), and moved (an entry gone from one path and present
 * at another with the same inode). Undefined when either snapshot is missing or the difference
 * is longer than MAX_RECORDED_CHANGES.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot | null, unchanged: (rel: string) => boolean = () => false): PathChange[] | undefined {
  if (!before || !after) return undefined;
  const changes: PathChange[] = [];
  const gone = new Map<number, string>();
  for (const [path, was] of before) if (!after.has(path)) gone.set(was.ino, path);
  const movedFrom = new Set<string>();
  for (const [path, now] of after) {
    const was = before.get(path);
    if (!was) {
      const from = gone.get(now.ino);
      if (from !== undefined && sameEntry(before.get(from)!, now)) {
        movedFrom.add(from);
        changes.push({ path, change: "moved", from });
      } else changes.push({ path, change: "created" });
    } else if (contentChanged(was, now) && !(was.type === "file" && now.type === "file" && unchanged(path))) changes.push({ path, change: "modified" });
    else if (was.mode !== now.mode) changes.push({ path, change: "mode" });
  }
  for (const path of gone.values()) if (!movedFrom.has(path)) changes.push({ path, change: "deleted" });
  // Entries under a moved directory moved with it: the move says so once.
  const moved = changes.filter((c) => c.change === "moved" && after.get(c.path)?.type === "dir");
  const inside = (c: PathChange) => moved.some((m) => m !== c && (c.path.startsWith(`${m.path}/`) || (c.change === "deleted" && c.path.startsWith(`${m.from}/`))));
  const kept = changes.filter((c) => !((c.change === "created" || c.change === "deleted" || c.change === "moved") && inside(c)));
  if (kept.length > MAX_RECORDED_CHANGES) return undefined;
  return kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
