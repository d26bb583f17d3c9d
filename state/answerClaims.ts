/**
 * What an answer says against what the turn observed (CONTRACT §6): evidence that covers the
 * goals must also agree with the answer it backs. Only claims the evidence can settle are
 * compared: a command's success against its exit status, a denial against the matches a
 * search found, a count against the one number a command printed, clock times against the
 * records read. Anything the evidence cannot settle is left to coverage.
 */
import { clockTimes } from "../language/operands.js";
import { claimsSuccess, opensWithAffirmation, opensWithDenial, reportsChange, requestedLiterals, statedNumbers } from "../language/answerWords.js";
import { observedOperands, readCommand } from "./commandObservations.js";
import { baseOf, dirOf, evidenceNumber, exitCode, listingShows, printedPaths, real, seen } from "./observedState.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";

/** The one integer a finished command printed (`2`, `2 app.js` from `wc -l`), or undefined. */
function printedCount(e: Evidence): number | undefined {
  const r = readCommand(e);
  if (!r?.finished || exitCode(e) !== 0) return undefined;
  const m = /^\s*(\d+)(?:\s+\S+)?\s*$/.exec(r.output);
  return m ? Number(m[1]) : undefined;
}

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

/** Citations of the evidence that covers a change or its verification (`[ev-2]`): citing it names the target. */
const citations = (frame: TaskFrame, g: Goal): string[] =>
  frame.goals.filter((v) => v.op === g.op && v.target === g.target && (v.intent === "change" || v.intent === "verify")).flatMap((v) => v.coveredBy.map((id) => `[${id}]`));

/**
 * Why the evidence contradicts the answer, naming the evidence, or undefined. Each check
 * looks at the goals the evidence covers, so a claim about something else is not compared.
 */
export function answerContradiction(frame: TaskFrame, evidence: Evidence[], answer: string, request = ""): string | undefined {
  const turn = evidence.filter((e) => evidenceNumber(e) > (frame.since ?? 0));
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const covering = (intent: string) => frame.goals.filter((g) => g.intent === intent && g.status === "covered").flatMap((g) => g.coveredBy.map((id) => byId.get(id)).filter((e): e is Evidence => !!e));
  // A change the answer does not report: it names neither the target nor its requested state, or never says it was made.
  const unreported = frame.goals.find((g) => g.intent === "change" && g.status === "covered" && g.target && !reportsChange(answer, [...changeNames(g), ...citations(frame, g)], [g.expects ?? "", ...frame.content, ...requestedLiterals(request)]));
  if (unreported) return `the answer does not report the outcome of "${unreported.description}": it should say what became of ${unreported.to ?? unreported.target}`;
  // A run reported as a success although its exit status says it failed.
  const failedRun = covering("run").find((e) => typeof exitCode(e) === "number" && exitCode(e) !== 0);
  if (failedRun && claimsSuccess(answer)) return `the answer reports success, but [${failedRun.id}] exited with code ${String(exitCode(failedRun))}`;
  const asks = frame.goals.some((g) => (g.intent === "question" && !g.domain) || g.intent === "read");
  if (asks) {
    // A denial although the last search found matches (and the answer names none of the places found).
    const lastAbsence = turn.filter((e) => e.kind === "absence").at(-1);
    const hits = turn.filter((e) => e.kind === "search_hit" && seen(e) && (!lastAbsence || evidenceNumber(e) > evidenceNumber(lastAbsence)));
    const named = hits.some((h) => !!h.source.path && answer.includes(baseOf(h.source.path)));
    if (hits.length && !named && opensWithDenial(answer)) return `the answer denies it, but [${hits[0]!.id}] found it in ${hits[0]!.source.path ?? "the searched scope"}`;
    // An affirmation although the turn's last search found nothing (and no match came after it).
    if (lastAbsence && !hits.length && !turn.some((e) => e.kind === "search_hit" && evidenceNumber(e) > evidenceNumber(lastAbsence)) && opensWithAffirmation(answer)) return `the answer affirms it, but [${lastAbsence.id}] found nothing in ${lastAbsence.source.path ?? "the workspace"}`;
    // A denial that a named path is there although an observation of the turn printed it (`ls assets` showing favicon.ico).
    const shown = frame.goals.filter((g) => (g.intent === "read" || g.intent === "question") && g.target).flatMap((g) => turn.filter((e) => showsPath(e, g.target!)).map((e) => [g.target!, e] as const)).at(-1);
    if (shown && opensWithDenial(answer)) return `the answer denies it, but [${shown[1].id}] shows ${shown[0]}`;
    // A count other than the one number the last counting command printed.
    const counted = turn.filter((e) => e.kind === "command" && real(e) && printedCount(e) !== undefined).at(-1);
    const stated = statedNumbers(answer);
    if (counted && stated.length && !stated.includes(printedCount(counted)!)) return `the answer states ${stated.join(", ")}, but [${counted.id}] printed ${printedCount(counted)}`;
    // A version other than every one the last command printing versions showed (`node --version` printed v20.1.0).
    const versioned = turn.filter((e) => e.kind === "command" && real(e) && versionsIn(readCommand(e)?.output ?? "").length).at(-1);
    const printed = versioned ? versionsIn(readCommand(versioned)!.output) : [];
    const said = versionsIn(answer);
    if (versioned && said.length && !said.some((v) => printed.includes(v))) return `the answer states version ${said.join(", ")}, but [${versioned.id}] printed ${printed.join(", ")}`;
  }
  // Clock times no record of the turn shows, for a question answered from records.
  const records = turn.filter((e) => real(e) && e.kind === "record");
  const shown = new Set(records.flatMap((e) => clockTimes(e.content)));
  const unshown = clockTimes(answer).filter((t) => !shown.has(t));
  const fromRecords = frame.goals.some((g) => (g.intent === "question" || g.intent === "lookup") && !!g.domain);
  if (fromRecords && shown.size && unshown.length) return `the answer states times that [${records.at(-1)!.id}] does not show`;
  return undefined;
}
