/**
 * A change goal's state as observed (CONTRACT §6, whatever the means): the last effect on its
 * target, and the first observation after it that shows the requested state (content held,
 * path absent, new name present and old one gone) or shows it not reached.
 */
import { commandLine, commandListsFolder, commandMoved, commandShowsDiff, commandShowsEmpty, globMatches, lsPrintedPaths, commandWholeText, commandReads, readCommand, commandShowsPath, commandShowsText, lastChangingStep, countedMatches, isCode, recursiveGrepLines, testedFolder } from "./commandObservations.js";
import { changesOnlyMetadata, commandClassifies, commandShowsMetadata } from "./commandMetadata.js";
import { holdsText } from "./textHolds.js";
import { baseOf, dirOf, effectsOn, evidenceNumber, exitCode, isEffect, listingShows, listingShowsEmpty, observesWhatChanged, printedPaths, real, seen, showsText, within } from "./observedState.js";
import { programOf, stepOperands } from "./commandSteps.js";
import { seenChanges } from "./seenChanges.js";
import { searchesFor } from "./answerSearchTerm.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";
import { after, inTurn, isExit, isRead, listed } from "./turnEvidence.js";
import { resolveOperand } from "./workspacePaths.js";

/** What was observed of one change goal. */
export interface ChangeState {
  lastEffect?: Evidence;
  /** The observation after the last effect that shows the requested state. */
  shownBy?: Evidence;
  /** An observation after the last effect that shows the target NOT in the requested state. */
  contradictedBy?: Evidence;
}

/** An observation: an evidence item and, for a command, the step after which its reading counts. */
interface Seen {
  e: Evidence;
  from: number;
}

/** Latest verdict of `check` over `observations`, newest first, skipping those that cannot say. */
function latest(observations: Seen[], check: (s: Seen) => boolean | null): { yes?: Evidence; no?: Evidence } {
  for (const s of [...observations].reverse()) {
    const verdict = check(s);
    if (verdict === true) return { yes: s.e };
    if (verdict === false) return { no: s.e };
  }
  return {};
}

const negate = (verdict: boolean | null): boolean | null => (verdict === null ? null : !verdict);

/** Two checks that must both hold: a "no" from either settles it; else the later "yes". */
function settle(a: { yes?: Evidence; no?: Evidence }, b: { yes?: Evidence; no?: Evidence }): { yes?: Evidence; no?: Evidence } {
  const no = a.no ?? b.no;
  if (no) return { no };
  if (!a.yes || !b.yes) return {};
  return { yes: evidenceNumber(a.yes) >= evidenceNumber(b.yes) ? a.yes : b.yes };
}

/**
 * The last search over a folder whose lines show every changed file and none still holding what was replaced
 * ("a search for api.internal shows only https://api.internal"): none left, when what it searched for is part of
 * the replaced text, so that any left would have been a hit, or when the change rewrote the folder's files by a
 * pattern; a search for the new text after a change naming some files shows nothing of the others (tuning set 18).
 * A line holding it shows one left.
 */
function searchShowsReplaced(observed: Seen[], scope: string, gone: string, changed: string[], effect?: Evidence): { yes?: Evidence; no?: Evidence } {
  const hits = observed.filter((s) => s.e.kind === "search_hit" && within(s.e.source.path ?? "", scope));
  const call = hits.at(-1)?.e.toolCallId;
  const lines = hits.filter((s) => s.e.toolCallId === call).map((s) => s.e);
  const left = lines.find((e) => holdsText(e.content, gone));
  if (left) return { no: left };
  // A recursive grep for a part of the replaced text over the folder shows every line still holding it.
  const grep = lines.length ? undefined : observed.map((s) => s.e).filter((e) => real(e) && recursiveGrepLines(e, scope, gone) !== undefined).at(-1);
  const out = grep && recursiveGrepLines(grep, scope, gone);
  if (grep && out !== undefined) return holdsText(out, gone) ? { no: grep } : changed.every((p) => out.includes(p)) ? { yes: grep } : {};
  const search = lines[0]?.search;
  const whole = !!search?.scope && within(scope, search.scope) && ((search.regex ? searchesFor(search.query, gone) : gone.toLowerCase().includes(search.query.toLowerCase())) || (!!effect && overFolder(effect, scope)));
  return whole && changed.every((p) => lines.some((e) => e.source.path === p)) ? { yes: lines.at(-1) } : {};
}

