/**
 * The tools that change the workspace: write, edit, move, delete. Each refuses the
 * ambiguous or destructive case unless the input says so explicitly (overwrite,
 * replaceAll, recursive), never clobbers on a move, and never touches the root itself.
 * Their evidence is `write`, unverified: a change made is not a change checked (CONTRACT §6).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ChangeOp, EvidenceDraft } from "../../state/types.js";
import { defineTool, ok } from "../types.js";
import { lstatOrNull, readTextFile, splitLines } from "./files.js";
import { fdPath, inParent, openDir, writeConfined } from "./confined.js";
import { resolveInWorkspace, fail, fsFailure, type ToolFailure } from "./paths.js";
import { removeTree, type RemoveResult } from "./removeTree.js";

const writeEvidence = (op: ChangeOp, rel: string, content: string, lines?: { startLine: number; endLine: number }, from?: string): EvidenceDraft => ({
  kind: "write",
  op,
  ...(from ? { from } : {}),
  source: { path: rel, ...lines },
  content,
  verified: false,
});

/** The root is never the subject of a write, move or delete. */
const rootRefusal = (action: string) => fail("invalid_input", `refusing to ${action} the workspace root itself`);

/** 1-based line number of a character offset in `text`. */
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split("\n").length;

export const writeFile = defineTool({
  name: "write_file",
  domain: "workspace.write",
  description:
    "Create a file with the given text, creating missing parent directories. Refuses to replace an existing file unless overwrite is true. Read the file back with read_open to verify it.",
  schema: z.object({
    path: z.string().min(1).describe("File to write, relative to the workspace root."),
    content: z.string().describe("The complete text the file will contain."),
    overwrite: z.boolean().default(false).describe("Replace the file if it already exists."),
  }),
  risk: "file_write",
  async execute(input, ctx) {
    const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
    if (!target.ok) return target;
    if (target.rel === ".") return rootRefusal("write over");
    const written = await writeConfined(ctx.workspaceRoot, target.rel, input.content, input.overwrite);
    if (!written.ok) return written;
    const lineCount = splitLines(input.content).length;
    const bytes = Buffer.byteLength(input.content);
    const description = `${written.replaced ? "overwrote" : "created"} ${target.rel} (${lineCount} lines, ${bytes} bytes)`;
    return ok(description, [writeEvidence("write", target.rel, description, { startLine: 1, endLine: lineCount })]);
  },
});

export const editFile = defineTool({
  name: "edit_file",
  domain: "workspace.write",
  description:
    "Replace an exact piece of text in a file. oldText must occur exactly once unless replaceAll is true; include enough surrounding text to make it unique. Read the file back with read_open to verify it.",
  schema: z.object({
    path: z.string().min(1).describe("File to edit, relative to the workspace root."),
    oldText: z.string().min(1).describe("The exact text to replace, character for character."),
    newText: z.string().describe("The text to put in its place."),
    replaceAll: z.boolean().default(false).describe("Replace every occurrence instead of requiring exactly one."),
  }),
  risk: "file_write",
  async execute(input, ctx) {
    const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
    if (!target.ok) return target;
    if (input.oldText === input.newText) return fail("invalid_input", "oldText and newText are identical; nothing would change");
    const file = await readTextFile(ctx.workspaceRoot, target.rel);
    if (!file.ok) return file;
    const pieces = file.text.split(input.oldText);
    const occurrences = pieces.length - 1;
    if (occurrences === 0) return fail("invalid_input", `oldText was not found in ${target.rel}`);
    if (occurrences > 1 && !input.replaceAll) {
      return fail("invalid_input", `oldText occurs ${occurrences} times in ${target.rel}; add surrounding text to make it unique or set replaceAll`);
    }
    const updated = pieces.join(input.newText);
    const written = await writeConfined(ctx.workspaceRoot, target.rel, updated, true);
    if (!written.ok) return written;
    const firstStart = pieces[0]!.length;
    const lastEnd = updated.length - pieces.at(-1)!.length;
    const range = { startLine: lineAt(updated, firstStart), endLine: lineAt(updated, Math.max(firstStart, lastEnd - 1)) };
    const description = `replaced ${occurrences} occurrence${occurrences === 1 ? "" : "s"} in ${target.rel} (now lines ${range.startLine}-${range.endLine})`;
    return ok(description, [writeEvidence("edit", target.rel, description, range)]);
  },
});

