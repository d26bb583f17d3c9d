/**
 * What an answer states that the turn's observations should have shown (issue 21, round 8): a
 * file it names in a folder a listing showed without it, a size no observation measured, a value
 * it gives something other than the name the output printed beside it, a change it says it made
 * to something nothing in the turn or the request mentions. Each check reads only what an
 * observation printed; a claim no observation speaks to is left alone.
 */
import { claimedObjects, claimedTargets, countValue, reportsNewState, sentences, statedNumbers, unitCounts } from "../language/answerWords.js";
import { baseForms } from "../language/english.js";
import { mentionedPaths, PATH_TOKEN } from "../language/operands.js";
import { isNegation } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { shownText } from "./answerValues.js";
import { commandLine, lsPrintedPaths, readCommand } from "./commandObservations.js";
import { programOf, stepOperands } from "./commandSteps.js";
import { isEffect, isRecordedChange, listingShows, printedPaths, real, seen } from "./observedState.js";
import { changedSeen, seenChanges } from "./seenChanges.js";
import { baseOf, related, resolveOperand, within } from "./workspacePaths.js";
import type { Evidence, TaskFrame } from "./types.js";

/** Whether any observation of the turn shows `path` there: a listing of it, a read of it, a printed path. */
const shownPresent = (turn: Evidence[], path: string) => turn.some((e) => listingShows(e, path) === true || (seen(e) && e.source.path === path) || printedPaths(e).includes(path));

/** Whether `text` prints `name` as a path's last part (`todo.md`, `./notes/todo.md`). */
const printsName = (text: string, name: string): boolean => new RegExp(`(?:^|[\\s/'"\`])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[\\s'"\`,;:])`, "m").test(text);

/**
 * A file the answer names in a question's reply that a listing of its folder showed absent
 * (three names after a listing of their folder that shows two). Only a question's reply (no
 * change asked) and a sentence without a negation are checked: a removal's report names what is gone.
 */
export function unlistedName(frame: TaskFrame, turn: Evidence[], answer: string): string | undefined {
  if (frame.goals.some((g) => g.intent === "change" || g.intent === "verify")) return undefined;
  const listings = turn.filter((e) => e.kind === "listing" && real(e));
  for (const sentence of sentences(answer)) {
    if (segmentWords(sentence).some(isNegation)) continue;
    for (const m of sentence.matchAll(PATH_TOKEN)) {
      const candidates = [m[0], ...listings.map((e) => resolveOperand(e.source.path ?? ".", m[0]))];
      // A name some observation printed (a search elsewhere finding it) may be where it was found.
      if (candidates.some((p) => shownPresent(turn, p)) || turn.some((e) => printsName(shownText(e), m[0]))) continue;
      const absent = listings.find((e) => candidates.some((p) => listingShows(e, p) === false));
      if (absent) return `the answer names ${m[0]}, but [${absent.id}] lists ${absent.source.path ?? "."} without it`;
    }
  }
  return undefined;
}

/** A size in bytes an answer states (`4 MB`, `70 bytes`, `0.5 KiB`). */
const SIZE = /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:bytes?|[KMGT]i?B|字节)(?![\p{L}])/giu;
/** Observations that print sizes: a long listing, `du`, `stat`, `wc -c`, `find -size`/`-printf`, a listing with byte counts. */
const MEASURES_SIZE = (e: Evidence): boolean => {
  if (e.kind === "listing") return /\(\d+ bytes\)/.test(e.content);
  const r = readCommand(e);
  return !!r && r.steps.some((s) => ["du", "stat"].includes(programOf(s)) || (programOf(s) === "ls" && s.argv.some((a) => /^-[A-Za-z]*[ls]/.test(a))) || (programOf(s) === "wc" && s.argv.some((a) => /^-[A-Za-z]*c/.test(a))) || (programOf(s) === "find" && s.argv.some((a) => a === "-size" || a === "-printf")));
};

