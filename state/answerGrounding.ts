/**
 * Whether what an answer states is grounded in what the turn observed (issue 21, round 10):
 * the value a content question asks for and the unit it asks in, a side taken on a yes/no
 * question, the numbers and quotations it gives as facts, the name it singles out of a printed
 * table. Each check reads only the request, the answer and the text the evidence showed; it
 * never decides what a command's pattern meant.
 */
import { askedUnit, asksQuantity, claimsSuccess, opensWithDenial, sentences, statedInability, statedNumbers, unitCounts } from "../language/answerWords.js";
import { isStopword } from "../language/english.js";
import { isAffirmationWord, isCompletionWord, isDenialWord, isNegation, lookupWord } from "../language/requestLexicon.js";
import { isFunctionWord, segmentWords } from "../language/segment.js";
import { readCommand } from "./commandObservations.js";
import { shownText } from "./answerValues.js";
import { isEffect, listedPaths, real, seen } from "./observedState.js";
import type { Evidence, TaskFrame } from "./types.js";

/** Every text an observation holds: a command's whole transcript (its line, output and exit code), a read's lines, a listing, a record. */
const heldText = (e: Evidence): string => (seen(e) || real(e) ? e.content : "");

/** Numbers written in digits in a text, each as a number: `2024-03-01` gives 2024, 3 and 1; `7.2` gives 7.2 (and 7, 2). */
function numbersIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/\d+(?:\.\d+)*/g)) {
    out.add(Number(m[0]));
    for (const part of m[0].split(".")) out.add(Number(part));
    // A decimal with its fraction as written (`1.20` is 1.2).
    const decimal = /^\d+\.\d+/.exec(m[0]);
    if (decimal) out.add(Number(decimal[0]));
  }
  return out;
}

/** Counts an observation shows without printing them: its non-empty lines, a listing's entries, the items of each list it shows. */
function countsShown(e: Evidence): number[] {
  const text = e.kind === "command" ? (readCommand(e)?.output ?? "") : heldText(e);
  const lines = text.split("\n").filter((l) => l.trim()).length;
  return [...(e.kind === "listing" ? [lines, listedPaths(e.content).size] : [lines]), ...listRuns(text)];
}

/** A list item's line: a bullet (`-`, `*`, `+`, `•`) or a number (`1.`, `2)`) before its text. */
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)、])\s+\S/u;

/**
 * The number of items in each list a text shows (round 12): consecutive item lines, a blank line
 * or another line ending the list. "W18 完成 2 条" after a read of a report whose 完成 section
 * lists two items counts them.
 */
function listRuns(text: string): number[] {
  const out: number[] = [];
  let run = 0;
  for (const line of [...text.split("\n"), ""]) {
    if (LIST_ITEM.test(line)) run++;
    else if (run) (out.push(run), (run = 0));
  }
  return out;
}

/**
 * The numbers the run's evidence grounds: every number it shows (printed, read, listed, in a
 * command line) or the request gives, every count of the lines or entries an observation
 * showed or of the search hits, and each count less one (a header line taken off a line count),
 * what a shown table's columns compute to, and shown decimals rounded.
 */
function groundedNumbers(evidence: Evidence[], request: string): Set<number> {
  const out = numbersIn([request, ...evidence.map(heldText)].join("\n"));
  for (const e of evidence) for (const n of columnFigures(heldText(e))) out.add(n);
  // A shown decimal rounded (`21.456` given as 21.46 or 21.5).
  for (const n of [...out]) if (!Number.isInteger(n)) for (const d of [0, 1, 2]) out.add(Number(n.toFixed(d)));
  const counts = [...evidence.filter((e) => seen(e) || real(e)).flatMap(countsShown), evidence.filter((e) => e.kind === "search_hit" && seen(e)).length];
  for (const n of [...counts, ...[...out].filter((n) => Number.isInteger(n))]) out.add(n).add(n - 1);
  for (const n of counts) out.add(n);
  return out;
}

