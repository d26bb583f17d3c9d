/**
 * The kind of value a question asks for, and the values of a kind a text states (issue 21, round
 * 12): a version is a dotted number (`3.10`, `v20.1.0`), an address a URL, a host with its port,
 * an IP or a mail address, a time of the calendar a year, a month, a date or a day named relative
 * to today. The kinds are shapes of values, not words of the answers seen: an answer to "which
 * version" that states no version answers something else, whatever its words.
 */
import { isStopword } from "./english.js";

/** A kind of value a question can ask for by its noun (`which version`, `数据库地址是什么`, `when was …`). */
export type ValueKind = "version" | "address" | "date";

const ASKED: Array<[ValueKind, RegExp]> = [
  ["version", /\bversions?\b|版本/iu],
  ["address", /\b(?:address|url|uri|endpoint|host(?:name)?)\b|地址|网址|链接|主机/iu],
  ["date", /\bwhen\b|\bwhat\s+(?:date|day|year|month)\b|\b(?:date|year|month)\s+(?:of|when)\b|什么时候|哪天|哪一天|何时|哪年|哪一年|几月|日期/iu],
];

/** The kind of value a request asks for, when its question names one (one kind only: two named leave it open). */
export function askedKind(request: string): ValueKind | undefined {
  // An English noun followed by another content word modifies it (`host port` asks a port): only a head noun names the kind.
  const heads = (re: RegExp) => [...request.matchAll(new RegExp(re.source, "giu"))].some((m) => {
    const next = /^\s+([A-Za-z][\w-]*)/u.exec(request.slice(m.index + m[0].length))?.[1];
    return !/^[a-z]/iu.test(m[0]) || !next || isStopword(next.toLowerCase());
  });
  const kinds = ASKED.filter(([, re]) => heads(re)).map(([k]) => k);
  return kinds.length === 1 ? kinds[0] : undefined;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** English month names are capitalized; "May" (also a verb) counts only beside a number ("May 3", "3 May", "May 2024"). */
const MONTH_NAME = /\b(January|February|March|April|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?|May(?=\s+\d)|(?<=\d\s)May)(?![a-z])/gu;
/** Words naming a day relative to today: they state a date only the evidence can ground. */
const RELATIVE_DAY = /\b(?:yesterday|today|tomorrow|tonight|last\s+(?:week|month|year|night)|next\s+(?:week|month|year)|this\s+(?:morning|week|month))\b|昨天|今天|明天|前天|后天|上周|下周|本周|上个月|下个月|去年|今年|明年/giu;

/** The months (1–12) a text names: month names, ISO-like dates (`2023-04-18`, `2023/4/18`), `4月`. */
export function monthsIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(MONTH_NAME)) out.add(MONTHS.findIndex((n) => n.startsWith(m[1]!.toLowerCase().replace(/\.$/, "").slice(0, 3))) + 1);
  for (const m of text.matchAll(/\b(?:19|20)\d\d[-/.](\d{1,2})(?:[-/.]\d{1,2})?\b/gu)) out.add(Number(m[1]));
  for (const m of text.matchAll(/(\d{1,2}|[一二三四五六七八九十]+)\s*月/gu)) out.add(/^\d/.test(m[1]!) ? Number(m[1]) : "一二三四五六七八九十".indexOf(m[1]!.slice(-1)) + 1 + (m[1]!.length > 1 ? 10 : 0));
  return out;
}

/** The day-relative words a text uses (`yesterday`, `昨天`), lower-cased. */
export const relativeDaysIn = (text: string): string[] => [...text.matchAll(RELATIVE_DAY)].map((m) => m[0].toLowerCase().replace(/\s+/g, " "));

/** Years a text names (`2023`, `2023年`). */
export const yearsIn = (text: string): string[] => [...text.matchAll(/(?<![\d.])(?:19|20)\d\d(?![\d.]*\d)/gu)].map((m) => m[0]);

const VERSION = /(?<![\w.])v?\d+(?:\.\d+)+(?![\w.]*\d)/giu;
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[a-z][\w-]*(?:\.[\w-]+)*:\d{2,5}\b/giu;

/** Whether a text states a value of the kind (for a date: a year, a month, a date or a relative day). */
export function statesKind(text: string, kind: ValueKind): boolean {
  if (kind === "version") return new RegExp(VERSION.source, "iu").test(text);
  if (kind === "address") return new RegExp(ADDRESS.source, "iu").test(text);
  return yearsIn(text).length > 0 || monthsIn(text).size > 0 || relativeDaysIn(text).length > 0 || /\d+\s*[日号]/u.test(text);
}
