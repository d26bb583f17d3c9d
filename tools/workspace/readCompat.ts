/**
 * `read {path}`: the downgrade/compatibility entry of seed 000 beside the five read tools. It
 * stands for `read_list` on a directory and `read_open` on a file, runs that tool's own code
 * (so the evidence is the same), and says which tool it stood for. It is an ordinary governed
 * tool (Normalize → Policy → Tool → Evidence); the Harness discloses it only when a model
 * names it (domain `compat`), never in the default loadout.
 */
import { z } from "zod";
import { defineTool, type ToolContext } from "../types.js";
import type { ToolOutcome } from "../../state/types.js";
import { statEntry } from "./files.js";
import { readList } from "./list.js";
import { resolveInWorkspace } from "./paths.js";
import { readOpen } from "./read.js";

/** Which read tool a path needs: read_list for a directory, read_open for anything else. */
async function standIn(ctx: ToolContext, relPath: string): Promise<{ ok: true; tool: typeof readList } | Extract<ToolOutcome, { ok: false }>> {
  const target = await resolveInWorkspace(ctx.workspaceRoot, relPath);
  if (!target.ok) return target;
  const entry = await statEntry(target.abs, target.rel);
  if (!entry.ok) return entry;
  return { ok: true, tool: entry.stat.isDirectory() ? readList : readOpen };
}

export const readCompat = defineTool({
  name: "read",
  domain: "compat.read",
  description:
    "Compatibility entry: read a path. A directory is listed (as read_list does), a file is opened from line 1 (as read_open does); the result says which it stood for. Prefer read_list / read_open.",
  schema: z.object({
    path: z.string().min(1).describe("File or directory, relative to the workspace root."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const chosen = await standIn(ctx, input.path);
    if (!chosen.ok) return chosen;
    const tool = chosen.tool;
    // The stood-for tool's own schema fills its defaults (read_list depth 1, read_open maxLines 400).
    const outcome = await tool.execute(tool.schema.parse({ path: input.path }), ctx);
    if (!outcome.ok) return { ok: false, failure: { ...outcome.failure, message: `read (as ${tool.name}): ${outcome.failure.message}` } };
    return { ...outcome, summary: `read stood for ${tool.name}: ${outcome.summary}` };
  },
});
