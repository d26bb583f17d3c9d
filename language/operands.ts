/**
 * The operands of a request: what it names rather than asks for (quoted passages, web and
 * mail addresses, paths, code identifiers, times, proper names). One set of patterns, used by
 * both readers of a request: the goal ledger's `parseRequest` (request.ts) and resolution's
 * `operandsOf` (below), so they agree on what a quote, an address and a path are.
 */
import { isProperNoun } from "./glosses.js";
import { isStopword } from "./english.js";
import { hasHan, segmentWords } from "./segment.js";

/**
 * What a task names rather than asks for: its operands. Their words are not capability words
 * ("release" in `notes/release.md`, "push event" in `pushEvent`, "reviewed" in a quoted line
 * to write), yet their kind is evidence of its own: a path points at files, a URL at the web,
 * an address at mail.
 */
export interface TaskOperands {
  /** Workspace paths, in order (`src/client.ts`, `README.md`). */
  paths: string[];
  /** Code identifiers, in order (`pushEvent`, `max_retries`, `connect()`); never a tool's name. */
  identifiers: string[];
  /** Web addresses (`https://example.com/a`). */
  urls: string[];
  /** Mail addresses (`alice@example.com`). */
  emails: string[];
  /** Dates and times (`tomorrow`, `Tuesday at 3pm`, `10:30`, 明天, 下周三上午, 三点). */
  times: string[];
  /** Proper nouns the dictionary knows as places, people or organizations (外滩, 虹桥). */
  names: string[];
  /** The task with its operands and quoted passages blanked: the words that say what to do. */
  request: string;
}

/**
 * Quoted passages: the text to write or search for, not the request. Apostrophes ("Bob's",
 * "don't") are not quotes. Backticks mark an operand written as code (`src/a.ts`, `npm test`).
 */
export const QUOTED = /"[^"\n]*"|“[^”\n]*”|「[^」\n]*」|『[^』\n]*』|‘[^’\n]*’|(?<![\p{L}\p{N}'])'[^'\n]+'(?![\p{L}\p{N}'])|`[^`\n]+`/gu;
/**
 * A web address: with its scheme, or a host that ends in .com, .org or .net (`example.com`:
 * never a workspace file, though path-shaped).
 */
