/**
 * The workspace's files and directories as relative paths, for recognising the paths a
 * request names (language/request.ts). Uses the one walker; stops after MAX_INDEXED entries
 * so a huge tree costs a bounded walk.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { WorkspaceIndex } from "../../language/request.js";
import { walk } from "./walk.js";

export const MAX_INDEXED = 20_000;
/** Largest file whose lines the index counts on demand (an addition's requested state keeps them). */
const MAX_COUNTED_BYTES = 1_000_000;

/** The lines an indexed file holds, read only when asked; undefined for a large or unreadable file. */
function lineCounter(root: string, files: ReadonlySet<string>): (path: string) => number | undefined {
  return (path) => {
    if (!files.has(path)) return undefined;
    try {
      const full = join(root, path);
      if (statSync(full).size > MAX_COUNTED_BYTES) return undefined;
      const text = readFileSync(full, "utf8").replace(/\n$/, "");
      return text ? text.split("\n").length : 0;
    } catch {
      return undefined;
    }
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