/** A size the answer states when no observation of the turn measured one (a count of files, then their total size, after a command that only counted). */
export function unmeasuredSize(turn: Evidence[], answer: string): string | undefined {
  const size = [...answer.matchAll(SIZE)][0];
  // A whole read that came back empty measured nothing but zero: "0 bytes" is what it showed.
  const seenEmpty = Number(size?.[1]) === 0 && turn.some((e) => e.kind === "content" && real(e) && e.content === "" && (e.source.startLine ?? 1) === 1);
  if (!size || seenEmpty || turn.some(MEASURES_SIZE) || turn.some((e) => shownText(e).includes(size[1]!))) return undefined;
  return `the answer states a size (${size[0]}), but no observation of this turn measured one`;
}

const WHO_OR_WHICH = /\b(?:who|whom|whose|which)\b|谁|哪/iu;

/**
 * A value given to another name than the one the output printed beside it: a command printed
 * one line, a name and a number (`ann 7`, `王五 3`), and the answer states the number without
 * the name, to a question asking who or which. A name that is one of the command's operands (`3 a.txt`
 * from `wc -l a.txt`) is left alone.
 */
export function misnamedValue(turn: Evidence[], answer: string, request: string): string | undefined {
  // Only a question asking who or which: the name printed is then the answer (a label such as `total` is not).
  if (!WHO_OR_WHICH.test(request)) return undefined;
  const last = turn.filter((e) => e.kind === "command" && real(e) && readCommand(e)?.finished).at(-1);
  const r = last ? readCommand(last) : null;
  if (!last || !r || r.opaque) return undefined;
  const m = /^\s*(?:([^\s\d][^\s]*)\s+(-?\d+(?:\.\d+)?)|(-?\d+(?:\.\d+)?)\s+([^\s\d][^\s]*))\s*$/u.exec(r.output);
  if (!m) return undefined;
  const name = (m[1] ?? m[4])!;
  // A key ending in its separator (`node-version: 20`) labels the value; it is no other name's.
  if (/[:=]$/u.test(name)) return undefined;
  const value = Number(m[2] ?? m[3]);
  const operands = r.steps.flatMap((s) => stepOperands(s).map((o) => resolveOperand(r.cwd, o)));
  if (operands.some((o) => o === resolveOperand(r.cwd, name) || baseOf(o) === name)) return undefined;
  const decimals = [...answer.matchAll(/(?<![\w.:-])\d+\.\d+(?![\w.:]*\w)/gu)].map((x) => Number(x[0]));
  // A name printed as a pair (`code=E204`) is given by its value alone too.
  const given = [name, name.split(/[=:]/u).at(-1)!].filter((n) => n.length > 1);
  if (![...statedNumbers(answer), ...decimals].includes(value) || given.some((n) => answer.toLowerCase().includes(n.toLowerCase()))) return undefined;
  return `the answer gives ${value}, but [${last.id}] printed it beside ${name}`;
}

const POINTS_BACK = /^(?:line|lines|entry|entries|file|files|text|value|values|setting|settings|change|changes|content|contents|行|内容|文件|配置|设置)$/iu;

/**
 * A change the answer says it made to something nothing mentions: neither the request, nor any
 * observation or command of the turn (a second edit to a part of the file
 * no read showed and no request asked for). Every content word of the object must be unmentioned.
 */
export function unseenChange(turn: Evidence[], answer: string, request: string): string | undefined {
  const known = [request, ...turn.map(shownText), ...turn.filter((e) => e.kind === "command").map(commandLine), ...turn.map((e) => e.source.path ?? "")].join("\n").toLowerCase();
  const mentioned = (w: string) => baseForms(w).some((f) => f.length > 2 && known.includes(f));
  // "the line", "the entry": a word pointing back at what the request asked names nothing new (round 37).
  const object = claimedObjects(answer).find((o) => !o.some(mentioned) && !o.every((w) => POINTS_BACK.test(w)));
  return object ? `the answer says it changed the ${object.join(" ")}, but nothing in the request or this turn's observations mentions it` : undefined;
}