/**
 * What a table an observation showed computes to: for each column of numbers (fields cut at
 * commas, tabs, bars or spaces, two rows or more), its sum, mean, largest and smallest value.
 * A reader may give these off the lines it saw (`the total is 127` after a read of the rows).
 */
function columnFigures(text: string): number[] {
  const rows = text.split("\n").map((l) => l.trim().split(/\s*[,\t|;]\s*|\s+/u)).filter((r) => r.length > 1);
  const out: number[] = [];
  for (let c = 0; c < Math.max(0, ...rows.map((r) => r.length)); c++) {
    const column = rows.map((r) => r[c] ?? "").filter((f) => /^-?\d+(?:\.\d+)?$/.test(f)).map(Number);
    if (column.length < 2) continue;
    const sum = column.reduce((a, b) => a + b, 0);
    out.push(sum, Number(sum.toFixed(2)), Number((sum / column.length).toFixed(2)), Number((sum / column.length).toFixed(1)), Math.round(sum / column.length), Math.max(...column), Math.min(...column));
  }
  return out;
}

/** The last line an observation showed of a file (a read's range, a hit's line, the lines it printed). */
const lastLineShown = (e: Evidence): number => Math.max(e.source.endLine ?? 0, (e.source.startLine ?? 1) - 1 + heldText(e).split("\n").length);

/** A number the answer gives as a value, with how it is written: a line it points at (`line 3`, `第 2 行`), a percentage, or a plain number. */
interface StatedNumber {
  value: number;
  text: string;
  role: "line" | "percent" | "unit" | "plain" | "approx";
  /** For an approximation, what one of it counts (`万`: 10,000). */
  scale?: number;
}

/** A scale word after a number (`2487 万`, `24.9 million`), and a word before it saying it is rounded (`约`, `about`). */
const SCALES: Array<[RegExp, number]> = [[/^\s*(?:亿)/u, 1e8], [/^\s*(?:万)/u, 1e4], [/^\s*(?:千)/u, 1e3], [/^\s*(?:billion|bn)\b/iu, 1e9], [/^\s*(?:million|mn|M)\b/u, 1e6], [/^\s*(?:thousand|k)\b/iu, 1e3]];
const ROUGHLY = /(?:约|大约|大概|将近|近|约合|about|around|roughly|approximately|nearly|almost|~|≈)\s*$/iu;
/** Whether a rounded number (`约 2487 万`) restates a grounded one (24870895) to within the rounding. */
const restates = (n: StatedNumber, grounded: Set<number>): boolean =>
  [...grounded].some((g) => Math.abs(g / (n.scale ?? 1) - n.value) <= Math.max(0.5, 0.05 * Math.abs(n.value)));

/** A unit of time or size after a number: the number may restate a shown one in another unit (`15000 ms (15 s)`). */
const UNIT = /^\s*(?:ms|s|secs?|seconds?|mins?|minutes?|h|hours?|[KMG]i?B|毫秒|秒|分钟|小时)(?![\p{L}])/u;
/** What one unit of time or size is in the next smaller one. */
const CONVERSIONS = [1000, 60, 3600, 1024, 1024 * 1024];
/** Whether `value` is a grounded number in another unit. */
const converted = (value: number, grounded: Set<number>): boolean => CONVERSIONS.some((k) => grounded.has(value * k) || grounded.has(value / k));

/** Numbers an answer states in digits, outside names, three-part versions, clock times and dates (`a2.txt`, `v1.2.3`, `10:00`, `2024-03-01`). */
function statedDigits(answer: string): StatedNumber[] {
  return [...answer.matchAll(/(?<![\w.:/\\-])\d+(?:\.\d+)?(?![\w:/\\-]|\.\d)/gu)].map((m) => {
    const before = answer.slice(Math.max(0, m.index - 8), m.index);
    const after = answer.slice(m.index + m[0].length, m.index + m[0].length + 8);
    const line = /\blines?\s*$|\bL$/iu.test(before) || (/第\s*$/u.test(before) && /^\s*行/u.test(after));
    const scale = SCALES.find(([re]) => re.test(after))?.[1];
    // A unit keeps its conversions ("about 4 KB" for 4096 bytes).
    if (!line && !UNIT.test(after) && (scale !== undefined || ROUGHLY.test(before))) return { value: Number(m[0]), text: m[0], role: "approx", ...(scale !== undefined ? { scale } : {}) };
    return { value: Number(m[0]), text: m[0], role: line ? "line" : /^\s*%/u.test(after) ? "percent" : UNIT.test(after) ? "unit" : "plain" };
  });
}

