/**
 * Answers to a question about a named file that speak of something else (issue 21, round 33):
 * "REDIS_URL 配的是什么" answered with what Redis is, "CPU and memory limits" answered with the CPU alone. Only names the request
 * writes as names are compared (code-shaped words, quotes, a capitalised word inside an English
 * sentence, a Latin word in a Chinese one), never its prose.
 */
import { englishWords, isStopword, singular } from "../language/english.js";
import { opensWithAffirmation, opensWithDenial, statedInability, statedNumbers } from "../language/answerWords.js";
import { hasHan, segmentWords, tagWords } from "../language/segment.js";
import { leadsLine } from "./answerAbsence.js";
import { askedTerms } from "./answerSearchTerm.js";
import { EXPLAINS, holdsWord } from "./answerGrounding.js";
import { shownText } from "./answerValues.js";
import { seen } from "./observedState.js";
import { commandLine } from "./commandObservations.js";
import type { Evidence, TaskFrame } from "./types.js";

/** The names a question writes as names, outside the files it names: code terms and quotes, flags, a capitalised word inside an English sentence (`Unreleased`, `API`). */
function namesAsked(request: string, frame: TaskFrame): string[] {
  const places = frame.goals.flatMap((g) => (g.target ? [g.target, ...g.target.split("/"), ...g.target.split(/[/.]/)] : []));
  const capitalised = hasHan(request)
    ? []
    : [...request.matchAll(/(?<=\S\s+)[A-Z][A-Za-z]+\b/gu)].map((m) => m[0]).filter((w) => !isStopword(w.toLowerCase()) && !places.includes(w));
  // A command-line flag is a name too (`--dry-run`; round 34).
  const flags = [...request.matchAll(/(?<![\w-])--?[A-Za-z][\w-]*/gu)].map((m) => m[0]);
  // So is a Chinese proper name jieba tags (a place, a person, an organisation: "广州"; round 35).
  const proper = hasHan(request) ? tagWords(request).filter((t) => /^(?:ns|nr|nt|nz)/u.test(t.tag) && t.word.length >= 2 && hasHan(t.word)).map((t) => t.word) : [];
  return [...new Set([...askedTerms(request, places), ...capitalised, ...flags, ...proper])].filter((t) => !places.includes(t) && !t.includes("."));
}

/** A question about named files only: every goal reads one or asks of the workspace, and one names a file. */
const asksOfFile = (frame: TaskFrame) => frame.goals.some((g) => g.intent === "read" && !!g.target) && frame.goals.every((g) => g.intent === "read" || g.intent === "question");

/**
 * What the lines holding `term` give it: the rest of its line after the term and a separator
 * (`REDIS_URL=redis://…`), or, when nothing follows it there, the two lines after it (a section's body, a recipe).
 */
