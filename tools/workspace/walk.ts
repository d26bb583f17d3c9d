/**
 * Deterministic directory walk for the listing and search tools. It never follows a
 * symlink (a link may lead outside the workspace; the walk reports it and stops there)
 * and never enters dependency or VCS directories.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { toWorkspaceRel } from "./paths.js";

/** Directories no walk enters: vendored dependencies and VCS internals. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(["node_modules", ".git"]);

export interface WalkEntry {
  abs: string;
  /** Workspace-relative path with `/`. */
  rel: string;
  name: string;
  /** 1 for the direct children of the start directory. */
  depth: number;
  type: "file" | "dir" | "symlink" | "other";
}

/**
 * Yields the entries below `startAbs` depth-first, siblings sorted by name, down to
 * `maxDepth`. Unreadable directories are skipped silently; the walk never throws.
 * Callers stop early by breaking out of the loop.
 */
export async function* walk(root: string, startAbs: string, maxDepth = Number.POSITIVE_INFINITY): AsyncGenerator<WalkEntry> {
  yield* walkDir(root, startAbs, 1, maxDepth);
}

async function* walkDir(root: string, dirAbs: string, depth: number, maxDepth: number): AsyncGenerator<WalkEntry> {
  let dirents;
  try {
    dirents = await fs.readdir(dirAbs, { withFileTypes: true });
  } catch {
    return;
  }
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    if (dirent.isDirectory() && SKIPPED_DIRS.has(dirent.name)) continue;
    const abs = path.join(dirAbs, dirent.name);
    const type = dirent.isSymbolicLink() ? "symlink" : dirent.isDirectory() ? "dir" : dirent.isFile() ? "file" : "other";
    yield { abs, rel: toWorkspaceRel(root, abs), name: dirent.name, depth, type };
    if (type === "dir" && depth < maxDepth) yield* walkDir(root, abs, depth + 1, maxDepth);
  }
}

/**
 * The regular files a content search should look at: `startAbs` itself when it is a
 * file, otherwise every file below it. Symlinks are not followed.
 */
export async function* searchableFiles(root: string, startAbs: string): AsyncGenerator<{ abs: string; rel: string }> {
  const stat = await fs.lstat(startAbs).catch(() => null);
  if (stat?.isFile()) {
    yield { abs: startAbs, rel: toWorkspaceRel(root, startAbs) };
    return;
  }
  for await (const entry of walk(root, startAbs)) {
    if (entry.type === "file") yield { abs: entry.abs, rel: entry.rel };
  }
}
