/**
 * The workspace's files and directories as relative paths, for recognising the paths a
 * request names (language/request.ts). Uses the one walker; stops after MAX_INDEXED entries
 * so a huge tree costs a bounded walk.
 */
import type { WorkspaceIndex } from "../../language/request.js";
import { readConfinedTextSync } from "./confined.js";
import { walk } from "./walk.js";

export const MAX_INDEXED = 20_000;
/** Largest file whose lines the index counts on demand (an addition's requested state keeps them). */
const MAX_COUNTED_BYTES = 1_000_000;

/** The lines an indexed file holds, read only when asked and through the confinement layer; undefined for a large, unreadable or non-regular file. */
function lineCounter(root: string, files: ReadonlySet<string>): (path: string) => number | undefined {
  return (path) => {
    if (!files.has(path)) return undefined;
    const text = readConfinedTextSync(root, path, MAX_COUNTED_BYTES)?.replace(/\n$/, "");
    return text === undefined ? undefined : text ? text.split("\n").length : 0;
  };
}

export async function workspaceIndex(root: string): Promise<WorkspaceIndex> {
  const files = new Set<string>();
  const dirs = new Set<string>();
  let seen = 0;
  for await (const entry of walk(root, root)) {
    if (++seen > MAX_INDEXED) break;
    if (entry.type === "file") files.add(entry.rel);
    else if (entry.type === "dir") dirs.add(entry.rel);
  }
  return { files, dirs, lines: lineCounter(root, files) };
}
