/**
 * Reading a user's request: its operands (workspace paths, quoted content) and its clauses,
 * each with the intent its verb or question form carries. Paths are recognised against the
 * workspace's real files first, so `test/calc.test.js`, `docs/design notes.md` and
 * `文档/说明.md` come out whole; quoted text is content and never becomes an operand unless it
 * names an existing file. Words come from `segmentWords` (jieba for Han text, Unicode word
 * boundaries for the rest) and are looked up whole in `requestLexicon.ts`; nothing is matched
 * as a substring.
 */
import { DETERMINERS, isStopword } from "./english.js";
import { LOCALIZERS, NESTS, inEachPlace, intoMadeFolder, listedBefore, listedPlaces, nestPlaces } from "./placeNesting.js";
import { asksOfEntries } from "./existence.js";
import { unknownHeadVerb } from "./headVerb.js";
import { ambiguousNames, namedInFolder, namedSubfolders } from "./namedInFolder.js";
import { corrected } from "./correction.js";
import { EXISTING_FOLDER_NOUNS, clauseAround, listedFolderNames, namedNewFiles, countedFolderFiles, describedFiles, globbed, isPattern, kindChange, namedAbsentFolders } from "./describedPaths.js";
import type { PathMention, WorkspaceIndex } from "./pathMention.js";
import { DOTFILE, HAN_DOTFILE, PATH_TOKEN, QUOTED, namedIn, optionIn, replacesWord, valueOf, withoutAddresses, withoutOverlongRuns } from "./operands.js";
import { contentClauses } from "./saidContent.js";
import { INSTRUMENT_BEFORE, NAMES_COLUMN, saysWhere, statesFact, usersOwnAct } from "./clauseWords.js";
import { blank, splitQuoted, unquotedNewName } from "./quotedSpans.js";
import { filesByMeaning, foldersByMeaning } from "./meaningPaths.js";
import { refineRequestedState } from "./requestedState.js";
import { clauseDomain } from "./clauseDomain.js";
import { hasHan, isFunctionWord, segmentWords, tagWords } from "./segment.js";
import { CALLED_FOLDER_AFTER, CALLED_FOLDER_BEFORE, CREATED_BEFORE, GIT_NAME_AFTER, DIR_TOKEN, DOT_FOLDER, NESTED_NAMES, UNDER_DIR } from "./pathShapes.js";
import { ANAPHORIC_PLACE, FROM_FILE, IMPERATIVE_RUN, INTO_FOLDER, LOOKED_IN, PART_OF_FILE, PLACE_WORD, TOWARD_FILE, THINGS_BEFORE, DESTINATION_BEFORE } from "./placeWords.js";
import type { ChangeOp, Domain, RunSubject } from "./kinds.js";
import { DESCRIBES, EMPTY_WORDS, deniesNext, introducesResult, isCapability, isProblemWord, isCoordinator, isDenialWord, isFailureWord, isInabilityPhrase, isSuccessWord, isInabilityWord, isNegation, lookupWord, phraseSense, isSocialOnly, DIRECTORY_NOUNS, type WordSense } from "./requestLexicon.js";

/** The workspace as the parser sees it: relative paths with `/`. */
export type { PathMention, WorkspaceIndex } from "./pathMention.js";

export const EMPTY_WORKSPACE: WorkspaceIndex = { files: new Set(), dirs: new Set() };

/** `define`: what a term means, answered from general knowledge unless the clause names a workspace operand. */
export type ClauseIntent = "question" | "define" | "read" | "compare" | "change" | "run" | "send" | "lookup";

