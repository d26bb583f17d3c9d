/**
 * The token patterns of running text, in one place: capitalized words and proper names,
 * names in capitals, hyphenated words, runs of letters and digits, identifier parts, letter runs of any script
 * and a description's first sentence. Words proper come from `segment.ts` (jieba and Unicode
 * word boundaries) and `english.ts` (case-split, stemmed); these are the shapes resolution,
 * the code index, the document vectors and the catalog view look for, so that no other folder
 * splits text by a pattern of its own.
 */

const CAPITALIZED = /\b[A-Z][A-Za-z0-9]*\b/g;
/** Capitalized, then lower case ("Google", "Feishu"; not "TIP" or "JSON"). */
const PROPER_NAME = /\b[A-Z][a-z]+[A-Za-z0-9]*\b/g;
const HYPHENATED = /\b[A-Za-z]+(?:-[A-Za-z]+)+\b/g;
const ALPHANUMERIC = /[A-Za-z0-9]+/g;
/** Three or more capitals, digits and underscores after a capital: a constant's or a setting's name. */
const UPPER_CASE_NAME = /\b[A-Z][A-Z0-9_]{2,}\b/g;
const LOWER_ALPHANUMERIC = /[a-z0-9]+/g;
/** A run of Han characters, or of letters, digits and underscores of any other script. */
const LETTER_RUN = /[\p{Script=Han}]+|[\p{L}\p{N}_]+/gu;
const HAN_SCRIPT = /\p{Script=Han}/u;

/** A word written with a capital letter, and where it begins (a proper noun, when it does not begin a sentence). */
export interface PlacedWord {
  word: string;
  index: number;
}

/** Words that begin with a capital letter ("Slack", "GitHub", "PR"), in order, with their places. */
export const capitalizedWords = (text: string): PlacedWord[] => [...text.matchAll(CAPITALIZED)].map((match) => ({ word: match[0], index: match.index }));

/** Proper names in running text: a capital, then lower case ("Google", "Feishu"; not "TIP" or "JSON"). */
export const properNames = (text: string): string[] => text.match(PROPER_NAME) ?? [];

/** Names written in capitals ("PORT", "MAX_RETRIES", "HTTP2"), in order: how a request names a setting or a constant. */
export const upperCaseNames = (text: string): string[] => text.match(UPPER_CASE_NAME) ?? [];

/** Words joined by hyphens ("to-do", "e-mail", "re-run"), whole. */
export const hyphenatedWords = (text: string): string[] => text.match(HYPHENATED) ?? [];

/** Runs of Latin letters and digits as written ("1Password", "GitHub", "v2"). */
export const alphanumericRuns = (text: string): string[] => text.match(ALPHANUMERIC) ?? [];

/** `text` with each run of Latin letters and digits replaced by `replace(run)`. */
export const replaceAlphanumericRuns = (text: string, replace: (run: string) => string): string => text.replace(ALPHANUMERIC, replace);

/** Lower-cased runs of Latin letters and digits, no case splitting ("GitHub's API" → github, s, api). */
export const lowerCaseRuns = (text: string): string[] => text.toLowerCase().match(LOWER_ALPHANUMERIC) ?? [];

/** Words separated by whitespace, as written (a search query's literal terms). */
export const spacedWords = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** The parts of code identifiers in `text`, split at camelCase humps, underscores and anything not an identifier character; case kept. */
export const identifierParts = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9_$]+|_/)
    .filter(Boolean);

/** A run of one script's letters: Han characters (`han`), or letters, digits and underscores of any other script. */
export interface LetterRun {
  run: string;
  han: boolean;
}

/** The letter runs of `text`, in order; punctuation and whitespace separate them. */
export const letterRuns = (text: string): LetterRun[] => (text.match(LETTER_RUN) ?? []).map((run) => ({ run, han: HAN_SCRIPT.test(run) }));

/** The first sentence of a text: up to the first ., !, ? or 。 followed by whitespace. */
export const firstSentence = (text: string): string => text.split(/(?<=[.!?。])\s/)[0] ?? text;