/** A command that rewrote a folder's files by a pattern (`sed -i … svc/*.env`, `find api -name '*.md' -exec …`), not by naming some of them. */
function overFolder(e: Evidence, scope: string): boolean {
  const r = e.kind === "command" ? readCommand(e) : null;
  if (!r || r.opaque) return false;
  return r.steps.some((s) => {
    const ops = stepOperands(s).map((o) => resolveOperand(r.cwd, o));
    return (programOf(s) === "find" && !!ops[0] && within(ops[0], scope)) || ops.some((o) => o.includes("*") && within(dirOf(o), scope));
  });
}

/** Whether an observation shows `path` present (true), absent (false), or cannot say; a command that read it (`tar tf a.tar`) or a hit in it shows it there. */
const presence = (s: Seen, path: string): boolean | null =>
  isRead(s.e, path) || listed(s.e, path) || inside(s, path) || commandReads(s.e, path, s.from) || (seen(s.e) && s.e.kind === "search_hit" && s.e.source.path === path) ? true : notFound(s.e, path) ? false : (listingShows(s.e, path) ?? commandShowsPath(s.e, path, s.from));
/** A read of `path`, or of a folder holding it, that found no such path. */
const notFound = (e: Evidence, path: string): boolean => e.kind === "absence" && !!e.missing && !e.simulated && within(path, e.source.path ?? "");
/** Whether an observation shows `path`'s lines (read, found by a search, printed by a command, its diff printed by git), or a listing of it as a folder. */
const showsLines = ({ e, from }: Seen, path: string): boolean =>
  (seen(e) && e.source.path === path && (e.kind === "content" || e.kind === "passage" || e.kind === "search_hit" || e.kind === "listing")) ||
  commandReads(e, path, from) ||
  commandListsFolder(e, path, from) ||
  commandShowsDiff(e, path, from) ||
  commandShowsEmpty(e, path, from) ||
  listingShowsEmpty(e, path);
/** An observation of something inside `path`: the folder exists. */
const inside = ({ e }: Seen, path: string): boolean => seen(e) && !!e.source.path && e.source.path !== path && within(e.source.path, path);
/** An empty search over `path` or a folder holding it: every line of it was looked through. */
const searchedThrough = (e: Evidence, path: string): boolean => e.kind === "absence" && !e.missing && !e.simulated && within(path, e.source.path ?? ".");
/** A finished command that replaced `old` by `text` (both written in its line, the old first), with nothing else in between changed. */
const writesInPlace = (e: Evidence | undefined, old: string, text: string): boolean => {
  if (e?.kind !== "command" || exitCode(e) !== 0) return false;
  const line = commandLine(e);
  const at = line.indexOf(old);
  return at >= 0 && line.indexOf(text, at + old.length) > at;
};
/** An empty search for `text` over a scope holding `path`: false (it is not there), else null. */
const searchedNone = (e: Evidence, path: string, text: string): false | null =>
  e.kind === "absence" && !e.missing && within(path, e.source.path ?? ".") && e.content.includes(JSON.stringify(text)) ? false : null;
// An empty search for the text over a scope holding the file says it is not there.
const holds = ({ e, from }: Seen, path: string, text: string): boolean | null => showsText(e, path, text) ?? commandShowsText(e, path, text, from) ?? searchedNone(e, path, text);
/** An observation of what an effect with no named target changed: a read, a listing, a search hit (a line really read) or a finished command there. */
const seesWhatChanged = ({ e }: Seen, effect: Evidence): boolean | null =>
  ((real(e) && (e.kind === "content" || e.kind === "listing")) || (seen(e) && e.kind === "search_hit") || e.kind === "command") && observesWhatChanged(e, effect) ? true : null;

/**
 * Whether an observation printed a path matching a pattern (`cache/.tmp`: a name ending in `.tmp` under cache, in any
 * letter case; one written with capitals, `.TXT`, in that case exactly: "from .TXT to .txt" leaves `a.txt`, no match).
 */
// A shell glob (`2023-*.log`) matches as the shell would (round 32).
const endsLike = (name: string, end: string) => (end.includes("*") ? globMatches(end, name) : /\p{Lu}/u.test(end) ? name.endsWith(end) : name.toLowerCase().endsWith(end.toLowerCase()));
// Right in the pattern's folder (`direct`), only where the output says which folder each name is in: a listing, or a command of `ls` steps alone.
const printsMatch = (e: Evidence, pattern: string, direct = false): boolean =>
  (direct ? (e.kind === "listing" ? printedPaths(e) : (lsPrintedPaths(e) ?? [])).filter((p) => dirOf(p) === dirOf(pattern)) : printedPaths(e).filter((p) => within(p, dirOf(pattern)))).some((p) => endsLike(baseOf(p), baseOf(pattern)));