/** Counts an answer gives of the list right after them ("4 列：city、province、population、area_km2"; round 33): the list is counted. */
function listCounts(answer: string): number[] {
  // A dot inside a name (`src/a.py`) does not end the list (round 36), nor does an item's note in brackets (round 37).
  const items = (list: string) => list.replace(/[（(][^（()）]*[）)]/gu, "").split(/\s*(?:[、,，]|\band\b|和)\s*/u).filter((x) => x.trim());
  return [...answer.matchAll(/(\d+)\s*[^\d\s:：]{0,8}\s*[:：]\s*((?:[（(][^（()）]*[）)]|[^。.;；\n（()）]|\.(?=[\p{L}\p{N}]))+)/gu)].flatMap((m) => (items(m[2]!).length === Number(m[1]) ? [Number(m[1])] : []));
}

/**
 * Terms of a sequence an answer derives (`1.5 秒、3 秒、6 秒……`): listed side by side from a
 * grounded first term with a grounded constant ratio or step, each term after it is computed (round 35).
 */
function derivedSequence(answer: string, grounded: Set<number>): number[] {
  const nums = [...answer.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w.]*\d)/gu)].map((m) => ({ value: Number(m[0]), at: m.index, end: m.index + m[0].length }));
  const out: number[] = [];
  for (let i = 0; i + 2 < nums.length; i++) {
    const run = nums.slice(i, i + 3);
    if (!run.slice(1).every((n, j) => /^[^\d\n。；;]{0,6}$/u.test(answer.slice(run[j]!.end, n.at)) && /[、,，→]|->/u.test(answer.slice(run[j]!.end, n.at)))) continue;
    const [a, b, c] = run.map((n) => n.value) as [number, number, number];
    const ratio = a !== 0 && b / a === c / b && grounded.has(b / a);
    const step = b - a === c - b && grounded.has(b - a);
    if (grounded.has(a) && (ratio || step)) out.push(b, c);
  }
  return out;
}

/** Operands of the arithmetic an answer shows (`420（300 + 120）`, `6 - 1 = 5`) whose result is grounded: the answer computed them. */
function shownArithmetic(answer: string, grounded: Set<number>): Set<number> {
  const out = new Set<number>();
  // An operand may carry its label (`paper 40 + toner 85 + pens 25`): the label names what the number is.
  for (const m of answer.matchAll(/\d+(?:\.\d+)?(?:\s*[-+×x*\/]\s*(?:[\p{L}_][\p{L}\p{N}_-]*\s+)?\d+(?:\.\d+)?)+/gu)) {
    const operands = m[0].split(/\s*[-+×x*\/]\s*/u).map((o) => Number(o.replace(/^[\p{L}_][\p{L}\p{N}_-]*\s+/u, "")));
    const operators = [...m[0].matchAll(/[-+×x*\/]/gu)].map((o) => o[0]);
    const value = operands.slice(1).reduce((acc, n, i) => (operators[i] === "+" ? acc + n : operators[i] === "-" ? acc - n : operators[i] === "/" ? acc / n : acc * n), operands[0]!);
    if (grounded.has(value)) for (const n of operands) out.add(n);
  }
  return out;
}

/**
 * A number an answer to a question asking for a value gives as a fact that no evidence of the
 * run grounds (see `groundedNumbers`): `北京合计 300` after a command printing 420, `Go 1.21`
 * after a read that never showed the go line, a version quoted beside a count that only counted.
 * A line it points at must be one an observation showed; a percentage may be a shown fraction
 * (`20%` for `0.2`), a number beside a unit a shown one in another unit (`15 s` for 15000 ms); the operands of
 * arithmetic whose result is grounded were computed. A change's
 * report is not checked: it may name what it removed, which no later observation shows.
 */
