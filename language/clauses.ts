/**
 * The coordinated parts of a request, for resolution: "export the sheet, then email it to
 * Bob" asks for two tools, one per part. Unlike the request parser's clauses
 * (`request.ts`, which cuts at "and" only before a verb its lexicon knows, since each of its
 * clauses carries an intent), every coordinated part counts here, whatever its verb: a part
 * only adds its own ranking beside the whole request's, so a cut in the wrong place costs
 * little.
 */
import { hasHan, segmentWords } from "./segment.js";

/**
 * Cuts: sentence and clause punctuation (a Latin comma or full stop only before a space or
 * the end, so `example.com` and `v2.3.0` stay whole), and the connectives that begin a next
 * step ("and", "then", 然后, 接着).
 */
const CLAUSE_BREAK = /[;!?；！？。，]+|[,.](?=\s|$)|\s+(?=(?:and|then|after that)\b)|(?=然后|接着|随后|之后)/iu;
/** A connective left at a part's start ("and then …", "再 …" after a comma): not part of what is asked. */
const LEADING_CONNECTIVE = /^(?:(?:and|then|after that)\b\s*)+|^(?:然后|接着|随后|之后|再)/iu;
/** More parts than this is prose or a list of items, not a list of steps: no part is ranked on its own. */
const MAX_CLAUSES = 4;

/** The request's coordinated parts, in order; none when it has one part only or more than `MAX_CLAUSES`. */
export function requestClauses(request: string): string[] {
  const clauses: string[] = [];
  for (const piece of request.split(CLAUSE_BREAK)) {
    const clause = piece.trim().replace(LEADING_CONNECTIVE, "").trim();
    if (clause.length > 1) clauses.push(clause);
    if (clauses.length > MAX_CLAUSES) return [];
  }
  return clauses.length > 1 ? clauses : [];
}

const ENGLISH_NEGATION = /\b(?:not|never|without)\b|n['’]t\b/i;
/** Chinese words that negate or forbid what follows (别删, 不要改, 不用发). */
const HAN_NEGATIONS = new Set(["别", "不", "不要", "不用", "不必", "无需", "勿", "没", "没有"]);

/** A part that says what not to do ("but don't delete it", "别彻底删"): it asks for no tool. */
export function isNegated(clause: string): boolean {
  return ENGLISH_NEGATION.test(clause) || (hasHan(clause) && segmentWords(clause).some((word) => HAN_NEGATIONS.has(word)));
}
