/**
 * Whether an empty search answers the existence question asked (issue 21, round 13): only when
 * it searched for the thing asked about. A request naming code (`DefaultTimeout`, `print(`,
 * a quoted term) is answered by a search whose query is that term, a part of it, the term with
 * more around it, or a regex matching it, case-insensitively; `DefaultTimout` finds nothing of
 * `DefaultTimeout`. A request naming no code term is left alone.
 */
import { QUOTED } from "../language/operands.js";
import { opensWithDenial } from "../language/answerWords.js";
import { isStopword } from "../language/english.js";
import { isDenialWord, isNegation } from "../language/requestLexicon.js";
import { hasHan, segmentWords } from "../language/segment.js";
import type { Evidence } from "./types.js";

/** Names of file formats: "the YAML files under k8s/" names which files to search, not what to find (round 31). */
const FORMATS = new Set("yaml yml json jsonl toml ini xml html csv tsv sql md pdf png jpg svg txt log".split(" "));

/**
 * Code-like terms of a request: quotes, and words with code shape (`camelCase`, `snake_case`,
 * `print(`, `ALLCAPS`), not paths. In a Chinese request a Latin word is a name too (`没有 print
 * 调试语句`): the prose around it is Han (round 14). Names of the searched places are not terms.
 */
export function askedTerms(request: string, places: string[] = []): string[] {
  const quotes = [...request.matchAll(QUOTED)].map((m) => m[0].slice(1, -1).trim()).filter(Boolean);
  const han = hasHan(request);
  const words = request
    .replace(QUOTED, " ")
    .split(/[\s\p{Script=Han}，。、：；！？（）]+/u)
    // A term in brackets or trailing off ("(AKIA...)", "the AKIA... kind") is the term itself.
    .map((w) => w.replace(/^[(\[{]+(?=\w)/u, "").replace(/(?<=\w)(?:\.{2,}|…)?[)\]}]+$/u, "").replace(/(?<=\w)(?:\.{2,}|…)$/u, "").replace(/[,;:?!]+$|\.$/u, ""))
    // A dotted name or number is a term too (`console.log`, `192.168.`): a search for something else does not find it.
    .filter((w) => !w.includes("/") && !places.includes(w) && !FORMATS.has(w.toLowerCase()) && (/[a-z][A-Z]|_|\w[(\[{]|^[A-Z]{2,}\w*$|^[A-Za-z]\w*\.[A-Za-z]\w*$|^\d+(?:\.\d+)+$/.test(w) || (han && /^[A-Za-z][\w-]+$/.test(w) && !isStopword(w.toLowerCase()) && !places.includes(w))));
  return [...quotes, ...words];
}

/** Whether an answer states a negative finding: it opens with a denial, or a clause of it denies ("确认了，src 里没有调试打印"). */
export const findsNone = (answer: string): boolean =>
  opensWithDenial(answer) || answer.split(/[,，;；。!?！？\n]|(?<=\.)\s+/u).some((c) => segmentWords(c).some((w) => isDenialWord(w) || isNegation(w)));

/** The query an empty search reported (`no line under . matches "DefaultTimout"`) and whether it matched letter case exactly, or undefined. */
const queryOf = (e: Evidence): { query: string; exact: boolean } | undefined => {
  const m = /\bmatches\s+("(?:[^"\\]|\\.)*")(\s+with its letter case exact)?\s*$/u.exec(e.content);
  try {
    return m ? { query: JSON.parse(m[1]!) as string, exact: !!m[2] } : undefined;
  } catch {
    return undefined;
  }
};

/** Whether a query searches for the term: one holds the other (case-insensitive unless `exact`), or the query as a regex matches it. */
export function searchesFor(query: string, term: string, exact = false): boolean {
  const fold = (s: string) => (exact ? s : s.toLowerCase());
  // A regex that escapes its literal (`192\.168\.`) searches for that literal.
  const q = fold(query.replace(/\\([^\w\s])/g, "$1"));
  const t = fold(term);
  if (t.includes(q) || q.includes(t)) return true;
  try {
    return new RegExp(query, exact ? "" : "i").test(term);
  } catch {
    return false;
  }
}

/**
 * The empty search a denial rests on when it looked for something else: the request names code
 * terms, every empty search of the turn reported its query, and none searched for a term asked.
 */
export function offTermSearch(turn: Evidence[], request: string): { e: Evidence; query: string; term: string } | undefined {
  const absences = turn.filter((e) => e.kind === "absence" && !e.missing);
  // A file named as where something is ("It's in package.json") is a place, not a term to search for (round 30).
  const places = [...request.matchAll(/\bin\s+[`'"]?([\w.\/-]+\.\w+)/giu)].map((m) => m[1]!);
  const terms = askedTerms(request, [...absences.flatMap((e) => (e.source.path ?? "").split("/")), ...places]);
  if (!terms.length || !absences.length) return undefined;
  const queries = absences.map((e) => ({ e, query: queryOf(e) }));
  if (queries.some((q) => q.query === undefined || terms.some((t) => searchesFor(q.query!.query, t, q.query!.exact)))) return undefined;
  const last = queries.at(-1)!;
  return { e: last.e, query: last.query!.query, term: terms[0]! };
}
