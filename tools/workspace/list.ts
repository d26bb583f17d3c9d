/**
 * The tools that describe what exists without reading contents: `read_list` (a
 * directory listing) and `workspace_inventory` (counts and sizes). Their evidence is a
 * `listing`, verified: it is what the file system reported.
 */
import path from "node:path";
import { z } from "zod";
import { defineTool, ok, type ToolContext } from "../types.js";
import { statEntry } from "./files.js";
import { resolveInWorkspace, type ToolFailure, fail } from "./paths.js";
import { SKIPPED_DIRS, walk } from "./walk.js";

const MAX_LIST_ENTRIES = 1000;
const MAX_INVENTORY_ENTRIES = 20000;

const dirPath = z.string().default(".").describe("Directory, relative to the workspace root ('.' is the root).");

/** Resolves a path that must be an existing directory. */
async function openDirectory(ctx: ToolContext, relPath: string): Promise<{ ok: true; abs: string; rel: string } | ToolFailure> {
  const target = await resolveInWorkspace(ctx.workspaceRoot, relPath);
  if (!target.ok) return target;
  const entry = await statEntry(target.abs, target.rel);
  if (!entry.ok) return entry;
  if (!entry.stat.isDirectory()) return fail("invalid_input", `${target.rel} is a file, not a directory; use read_open to read it`);
  return target;
}

export const readList = defineTool({
  name: "read_list",
  domain: "workspace.read",
  description:
    "List a directory: subdirectories (ending in /) and files with sizes, down to a depth. Shows what exists; it does not read any file. Skips node_modules and .git.",
  schema: z.object({
    path: dirPath,
    depth: z.number().int().min(1).max(4).default(1).describe("Directory levels to descend: 1 lists direct children only (max 4)."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const dir = await openDirectory(ctx, input.path);
    if (!dir.ok) return dir;
    const lines: string[] = [];
    let truncated = false;
    for await (const entry of walk(ctx.workspaceRoot, dir.abs, input.depth)) {
      if (lines.length === MAX_LIST_ENTRIES) {
        truncated = true;
        break;
      }
      const indent = "  ".repeat(entry.depth - 1);
      const label =
        entry.type === "dir"
          ? `${entry.name}/`
          : entry.type === "symlink"
            ? `${entry.name}@ (symlink, not followed)`
            : `${entry.name}  (${entry.size} bytes)`;
      lines.push(indent + label);
    }
    const content = lines.length === 0 ? "(empty directory)" : lines.join("\n");
    const more = truncated ? ` (truncated at ${MAX_LIST_ENTRIES}; list a subdirectory or lower the depth)` : "";
    return ok(`listed ${lines.length} entries under ${dir.rel} to depth ${input.depth}${more}`, [
      { kind: "listing", source: { path: dir.rel }, content, verified: true },
    ]);
  },
});

export const workspaceInventory = defineTool({
  name: "workspace_inventory",
  domain: "workspace.read",
  description:
    "Summarize a directory tree: file counts by extension, total size, and its top-level directories with their file counts. Use it to get the shape of an unfamiliar workspace.",
  schema: z.object({ path: dirPath }),
  risk: "read",
  async execute(input, ctx) {
    const dir = await openDirectory(ctx, input.path);
    if (!dir.ok) return dir;
    const byExtension = new Map<string, number>();
    const byTopDir = new Map<string, number>();
    let files = 0;
    let bytes = 0;
    let seen = 0;
    let truncated = false;
    for await (const entry of walk(ctx.workspaceRoot, dir.abs)) {
      if (++seen > MAX_INVENTORY_ENTRIES) {
        truncated = true;
        break;
      }
      const topName = path.relative(dir.abs, entry.abs).split(path.sep)[0] ?? entry.name;
      if (entry.type === "dir" && entry.depth === 1) byTopDir.set(topName, byTopDir.get(topName) ?? 0);
      if (entry.type !== "file") continue;
      files += 1;
      bytes += entry.size;
      const ext = path.extname(entry.name).toLowerCase() || "(none)";
      byExtension.set(ext, (byExtension.get(ext) ?? 0) + 1);
      if (entry.depth > 1) byTopDir.set(topName, (byTopDir.get(topName) ?? 0) + 1);
    }
    const extensions = [...byExtension].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const content = [
      `inventory of ${dir.rel}: ${files} files, ${bytes} bytes total${truncated ? ` (stopped after ${MAX_INVENTORY_ENTRIES} entries)` : ""}`,
      `by extension: ${extensions.map(([ext, n]) => `${ext} ${n}`).join(", ") || "(no files)"}`,
      `top-level directories: ${[...byTopDir].map(([name, n]) => `${name}/ (${n} files)`).join(", ") || "(none)"}`,
      `not scanned: ${[...SKIPPED_DIRS].join(", ")}, symlinks`,
    ].join("\n");
    return ok(`inventoried ${files} files (${bytes} bytes) under ${dir.rel}${truncated ? " (truncated)" : ""}`, [
      { kind: "listing", source: { path: dir.rel }, content, verified: true },
    ]);
  },
});