/**
 * The observations after the last effect: later evidence, and the reading steps of the
 * effect's own command that ran after its last change of the target (`mv a b && ls`).
 */
function observationsAfter(turn: Evidence[], lastEffect: Evidence | undefined, paths: string[]): Seen[] {
  const later = after(turn, lastEffect).map((e) => ({ e, from: -1 }));
  if (lastEffect?.kind !== "command") return later;
  const from = paths.length ? Math.max(...paths.map((p) => lastChangingStep(lastEffect, p))) : lastChangingStep(lastEffect);
  return [{ e: lastEffect, from }, ...later];
}

/** The paths an effect changed, when on record: a command's seen changes, a write's own path. */
const changedBy = (e: Evidence): string[] | undefined => (e.kind === "command" ? seenChanges(e)?.map((c) => c.path) : e.source.path ? [e.source.path] : undefined);

/** The state of a change goal (or its verification) in this turn. */
export function changeState(goal: Goal, frame: Pick<TaskFrame, "since"> & { goals?: Goal[] }, evidence: Evidence[]): ChangeState {
  const turn = inTurn(frame, evidence);
  const paths = [goal.target, goal.to].filter((p): p is string => !!p);
  // With no named target, an effect that changed only another goal's named target is that goal's: in "rename a.ts and
  // update its imports", the `mv` is the rename, not the imports' update.
  // Only a move's: an edit or a write of the same file may well be this goal's change under another reading.
  const others = (frame.goals ?? []).filter((g) => g.target && g.op === "move" && goal.op !== "move" && (g.intent === "change" || g.intent === "verify")).flatMap((g) => [g.target!, g.to ?? g.target!]);
  const othersOnly = (e: Evidence) => {
    const changed = changedBy(e);
    return !!changed?.length && changed.every((c) => others.some((p) => c === p || within(c, p)));
  };
  const effects = paths.length ? paths.flatMap((p) => effectsOn(p, turn)) : turn.filter((e) => isEffect(e) && !othersOnly(e));
  const lastEffect = effects.sort((a, b) => evidenceNumber(a) - evidenceNumber(b)).at(-1);
  const observed = observationsAfter(turn, lastEffect, paths);
  // Without an effect the requested state must be checkable on its own (nothing to read back).
  const checkable = !!lastEffect || goal.op === "delete" || goal.op === "move" || !!goal.expects || !!goal.expectsGone;
  if (!checkable) return {};
  const t = goal.target;
  let shown: { yes?: Evidence; no?: Evidence };
  if (!t) {
    // No named target (a pattern, "the csv files"): an observation of what the last effect named.
    // A number the request sets ("调到 50m") must be seen in what changed, not just any line of it; a named state ("to LF")
    // or a replacement seen gone may show otherwise.
    const changed = lastEffect ? (changedBy(lastEffect) ?? []) : [];
    const valueSeen = (s: Seen) => !goal.expects || !/\d/.test(goal.expects) || changed.some((p) => holds(s, p, goal.expects!) === true);
    shown = lastEffect ? latest(observed, (s) => (seesWhatChanged(s, lastEffect) && valueSeen(s) ? true : null)) : {};
    if (!shown.yes && !shown.no && lastEffect && goal.op === "edit" && goal.expects === undefined && goal.expectsGone === undefined) shown = { yes: greenRerun(turn, lastEffect, observed) };
    // Files deleted or made another kind by a pattern: a later observation still printing a match in its scope shows one left.
    // Files moved by a pattern went into a folder inside that scope: only one printed right in it is left (round 32).
    const moved = goal.op === "move";
    const left = goal.pattern ? observed.find((s) => s.e !== lastEffect && (printsMatch(s.e, goal.pattern!, moved) || (!moved && (countedMatches(s.e, goal.pattern!) ?? 0) > 0))) : undefined;
    return left ? { lastEffect, contradictedBy: left.e } : { lastEffect, shownBy: shown.yes };
  }
  switch (goal.op) {
    case "delete":
      shown = latest(observed, (s) => negate(presence(s, t)));
      break;
    case "move": {
      // With no destination named, a recorded move of the target names where it went.
      const to = goal.to ?? (lastEffect?.kind === "write" && lastEffect.op === "move" && lastEffect.from === t ? lastEffect.source.path : undefined);
      const there = to ? latest(observed, (s) => presence(s, to)) : {};
      // The old name must be gone too, unless the effect itself was a recorded move of it there.
      const recordedMove =
        (lastEffect?.kind === "write" && lastEffect.op === "move" && lastEffect.from === t && (!to || lastEffect.source.path === to)) ||
        (!!to && lastEffect?.kind === "command" && commandMoved(lastEffect, t, to));
      const gone = !recordedMove ? latest(observed, (s) => negate(presence(s, t))) : { yes: there.yes };
      // With no destination named, the old name gone is what can be observed.
      shown = to ? settle(there, gone) : gone;
      break;
    }
    default: {
      // Text asked of a folder is text asked of what it holds: each file the change was seen to make or change inside it (round 10).
      const parts = goal.expects !== undefined || goal.expectsGone !== undefined ? changedInside(effects, t) : [];
      shown = parts.length ? parts.map((p) => contentShown(goal, p, observed, effects)).reduce(settle) : contentShown(goal, t, observed, effects);
      // Every occurrence in a folder: only a look over the whole folder (a search, a recursive grep) shows none left.
      if (parts.length && goal.whole && goal.expectsGone !== undefined) {
        const none = latest(observed, (s) => negate(holds(s, t, goal.expectsGone!)));
        shown = none.yes || none.no ? none : searchShowsReplaced(observed, t, goal.expectsGone, parts, lastEffect);
      }
    }
  }
  // A verb the lexicon lacks ("gzip logs/old.log") asks for no state it can name: when its effect was seen to remove the
  // target, an observation of the target gone shows that effect.
  const removed = (e: Evidence) => e.kind === "command" && !!seenChanges(e)?.some((c) => (c.change === "deleted" && c.path === t) || c.from === t);
  if (!shown.yes && !shown.no && t && lastEffect && goal.guessed && goal.expects === undefined && goal.expectsGone === undefined && removed(lastEffect)) shown = latest(observed, (s) => negate(presence(s, t)));
  // Undecided by what was seen of the target: the run the request named to confirm its changes, succeeding after them, observes them;
  // so does a passing test run over an edited code file when no text was asked of it (round 26: "fix add() so the tests pass").
  if (!shown.yes && !shown.no && lastEffect) shown = { yes: confirmingRun(frame.goals ?? [], observed) ?? testedEdit(goal, observed) ?? (goal.op === "edit" && goal.expects === undefined && goal.expectsGone === undefined ? greenRerun(turn, lastEffect, observed) : undefined) };
  return { lastEffect, shownBy: shown.yes, contradictedBy: shown.no };
}

