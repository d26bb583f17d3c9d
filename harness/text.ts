/**
 * Tokenization shared by every resolution stage, so a tool and a task are cut the same way.
 * English words are split on non-alphanumerics and camelCase, lower-cased and lightly
 * stemmed; runs of CJK characters become overlapping character bigrams (Chinese has no
 * spaces, and bigrams are the classic offline way to index it). Also splits a task into
 * its operands (paths, code identifiers, quoted text) and the request words around them.
 */
import { mentionedPaths } from "../language/request.js";

const CJK_CHAR = /[\u3400-\u9fff\uf900-\ufaff]/;
const WORD_OR_CJK_RUN = /[a-z0-9]+|[\u3400-\u9fff\uf900-\ufaff]+/g;

/** Words that carry no capability meaning; removing them keeps BM25 from matching on "the". */
const STOPWORDS = new Set(
  (
    "a an the to of for in on at by with from and or is are was be been it its this that these those my me i you your " +
    "we our us they them their he him his she her please can could would should will just some any all up into about " +
    "as do does did have has had so then than there here what who when how let lets i'm now also via using use one " +
    "out over if not no yes want need like get got make sure tell".replace(/\s+/g, " ")
  ).split(" "),
);

/** Strips common English plural endings so "requests" meets "request"; deliberately no more. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export const isCjk = (text: string): boolean => CJK_CHAR.test(text);

/** Tokens of any text: stemmed English words (stopwords kept) and CJK bigrams. */
export function rawTokens(text: string): string[] {
  const out: string[] = [];
  const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  for (const match of spaced.matchAll(WORD_OR_CJK_RUN)) {
    const run = match[0];
    if (!isCjk(run)) {
      out.push(stem(run));
    } else if (run.length === 1) {
      out.push(run);
    } else {
      for (let i = 0; i + 1 < run.length; i += 1) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

/** Tokens worth matching on: `rawTokens` without stopwords. */
export const tokens = (text: string): string[] => rawTokens(text).filter((token) => !STOPWORDS.has(token));

/** Tokens of a tool name (`create_pull_request`, `mcp__fs__read_file`, `readOpen`). */
export const nameTokens = (name: string): string[] => tokens(name.replace(/[_.\-]+/g, " "));

/**
 * What a task names rather than asks for: the operands of the request. Their words must not
 * be read as capability words ("release" in `notes/release.md`, "push event" in `pushEvent`,
 * "reviewed" in a quoted line to write), yet their kind is strong evidence of its own: a path
 * points at the workspace's files, an identifier at its code.
 */
export interface TaskOperands {
  /** Workspace paths, in order (`src/client.ts`, `README.md`). */
  paths: string[];
  /** Code identifiers, in order (`pushEvent`, `max_retries`, `connect()`); never a tool's name. */
  identifiers: string[];
  /** The task with its paths, identifiers and quoted passages blanked: the words that say what to do. */
  request: string;
}

/** Quoted passages: the text to write or search for, not the request. Apostrophes ("Bob's") are not quotes. */
const QUOTED = /"[^"]*"|“[^”]*”|「[^」]*」|(?<![\w'])'[^']+'(?![\w'])/g;
/** lowerCamel (`pushEvent`, at least two lower-case letters first, so not "iPhone"), snake_case / SCREAMING_CASE, and calls (`connect()`). */
const IDENTIFIER = /(?<![\w./-])(?:[a-z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+|[A-Za-z_$][\w$]*\(\))(?![\w/-])/g;

/**
 * A path mention worth trusting: one with a directory part, or a file name whose stem has two
 * or more characters and whose extension starts with a letter (`README.md`), so neither a
 * version ("v1.2") nor an abbreviation ("e.g") counts.
 */
export const isWorkspacePath = (path: string): boolean => path.includes("/") || /^[\w-]{2,}\.[A-Za-z][A-Za-z0-9]*$/.test(path);

/**
 * Splits a task into its operands and the request around them. Paths are read by the goal
 * ledger's `mentionedPaths` (so resolution and the ledger agree on what a path is), kept when
 * `isWorkspacePath` accepts them; a word `isToolName` accepts stays in the request (naming a
 * tool is the exact stage's business, not code).
 */
export function operandsOf(task: string, isToolName: (word: string) => boolean): TaskOperands {
  const paths = mentionedPaths(task).filter(isWorkspacePath);
  let request = task.replace(QUOTED, " ");
  for (const path of paths) request = request.split(path).join(" ");
  const identifiers: string[] = [];
  request = request.replace(IDENTIFIER, (word) => {
    if (isToolName(word)) return word;
    identifiers.push(word);
    return " ";
  });
  return { paths, identifiers, request };
}