/** Whether every effect of the turn says where it acted: each command's changes are on record, and no MCP or workspace receipt (which does not say) is among them. */
const allOnRecord = (turn: Evidence[]): boolean =>
  turn.every((e) => e.simulated || (e.kind === "command" ? !!seenChanges(e) : !(e.kind === "receipt" && (!e.domain || e.domain.startsWith("mcp") || e.domain.startsWith("workspace")))));

/** The files the turn changed, every effect on record: recorded changes' paths, and seen changes' paths that hold no other changed path (a folder made for them). */
function changedFiles(turn: Evidence[]): Set<string> {
  const paths = [...turn.filter(isRecordedChange).map((e) => e.source.path ?? ""), ...turn.flatMap((e) => (seenChanges(e) ?? []).map((c) => c.path))].filter(Boolean);
  return new Set(paths.filter((p) => !paths.some((q) => q !== p && q.startsWith(`${p}/`))));
}

/**
 * A number of files the answer says it changed ("all 3 Python files in pkg/", "All three markdown
 * files now say 2025") other than the number the turn's records show changed, every effect on
 * record: a clause giving a count of files with a change verb or a word of the new state (`now`,
 * `现在`, `已`) reports how many changed, and none of its counts is that number.
 */
const HOLDS_COUNT = /(?:\b(?:lists?|listing|contains?|holds?|shows?|includes?|names?|has|have)\s+(?:all\s+)?(?:the\s+|these\s+|those\s+)?|(?:列出了?|列了|包含了?|含有|里有)\s*)$/iu;

export function miscountedChanges(turn: Evidence[], answer: string): string | undefined {
  if (!allOnRecord(turn) || !turn.some((e) => isRecordedChange(e) || !!seenChanges(e)?.length)) return undefined;
  const changed = changedFiles(turn).size;
  // What a recorded folder delete says it removed inside the folder (`2 direct entries, 3 paths in all`): the files in it were removed with it (round 12).
  const inside = new Set(turn.filter((e) => isRecordedChange(e) && e.op === "delete").flatMap((e) => [...e.content.matchAll(/(\d+)\s+(?:direct\s+)?(?:entries|paths|files)/gu)].flatMap((m) => [Number(m[1]), Number(m[1]) - 1])));
  for (const clause of answer.split(/[,，;；。]|(?<=\.)\s+|\n/u)) {
    // A count a file's content gives ("MANIFEST.txt now lists the three files", "里面列了 3 个文件") is what it holds, not what changed (round 30).
    const held = (text: string) => HOLDS_COUNT.test(clause.slice(0, Math.max(0, clause.indexOf(text))));
    const counts = unitCounts(clause).filter((c) => c.unit === "file" && !held(c.text)).map((c) => countValue(c.text));
    if (!counts.length || counts.includes(changed) || counts.some((n) => inside.has(n)) || !reportsNewState(clause)) continue;
    return `the answer says ${counts[0]} files changed ("${clause.trim()}"), but this turn changed ${changed}`;
  }
  return undefined;
}

/**
 * A path the answer says it changed ("removed old.cfg", "已更新 文档/第一章.md") that no effect of
 * the turn changed: every command's changes are on record (seen, not read from its words) and no
 * recorded change or seen change touches the path (a failed `rm` of a file that never existed, a
 * report of another file than the one changed). A name without a folder may be any file of that
 * name, and is a file only where the request (outside the text it asks held or removed, `texts`) or an observation names it so. Where an effect of the turn is not on record (an MCP tool, a large workspace), nothing is
 * settled and the claim is left alone.
 */
