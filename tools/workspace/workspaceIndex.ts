/**
 * The workspace's files and directories as relative paths, for recognising the paths a
 * request names (language/request.ts). Uses the one walker; stops after MAX_INDEXED entries
 * so a huge tree costs a bounded walk.
 */
import type { WorkspaceIndex } from "../../language/request.js";
import { walk } from "./walk.js";

export const MAX_INDEXED = 20_000;

export async function workspaceIndex(root: string): Promise<WorkspaceIndex> {
  const files = new Set<string>();
  const dirs = new Set<string>();
  let seen = 0;
  for await (const entry of walk(root, root)) {
    if (++seen > MAX_INDEXED) break;
    if (entry.type === "file") files.add(entry.rel);
    else if (entry.type === "dir") dirs.add(entry.rel);
  }
  return { files, dirs };
}
