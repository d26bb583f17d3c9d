/**
 * Things a request names by description rather than by path (CONTRACT §6: a question about a file
 * is answered from that file): a file by its name and its kind ("the env file", "the CI workflow"),
 * a folder by the code unit it is ("the weatherlog package"), files named by a kind ("the .tmp
 * files") and changed into another kind ("all .jpeg files … to .jpg"), and the clause a place named
 * by "in it" belongs to. Used by the request reader (request.ts).
 */
import { isStopword } from "./english.js";
import { DIRECTORY_NOUNS } from "./requestLexicon.js";
import type { PathMention, WorkspaceIndex } from "./pathMention.js";

/** Nouns that, beside an existing folder's bare name, make it that folder: a folder noun, or a code unit a folder is ("the weatherlog package"). */
export const EXISTING_FOLDER_NOUNS = [...DIRECTORY_NOUNS, "package", "module", "包", "模块"];

/** A file's name as words call it: without leading dots and from its first dot on (`.env` → env, `ci.yml` → ci). */
const stemOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1).replace(/^\.+/, "").split(".")[0]!.toLowerCase();

/** Nouns that name a file as a file. */
const FILE_NOUNS = new Set(["file", "files"]);

/**
 * Files a request names by their name and their kind (round 10): a definite "the env file", "the
 * CI workflow" (ci.yml in workflows/), or a Latin name before 文件 ("hosts 文件"), when exactly one
 * workspace file has that name and the noun is "file" or the folder that holds it; or, for a project
 * document named in capitals, by its name alone as the head of a definite phrase ("the changelog.",
 * "the README?"). An indefinite one ("a config file", "一个 notes 文件") is something new, not a
 * file that exists.
 */
export function describedFiles(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number }> {
  const byStem = new Map<string, string[]>();
  for (const file of ws.files) byStem.set(stemOf(file), [...(byStem.get(stemOf(file)) ?? []), file]);
  const out: Array<{ path: string; at: number; length: number }> = [];
  const fits = (word: string, noun: string): string | undefined => {
    const files = byStem.get(word.toLowerCase());
    if (files?.length !== 1) return undefined;
    const folders = files[0]!.split("/").slice(0, -1).map((f) => f.toLowerCase());
    const n = noun.toLowerCase();
    return FILE_NOUNS.has(n) || n === "文件" || folders.includes(n) || folders.includes(`${n}s`) ? files[0] : undefined;
  };
  for (const m of text.matchAll(/\b((?:the|this|that|my|our|your)\s+)([\p{Script=Latin}\p{N}_-]+)\s+(\p{Script=Latin}+)\b/giu)) {
    const path = fits(m[2]!, m[3]!);
    if (path) out.push({ path, at: m.index + m[1]!.length, length: m[2]!.length });
  }
  // "the changelog", "the README?": a project document (its name in capitals) named as the head of its phrase
  // (nothing but a function word or punctuation after it); "the client" may mean code, not client.ts.
  const document = (path: string) => /^[A-Z]{3,}$/.test(path.slice(path.lastIndexOf("/") + 1).split(".")[0]!);
  for (const m of text.matchAll(/\b(the\s+)([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)(?![\p{L}\p{N}_\/-]|\.[\p{L}\p{N}])/giu)) {
    const files = byStem.get(m[2]!.toLowerCase());
    const next = /^\s*([\p{Script=Latin}]+)/u.exec(text.slice(m.index + m[0].length))?.[1];
    if (files?.length === 1 && document(files[0]!) && (next === undefined || isStopword(next.toLowerCase()))) out.push({ path: files[0]!, at: m.index + m[1]!.length, length: m[2]!.length });
  }
  for (const m of text.matchAll(/(?<![\p{Script=Latin}\p{N}_.\/-])([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)\s*文件/gu)) {
    const path = fits(m[1]!, "文件");
    if (path && !/个\s*$/u.test(text.slice(Math.max(0, m.index - 4), m.index))) out.push({ path, at: m.index, length: m[1]!.length });
  }
  return out;
}

/** A word before a name that makes it what something becomes ("to .md", "改成 .jpg"). */
const RESULT_WORD = /(?:\b(?:to|into|as)|改成|改为|换成|换为|变成|转成|为)\s*$/iu;

/**
 * Files named by a kind (`all .jpeg files`) changed to another kind (`改成 .jpg`, "to .md"): the
 * new extension is what their names become, not a path of its own.
 */
export function kindChange(paths: PathMention[], text: string): { paths: PathMention[]; becomes?: string } {
  if (!paths.some((p) => p.pattern)) return { paths };
  const extension = (p: PathMention) => !p.pattern && /^\.[\p{L}\p{N}]+$/u.test(p.written ?? p.path) && RESULT_WORD.test(text.slice(Math.max(0, p.at - 12), p.at));
  const becomes = paths.find(extension);
  return becomes ? { paths: paths.filter((p) => !extension(p)), becomes: becomes.written ?? becomes.path } : { paths };
}

/** A quantifier before a name ("all the", "every", "所有的") or the plural "files" after it. */
const QUANTIFIED = /(?:\b(?:all|every|each|any)\s+(?:(?:the|of the)\s+)?|(?:所有|全部|每个|每一个)的?\s*)$/iu;
const PLURAL_FILES = /^\s*files\b/iu;

/** Whether a mention is a dot-name written as a kind of file, not one path (`.tmp` in "the .tmp files"). */
export function isPattern(text: string, m: PathMention): boolean {
  const written = m.written ?? m.path;
  const name = written.slice(written.lastIndexOf("/") + 1);
  if (!name.startsWith(".")) return false;
  const end = m.at + written.length;
  // A glob's star before the dot-name (`*.orig`, `data/*.txt`) writes a kind of file.
  if (text[m.at + written.length - name.length - 1] === "*") return true;
  return QUANTIFIED.test(text.slice(Math.max(0, m.at - 20), m.at)) || PLURAL_FILES.test(text.slice(end, end + 12));
}

/**
 * A folder written right before a glob (`data/*.txt`) is where the pattern's files are, not an
 * operand of its own: the two are one pattern (`data/.txt`), so "delete data/*.txt" never reads
 * as deleting the folder.
 */
export function globbed(out: PathMention[], m: PathMention, text: string): PathMention[] {
  const folder = out.at(-1);
  if (!m.pattern || m.path.includes("/") || folder?.kind !== "dir") return [...out, m];
  const end = folder.at + (folder.written ?? folder.path).length;
  return text.slice(end, m.at).replace(/^\//, "") === "*" ? [...out.slice(0, -1), { ...m, path: `${folder.path}/${m.path}`, at: folder.at }] : [...out, m];
}

/** The clause around offset `at`: between the sentence or clause punctuation before and after it (a dot only before a space). */
export function clauseAround(text: string, at: number): [number, number] {
  const cut = /[，。；！？,;!?\n]|\.(?=\s|$)/gu;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(cut)) {
    if (m.index < at) start = m.index + 1;
    else if (m.index > at) {
      end = m.index;
      break;
    }
  }
  return [start, end];
}
