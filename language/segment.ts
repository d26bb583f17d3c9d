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

/**
 * The words of any text, in order: Han runs cut by jieba, other scripts by Unicode word
 * boundaries. Punctuation and whitespace are dropped; case is kept (callers decide).
 */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  const otherWords = (chunk: string) => {
    wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
    for (const part of wordSegmenter.segment(chunk)) if (part.isWordLike) out.push(part.segment);
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
/** Words already classed (bounded: a request of new words never grows it past this). */
const functionWords = boundedCache<string, boolean>(20_000);

/**
 * A Chinese word that carries no meaning of its own: tagged with a closed class by jieba, a
 * one-character adverb (都, 也, 就, 再), or on the one stop-word list. Memoized per word.
 */
export function isFunctionWord(word: string): boolean {
  let known = functionWords.get(word);
  if (known === undefined) {
    const tags = tagWords(word);
    const tag = tags.length === 1 ? tags[0]!.tag : "";
    known = isStopword(word) || CLOSED_CLASSES.test(tag) || (tag === "d" && [...word].length === 1);
    functionWords.set(word, known);
  }
  return known;
}
