/**
 * Whether a count answers the scope its question names (issue 21, round 15). "How many TODOs in
 * src" is not answered by a count over the whole workspace: a command that searched only a scope
 * holding the named folder (`grep -r TODO . | wc -l`) and never narrowed to it counted more than
 * was asked. The mirror of `narrowFinding`, which refuses a denial over less than the scope asked.
 */
import { asksCount, asksExclusion } from "../language/answerWords.js";
import { readCommand } from "./commandObservations.js";
import { askedTerms } from "./answerSearchTerm.js";
import { programOf } from "./commandSteps.js";
import { SEARCHES, stepScopes } from "./answerValues.js";
import { exitCode, real } from "./observedState.js";
import { within } from "./workspacePaths.js";
import type { Evidence, TaskFrame } from "./types.js";

/** Whether a word of a command names `folder` as a path (`src`, `src/`, `./src/api`, `--include=src/*`, a filter `'^./src/'`). */
const namesFolder = (word: string, folder: string): boolean =>
  new RegExp(`(?:^|[^\\w.-])${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:/|$)`, "u").test(word.replace(/(^|[^\w.])\.\//gu, "$1"));

/**
 * A count question naming a folder, answered after the turn's last counting command (a finished
 * command that exited 0 printing one number) whose searches all ran over scopes strictly holding
 * that folder, none of its words naming the folder: the number it printed counts a wider scope.
 * A search fed by a pipe reads its input, not a folder, so it has no scope of its own here.
 */
export function widerCount(frame: TaskFrame, turn: Evidence[], request: string): string | undefined {
  if (!asksCount(request)) return undefined;
  // "how many .ts files are under src/?" reads as a read of src: its count is asked of src as well.
  const folders = frame.goals.filter((g) => (g.intent === "question" || g.intent === "read") && !g.domain && g.target).map((g) => g.target!);
  if (!folders.length) return undefined;
  const counted = turn.filter((e) => e.kind === "command" && real(e) && exitCode(e) === 0 && /^\s*\d+(?:\s+\S+)?\s*$/u.test(readCommand(e)?.output ?? "")).at(-1);
  const r = counted ? readCommand(counted) : null;
  if (!counted || !r || r.opaque) return undefined;
  const scopes = r.steps.filter((s) => s.before !== "|" && SEARCHES.has(programOf(s))).flatMap((s) => stepScopes(r.cwd, s));
  if (!scopes.length) return undefined;
  const words = r.steps.flatMap((s) => s.argv.slice(1));
  const wider = folders.find((f) => scopes.every((s) => s !== f && within(f, s)) && !words.some((w) => namesFolder(w, f)));
  return wider ? `the answer gives a count for ${wider}, but [${counted.id}] counted over ${[...new Set(scopes)].join(", ")}, which holds more than ${wider}` : undefined;
}

/** Programs that only count or pass along what they read: a command of these alone leaves nothing out. */
const UNCUT = new Set(["wc", "cat"]);

/**
 * Whether a count question asks to leave something out ("not counting the header", "不算表头")
 * and `e` is a command that printed a count without leaving anything out (only `wc` and `cat`
 * steps): the number it printed includes what was to be left out (round 15).
 */
export const uncutCount = (e: Evidence, request: string): boolean => {
  const r = readCommand(e);
  return asksCount(request) && asksExclusion(request) && !!r && !r.opaque && r.steps.length > 0 && r.steps.every((s) => UNCUT.has(programOf(s)));
};

/** A count asked of distinct things ("unique client IPs", "不同的 IP", "去重后"). */
const DISTINCT = /\b(?:unique|distinct|different)\b|不同的|不重复|去重|唯一/iu;
/** A step that sets duplicates apart: `uniq`, `sort -u`, an awk array, a set (a set comprehension too) or counter in inline code. */
const dedupes = (argv: string[]): boolean =>
  argv[0] === "uniq" || (argv[0] === "sort" && argv.some((a) => /^-[A-Za-z]*u|^--unique/.test(a))) || argv.slice(1).some((a) => /\w\[\$|\bset\(|new Set|\{[^{}]*\bfor\b[^{}]*\}|Counter|unique|distinct|DISTINCT/.test(a));

/**
 * Whether a count question asks for distinct things and `e` is a command that printed a count
 * with no step setting duplicates apart (`wc -l access.log` for "unique IPs"): it counted every
 * line, not every distinct value.
 */
export const undistinctCount = (e: Evidence, request: string): boolean => {
  const r = readCommand(e);
  return COUNTING.test(request) && DISTINCT.test(request) && !!r && !r.opaque && r.steps.length > 0 && !r.steps.some((s) => dedupes(s.argv));
};

// "count the ERROR lines", "统计 ERROR 行数" ask a count too (round 37).
const COUNTING = /\bhow\s+(?:many|much)\b|多少|几(?!乎)|\bcount\b|统计|数一下/iu;

/**
 * Whether a count question asks how many of a marker there are ("多少条 ERROR", "how many
 * TODO lines") and `e` is a command that counted without looking for it (only `wc` and `cat`
 * steps, none naming it): the number it printed counts every line, not that thing (round 35).
 */
export const unfilteredCount = (e: Evidence, request: string, places: string[]): string | undefined => {
  const r = readCommand(e);
  if (!COUNTING.test(request) || !r || r.opaque || !r.steps.length || !r.steps.every((s) => UNCUT.has(programOf(s)))) return undefined;
  const words = r.steps.flatMap((s) => s.argv.slice(1)).join(" ").toLowerCase();
  // Only a marker written in capitals right after the count word ("多少条 ERROR", "how many TODO lines") is text to look for.
  const counted = [...request.matchAll(new RegExp(COUNTING, "giu"))].map((m) => request.slice(m.index + m[0].length, m.index + m[0].length + 16));
  return askedTerms(request, places).find((t) => /^[A-Z][A-Z_]{3,}$/u.test(t) && counted.some((c) => c.includes(t)) && !words.includes(t.toLowerCase()));
};
