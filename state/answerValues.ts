/**
 * What an answer states against the text the turn observed (issue 21, round 7): the values it
 * gives named settings, the scope of a negative finding, something it says is all gone, an entry
 * it says was added. Each check reads only what an observation printed or showed; a claim no
 * observation speaks to is left alone.
 */
import { asksCount, claimsAll, opensWithDenial, statedNumbers, statedSettings, statedWordSettings } from "../language/answerWords.js";
import { QUOTED } from "../language/operands.js";
import { baseForms, isStopword } from "../language/english.js";
import { isCompletionWord, lookupWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { readCommand } from "./commandObservations.js";
import { grepParts, programOf, stepOperands } from "./commandSteps.js";
import { changeState } from "./changeState.js";
import { baseOf, evidenceNumber, isEffect, real, seen } from "./observedState.js";
import { dirOf, resolveOperand, within } from "./workspacePaths.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";

/** The text an observation showed: a command's output (not its command line), a read's lines, a listing, a record. */
export function shownText(e: Evidence): string {
  if (e.kind === "command") return readCommand(e)?.output ?? "";
  return seen(e) && ["content", "passage", "search_hit", "listing", "record"].includes(e.kind) ? e.content : "";
}

const SECTION = /^\s*\[([^\]\n]+)\]\s*$/;
const SETTING = /^\s*["'`]?([A-Za-z_][\w-]*)["'`]?\s*(?:==|[=:,])\s*["'`]?([^\s"'`,;]+)/;

/** The values a text shows for `key`, inside section `section` when one is given (`[db]` … up to the next `[…]`). */
function shownValues(text: string, key: string, section?: string): string[] {
  let current: string | undefined;
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const header = SECTION.exec(line);
    if (header) {
      current = header[1]!.trim();
      continue;
    }
    const m = SETTING.exec(line);
    if (m && m[1]!.toLowerCase() === key.toLowerCase() && (!section || current === section)) out.push(m[2]!);
  }
  return out;
}

const sameValue = (a: string, b: string) => a === b || (Number.isFinite(Number(a)) && Number(a) === Number(b));

