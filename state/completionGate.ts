/**
 * Coverage and the completion gate (CONTRACT §6): evidence answerable ≠ task completable.
 * Coverage is computed from observed state, never from the Planner's say-so nor from which
 * tool made an effect: a change is covered once an effect on its target happened, and its
 * verification once an observation after the last effect on that target shows the requested
 * state (content present, path absent, new name present and old one gone). Each turn gathers
 * its own evidence: an earlier turn's evidence covers a new goal only when it is a read of the
 * same file with no change to it since. Simulated evidence never covers anything.
 */
import { changesOnlyMetadata, commandLine, commandListsFolder, commandMoved, commandWholeText, commandReads, readCommand, commandShowsMetadata, commandShowsPath, commandShowsText, holdsText, lastChangingStep, countedMatches, isCode, recursiveGrepLines, testedFolder } from "./commandObservations.js";
import { baseOf, dirOf, effectsOn, evidenceNumber, exitCode, fromTarget, isEffect, listingComplete, listingShows, listingShowsEmpty, observesWhatChanged, printedPaths, real, seen, showsText, succeeded, within } from "./observedState.js";
import { CHECKS, commandSteps, grepParts, isEffectStep, programOf, readsGit, stepOperands } from "./commandSteps.js";
import { unforeseenChanges } from "./effectGoals.js";
import { seenChanges } from "./seenChanges.js";
import { describeGoal, goalKey } from "./taskFrame.js";
import { searchesFor } from "./answerSearchTerm.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";
import { resolveOperand } from "./workspacePaths.js";

/** A non-file goal's domain matches a tool's domain family; an MCP server may serve any domain. */
const inDomain = (goalDomain: string | undefined, e: Evidence) =>
  !goalDomain || (!!e.domain && (e.domain === goalDomain || e.domain.startsWith(`${goalDomain}.`) || e.domain === "mcp" || e.domain.startsWith("mcp.")));

const isExit = (e: Evidence) => e.kind === "command" && exitCode(e) !== null;
// `make lint` runs the linter, not the build. A linter is any static checker (commandSteps.ts CHECKS).
const SUBJECT_COMMANDS: Record<string, RegExp> = {
  test: /test|spec|vitest|jest|mocha|pytest/i,
  build: /build|tsc|compile|\bmake\b(?!\s+(?:lint|test|tests|check|clean|fmt|format)\b)|webpack|vite/i,
  lint: CHECKS,
  service: /restart|reload|systemctl|service|supervisorctl|pm2|docker|kill/i,
};

/** Evidence gathered in this turn (after the frame's `since`). */
const inTurn = (frame: Pick<TaskFrame, "since">, evidence: Evidence[]) => evidence.filter((e) => evidenceNumber(e) > (frame.since ?? 0));
const after = (evidence: Evidence[], mark: Evidence | undefined) => (mark ? evidence.filter((e) => evidenceNumber(e) > evidenceNumber(mark)) : evidence);
/** An observation of a file's whole text (not a hit): what "read back" means. */
const isRead = (e: Evidence, path: string) => real(e) && e.source.path === path && (e.kind === "content" || e.kind === "passage");
/** A listing of the folder itself: the folder is there. */
const listed = (e: Evidence, path: string) => real(e) && e.kind === "listing" && e.source.path === path;

/** What a change's evidence says: the last effect on its target, and the observation showing the requested state. */
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
/** Whether an observation shows `path`'s lines (read, found by a search, printed by a command), or a listing of it as a folder. */
const showsLines = ({ e, from }: Seen, path: string): boolean =>
  (seen(e) && e.source.path === path && (e.kind === "content" || e.kind === "passage" || e.kind === "search_hit" || e.kind === "listing")) ||
  commandReads(e, path, from) ||
  commandListsFolder(e, path, from) ||
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
const endsLike = (name: string, end: string) => (/\p{Lu}/u.test(end) ? name.endsWith(end) : name.toLowerCase().endsWith(end.toLowerCase()));
const printsMatch = (e: Evidence, pattern: string): boolean => printedPaths(e).some((p) => within(p, dirOf(pattern)) && endsLike(baseOf(p), baseOf(pattern)));

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
    // Files deleted or made another kind by a pattern: a later observation still printing a match in its scope shows one left.
    const left = goal.pattern ? observed.find((s) => s.e !== lastEffect && (printsMatch(s.e, goal.pattern!) || (countedMatches(s.e, goal.pattern!) ?? 0) > 0)) : undefined;
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
  if (!shown.yes && !shown.no && lastEffect) shown = { yes: confirmingRun(frame.goals ?? [], observed) ?? testedEdit(goal, observed) };
  return { lastEffect, shownBy: shown.yes, contradictedBy: shown.no };
}