export function unshownNumber(frame: TaskFrame, evidence: Evidence[], answer: string, request: string): string | undefined {
  // How to do something, answered from what was read, is asked for its facts too (round 17): a port no observation shows is invented.
  if (!(asksForValue(request) || HOW_TO.test(request)) || frame.goals.some((g) => g.intent === "change")) return undefined;
  const stated = statedDigits(answer);
  if (!stated.length) return undefined;
  const grounded = groundedNumbers(evidence, request);
  const computed = new Set([...shownArithmetic(answer, grounded), ...listCounts(answer), ...derivedSequence(answer, grounded)]);
  const lastLine = Math.max(0, ...evidence.filter((e) => seen(e) || real(e)).map(lastLineShown));
  const unshown = stated.find((n) =>
    n.role === "line" ? n.value > lastLine : !grounded.has(n.value) && !computed.has(n.value) && !(n.role === "percent" && grounded.has(n.value / 100)) && !(n.role === "unit" && converted(n.value, grounded)) && !(n.role === "approx" && restates(n, grounded)),
  );
  if (!unshown) return undefined;
  const sentence = sentences(answer).find((s) => s.includes(unshown.text)) ?? answer;
  return `the answer states ${unshown.text} ("${sentence}"), but no observation of this run shows that number`;
}

/** A value an answer says a thing holds now ("count.txt 现在是 43", "is now 8080", "now reads 3"). */
const NOW_VALUE = /\b(?:now|currently)\s+(?:is\s+|reads\s+|holds\s+|contains\s+|says\s+|shows\s+|equals\s+|=\s*)?[`'"]?(\d+(?:\.\d+)?)(?![\w.:/-])|(?:现在|目前|当前)\s*(?:是|为|变成了?|成了)?\s*[`'"“]?(\d+(?:\.\d+)?)(?![\w.:/-])/iu;

/**
 * A change reported by the value it left ("已加一，count.txt 现在是 43") that neither the request
 * nor any observation of the run shows (round 32): the read-back showed 42. A change's report is
 * otherwise not checked for numbers (`unshownNumber`): only a value said to hold now.
 */
export function unshownNowValue(frame: TaskFrame, evidence: Evidence[], answer: string, request: string): string | undefined {
  if (!frame.goals.some((g) => g.intent === "change")) return undefined;
  const m = NOW_VALUE.exec(answer);
  const value = m ? Number(m[1] ?? m[2]) : undefined;
  if (value === undefined || groundedNumbers(evidence, request).has(value)) return undefined;
  return `the answer says the value is now ${m![1] ?? m![2]}, but no observation of this run shows that number`;
}

/** A question word asking for a value (not yes or no): English at a clause's start or after a verb of telling; Chinese anywhere. */
const ASKS_VALUE_EN = /(?:^|[.;:,!?]\s*|\b(?:me|us|out|know|tell|see|check|show)\s+)(?:(?:on|in|at|for|from|of|to|with|by)\s+)?(?:what|which|who|whom|whose|how\s+(?:many|much|long|big|large|old))\b/iu;
// 这几个 / 那几个 / 好几 point at some, they do not ask how many.
const ASKS_VALUE_ZH = /什么|哪|谁|多少|(?<![这那好])几(?!乎)/u;
/** A yes/no form: an English question opening with an auxiliary, a Chinese polar particle. */
const POLAR_EN = /^\s*(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should)\b/iu;
const POLAR_ZH = /吗[?？。]?\s*$|是否|是不是|有没有|有无|能不能|可不可以/u;

/** Whether a request is a yes/no question: it ends with a question mark and has a yes/no form. */
const asksYesNo = (request: string): boolean => /[?？]\s*$/u.test(request.trim()) && (POLAR_EN.test(request) || POLAR_ZH.test(request));

/** Whether a request asks for a value (what, which, who, how many, 多少, 哪个, 什么), not for yes or no. */
export function asksForValue(request: string): boolean {
  if (POLAR_EN.test(request) || POLAR_ZH.test(request)) return false;
  return ASKS_VALUE_EN.test(request) || ASKS_VALUE_ZH.test(request);
}

/** Whether `text` (lower-cased) holds `word` standing alone: no Latin letter or digit runs on at a Latin edge. */
export function holdsWord(text: string, word: string): boolean {
  const needle = word.toLowerCase();
  const latin = (c: string | undefined) => !!c && /[a-z0-9_]/.test(c);
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!(latin(needle[0]) && latin(text[at - 1])) && !(latin(needle.at(-1)) && latin(text[at + needle.length]))) return true;
  }
  return false;
}