export function unchangedClaim(turn: Evidence[], answer: string, request: string, texts: string[] = []): string | undefined {
  const commands = turn.filter((e) => e.kind === "command" && !e.simulated);
  if (!allOnRecord(turn)) return undefined;
  const writes = turn.filter(isRecordedChange);
  const touched = (path: string): boolean | null => {
    const bare = !path.includes("/");
    // A path named from inside a folder (`dist/x.js` for web/dist/x.js) is that path's tail.
    // A bare extension (".jpg" in "pics 下的 .jpg 都删掉了") names a kind of file: any of that kind.
    const kind = bare && /^\.[\p{L}\p{N}]+$/u.test(path);
    const sameName = (p: string | undefined) => !!p && (related(p, path) || p.endsWith(`/${path}`) || (bare && baseOf(p) === path) || (kind && p.toLowerCase().endsWith(path.toLowerCase())));
    if (writes.some((e) => sameName(e.source.path) || sameName(e.from))) return true;
    // A folder deleted took what it held: a file the turn saw inside it (round 29).
    const deleted = writes.filter((e) => e.op === "delete" && e.source.path).map((e) => e.source.path!);
    if (deleted.some((d) => within(path, d) || turn.some((e) => printedPaths(e).some((q) => within(q, d) && q !== d && sameName(q))))) return true;
    if (commands.some((e) => seenChanges(e)!.some((c) => sameName(c.path) || sameName(c.from)))) return true;
    const seenAt = commands.map((e) => changedSeen(e, path));
    return seenAt.includes(true) ? true : seenAt.includes(null) ? null : false;
  };
  // A name without a folder is a file only where the request or an observation of the turn names it so (`M.speed` is code).
  // Text the request asks held or removed (`console.log`) is no path it names (round 32).
  const known = new Set([...mentionedPaths(request).filter((p) => !texts.includes(p)), ...turn.flatMap((e) => [e.source.path ?? "", ...printedPaths(e), ...(seenChanges(e) ?? []).map((c) => c.path)])].flatMap((p) => [p, baseOf(p)]));
  const claim = claimedTargets(answer).find((t) => (t.path.includes("/") || known.has(t.path)) && touched(t.path) === false);
  return claim ? `the answer says it changed ${claim.path} ("${claim.clause}"), but nothing in this turn changed it` : undefined;
}

/** An answer saying a folder is now empty, in so many words ("完全清空", "什么都没有", "is completely empty"). */
const EMPTY_CLAIM = /完全清空|什么都没有|什么也没有|是空的|空空如也|\b(?:is|are)\s+(?:now\s+)?(?:completely\s+|totally\s+|entirely\s+)?empty\b|\bcompletely\s+empty\b|\bnothing\s+(?:is\s+)?(?:left|remains)\b/iu;
/** A sentence naming what stays ("except .keep", "只剩 .keep", "保留"): it does not say the folder is bare. */
const EXCEPTED = /除了|只剩|保留|留下|\bexcept\b|\bbut\b|\bonly\b|\bkept\b/iu;

/**
 * A folder the answer calls empty that the turn's last listing, after its last change, shows
 * entries in (`ls -A logs` printing `.keep` after "logs/ 已经完全清空了，里面什么都没有"; round 31).
 */
export function emptyClaimShown(turn: Evidence[], answer: string): string | undefined {
  const said = sentences(answer).find((s) => EMPTY_CLAIM.test(s) && !EXCEPTED.test(s));
  if (!said) return undefined;
  const lsOnly = (e: Evidence) => e.kind === "command" && lsPrintedPaths(e) !== undefined;
  const lastEffect = turn.map((e) => isEffect(e) && !lsOnly(e)).lastIndexOf(true);
  const listing = turn.filter((e, i) => i > lastEffect && real(e) && (e.kind === "listing" || lsOnly(e))).at(-1);
  const shown = listing ? printedPaths(listing) : [];
  // A sentence naming a folder speaks of what is inside that folder only (`docs/old` listed bare is empty).
  const folders = new Set(shown.flatMap((p) => p.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))).concat(shown));
  const named = [...said.matchAll(/[\w.-]+(?:\/[\w.-]+)*/gu)].map((m) => m[0]).flatMap((w) => [...folders].filter((f) => f === w || f.endsWith(`/${w}`)));
  const inside = shown.filter((p) => (named.length ? named.some((n) => p !== n && within(p, n)) : true));
  return listing && inside.length ? `the answer says it is empty, but [${listing.id}] lists ${inside.slice(0, 3).join(", ")}` : undefined;
}