/** The successful run, among observations after a change, of the file the request runs to confirm its changes. */
/** A command that failed before the last effect and, run again after it, exits 0 ("fix until green"): it observes the fix (round 30). */
function greenRerun(turn: Evidence[], lastEffect: Evidence, observed: Seen[]): Evidence | undefined {
  const failed = new Set(turn.filter((e) => real(e) && isExit(e) && exitCode(e) !== 0 && evidenceNumber(e) < evidenceNumber(lastEffect)).map(commandLine));
  return observed.map((s) => s.e).filter((e) => e !== lastEffect && real(e) && isExit(e) && exitCode(e) === 0 && failed.has(commandLine(e))).at(-1);
}
function confirmingRun(goals: Goal[], observed: Seen[]): Evidence | undefined {
  const checks = goals.filter((g) => g.intent === "run" && g.confirms && g.target).map((g) => g.target!);
  return observed.map((s) => s.e).filter((e) => real(e) && isExit(e) && exitCode(e) === 0 && checks.some((t) => commandLine(e).includes(t))).at(-1);
}

/** The latest passing test run, after an edit of code that names no text, over a folder holding the edited file. */
function testedEdit(goal: Goal, observed: Seen[]): Evidence | undefined {
  if (goal.op !== "edit" || !goal.target || !isCode(goal.target) || goal.expects !== undefined || goal.expectsGone !== undefined) return undefined;
  const tests = (e: Evidence) => {
    const dir = e.kind === "command" && real(e) ? testedFolder(e) : undefined;
    return dir !== undefined && within(goal.target!, dir);
  };
  return observed.map((s) => s.e).filter(tests).at(-1);
}