export const movePath = defineTool({
  name: "move_path",
  domain: "workspace.write",
  description: "Move or rename a file or directory inside the workspace. Refuses if the destination already exists.",
  schema: z.object({
    from: z.string().min(1).describe("Existing file or directory, relative to the workspace root."),
    to: z.string().min(1).describe("New path, relative to the workspace root; must not exist yet."),
  }),
  risk: "file_move",
  async execute(input, ctx) {
    const from = await resolveInWorkspace(ctx.workspaceRoot, input.from);
    if (!from.ok) return from;
    const to = await resolveInWorkspace(ctx.workspaceRoot, input.to);
    if (!to.ok) return to;
    if (from.rel === "." || to.rel === ".") return rootRefusal("move");
    if (to.rel.startsWith(`${from.rel}/`)) return fail("invalid_input", `cannot move ${from.rel} into itself (${to.rel})`);
    const shown = `${from.rel} -> ${to.rel}`;
    return inParent(ctx.workspaceRoot, from.rel, { create: false, shown }, (fromEntry) =>
      inParent(ctx.workspaceRoot, to.rel, { create: true, shown }, async (toEntry) => {
        if (!(await lstatOrNull(fromEntry))) return fail("not_found", `${from.rel}: no such file or directory`);
        if (await lstatOrNull(toEntry)) return fail("invalid_input", `${to.rel} already exists; refusing to overwrite it`);
        await fs.rename(fromEntry, toEntry);
        const description = `moved ${from.rel} to ${to.rel}`;
        return ok(description, [writeEvidence("move", to.rel, description, undefined, from.rel)]);
      }),
    );
  },
});

export const deletePath = defineTool({
  name: "delete_path",
  domain: "workspace.write",
  description:
    "Delete a file, or a directory. A non-empty directory is only deleted with recursive true. The workspace root itself is never deleted.",
  schema: z.object({
    path: z.string().min(1).describe("File or directory to delete, relative to the workspace root."),
    recursive: z.boolean().default(false).describe("Allow deleting a non-empty directory with everything in it."),
  }),
  risk: "file_delete",
  async execute(input, ctx) {
    const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
    if (!target.ok) return target;
    if (target.rel === ".") return rootRefusal("delete");
    const parent = await openDir(ctx.workspaceRoot, path.posix.dirname(target.rel), { create: false });
    if (!parent.ok) return parent;
    const name = path.posix.basename(target.rel);
    const entry = fdPath(parent.dir, name);
    try {
      const stat = await lstatOrNull(entry);
      if (!stat) return fail("not_found", `${target.rel}: no such file or directory`);
      if (!stat.isDirectory()) {
        await fs.unlink(entry);
        return ok(`deleted file ${target.rel}`, [writeEvidence("delete", target.rel, `deleted file ${target.rel}`)]);
      }
      const entries = (await fs.readdir(entry)).length;
      if (entries > 0 && !input.recursive) {
        return fail("invalid_input", `${target.rel} is a directory with ${entries} entries; set recursive to true to delete it all`);
      }
      // Walked by descriptor, never by name (removeTree.ts): a swap mid-delete stops it.
      const removed = await removeTree(ctx.workspaceRoot, parent.dir, name, stat, target.rel);
      if (!removed.ok) return stoppedDelete(target.rel, removed);
      const description = `deleted directory ${target.rel} (${entries} direct entries, ${removed.deleted.length} paths in all)`;
      return ok(description, [writeEvidence("delete", target.rel, description)]);
    } catch (err) {
      return fsFailure(err, target.rel);
    } finally {
      await parent.dir.close();
    }
  },
});

/** Most deleted paths a stopped delete lists by name. */
const MAX_LISTED_DELETES = 50;

/** A recursive delete that stopped on a surprise: what stopped it and exactly what it had deleted. */
function stoppedDelete(rel: string, removed: Extract<RemoveResult, { ok: false }>): ToolFailure {
  const listed = removed.deleted.slice(0, MAX_LISTED_DELETES);
  const more = removed.deleted.length > listed.length ? `, and ${removed.deleted.length - listed.length} more` : "";
  const what = removed.deleted.length === 0 ? "nothing was deleted" : `${removed.deleted.length} paths were deleted before it stopped: ${listed.join(", ")}${more}`;
  const message = `the delete of ${rel} stopped: ${removed.reason}; ${what}; nothing outside the workspace was touched`;
  if (removed.escaped) return { ok: false, failure: { recoverable: false, kind: "security_violation", message } };
  return { ok: false, failure: { recoverable: true, kind: "tool_error", message } };
}
