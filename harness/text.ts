/**
 * Tokenization shared by every resolution stage, so a tool and a task are cut the same way.
 * English words are split on non-alphanumerics and camelCase, lower-cased and lightly
 * stemmed; runs of CJK characters become overlapping character bigrams (Chinese has no
 * spaces, and bigrams are the classic offline way to index it).
 */

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
export const nameTokens = (name: string): string[] => rawTokens(name.replace(/[_.\-]+/g, " "));
