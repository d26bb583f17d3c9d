/**
 * Reading a user's request: its operands (workspace paths, quoted content) and its clauses,
 * each with the intent its verb or question form carries. Paths are recognised against the
 * workspace's real files first, so `test/calc.test.js`, `docs/design notes.md` and
 * `文档/说明.md` come out whole; quoted text is content and never becomes an operand unless it
 * names an existing file. Words come from `segmentWords` (jieba for Han text, Unicode word
 * boundaries for the rest) and are looked up whole in `requestLexicon.ts`; nothing is matched
 * as a substring.
 */
import { isStopword } from "./english.js";
import { PATH_TOKEN, QUOTED, withoutAddresses, withoutOverlongRuns } from "./operands.js";
import { hasHan, segmentWords, tagWords } from "./segment.js";
import type { ChangeOp, Domain, RunSubject } from "./kinds.js";
import { isInabilityPhrase, isInabilityWord, lookupWord, phraseSense, isSocialOnly, isOwnerWord, DIRECTORY_NOUNS, type WordSense } from "./requestLexicon.js";

/** The workspace as the parser sees it: relative paths with `/`. */
export interface WorkspaceIndex {
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
}

export const EMPTY_WORKSPACE: WorkspaceIndex = { files: new Set(), dirs: new Set() };

export interface PathMention {
  path: string;
  /** `file`/`dir`: exists in the workspace; `new`: path-shaped but not there (only a change can target it). */
  kind: "file" | "dir" | "new";
  /** Offset in the request. */
  at: number;
  /** How the request wrote it, when that differs from `path` (a bare name resolved, a folder and a file joined). */
  written?: string;
  /** For a file name joined to a folder: the file as it was read alone (a move's source: "move a.txt into archive"). */
  unjoined?: { path: string; kind: "file" | "dir" | "new" };
}

/** `define`: what a term means, answered from general knowledge unless the clause names a workspace operand. */
export type ClauseIntent = "question" | "define" | "read" | "compare" | "change" | "run" | "send" | "lookup";

export interface Clause {
  text: string;
  intent: ClauseIntent | null;
  op?: ChangeOp;
  /** The verb sense was one that appends to or inserts into a target (add, append). */
  additive?: boolean;
  domain?: Domain;
  subject?: RunSubject;
  /** Asks to be told something ("tell me …", "check whether …"): after a command, its outcome. */
  asksBack?: boolean;
  /** The clause calls what it makes a file ("write a file …"), so a write without a path still targets the workspace. */
  namesFile?: boolean;
  paths: PathMention[];
  /** Quoted content inside the clause, in order. */
  content: string[];
}

export interface ParsedRequest {
  paths: PathMention[];
  /** Quoted passages that are content (text to write, search for, or say). */
  content: string[];
  clauses: Clause[];
  /** Only greetings or thanks: nothing to do. */
  social: boolean;
  /** Written in a script the lexicon does not cover (neither Latin nor Han), with no operand. */
  unrecognised: boolean;
  /** No word, path or quote at all: only punctuation or symbols. */
  wordless: boolean;
  /** Bare file names the request uses that exist in several folders and not at the root: which one is meant? */
  ambiguous: Array<{ name: string; at: number; candidates: string[] }>;
}

/** Characters a path may contain besides letters and digits (spaces only inside a known file's name). */
const PATH_CHAR = /[\p{L}\p{N}_.\/-]/u;
/** A directory written as one: `src/` or `src/utils/`. */
const DIR_TOKEN = /(?<![\p{L}\p{N}_.\/-])(?:[\p{L}\p{N}_.-]+\/)+(?![\p{L}\p{N}_.-])/gu;

export { mentionedPaths } from "./operands.js";

/** The lengths of text blanked so offsets stay true. */
const blank = (text: string, start: number, end: number) => text.slice(0, start) + " ".repeat(end - start) + text.slice(end);

const HAN_CHAR = /\p{Script=Han}/u;

const isBoundary = (ch: string | undefined) => ch === undefined || !PATH_CHAR.test(ch) || ch === ".";

