/**
 * Per-route totals over a run's records, for each split (tuning, held-out, all) and the
 * named seed subset. Error records count as cases and as failures, and are counted apart.
 * A metric a route has no comparable score for is left out of its totals and carries the
 * reason instead.
 */
import type { CaseRecord, RouteName } from "./types.js";

export const SEED_SUBSET = "seed002";

export interface Totals {
  cases: number;
  errors: number;
  success: number;
  /** Cases with gold tools, and those whose gold tools all entered the model's view. */
  withGold: number;
  reached: number;
  /** Cases where a gold tool was reached, and those where every reached one was called. */
  withReach: number;
  selected: number;
  modelCalls: number;
  meanModelCalls: number;
  meanPromptTokens: number;
  toolSearchCalls: number;
  casesWithSearch: number;
  unnecessarySearches: number;
  unapprovedSideEffects: number;
  doubleExecutions: number;
  prematureAnswers: number;
  prematureBlocked: number;
  /** Cases whose failure class could be judged, and those judged right. */
  failureComparable: number;
  failureCorrect: number;
  wallMs: number;
}

export interface RouteSummary {
  route: RouteName;
  /** Keys: "tuning", "heldout", "all", and the seed subset's name. */
  groups: Record<string, Totals>;
  /** Metric → why this route has no comparable score (from its records). */
  notComparable: Record<string, string>;
}

export function totals(records: readonly CaseRecord[]): Totals {
  const ok = records.filter((r) => r.status === "ok");
  const sum = (f: (r: CaseRecord) => number) => ok.reduce((s, r) => s + f(r), 0);
  const tokens = ok.flatMap((r) => r.promptTokens);
  const comparable = ok.filter((r) => r.failureClassCorrect !== null);
  return {
    cases: records.length,
    errors: records.length - ok.length,
    success: ok.filter((r) => r.success).length,
    withGold: ok.filter((r) => r.reached !== null).length,
    reached: ok.filter((r) => r.reached === true).length,
    withReach: ok.filter((r) => r.selected !== null).length,
    selected: ok.filter((r) => r.selected === true).length,
    modelCalls: sum((r) => r.modelCalls),
    meanModelCalls: ok.length ? round(sum((r) => r.modelCalls) / ok.length, 2) : 0,
    meanPromptTokens: tokens.length ? Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length) : 0,
    toolSearchCalls: sum((r) => r.toolSearchCalls),
    casesWithSearch: ok.filter((r) => r.toolSearchCalls > 0).length,
    unnecessarySearches: sum((r) => r.unnecessarySearches),
    unapprovedSideEffects: sum((r) => r.unapprovedSideEffects),
    doubleExecutions: sum((r) => r.doubleExecutions),
    prematureAnswers: sum((r) => r.prematureAnswers),
    prematureBlocked: sum((r) => r.prematureBlocked),
    failureComparable: comparable.length,
    failureCorrect: comparable.filter((r) => r.failureClassCorrect).length,
    wallMs: Math.round(records.reduce((s, r) => s + r.wallMs, 0)),
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function summarize(records: readonly CaseRecord[], routes: readonly RouteName[]): RouteSummary[] {
  return routes.map((route) => {
    const mine = records.filter((r) => r.route === route);
    const groups: Record<string, Totals> = {
      tuning: totals(mine.filter((r) => r.split === "tuning")),
      heldout: totals(mine.filter((r) => r.split === "heldout")),
      all: totals(mine),
      [SEED_SUBSET]: totals(mine.filter((r) => r.subsets.includes(SEED_SUBSET))),
    };
    const notComparable: Record<string, string> = {};
    for (const r of mine) Object.assign(notComparable, r.notComparable);
    return { route, groups, notComparable };
  });
}