/** Words of an answer that can carry a value: names, identifiers and numbers, Chinese words of two or more characters; no function or stop words. */
export const valueWords = (answer: string): string[] =>
  segmentWords(answer).filter((w) => (/^\d+$/.test(w) || [...w].length >= 2) && !isStopword(w.toLowerCase()) && !(/^\p{Script=Han}+$/u.test(w) && isFunctionWord(w)));

/** A question asking what something does or means, or why: its answer may explain in words of its own, in another language than the code. */
export const EXPLAINS = /\bwhat\s+(?:does|do|did)\b.*\b(?:do|mean)\b|\bwhat\s+is\b.*\bfor\b|\bwhy\b|做什么|干什么|干嘛|作用|用途|意思|含义|为什么|为何/iu;

/**
 * The answer without the counts it gives in a unit the question did not ask for: `3 行` answers
 * "how many lines", not "which class", and `85 bytes` not "how many lines". A quantity question
 * asking no unit (`how many stations`) keeps every count.
 */
function withoutOtherCounts(answer: string, request: string): string {
  const asked = askedUnit(request);
  if (asksQuantity(request) && !asked) return answer;
  let out = answer;
  for (const c of unitCounts(answer).filter((x) => x.unit !== asked)) out = out.slice(0, c.index) + " ".repeat(c.text.length) + out.slice(c.index + c.text.length);
  return out;
}

/**
 * An answer to a question asking for a value (what, which, who, how many, 多少, 哪个, 什么) must
 * state something the turn's evidence showed that the request did not already say: a number the
 * evidence grounds, a name, a path, a word of the lines read. An answer made only of the
 * request's own words and words no observation showed (`I ran grep REDIS_URL .env to find it`,
 * a description of the file's format) restates the question, describes the work or talks of
 * something else: it does not answer. A count in a unit the question did not ask for answers
 * another question (`85 bytes` to "how many lines", `3 行` to "which class"). A bare report
 * (`Done.`), a denial (`None`) and an honest "cannot" are left to coverage; so is a question what
 * something does or means, or why, whose answer may explain in its own words.
 */
export function unansweredValue(evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  if (!asksForValue(request) || EXPLAINS.test(request) || opensWithDenial(answer) || statedInability(answer)) return undefined;
  if (valueWords(answer).every((w) => isCompletionWord(w))) return undefined;
  // An answer pointing at what was read ("See [ev-1]") gives the cited evidence as its value: the final answer quotes its sources.
  if (turn.some((e) => answer.includes(`[${e.id}]`) && shownText(e).trim())) return undefined;
  const shown = turn.map((e) => `${shownText(e)}\n${e.source.path ?? ""}`).join("\n").toLowerCase();
  if (!shown.trim()) return undefined;
  const asked = request.toLowerCase();
  const kept = withoutOtherCounts(answer, request);
  if (valueWords(kept).some((w) => holdsWord(shown, w) && !holdsWord(asked, w))) return undefined;
  // A number counts as a value when the evidence grounds it (`Three bullets` after a count printing 3).
  const given = new Set(statedNumbers(request));
  const grounded = groundedNumbers(evidence, "");
  if ([...statedNumbers(kept), ...statedDigits(kept).map((n) => n.value)].some((n) => grounded.has(n) && !given.has(n))) return undefined;
  const other = unitCounts(answer).find((c) => c.unit !== askedUnit(request));
  return other
    ? `the answer counts ${other.text.trim()}, which answers another question than the one asked`
    : `the request asks for a value, but the answer states nothing this turn's observations showed beyond the request's own words`;
}

