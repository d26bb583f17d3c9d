/**
 * What an answer says against what the turn observed (CONTRACT §6): evidence that covers the
 * goals must also agree with the answer it backs. Only claims the evidence can settle are
 * compared: a command's success against its exit status, a denial against the matches a
 * search found, a count against the one number a command printed, clock times against the
 * records read. Anything the evidence cannot settle is left to coverage.
 */
import { clockTimes, PATH_TOKEN } from "../language/operands.js";
import { claimedChange, claimsSuccess, opensWithAffirmation, opensWithDenial, reportsChange, reportsFailure, reportsFailures, requestedLiterals, statedInability, statedNumbers } from "../language/answerWords.js";
import { baseForms } from "../language/english.js";
import { isCompletionWord, isDenialWord, isNegation, isSuccessWord, lookupWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { wordSettingMismatch, countMismatch, countUnanswered, unseenCountedItem, fragmentAnswer, gluedEntry, narrowFinding, removalLeft, settingMismatch, shownText, unmeasuredComparison } from "./answerValues.js";
import { emptyClaimShown, misnamedValue, miscountedChanges, unchangedClaim, unlistedName, unmeasuredSize, unseenChange } from "./answerObserved.js";
import { leftOutOfList } from "./answerListing.js";
import { miscountedTests } from "./testTally.js";
import { unreadLines, unseenPart } from "./answerPart.js";
import { commandLine, commandShowsPath, isCode, observedOperands, printsMatch, printsNoMatch, readCommand } from "./commandObservations.js";
import { holdsText } from "./textHolds.js";
import { seenChanges } from "./seenChanges.js";
import { commandSteps, grepParts, programOf } from "./commandSteps.js";
import { unknownHeadVerb } from "../language/headVerb.js";
import { findsNone, offTermSearch } from "./answerSearchTerm.js";
import { deniedShown } from "./answerAbsence.js";
import { uncutCount, undistinctCount, unfilteredCount, widerCount } from "./answerScope.js";
import { gluedLine } from "./answerLines.js";
import { emptyAnswer, halfAnswered, offTopicAnswer, otherSection } from "./answerTopic.js";
import { flagMisread, keyUnanswered, unbackedGitAct, wholeScopeDenial } from "./answerOverclaims.js";
import { recordCountMismatch, unansweredKind, unshownDate, unshownPath } from "./answerAsked.js";
import { handedBack, otherNumberRecord, otherScopeRecord, unrelatedRecords, unbackedAct, unbackedCompletion, unbackedDeed, unbackedMessage, unreachedAddress } from "./answerActs.js";
import { announcedWork, failedCheckAffirmed, keyLeftSet, offerInsteadOfAnswer, unshownDigest, unstatedTotal, otherCommitMessage, otherUnitCount, unbackedExtraChange, unbackedTestRun } from "./answerExtras.js";
import { misreadTable, unansweredValue, unansweredYesNo, unshownCommand, unshownNowValue, unshownNumber, unshownQuote } from "./answerGrounding.js";
import { baseOf, dirOf, evidenceNumber, exitCode, isEffect, listingShows, printedPaths, real, seen } from "./observedState.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";

/** The one number a finished command printed (`2`, `2 app.js` from `wc -l`, a sum `21.5`), or undefined. */
function printedCount(e: Evidence): number | undefined {
  const r = readCommand(e);
  if (!r?.finished || exitCode(e) !== 0) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)(?:\s+\S+)?\s*$/.exec(r.output);
  return m ? Number(m[1]) : undefined;
}

/** The numbers an answer states: integers (digits or words) and decimals (`22.5`), not versions (`1.2.3`). */
const statedValues = (answer: string): number[] => [...statedNumbers(answer), ...[...answer.matchAll(/(?<![\w.:-])\d+\.\d+(?![\w.:]*\w)/gu)].map((m) => Number(m[0]))];

/** Version numbers a text states (`v20.1.0`, `3.12.4`), without a leading `v`. */
const versionsIn = (text: string): string[] => [...text.matchAll(/(?<![\w.])v?(\d+\.\d+(?:\.\d+)+)(?![\w.]*\w)/gu)].map((m) => m[1]!);

