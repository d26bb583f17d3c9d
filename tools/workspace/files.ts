/**
 * File-level helpers shared by the workspace tools: reading a text file as lines, and
 * turning fs errors into the failure data the Planner can act on. Nothing here throws.
 */
import { promises as fs, type Stats } from "node:fs";
import type { Failure } from "../../state/types.js";
import { readConfined } from "./confined.js";
import { fail, fsFailure, type ToolFailure } from "./paths.js";

/** Files larger than this are refused by the line-oriented read tools. */
export const MAX_TEXT_FILE_BYTES = 10 * 1024 * 1024;
/** A NUL byte in the first block marks a file as binary (the heuristic git and grep use). */
const BINARY_SNIFF_BYTES = 8000;

export type TextFile = { ok: true; text: string; lines: string[] } | ToolFailure;

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
 * Reads the workspace file `rel` as UTF-8 text, through a descriptor proven inside `root`
 * (confined.ts). Missing → `not_found`; a directory, FIFO, socket or device, a binary file
 * or one above MAX_TEXT_FILE_BYTES → `invalid_input` saying which; a path swapped to the
 * outside → `security_violation`.
 */
export async function readTextFile(root: string, rel: string): Promise<TextFile> {
  const read = await readConfined(root, rel, MAX_TEXT_FILE_BYTES);
  if (!read.ok) {
    if (!read.failure.recoverable || read.failure.kind !== "invalid_input" || !read.failure.message.startsWith(`${rel} is a directory`)) return read;
    return fail("invalid_input", `${rel} is a directory; use read_list to see its entries`);
  }
  if (read.bytes === null) return fail("invalid_input", `${rel} is above the ${MAX_TEXT_FILE_BYTES}-byte limit for text reads`);
  if (looksBinary(read.bytes)) return fail("invalid_input", `${rel} is a binary file; the read tools return text only`);
  const text = read.bytes.toString("utf8");
  return { ok: true, text, lines: splitLines(text) };
}

/** Files above this size are skipped (not failed) by the searching tools. */
export const MAX_SEARCH_FILE_BYTES = 1024 * 1024;

/**
 * The text of a file worth searching, or null when it is unreadable, not a regular file,
 * binary or larger than MAX_SEARCH_FILE_BYTES: a search skips such files instead of failing
 * on them. Read through a confined descriptor like every other read.
 */
export async function readSearchableText(root: string, rel: string): Promise<string | null> {
  const read = await readConfined(root, rel, MAX_SEARCH_FILE_BYTES);
  if (!read.ok || read.bytes === null) return null;
  return looksBinary(read.bytes) ? null : read.bytes.toString("utf8");
}