/** The successful run, among observations after a change, of the file the request runs to confirm its changes. */
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
        : latest(observed, (s) => (goal.existence ? presence(s, path) : showsLines(s, path) || inside(s, path) || (metadata && commandShowsMetadata(s.e, path, s.from)) || (goal.expectsGone === undefined && searchedThrough(s.e, path)) ? true : null));
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

/** Evidence from a named file in this turn, or an earlier turn's read of it with no change to it since. */
function fromFile(path: string, frame: Pick<TaskFrame, "since">, evidence: Evidence[], kinds?: Evidence["kind"][]): Evidence | undefined {
  const ok = (e: Evidence) => fromTarget(e, path) && (!kinds || kinds.includes(e.kind));
  const now = inTurn(frame, evidence).filter(ok).at(-1);
  if (now) return now;
  const lastChange = effectsOn(path, evidence, false).at(-1);
  return after(evidence, lastChange).filter((e) => ok(e) && real(e) && (e.kind === "content" || e.kind === "listing")).at(-1);
}

/** Earlier turns' reads of files with no effect on them since. */
const unchangedReads = (evidence: Evidence[], frame: Pick<TaskFrame, "since">) =>
  evidence.filter((e) => evidenceNumber(e) <= (frame.since ?? 0) && isRead(e, e.source.path ?? "") && !after(evidence, e).some((x) => effectsOn(e.source.path!, [x], false).length));

/**
 * An empty search answers a question of the scope it searched: the question's named place, or
 * (naming none) the whole workspace — a search over one folder does not say "nowhere" (tuning set 5).
 */
const absenceAnswers = (goal: Goal, e: Evidence): boolean => within(goal.target ?? ".", e.source.path ?? ".");

/** A finished command that looked into the local repository with git answers a question about its code (`git branch --show-current`). */
const looksIntoRepo = (e: Evidence): boolean => isExit(e) && exitCode(e) === 0 && commandSteps(commandLine(e)).steps.some(readsGit);

/** Whether a command's every step only looks at what it names (`cat`, `grep`, `ls`). */
function onlyLooks(e: Evidence): boolean {
  const { steps, opaque } = commandSteps(commandLine(e));
  return !opaque && steps.length > 0 && steps.every((s) => !isEffectStep(s));
}

