/**
 * What a command changed, as the runtime saw it (`changes` on its evidence: snapshots of the
 * workspace before and after it, tools/workspace/commandChanges.ts). Where it is on record it
 * outranks the reading of the command's words (CONTRACT §6: effects judged by what was
 * observed): a program the reader cannot follow still changed what it changed, and a command
 * whose words name a path it did not change (a failed `rm`, a `sed -i` on another file) did not
 * change it. Where it is not on record (a large workspace, evidence from before it was kept),
 * the words decide, as before.
 */
import { SKIPPED_DIRS, type Evidence, type PathChange } from "./types.js";
import { related } from "./workspacePaths.js";

/** Folders an interpreter or a test runner fills as it runs code (`python3 -m unittest` compiles into `__pycache__`). */
const RUN_CACHES = new Set(["__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", ".cache"]);
/** Whether a path lies in such a cache: what appears there is no change a request asks for. */
export const inRunCache = (path: string): boolean => path.split("/").some((part) => RUN_CACHES.has(part));
/** A file or folder written into a cache by running code; a removal of one is still an effect ("clear __pycache__"). */
const byproduct = (c: PathChange): boolean => c.change !== "deleted" && inRunCache(c.path);

/** The changes on record for a command, or undefined when they were not tracked. */
export const seenChanges = (e: Evidence): PathChange[] | undefined => (e.kind === "command" && !e.simulated ? e.changes?.filter((c) => !byproduct(c)) : undefined);

/** Inside a folder no walk enters, nothing is tracked but the folder's own creation, removal or move. */
const untracked = (text: string): boolean => text.split(/[\s/'"=]+/).some((part) => SKIPPED_DIRS.has(part));

/** Whether the command changed `target` (the path, something under it, or a folder holding it); null: not on record. */
export function changedSeen(e: Evidence, target: string): boolean | null {
  const changes = seenChanges(e);
  if (!changes) return null;
  if (changes.some((c) => related(c.path, target) || (c.from !== undefined && related(c.from, target)))) return true;
  return untracked(target) ? null : false;
}

/** Whether the command was seen to change anything; null: not on record, or changes are not tracked where its words act. */
export function changedAnything(e: Evidence, words: string): boolean | null {
  const changes = seenChanges(e);
  if (!changes) return null;
  return changes.length > 0 ? true : untracked(words) ? null : false;
}

/** Whether every change on record touching `target` was to its mode alone; null: not on record. */
export function onlyModeSeen(e: Evidence, target: string): boolean | null {
  const changes = seenChanges(e)?.filter((c) => related(c.path, target) || (c.from !== undefined && related(c.from, target)));
  if (!changes) return null;
  return changes.length > 0 && changes.every((c) => c.change === "mode");
}
