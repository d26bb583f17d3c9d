/**
 * Whether a question asks if a file or folder exists (tuning set 6): then a listing of its whole
 * scope answers it, as an empty search does; or which folders or files a place holds (round 32):
 * then a listing of that place answers it, to whatever depth it went. Read from the question's
 * words, English and Chinese (jieba's tags for prepositions, localizers and verbs).
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

/** Forms asking which entries there are ("list the folders", "what folders", "有哪些目录", "列出文件夹"). */
const ENTRIES_FORM = /\b(?:list|which|what)\b|哪些|列出|列一下/iu;

/** What a question (or a read: "list the folders") asks of files and folders: whether one exists, which entries a place holds, or neither. */
export function asksOfEntries(question: boolean, text: string, words: ReadonlyArray<{ text: string; sense: WordSense | undefined }>, paths: ReadonlyArray<{ kind: string; place?: boolean }>): { existence: true } | { entries: true } | Record<string, never> {
  if (EXISTENCE_FORM.test(text)) return question && asksExistence(words, paths) ? { existence: true } : {};
  // Only a folder noun asks which entries ("what files" may ask which file holds something).
  return ENTRIES_FORM.test(text) && !paths.length && namesEntries(words, (w) => DIRECTORY_NOUNS.includes(singular(w.toLowerCase()))) ? { entries: true } : {};
}

function asksExistence(words: ReadonlyArray<{ text: string; sense: WordSense | undefined }>, paths: ReadonlyArray<{ kind: string; place?: boolean }>): boolean {
  if (paths.some((p) => p.kind === "new" && !p.place)) return true;
  return namesEntries(words, (w, sense) => sense?.kind === "file" || DIRECTORY_NOUNS.includes(singular(w.toLowerCase())));
}

/** Whether the words name a file or folder noun that is not a place ("in any file", "文件里") nor qualified by what it holds ("a file that mentions …"). */
function namesEntries(words: ReadonlyArray<{ text: string; sense: WordSense | undefined }>, noun: (word: string, sense: WordSense | undefined) => boolean): boolean {
  const content = words.filter((w) => w.sense?.kind !== "filler");
  return content.some((w, i) => {
    if (!noun(w.text, w.sense)) return false;
    // Determiners before the noun say which one, not where it is ("in any file").
    const before = content.slice(0, i).reverse().find((b) => !DETERMINERS.has(b.text.toLowerCase()));
    const next = content[i + 1];
    const place = (!!before && PLACE_BEFORE.has(before.text.toLowerCase())) || (!!before && hasHan(before.text) && tagWords(before.text)[0]?.tag === "p");
    // A localizer or a verb after it: what is in it or what it does ("文件里有", "文件包含 …").
    const qualified = !!next && (QUALIFIERS.has(next.text.toLowerCase()) || next.sense?.kind === "verb" || (hasHan(next.text) && /^[fv]/.test(tagWords(next.text)[0]?.tag ?? "")));
    return !place && !qualified;
  });
}