/** Whether a command may speak of folder `t`: it names it, or every place it searches (a grep's files, a listing's folders) holds or is inside `t`. */
function searchesAround(e: Evidence, t: string): boolean {
  if (commandLine(e).includes(t)) return true;
  const places = commandSteps(commandLine(e)).steps.flatMap((s) =>
    ["grep", "egrep", "fgrep", "rg"].includes(programOf(s)) ? grepParts(s).files : ["ls", "find", "tree", "du"].includes(programOf(s)) ? stepOperands(s).slice(0, 1) : [],
  );
  const norm = (p: string) => p.replace(/^\.\//, "").replace(/\/+$/, "") || ".";
  return places.every((p) => within(norm(p), t) || within(t, norm(p)));
}

/** The evidence that covers a goal now, or none. */
function coveringEvidence(goal: Goal, frame: TaskFrame, evidence: Evidence[]): Evidence[] {
  const turn = inTurn(frame, evidence);
  const t = goal.target;
  const one = (e: Evidence | undefined) => (e ? [e] : []);
  switch (goal.intent) {
    case "read":
      return t ? one(fromFile(t, frame, evidence)) : [];
    case "question": {
      const now = turn
        .filter((e) =>
          goal.domain
            ? real(e) && (((e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e)) || (goal.domain === "code" && looksIntoRepo(e)))
            : seen(e) &&
              // A question of a named folder is answered from that folder (or a search that covered it), or by a command.
              (!t || (isExit(e) ? searchesAround(e, t) : within(e.source.path ?? ".", t) || within(t, e.source.path ?? "."))) &&
              (e.kind === "content" || e.kind === "passage" || e.kind === "record" || e.kind === "receipt" || e.kind === "search_hit" || isExit(e) || (e.kind === "absence" && absenceAnswers(goal, e)) ||
                // Whether a file exists is answered by a listing of the whole scope, as by an empty search (tuning set 6).
                (!!goal.existence && listingComplete(e) && absenceAnswers(goal, e))),
        )
        .at(-1);
      // A follow-up naming nothing of its own ("is it still five?") is about what the thread read: an earlier read of a file unchanged since.
      return one(now ?? (goal.domain ? undefined : unchangedReads(evidence, frame).at(-1)));
    }
    case "compare": {
      if (goal.targets?.length) {
        const each = goal.targets.map((p) => fromFile(p, frame, evidence, ["content", "passage", "listing"]));
        return each.every(Boolean) ? (each as Evidence[]) : [];
      }
      const reads = turn.filter((e) => real(e) && (e.kind === "content" || e.kind === "passage"));
      const paths = [...new Set(reads.map((e) => e.source.path))];
      return paths.length >= 2 ? paths.map((p) => reads.filter((e) => e.source.path === p).at(-1)!) : [];
    }
    case "change": {
      const state = changeState(goal, frame, evidence);
      if (state.shownBy) return state.lastEffect ? [state.lastEffect, state.shownBy] : [state.shownBy];
      return state.lastEffect && succeeded(state.lastEffect) ? [state.lastEffect] : [];
    }
    case "verify":
      return one(changeState(goal, frame, evidence).shownBy);
    case "run": {
      const pattern = SUBJECT_COMMANDS[goal.subject ?? ""];
      // A run naming nothing beside a change ("fix the import and run the smoke test") is not the command that made the change.
      const asked = !pattern && !t && frame.goals.some((g) => g.intent === "change");
      // A command that only looks at files (`cat test.sh`) runs no tests, whatever its line names; one running the
      // script the request names for it ("Build with mk.sh") runs the build, whatever the script is called.
      // A Python file is run by its module name too (`python3 -m unittest tests.test_parser`).
      const names = (e: Evidence) => !!t && (commandLine(e).includes(t) || (t.endsWith(".py") && commandLine(e).includes(t.slice(0, -3).replace(/\//g, "."))));
      const runs = (e: Evidence) => !pattern || ((pattern.test(e.content.split("\n")[0] ?? "") || names(e)) && !onlyLooks(e));
      return one(turn.filter((e) => real(e) && isExit(e) && runs(e) && (!t || names(e)) && !(asked && isEffect(e))).at(-1));
    }
    case "send": {
      const receipt = turn.filter((e) => real(e) && e.kind === "receipt" && inDomain(goal.domain, e)).at(-1);
      // A message from a file carries what the file says: a read of it before the receipt.
      const source = goal.target && receipt ? fromFile(goal.target, frame, evidence.filter((e) => evidenceNumber(e) < evidenceNumber(receipt))) : undefined;
      return !receipt ? [] : !goal.target ? [receipt] : source ? [source, receipt] : [];
    }
    case "lookup":
      return one(turn.filter((e) => real(e) && (e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e)).at(-1));
  }
}

/**
 * Updates coverage from the evidence window. Coverage is sticky (evidence that scrolled out
 * of the window still happened), except that a newer effect on a change's target reopens its
 * verification; declined and disputed goals keep their status.
 */
export function coverGoals(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  frame = withUnforeseenChanges(frame, evidence);
  const goals = frame.goals.map((g): Goal => {
    if (g.status === "declined" || g.status === "disputed") return g;
    const covering = coveringEvidence(g, frame, evidence);
    if (covering.length) return { ...g, status: "covered", coveredBy: covering.map((e) => e.id) };
    const reopened = g.intent === "verify" && changeState(g, frame, evidence).lastEffect !== undefined;
    return g.status === "covered" && !reopened ? g : { ...g, status: "open", coveredBy: [] };
  });
  return { ...frame, goals };
}

/**
 * A turn that changed files the frame asked no change of (the request's words were not read as
 * one) gets a verification goal per changed path: what changed must be observed after it. A
 * turn that runs something (tests, a build) may write its logs: only frames with no run goal.
 */
function withUnforeseenChanges(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  if (frame.goals.some((g) => g.intent === "run")) return frame;
  const keys = new Set(frame.goals.map(goalKey));
  const added = unforeseenChanges(frame.goals, inTurn(frame, evidence))
    .map((c) => ({ intent: "verify" as const, op: c.op, target: c.target, ...(c.to ? { to: c.to } : {}), ...(c.existence ? { existence: true } : {}) }))
    .filter((d) => !keys.has(goalKey(d)));
  if (!added.length) return frame;
  const goals = added.map((d, i): Goal => ({ ...d, id: `g${frame.goals.length + i + 1}`, description: describeGoal(d), status: "open", coveredBy: [], origin: "effect" }));
  return { ...frame, goals: [...frame.goals, ...goals] };
}

/**
 * A change the turn tried and failed to make (round 12): no effect on its target succeeded, and
 * a command of the turn naming the target exited non-zero (`mv` of a file that is not there).
 * Nothing changed, so an answer saying plainly that it was not done claims nothing false.
 */
export function failedAttempt(goal: Goal, frame: Pick<TaskFrame, "since">, evidence: Evidence[]): Evidence | undefined {
  if ((goal.intent !== "change" && goal.intent !== "verify") || !goal.target) return undefined;
  const turn = inTurn(frame, evidence);
  const paths = [goal.target, goal.to].filter((p): p is string => !!p);
  if (paths.some((p) => effectsOn(p, turn).some(succeeded))) return undefined;
  return turn.find((e) => e.kind === "command" && !e.simulated && typeof exitCode(e) === "number" && exitCode(e) !== 0 && paths.some((p) => commandLine(e).includes(p)));
}

/** Evidence of every side effect that happened: workspace changes, commands, receipts (verified or not). */
export const sideEffectIds = (evidence: Evidence[]): string[] =>
  evidence.filter((e) => e.kind === "write" || e.kind === "receipt" || e.kind === "command").map((e) => e.id);

/** What would show a change's requested state, in words: an observation, never the change again. */
function observationHint(g: Goal): string {
  const t = g.target ?? "the changed target";
  if (g.op === "delete") return `a listing of ${dirOf(t)} made after the last change that no longer shows ${baseOf(t)} (read_list)`;
  if (g.op === "move") return `an observation after the last change that ${g.to ?? "the new name"} exists and ${baseOf(t)} is gone (read_list of their directory)`;
  if (g.whole && g.expectsGone !== undefined && g.expects === undefined) return `a search over ${t} made after the last change that finds no ${JSON.stringify(g.expectsGone)} (search_text)`;
  const shows = [g.expects ? `holding ${g.whole ? "only " : ""}${JSON.stringify(g.expects)}` : "", (g.expectsGone ?? g.replaced) !== undefined ? `no longer holding ${JSON.stringify(g.expectsGone ?? g.replaced)}` : ""].filter(Boolean).join(" and ");
  return `a read of ${t} made after the last change${shows ? `, ${shows}` : ""} (read_open)`;
}

/** Which kinds of evidence would cover a goal, in words for the Planner and the user. */
export function coverageHint(g: Goal): string {
  switch (g.intent) {
    case "read":
      return `evidence from ${g.target} itself: its content (read_open, read_slice or read_extract; read_list for a directory), a search over it, or a command's output about it`;
    case "question":
      return g.domain
        ? `a record from a real ${g.domain} tool (tool_search "${g.domain}" if none is visible; simulated tools do not count)`
        : "file content or passages that answer it (read_locate or search_text, then read_open; or retrieve); a search over the named scope that finds nothing, or a command's output, answers too";
    case "compare":
      return `the content of every file compared (read_open each)`;
    case "change":
      return `the change made by any means (${{ write: "write_file", edit: "edit_file or write_file", move: "move_path", delete: "delete_path" }[g.op ?? "edit"]}, a command, a SubAgent), then observed`;
    case "verify":
      return observationHint(g);
    case "run":
      return `a command result with its exit code (run_command${g.subject ? `, ${{ test: "running the tests", build: "running the build", lint: "running the linter", service: "restarting the service" }[g.subject]}` : ""}; simulated runners do not count)`;
    case "send":
      return `${g.target ? `a read of ${g.target}, then ` : ""}a receipt from a real ${g.domain ?? "messaging"} tool that sent it (simulated tools do not count)`;
    case "lookup":
      return `a record from a real ${g.domain ?? "external"} lookup tool`;
  }
}

export interface MissingGoal {
  goalId: string;
  description: string;
  needs: string;
}

export type GateVerdict = { pass: true } | { pass: false; missing: MissingGoal[]; message: string };

/** The change goal a verification belongs to. */
const changeOf = (frame: TaskFrame, g: Goal) => frame.goals.find((c) => c.intent === "change" && c.op === g.op && c.target === g.target && c.to === g.to);

/**
 * The completion gate: may the Planner answer now? Every open goal is named with what would
 * cover it. When an effect on a change's target already happened, only an observation is
 * asked for (and the change goal is not listed), never the change again: asking for it
 * would invite a second effect.
 */
export function completionGate(frame: TaskFrame, evidence: Evidence[]): GateVerdict {
  const open = frame.goals.filter((g) => g.status === "open");
  if (open.length === 0) return { pass: true };
  const readPaths = new Set(evidence.filter((e) => real(e) && (e.kind === "content" || e.kind === "passage")).map((e) => e.source.path));
  const missing = open.map((g): MissingGoal => {
    let needs = coverageHint(g);
    if (g.intent === "change" || g.intent === "verify") {
      const state = changeState(g, frame, evidence);
      if (state.lastEffect) needs = observationHint(g);
      if (state.contradictedBy) needs += `; the observation [${state.contradictedBy.id}] after the last change does not show the requested state`;
      else if (state.lastEffect && !succeeded(state.lastEffect) && g.intent === "change") needs = `${coverageHint(g)}; the last attempt [${state.lastEffect.id}] did not succeed`;
    }
    if (g.intent === "question" && !g.domain) {
      const unread = [...new Set(evidence.filter((e) => e.kind === "locate_hit" && !readPaths.has(e.source.path)).map((e) => e.source.path))];
      if (unread.length) needs += `; located but not read: ${unread.slice(0, 5).join(", ")}`;
    }
    return { goalId: g.id, description: g.description, needs };
  });
  // A change whose verification is the only thing missing is named once, as that observation.
  const shown = missing.filter((m) => {
    const g = frame.goals.find((x) => x.id === m.goalId)!;
    if (g.intent !== "change") return true;
    const verify = frame.goals.find((v) => v.intent === "verify" && changeOf(frame, v) === g && v.status === "open");
    return !(verify && changeState(g, frame, evidence).lastEffect);
  });
  const message = `the task is not complete yet; missing: ${shown.map((m) => `${m.description} — needs ${m.needs}`).join("; ")}`;
  return { pass: false, missing, message };
}

/** A call the ledger alone proves is next; the Planner takes it without asking the model. */
export interface ProvenStep {
  toolId: string;
  input: Record<string, unknown>;
  why: string;
}

/**
 * The deterministic coverage transition: a change that must be observed (read back, or for a
 * delete or a move, its directory listed), or the one file a locate found when a question
 * still needs content. Returns null whenever the next step is a choice (several candidates,
 * no change to verify, an observation already made that showed something else).
 */
export function provenNextStep(frame: TaskFrame, evidence: Evidence[], latestEvidenceIds: string[]): ProvenStep | null {
  for (const g of frame.goals) {
    if (g.intent !== "verify" || g.status !== "open" || !g.target) continue;
    const state = changeState(g, frame, evidence);
    if (!state.lastEffect || state.contradictedBy || after(evidence, state.lastEffect).some((e) => real(e) && (e.kind === "content" || e.kind === "listing"))) continue;
    const how = state.lastEffect.kind === "write" ? "written" : "changed";
    if (g.op === "delete") return { toolId: "read_list", input: { path: dirOf(g.target) }, why: `${g.target} was deleted; its directory must show it gone` };
    if (g.op === "move") {
      const to = g.to ?? g.target;
      const recorded = state.lastEffect.kind === "write";
      return recorded || dirOf(to) !== dirOf(g.target)
        ? { toolId: "read_open", input: { path: to }, why: `${g.target} was moved to ${to}; it must be read there` }
        : { toolId: "read_list", input: { path: dirOf(to) }, why: `${g.target} was moved to ${to}; their directory must show it` };
    }
    return { toolId: "read_open", input: { path: g.target }, why: `${g.target} was ${how}; it must be read back` };
  }
  const needsContent = frame.goals.some((g) => g.status === "open" && ((g.intent === "question" && !g.domain) || g.intent === "read"));
  if (!needsContent) return null;
  const latest = new Set(latestEvidenceIds);
  const hits = evidence.filter((e) => latest.has(e.id) && e.kind === "locate_hit" && e.source.path);
  const paths = [...new Set(hits.map((e) => e.source.path as string))];
  if (paths.length !== 1 || hits.length !== 1) return null;
  const hit = hits[0]!;
  const wanted = frame.goals.some((g) => g.status === "open" && (g.intent === "question" || g.target === hit.source.path));
  if (!wanted || evidence.some((e) => real(e) && (e.kind === "content" || e.kind === "passage") && e.source.path === hit.source.path)) return null;
  return hit.source.startLine !== undefined && hit.source.endLine !== undefined && hit.toolId === "codebase_explore"
    ? { toolId: "read_slice", input: { path: hit.source.path, startLine: hit.source.startLine, endLine: hit.source.endLine }, why: `the index found one candidate; its original lines must be read` }
    : { toolId: "read_open", input: { path: hit.source.path }, why: `the locate found one file; it must be read` };
}
