/**
 * Word segmentation, the one place the project cuts text into words. Han text goes through
 * jieba (a maintained dictionary segmenter; Chinese has no spaces); everything else through
 * `Intl.Segmenter`, which follows Unicode word boundaries for any script. jieba and its
 * dictionary load once, on the first Han text (about 100 ms): English never pays for them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Jieba } from "@node-rs/jieba";
import { boundedCache } from "../contract/boundedCache.js";
import { isStopword } from "./english.js";

const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

let jieba: Jieba | undefined;
// Made on first use: building ICU's word segmenter costs a command's start-up that never segments.
let wordSegmenter: Intl.Segmenter | undefined;

/** True when the text contains Han characters. */
export const hasHan = (text: string): boolean => HAN.test(text);

/** The runs of Han characters in a text, in order (the Chinese stretches of a mixed text, uncut). */
export const hanRuns = (text: string): string[] => text.match(HAN_RUN) ?? [];

/** Loads jieba with its dictionary now, rather than inside the first segmentation of Han text. */
export function loadSegmenter(): Jieba {
  if (!jieba) {
    const require = createRequire(import.meta.url);
    const { Jieba } = require("@node-rs/jieba") as typeof import("@node-rs/jieba");
    // The dictionary file alone: the package's `dict.js` also reads its 6 MB IDF table, which segmentation never uses.
    jieba = Jieba.withDict(readFileSync(require.resolve("@node-rs/jieba/dict.txt")));
  }
  return jieba;
}

/** The Han words of a run of Han characters, as jieba cuts them (precise mode, no HMM guesses). */
const hanWords = (run: string): string[] => loadSegmenter().cut(run, false);

// Word_Break classes (UAX #29) of the ASCII characters; every other one is OTHER.
const OTHER = 0;
const LETTER = 1;
const NUMERIC = 2;
const EXTEND_NUM_LET = 3;
const MID_LETTER = 4;
const MID_NUM = 5;
/** `.` and `'` (MidNumLet and Single_Quote join letters and numbers alike). */
const MID_NUM_LET = 6;
const SPACE = 7;
const NEWLINE = 8;
const CR = 9;
const LF = 10;
const WORD_BREAK = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  WORD_BREAK[c] = /[A-Za-z]/.test(ch) ? LETTER : /[0-9]/.test(ch) ? NUMERIC : ch === "_" ? EXTEND_NUM_LET : ch === ":" ? MID_LETTER : ch === "," || ch === ";" ? MID_NUM : ch === "." || ch === "'" ? MID_NUM_LET : ch === " " ? SPACE : ch === "\v" || ch === "\f" ? NEWLINE : ch === "\r" ? CR : ch === "\n" ? LF : OTHER;
}
/** ASCII without `:`, the one ASCII character whose class CLDR tailors by language (a MidLetter in some, not in others). */
const isPlainAscii = (text: string) => /^[\x00-\x39\x3b-\x7f]*$/.test(text);
const midLetter = (c: number) => c === MID_LETTER || c === MID_NUM_LET;
const midNum = (c: number) => c === MID_NUM || c === MID_NUM_LET;

/** The class of `text`'s character at `at`; OTHER outside it. */
const classAt = (text: string, at: number): number => (at >= 0 && at < text.length ? WORD_BREAK[text.charCodeAt(at)]! : OTHER);

/** Whether UAX #29 keeps `at - 1` and `at` of an ASCII text in one segment (rules WB3–WB13b; the rest concern other scripts). */
function joined(text: string, at: number): boolean {
  const a = classAt(text, at - 1);
  const b = classAt(text, at);
  if (a === CR && b === LF) return true;
  if (a >= NEWLINE || b >= NEWLINE) return false;
  if (a === SPACE) return b === SPACE;
  if (a === LETTER) return b === LETTER || b === NUMERIC || b === EXTEND_NUM_LET || (midLetter(b) && classAt(text, at + 1) === LETTER);
  if (a === NUMERIC) return b === LETTER || b === NUMERIC || b === EXTEND_NUM_LET || (midNum(b) && classAt(text, at + 1) === NUMERIC);
  if (a === EXTEND_NUM_LET) return b === LETTER || b === NUMERIC || b === EXTEND_NUM_LET;
  if (b === LETTER) return midLetter(a) && classAt(text, at - 2) === LETTER;
  if (b === NUMERIC) return midNum(a) && classAt(text, at - 2) === NUMERIC;
  return false;
}

