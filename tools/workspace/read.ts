/**
 * The tools that read a known file (CONTRACT §7): `read_open` opens a target,
 * `read_extract` pulls the lines matching a pattern, `read_slice` returns exact original
 * lines for verification. Their evidence is `content` with a line range, verified: the
 * text was actually read.
 */
import { z } from "zod";
import type { EvidenceDraft } from "../../state/types.js";
import { defineTool, ok, type ToolContext } from "../types.js";
import { readTextFile } from "./files.js";
import { lineMatcher } from "./match.js";
import { resolveInWorkspace, type ToolFailure, fail } from "./paths.js";

/** Most text one read returns, so a single evidence item stays readable for the model. */
const MAX_READ_CHARS = 16 * 1024;
const MAX_SLICE_LINES = 2000;
const MAX_EXTRACT_BLOCKS = 50;

const filePath = z.string().min(1).describe("File to read, relative to the workspace root.");

/** Resolves and reads one workspace file; every failure is data. */
async function openText(ctx: ToolContext, relPath: string): Promise<{ ok: true; rel: string; lines: string[] } | ToolFailure> {
  const target = await resolveInWorkspace(ctx.workspaceRoot, relPath);
  if (!target.ok) return target;
  const file = await readTextFile(ctx.workspaceRoot, target.rel);
  return file.ok ? { ok: true, rel: target.rel, lines: file.lines } : file;
}

const contentEvidence = (path: string, startLine: number, endLine: number, content: string): EvidenceDraft => ({
  kind: "content",
  source: { path, startLine, endLine },
  content,
  verified: true,
});

export const readOpen = defineTool({
  name: "read_open",
  domain: "workspace.read",
  description:
    "Open a known file and read its text from line 1 (up to maxLines lines or about 16 KB). Use it once you know which file you need; use read_slice for later lines.",
  schema: z.object({
    path: filePath,
    maxLines: z.number().int().min(1).max(5000).default(400).describe("Most lines to return from the top of the file."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const file = await openText(ctx, input.path);
    if (!file.ok) return file;
    const { rel } = file;
    if (file.lines.length === 0) return ok(`${rel} is empty`, [contentEvidence(rel, 1, 0, "")]);
    let included = 0;
    let size = 0;
    for (const line of file.lines.slice(0, input.maxLines)) {
      if (included > 0 && size + line.length + 1 > MAX_READ_CHARS) break;
      size += line.length + 1;
      included += 1;
    }
    const joined = file.lines.slice(0, included).join("\n");
    const content = joined.slice(0, MAX_READ_CHARS);
    const truncated = included < file.lines.length || content.length < joined.length;
    const summary = truncated
      ? `read lines 1-${included} of ${file.lines.length} in ${rel} (truncated; use read_slice for the rest)`
      : `read ${included} lines of ${rel}`;
    return ok(summary, [contentEvidence(rel, 1, included, content)]);
  },
});

export const readSlice = defineTool({
  name: "read_slice",
  domain: "workspace.read",
  description:
    "Return the exact original lines startLine..endLine (1-based, inclusive) of a file. Use it to verify a candidate from a search or index against the real text.",
  schema: z.object({
    path: filePath,
    startLine: z.number().int().min(1).describe("First line to return, 1-based."),
    endLine: z.number().int().min(1).describe("Last line to return, inclusive; at least startLine. Past the end of the file, the slice ends there."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const file = await openText(ctx, input.path);
    if (!file.ok) return file;
    const { rel } = file;
    const total = file.lines.length;
    if (input.endLine < input.startLine) {
      return fail("invalid_input", `endLine ${input.endLine} is before startLine ${input.startLine}`);
    }
    if (input.startLine > total) {
      return fail("invalid_input", `line ${input.startLine} is out of range: ${rel} has ${total} lines`);
    }
    // A range running past the end reads to the end, as `sed -n 3,99p` would; the evidence says where it stopped.
    const endLine = Math.min(input.endLine, total);
    if (endLine - input.startLine + 1 > MAX_SLICE_LINES) {
      return fail("invalid_input", `a slice returns at most ${MAX_SLICE_LINES} lines; narrow the range`);
    }
    const content = file.lines.slice(input.startLine - 1, endLine).join("\n");
    const short = endLine < input.endLine ? ` (it ends at line ${total})` : "";
    return ok(`read lines ${input.startLine}-${endLine} of ${rel}${short}`, [contentEvidence(rel, input.startLine, endLine, content)]);
  },
});

/** 1-based inclusive line ranges around the matching lines, overlapping ones merged. */
function contextBlocks(matchIndexes: number[], context: number, total: number): Array<{ start: number; end: number }> {
  const blocks: Array<{ start: number; end: number }> = [];
  for (const index of matchIndexes) {
    const start = Math.max(1, index + 1 - context);
    const end = Math.min(total, index + 1 + context);
    const last = blocks.at(-1);
    if (last && start <= last.end + 1) last.end = Math.max(last.end, end);
    else blocks.push({ start, end });
  }
  return blocks;
}

export const readExtract = defineTool({
  name: "read_extract",
  domain: "workspace.read",
  description:
    "Extract the lines of one file that match a pattern, each with a few lines of context. Use it for a targeted look into a large known file instead of opening all of it.",
  schema: z.object({
    path: filePath,
    pattern: z.string().min(1).describe("Text to look for in each line (a regular expression when regex is true)."),
    regex: z.boolean().default(false).describe("Treat pattern as a JavaScript regular expression."),
    caseSensitive: z.boolean().default(false).describe("Match letter case exactly."),
    context: z.number().int().min(0).max(20).default(2).describe("Lines of context to include before and after each match."),
  }),
  risk: "read",
  async execute(input, ctx) {
    const matcher = lineMatcher(input.pattern, input);
    if (!matcher.ok) return matcher;
    const file = await openText(ctx, input.path);
    if (!file.ok) return file;
    const { rel } = file;
    const matches = file.lines.flatMap((line, index) => (matcher.test(line) ? [index] : []));
    if (matches.length === 0) return fail("empty_result", `no line of ${rel} matches ${JSON.stringify(input.pattern)}`);
    const blocks = contextBlocks(matches, input.context, file.lines.length);
    const evidence: EvidenceDraft[] = [];
    let size = 0;
    for (const block of blocks.slice(0, MAX_EXTRACT_BLOCKS)) {
      const content = file.lines.slice(block.start - 1, block.end).join("\n");
      if (evidence.length > 0 && size + content.length > MAX_READ_CHARS) break;
      size += content.length;
      evidence.push(contentEvidence(rel, block.start, block.end, content));
    }
    const shown = evidence.length < blocks.length ? ` (truncated: first ${evidence.length} of ${blocks.length} blocks)` : "";
    return ok(`${matches.length} matching lines in ${blocks.length} blocks of ${rel}${shown}`, evidence);
  },
});