const MOST = /\b(?:highest|largest|biggest|most|max(?:imum)?|top|greatest)\b|最高|最大|最多/iu;
const LEAST = /\b(?:lowest|smallest|least|fewest|min(?:imum)?)\b|最低|最小|最少/iu;

/** A printed table of one name and one number a line (`深圳 2300`, `12 alice`), two lines or more: each name with its number. */
function nameTable(output: string): Array<{ name: string; value: number }> | undefined {
  // `wc` and `du -c` end a count of several files with a `total` row, which is no entry of the table.
  const lines = output.split("\n").filter((l) => l.trim() && !/^\s*\d+\s+total\s*$/.test(l));
  const rows = lines.map((l) => /^\s*(?:([^\s\d][^\s]*)\s+(-?\d+(?:\.\d+)?)|(-?\d+(?:\.\d+)?)\s+([^\s\d][^\s]*))\s*$/u.exec(l));
  if (lines.length < 2 || rows.some((r) => !r)) return undefined;
  return rows.map((r) => ({ name: (r![1] ?? r![4])!, value: Number(r![2] ?? r![3]) }));
}

/**
 * A superlative the answer gives a name (`北京最高`, `alice has the most`) against the table the
 * turn's last command printed (one name and one number a line): the name it singles out must be
 * the one with the table's highest (or lowest) number, or the sentence must name that one too.
 * Only a printed table settles it; a table the command sorted or cut is what it printed.
 */
export function misreadTable(turn: Evidence[], answer: string): string | undefined {
  const last = turn.filter((e) => e.kind === "command" && real(e) && readCommand(e)?.finished).at(-1);
  const table = last ? nameTable(readCommand(last)!.output) : undefined;
  if (!last || !table) return undefined;
  for (const sentence of sentences(answer)) {
    const most = MOST.test(sentence);
    if (!most && !LEAST.test(sentence)) continue;
    const extreme = table.reduce((a, b) => ((most ? b.value > a.value : b.value < a.value) ? b : a));
    const named = table.filter((r) => sentence.toLowerCase().includes(r.name.toLowerCase()));
    if (named.length && !named.some((r) => r.name === extreme.name)) return `the answer singles out ${named[0]!.name}, but [${last.id}] printed ${extreme.name} ${extreme.value}`;
  }
  return undefined;
}

/** A quote the answer presents as what something says or is (`文案是 “…”`, `it says "…"`, `the title is '…'`). */
const QUOTED_AS_TEXT = /(?:\b(?:is|are|was|says?|reads?|said)|是|为|写着|写的是)\s*[:：]?\s*("[^"\n]+"|“[^”\n]+”|「[^」\n]+」|'[^'\n]+'|`[^`\n]+`)/giu;

/**
 * In an answer to a question (no change asked or made), text the answer quotes as what the workspace
 * says (`另外它的文案是 “Shopping cart”`, `the title is "Home"`) must be text an observation of the
 * run showed or the request gave: a quotation no read showed is not a reading. A change's report
 * may quote what it wrote or removed; that is left to its verification.
 */
export function unshownQuote(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent === "change") || turn.some(isEffect)) return undefined;
  // A quote may run across a line break of what was shown ("Apache License Version 2.0" over two lines; round 34).
  const flat = (t: string) => t.toLowerCase().replace(/\s+/gu, " ");
  const held = flat([request, ...evidence.map(heldText)].join("\n"));
  const quote = [...answer.matchAll(QUOTED_AS_TEXT)].map((m) => m[1]!.slice(1, -1).trim()).find((q) => q && !held.includes(flat(q)));
  return quote ? `the answer quotes "${quote}" as the workspace's text, but no observation of this run shows it` : undefined;
}

