/**
 * English words for matching: split on non-alphanumerics and camelCase, lower-cased,
 * stopwords dropped, and stemmed with the Porter stemmer from `natural`, so "deployments",
 * "deploying" and "deploy" meet. Loaded from the stemmer's own module: the `natural` index
 * would load every classifier and storage backend it has.
 */
import { createRequire } from "node:module";

const porter = createRequire(import.meta.url)("natural/lib/natural/stemmers/porter_stemmer.js") as { stem(word: string): string };

/** Function words and request filler: they carry no capability meaning. */
const STOPWORDS = new Set(
  (
    "a an the to of for in on at by with from and or is are was were be been being it its this that these those my me i you your " +
    "we our us they them their he him his she her please can could would should will shall just some any all into about " +
    "as do does did done have has had so then than there here what which who whom when how let lets i'm now also via using use " +
    "one if not no yes want need like get got make sure tell sb sth etc one's oneself something someone somebody thing things " +
    "up out over again very really kind sort bit lot may might must"
  ).split(" "),
);

const LATIN_WORD = /[a-z0-9]+/g;
/** Letters in the longest word of English dictionaries (pneumonoultramicroscopicsilicovolcanoconiosis). */
const LONGEST_WORD = 45;
const stems = new Map<string, string>();

/** The stem of one lower-case word (memoized: the same few thousand words recur). */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    // Porter's cost grows with a word's square; nothing longer than an English word has a stem.
    stemmed = /^[a-z]{3,}$/.test(word) && word.length <= LONGEST_WORD ? porter.stem(word) : word;
    stems.set(word, stemmed);
  }
  return stemmed;
}

export const isStopword = (word: string): boolean => STOPWORDS.has(word);

/** Lower-case words of `text`, camelCase and snake/kebab case split, stopwords kept. */
export function englishWords(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase();
  return spaced.match(LATIN_WORD) ?? [];
}

/** Stemmed content words of `text`: what an English text means for matching. */
export const englishTerms = (text: string): string[] => englishWords(text).filter((word) => !STOPWORDS.has(word)).map(stem);

/** A word with a plural ending stripped ("requests" → "request", "policies" → "policy"); nothing else. For dictionary keys, where a stem would not match. */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}