/** Every occurrence of `needle` in `text` standing alone as a path (not inside a longer one). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + needle.length];
    // A change of script is a word boundary too: Chinese runs into Latin names without a space ("打开config.json看看").
    const scriptChange = (ch: string | undefined, edge: string | undefined) => !!ch && !!edge && HAN_CHAR.test(ch) !== HAN_CHAR.test(edge);
    const afterOk = after === undefined || !PATH_CHAR.test(after) || scriptChange(after, needle.at(-1)) || (after === "." && !PATH_CHAR.test(text[at + needle.length + 1] ?? " "));
    if ((before === undefined || !PATH_CHAR.test(before) || before === "`" || scriptChange(before, needle[0])) && afterOk) found.push(at);
  }
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Occurrences of a bare name with one of `nouns` right before or after it ("the src folder", "目录 src"). */
function beside(text: string, name: string, nouns: string[]): number[] {
  const noun = nouns.map(escape).join("|");
  // Word boundaries are Latin ones: Han text joins its neighbours without a space ("看src目录下").
  const around = new RegExp(`(?<=(?:^|[^\\p{Script=Latin}\\p{N}_])(?:${noun})\\s*)${escape(name)}(?![\\p{Script=Latin}\\p{N}_.\\/-])|(?<![\\p{Script=Latin}\\p{N}_.\\/-])${escape(name)}(?=\\s*(?:${noun})(?![\\p{Script=Latin}\\p{N}_]))`, "giu");
  return [...text.matchAll(around)].map((m) => m.index);
}

/**
 * Finds the workspace files and directories the text names, longest first, then path-shaped
 * tokens that name nothing yet. A bare file name counts when exactly one file has it.
 */