/** Whether the observations show `path` in the state a write or an edit asks for. */
function contentShown(goal: Goal, path: string, observed: Seen[], effects: Evidence[]): { yes?: Evidence; no?: Evidence } {
  // A folder, an empty file or a copy is shown by its presence; a change of mode alone by its metadata; other content by its lines or the quoted text.
  const metadata = effects.length > 0 && effects.every((e) => changesOnlyMetadata(e, path));
  // A requested mode (`chmod 640`) is judged by the mode shown, whatever the file holds.
  const present =
    goal.expects && effects.length > 0 && effects.every((e) => changesOnlyMetadata(e, path, true))
      ? latest(observed, (s) => (commandShowsMetadata(s.e, path, s.from, goal.expects) ? true : null))
      : goal.expects
        ? latest(observed, (s) => holds(s, path, goal.expects!))
        : latest(observed, (s) => (goal.existence ? presence(s, path) : showsLines(s, path) || inside(s, path) || (metadata && commandShowsMetadata(s.e, path, s.from)) || commandClassifies(s.e, path, s.from) || (goal.expectsGone === undefined && searchedThrough(s.e, path)) ? true : null));
  const gone = goal.expectsGone ? latest(observed, (s) => negate(holds(s, path, goal.expectsGone!))) : { yes: present.yes };
  // A removal asks only that the text be gone: an empty search for it shows that without showing the file's lines.
  if (goal.expectsGone !== undefined && goal.expects === undefined && !goal.whole && gone.yes && !present.no && !present.yes) return gone;
  // A replacement seen gone, made by a command that wrote the new text in its place (`sed s/登陆/登录/g`), shows the new text there too.
  const old = goal.expectsGone ?? goal.replaced;
  if (old !== undefined && goal.expects !== undefined && !present.no && !present.yes && writesInPlace(effects.at(-1), old, goal.expects)) {
    const none = latest(observed, (s) => negate(holds(s, path, old)));
    if (none.yes) return none;
  }
  // An addition keeps what the file held: the latest whole read showing fewer lines than then shows it overwritten (round 10).
  if (goal.linesBefore !== undefined) {
    const kept = latest(observed, (s) => {
      const n = wholeLines(s, path);
      return n === undefined ? null : n >= goal.linesBefore!;
    });
    if (kept.no) return { no: kept.no };
  }
  if (goal.whole && goal.expects) {
    const only = latest(observed, (s) => {
      const n = wholeLines(s, path);
      return n === undefined ? null : n === goal.expects!.split("\n").length;
    });
    if (only.no) return { no: only.no };
  }
  // Text asked to open the file ("as the first line"): the whole file seen after the change must start with it.
  if (goal.leads && goal.expects) {
    const top = latest(observed, (s) => {
      const text = wholeText(s, path);
      return text === undefined ? null : holdsText(text.split("\n")[0] ?? "", goal.expects!.split("\n")[0]!);
    });
    if (top.no) return { no: top.no };
  }
  // The text a replacement replaces, still seen after it (`sed` without `g`): not done, whatever else shows the new text.
  const left = goal.replaced !== undefined ? latest(observed, (s) => (holds(s, path, goal.replaced!) === true ? false : null)) : {};
  return left.no ? { no: left.no } : settle(present, gone);
}

/** The lines an observation shows as a file's whole text: a whole `read_open`, or a lone `cat` of it. */
function wholeText({ e, from }: Seen, path: string): string | undefined {
  if (e.kind === "content" && e.toolId === "read_open" && real(e) && e.source.path === path && (e.source.startLine ?? 1) === 1 && !/…\[truncated\]$/.test(e.content)) return e.content.replace(/\n+$/, "");
  return commandWholeText(e, path, from);
}

const wholeLines = (s: Seen, path: string): number | undefined => {
  const text = wholeText(s, path);
  return text === undefined ? undefined : text ? text.split("\n").length : 0;
};

/** The files strictly inside `folder` that the effects were seen or recorded to create or change (a file target has none). */
function changedInside(effects: Evidence[], folder: string): string[] {
  const paths = effects.flatMap((e) =>
    e.kind === "write" ? [e.source.path ?? ""] : (seenChanges(e) ?? []).filter((c) => c.change !== "deleted" && c.change !== "mode").map((c) => c.path),
  );
  return [...new Set(paths.filter((p) => p !== folder && within(p, folder)))];
}
