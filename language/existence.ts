/**
 * Whether a question asks if a file or folder exists (tuning set 6): then a listing of its whole
 * scope answers it, as an empty search does. Read from the question's words, English and Chinese
 * (jieba's tags for prepositions, localizers and verbs).
 */
import { DETERMINERS, singular } from "./english.js";
import { DIRECTORY_NOUNS, type WordSense } from "./requestLexicon.js";
import { hasHan, tagWords } from "./segment.js";

/** Existence forms of a question ("is there", "are any", "exist", 有没有, 是否存在, 有…吗). */
const EXISTENCE_FORM = /\b(?:(?:is|are|was|were)\s+there|exists?|any)\b|有没有|是否(?:有|存在)|存在|有[^。？?，,]*吗/iu;
/** Words after a file noun that qualify it by what it holds or does ("a file that mentions …", "files with TODOs"). */
const QUALIFIERS = new Set("that which who where whose with containing mentioning referencing importing using".split(" "));
/** English words before a file noun that make it where something is ("in any file"). */
const PLACE_BEFORE = new Set("in inside within from of across among".split(" "));

/**
 * Whether a question asks if a file or folder exists, so a listing of its whole scope answers it: an
 * existence form, and as what it asks about either a name not in the workspace or a file or folder
 * noun that is not a place ("in any file", "文件里") nor qualified by what it holds ("a file that mentions …").
 */
export function asksExistence(text: string, words: ReadonlyArray<{ text: string; sense: WordSense | undefined }>, paths: ReadonlyArray<{ kind: string; place?: boolean }>): boolean {
  if (!EXISTENCE_FORM.test(text)) return false;
  if (paths.some((p) => p.kind === "new" && !p.place)) return true;
  const content = words.filter((w) => w.sense?.kind !== "filler");
  return content.some((w, i) => {
    if (w.sense?.kind !== "file" && !DIRECTORY_NOUNS.includes(singular(w.text.toLowerCase()))) return false;
    // Determiners before the noun say which one, not where it is ("in any file").
    const before = content.slice(0, i).reverse().find((b) => !DETERMINERS.has(b.text.toLowerCase()));
    const next = content[i + 1];
    const place = (!!before && PLACE_BEFORE.has(before.text.toLowerCase())) || (!!before && hasHan(before.text) && tagWords(before.text)[0]?.tag === "p");
    // A localizer or a verb after it: what is in it or what it does ("文件里有", "文件包含 …").
    const qualified = !!next && (QUALIFIERS.has(next.text.toLowerCase()) || next.sense?.kind === "verb" || (hasHan(next.text) && /^[fv]/.test(tagWords(next.text)[0]?.tag ?? "")));
    return !place && !qualified;
  });
}