export interface Clause {
  /** The clause only states how things are ("email 目录还没有", "test_a.py 挂了"): it asks for nothing. */
  fact?: true;
  text: string;
  intent: ClauseIntent | null;
  op?: ChangeOp;
  /** The verb sense was one that appends to or inserts into a target (add, append). */
  additive?: boolean;
  /** The verb copies (copy, 复制): the copy's requested state is that it exists. */
  copies?: boolean;
  /** The clause asks for something empty ("an empty file", "空目录"): its existence is the requested state. */
  empty?: boolean;
  /** The clause asks for something to stay as it is ("summary.txt 留着"): no goal. */
  keeps?: boolean;
  /** The one folder the clause puts something into ("挪到 attic 下面", "into docs/guide/"). */
  into?: string;
  /** An unquoted value the clause sets something to ("bump the version to 2.1.0", "改成 10"): the requested state. */
  value?: string;
  domain?: Domain;
  subject?: RunSubject;
  /** Asks to be told something ("tell me …", "check whether …"): after a command, its outcome. */
  asksBack?: boolean;
  /** The clause calls what it makes a file ("write a file …"), so a write without a path still targets the workspace. */
  namesFile?: boolean;
  paths: PathMention[];
  /** Quoted content inside the clause, in order. */
  content: string[];
  /** The verb repairs something (fix, 修复): a lone quote names the fault. */
  repairs?: boolean;
  /** The one quote a repair verb names as the fault ("fix the typo 'recieve'"): it must be gone, not held. */
  fault?: string;
  /** The clause describes what the thing made should say ("with a note saying …", "写上说明"): a read must show it, not only its presence. */
  describes?: boolean;
  /** A question whether a file or folder exists ("is there a LICENSE file anywhere?"): a listing of its whole scope answers it. */
  existence?: boolean;
  /** A question which folders a place holds ("list the top-level folders", "有哪些目录"): a listing of that place answers it. */
  entries?: boolean;
  /** Paths written side by side, joined only by "and", "和" or a comma ("in a.md and b.md"): the verb acts on each. */
  together?: string[];
  /** The kind that files named by a kind become (`.jpg` in "all .jpeg files … to .jpg"): none of the old kind may be left. */
  becomes?: string;
  /** A name the clause gives something ("a link called latest", "named b"), path-shaped or not. */
  named?: string;
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
export { mentionedPaths } from "./operands.js";



const HAN_CHAR = /\p{Script=Han}/u;
const LETTER = /[\p{L}\p{N}]/u;

const isBoundary = (ch: string | undefined) => ch === undefined || !PATH_CHAR.test(ch) || ch === ".";

/** Every occurrence of `needle` in `text` standing alone as a path (not inside a longer one). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + needle.length];
    // A change of script between two letters is a word boundary too: Chinese runs into Latin names without a space
    // ("打开config.json看看"); a slash or a dot joins names of any script into one path (`数据/备份/原始.csv`).
    const scriptChange = (ch: string | undefined, edge: string | undefined) => !!ch && !!edge && LETTER.test(ch) && LETTER.test(edge) && HAN_CHAR.test(ch) !== HAN_CHAR.test(edge);
    const afterOk = after === undefined || !PATH_CHAR.test(after) || scriptChange(after, needle.at(-1)) || (after === "." && !PATH_CHAR.test(text[at + needle.length + 1] ?? " "));
    // A name inside a path that a slash joins (`数据/2024销售.csv`) is part of that path, whatever the scripts.
    const inPath = /\/[\p{L}\p{N}_.-]*$/u.test(text.slice(Math.max(0, at - 200), at));
    if ((before === undefined || !PATH_CHAR.test(before) || before === "`" || (scriptChange(before, needle[0]) && !inPath)) && afterOk) found.push(at);
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

/** Words before a name that ask for every file of that name ("both", "all the", "每个", "两个"). */
const EVERY_ONE = /(?:\b(?:both|all|each|every)(?:\s+(?:the|of\s+the))?|所有|全部|每个|两个|几个)\s*(?:的\s*)?$/iu;

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
  // Existing folders' bare names listed before one folder noun ("a、b、c 三个目录", "the build, dist and out folders") are each that folder.
  const listed = listedFolderNames(rest).filter((n) => ws.dirs.has(n.name) && !/\b(?:in|inside|under|within|from)\s+(?:the\s+)?$/iu.test(rest.slice(Math.max(0, n.at - 12), n.at)));
  if (listed.length > 1) for (const n of listed) take(n.name, "dir", n.at, n.name.length);
  const known = [...[...ws.files].map((p) => [p, "file"] as const), ...[...ws.dirs].map((p) => [p, "dir"] as const)].sort((a, b) => b[0].length - a[0].length);
  for (const [path, kind] of known) {
    // A bare directory name ("docs") or a lower-case root file without an extension ("test") is
    // an ordinary word; `docs/`, a nested path, `README` or `Makefile` names the entry.
    const bareWord = !path.includes("/") && (kind === "dir" || (!path.includes(".") && path === path.toLowerCase()));
    // `./src/utils` names the folder as surely as `src/utils/` does.
    const forms = kind === "dir" ? [`./${path}/`, `./${path}`, `${path}/`, ...(bareWord ? [] : [path])] : bareWord ? [`./${path}`] : [path, `./${path}`];
    for (const form of forms) for (const at of occurrences(rest, form)) take(path, kind, at, form.length);
    if (kind === "dir" && bareWord) for (const at of beside(rest, path, EXISTING_FOLDER_NOUNS)) take(path, kind, at, path.length);
    // A Han folder name is no ordinary word before a localizer ("周报里有没有提到…"): the place asked about.
    if (kind === "dir" && bareWord && hasHan(path)) for (const m of rest.matchAll(new RegExp(`${escape(path)}(?=\\s*(?:${LOCALIZERS}))`, "gu"))) take(path, kind, m.index, path.length);
  }
  const byName = new Map<string, string[]>();
  for (const file of ws.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (name.includes(".") && name !== file) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  for (const [name, files] of byName) {
    // "both package.json files", "所有 package.json": a name several files have, asked of all of them, names each.
    // So does one after the folders that hold it ("v1 和 v2 两个目录里的 readme.txt"), those files only.
    // The folder may be written by its own last name ("the orders service's config.yaml" for svc/orders/config.yaml; round 35).
    const folderNamed = (f: string, at: number) => [f.slice(0, f.lastIndexOf("/")), f.slice(0, f.lastIndexOf("/")).split("/").at(-1)!].some((d) => new RegExp(`(?<![\\p{L}\\p{N}_./-])${d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_-])`, "u").test(rest.slice(Math.max(0, at - 40), at)));
    for (const at of files.length > 1 ? occurrences(rest, name) : []) {
      const named = files.filter((f) => folderNamed(f, at));
      const every = EVERY_ONE.test(rest.slice(Math.max(0, at - 12), at)) ? files : named.length > 0 ? named : [];
      for (const f of every) take(f, "file", at, name.length);
    }
    if (files.length !== 1) continue;
    for (const at of occurrences(rest, name)) take(files[0]!, "file", at, name.length);
  }
  for (const d of [...describedFiles(rest, ws), ...filesByMeaning(rest, ws), ...countedFolderFiles(rest, ws)]) take(d.path, "file", d.at, d.length);
  for (const d of foldersByMeaning(rest, ws)) take(d.path, "dir", d.at, d.length);
  for (const d of namedNewFiles(rest, ws)) take(d.path, "new", d.at, d.length);
  for (const d of namedAbsentFolders(rest, ws)) {
    take(d.existing ?? d.path, d.existing ? "dir" : "new", d.at, d.length);
    if (!d.existing) mentions.at(-1)!.folder = true;
  }
  for (const m of rest.matchAll(PATH_TOKEN)) {
    // Han text runs into a Latin name without a space ("创建a.txt"): the name starts where the script changes.
    // So does a Chinese path, where dropping the words before it names a workspace file ("看下运维/备份说明.md").
    const lead = /^[\p{Script=Han}]+(?=[\p{Script=Latin}\p{N}][^\p{Script=Han}\/]*$)/u.exec(m[0])?.[0].length ?? [1, 2, 3, 4].find((n) => !ws.files.has(m[0]) && /^\p{Script=Han}+$/u.test(m[0].slice(0, n)) && ws.files.has(m[0].slice(n))) ?? 0;
    const path = m[0].slice(lead).replace(/^\.\//, "");
    if (!path || (!ws.files.has(path) && replacesWord(text.slice(0, m.index + lead), ws))) continue;
    if (ws.files.has(path)) take(path, "file", m.index + lead, m[0].length - lead);
    else take(path, "new", m.index + lead, m[0].length - lead);
  }
  // A name under an existing folder is a path even without an extension (`bin/tool2`).
  // So is one under a new folder inside an existing one (`scripts/archive/old` beside scripts/).
  const underKnown = (dir: string) => ws.dirs.has(dir) || (dir.includes("/") && ws.dirs.has(dir.slice(0, dir.indexOf("/"))));
  // A new one the request calls a folder ("a new folder called fixtures/users", "新建 src/utils 目录") is a folder.
  for (const m of rest.matchAll(UNDER_DIR)) {
    if (!underKnown(m[1]!)) continue;
    take(m[0], ws.files.has(m[0]) ? "file" : ws.dirs.has(m[0]) ? "dir" : "new", m.index, m[0].length);
    const called = CALLED_FOLDER_BEFORE.test(rest.slice(Math.max(0, m.index - 24), m.index)) || CALLED_FOLDER_AFTER.test(rest.slice(m.index + m[0].length, m.index + m[0].length + 24));
    if (mentions.at(-1)!.kind === "new" && called) mentions.at(-1)!.folder = true;
  }
  // A path through a dot-folder with no extension at its end (`.github/workflows`) is a folder.
  for (const m of rest.matchAll(DOT_FOLDER)) {
    const path = m[0].replace(/\/+$/, "");
    take(path, ws.files.has(path) ? "file" : ws.dirs.has(path) ? "dir" : "new", m.index, m[0].length);
    if (mentions.at(-1)!.kind === "new") mentions.at(-1)!.folder = true;
  }
  for (const m of rest.matchAll(DOTFILE)) take(m[0], ws.files.has(m[0]) ? "file" : ws.dirs.has(m[0]) ? "dir" : "new", m.index, m[0].length);
  for (const m of rest.matchAll(HAN_DOTFILE)) if (ws.files.has(m[0])) take(m[0], "file", m.index, m[0].length);
  // Nested names the request calls folders (`新建 a/b/c 三层目录`, "the folders src/a/b"): one new folder path.
  for (const m of rest.matchAll(NESTED_NAMES)) {
    if (!CALLED_FOLDER_AFTER.test(rest.slice(m.index + m[0].length, m.index + m[0].length + 24)) && !CALLED_FOLDER_BEFORE.test(rest.slice(Math.max(0, m.index - 24), m.index)) && !(CREATED_BEFORE.test(rest.slice(Math.max(0, m.index - 12), m.index)) && !GIT_NAME_AFTER.test(rest.slice(m.index + m[0].length)))) continue;
    take(m[0], ws.dirs.has(m[0]) ? "dir" : "new", m.index, m[0].length);
    if (mentions.at(-1)!.kind === "new") mentions.at(-1)!.folder = true;
  }
  for (const m of rest.matchAll(DIR_TOKEN)) {
    const path = m[0].replace(/^\.\//, "").replace(/\/+$/, "");
    if (ws.dirs.has(path)) take(path, "dir", m.index, m[0].length);
    // "w/" is "with"; a new folder of one letter is no path the request names.
    else if (path && !path.startsWith("..") && !/^[A-Za-z]$/.test(path)) {
      take(path, "new", m.index, m[0].length);
      mentions.at(-1)!.folder = true;
    }
  }
  for (const m of rest.matchAll(LOOKED_IN)) if (ws.dirs.has(m[1]!) && !lookupWord(m[1]!)) take(m[1]!, "dir", m.index + m[0].length - m[1]!.length, m[1]!.length);
  return { mentions: mentions.sort((a, b) => a.at - b.at), rest };
}


/** Chinese prepositions that mark an object, not a place (把 a.txt 挪到 …). */
const OBJECT_MARKERS = new Set(["把", "将", "被", "对", "给"]);
/** Chinese prepositions of destination (挪到 …, 往 …). */
const TOWARD = new Set(["到", "往", "向", "至"]);

/** A Latin folder name the request calls a folder without it existing yet ("notes 文件夹", "the folder named notes"). */
const NAMED_FOLDER = new RegExp(
  `(?<![\\p{Script=Latin}\\p{N}_.\\/-])([\\p{Script=Latin}\\p{N}_.-]+)\\s*(?:${DIRECTORY_NOUNS.filter(hasHan).join("|")}|(?=${LOCALIZERS}))|\\b(?:folder|directory)\\s+(?:called|named)\\s+[\`'"]?([\\p{L}\\p{N}_.-]+)|\\b(?:in|into|inside|under|within|to|a|an|the|new)\\s+(?:the\\s+|a\\s+|my\\s+|our\\s+|new\\s+)?([\\p{L}\\p{N}_.-]+)\\s+(?:folder|directory)\\b`,
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
  const last = tagsBefore.at(-1);
  // 给 a folder is where something is given ("给 .github/workflows 加一个 ci.yml").
  if (last?.tag === "p" && (!OBJECT_MARKERS.has(last.word) || last.word === "给")) return true;
  // A verb's directional complement right before it ("挪到 done 文件夹", "放进 x 目录"): where something goes.
  if (last && /^(?:到|进|入|至|进去|到了)$|[到进入至]$/u.test(last.word) && last.tag !== "x") return true;
  const afterText = text.slice(end, end + 12);
  if (!hasHan(afterText)) return false;
  const tagsAfter = tagWords(afterText).filter((w) => w.word.trim() && !DIRECTORY_NOUNS.includes(w.word));
  return tagsAfter[0]?.tag === "f";
}

/**
 * A folder and a file name named together form one path: "in the notes folder, create a.txt"
 * and "在 notes 文件夹里创建 a.txt" name notes/a.txt. Only a folder the request puts something in
 * (`isPlace`) takes a file, only a file written without a folder of its own is taken, and only
 * when exactly one such folder is named; the folder is then no operand of its own. Returns the
 * places too: a clause that moves or copies something puts it there ("挪到 attic 下面").
 */
function joinFolderAndFile(mentions: PathMention[], text: string, ws: WorkspaceIndex): { mentions: PathMention[]; places: Array<{ path: string; at: number }> } {
  const span = (m: PathMention) => ({ path: m.path, at: m.at, end: m.at + (m.written ?? m.path).length });
  const folders = mentions.filter((m) => m.kind === "dir" || m.folder).map(span);
  // A new name without an extension that something is put in (`在 notes/草稿 里新建 a.md`, "inside out/x") is a folder; a destination (`to`, `到`) may be a new file's name.
  // Not the name of files the workspace has in folders ("in the Dockerfile under services/billing/"; round 35).
  const fileName = (name: string) => [...ws.files].some((f) => f.endsWith(`/${name}`));
  for (const m of mentions) {
    const f = span(m);
    if (m.kind === "new" && !m.folder && !m.path.slice(m.path.lastIndexOf("/") + 1).includes(".") && !fileName(m.path) && isPlace(text, f.at, f.end) && !/(?:\bto|到)\s*$/iu.test(text.slice(0, f.at))) folders.push(f);
  }
  const taken = mentions.map(span);
  // `named`: the word is called a folder ("the done folder", "folder named to"), so even a stop word is its name, unless it says which folder (the new folder).
  const candidate = (name: string, at: number, named = false) => {
    const word = name.toLowerCase();
    if (!taken.some((f) => f.at <= at && at < f.end) && (named ? !DETERMINERS.has(word) : !isStopword(word))) folders.push({ path: name.replace(/\/+$/, ""), at, end: at + name.length });
  };
  for (const m of text.matchAll(NAMED_FOLDER)) {
    const name = (m[1] ?? m[2] ?? m[3])!;
    candidate(name, m.index + m[0].indexOf(name), true);
  }
  // An existing folder's bare name after a place preposition ("under test") is that folder.
  for (const m of text.matchAll(PLACE_WORD)) if (ws.dirs.has(m[1]!)) candidate(m[1]!, m.index + m[0].length - m[1]!.length);
  // A folder of the place named right inside it ("在 src 里的 config 文件夹创建 …") shares its preposition, when it exists there.
  const nestedIn = (f: (typeof folders)[number]) => folders.some((o) => o.end <= f.at && NESTS.test(text.slice(o.end, f.at)) && ws.dirs.has(`${o.path}/${f.path}`) && isPlace(text, o.at, o.end));
  // A name listed before a folder ("uploads 和 cache 目录") is one too; one listed after a place is a place too ("to docs/ and api/"; round 32).
  for (const f of [...folders]) for (const m of listedBefore(text, f.at, f.end)) candidate(m.name, m.at);
  let placed = listedPlaces(folders, folders.filter((f) => isPlace(text, f.at, f.end) || nestedIn(f)), text);
  // Of several places, one holding a file the request names is where that file is ("old 目录下的 report.csv"), not an operand: the other is where it goes.
  const holds = (f: { path: string }) => mentions.some((m) => m.kind === "file" && m.path.startsWith(`${f.path}/`));
  if (new Set(placed.map((f) => f.path)).size > 1 && placed.some(holds) && !placed.every(holds)) {
    const sources = new Set(placed.filter(holds).map((f) => f.path));
    placed = placed.filter((f) => !sources.has(f.path));
    mentions = mentions.filter((m) => !(m.kind === "dir" && sources.has(m.path)));
  }
  // A place named right inside another ("data 目录下的 2024 子目录里", "in the 2024 folder of data"): one nested place.
  const nested = nestPlaces(placed, text);
  placed = nested.places;
  // Neither the outer folder nor the inner name read alone (a root folder of that name) is an operand of its own.
  mentions = mentions.filter((m) => !(m.kind === "dir" && (nested.outer.has(m.path) || nested.inner.has(m.at))));
  // "in it", "在里面": the place is the one folder the request names, wherever it is named.
  const cue = !placed.length && new Set(folders.map((f) => f.path)).size === 1 ? ANAPHORIC_PLACE.exec(text) : null;
  const anaphora = !!cue;
  // "in it" puts in the folder only what its own clause names ("move README.md into it, and delete notes.txt").
  const [from, to] = cue ? clauseAround(text, cue.index) : [0, text.length];
  const places = anaphora ? folders : placed;
  const names = new Set(places.map((p) => p.path));
  const none = { mentions, places: names.size === 1 ? places : [] };
  // One new file put in each of several places ("an empty .keep in uploads/ and in cache/"; round 32).
  const each = names.size > 1 ? inEachPlace(mentions, places, text) : undefined;
  if (each) return { mentions: each, places: [] };
  if (names.size !== 1) return none;
  const folder = places[0]!.path;
  // With "in it", an existing file in a folder of its own is put there too, under its own name ("把 数据/a.csv 复制进去").
  const bare = (m: PathMention) => m.kind !== "dir" && !m.folder && (!(m.written ?? m.path).includes("/") || (anaphora && m.kind === "file")) && !AT_ROOT.test(text.slice(Math.max(0, m.at - 40), m.at));
  // A file that exists as written, in another verb's clause than the place, is that file ("add .DS_Store to .gitignore and delete … in assets/").
  const [own, ownEnd] = anaphora ? [from, to] : (clauseSpans(text, wordsOf(text)).find(([s, e]) => places[0]!.at >= s && places[0]!.at < e) ?? [0, text.length]);
  const elsewhere = (m: PathMention) => (m.at < own || m.at >= ownEnd) && m.kind === "file" && ws.files.has(m.written ?? m.path);
  // A place of the things a change reads ("the files under src/", "src 下的文件") is not where a file named after "into"/"到" goes
  // ("Dump the files under src/ into MANIFEST.txt": MANIFEST.txt as written; round 30).
  const ofThings = !anaphora && (THINGS_BEFORE.test(text.slice(Math.max(0, places[0]!.at - 40), places[0]!.at)) || /^\s*(?:目录|文件夹)?\s*(?:下|里|中|内)?的\s*(?:所有|全部)?\s*(?:文件|列表|内容|东西)(?!\s*[\w.-]+\.\w)/u.test(text.slice(places[0]!.end, places[0]!.end + 16)));
  const ownPlace = (m: PathMention) => ofThings && m.at > places[0]!.at && DESTINATION_BEFORE.test(text.slice(Math.max(0, m.at - 12), m.at));
  const joinable = mentions.filter((m) => bare(m) && m.at >= from && m.at < to && !elsewhere(m) && !ownPlace(m));
  if (!joinable.length) return none;
  // A folder named apart from the place word ("create logs/ and put a file in it") stays an operand of its own.
  const joined = mentions
    .filter((m) => anaphora || !(m.kind === "dir" && m.path === folder))
    .map((m) => {
      if (!joinable.includes(m)) return m;
      const name = m.written ?? m.path;
      const path = `${folder}/${name.slice(name.lastIndexOf("/") + 1)}`;
      return { path, kind: ws.files.has(path) ? "file" : "new", at: m.at, written: name, unjoined: { path: m.path, kind: m.kind } } satisfies PathMention;
    });
  return { mentions: joined, places: [] };
}

/** A file written right after the root is named ("根目录的 all.md", "in the repo root as all.md") is at the root, whatever folder the request names. */
const AT_ROOT = /(?:根目录|根路径)\s*(?:的|下|里|中)?\s*$|\broot(?:\s+(?:folder|directory|dir))?\s*(?:,\s*)?(?:as|called|named)?\s*$/iu;


/** Whether the file mention at [at, end) is where something is: "from a.txt", "从 a.txt", "a.txt 里". */
function isContainer(text: string, at: number, end: number): boolean {
  if (FROM_FILE.test(text.slice(Math.max(0, at - 30), at))) return true;
  const before = text.slice(Math.max(0, at - 20), at);
  const last = hasHan(before) ? tagWords(before).filter((w) => w.word.trim()).at(-1) : undefined;
  // A preposition of place or source (在, 从), not one of destination (到) nor an object marker (把).
  if (last?.tag === "p" && !OBJECT_MARKERS.has(last.word) && !TOWARD.has(last.word)) return true;
  const after = text.slice(end, end + 12);
  // A part of the file after 的 ("a.csv 的表头那一行", "的第一行"), not its name.
  return hasHan(after) && (tagWords(after).filter((w) => w.word.trim())[0]?.tag === "f" || PART_OF_FILE.test(after));
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
    // A word called like a function (`print('hi')`) is code, not the request's verb.
    words.push({ text: w, at, sense: text[cursor] === "(" ? undefined : lookupWord(w) });
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
  // A period inside a dotted name (`db.internal.net`) ends no sentence.
  const inName = (m: RegExpMatchArray) => m[0] === "." && /[\p{Script=Latin}\p{N}_-]/u.test(text[m.index! - 1] ?? "") && /[\p{Script=Latin}\p{N}_]/u.test(text[m.index! + 1] ?? "");
  // Nor does ASCII punctuation running into a path, a word or a closing bracket (`#!/bin/sh`, `./src`, "(AKIA...)"): a sentence ends before a space, Han text or the end.
  const inToken = (m: RegExpMatchArray) => /^[.;!?,]+$/.test(m[0]) && /[\p{Script=Latin}\p{N}\/_~$)\]-]/u.test(text[m.index! + m[0].length] ?? "");
  // A full-width colon ends a heading before its order ("清空回收站：把 .trash 整个删掉").
  // Nor does the dot closing a dotted number's prefix before more words (`192.168. 开头的 IP`).
  const inNumber = (m: RegExpMatchArray) => m[0] === "." && /\d\.\d+$/u.test(text.slice(0, m.index!)) && /^\s*[\p{Script=Han}a-z]/u.test(text.slice(m.index! + 1));
  for (const m of text.matchAll(/[.;!?。；！？，,：\n]+(?=\s|$|[^\d])/gu)) if (!inName(m) && !inToken(m) && !inNumber(m)) cuts.add(m.index + m[0].length);
  words.forEach((w, i) => {
    if (w.sense?.kind !== "connective") return;
    const next = words[i + 1];
    // 把/将 mark the object of a verb that follows: a new predicate starts there too ("并把它复制到 b").
    // A word asking to keep something is a predicate of its own too ("and keep the rest").
    if (w.sense.strong || next?.sense?.kind === "verb" || next?.sense?.kind === "keep" || (next && OBJECT_MARKERS.has(next.text))) cuts.add(w.at);
  });
  const sorted = [...cuts].sort((a, b) => a - b);
  return sorted.slice(1).map((end, i) => [sorted[i]!, end] as [number, number]).filter(([s, e]) => text.slice(s, e).trim());
}

const COMMITS = /\bcommit|提交/iu;
const MESSAGE_BEFORE = /(?:提交信息|提交说明|提交备注|message|msg|-m|\bcommit(?:\s+(?:it|that|this|them|everything|all))?\s+as)\s*(?:写|是|为|用|叫)?\s*[:：]?\s*$/iu;
const MAKES_PASS = /^\s*(?:please\s+)?(?:make|get)\s+`[^`]+`\s+(?:to\s+)?(?:pass|succeed|work|go\s+green)\b/iu;
const FORBIDS = /^(?:don't|don’t|dont|never|别|不要|不用|勿|不许|不准|不必|千万别)$/iu;
const [READS, ASKS_SOMEONE] = [lookupWord("read"), /^(?:ask|asks|tell|remind|get)$/iu];

/** The intent of one clause: a question form before any verb makes it a question. */
function clauseIntent(words: Word[], text: string, original: string, aboutWorkspace = false): Omit<Clause, "text" | "paths" | "content"> {
  const content = words.filter((w) => w.sense?.kind !== "filler");
  let verb: Extract<WordSense, { kind: "verb" }> | undefined;
  let verbIndex = -1;
  let questionIndex = -1;
  let nounVerb = false;
  let keptBy = false;
  content.forEach((w, i) => {
    // "ops/备份.md 里写了": what a file says there, read from it.
    // "翻译写成了 X": what it says now, a report before the order ("改回 Y"), read from it too.
    const s = (w.text === "写" && /^[里上中]$/u.test(content[i - 1]?.text ?? "") && /^[了着]$/u.test(content[i + 1]?.text ?? "")) || (/^写(?:成|作)$/u.test(w.text) && content[i + 1]?.text === "了") ? READS : w.sense;
    if (!s) return;
    // A Chinese verb before 的 describes a noun ("写的限流": the limit written there); it is not the clause's verb.
    const next = content[i + 1];
    // A word right after a determiner is a noun ("the text"): the clause's verb only when no other is (a light verb's object: "make a copy").
    // So is one inside a determiner's noun phrase ("the health ping line").
    const back = content.slice(0, i).reverse().findIndex((b) => b.sense !== undefined || DETERMINERS.has(b.text.toLowerCase()));
    const determined = back !== -1 && DETERMINERS.has(content[i - 1 - back]!.text.toLowerCase());
    // A determined verb right before a plain noun modifies it ("a text editor", "every email address"): no verb at all.
    const modifier = determined && next !== undefined && next.sense === undefined && next.at === w.at + w.text.length + 1 && /^[a-z]+$/.test(next.text) && !/ed$/.test(next.text) && !isFunctionWord(next.text);
    // So does one with its one-character complement ("写死的密钥": a key written in for good).
    const described = !!next && /^\p{Script=Han}$/u.test(next.text) && next.sense === undefined && next.at === w.at + w.text.length && content[i + 2]?.text === "的" && content[i + 2]!.at === next.at + 1;
    // A verb someone is asked to do ("ask them to restart the service") is theirs, not the request's.
    const theirs = content[i - 1]?.text.toLowerCase() === "to" && content.slice(Math.max(0, i - 5), i - 1).some((b) => ASKS_SOMEONE.test(b.text));
    // A verb forbidden ("but don't delete it", "别删") asks for nothing to be done: what it names is kept.
    const forbidden = FORBIDS.test(content[i - 1]?.text ?? "") || (content[i - 1]?.text.toLowerCase() === "not" && /^(?:do|does)$/i.test(content[i - 2]?.text ?? ""));
    if (forbidden && s.kind === "verb") keptBy = true;
    // So is a column's name after a channel word, and the user's own act ("before I start editing", round 37).
    const notAsked = (!!next && NAMES_COLUMN.test(next.text)) || usersOwnAct(content.map((c) => c.text), i);
    if (s.kind === "verb" && !modifier && !described && !theirs && !forbidden && !notAsked && (verbIndex === -1 || nounVerb) && !(determined && verbIndex !== -1) && !(next?.text === "的" && next.at === w.at + w.text.length)) {
      verb = s;
      verbIndex = i;
      nounVerb = determined;
    }
    // An English question word counts only where a question starts; a Chinese one anywhere, but not as a demonstrative's count ("这几个文件夹": these few).
    const counted = /^[这那]$/u.test(content[i - 1]?.text ?? "") && /^几/u.test(w.text);
    if (s.kind === "question" && questionIndex === -1 && (s.anywhere || i === 0) && !counted) questionIndex = i;
  });
  const domain = clauseDomain(words);
  const subject = words.map((w) => (w.sense?.kind === "subject" ? w.sense.subject : undefined)).find(Boolean);
  const web = domain === "browser";
  const asked = /[?？]\s*$/.test(text);
  // A folder is a workspace thing too: "create a folder named build" changes the workspace.
  const namesFile = words.some((w) => w.sense?.kind === "file" || DIRECTORY_NOUNS.includes(w.text.toLowerCase()));
  // A verb inside the subject of "…的 X 是什么？" ("创建订单接口的路径是什么？") names what X belongs to: the clause asks (round 35).
  const de = content.findIndex((w, i) => i > verbIndex && w.text === "的");
  const inSubject = asked && verbIndex !== -1 && de !== -1 && content.some((w, i) => i > de && i < questionIndex && /^(?:是|为)$/u.test(w.text));
  const isQuestion = questionIndex !== -1 && (verbIndex === -1 || questionIndex < verbIndex || inSubject);
  // "what does X mean": a term's meaning, unless the term is a code identifier (camelCase, snake_case, a call).
  const meaning = words.some((w) => w.sense?.kind === "meaning") && !/\p{Ll}\p{Lu}|\w_\w|\w\(|`/u.test(original);
  if (meaning && (isQuestion || verbIndex === -1)) return { intent: "define" };
  // A question naming a workspace file or folder is answered from it, whatever its words ("what port does docker-compose.yml map for the web service?").
  if (isQuestion) return { intent: web && !aboutWorkspace ? "lookup" : "question", domain: web && aboutWorkspace ? undefined : domain };
  // A wh-word right after a run, send or lookup verb asks what it acts on ("test 目标执行什么命令"): the verb is inside the question, not the request.
  // So does one after a change verb in a clause asking a question ("这次提交改了哪些文件？": what was changed), past its particles.
  const object = content.slice(verbIndex + 1).find((w) => w.sense?.kind === "question" || !isFunctionWord(w.text))?.sense;
  if (verb && (!verb.op || asked) && object?.kind === "question" && !object.polar) return { intent: "question", domain: web && aboutWorkspace ? undefined : domain };
  // The one verb is a noun after a determiner, in a clause that asks ("any mail from alice?"): a question about that thing.
  if (verb && nounVerb && asked) return { intent: "question", domain: domain ?? verb.domain };
  // A noun-verb yields to a verb the lexicon lacks that opens the clause ("comment out the health ping line"): that verb is read as the request's.
  if (verb && nounVerb && unknownHeadVerb(text)) return { intent: null, domain };
  // "make `node test.js` pass": the command is to end passing; which fix it needs is the model's to find.
  if (MAKES_PASS.test(original)) return { intent: "run", subject };
  // A run opening the clause and a look at its outcome ("编译一下看看有没有报错"): the run is the request (round 31).
  if (verb && subject && (verb.intent === "read" || verb.intent === "question") && IMPERATIVE_RUN.test(text)) return { intent: "run", subject };
  if (verb) {
    // "tell me" asks for an answer; "tell the team" communicates.
    const next = content[verbIndex + 1];
    // So does sending "to me" with no channel named ("发给我看看", "send me the file"): the reply is the channel.
    if (verb.intent === "send" && (verb.toSelf || (!verb.domain && !domain)) && next?.sense?.kind === "self") return { intent: "question", domain: domain === "mail" ? undefined : domain, asksBack: true };
    if (verb.checks && subject) return { intent: "run", subject };
    if (verb.checks && !web) return { intent: "question", domain, asksBack: true };
    // Reading something out on a device ("print it on the printer") sends it there.
    if (verb.intent === "read" && domain === "device") return { intent: "send", domain };
    if (verb.intent === "question" || verb.intent === "read") return { intent: web && verb.intent === "question" ? "lookup" : verb.intent, domain };
    if (verb.intent === "lookup") return { intent: web ? "lookup" : "question", domain };
    if (verb.intent === "run") return { intent: "run", subject: subject ?? verb.subject };
    if (verb.intent === "send") return { intent: "send", domain: verb.domain ?? domain };
    const empty = words.some((w) => EMPTY_WORDS.has(w.text.toLowerCase()));
    return { intent: verb.intent, op: verb.op, additive: verb.additive, domain, namesFile, ...(verb.copies ? { copies: true } : {}), ...(empty ? { empty: true } : {}), ...(verb.repairs ? { repairs: true } : {}) };
  }
  if (asked) return { intent: web ? "lookup" : "question", domain };
  // A request opening with what a command does ("Build with build.sh", "make build 一下") runs it.
  if (subject && IMPERATIVE_RUN.test(text)) return { intent: "run", subject };
  return { intent: null, domain, subject, ...(keptBy || words.some((w) => w.sense?.kind === "keep") ? { keeps: true } : {}) };
}

