/**
 * Deterministic directory walk for the listing, search and index tools. It walks by
 * descriptor (confined.ts): each directory is opened relative to its verified parent without
 * following a symlink and proven inside the root before its entries are read, and each
 * entry is lstat'd through that descriptor. So a directory swapped for a symlink during the
 * walk is skipped, never listed: no outside name or size reaches a listing. It never follows
 * a symlink (it reports it) and never enters dependency or VCS directories.
 */
import { promises as fs } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { entriesOf, fdPath, openDir, openSubdir } from "./confined.js";
import { toWorkspaceRel } from "./paths.js";
import { SKIPPED_DIRS } from "../../state/types.js";

export { SKIPPED_DIRS };

export interface WalkEntry {
  abs: string;
  /** Workspace-relative path with `/`. */
  rel: string;
  name: string;
  /** 1 for the direct children of the start directory. */
  depth: number;
  type: "file" | "dir" | "symlink" | "other";
  /** lstat size and mtime, taken through the parent directory's descriptor. */
  size: number;
  mtimeMs: number;
}

/**
 * Yields the entries below `startAbs` depth-first, siblings sorted by name, down to
 * `maxDepth`. Unreadable or swapped directories are skipped silently; the walk never throws.
 * Callers stop early by breaking out of the loop (open descriptors are closed then).
 */
export async function* walk(root: string, startAbs: string, maxDepth = Number.POSITIVE_INFINITY): AsyncGenerator<WalkEntry> {
  const startRel = toWorkspaceRel(root, startAbs);
  const start = await openDir(root, startRel, { create: false });
  if (!start.ok) return;
  yield* walkDir(root, start.dir, startRel, 1, maxDepth);
}

/** Walks the open directory `dir` (closing it when done). */
async function* walkDir(root: string, dir: FileHandle, dirRel: string, depth: number, maxDepth: number): AsyncGenerator<WalkEntry> {
  try {
    const entries = await entriesOf(dir).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, stat } of entries) {
      if (stat.isDirectory() && SKIPPED_DIRS.has(name)) continue;
      const rel = dirRel === "." ? name : `${dirRel}/${name}`;
      const type = stat.isSymbolicLink() ? "symlink" : stat.isDirectory() ? "dir" : stat.isFile() ? "file" : "other";
      yield { abs: path.join(root, rel), rel, name, depth, type, size: stat.size, mtimeMs: stat.mtimeMs };
      if (type !== "dir" || depth >= maxDepth) continue;
      const child = await openSubdir(root, dir, name, rel);
      if (child) yield* walkDir(root, child, rel, depth + 1, maxDepth);
    }
  } finally {
    await dir.close().catch(() => undefined);
  }
}

/**
 * The regular files a content search should look at: `startAbs` itself when it is a
 * file, otherwise every file below it. Symlinks are not followed.
 */
export async function* searchableFiles(root: string, startAbs: string): AsyncGenerator<{ abs: string; rel: string }> {
  const rel = toWorkspaceRel(root, startAbs);
  const parent = await openDir(root, path.posix.dirname(rel), { create: false });
  if (!parent.ok) return;
  const self = rel === "." ? null : await fs.lstat(fdPath(parent.dir, path.posix.basename(rel))).catch(() => null);
  await parent.dir.close();
  if (self?.isFile()) {
    yield { abs: startAbs, rel };
    return;
  }
  for await (const entry of walk(root, startAbs)) {
    if (entry.type === "file") yield { abs: entry.abs, rel: entry.rel };
  }
}