/** Words that take a side on a yes/no question: yes, no, a negation (`not`, `nowhere`, `n't`, `没`, `不`). */
const SIDE = /^(?:not|never|nowhere|neither|nor|only|未|否|不是|没)$|n['’]t$/iu;
const takesSide = (w: string): boolean => isAffirmationWord(w) || isDenialWord(w) || isNegation(w) || SIDE.test(w);

/**
 * A yes/no question is answered by taking a side (`yes`, `no`, `not`, `有`, `没有`, `不`) or by
 * stating what the turn's evidence showed beyond the request's own words (`only in src/a.ts`).
 * An answer doing neither ("You want to know which region order 1006 belongs to; the file has a
 * region column") restates the question or says where to look: it does not answer. A polite
 * request for a change or a message ("Can you add …?", "能帮我删掉 … 吗？") is no such question.
 */
export function unansweredYesNo(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  // "Can you tack a line onto CREDITS.md?" asks for a change politely: its report is the change's, judged by its goals.
  if (!asksYesNo(request) || statedInability(answer) || frame.goals.some((g) => g.intent === "change" || g.intent === "send")) return undefined;
  const words = valueWords(answer);
  // Reporting a passing state ("good.json is valid JSON", "all clean") takes the side of yes (round 32).
  if (words.every((w) => isCompletionWord(w)) || segmentWords(answer).some(takesSide) || claimsSuccess(answer)) return undefined;
  const shown = turn.map((e) => `${shownText(e)}\n${e.source.path ?? ""}`).join("\n").toLowerCase();
  if (!shown.trim() || words.some((w) => holdsWord(shown, w) && !holdsWord(request.toLowerCase(), w))) return undefined;
  return `the request asks yes or no, but the answer neither says which nor states anything this turn's observations showed`;
}

/** A request asking how to do something ("how do I deploy this?", "how to build it", "怎么部署", "如何运行测试"). */
const HOW_TO = /^\s*how\s+(?:do|can|should|would|could|to)\b|(?:怎么|如何|怎样)(?![了样回])/iu;
/** A command an answer tells the user to run: a code span right after a verb of running ("Run `make deploy`", "执行 `npm start`"). */
const ADVISED_COMMAND = /([\p{L}]+)\s*[:：]?\s*`([^`\n]+)`/gu;

/**
 * An answer to a how-to question that tells the user to run a command (round 13): the command
 * must be one an observation of the thread shows (a README naming `npm start`), or whose
 * last operand it shows defined as a name (`make site` after a Makefile with a `site:` target), or the request gives; a command no read showed (`make deploy` when the README says
 * nothing of deploying) is invented. Only in a turn that changed nothing.
 */
export function unshownCommand(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  if (!HOW_TO.test(request) || frame.goals.some((g) => g.intent === "change") || turn.some(isEffect)) return undefined;
  const held = [request, ...evidence.map(heldText)].join("\n").toLowerCase();
  const advised = [...answer.matchAll(ADVISED_COMMAND)].filter((m) => lookupWord(m[1]!)?.kind === "verb" && (lookupWord(m[1]!) as { intent?: string }).intent === "run").map((m) => m[2]!.trim());
  // A command is shown whole, or by its operand defined as a name in what was read (`make site` after a Makefile's `site:`
  // target, `npm run lint` after a package.json's `"lint":` script).
  const read = evidence.map(heldText).join("\n").toLowerCase();
  const defined = (w: string) => new RegExp(`(?:^|[\\s"'])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?\\s*:`, "mu").test(read);
  const shown = (c: string) => held.includes(c.toLowerCase()) || (c.split(/\s+/u).length > 1 && defined(c.toLowerCase().split(/\s+/u).at(-1)!));
  const unseen = advised.find((c) => !shown(c));
  return unseen ? `the answer tells the user to run \`${unseen}\`, but no observation of this thread shows that command` : undefined;
}