function valuesOf(lines: string[], term: string): string[] {
  const t = term.toLowerCase();
  return lines.flatMap((l, i) => {
    const at = l.toLowerCase().indexOf(t);
    if (at < 0) return [];
    // A record's value ends with the record (`{"name": "广州", "population": 18676605}, {…}`: not the next one's).
    const rest = l.slice(at + t.length).replace(/^["'`\]]*\s*[:=]?\s*/u, "").replace(/[}\]].*$/u, "").trim();
    // A line with no word after the name heads what follows (a section, a recipe, a function's body after `(s):`).
    // The body's lines are one value: "4 列：id、email…" gives the table's first two lines together (round 36).
    return (/[\p{L}\p{N}]{2}/u.test(rest) ? [rest] : [lines.slice(i + 1, i + 3).map((x) => x.trim()).join(" ")]).filter((v) => v.length >= 2);
  });
}

const bare = (text: string) => text.toLowerCase().replace(/[`"'“”‘’]/gu, "");

/** The value's words beyond the name's own (`3.11`, `3.12` of `python: ["3.11", "3.12"]`): the answer gives them all, or two at least. */
function givesTokens(said: string, value: string, name: string): boolean {
  const own = new Set(name.toLowerCase().split(/[^a-z0-9]+/u));
  const tokens = [...new Set([...value.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}._-]*[\p{L}\p{N}]/gu)].map((m) => m[0]))].filter((t) => !own.has(t) && !isStopword(t));
  const given = tokens.filter((t) => holdsWord(said, t));
  return given.length > 0 && (given.length === tokens.length || given.length >= 2);
}

/** Whether the answer names a flag or code name the turn showed that is none of the names asked. */
const otherNameSaid = (answer: string, lines: string[], asked: string[]): boolean =>
  [...answer.matchAll(/(?<![\w-])--?[A-Za-z][\w-]*|\b[A-Za-z]+_[\w]+\b/gu)].some((m) => !asked.some((a) => a.toLowerCase() === m[0].toLowerCase()) && lines.some((l) => l.includes(m[0])));

/**
 * A question naming a thing in a file, whose name the turn saw, answered with neither that name
 * nor what the file gives it (round 33): "REDIS_URL 配的是什么" answered with what Redis is. A
 * denial and an honest "cannot" are left to the other checks; a name the turn never saw may be
 * the user's own word for something (`TLS` for `danger_accept_invalid_certs`) and is not asked of the answer.
 */
export function offTopicAnswer(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (!asksOfFile(frame) || opensWithDenial(answer) || statedInability(answer)) return undefined;
  const lines = turn.filter(seen).flatMap((e) => shownText(e).split("\n"));
  // A name in a command the turn ran (`node --check`) is the means, not what is asked about.
  const ran = turn.filter((e) => e.kind === "command").map((e) => commandLine(e).toLowerCase()).join("\n");
  const asked = namesAsked(request, frame).filter((n) => !holdsWord(ran, n));
  const shown = asked.filter((n) => lines.some((l) => l.toLowerCase().includes(n.toLowerCase())));
  // A name the turn never saw, answered with another part of the file instead ("test 目标执行的是 …" for the deploy target; round 35).
  // Only a name written as code or a Latin word in Chinese prose counts there: a capitalised English word or an acronym (`API`) may be the user's own.
  const coded = asked.filter((n) => askedTerms(request).includes(n) && !/^[A-Z]{2,4}$/u.test(n));
  if (!shown.length && coded.length && !asked.some((n) => answer.toLowerCase().includes(n.toLowerCase()))) {
    const text = lines.join("\n");
    const other = [...answer.matchAll(/(?<![\w.\/-])[A-Za-z_][\w-]{2,}(?![\w.\/-])/gu)].map((m) => m[0]).find((w) => !isStopword(w.toLowerCase()) && !request.includes(w) && leadsLine(text, w));
    return other ? `the answer speaks of ${other}, but the request asks about ${coded.map((n) => JSON.stringify(n)).join(", ")}, which nothing this turn showed` : undefined;
  }
  if (!shown.length || shown.some((n) => answer.toLowerCase().includes(n.toLowerCase()))) return undefined;
  const said = bare(answer);
  if (shown.some((n) => valuesOf(lines, n).some((v) => said.includes(bare(v)) || givesTokens(said, v, n)))) return undefined;
  // Asked what a thing does, the answer may explain in its own words: only naming another such name instead is refused (`--verbose` for `--dry-run`).
  if (EXPLAINS.test(request) && !otherNameSaid(answer, lines, shown)) return undefined;
  return `the answer says nothing of ${shown.map((n) => JSON.stringify(n)).join(", ")}, which the request asks about, nor what the file gives it`;
}

/** Two names a question asks together ("CPU and memory", "api 和 worker"). */
const PAIR = /(?<![\w.\/-])([A-Za-z][\w-]*)\s*(?:\band\b|&|和|与|及|、)\s*([A-Za-z][\w-]*)(?![\w.\/-])/gu;

/**
 * A question asking two named things together, answered with one of them only (round 33): one
 * of the pair was seen in the turn, the answer names it, and says nothing of the other.
 */
export function halfAnswered(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (!asksOfFile(frame) || statedInability(answer)) return undefined;
  const text = turn.filter(seen).map(shownText).join("\n").toLowerCase();
  const low = answer.toLowerCase();
  for (const m of request.matchAll(PAIR)) {
    const pair = [m[1]!, m[2]!];
    if (pair.some((w) => isStopword(w.toLowerCase()))) continue;
    const said = pair.filter((w) => holdsWord(low, w));
    if (said.length === 1 && pair.some((w) => holdsWord(text, w))) return `the request asks about ${pair.join(" and ")}, but the answer says nothing of ${pair.find((w) => !said.includes(w))}`;
  }
  return undefined;
}

/** A request for a summary of what a file says ("Summarize …", "总结一下", "讲了什么"). */
const SUMMARY = /\bsummari[sz]e\b|\bsummary\b|\bgist\b|总结|概括|讲了什么|说了什么|主要内容/iu;

/**
 * An answer to a question about named files that holds nothing of the question nor of what the
 * turn saw: no word of either, no number, no yes or no ("Happy to help! Let me know if there's
 * anything else"; round 35). A denial and an honest "cannot" are left to the other checks.
 */
export function emptyAnswer(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  const seenText = turn.filter(seen).map(shownText).join("\n").toLowerCase();
  // A summary asked is of what was read: the request's own words (the file's name) summarise nothing ("That's ADR number 3"; round 36).
  const summary = SUMMARY.test(request);
  // A Chinese answer may explain in its own words ("它表示一个圆"), a count may be a numeral ("三个"): only an English answer with no number is judged.
  if (!asksOfFile(frame) || !seenText || hasHan(answer) || (!summary && (/\d/u.test(answer) || statedNumbers(answer).length > 0)) || opensWithDenial(answer) || opensWithAffirmation(answer) || statedInability(answer)) return undefined;
  const known = summary ? seenText : `${request.toLowerCase()}\n${seenText}`;
  const words = segmentWords(answer).filter((w) => (hasHan(w) ? w.length >= 2 : /^[A-Za-z][\w-]{2,}$/u.test(w) && !isStopword(w.toLowerCase())));
  const fromRead = words.some((w) => known.includes(w.toLowerCase()) && !(summary && request.toLowerCase().includes(w.toLowerCase())));
  return words.length && !fromRead ? "the answer says nothing of what the request asks nor of what the turn read" : undefined;
}

/**
 * An answer about another section of a document than the one the question names: the request
 * holds one heading the turn showed ("README 里写的安装命令是什么？" and `## 安装`), the answer says
 * nothing of it and speaks of another heading instead (`## 许可`: "许可证是 MIT"; round 36).
 */
export function otherSection(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (!asksOfFile(frame) || opensWithDenial(answer) || statedInability(answer)) return undefined;
  const headings = [...new Set(turn.filter(seen).flatMap((e) => shownText(e).split("\n")).flatMap((l) => /^\s*#{2,6}\s+(.+?)\s*#*\s*$/u.exec(l)?.[1] ?? []))];
  const low = (t: string) => t.toLowerCase();
  const asked = headings.filter((h) => low(request).includes(low(h)) || (!hasHan(h) && englishWords(request).some((w) => singular(low(w)) === singular(low(h)))));
  if (asked.length !== 1 || low(answer).includes(low(asked[0]!))) return undefined;
  const other = headings.find((h) => h !== asked[0] && low(answer).includes(low(h)));
  return other ? `the request asks about the "${asked[0]}" section, but the answer speaks of "${other}"` : undefined;
}