function findPaths(text: string, ws: WorkspaceIndex): { mentions: PathMention[]; rest: string } {
  const mentions: PathMention[] = [];
  let rest = text;
  const take = (path: string, kind: PathMention["kind"], at: number, length: number) => {
    const written = text.slice(at, at + length);
    mentions.push({ path, kind, at, ...(written !== path ? { written } : {}) });
    rest = blank(rest, at, at + length);
  };
  const known = [...[...ws.files].map((p) => [p, "file"] as const), ...[...ws.dirs].map((p) => [p, "dir"] as const)].sort((a, b) => b[0].length - a[0].length);
  for (const [path, kind] of known) {
    // A bare directory name ("docs") or a lower-case root file without an extension ("test") is
    // an ordinary word; `docs/`, a nested path, `README` or `Makefile` names the entry.
    const bareWord = !path.includes("/") && (kind === "dir" || (!path.includes(".") && path === path.toLowerCase()));
    const forms = kind === "dir" ? [`${path}/`, ...(bareWord ? [] : [path])] : bareWord ? [`./${path}`] : [path, `./${path}`];
    for (const form of forms) for (const at of occurrences(rest, form)) take(path, kind, at, form.length);
    if (kind === "dir" && bareWord) for (const at of beside(rest, path, DIRECTORY_NOUNS)) take(path, kind, at, path.length);
  }
  const byName = new Map<string, string[]>();
  for (const file of ws.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (name.includes(".") && name !== file) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  for (const [name, files] of byName) {
    if (files.length !== 1) continue;
    for (const at of occurrences(rest, name)) take(files[0]!, "file", at, name.length);
  }
  for (const m of rest.matchAll(PATH_TOKEN)) {
    // Han text runs into a Latin name without a space ("创建a.txt"): the name starts where the script changes.
    const lead = /^[\p{Script=Han}]+(?=[\p{Script=Latin}\p{N}][^\p{Script=Han}\/]*$)/u.exec(m[0])?.[0].length ?? 0;
    const path = m[0].slice(lead).replace(/^\.\//, "");
    if (!path) continue;
    if (ws.files.has(path)) take(path, "file", m.index + lead, m[0].length - lead);
    else take(path, "new", m.index + lead, m[0].length - lead);
  }
  for (const m of rest.matchAll(DIR_TOKEN)) {
    const path = m[0].replace(/^\.\//, "").replace(/\/+$/, "");
    if (ws.dirs.has(path)) take(path, "dir", m.index, m[0].length);
  }
  return { mentions: mentions.sort((a, b) => a.at - b.at), rest };
}

/** Quoted spans: an existing file's name or a backticked path is an operand; anything else is content. */
function splitQuoted(text: string, ws: WorkspaceIndex): { masked: string; quotes: Array<{ text: string; at: number }>; quotedPaths: PathMention[] } {
  const quotes: Array<{ text: string; at: number }> = [];
  const quotedPaths: PathMention[] = [];
  let masked = text;
  for (const m of text.matchAll(QUOTED)) {
    const inner = m[0].slice(1, -1).trim();
    const path = inner.replace(/^\.\//, "").replace(/\/+$/, "");
    const exists = ws.files.has(path) ? "file" : ws.dirs.has(path) ? "dir" : null;
    const backticked = m[0].startsWith("`");
    if (exists) quotedPaths.push({ path, kind: exists, at: m.index });
    else if (backticked && new RegExp(`^${PATH_TOKEN.source}$`, "u").test(inner.replace(/ /g, "_"))) quotedPaths.push({ path, kind: "new", at: m.index });
    else if (!backticked) quotes.push({ text: inner, at: m.index });
    masked = blank(masked, m.index, m.index + m[0].length);
  }
  return { masked, quotes, quotedPaths };
}

/** English words that put what follows inside a folder ("in the notes folder", "into docs/"). */
const INTO_FOLDER = /\b(?:in|into|inside|under|within|to)\s+(?:(?:the|a|an|my|our|your|new)\s+)*(?:(?:folder|directory|dir)\s+(?:called\s+|named\s+)?)?[`'"]?$/iu;
/** A Latin folder name the request calls a folder without it existing yet ("notes 文件夹", "the folder named notes"). */
const NAMED_FOLDER = new RegExp(
  `(?<![\\p{Script=Latin}\\p{N}_.-])([\\p{Script=Latin}\\p{N}_.-]+)\\s*(?:${DIRECTORY_NOUNS.filter(hasHan).join("|")})|\\b(?:folder|directory)\\s+(?:called|named)\\s+[\`'"]?([\\p{L}\\p{N}_.-]+)|\\b(?:in|into|inside|under|within|to)\\s+(?:the\\s+|a\\s+|my\\s+|our\\s+)?([\\p{L}\\p{N}_.-]+)\\s+(?:folder|directory)\\b`,
  "giu",
);

/**
 * Whether the folder mention at [at, end) is a place something goes in: an English preposition
 * before it, or (Chinese) a preposition before it or a localizer after it, by jieba's
 * part-of-speech tags (在 notes 文件夹里: 在 is `p`, 里 is `f`).
 */
function isPlace(text: string, at: number, end: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  if (INTO_FOLDER.test(before)) return true;
  const tagsBefore = hasHan(before) ? tagWords(before).filter((w) => w.word.trim()) : [];
  if (tagsBefore.at(-1)?.tag === "p") return true;
  const afterText = text.slice(end, end + 12);
  if (!hasHan(afterText)) return false;
  const tagsAfter = tagWords(afterText).filter((w) => w.word.trim() && !DIRECTORY_NOUNS.includes(w.word));
  return tagsAfter[0]?.tag === "f";
}

/**
 * A folder and a file name named together form one path: "in the notes folder, create a.txt"
 * and "在 notes 文件夹里创建 a.txt" name notes/a.txt. Only a folder the request puts something in
 * (`isPlace`) takes a file, only a file written without a folder of its own is taken, and only
 * when exactly one such folder is named; the folder is then no operand of its own.
 */
function joinFolderAndFile(mentions: PathMention[], text: string, ws: WorkspaceIndex): PathMention[] {
  const folders: Array<{ path: string; at: number; end: number }> = mentions
    .filter((m) => m.kind === "dir")
    .map((m) => ({ path: m.path, at: m.at, end: m.at + (m.written ?? m.path).length }));
  for (const m of text.matchAll(NAMED_FOLDER)) {
    const name = (m[1] ?? m[2] ?? m[3])!;
    const at = m.index + m[0].indexOf(name);
    if (!folders.some((f) => f.at <= at && at < f.end) && !isStopword(name.toLowerCase())) folders.push({ path: name.replace(/\/+$/, ""), at, end: at + name.length });
  }
  const places = folders.filter((f) => isPlace(text, f.at, f.end));
  const names = new Set(places.map((p) => p.path));
  if (names.size !== 1) return mentions;
  const folder = places[0]!.path;
  const bare = (m: PathMention) => m.kind !== "dir" && !(m.written ?? m.path).includes("/");
  const joinable = mentions.filter(bare);
  if (!joinable.length) return mentions;
  return mentions
    .filter((m) => !(m.kind === "dir" && m.path === folder))
    .map((m) => {
      if (!joinable.includes(m)) return m;
      const path = `${folder}/${m.written ?? m.path}`;
      return { path, kind: ws.files.has(path) ? "file" : "new", at: m.at, written: m.written ?? m.path, unjoined: { path: m.path, kind: m.kind } };
    });
}

/** Bare file names written without a folder that exist in several folders (and not at the root). */
function ambiguousNames(text: string, mentions: PathMention[], ws: WorkspaceIndex): ParsedRequest["ambiguous"] {
  const byName = new Map<string, string[]>();
  for (const file of ws.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (name !== file) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return mentions
    .filter((m) => m.kind === "new" && !m.path.includes("/") && (byName.get(m.path)?.length ?? 0) > 1 && !ws.files.has(m.path))
    .map((m) => ({ name: m.path, at: m.at, candidates: byName.get(m.path)!.sort() }));
}

interface Word {
  text: string;
  at: number;
  sense: WordSense | undefined;
}

/** Words of a text with their offsets and lexicon senses; multi-word phrases are tried first. */
function wordsOf(text: string): Word[] {
  const raw = segmentWords(text);
  const words: Word[] = [];
  let cursor = 0;
  for (const w of raw) {
    const at = text.indexOf(w, cursor);
    cursor = at + w.length;
    words.push({ text: w, at, sense: lookupWord(w) });
  }
  for (let i = 0; i + 1 < words.length; i += 1) {
    const phrase = phraseSense(words[i]!.text, words[i + 1]!.text);
    if (phrase) {
      words[i] = { ...words[i]!, sense: phrase };
      words[i + 1] = { ...words[i + 1]!, sense: { kind: "filler" } };
    }
  }
  return words;
}

/** Clause breaks: sentence punctuation, commas, and connectives (`and`, `然后`) followed by a verb. */
function clauseSpans(text: string, words: Word[]): Array<[number, number]> {
  const cuts = new Set<number>([0, text.length]);
  for (const m of text.matchAll(/[.;!?。；！？，,\n]+(?=\s|$|[^\d])/gu)) cuts.add(m.index + m[0].length);
  words.forEach((w, i) => {
    if (w.sense?.kind !== "connective") return;
    const next = words[i + 1];
    if (w.sense.strong || next?.sense?.kind === "verb") cuts.add(w.at);
  });
  const sorted = [...cuts].sort((a, b) => a - b);
  return sorted.slice(1).map((end, i) => [sorted[i]!, end] as [number, number]).filter(([s, e]) => text.slice(s, e).trim());
}

/**
 * The non-file domain a clause is about. A weak noun ("event", "issue") has an everyday sense
 * too, so it names its domain only beside an owner word ("my events", "我们的 issue").
 */
function clauseDomain(words: Word[]): Domain | undefined {
  const owned = words.some((w) => isOwnerWord(w.text));
  for (const w of words) if (w.sense && "domain" in w.sense && w.sense.domain && !(w.sense.kind === "domain" && w.sense.weak && !owned)) return w.sense.domain;
  return undefined;
}

/** The intent of one clause: a question form before any verb makes it a question. */
function clauseIntent(words: Word[], text: string, original: string): Omit<Clause, "text" | "paths" | "content"> {
  const content = words.filter((w) => w.sense?.kind !== "filler");
  let verb: Extract<WordSense, { kind: "verb" }> | undefined;
  let verbIndex = -1;
  let questionIndex = -1;
  content.forEach((w, i) => {
    const s = w.sense;
    if (!s) return;
    if (s.kind === "verb" && verbIndex === -1) {
      verb = s;
      verbIndex = i;
    }
    // An English question word counts only where a question starts; a Chinese one anywhere.
    if (s.kind === "question" && questionIndex === -1 && (s.anywhere || i === 0)) questionIndex = i;
  });
  const domain = clauseDomain(words);
  const subject = words.map((w) => (w.sense?.kind === "subject" ? w.sense.subject : undefined)).find(Boolean);
  const web = domain === "browser";
  const asked = /[?？]\s*$/.test(text);
  // A folder is a workspace thing too: "create a folder named build" changes the workspace.
  const namesFile = words.some((w) => w.sense?.kind === "file" || DIRECTORY_NOUNS.includes(w.text.toLowerCase()));
  const isQuestion = questionIndex !== -1 && (verbIndex === -1 || questionIndex < verbIndex);
  // "what does X mean": a term's meaning, unless the term is a code identifier (camelCase, snake_case, a call).
  const meaning = words.some((w) => w.sense?.kind === "meaning") && !/\p{Ll}\p{Lu}|\w_\w|\w\(|`/u.test(original);
  if (meaning && (isQuestion || verbIndex === -1)) return { intent: "define" };
  if (isQuestion) return { intent: web ? "lookup" : "question", domain };
  if (verb) {
    // "tell me" asks for an answer; "tell the team" communicates.
    const next = content[verbIndex + 1];
    if (verb.intent === "send" && verb.toSelf && next?.sense?.kind === "self") return { intent: "question", domain: domain === "mail" ? undefined : domain, asksBack: true };
    if (verb.checks && subject) return { intent: "run", subject };
    if (verb.checks && !web) return { intent: "question", domain, asksBack: true };
    if (verb.intent === "question" || verb.intent === "read") return { intent: web && verb.intent === "question" ? "lookup" : verb.intent, domain };
    if (verb.intent === "lookup") return { intent: web ? "lookup" : "question", domain };
    if (verb.intent === "run") return { intent: "run", subject };
    if (verb.intent === "send") return { intent: "send", domain: verb.domain ?? domain };
    return { intent: verb.intent, op: verb.op, additive: verb.additive, domain, namesFile };
  }
  if (asked) return { intent: web ? "lookup" : "question", domain };
  return { intent: null, domain, subject };
}

/** Parses a request against the workspace; never throws. */
export function parseRequest(request: string, ws: WorkspaceIndex = EMPTY_WORKSPACE): ParsedRequest {
  const { masked: unquoted, quotes, quotedPaths } = splitQuoted(request, ws);
  const noUrls = withoutAddresses(withoutOverlongRuns(unquoted));
  const found = findPaths(noUrls, ws);
  const paths = [...quotedPaths, ...joinFolderAndFile(found.mentions, noUrls, ws)].sort((a, b) => a.at - b.at);
  const words = wordsOf(found.rest);
  const clauses: Clause[] = clauseSpans(found.rest, words).map(([start, end]) => {
    const inClause = words.filter((w) => w.at >= start && w.at < end);
    return {
      text: request.slice(start, end).trim(),
      ...clauseIntent(inClause, found.rest.slice(start, end), request.slice(start, end)),
      paths: paths.filter((p) => p.at >= start && p.at < end),
      content: quotes.filter((q) => q.at >= start && q.at < end).map((q) => q.text),
    };
  });
  const social = paths.length === 0 && isSocialOnly(words.map((w) => w.text));
  // The lexicon covers English and Chinese; text in another script with no known word is not understood.
  const covered = /[\p{Script=Latin}\p{Script=Han}]/u.test(found.rest);
  const unrecognised = !social && !covered && paths.length === 0 && words.every((w) => !w.sense);
  const wordless = words.length === 0 && paths.length === 0 && quotes.length === 0 && noUrls === unquoted;
  return { paths, content: quotes.map((q) => q.text), clauses, social, unrecognised, wordless, ambiguous: ambiguousNames(request, found.mentions, ws) };
}

/** Sentences of a text: cut after sentence punctuation (Latin or Chinese) and line breaks. */
const sentences = (text: string): string[] => text.split(/(?<=[.!?。！？；;])\s*|\n+/u).map((s) => s.trim()).filter(Boolean);

/**
 * The sentence in which an answer says something could not be done ("I cannot send it: there is
 * no Slack tool", "没有发送邮件的工具，无法发送"), or undefined. Words, not substrings: "can't" is a
 * word, "scan" is not "can".
 */
export function statedInability(answer: string): string | undefined {
  for (const sentence of sentences(answer)) {
    const words = segmentWords(sentence);
    if (words.some((w, i) => isInabilityWord(w) || (i + 1 < words.length && isInabilityPhrase(w, words[i + 1]!)))) return sentence;
  }
  return undefined;
}