/** Whether an observation shows `path` there: a listing of its folder, or a command listing its folder printing its name on a line. */
function showsPath(e: Evidence, path: string): boolean {
  if (listingShows(e, path) === true || printedPaths(e).includes(path)) return true;
  const r = readCommand(e);
  return !!r?.finished && exitCode(e) === 0 && observedOperands(e).includes(dirOf(path)) && r.output.split("\n").some((l) => l.trim() === baseOf(path));
}

/** The names an answer may report a change by: the path, its file name, its folder's name, a move's destination and its file name. */
export const changeNames = (g: Goal): string[] => [g.target, g.to].flatMap((p) => (p ? [p, baseOf(p), baseOf(dirOf(p))] : [])).filter((n) => n && n !== ".");

/**
 * Code the answer quotes that the observation covering a change shows (`path='config/settings.toml'`
 * after a read of the edited line): quoting the new text states the new state (round 12). A bare
 * path is not such code: it may be another goal's target that the line merely mentions.
 */
const quotedNewText = (answer: string, observed: string): string[] =>
  answer
    .split(/\s+/)
    .map((t) => t.replace(/^[`"'“(]+|[`"'”),.;:。，]+$/gu, ""))
    // Spacing around `=` or `:` is the writer's: compared without it.
    .filter((t) => t.length >= 6 && /[=(){}\[\]<>:]/.test(t.replace(PATH_TOKEN, "")) && observed.replace(/\s+/g, "").includes(t));

/**
 * Whether the answer quotes, whole, a line the observation after the change showed that holds the
 * requested state (round 15): "Here it is: `1:export const TAX = 0.21;`" after a grep printing that
 * line reports the edit by showing its result. A quote of the old line, without the new value, does not.
 */
function quotesNewLine(answer: string, observed: string, states: string[]): boolean {
  const flat = (t: string) => t.replace(/\s+/gu, " ").trim();
  const lines = new Set(observed.split("\n").map(flat).filter(Boolean));
  return [...answer.matchAll(/`([^`\n]+)`|"([^"\n]+)"|“([^”\n]+)”/gu)]
    .map((m) => flat(m[1] ?? m[2] ?? m[3]!))
    .some((q) => q.length >= 6 && [...lines].some((l) => l.includes(q) && q.length * 2 >= l.length) && states.some((s) => s && q.includes(s)));
}

/** Citations of the evidence that covers a change or its verification (`[ev-2]`): citing it names the target. */
const citations = (frame: TaskFrame, g: Goal): string[] =>
  frame.goals.filter((v) => v.op === g.op && v.target === g.target && (v.intent === "change" || v.intent === "verify")).flatMap((v) => v.coveredBy.map((id) => `[${id}]`));

/**
 * Path-shaped values the request gives unquoted (`web3.example.com`, `coverage.xml` to append)
 * that name no file the thread knows of (no goal's target, no evidence's source, no path an
 * effect was seen to change): the answer stating one states the requested content, it does not
 * report another file (round 13).
 */
function requestedValues(request: string, frame: TaskFrame, evidence: Evidence[]): string[] {
  const known = new Set([
    ...frame.goals.flatMap((g) => [g.target, g.to, ...(g.targets ?? [])]),
    ...evidence.flatMap((e) => [e.source.path, ...(seenChanges(e) ?? []).map((c) => c.path)]),
  ].filter((p): p is string => !!p).flatMap((p) => [p, baseOf(p)]));
  return [...request.matchAll(PATH_TOKEN)].map((m) => m[0]).filter((t) => !known.has(t) && !known.has(baseOf(t)));
}

/** An edit that takes text out ("strip trailing whitespace", "去掉空行"): the answer may report it by what is gone. */
const TAKES_OUT = /\b(?:strip|trim|remove|delete|drop|clear|truncate)\b|去掉|删掉|删除|去除|清空/iu;

/** The request's verb the lexicon lacks, which a guessed goal was read from: the answer may report the change with it. */
const requestVerbs = (request: string): string[] => {
  const head = unknownHeadVerb(request);
  return head ? [head.word] : [];
};

/**
 * Why the evidence contradicts the answer, naming the evidence, or undefined. Each check
 * looks at the goals the evidence covers, so a claim about something else is not compared.
 */
/** A sed substitution (`s/old/new/g`, any delimiter): group 3 is the new text. */
const SUBSTITUTION = /\bs([\/|#,])((?:(?!\1)[^\n])*)\1((?:(?!\1)[^\n])*)\1[gIi0-9]*/g;
/** A definition of a named function in code (`def mean(`, `function load(`, `func Run(`, `fn main(`). */
const DEFINES = /\b(?:def|function|func|fn)\s+([A-Za-z_]\w*)\s*\(/g;

export function answerContradiction(frame: TaskFrame, evidence: Evidence[], answer: string, request = "", topLevel: ReadonlySet<string> = new Set()): string | undefined {
  const turn = evidence.filter((e) => evidenceNumber(e) > (frame.since ?? 0));
  const unbacked = unbackedClaim(frame, turn, answer, request) ?? unbackedAct(turn, answer) ?? unbackedCompletion(evidence, answer) ?? unbackedDeed(frame, turn, answer, request) ?? handedBack(turn, answer, request) ?? unreachedAddress(turn, answer, request) ?? unbackedMessage(evidence, turn, request) ?? otherScopeRecord(turn, answer, request) ?? otherNumberRecord(turn, answer, request) ?? unrelatedRecords(frame, turn, answer, request);
  if (unbacked) return unbacked;
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const covering = (intent: string) => frame.goals.filter((g) => g.intent === intent && g.status === "covered").flatMap((g) => g.coveredBy.map((id) => byId.get(id)).filter((e): e is Evidence => !!e));
  // A change the answer does not report: it names neither the target nor its requested state, or never says it was made.
  // What the evidence covering a change (or its verification) showed: the answer may report the change by it.
  const observed = (g: Goal) => frame.goals.filter((v) => v.op === g.op && v.target === g.target && (v.intent === "change" || v.intent === "verify")).flatMap((v) => v.coveredBy.map((id) => byId.get(id))).map((e) => (e ? shownText(e) : "")).join("\n");
  // A change the request named no target for is named by what its effects were seen to change, or the folder holding it; a pattern delete by its pattern too (`.pyc`).
  const namesSeen = (g: Goal) => g.coveredBy.flatMap((id) => seenChanges(byId.get(id)!) ?? []).flatMap((c) => [c.path, baseOf(c.path), dirOf(c.path), baseOf(dirOf(c.path))]).filter((n) => n && n !== ".");
  // A function the answer writes as a call (`mean()`) that a read of the target showed defined there names that target (round 30).
  const defined = (g: Goal) =>
    g.target && isCode(g.target) ? [...new Set(turn.filter((e) => e.kind === "content" && e.source.path === g.target).flatMap((e) => [...e.content.matchAll(DEFINES)].map((m) => `${m[1]}(`)))] : [];
  const names = (g: Goal) => (g.target ? [...changeNames(g), ...defined(g)] : g.pattern ? [baseOf(g.pattern), ...namesSeen(g)] : namesSeen(g));
  // The new text a covering command's substitution wrote (`sed -i 's/let t = 1;/let t = 0;/'`) is a state the answer may state (round 30).
  const substituted = (g: Goal) =>
    frame.goals.filter((v) => v.op === g.op && v.target === g.target && (v.intent === "change" || v.intent === "verify")).flatMap((v) => v.coveredBy.map((id) => byId.get(id))).flatMap((e) => (e?.kind === "command" ? [...commandLine(e).matchAll(SUBSTITUTION)].map((m) => m[3]!.trim()).filter((t) => t.length >= 4) : []));
  const states = (g: Goal) => [g.expects ?? "", ...frame.content, ...requestedLiterals(request), ...substituted(g)];
  // "Both are gone", "两个都删了": one word naming every change of the same kind (round 36).
  const together = frame.goals.filter((g) => g.intent === "change").length > 1 ? (COLLECTIVE.exec(answer)?.[0] ?? "") : "";
  const unreported = frame.goals.find(
    (g) =>
      g.intent === "change" && g.status === "covered" && names(g).length > 0 &&
      !reportsChange(answer, [...names(g), ...citations(frame, g), ...(together ? [together] : [])], [...states(g), ...requestedValues(request, frame, evidence), ...quotedNewText(answer, observed(g))], observed(g), g.op, { removes: g.expectsGone !== undefined || (g.op === "edit" && TAKES_OUT.test(request)), verbs: g.guessed ? requestVerbs(request) : [], ...(g.target ? { folder: dirOf(g.target) } : {}), request }) &&
      !quotesNewLine(answer, observed(g), states(g)),
  );
  if (unreported) return `the answer does not report the outcome of "${unreported.description}": it should say what became of ${unreported.to ?? unreported.target ?? names(unreported)[0]}`;
  // A run reported as a success although its exit status or its output says it failed (`… | tail -n 1` exits 0).
  const failedRun = covering("run").find((e) => typeof exitCode(e) === "number" && exitCode(e) !== 0);
  if (failedRun && claimsSuccess(answer)) return `the answer reports success, but [${failedRun.id}] exited with code ${String(exitCode(failedRun))}`;
  // Nor may it be reported as done in other words ("Formatted all files" after fmt.py crashed): the failure must be said (round 32).
  if (failedRun && !answersByStatus(failedRun) && silentOnFailure(answer, failedRun)) return `the answer does not say that [${failedRun.id}] failed (exit code ${String(exitCode(failedRun))})`;
  // A grep, diff or test exiting 1 answers no (`grep -c` printing 0): no failure either.
  // The turn's last command failing and saying why (`SyntaxError`, a failing test) is where the work stands, whatever goal it
  // was read to cover; a silent non-zero exit is itself the answer of a search or a test (`grep` found nothing) and is left alone.
  const lastCommand = turn.filter((e) => e.kind === "command" && real(e)).at(-1);
  if (lastCommand && typeof exitCode(lastCommand) === "number" && exitCode(lastCommand) !== 0 && shownText(lastCommand).trim() && !answersByStatus(lastCommand) && claimsSuccess(answer)) return `the answer reports success, but [${lastCommand.id}], the last command, failed with code ${String(exitCode(lastCommand))}`;
  const lastRun = covering("run").at(-1) ?? lastCommand;
  if (lastRun && claimsSuccess(answer) && reportsFailures(shownText(lastRun))) return `the answer reports success, but the output of [${lastRun.id}] reports failures`;
  // A failure reported although the turn's last outside record, or the command covering a question or a run, says it passed (round 12).
  const passedOutcome = turn.filter((e) => real(e) && (e.kind === "record" || (e.kind === "command" && exitCode(e) === 0 && frame.goals.some((g) => (g.intent === "run" || g.intent === "question") && g.coveredBy.includes(e.id))))).at(-1);
  if (passedOutcome && claimsSuccess(shownText(passedOutcome) || passedOutcome.content) && !reportsFailures(shownText(passedOutcome) || passedOutcome.content) && reportsFailure(answer) && !claimsSuccess(answer))
    return `the answer reports a failure, but [${passedOutcome.id}] shows it passed`;
  // A change said not made, naming its target, although it was made and seen so ("I couldn't delete temp.db" after `rm` and a listing without it; round 28).
  const cannot = answer.split(/[.!?:]['"’”)]*(?=\s|$)|[;。；：！？\n—–]|,\s/u).filter((clause) => statedInability(clause));
  const madeAndSeen = frame.goals.find((g) => g.intent === "verify" && g.status === "covered" && !!g.target && cannot.some((clause) => holdsText(clause, baseOf(g.target!))));
  if (madeAndSeen) return `the answer says it could not, but [${madeAndSeen.coveredBy.at(-1)}] shows ${madeAndSeen.target} changed as asked`;
  const observedState = stateContradiction(frame, evidence, turn, answer, request);
  if (observedState) return observedState;
  // A denial although the turn's last outside lookup (a record: mail, calendar, an MCP tool) opened by counting what it found ("2 messages", "1 event").
  const lookup = turn.filter((e) => e.kind === "record" && seen(e)).at(-1);
  const found = lookup ? /^\s*([1-9]\d*)\s+\p{L}/u.exec(lookup.content) : null;
  // The denial may stand inside the answer's first clause ("You have no meetings tomorrow"; round 35).
  const firstClause = answer.split(/[,，;；。!?！？:：\n]|\s[—–]\s?|(?<=\.)\s+/u)[0] ?? "";
  // Unless the answer states what was found too ("下午没有安排。今天只有 1 个日程：…"; round 36).
  if (found && (opensWithDenial(answer) || (segmentWords(firstClause).some((w) => isDenialWord(w) && !/^(?:不|没)$/u.test(w)) && !statedNumbers(answer).includes(Number(found[1]))))) return `the answer denies it, but [${lookup!.id}] found ${found[1]}`;
  const miscounted = recordCountMismatch(turn, answer, request) ?? leftOutOfList(turn, answer, request) ?? unseenPart(turn, answer, request) ?? unreadLines(turn, answer, request);
  if (miscounted) return miscounted;
  const asks = frame.goals.some((g) => (g.intent === "question" && !g.domain) || g.intent === "read");
  if (asks) {
    // A denial although the last search found matches (and the answer names none of the places found).
    // A search that found nothing (a read of a missing path says nothing of what a search would find).
    const lastAbsence = turn.filter((e) => (e.kind === "absence" && !e.missing) || printsNoMatch(e)).at(-1);
    const hits = turn.filter((e) => e.kind === "search_hit" && seen(e) && (!lastAbsence || evidenceNumber(e) > evidenceNumber(lastAbsence)));
    const named = hits.some((h) => !!h.source.path && answer.includes(baseOf(h.source.path)));
    if (hits.length && !named && opensWithDenial(answer)) return `the answer denies it, but [${hits[0]!.id}] found it in ${hits[0]!.source.path ?? "the searched scope"}`;
    // So does a grep that printed matching lines as the turn's last search (round 27), unless the answer names a file it printed.
    const grep = turn.filter((e) => printsNoMatch(e) || printsMatch(e)).at(-1);
    // A file it printed, before a match (`a.js:3:…`) or alone (`grep -l`).
    const matched = grep && printsMatch(grep) ? shownText(grep).split("\n").map((l) => /^([^:\s]+):/.exec(l)?.[1] ?? (/^[\w.\/-]+$/u.test(l.trim()) && l.includes(".") ? l.trim() : undefined)).filter((f): f is string => !!f) : [];
    // Or denies the pattern itself, wherever the denial stands ("src 里没有 console.log"; round 35).
    const patterns = grep ? (readCommand(grep)?.steps ?? []).map((s) => grepParts(s).pattern?.replace(/\\\./g, ".")).filter((p): p is string => !!p && p.length > 2) : [];
    if (grep && printsMatch(grep) && !hits.length && (opensWithDenial(answer) || patterns.some((p) => deniesTerm(answer, p))) && !matched.some((f) => answer.includes(baseOf(f)))) return `the answer denies it, but [${grep.id}] printed matches`;
    // So does a count of matching lines above zero (`grep -c OutOfMemory app.log` printing 2; round 32).
    const tally = turn.filter((e) => printsNoMatch(e) || printsMatch(e) || grepTally(e) !== undefined).at(-1);
    if (tally && (grepTally(tally) ?? 0) > 0 && !hits.length && opensWithDenial(answer)) return `the answer denies it, but [${tally.id}] counted ${grepTally(tally)} matching lines`;
    // An affirmation although the turn's last search found nothing (and no match came after it).
    if (lastAbsence && !hits.length && !turn.some((e) => e.kind === "search_hit" && evidenceNumber(e) > evidenceNumber(lastAbsence)) && opensWithAffirmation(answer)) return `the answer affirms it, but [${lastAbsence.id}] found nothing ${lastAbsence.kind === "command" ? `(\`${commandLine(lastAbsence)}\` printed nothing)` : `in ${lastAbsence.source.path ?? "the workspace"}`}`;
    // A denial resting on empty searches for something other than the term asked (`DefaultTimout` for `DefaultTimeout`, round 13).
    const offTerm = findsNone(answer) && !hits.length ? offTermSearch(turn, request) : undefined;
    if (offTerm) return `the answer denies it, but [${offTerm.e.id}] searched for ${JSON.stringify(offTerm.query)}, not ${JSON.stringify(offTerm.term)}`;
    // A denial that a named path is there although an observation of the turn printed it (`ls assets` showing favicon.ico).
    const shown = frame.goals.filter((g) => (g.intent === "read" || g.intent === "question") && g.target).flatMap((g) => turn.filter((e) => showsPath(e, g.target!)).map((e) => [g.target!, e] as const)).at(-1);
    if (shown && opensWithDenial(answer)) return `the answer denies it, but [${shown[1].id}] shows ${shown[0]}`;
    // An affirmation that a named path is there although the turn's last look at its folder shows it absent (`ls backups` without it; round 32).
    const namedPaths = [...frame.goals.filter((g) => (g.intent === "read" || g.intent === "question") && g.target).map((g) => g.target!), ...[...request.matchAll(new RegExp(PATH_TOKEN.source, "gu"))].map((m) => m[0]).filter((p) => p.includes("/"))];
    const absent = namedPaths.flatMap((p) => {
      const last = turn.filter((e) => real(e) && (listingShows(e, p) !== null || (e.kind === "command" && commandShowsPath(e, p) !== null))).at(-1);
      return last && (listingShows(last, p) ?? commandShowsPath(last, p)) === false ? [[p, last] as const] : [];
    }).at(-1);
    if (absent && opensWithAffirmation(answer)) return `the answer affirms it, but [${absent[1].id}] shows no ${absent[0]}`;
    // A negative finding over less than the question's scope.
    const narrow = opensWithDenial(answer) ? narrowFinding(frame, turn, answer, topLevel, request) : undefined;
    if (narrow) return narrow;
    // A count over a wider scope than the folder the question names (`grep -r TODO . | wc -l` for "in src").
    const wider = widerCount(frame, turn, request);
    if (wider) return wider;
    // A count other than the one number the last counting command printed.
    const counted = turn.filter((e) => e.kind === "command" && real(e) && printedCount(e) !== undefined).at(-1);
    const stated = statedValues(answer);
    // A count asked to leave something out, after a command that left nothing out: its number is not the answer, a smaller one may be.
    if (counted && stated.length && undistinctCount(counted, request)) return `the answer counts distinct values, but [${counted.id}] printed a count with nothing setting duplicates apart`;
    // A count of a named thing by a command that never looked for it (`wc -l app.log` for "多少条 ERROR"; round 35).
    const unfiltered = counted && stated.length ? unfilteredCount(counted, request, frame.goals.flatMap((g) => (g.target ? [g.target, ...g.target.split(/[/.]/)] : []))) : undefined;
    if (unfiltered) return `the request asks how many ${unfiltered} there are, but [${counted!.id}] counted every line without looking for ${unfiltered}`;
    if (counted && stated.length && uncutCount(counted, request)) {
      if (!stated.some((n) => n < printedCount(counted)!)) return `the answer states ${stated.join(", ")}, but [${counted.id}] printed ${printedCount(counted)} leaving nothing out, and the request asks to leave something out`;
    } else if (counted && stated.length && !stated.includes(printedCount(counted)!)) return `the answer states ${stated.join(", ")}, but [${counted.id}] printed ${printedCount(counted)}`;
    const uncounted = frame.goals.some((g) => g.intent === "change") ? undefined : countUnanswered(answer, request);
    if (uncounted) return uncounted;
    const misnamed = misnamedValue(turn, answer, request);
    if (misnamed) return misnamed;
    // A version other than every one the last command printing versions showed (`node --version` printed v20.1.0).
    const versioned = turn.filter((e) => e.kind === "command" && real(e) && versionsIn(readCommand(e)?.output ?? "").length).at(-1);
    const printed = versioned ? versionsIn(readCommand(versioned)!.output) : [];
    const said = versionsIn(answer);
    if (versioned && said.length && !said.some((v) => printed.includes(v))) return `the answer states version ${said.join(", ")}, but [${versioned.id}] printed ${printed.join(", ")}`;
  }
  // Clock times neither a record of the turn nor the request shows, for a question answered from records (a mail search showing none).
  const records = turn.filter((e) => real(e) && e.kind === "record");
  const shown = new Set([...records.flatMap((e) => clockTimes(e.content)), ...clockTimes(request)]);
  const unshown = clockTimes(answer).filter((t) => !shown.has(t));
  const fromRecords = frame.goals.some((g) => (g.intent === "question" || g.intent === "lookup") && !!g.domain);
  if (fromRecords && records.length && unshown.length) return `the answer states times that [${records.at(-1)!.id}] does not show`;
  return undefined;
}

/** A question what something does ("what does deploy.sh do?", "这个脚本是做什么的"). */
const ASKS_WHAT_IT_DOES = /\bwhat\s+(?:does|do|did|will)\b[^?]*\b(?:do|does)\b|\b(?:explain|describe)\b|是做什么|做什么用|干什么|干嘛|什么作用|有什么用/iu;

/** Whether a request is a question (it ends with a question mark). */
const isQuestion = (request: string) => /[?？]\s*$/u.test(request.trim());

/**
 * Claims the turn did nothing to back (issue 21, round 7), whatever goals the request was read
 * into: a change the answer says it made when no effect happened in the turn ("Converted
 * notes.txt", "已清理完毕"), unless a question asks about that very change ("was it fixed?"); and
 * a run reported as passing when nothing ran in the turn (no command, record or receipt) and no
 * observed text says so ("all tests pass" after only reading a test file).
 */
function unbackedClaim(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  // A tool's receipt or record (a mail sent, an event made) is an effect of its own domain.
  const acted = turn.some((e) => isEffect(e) || e.kind === "receipt" || e.kind === "record");
  // Asked what something does, the answer tells what it does, not what the answerer did.
  const claimed = acted || ASKS_WHAT_IT_DOES.test(request) ? undefined : claimedChange(answer, isQuestion(request) && !frame.goals.some((g) => g.intent === "change"));
  // The request's own word for what it asks to see ("show me the names sorted") echoed back is no change either, unless it names a file it changed ("sorted names.txt in place"; round 35).
  const namesPath = (sentence: string) => new RegExp(PATH_TOKEN.source, "u").test(sentence);
  // Outside a question only the very English form the request wrote counts ("sorted"): "Tweeted" does not
  // echo "Tweet the notes", and a Chinese verb, which has one form, echoes nothing ("已清理完毕" for "清理掉").
  const echoes = (verb: string, sentence: string) =>
    !frame.goals.some((g) => g.intent === "change") &&
    (isQuestion(request) ? baseForms(verb.toLowerCase()).some((f) => f.length > 2 && request.toLowerCase().includes(f)) : !namesPath(sentence) && /[a-z]/iu.test(verb) && writes(request.toLowerCase(), verb.toLowerCase()));
  if (claimed && !echoes(claimed.verb, claimed.sentence)) return `the answer says "${claimed.sentence}", but nothing in this turn changed anything`;
  const words = segmentWords(answer);
  const ran = turn.some((e) => real(e) && (e.kind === "command" || e.kind === "record" || e.kind === "receipt"));
  const subject = [...words, ...segmentWords(request)].some((w) => lookupWord(w)?.kind === "subject");
  const success = words.find((w) => isSuccessWord(w));
  const read = turn.map(shownText).join("\n").toLowerCase();
  if (!ran && subject && success && claimsSuccess(answer) && !read.includes(success.toLowerCase())) return `the answer reports "${success}", but nothing ran in this turn`;
  return undefined;
}

/** What the last observations show against what the answer says they show: a named value, something all removed, an added entry. */
function stateContradiction(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  return (
    settingMismatch(answer, turn) ??
    wordSettingMismatch(answer, turn) ??
    deniedShown(turn, answer) ??
    countMismatch(answer, turn) ??
    miscountedTests(turn, answer) ??
    emptyClaimShown(turn, answer) ??
    unseenCountedItem(turn, answer, request) ??
    removalLeft(frame, evidence, turn, answer, request) ??
    gluedEntry(frame, evidence, turn, request) ??
    gluedLine(frame, evidence, turn, request) ??
    fragmentAnswer(frame, evidence, answer, request) ??
    unmeasuredComparison(turn, answer) ??
    unmeasuredSize(turn, answer) ??
    unseenChange(turn, answer, request) ??
    unchangedClaim(turn, answer, request, frame.goals.flatMap((g) => [g.expects, g.expectsGone, g.replaced]).filter((t): t is string => !!t)) ??
    miscountedChanges(turn, answer) ??
    misreadTable(turn, answer) ??
    unshownQuote(frame, evidence, turn, answer, request) ??
    unshownCommand(frame, evidence, turn, answer, request) ??
    unlistedName(frame, turn, answer) ??
    unbackedGitAct(turn, answer) ??
    unbackedTestRun(turn, answer) ??
    announcedWork(answer) ??
    otherCommitMessage(turn, answer) ??
    failedCheckAffirmed(frame, turn, answer, request) ??
    unbackedExtraChange(turn, answer, request) ??
    otherUnitCount(turn, answer, request) ??
    offerInsteadOfAnswer(turn, answer, request) ??
    keyLeftSet(frame, turn, request) ??
    unshownDigest(turn, answer, request) ??
    unstatedTotal(turn, answer, request) ??
    wholeScopeDenial(turn, answer) ??
    keyUnanswered(frame, turn, answer, request) ??
    flagMisread(frame, turn, answer, request) ??
    unansweredValue(evidence, turn, answer, request) ??
    offTopicAnswer(frame, turn, answer, request) ??
    emptyAnswer(frame, turn, answer, request) ??
    otherSection(frame, turn, answer, request) ??
    halfAnswered(frame, turn, answer, request) ??
    unansweredKind(turn, answer, request) ??
    unshownDate(frame, evidence, turn, answer, request) ??
    unshownPath(frame, evidence, turn, answer, request) ??
    unansweredYesNo(frame, turn, answer, request) ??
    unshownNumber(frame, evidence, answer, request) ??
    unshownNowValue(frame, evidence, answer, request)
  );
}

/**
 * An answer that reports work on a failed command and says nothing of the failure: no word of
 * failure or inability, no exit code, nothing of what the command printed last (its error's name,
 * `ModuleNotFoundError`). A bare "Done." names no work; the gate's goals judge it.
 */
function silentOnFailure(answer: string, e: Evidence): boolean {
  if (segmentWords(answer).every((w) => isCompletionWord(w) || !/\p{L}/u.test(w))) return false;
  if (reportsFailure(answer) || statedInability(answer) || /\bexit(?:ed|s)?\b|\bstatus\b|退出|返回码|状态码/iu.test(answer)) return false;
  const last = shownText(e).trim().split("\n").at(-1) ?? "";
  const words = [...last.matchAll(/[A-Za-z_][\w.]{3,}/gu)].map((m) => m[0].toLowerCase());
  return !words.some((w) => answer.toLowerCase().includes(w));
}

/** What a finished `grep -c` printed, summed over its files (`2`, `a.log:2`), or undefined. */
function grepTally(e: Evidence): number | undefined {
  const r = readCommand(e);
  const step = r?.steps[0];
  if (!r?.finished || r.opaque || r.steps.length !== 1 || !step || !["grep", "egrep", "fgrep"].includes(programOf(step)) || !grepParts(step).count) return undefined;
  const lines = r.output.trim().split("\n").map((l) => /^(?:.*:)?(\d+)$/.exec(l.trim())?.[1]);
  return lines.every((n) => n !== undefined) ? lines.reduce((a, n) => a + Number(n), 0) : undefined;
}

/** Programs whose exit status 1 is an answer (no match, a difference, a false test), not a failure. */
const ANSWERS_BY_STATUS = new Set(["grep", "egrep", "fgrep", "rg", "diff", "cmp", "test", "["]);
const answersByStatus = (e: Evidence): boolean => exitCode(e) === 1 && commandSteps(commandLine(e)).steps.every((s) => ANSWERS_BY_STATUS.has(programOf(s)));

/** Words naming every one of several things at once ("both", "all three", "两个都", "全部"). */
const COLLECTIVE = /\b(?:both|all\s+(?:of\s+them|three|four|five|\d+))\b|两个都|(?:[两三四五]|\d+)个?(?:文件|目录|文件夹)?都|全部|全都/iu;

/** Whether `text` holds `word` as a word of its own (a Latin one between word boundaries). */
const writes = (text: string, word: string): boolean => (/[a-z]/u.test(word) ? new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "u").test(text) : text.includes(word));

/** Whether a clause of the answer denies `term` itself: a denial word before it ("src 里没有 console.log", "there's no console.log"). */
function deniesTerm(answer: string, term: string): boolean {
  return answer.split(/[,，;；。!?！？\n]|(?<=\.)\s+/u).some((c) => {
    const at = c.indexOf(term);
    return at > 0 && segmentWords(c.slice(0, at)).some((w) => isDenialWord(w) || isNegation(w));
  });
}
