/**
 * Recursive delete that cannot escape the workspace (issue 22). `fs.rm` walks a tree by
 * name, so a subdirectory exchanged for a symlink mid-walk is followed out. Here every
 * directory is walked by descriptor: opened relative to its verified parent with O_NOFOLLOW,
 * checked to be the very directory that was listed (same device and inode), and its real
 * path re-proven inside the root before each entry in it is removed. Entries are removed
 * relative to that descriptor (`unlink`/`rmdir` never follow the last component).
 *
 * On any surprise (an entry changed kind, a directory moved out, a symlink appeared) the
 * delete stops at once and reports what it had already deleted. Nothing here throws.
 */
import { promises as fs, type Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { constants } from "node:fs";
import { fdPath, openTimed } from "./confined.js";
import { isInside } from "./paths.js";

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants;

export type RemoveResult =
  | { ok: true; deleted: string[] }
  | { ok: false; escaped: boolean; reason: string; deleted: string[] };

class Surprise extends Error {
  constructor(
    readonly rel: string,
    readonly why: string,
    readonly escaped = false,
  ) {
    super(`${rel}: ${why}`);
  }
}

/** The descriptor's current real path must still be inside `root`. */
async function stillInside(root: string, dir: FileHandle, rel: string): Promise<void> {
  const real = await fs.readlink(fdPath(dir)).catch(() => null);
  if (real === null || real.endsWith(" (deleted)") || !isInside(root, real)) throw new Surprise(rel, "the directory moved outside the workspace during the delete", true);
}

/** Opens the directory entry `name` of `parent`, proving it is the one `seen` by lstat. */
async function openSeenDir(root: string, parent: FileHandle, name: string, seen: Stats, rel: string): Promise<FileHandle> {
  let dir: FileHandle;
  try {
    dir = await openTimed(fdPath(parent, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Surprise(rel, code === "ELOOP" || code === "ENOTDIR" ? "became a symlink or file during the delete" : `could not be opened (${code ?? (err as Error).message})`, code === "ELOOP");
  }
  try {
    const stat = await dir.stat();
    if (stat.dev !== seen.dev || stat.ino !== seen.ino) throw new Surprise(rel, "was replaced by another directory during the delete", true);
    await stillInside(root, dir, rel);
    return dir;
  } catch (err) {
    await dir.close();
    throw err;
  }
}

/** Empties the open directory `dir` (shown as `rel`), depth first. */
async function emptyDir(root: string, dir: FileHandle, rel: string, deleted: string[]): Promise<void> {
  const names = await fs.readdir(fdPath(dir)).catch((err: NodeJS.ErrnoException) => Promise.reject(new Surprise(rel, `could not be listed (${err.code ?? err.message})`)));
  for (const name of names) {
    const childRel = `${rel}/${name}`;
    await stillInside(root, dir, rel);
    const entry = fdPath(dir, name);
    const stat = await fs.lstat(entry).catch(() => null);
    if (!stat) continue; // Already gone: nothing to delete.
    if (stat.isDirectory()) {
      const child = await openSeenDir(root, dir, name, stat, childRel);
      try {
        await emptyDir(root, child, childRel, deleted);
      } finally {
        await child.close();
      }
      await stillInside(root, dir, rel);
      await fs.rmdir(entry).catch((err: NodeJS.ErrnoException) => Promise.reject(new Surprise(childRel, `could not be removed (${err.code ?? err.message}); it changed during the delete`)));
    } else {
      await fs.unlink(entry).catch((err: NodeJS.ErrnoException) => Promise.reject(new Surprise(childRel, `could not be removed (${err.code ?? err.message}); it changed during the delete`)));
    }
    deleted.push(childRel);
  }
}

/**
 * Deletes the directory `name` of the verified `parent` (shown as `rel`) and everything in
 * it, which lstat saw as `seen`. Returns every path it deleted, also when it stopped.
 */
export async function removeTree(root: string, parent: FileHandle, name: string, seen: Stats, rel: string): Promise<RemoveResult> {
  const deleted: string[] = [];
  try {
    const dir = await openSeenDir(root, parent, name, seen, rel);
    try {
      await emptyDir(root, dir, rel, deleted);
    } finally {
      await dir.close();
    }
    await fs.rmdir(fdPath(parent, name)).catch((err: NodeJS.ErrnoException) => Promise.reject(new Surprise(rel, `could not be removed (${err.code ?? err.message}); it changed during the delete`)));
    deleted.push(rel);
    return { ok: true, deleted };
  } catch (err) {
    if (!(err instanceof Surprise)) return { ok: false, escaped: false, reason: `${rel}: ${(err as Error).message}`, deleted };
    return { ok: false, escaped: err.escaped, reason: err.message, deleted };
  }
}
