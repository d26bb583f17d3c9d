/**
 * Things a request names by description rather than by path (CONTRACT §6: a question about a file
 * is answered from that file): a file by its name and its kind ("the env file", "the CI workflow"),
 * a folder by the code unit it is ("the weatherlog package"), files named by a kind ("the .tmp
 * files") and changed into another kind ("all .jpeg files … to .jpg"), and the clause a place named
 * by "in it" belongs to. Used by the request reader (request.ts).
 */
import { isStopword } from "./english.js";
import { DIRECTORY_NOUNS, numberWord } from "./requestLexicon.js";
import type { PathMention, WorkspaceIndex } from "./pathMention.js";
import { wordnetIndex } from "./wordnet.js";

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
  // In a Chinese sentence, a project document's capitalised name ("在 README 末尾", "把 LICENSE 删掉") is that document.
  for (const m of text.matchAll(/(?<=\p{Script=Han}\s*)([A-Z]{3,}[\p{Script=Latin}\p{N}_-]*)(?![\p{L}\p{N}_\/.-])|(?<![\p{L}\p{N}_.\/-])([A-Z]{3,}[\p{Script=Latin}\p{N}_-]*)(?=\s*\p{Script=Han})/gu)) {
    const name = (m[1] ?? m[2])!;
    const files = byStem.get(name.toLowerCase());
    if (files?.length === 1 && document(files[0]!) && stemOf(files[0]!) === name.toLowerCase()) out.push({ path: files[0]!, at: m.index, length: name.length });
  }
  const only = (word: string) => (byStem.get(word.toLowerCase())?.length === 1 ? byStem.get(word.toLowerCase())![0] : undefined);
  // A Latin name before a Chinese localizer ("docker-compose 里的映射") is the one file of that name: the place something is.
  for (const m of text.matchAll(/(?<![\p{Script=Latin}\p{N}_.\/-])([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)(?=\s*(?:里面|里|中|内)(?!\p{Script=Latin}))/gu)) {
    const path = only(m[1]!);
    if (path) out.push({ path, at: m.index, length: m[1]!.length });
  }
  // Two names coordinated ("the dev and prod limits", "dev 和 prod"), each the one file of its name, name both files.
  for (const m of text.matchAll(/(?<![\p{Script=Latin}\p{N}_.\/-])([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)(\s*(?:\s(?:and|or|vs\.?|versus)\s|和|与|跟|、)\s*)([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)(?![\p{L}\p{N}_.\/-])/giu)) {
    const [first, second] = [only(m[1]!), only(m[3]!)];
    if (!first || !second || first === second || isStopword(m[1]!.toLowerCase()) || isStopword(m[3]!.toLowerCase())) continue;
    out.push({ path: first, at: m.index, length: m[1]!.length }, { path: second, at: m.index + m[1]!.length + m[2]!.length, length: m[3]!.length });
  }
  for (const m of text.matchAll(/(?<![\p{Script=Latin}\p{N}_.\/-])([\p{Script=Latin}][\p{Script=Latin}\p{N}_-]*)\s*文件/gu)) {
    const path = fits(m[1]!, "文件");
    if (path && !/个\s*$/u.test(text.slice(Math.max(0, m.index - 4), m.index))) out.push({ path, at: m.index, length: m[1]!.length });
  }
  return out;
}

/** A word before a name that makes it what something becomes ("to .md", "改成 .jpg"). */
// A word may say how between them ("改成小写 .jpg", "to lowercase .jpg").
const RESULT_WORD = /(?:\b(?:to|into|as)(?:\s+[\p{L}-]+)?|(?:改成|改为|换成|换为|变成|转成|为)\p{Script=Han}{0,3})\s*$/iu;

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
// So is a Chinese quantifier after it (".txt 全部改成 .md", ".log 文件都删掉").
// An ending named as such, with a quantifier, is a kind too (".markdown 后缀都改成 .md"; round 31).
const PLURAL_FILES = /^\s*files\b|^\s*(?:文件|后缀名?|扩展名)?\s*(?:全部|全都|都|统统)/iu;
/** Names described by their ending ("the files that end in .old", "以 .old 结尾的"): a kind of file. */
const ENDING_IN = /\b(?:end(?:s|ing)?|ended)\s+(?:in|with)\s*$/iu;

/** Whether a mention is a dot-name written as a kind of file, not one path (`.tmp` in "the .tmp files"). */
export function isPattern(text: string, m: PathMention): boolean {
  const written = m.written ?? m.path;
  const name = written.slice(written.lastIndexOf("/") + 1);
  if (!name.startsWith(".")) return false;
  const end = m.at + written.length;
  // A glob's star before the dot-name (`*.orig`, `data/*.txt`) writes a kind of file.
  if (text[m.at + written.length - name.length - 1] === "*") return true;
  // "from .TXT to .txt": one ending made another names a kind of file.
  if (/(?:\bfrom|从)\s*$/iu.test(text.slice(Math.max(0, m.at - 8), m.at)) && /^\s*(?:to|改成|改为|换成|变成|转成)\s*\.[\p{L}\p{N}]+/iu.test(text.slice(end, end + 12))) return true;
  return QUANTIFIED.test(text.slice(Math.max(0, m.at - 20), m.at)) || PLURAL_FILES.test(text.slice(end, end + 12)) || ENDING_IN.test(text.slice(Math.max(0, m.at - 24), m.at)) || (/以\s*$/u.test(text.slice(Math.max(0, m.at - 4), m.at)) && /^\s*结尾/u.test(text.slice(end, end + 6)));
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

const NAME = "[\\p{Script=Latin}_][\\p{Script=Latin}\\p{N}_.-]*";
/** What separates listed names: 、，, "and", 和/及/与/跟. */
const LIST_SEPARATOR = "\\s*(?:[、，,]\\s*(?:and\\s+)?|\\s+and\\s+|[和及与跟])\\s*";

/** Words that place a folder relative to another rather than name it ("the parent folder", "the root directory"). */
const RELATIVE_PLACES = new Set(["parent", "root", "home", "project", "top", "base", "containing", "enclosing", "destination", "source", "target", "other", "next", "previous", "last", "first"]);

let adjectives: Set<string> | undefined;
const isAdjective = (word: string): boolean => (adjectives ??= new Set(wordnetIndex("adj").map((e) => e.lemma))).has(word.toLowerCase());

/**
 * Folders a request names by a name and a folder noun though no such folder exists ("delete the dist
 * folder", "删掉 dist 目录"): the name is a folder's, so a listing without it shows it absent. A word that
 * describes or places a folder ("the new folder", "the parent directory") names none.
 */
export function namedAbsentFolders(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number; existing?: string }> {
  const nouns = DIRECTORY_NOUNS.filter((n) => !hasHanText(n)).join("|");
  const hanNouns = DIRECTORY_NOUNS.filter(hasHanText).join("|");
  const out: Array<{ path: string; at: number; length: number; existing?: string }> = [];
  // Beside an existing folder in the same clause ("把 docs 里的 node_modules 目录删掉") the name may be inside it: not guessed.
  const besideFolder = (at: number) => {
    const clause = text.slice(...clauseAround(text, at));
    return [...ws.dirs].some((d) => new RegExp(`(?<![\\p{L}\\p{N}_.\\/-])${d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_-])`, "u").test(clause));
  };
  // A folder of a path the request writes, called a folder in Chinese ("config/local/app.ini … local 目录"), is named by that path already (round 34).
  const folders = new Set([...text.matchAll(/[\p{L}\p{N}_.-]+(?:\/[\p{L}\p{N}_.-]+)+/gu)].flatMap((m) => m[0].split("/").slice(0, -1)));
  const ok = (name: string, at: number) => !besideFolder(at) && !ws.dirs.has(name) && !ws.files.has(name) && !isStopword(name.toLowerCase()) && !isAdjective(name) && !RELATIVE_PLACES.has(name.toLowerCase());
  // A name only one existing folder has, deeper in the tree, is that folder ("the images folder" of site/images).
  const only = (name: string) => {
    const found = [...ws.dirs].filter((d) => d.endsWith(`/${name}`));
    return found.length === 1 ? { existing: found[0]! } : {};
  };
  for (const m of text.matchAll(new RegExp(`\\b((?:the|this|that|my|our|your)\\s+)([\\p{Script=Latin}\\p{N}_][\\p{Script=Latin}\\p{N}_.-]*)\\s+(?:${nouns})\\b`, "giu")))
    if (ok(m[2]!, m.index)) out.push({ path: m[2]!, at: m.index + m[1]!.length, length: m[2]!.length, ...only(m[2]!) });
  // A name written right before a Chinese folder noun is called a folder: even a common word is its name ("old 子目录").
  const called = (name: string, at: number) => !folders.has(name) && !besideFolder(at) && !ws.dirs.has(name) && !ws.files.has(name) && !RELATIVE_PLACES.has(name.toLowerCase()) && !/^(?:the|a|an|this|that|my|our|your|new)$/i.test(name);
  for (const m of text.matchAll(new RegExp(`(?<![\\p{Script=Latin}\\p{N}_.\\/-])([\\p{Script=Latin}_][\\p{Script=Latin}\\p{N}_.-]*)\\s*(?:${hanNouns})`, "gu")))
    if (called(m[1]!, m.index)) out.push({ path: m[1]!, at: m.index, length: m[1]!.length, ...only(m[1]!) });
  // Names listed before a counted or plural folder noun are each a folder.
  for (const n of listedFolderNames(text)) if (!out.some((o) => o.at === n.at) && ok(n.name, n.at)) out.push({ path: n.name, at: n.at, length: n.name.length });
  return out;
}

const hasHanText = (text: string): boolean => /\p{Script=Han}/u.test(text);

/** Build files' names, which need no file noun to be paths ("is there a Dockerfile?"). */
const BUILD_FILE = /(?<![\p{Script=Latin}\p{N}_.\/-])((?:Docker|Container|Make|Jenkins|Proc|Gem|Vagrant|Rake|Brew|Pod|Just|Pip|Caddy)file)(?![\p{Script=Latin}\p{N}_.\/-])/dgu;
/** A name in capitals (`VERSION`, `CODEOWNERS`) is a file's when a file noun is beside it. */
const CAPITALS = /^[A-Z][A-Z0-9_-]{2,}$/u;

/**
 * New files a request names without an extension: a build file's name, or capitals beside a file
 * noun ("新建一个 VERSION 文件", "a CODEOWNERS file", "a file named VERSION"): paths, though no
 * extension makes them so.
 */
export function namedNewFiles(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number }> {
  // So is one made with content given right after it ("Create CODEOWNERS with `* @acme/platform`", "新建 VERSION，内容 …"; round 36).
  const besideNoun = [/(?<![\p{Script=Latin}\p{N}_.\/-])([A-Za-z][\w-]*)\s*文件(?!夹)/dgu, /\b(?:a|an|the|new)\s+([A-Za-z][\w-]*)\s+file\b/dgu, /\bfile\s+(?:named|called)\s+[`'"]?([A-Za-z][\w-]*)/dgu, /(?:\b(?:create|add|write)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?|(?:新建|创建|建)\s*(?:一个\s*)?)([A-Za-z][\w-]*)(?=\s+(?:with|containing|that\s+(?:says|holds|contains))\b|\s*[，,]\s*(?:内容|写))/dgiu];
  const found = [...text.matchAll(BUILD_FILE), ...besideNoun.flatMap((shape) => [...text.matchAll(shape)].filter((m) => CAPITALS.test(m[1]!)))];
  return found.filter((m) => !ws.files.has(m[1]!) && !ws.dirs.has(m[1]!)).map((m) => ({ path: m[1]!, at: m.indices![1]![0], length: m[1]!.length }));
}

/** Names listed before a counted or plural folder noun ("src、tests、docs 三个文件夹", "这几个 a、b 目录", "a, b and c folders"), or after it and a colon, each with its offset. */
export function listedFolderNames(text: string): Array<{ name: string; at: number }> {
  const nouns = DIRECTORY_NOUNS.filter((n) => !hasHanText(n)).join("|");
  const hanNouns = DIRECTORY_NOUNS.filter(hasHanText).join("|");
  const list = new RegExp(`(?<![\\p{L}\\p{N}_.\\/-])(${NAME}(?:${LIST_SEPARATOR}${NAME})+)\\s*(?:[这那]\\s*)?(?:[一二三四五六七八九十两几\\d]+\\s*个\\s*)?(?:空的?\\s*|empty\\s+)?(?:(?:${hanNouns})(?!\\s*[里中下内])|(?:(?:${nouns})s|directories)(?![\\p{L}]))`, "giu");
  // Or after it and a colon ("three folders: api, web and worker", "三个目录：a、b、c"; round 34).
  const after = new RegExp(`(?:(?:${hanNouns})|(?:(?:${nouns})s|directories)(?![\\p{L}]))\\s*[:：]\\s*(${NAME}(?:${LIST_SEPARATOR}${NAME})+)`, "giu");
  const names = (m: RegExpMatchArray, at: number) => [...m[1]!.matchAll(new RegExp(NAME, "gu"))].filter((n) => !/^and$/i.test(n[0])).map((n) => ({ name: n[0], at: at + n.index }));
  return [...[...text.matchAll(list)].flatMap((m) => names(m, m.index)), ...[...text.matchAll(after)].flatMap((m) => names(m, m.index + m[0].length - m[1]!.length))];
}

/**
 * Files a request counts by the folder that holds them ("读一下两份周报" with 周报/ holding two files):
 * a numeral and a measure word before a folder's name, when the folder holds exactly that many files
 * directly, name each of them, so each is to be read (a summary of "both" needs both).
 */
export function countedFolderFiles(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number }> {
  const out: Array<{ path: string; at: number; length: number }> = [];
  for (const dir of ws.dirs) {
    const name = dir.slice(dir.lastIndexOf("/") + 1);
    for (const m of text.matchAll(new RegExp(`([一二两三四五六七八九十]|\\d+)\\s*[份个篇张]\\s*(${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})(?![\\p{L}\\p{N}_.\\/-])`, "gu"))) {
      const count = /\d/.test(m[1]!) ? Number(m[1]) : numberWord(m[1]!);
      const files = [...ws.files].filter((f) => f.slice(0, f.lastIndexOf("/")) === dir);
      if (count === undefined || files.length !== count) continue;
      const at = m.index + m[0].length - m[2]!.length;
      for (const f of files.sort()) out.push({ path: f, at, length: m[2]!.length });
    }
  }
  return out;
}
