/**
 * English words for matching: split on non-alphanumerics and camelCase, lower-cased,
 * stopwords dropped, and stemmed with the Porter stemmer from `natural`, so "deployments",
 * "deploying" and "deploy" meet. Loaded from the stemmer's own module: the `natural` index
 * would load every classifier and storage backend it has.
 */
import { createRequire } from "node:module";
import { boundedCache } from "../contract/boundedCache.js";

const porter = createRequire(import.meta.url)("natural/lib/natural/stemmers/porter_stemmer.js") as { stem(word: string): string };

/** The one stop-word list: function words and request filler that carry no capability meaning. */
const STOPWORDS = new Set(
  (
    "a an the to of for in on at by with from and or is are was were be been being it its this that these those my me i you your " +
    "we our us they them their he him his she her please can could would should will shall just some any all into about " +
    "as do does did done have has had so then than there here what which who whom when how let lets i'm now also via using use " +
    "one if not no yes want need like get got make sure tell sb sth etc one's oneself something someone somebody thing things " +
    "up out over again very really kind sort bit lot may might must " +
    // Chinese pronouns (as the English ones above; jieba tags question words 哪里 and 谁 as pronouns too, and
    // those carry meaning) and request filler jieba tags as content (verbs of wanting and asking, time words).
    // Particles, prepositions, measure words and the like are found by their tag (`isFunctionWord`).
    "我 你 您 他 她 它 我们 你们 他们 她们 咱们 自己 这 那 这个 那个 这些 那些 这里 那里 什么 怎么 哪个 哪些 " +
    "是 有 要 想 能 让 请 帮 帮我 麻烦 所有 一直 已经 刚 刚才 现在 没有 有没有 到 啊 很 件 封 条 个"
  ).split(" "),
);

const LATIN_WORD = /[a-z0-9]+/g;
/** Letters in the longest word of English dictionaries (pneumonoultramicroscopicsilicovolcanoconiosis). */
const LONGEST_WORD = 45;
/** Stems remembered: the same few thousand words recur; a request of new words never grows the memo past this. */
const stems = boundedCache<string, string>(50_000);

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

/**
 * The base forms a word may be an inflection of, the word first: without a plural ending,
 * without -ed or -ing (with and without a final e). The one place inflections are undone;
 * dictionary lookups (the request lexicon, WordNet) try these in order.
 */
export function baseForms(word: string): string[] {
  const forms = [word, singular(word)];
  if (/^[a-z]{3,}ed$/.test(word)) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (/^[a-z]{2,}ied$/.test(word)) forms.push(`${word.slice(0, -3)}y`);
  if (/^[a-z]{4,}ing$/.test(word)) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return [...new Set(forms)];
}

/** Words that say which folder rather than name it ("the new folder", "that folder"). */
export const DETERMINERS = new Set("the a an this that these those new same other another its their my our your his her each every any some one which what".split(" "));
