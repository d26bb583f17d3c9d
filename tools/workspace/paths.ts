/**
 * Workspace confinement: every path a workspace tool touches is resolved here first.
 * A path that leaves the root (absolute, `..`, or through a symlink) is a terminal
 * `security_violation` (CONTRACT §4), never a recoverable hint to try again.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Failure, ToolOutcome } from "../../state/types.js";

/** The failure branch of a ToolOutcome; helpers return it so `execute` can pass it on unchanged. */
export type ToolFailure = Extract<ToolOutcome, { ok: false }>;

/** A path proven to stay inside the workspace: `abs` to act on, `rel` (with `/`) to report. */
export type WorkspacePath = { ok: true; abs: string; rel: string } | ToolFailure;

const violation = (relPath: string, why: string): ToolFailure => ({
  ok: false,
  failure: { recoverable: false, kind: "security_violation", message: `path ${JSON.stringify(relPath)} ${why}` },
});

/**
 * Lexical half of confinement: rejects absolute paths and `..` escapes, and returns the
 * normalized workspace-relative path (`.` for the root). Synchronous and touches no disk,
 * so `effectContext` can use it; never throws.
 */
export function normalizeRelPath(relPath: string): { ok: true; rel: string } | ToolFailure {
  if (relPath.includes("\0")) return violation(relPath, "contains a NUL byte");
  if (path.isAbsolute(relPath)) return violation(relPath, "is absolute; use a path relative to the workspace root");
  const rel = path.normalize(relPath).split(path.sep).join("/").replace(/\/+$/, "") || ".";
  if (rel === ".." || rel.startsWith("../")) return violation(relPath, "escapes the workspace root");
  return { ok: true, rel };
}

/** True when `candidate` (an absolute real path) is `root` or below it. */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * Resolves `relPath` against `root` (already a realpath) and proves it stays inside:
 * lexically, and through symlinks, by taking the realpath of the deepest existing
 * ancestor (the target itself may not exist yet, e.g. before a write). A dangling or
 * looping symlink on the path is refused, since where it leads cannot be proven.
 * Never throws; an unexpected fs error is a recoverable `tool_error`.
 */
export async function resolveInWorkspace(root: string, relPath: string): Promise<WorkspacePath> {
  const lexical = normalizeRelPath(relPath);
  if (!lexical.ok) return lexical;
  const abs = lexical.rel === "." ? root : path.join(root, lexical.rel);
  for (let probe = abs; ; probe = path.dirname(probe)) {
    try {
      const real = await fs.realpath(probe);
      if (!isInside(root, real)) return violation(relPath, "passes through a symlink that resolves outside the workspace");
      return { ok: true, abs, rel: lexical.rel };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ELOOP") return violation(relPath, "passes through a symlink loop");
      if (code !== "ENOENT" && code !== "ENOTDIR") {
        return { ok: false, failure: toolError(`cannot resolve ${JSON.stringify(relPath)}: ${(err as Error).message}`) };
      }
      if (await existsAsLink(probe)) return violation(relPath, "passes through a dangling symlink");
      if (probe === root || path.dirname(probe) === probe) {
        return { ok: false, failure: toolError(`workspace root ${root} does not exist`) };
      }
    }
  }
}

/** An entry that lstat sees but realpath cannot follow is a dangling symlink. */
async function existsAsLink(abs: string): Promise<boolean> {
  try {
    return (await fs.lstat(abs)).isSymbolicLink();
  } catch {
    return false;
  }
}

const toolError = (message: string): Failure => ({ recoverable: true, kind: "tool_error", message });

/** Workspace-relative form (with `/`) of an absolute path already known to be inside `root`. */
export function toWorkspaceRel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join("/") || ".";
}

/** A recoverable failure typed as the failure branch, so helpers can return it straight through. */
export const fail = (kind: Extract<Failure, { recoverable: true }>["kind"], message: string): ToolFailure => ({
  ok: false,
  failure: { recoverable: true, kind, message },
});

/**
 * Maps an fs error to a recoverable failure naming `rel`: missing → `not_found`, wrong
 * kind of entry or an existing target → `invalid_input`, anything else → `tool_error`.
 */
export function fsFailure(err: unknown, rel: string): ToolFailure {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return fail("not_found", `${rel}: no such file or directory`);
    case "ENOTDIR":
      return fail("invalid_input", `${rel}: a parent of this path is a file, not a directory`);
    case "EISDIR":
      return fail("invalid_input", `${rel} is a directory`);
    case "EEXIST":
      return fail("invalid_input", `${rel} already exists`);
    case "ENOTEMPTY":
      return fail("invalid_input", `${rel} is a non-empty directory`);
    default:
      return fail("tool_error", `${rel}: ${(err as Error).message}`);
  }
}