export const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>，。）)]+|(?<![@\w.-])(?:[a-z0-9-]+\.)+(?:com|org|net)(?:\/[^\s"'<>，。）)]*)?(?![\w.-])/giu;
export const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gu;
/** Web and mail addresses blanked (same length), so no path pattern reads them. */
export const withoutAddresses = (text: string): string => text.replace(URL, (m) => " ".repeat(m.length)).replace(EMAIL, (m) => " ".repeat(m.length));
/**
 * A path-shaped token: optional directories, then a name with an extension that starts with a
 * letter (so "v1.0.0" and "3.14" are not paths). Without a directory a one-character stem needs
 * an extension of two or more letters ("a.txt"), so "e.g" and "i.e" are not paths either; nor is a
 * call (`logger.info(`).
 */
export const PATH_TOKEN =
  /(?<![\p{L}\p{N}_.\/-])(?:\.{1,2}\/)?(?:(?:[\p{L}\p{N}_.-]+\/)+[\p{L}\p{N}_-](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_-])?|[\p{L}\p{N}_-][\p{L}\p{N}_.-]*[\p{L}\p{N}_-]|[\p{L}\p{N}_](?=\.[A-Za-z][A-Za-z0-9]{1,7}(?![\p{L}\p{N}_.\/-])))\.[A-Za-z][A-Za-z0-9]{0,7}(?![\p{L}\p{N}_\/(-])(?!\.[\p{L}\p{N}])/gu;
/** A dotfile, alone or in a folder (`.gitignore`, `data/.gitkeep`, `.env.example`): a name PATH_TOKEN's stem rule leaves out. */
export const DOTFILE = /(?<![\p{L}\p{N}_.\/-])(?:[\p{L}\p{N}_-][\p{L}\p{N}_.-]*\/)*\.[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*(?![\p{L}\p{N}_.\/-])/gu;
/** A dotfile Chinese text runs into on either side ("在.env里"); "报告.pdf" reads the same, so only a workspace file counts. */
export const HAN_DOTFILE = /(?<=\p{Script=Han})\.[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*(?=\p{Script=Han}|\s|$)/gu;
/**
 * Longer runs of path characters than any path (Linux's PATH_MAX) are not paths: they are
 * blanked before the path patterns run, whose backtracking grows with a run's square.
 */
const OVERLONG_RUN = /[\p{L}\p{N}_.\/-]{4097,}/gu;
export const withoutOverlongRuns = (text: string): string => text.replace(OVERLONG_RUN, (m) => " ".repeat(m.length));
/** Paths a text mentions, by shape alone (no workspace): in order, without duplicates. */
export function mentionedPaths(text: string): string[] {
  const masked = withoutAddresses(withoutOverlongRuns(text));
  return [...new Set([...masked.matchAll(PATH_TOKEN), ...masked.matchAll(DOTFILE)].sort((a, b) => a.index - b.index).map((m) => m[0].replace(/^\.\//, "")))];
}

/** "… to 4", "… 改成 4" at the end of a request: the value a setting is to get. */
const SETTING_VALUE = /(?:\bto|改成|改为|设为|设置为|为)\s*([\p{L}\p{N}_.-]+)\s*[.。!！]?\s*$/u;
/** The value a request ending "set X to V" (把 X 改成 V) gives a setting, if it ends so. */
export const settingValue = (task: string): string | undefined => SETTING_VALUE.exec(task)?.[1];

/** Calendar words and clock times, English and Chinese: a time says "when", so the tool takes one. */
const TIME =
  /\b(?:today|tonight|tomorrow|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next week|this week|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}|\d{1,2}(?::\d{2})?\s?(?:am|pm)|\d{1,2}:\d{2})\b|今天|明天|后天|昨天|下周|本周|这周|周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|上午|下午|晚上|早上|中午|[一二三四五六七八九十\d]+点(?:半|钟)?|\d+月\d+[日号]/gi;
/** Clock times a text states, as minutes past midnight (`9:30`, `2pm`, `14:00`, the `10:00` of `T10:00:00`). */
export function clockTimes(text: string): number[] {
  const hours12 = [...text.matchAll(/(?<![\d:.])(\d{1,2})(?::(\d{2}))?\s?([ap]m)\b/giu)].map((m) => ((Number(m[1]) % 12) + (m[3]!.toLowerCase() === "pm" ? 12 : 0)) * 60 + Number(m[2] ?? 0));
  const hours24 = [...text.matchAll(/(?<![\d:.])(\d{1,2}):(\d{2})(?!\d|\s?[ap]m\b)/giu)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return [...hours12, ...hours24];
}

/** lowerCamel (`pushEvent`, at least two lower-case letters first, so not "iPhone"), snake_case / SCREAMING_CASE, and calls (`connect()`). */
const IDENTIFIER = /(?<![\w./-])(?:[a-z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+|[A-Za-z_$][\w$]*\(\))(?![\w/-])/g;

/**
 * A path mention worth trusting: one with a directory part, or a file name whose stem has two
 * or more characters and whose extension starts with a letter (`README.md`), so neither a
 * version ("v1.2") nor an abbreviation ("e.g") counts.
 */
const isWorkspacePath = (path: string): boolean => path.includes("/") || /^[\w-]{2,}\.[A-Za-z][A-Za-z0-9]*$/.test(path);

/**
 * Splits a task into its operands and the request around them. Paths are read by the goal
 * ledger's `mentionedPaths` (so resolution and the ledger agree on what a path is), kept when
 * `isWorkspacePath` accepts them; a word `isToolName` accepts stays in the request (naming a
 * tool is the exact stage's business, not code).
 */
export function operandsOf(task: string, isToolName: (word: string) => boolean): TaskOperands {
  const urls = task.match(URL) ?? [];
  const emails = task.match(EMAIL) ?? [];
  let request = task.replace(URL, " ").replace(EMAIL, " ");
  const paths = mentionedPaths(request).filter(isWorkspacePath);
  // Backticked text is code the request names (`npm test`): its words stay in the request.
  request = request.replace(QUOTED, (m) => (m.startsWith("`") ? m : " "));
  for (const path of paths) request = request.split(path).join(" ");
  const identifiers: string[] = [];
  request = request.replace(IDENTIFIER, (word) => {
    if (isToolName(word)) return word;
    identifiers.push(word);
    return " ";
  });
  const times = task.match(TIME) ?? [];
  // "Tomorrow at 3pm" says when, not what to do: its words are not capability words.
  request = request.replace(TIME, " ");
  const names = hasHan(request) ? segmentWords(request).filter((word) => hasHan(word) && word.length > 1 && isProperNoun(word)) : [];
  return { paths, identifiers, urls, emails, times, names, request };
}

/** "from A to B" with A a plain word, not a path: B is what A becomes (a value, `db.internal.net`), not a path either. */
export function replacesWord(before: string, ws: { files: ReadonlySet<string>; dirs: ReadonlySet<string> }): boolean {
  const from = /(?:\bfrom\s+|从\s*)([^\s"'`]+)\s*(?:\bto|改成|改为|换成|变成)\s*$/iu.exec(before)?.[1];
  return !!from && !/[\/.]/.test(from) && !ws.files.has(from) && !ws.dirs.has(from);
}

/**
 * The value a clause sets something to, when it says so plainly: English "to V" ending the
 * clause (a path blanked after it may follow with "in"), Chinese 改成/改为/设为/换成 V. V is one
 * token with a digit or an identifier's shape (`2.1.0`, `debug`, `weather-bot`), never a stop word.
 */
export function valueOf(text: string): string | undefined {
  const m =
    // A connective the clause ends with ("rename a.txt to LICENSE and …") opens the next one.
    // Several places after it ("to SERVICE_TOKEN in .env.example and in src/config.js", with the paths taken out) end it too.
    /\bto\s+([\p{L}\p{N}_.:\/-]*[\p{L}\p{N}_])(?:[\s,]+(?:(?:and|or)\s+)?(?:in|of|for|inside))*[\s.!?。，,;；]*(?:\b(?:and|then)\s*)?$/iu.exec(text) ??
    // "replace A with B": B is what the file holds afterwards.
    // B ends the phrase: "with two spaces" names a count of something, not a value.
    // "(debug: true -> debug: false)": what the arrow points to, in the parentheses that hold both sides.
    /\([^()]*?\S\s*(?:->|→|=>)\s*([^()\s](?:[^()]*[^()\s])?)\s*\)/u.exec(text) ??
    /\b(?:replace|substitute|swap)\s+[\p{L}\p{N}_.:\/-]+\s+(?:with|by|for)\s+([\p{L}\p{N}_.:\/-]*[\p{L}\p{N}_])(?=\s+(?:in|of|for|inside)\b|[\s.!?。，,;；]*$)/iu.exec(text) ?? /(?:改名叫|改名为|改名成|重命名为|重命名成|命名为|改成|改为|设为|设成|设置为|设置成|换成|换为|更新为|更新到|升级到|升到|调到|调成|调为)\s*([\p{Script=Latin}\p{N}_.:\/=-]*[\p{Script=Latin}\p{N}_])(?!\s*[个条行位次种份层])/u.exec(text);
  // Han text set apart by a space after 改成 and ending the clause ("改成 你好呀") is the literal text, not a description.
  const value = m?.[1] ?? /(?:改成|改为|换成|设为|设成)\s+(\p{Script=Han}{1,12})[\s.!?。，,;；]*$/u.exec(text)?.[1];
  return value && !isStopword(value.toLowerCase()) ? value : undefined;
}


/**
 * The one command-line option a clause names (`run with -race`, `add --frozen-lockfile`): what an
 * edit asks the target to hold afterwards, as a value would. None when it names several.
 */
export function optionIn(text: string): string | undefined {
  const options = [...text.matchAll(/(?<![\p{L}\p{N}_.\/-])--?[A-Za-z][\w-]*(?![\p{L}\p{N}_\/-]|\.[\p{L}\p{N}])/gu)].map((m) => m[0]);
  return options.length === 1 ? options[0] : undefined;
}

/** The name a clause gives something ("a link called latest", "named `out`"), when it is a word of its own, not a stop word. */
export function namedIn(text: string): string | undefined {
  const name = /\b(?:named|called)\s+[`'"]?([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)/iu.exec(text)?.[1];
  return name && !isStopword(name.toLowerCase()) ? name : undefined;
}
