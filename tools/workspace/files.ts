/**
 * File-level helpers shared by the workspace tools: reading a text file as lines, and
 * turning fs errors into the failure data the Planner can act on. Nothing here throws.
 */
import { promises as fs, type Stats } from "node:fs";
import type { Failure } from "../../state/types.js";
import type { ToolFailure } from "./paths.js";

/** Files larger than this are refused by the line-oriented read tools. */
export const MAX_TEXT_FILE_BYTES = 10 * 1024 * 1024;
/** A NUL byte in the first block marks a file as binary (the heuristic git and grep use). */
const BINARY_SNIFF_BYTES = 8000;

export type TextFile = { ok: true; text: string; lines: string[] } | ToolFailure;

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

/** lstat that returns null for a missing entry instead of throwing. */
export async function lstatOrNull(abs: string): Promise<Stats | null> {
  try {
    return await fs.lstat(abs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** stat (following symlinks already proven to stay inside) with fs errors as failure data. */
export async function statEntry(abs: string, rel: string): Promise<{ ok: true; stat: Stats } | ToolFailure> {
  try {
    return { ok: true, stat: await fs.stat(abs) };
  } catch (err) {
    return fsFailure(err, rel);
  }
}

/** True when the buffer's first block holds a NUL byte. */
export const looksBinary = (bytes: Buffer): boolean => bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);

/**
 * Splits text into lines without their terminators (`\n` or `\r\n`); a final newline
 * does not open an extra empty line, and an empty file has no lines.
 */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  return text.replace(/\r?\n$/, "").split(/\r?\n/);
}

/**
 * Reads a workspace file as UTF-8 text. Missing → `not_found`; a directory, a binary
 * file or one above MAX_TEXT_FILE_BYTES → `invalid_input` saying which.
 */
export async function readTextFile(abs: string, rel: string): Promise<TextFile> {
  const entry = await statEntry(abs, rel);
  if (!entry.ok) return entry;
  const { stat } = entry;
  if (stat.isDirectory()) return fail("invalid_input", `${rel} is a directory; use read_list to see its entries`);
  if (!stat.isFile()) return fail("invalid_input", `${rel} is not a regular file`);
  if (stat.size > MAX_TEXT_FILE_BYTES) {
    return fail("invalid_input", `${rel} is ${stat.size} bytes, above the ${MAX_TEXT_FILE_BYTES}-byte limit for text reads`);
  }
  try {
    const bytes = await fs.readFile(abs);
    if (looksBinary(bytes)) return fail("invalid_input", `${rel} is a binary file; the read tools return text only`);
    const text = bytes.toString("utf8");
    return { ok: true, text, lines: splitLines(text) };
  } catch (err) {
    return fsFailure(err, rel);
  }
}

/** Files above this size are skipped (not failed) by the searching tools. */
export const MAX_SEARCH_FILE_BYTES = 1024 * 1024;

/**
 * The text of a file worth searching, or null when it is unreadable, binary or larger
 * than MAX_SEARCH_FILE_BYTES: a search skips such files instead of failing on them.
 */
export async function readSearchableText(abs: string): Promise<string | null> {
  try {
    const stat = await fs.stat(abs);
    if (!stat.isFile() || stat.size > MAX_SEARCH_FILE_BYTES) return null;
    const bytes = await fs.readFile(abs);
    return looksBinary(bytes) ? null : bytes.toString("utf8");
  } catch {
    return null;
  }
}