/**
 * The paths of a clause written one after another with only a coordinator between them: the
 * first such run, wherever it starts ("在 src/components 下面建 a.tsx 和 b.tsx": the place is
 * named first, the run follows; round 30).
 */
function sideBySide(paths: PathMention[], text: string): string[] {
  for (let start = 0; start < paths.length - 1; start++) {
    const run = [paths[start]!];
    for (const next of paths.slice(start + 1)) {
      const prev = run.at(-1)!;
      if (!isCoordinator(text.slice(prev.at + (prev.written ?? prev.path).length, next.at))) break;
      run.push(next);
    }
    if (run.length > 1) return run.map((p) => p.path);
  }
  return [];
}

/** Parses a request against the workspace; never throws. */
export function parseRequest(said: string, ws: WorkspaceIndex = EMPTY_WORKSPACE): ParsedRequest {
  const request = corrected(said);
  // A folder's quoted name ("a folder called `fixtures`") is a name, not content: its quotes become spaces, offsets kept.
  const folderNames = request.replace(/\b((?:folder|directory|dir)\s+(?:called|named)\s+)([`'"])([\p{L}\p{N}_.-]+)\2/giu, "$1 $3 ");
  const { masked: unquoted, quotes, quotedPaths } = splitQuoted(unquotedNewName(folderNames, ws), ws);
  const noUrls = withoutAddresses(withoutOverlongRuns(unquoted));
  const found = findPaths(noUrls, ws);
  const joined = joinFolderAndFile(namedInFolder(namedSubfolders([...quotedPaths, ...found.mentions], noUrls, ws), noUrls, ws), noUrls, ws);
  const paths = intoMadeFolder(joined.mentions, noUrls, ws.files)
    .map((m) => (m.kind !== "dir" && !m.folder && isContainer(noUrls, m.at, m.at + (m.written ?? m.path).length) ? { ...m, place: true } : m))
    .map((m) => (m.kind === "file" && TOWARD_FILE.test(noUrls.slice(Math.max(0, m.at - 30), m.at)) ? { ...m, toward: true } : m))
    .map((m) => (isPattern(noUrls, m) ? { ...m, pattern: true } : m))
    .filter((m) => !(m.kind === "new" && INSTRUMENT_BEFORE.test(noUrls.slice(Math.max(0, m.at - 24), m.at))))
    .sort((a, b) => a.at - b.at)
    .reduce<PathMention[]>((out, m) => globbed(out, m, noUrls), []);
  // Names joined by bare commas (`id,name,email`, a CSV row) are data, not words of the request.
  const words = wordsOf(found.rest.replace(/(?<![\p{L}\p{N}_@.-])[\p{L}\p{N}_@.-]+(?:,[\p{L}\p{N}_@.-]+)+/gu, (m) => " ".repeat(m.length)));
  const into = (start: number, end: number) => joined.places.find((p) => p.at >= start && p.at < end)?.path;
  const clauses: Clause[] = clauseSpans(found.rest, words).map(([start, end], i, spans) => {
    const inClause = words.filter((w) => w.at >= start && w.at < end);
    // An order ending in a colon takes the paths listed on the lines after it, which hold no words ("delete these:\na.tmp\nb.tmp").
    const listEnd = /[:：]\s*$/u.test(found.rest.slice(start, end)) ? (spans[i + 1]?.[0] ?? found.rest.length) : end;
    const { paths: clausePaths, becomes } = kindChange(paths.filter((p) => p.at >= start && p.at < listEnd), noUrls);
    const together = sideBySide(paths.filter((p) => p.at >= start && p.at < listEnd), noUrls);
    const intent = clauseIntent(inClause, found.rest.slice(start, end), request.slice(start, end), paths.some((p) => p.at >= start && p.at < end && p.kind !== "new"));
    // Content after a clause's colon, with nothing else before the next clause ("加两行：A 和 B"), is that clause's.
    // A commit's message is no file's content ("…, then commit with message 'add x'").
    const commitMessage = (q: { at: number }) => COMMITS.test(request.slice(start, end)) && MESSAGE_BEFORE.test(request.slice(Math.max(0, q.at - 24), q.at));
    const inQuotes = quotes.filter((q) => q.at >= start && q.at < (spans[i + 1]?.[0] ?? Infinity) && !commitMessage(q));
    // A value shaped like a new path (`redis.prod.internal:6379`, `v2.txt`) is still the value a clause sets something to.
    const shaped = valueOf(noUrls.slice(start, end));
    const newValue = shaped !== undefined && paths.some((p) => p.kind === "new" && !p.folder && p.at >= start && p.at < end && shaped.startsWith(p.written ?? p.path)) ? shaped : undefined;
    const value = newValue ?? valueOf(found.rest.slice(start, end)) ?? optionIn(found.rest.slice(start, end));
    // A clause stating a fact asks for nothing (clauseWords.ts `statesFact`).
    const own = request.slice(start, end).trim();
    if (statesFact(own, i > 0, paths.some((p) => p.at < start), /[?？]\s*$/u.test(request.slice(0, start)))) return { text: request.slice(start, end).trim(), intent: null, paths: [], content: [], fact: true };
    // Where the thing asked about is, with no scope named before it ("…? It's set in config/server.yaml"): where to read (round 33).
    if (i > 0 && saysWhere(own) && clausePaths.length) return { text: own, intent: "read", paths: clausePaths, content: [] };
    const fault = intent.repairs && inQuotes.length === 1 && !introducesResult(request.slice(start, inQuotes[0]!.at)) ? inQuotes[0]!.text : undefined;
    return {
      text: request.slice(start, end).trim(),
      ...intent,
      paths: clausePaths,
      content: inQuotes.map((q) => q.text),
      ...(fault !== undefined ? { fault } : {}),
      ...(into(start, end) ? { into: into(start, end) } : {}),
      ...(value !== undefined ? { value } : {}),
      ...(together.length ? { together } : {}),
      ...(becomes ? { becomes } : {}),
      ...(namedIn(found.rest.slice(start, end)) ? { named: namedIn(found.rest.slice(start, end)) } : {}),
      ...(intent.intent === "question" || intent.intent === "read" ? asksOfEntries(intent.intent === "question", request.slice(start, end), inClause, paths.filter((p) => p.at >= start && p.at < end)) : {}),
      ...(DESCRIBES.test(found.rest.slice(start, end)) || inQuotes.length ? { describes: true } : {}),
    };
  });
  contentClauses(clauses);
  refineRequestedState(clauses);
  const social = paths.length === 0 && isSocialOnly(words.map((w) => w.text));
  // The lexicon covers English and Chinese; text in another script with no known word is not understood.
  const covered = /[\p{Script=Latin}\p{Script=Han}]/u.test(found.rest);
  const unrecognised = !social && !covered && paths.length === 0 && words.every((w) => !w.sense);
  const wordless = words.length === 0 && paths.length === 0 && quotes.length === 0 && noUrls === unquoted;
  // A name joined to the folder the request gives it is no longer ambiguous.
  return { paths, content: quotes.map((q) => q.text), clauses, social, unrecognised, wordless, ambiguous: ambiguousNames(request, joined.mentions, ws) };
}
