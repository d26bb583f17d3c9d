/**
 * The built-in workspace tools: real file reads, writes and commands, every one confined
 * to the run's workspace root.
 */
import type { ToolDefinition } from "../types.js";
import { readList, workspaceInventory } from "./list.js";
import { readExtract, readOpen, readSlice } from "./read.js";
import { runCommand } from "./runCommand.js";
import { readLocate, searchText } from "./search.js";
import { deletePath, editFile, movePath, writeFile } from "./write.js";

export { normalizeRelPath, resolveInWorkspace, type WorkspacePath } from "./paths.js";

/** All twelve workspace tools, read tools first. A fresh array on each call; the tools are stateless. */
export function workspaceTools(): ToolDefinition[] {
  return [
    readList,
    readLocate,
    readOpen,
    readExtract,
    readSlice,
    searchText,
    workspaceInventory,
    writeFile,
    editFile,
    movePath,
    deletePath,
    runCommand,
  ];
}
