/**
 * Content a request gives after a word of saying and a colon, unquoted ("a file that just says:
 * Please open an issue before sending a PR.", "内容写着：…"): what follows is text to hold, not
 * words of the request, so nothing in it is a verb, a domain or a path of the request (CONTRACT
 * §6: quoted content is content, never a goal). Used by the request reader (request.ts).
 */
import { hasHan } from "./segment.js";

/** The parts of a clause the content reading looks at and rewrites (request.ts's Clause has them). */
interface ContentClause {
  text: string;
  intent: string | null;
  op?: string;
  paths: unknown[];
  content: string[];
  describes?: boolean;
}

/** A word of saying or holding right before a colon: what follows it, to the end of the line, is the content. */
const SAID = /(?:\b(?:says?|saying|reads?|reading|contains?|containing|with\s+(?:the\s+)?(?:text|line|content|contents|message|words?))|内容(?:是|为|写)?|写着|写上|写成|写入|写)\s*[:：]\s*/giu;

/** Lines added, counted in Chinese ("末尾加一行 127.0.0.1 api.local", "加两行：A 和 B"): the Latin text after them is those lines. */
const ADDED_LINES = /(?:加|添加|追加|增加|插入|写)\s*(一|两|二|三|四|五|[1-5])\s*行\s*[:：]?\s*/gu;
const LINE_COUNT: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5 };

/** The lines a counted addition gives, joined by newlines, when they are as many as it counts and none is Chinese prose. */
function addedLines(text: string): Array<{ text: string; at: number; end: number }> {
  const out: Array<{ text: string; at: number; end: number }> = [];
  for (const m of text.matchAll(ADDED_LINES)) {
    const at = m.index + m[0].length;
    const n = LINE_COUNT[m[1]!] ?? Number(m[1]);
    // The lines end with the sentence, or where Chinese words begin again ("加一行 import os 到 a.py").
    const rest = /^[^。；;\n]*/u.exec(text.slice(at))![0];
    const span = (n > 1 ? rest.replace(/[，,]\s*\p{Script=Han}.*$/u, "") : rest.replace(/\s*(?:[，、]|\p{Script=Han}).*$/u, "")).replace(/[\s,]+$/u, "");
    const lines = n > 1 ? span.split(/\s*(?:和|以及|、|[，,])\s*/u).map((l) => l.trim()).filter(Boolean) : [span.trim()];
    if (lines.length === n && lines.every((l) => !hasHan(l) && !/^["'`“‘「]/u.test(l))) out.push({ text: lines.join("\n"), at, end: at + span.length });
  }
  return out;
}

/**
 * One unquoted value a new file is to hold, ending its sentence ("a file version.txt that contains
 * exactly 2.4.1", "containing v3"): a token with a digit, so a word ("containing them") is no value (round 30).
 */
const HOLDS_VALUE = /\b(?:contains?|containing|holds?|holding)\s+(?:exactly\s+|only\s+|just\s+)?(?:the\s+(?:value|version|number)\s+)?(?=[^\s"'`“‘]*\d)([^\s"'`“‘]+?)\s*(?:[.。!](?=\s|$)|$)/giu;

/** The spans of said content in `text`: the text after the colon up to the end of its line, without a closing period; or counted lines added. */
export function saidContent(text: string): Array<{ text: string; at: number; end: number }> {
  const out: Array<{ text: string; at: number; end: number }> = addedLines(text);
  for (const m of text.matchAll(HOLDS_VALUE)) out.push({ text: m[1]!, at: m.index + m[0].lastIndexOf(m[1]!), end: m.index + m[0].lastIndexOf(m[1]!) + m[1]!.length });
  for (const m of text.matchAll(SAID)) {
    const at = m.index + m[0].length;
    const lineEnd = text.indexOf("\n", at);
    // Said inside brackets ("（内容：确定 5 月上线），然后…"), the content ends where they close (round 36).
    const open = /[（(][^（(）)]*$/u.test(text.slice(text.lastIndexOf("\n", m.index) + 1, m.index));
    const close = open ? text.slice(at).search(/[）)]/u) : -1;
    const end = close !== -1 ? at + close : lineEnd === -1 ? text.length : lineEnd;
    const said = text.slice(at, end).trim().replace(/[.。]$/u, "").trim();
    // Quoted content is read as a quote already.
    if (said && !/^["'`“‘「]/u.test(said)) out.push({ text: said, at, end });
  }
  return out;
}

/** A clause that only says what the thing made holds ("内容就写一行 …", "content: …", "内容 3.2.0", "写上 hello"): group 1 is that text. */
const CONTENT_CLAUSE = /^(?:(?:文件)?(?:内容|contents?)\s*(?:就|先|只|要|则)?\s*(?:写(?:成|为|上|入)?|是|为|[:：]|(?=一行|一句))|(?:文件)?内容\s+(?=[\p{Script=Latin}\p{N}`])|(?:里面|文件里)?\s*写(?:上|入|着)|(?:第一行|首行|开头)\s*(?:就|先|要)?\s*写(?:上|入|成|为)?)\s*(?:一行|一句话|一句|一段)?\s*[:：]?\s*(.*?)\s*[。.，,；;]?$/iu;

/** A Markdown heading, quote or list item. */
const MARKUP_LINE = /^(?:#{1,6}|>|[-*+]|\d+[.)])\s/u;

/**
 * A content clause continues the change before it: its quotes, or its plain text when that is
 * not Chinese prose (which describes the content rather than giving it), are what the change
 * must hold, and a file name inside it is content, not an operand (`… 内容写 pip install -r
 * requirements.txt`).
 */
export function contentClauses(clauses: ContentClause[]): void {
  clauses.forEach((c, i) => {
    const m = CONTENT_CLAUSE.exec(c.text);
    const owner = clauses.slice(0, i).reverse().find((p) => p.intent === "change");
    if (!m || !owner || owner.op === "delete" || owner.op === "move") return;
    // A backticked line is the line without its ticks (`内容就一行 \`echo hello\``).
    // A remark in full-width parentheses at its end is the user's, not the content ("# 入门（目录现在还没有）").
    const plain = m[1]!.trim().replace(/^`([^`]+)`$/u, "$1").replace(/\s*（[^（）]*\p{Script=Han}[^（）]*）$/u, "");
    // A line opening with markup (`# 更新日志`, `- 条目`) is the literal line, Han or not.
    owner.content.push(...(c.content.length ? c.content : plain && (!hasHan(plain) || MARKUP_LINE.test(plain)) ? [plain] : []));
    owner.describes = true;
    clauses[i] = { text: c.text, intent: null, paths: [], content: [] };
  });
}