/**
 * The word-like segments of an ASCII text exactly as `Intl.Segmenter` cuts them (tests pin
 * this against it): creating ICU's word segmenter loads its break data, 10–30 ms of a run's
 * start-up, and requests are mostly plain English. A segment is word-like when it holds a
 * letter or a digit, or joins underscores (ICU's rule status for WB13a). Nothing is
 * allocated but the words.
 */
function asciiWords(text: string, out: string[]): void {
  let start = 0;
  let hasWordChar = false;
  const flush = (end: number) => {
    if (hasWordChar || (end - start > 1 && classAt(text, start) === EXTEND_NUM_LET)) out.push(text.slice(start, end));
  };
  for (let at = 0; at < text.length; at++) {
    if (at > start && !joined(text, at)) {
      flush(at);
      start = at;
      hasWordChar = false;
    }
    const c = classAt(text, at);
    hasWordChar ||= c === LETTER || c === NUMERIC;
  }
  if (text.length > start) flush(text.length);
}

/**
 * The words of any text, in order: Han runs cut by jieba, other scripts by Unicode word
 * boundaries. Punctuation and whitespace are dropped; case is kept (callers decide).
 */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  const otherWords = (chunk: string) => {
    if (isPlainAscii(chunk)) return asciiWords(chunk, out);
    wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
    // V8 copies the whole input into every segment it returns (a 400 kB text took a minute);
    // every line feed ends a segment (UAX #29 WB3a), so each line is segmented on its own.
    for (const line of chunk.split(/(?<=\n)/)) for (const part of wordSegmenter.segment(line)) if (part.isWordLike) out.push(part.segment);
  };
  // Han runs are cut out first: Intl.Segmenter would split them by ICU's own dictionary.
  let last = 0;
  for (const match of text.matchAll(HAN_RUN)) {
    otherWords(text.slice(last, match.index));
    out.push(...hanWords(match[0]));
    last = match.index + match[0].length;
  }
  otherWords(text.slice(last));
  return out;
}

/** A word with jieba's part-of-speech tag (`p` preposition, `f` localizer, `u*` particle, `r` pronoun, …). */
export interface TaggedWord {
  word: string;
  tag: string;
}

/** Words of a text with jieba's part-of-speech tags (Latin words come back tagged `eng`). */
export const tagWords = (text: string): TaggedWord[] => loadSegmenter().tag(text, false);

/**
 * jieba's closed word classes: particles (u…), modal particles (y), interjections (e),
 * prepositions (p), conjunctions (c), numerals (m), measure words (q), localizers (f) and
 * punctuation (x). A word of these classes carries grammar, not meaning. Pronouns are not
 * among them: jieba tags question words (哪里, 谁) as pronouns, and "where" means locate.
 */
const CLOSED_CLASSES = /^(?:u[a-z]*|y|e|p|c|m|q|f|x)$/;
const LATIN_WORD = /^[A-Za-z]+$/;
const DIGITS = /^[0-9]+$/;

/** Words already classed (bounded: a request of new words never grows it past this). */
const functionWords = boundedCache<string, boolean>(20_000);

/**
 * A Chinese word that carries no meaning of its own: tagged with a closed class by jieba, a
 * one-character adverb (都, 也, 就, 再), or on the one stop-word list. Memoized per word.
 */
export function isFunctionWord(word: string): boolean {
  // jieba tags a word of Latin letters `eng`, never a closed class, and a run of digits `m`, a
  // numeral: so an English request never loads the segmenter (160 ms) for these.
  if (LATIN_WORD.test(word)) return isStopword(word);
  if (DIGITS.test(word)) return true;
  let known = functionWords.get(word);
  if (known === undefined) {
    const tags = tagWords(word);
    const tag = tags.length === 1 ? tags[0]!.tag : "";
    known = isStopword(word) || CLOSED_CLASSES.test(tag) || (tag === "d" && [...word].length === 1);
    functionWords.set(word, known);
  }
  return known;
}
