/**
 * The quoted spans of a request (request.ts): a quoted existing path or a backticked path is an
 * operand, other quoted text is content; a backticked new name of a renamed path is a name.
 */
import { CALLED_FOLDER_AFTER, CALLED_FOLDER_BEFORE } from "./pathShapes.js";
import type { PathMention, WorkspaceIndex } from "./pathMention.js";
import { DOTFILE, PATH_TOKEN, QUOTED } from "./operands.js";
import { saidContent } from "./saidContent.js";

/** The lengths of text blanked so offsets stay true. */
export const blank = (text: string, start: number, end: number) => text.slice(0, start) + " ".repeat(end - start) + text.slice(end);

/** The backticked new name of an existing path renamed ("rename the folder `img` to `images`", "把 `img` 改名为 `images`"): a name, read as if unquoted. */
export const unquotedNewName = (text: string, ws: WorkspaceIndex): string =>
  text.replace(/(`([^`\n]+)`[^`\n]*?(\bto|\bas|重命名为|改名为|命名为|改名成|改成)\s*)`([\p{L}\p{N}_.\/-]+)`/giu, (m, lead: string, from: string, by: string, name: string, at: number) =>
    (ws.dirs.has(from.replace(/\/+$/, "")) || ws.files.has(from)) && (!/^(?:to|as)$/i.test(by) || /\b(?:rename|move|mv)\b/i.test(text.slice(0, at))) ? `${lead} ${name} ` : m,
  );

/** Quoted spans: an existing file's name or a backticked path is an operand; anything else is content. */
export function splitQuoted(text: string, ws: WorkspaceIndex): { masked: string; quotes: Array<{ text: string; at: number }>; quotedPaths: PathMention[] } {
  const quotes: Array<{ text: string; at: number }> = [];
  const quotedPaths: PathMention[] = [];
  let masked = text;
  for (const m of text.matchAll(QUOTED)) {
    const inner = m[0].slice(1, -1).trim();
    const path = inner.replace(/^\.\//, "").replace(/\/+$/, "");
    // A bare directory name is an ordinary word, quoted or not (`test` in "a `test` script"); `test/` names the folder.
    const exists = ws.files.has(path) ? "file" : ws.dirs.has(path) && (path.includes("/") || inner.endsWith("/")) ? "dir" : null;
    const backticked = m[0].startsWith("`");
    // A quoted folder name the request calls a folder ("“报告 2023” 文件夹", "the 'old reports' folder") is that folder, read as if unquoted.
    if (!exists && ws.dirs.has(path) && (CALLED_FOLDER_AFTER.test(text.slice(m.index + m[0].length)) || CALLED_FOLDER_BEFORE.test(text.slice(0, m.index)))) {
      masked = blank(masked, m.index, m.index + 1);
      masked = blank(masked, m.index + m[0].length - 1, m.index + m[0].length);
      continue;
    }
    if (exists) quotedPaths.push({ path, kind: exists, at: m.index });
    else if (backticked && [PATH_TOKEN, DOTFILE].some((shape) => new RegExp(`^${shape.source}$`, "u").test(inner.replace(/ /g, "_")))) quotedPaths.push({ path, kind: "new", at: m.index });
    // A backticked name ending in a slash (`web/`) is a folder, new or not.
    else if (backticked && /^[\p{L}\p{N}_.-][\p{L}\p{N}_.\/-]*\/$/u.test(inner)) quotedPaths.push({ path, kind: "new", folder: true, at: m.index });
    else if (!backticked) quotes.push({ text: inner, at: m.index });
    masked = blank(masked, m.index, m.index + m[0].length);
  }
  // Unquoted text after a word of saying and a colon ("that just says: …") is content as a quote is.
  for (const said of saidContent(masked)) {
    quotes.push({ text: said.text, at: said.at });
    masked = blank(masked, said.at, said.end);
  }
  quotes.sort((a, b) => a.at - b.at);
  return { masked, quotes, quotedPaths };
}