/** Two ways of writing one switch's state (`on`, `true`, `开`): a word value is compared by its sense. */
const TRUTH = [/^(?:true|on|yes|enabled?|1)$/iu, /^(?:false|off|no|disabled?|0)$/iu];
/** Whether a word value states what was shown: the same word in any case, one abbreviating the other (`prod`, `production`), or the same switch state. */
const sameWord = (shown: string, said: string): boolean => {
  const [a, b] = [shown.toLowerCase().replace(/["'`]+$/u, ""), said.toLowerCase()];
  return a === b || a.startsWith(b) || b.startsWith(a) || TRUTH.some((t) => t.test(a) && t.test(b));
};

/**
 * A word value the answer gives a key (`log_level 是 info`) that the latest observation showing
 * that key contradicts (`log_level: warn` printed after the edit): the answer reports a state the
 * turn saw otherwise (round 14). A key no observation shows is left alone.
 */
export function wordSettingMismatch(answer: string, observations: Evidence[]): string | undefined {
  const stated = statedWordSettings(answer);
  for (const { key, value } of stated) {
    const e = [...observations].reverse().find((o) => shownValues(shownText(o), key).length);
    if (!e) continue;
    const values = shownValues(shownText(e), key);
    if (!stated.some((s) => s.key.toLowerCase() === key.toLowerCase() && values.some((v) => sameWord(v, s.value)))) return `the answer gives ${key} as ${value}, but [${e.id}] shows ${values.join(", ")}`;
  }
  return undefined;
}

/**
 * A value the answer gives a name that the latest observation showing that name contradicts:
 * `total,1250` against a read showing `total,1240`, `sum=16` against printed `sum=15`, `[db]`'s
 * `port` as 3307 against a read whose `[db]` section still says 3306. A section the answer names
 * (`[db]`) that the observation has narrows the comparison to it.
 */
export function settingMismatch(answer: string, observations: Evidence[]): string | undefined {
  for (const { key, value } of statedSettings(answer)) {
    for (const e of [...observations].reverse()) {
      const text = shownText(e);
      const sections = [...text.matchAll(new RegExp(SECTION.source, "gm"))].map((m) => m[1]!.trim());
      const section = sections.find((s) => answer.includes(`[${s}]`));
      // `LICENSE:3` beside grep's `LICENSE:3:Copyright …` is a file and a line number, not a setting (round 27).
      if (/^\d+$/.test(value) && text.split("\n").some((l) => l.startsWith(`${key}:${value}:`))) break;
      const values = shownValues(text, key, section);
      if (!values.length) continue;
      if (statedSettings(answer).some((s) => s.key === key && values.some((v) => sameValue(v, s.value)))) break;
      // A value written inside an expression on the key's line (`int(os.getenv("MAX_UPLOAD_MB", "25"))`) is shown there (round 34).
      const alone = new RegExp(`(?<![\\w.])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w.])`, "u");
      if (text.split("\n").some((l) => l.includes(key) && l.includes("(") && alone.test(l.slice(l.indexOf(key) + key.length)))) break;
      return `the answer gives ${key}${section ? ` in [${section}]` : ""} as ${value}, but [${e.id}] shows ${values.join(", ")}`;
    }
  }
  return undefined;
}

/** What a step searched or listed: a grep's files (the folder it ran in when it named none), a finder's or lister's operands, a reader's files. */
export function stepScopes(cwd: string, step: Parameters<typeof programOf>[0]): string[] {
  const program = programOf(step);
  const named = ["grep", "egrep", "fgrep", "rg", "ag", "ack"].includes(program) ? grepParts(step).files : program === "git" ? [] : program === "find" ? stepOperands(step).slice(0, 1).filter((o) => !o.startsWith("(")) : stepOperands(step);
  return (named.length ? named : [cwd]).map((o) => resolveOperand(cwd, o));
}

/** Programs that search or list: what a negative finding rests on (a read of one file, a test run, an echo are not searches). */
export const SEARCHES = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "git"]);

/** The scopes a search or listing covered: a search tool's or listing's folder, a command's searched paths. */
export function scopesOf(e: Evidence): string[] {
  if (e.kind === "command") {
    const r = readCommand(e);
    return r && !r.opaque && r.finished ? r.steps.filter((s) => SEARCHES.has(programOf(s))).flatMap((s) => stepScopes(r.cwd, s)) : [];
  }
  return ["absence", "listing", "search_hit"].includes(e.kind) && seen(e) ? [e.search?.scope ?? e.source.path ?? "."] : [];
}

/**
 * A negative finding over less than the question asked about: "none in web/" after a search of
 * web/src/components only, "整个仓库里没有" after a grep of one file. The question's scope is the
 * place a goal names, or the whole workspace when none names one; a finding is backed when some
 * observation of the turn covered that scope (a search over it or an ancestor), or, for the whole
 * workspace, every name at its root (`topLevel`).
 */
export function narrowFinding(frame: TaskFrame, turn: Evidence[], answer = "", topLevel: ReadonlySet<string> = new Set(), request = ""): string | undefined {
  const asked = frame.goals.filter((g) => (g.intent === "question" && !g.domain) || g.intent === "read");
  if (!asked.length) return undefined;
  const named = asked.filter((g) => g.target);
  const scopes = (named.length ? named.map((g) => g.target!) : ["."]).filter((s, i, all) => all.indexOf(s) === i);
  // Asked of the whole workspace ("整个仓库里还有…吗", "anywhere in the codebase"), a read of one file looked only at that file (round 37).
  const reads = !named.length && WHOLE_WORKSPACE.test(request) ? turn.filter((e) => (e.kind === "content" || e.kind === "passage") && seen(e) && !!e.source.path).map((e) => e.source.path!) : [];
  const observed = [...turn.flatMap(scopesOf), ...reads];
  if (!observed.length) return undefined;
  // Looks over every name at the root but its hidden ones (`grep -r moment src package.json` where that is all there is) cover the whole workspace (round 32).
  const whole = topLevel.size > 0 && [...topLevel].every((t) => t.startsWith(".") || observed.some((s) => within(t, s)));
  const uncovered = scopes.find((q) => !observed.some((s) => within(q, s)) && !(q === "." && whole));
  // A denial the answer scopes to the folder it looked in ("no LICENSE at the root" after `ls LICENSE`) claims no more than was seen (round 12).
  const said = answerScope(answer);
  if (uncovered && said !== undefined && observed.some((s) => s === said || dirOf(s) === said)) return undefined;
  return uncovered ? `the answer says there is none, but the turn looked only at ${[...new Set(observed)].slice(0, 3).join(", ")}, not ${uncovered === "." ? "the whole workspace" : uncovered}` : undefined;
}

const WHOLE_WORKSPACE = /整个(?:仓库|项目|代码库|工作区)|全仓库|任何地方|所有地方|\banywhere\b|\beverywhere\b|\b(?:the\s+)?whole\s+(?:repo|repository|codebase|project|workspace)\b/iu;

/** The folder a denial says it is about: the root (`at the root`, `top level`, `根目录`), or a folder it names (`in src/`, `docs 目录里`). */
function answerScope(answer: string): string | undefined {
  if (/\b(?:at|in)\s+the\s+(?:repo(?:sitory)?\s+)?root\b|\btop[\s-]level\b|根目录|顶层/iu.test(answer)) return ".";
  const folder = /\b(?:in|under|inside)\s+`?([\w.-]+(?:\/[\w.-]+)*)\/`?(?=[\s,.;]|$)|([\w.-]+(?:\/[\w.-]+)*)\s*(?:目录|文件夹)/u.exec(answer);
  return folder ? (folder[1] ?? folder[2]) : undefined;
}

/** Code-like words of a request (`TODO`, `println!`, `#`, `console.log`), and its quotes, outside the paths the goals name. */
function codeWords(request: string, frame: TaskFrame): string[] {
  const quotes = [...request.matchAll(QUOTED)].map((m) => m[0].slice(1, -1).trim());
  const named = new Set(frame.goals.flatMap((g) => [g.target, g.to, g.target && baseOf(g.target)]).filter(Boolean));
  const words = request
    .replace(QUOTED, " ")
    .split(/[\s\p{Script=Han}，。、：；！？（）]+/u)
    .map((w) => w.replace(/[.,;:?]+$/u, ""))
    .filter((w) => w && !named.has(w) && !w.includes("/") && (/[^\p{L}\p{N}\s_]/u.test(w) || /^[A-Z]{2,}$/.test(w)) && !/^\.\w+$/.test(w));
  return [...quotes, ...words];
}

/** Whether a clause names the file itself (`.env`, not inside `.env.local`). */
const namesFile = (clause: string, name: string) => new RegExp(`(?<![\\w./-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w/-]|\\.\\w)`, "u").test(clause);

/** The removal a request asks for: what must be gone (the first quote a replace names; a delete's code words), and whether only lines starting with it. */
function removedWords(request: string, frame: TaskFrame, g: Goal): { words: string[]; atLineStart: boolean; result?: string } {
  // The clause that acts on this goal's file (the whole request when the goal names none).
  const clauses = request.split(/[，,;；。]\s*|\s+(?:and|then)\s+|并且?|然后/u).filter((c) => !segmentWords(c).some((w) => lookupWord(w)?.kind === "keep") && (!g.target || namesFile(c, g.target) || namesFile(c, baseOf(g.target))));
  request = clauses.join(" ");
  const verbs = segmentWords(request).map((w) => lookupWord(w)).filter((s) => s?.kind === "verb");
  // "A 改成 B", "change every A to B" replace A as "replace A with B" does.
  const replaces = /\breplace\b|替换|换成|改成|改为|\b(?:change|update|convert|turn)\b.+\b(?:to|into)\b/iu.test(request);
  // The result "A to B" names (not an explicit replace, whose A is gone): A may be a key that keeps its name (`API_URL 改成 …`),
  // so a line showing B beside A was changed.
  const result = /\breplace\b|替换|换成/iu.test(request) ? undefined : /(?:改成|改为|\b(?:to|into)\s)\s*["'“`]?([^\s"'”`，。,;]+)/iu.exec(request)?.[1]?.replace(/[.!?]$/u, "");
  const deletes = verbs.some((s) => s?.kind === "verb" && s.op === "delete");
  if (!replaces && !deletes) return { words: [], atLineStart: false };
  // A lone mark (the `-` of "- [x] 开头的") is on every list line: no word to look for.
  const all = codeWords(request, frame).filter((w) => (!g.expects || !g.expects.includes(w)) && /[\p{L}\p{N}]/u.test(w));
  const start = /(?:start(?:s|ing)?|begin(?:s|ning)?)\s+with\s+["'`]?(\S+?)["'`]?(?=[\s,.]|$)|以\s*["'`]?(\S+?)["'`]?\s*(?:开头|开始)/iu.exec(request);
  const first = start?.[1] ?? start?.[2];
  return { words: replaces && !deletes ? all.slice(0, 1) : first ? [first] : all, atLineStart: !!first, ...(replaces && result ? { result } : {}) };
}

/** The last observation of the turn after the last effect (the effect's own output when it printed one). */
export function lastObservation(turn: Evidence[], g: Goal, frame: TaskFrame, evidence: Evidence[]): Evidence | undefined {
  const state = g.target ? changeState(g, frame, evidence) : {};
  if (state.shownBy) return state.shownBy;
  const last = turn.filter(isEffect).at(-1);
  return turn.filter((e) => (!last || evidenceNumber(e) >= evidenceNumber(last)) && shownText(e).trim()).at(-1);
}

const SINGLED_OUT = /\b(?:first|last|line\s+\d+|only|one of)\b|第\s*\d+|第[一二三四五六七八九十]|只/iu;

/** A line as printed without a grep's `path:line:` prefix. */
const lineText = (line: string) => line.replace(/^(?:[\w./-]+:)?\d+:/, "");

/**
 * A removal reported as complete ("all TODO comments removed", "注释行已全部删除") while the last
 * observation after the change still shows what the request asked to remove (`TODO`, `println!`,
 * a line starting with `#`, the replaced `foo`, the `TODO` of "每个 TODO 都改成 待办"). Only a claim
 * about every match is compared: a request or answer of "all" (`all`, `every`, `none left`, `全部`,
 * `所有`). For "A 改成 B" a line showing B beside A was changed (`API_URL=new`).
 */
export function removalLeft(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  // "all" said, and no one match singled out (`the first`, `line 3`, `第一个`, `只`).
  if ((!claimsAll(request) && !claimsAll(answer)) || SINGLED_OUT.test(request)) return undefined;
  for (const g of frame.goals.filter((x) => x.intent === "change" && x.status === "covered" && (x.op === "edit" || x.op === "delete"))) {
    const { words, atLineStart, result } = removedWords(request, frame, g);
    const seenAfter = words.length ? lastObservation(turn, g, frame, evidence) : undefined;
    if (!seenAfter) continue;
    const lines = shownText(seenAfter).split("\n").map(lineText);
    const left = words.find((w) => lines.some((l) => (atLineStart ? l.trimStart().startsWith(w) : l.includes(w)) && !(result && l.includes(result))));
    if (left) return `the answer reports it all removed, but [${seenAfter.id}] after the change still shows ${JSON.stringify(left)}`;
  }
  return undefined;
}

/**
 * An entry the request adds (`node_modules/`, `dist/`, `*.log`) that the observation after the
 * change shows only glued to another one (`dist/node_modules/`: the file had no final newline):
 * the entry is not there as itself.
 */
export function gluedEntry(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], request: string): string | undefined {
  const adds = segmentWords(request).some((w) => { const s = lookupWord(w); return s?.kind === "verb" && !!s.additive; });
  if (!adds) return undefined;
  const entries = request.split(/[\s，。]+/u).map((w) => w.replace(/^["'`]|["'`,.;:]+$/gu, "")).filter((w) => /^[\w.*-]+\/$|^\*\.\w+$/.test(w));
  for (const g of frame.goals.filter((x) => x.intent === "change" && x.status === "covered" && x.target)) {
    const seenAfter = lastObservation(turn, g, frame, evidence);
    if (!seenAfter) continue;
    const text = shownText(seenAfter);
    const glued = entries.find((w) => text.includes(w) && [...text.matchAll(new RegExp(w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "g"))].every((m) => /[\w/.-]/.test(text[m.index - 1] ?? "")));
    if (glued) return `the answer reports ${glued} added, but [${seenAfter.id}] shows it only inside another entry`;
  }
  return undefined;
}

/** Literal values and code names in an answer (`None`, `max_retries`, `fn()`, `camelCase`, numbers): what it states as read. */
const CODE_LITERAL = /^(?:None|True|False|null|undefined|nil|NaN|true|false)$/;
const codeTokens = (text: string): string[] =>
  [...text.matchAll(/[A-Za-z_]\w*(?:\(\))?|(?<![\w.])\d+(?:\.\d+)*(?![\w.]*\w)/g)].map((m) => m[0]).filter((t) => CODE_LITERAL.test(t) || /_|\(\)|[a-z][A-Z]|^\d/.test(t));

/** A request asking what something in a file is or does (not where it is, nor whether it is there). */
const asksContent = (request: string) => /^\s*(?:what|how|why|explain|describe|summari[sz]e)\b|什么|怎么|为什么|如何|返回/iu.test(request) && !/\b(?:where|which line|what line|line number)\b|哪里|哪儿|哪一行|第几行/iu.test(request);

/**
 * An answer about what a file's code does, from a search that showed only the matched lines:
 * a literal or code name it states (`None`, `max_retries`) that neither those lines nor the
 * request show was not observed (`What does retry return?` after a hit on `def retry(…)`).
 */
export function fragmentAnswer(frame: TaskFrame, evidence: Evidence[], answer: string, request: string): string | undefined {
  if (!asksContent(request)) return undefined;
  const byId = new Map(evidence.map((e) => [e.id, e]));
  for (const g of frame.goals.filter((x) => (x.intent === "read" || x.intent === "question") && x.target && x.status === "covered")) {
    const covering = g.coveredBy.map((id) => byId.get(id)).filter((e): e is Evidence => !!e);
    if (!covering.length || !covering.every((e) => e.kind === "search_hit")) continue;
    // Every hit seen in that file counts, not only the one that covered the goal ("之前 01:40:09 还有一次"; round 35).
    const lines = [...new Set([...covering, ...evidence.filter((e) => e.kind === "search_hit" && e.source.path === g.target)])].map((e) => e.content).join("\n");
    // A line the answer points at (`line 4`, `第 4 行`) that a hit was found on is where the hit is, not a value read (round 12).
    const hitLines = new Set(covering.flatMap((e) => (e.source.startLine ? [e.source.startLine, e.source.endLine ?? e.source.startLine] : [])));
    const pointed = new Set([...answer.matchAll(/\blines?\s*(\d+)|第\s*(\d+)\s*行/giu)].map((m) => Number(m[1] ?? m[2])).filter((n) => hitLines.has(n)).map(String));
    // A number is seen by its value: `03:00` restates the `3` of `0 3 * * *`.
    const values = new Set([...lines.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0])));
    const unseen = codeTokens(answer).find((t) => !pointed.has(t) && !lines.includes(t.replace(/\(\)$/, "")) && !request.includes(t) && !(/^\d/.test(t) && values.has(Number(t))));
    if (unseen) return `the answer states ${unseen}, but the turn saw only the matched lines of ${g.target} ([${covering[0]!.id}]); read the part it describes`;
  }
  return undefined;
}

const SUPERLATIVE = /\b(?:largest|biggest|smallest|heaviest|lightest|newest|oldest)\b|最大|最小|最新|最旧/iu;
const MEASURES = /\bls\s+(?:-\w+\s+)*-\w*[St]|\bsort\b|\bdu\b|\bwc\b|\bstat\b|-size\b|--sort\b/;
/** A file name (`2024-report.csv`, `b.txt`): its digits are not a quantity. */
const FILE_NAME = /\S*[A-Za-z]\S*\.[A-Za-z]\w*|\S+\//g;

/** A comparison of sizes or dates ("the largest is b.txt") when no observation of the turn showed a single quantity (`ls` prints names only). */
export function unmeasuredComparison(turn: Evidence[], answer: string): string | undefined {
  if (!SUPERLATIVE.test(answer)) return undefined;
  const texts = turn.map(shownText).filter((t) => t.trim());
  // A command that sorts or measures (`ls -S`, `ls -t`, `sort -n`, `du`, `wc`, `stat`) compared them itself.
  const measured = turn.some((e) => e.kind === "command" && MEASURES.test(e.content.split("\n")[0] ?? ""));
  // The newest of numbered or dated names (`0003_add_email.sql`, `2024-05.md`) is read from the names themselves (round 31).
  const numberedName = /\b(?:newest|oldest)\b|最新|最旧|最早/iu.test(answer) && [...answer.matchAll(FILE_NAME)].some((m) => /\d/.test(m[0]) && texts.some((t) => t.includes(m[0].replace(/[`'"（）()]/gu, ""))));
  return texts.length && !measured && !numberedName && !texts.some((t) => /\d/.test(t.replace(FILE_NAME, " "))) ? `the answer compares sizes or dates, but no observation of this turn showed any (a listing with sizes, \`ls -l\`, \`wc -c\`)` : undefined;
}

/**
 * A question asking for a quantity is answered by one: an answer that states no number at all
 * (no digit, no number word: a version or an amount counts) and denies nothing ("none", "没有") restates the question, describes
 * something else or suggests how to find out, and does not answer.
 */
export function countUnanswered(answer: string, request: string): string | undefined {
  // A bare report ("Done.") says nothing either way; as for a change, it is left to coverage.
  const bare = segmentWords(answer).every((w) => !/[\p{L}\p{N}]/u.test(w) || isCompletionWord(w));
  if (bare || !asksCount(request) || /\d/.test(answer) || statedNumbers(answer).length || opensWithDenial(answer)) return undefined;
  return `the request asks for a quantity, but the answer states no number`;
}

/** Counts a text gives things (`3 tests`, `12 files`, `5 个测试`; not a path such as `6 data/a.csv` from `wc`): the number and the noun's forms. */
const COUNTED = /(?<![\w.:-])(\d+)\s+([A-Za-z]{3,})(?![\w/-]|\.\w)|(?<![\w.:-])(\d+)\s*(?:个|条|项|次)\s*(\p{Script=Han}{2})/gu;
/** A noun's forms: its English base forms, and what it names for the request lexicon (`tests` and `测试` both name the test runner's subject). */
const nounForms = (noun: string): string[] => {
  const forms = /^[a-z]/i.test(noun) ? baseForms(noun.toLowerCase()) : [noun];
  const sense = forms.map((f) => lookupWord(f)).find((x) => x?.kind === "subject");
  return sense?.kind === "subject" ? [...forms, `subject:${sense.subject}`] : forms;
};
const countsIn = (text: string) =>
  [...text.matchAll(COUNTED)].filter((m) => !isStopword((m[2] ?? m[4]!).toLowerCase())).map((m) => ({ n: Number(m[1] ?? m[3]), nouns: nounForms(m[2] ?? m[4]!) }));

/**
 * A count the answer gives a kind of thing (`5 tests`, `5 个测试`) that the last command output
 * counting the same kind printed otherwise (`Ran 3 tests`): the output settles it, in either
 * language (a kind is matched by its forms or by what the request lexicon says it names). A kind
 * no output counted is left alone.
 */
export function countMismatch(answer: string, turn: Evidence[]): string | undefined {
  const outputs = turn.filter((e) => e.kind === "command" && real(e)).reverse();
  for (const said of countsIn(answer)) {
    for (const e of outputs) {
      const printed = countsIn(shownText(e)).filter((c) => c.nouns.some((f) => said.nouns.includes(f)));
      if (!printed.length) continue;
      if (printed.some((c) => c.n === said.n)) break;
      return `the answer counts ${said.n} ${said.nouns[0]}, but [${e.id}] printed ${printed.map((c) => c.n).join(", ")}`;
    }
  }
  return undefined;
}


/** The items an answer enumerates after a colon that follows its count ("两条：dark mode 和 CSV export", "3: a, b and c"). */
const listedItems = (answer: string): string[] => {
  const m = /^([^:：\n]{0,24})[:：]\s*([^:：\n]+)$/u.exec(answer.trim());
  if (!m || !statedNumbers(m[1]!).length) return [];
  return m[2]!.replace(/[.。!！]+$/u, "").split(/\s*(?:[,，、;；]|\band\b|和|与|及|以及)\s*/u).map((s) => s.trim().replace(/^[`"'“]|[`"'”]$/gu, "")).filter(Boolean);
};
/** A plain enumeration: every item a short name (a sentence after the colon explains, it does not list). */
const plainList = (items: string[]) => items.every((i) => segmentWords(i).length <= 3 && !/[()（）]/u.test(i));

/**
 * A count the answer backs by naming what it counted ("一共三条：dark mode、CSV export 和 i18n"),
 * one of which no observation of the turn shows, after a read of what was counted: the item, and the
 * count that includes it, were not read. Only a quantity question with a list of two or more is compared.
 */
export function unseenCountedItem(turn: Evidence[], answer: string, request: string): string | undefined {
  if (!asksCount(request)) return undefined;
  const items = listedItems(answer);
  const seenText = turn.map(shownText).join("\n").toLowerCase();
  // Only against a read of the things counted (a file's lines, a listing): a bare count (`grep -c`) shows no item either way.
  const readItems = turn.some((e) => ["content", "passage", "listing"].includes(e.kind) && shownText(e).trim());
  if (items.length < 2 || !plainList(items) || !readItems) return undefined;
  // An item of several words ("adds 通过": a test and its verdict) is shown by any of them; a single name only whole (`web1.internal`).
  const shown = (item: string) => seenText.includes(item.toLowerCase()) || (/\s/u.test(item) && item.split(/\s+/u).some((w) => w.length > 1 && !isStopword(w.toLowerCase()) && seenText.includes(w.toLowerCase())));
  const unseen = items.find((i) => !shown(i));
  return unseen ? `the answer counts ${JSON.stringify(unseen)} among them, but no observation of this turn shows it` : undefined;
}
