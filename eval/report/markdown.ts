/**
 * The Markdown report: one table per group (held-out, tuning, the seed subset), one row per
 * route, then the seed's reference result and every "no comparable score" with its reason.
 */
import type { EvalRun } from "../runner.js";
import { SEED_SUBSET, type RouteSummary, type Totals } from "../summary.js";

export const SEED_REFERENCE = [
  { route: "current (expose top-20)", success: "8/16", reach: "5/13", note: "seed 002, real model" },
  { route: "progressive", success: "14/16", reach: "13/13", note: "seed 002, real model; tool search in 2/16 cases, 0 unnecessary" },
] as const;

const frac = (a: number, b: number) => (b ? `${a}/${b}` : "–");

const HEADER = [
  "route",
  "success",
  "reach",
  "selection",
  "model calls/case",
  "prompt tokens/call",
  "tool_search (cases, unnecessary)",
  "unapproved effects",
  "double executions",
  "premature answers (blocked)",
  "failure class right",
  "errors",
  "wall ms",
];

function row(route: string, t: Totals, notComparable: Record<string, string>): string[] {
  return [
    route,
    frac(t.success, t.cases),
    frac(t.reached, t.withGold),
    frac(t.selected, t.withReach),
    t.meanModelCalls.toFixed(2),
    String(t.meanPromptTokens),
    `${t.toolSearchCalls} (${t.casesWithSearch}, ${t.unnecessarySearches})`,
    String(t.unapprovedSideEffects),
    String(t.doubleExecutions),
    `${t.prematureAnswers} (${notComparable.prematureBlocked ? "n/a" : t.prematureBlocked})`,
    t.failureComparable ? `${frac(t.failureCorrect, t.failureComparable)}${notComparable.failureClass ? "*" : ""}` : "no comparable score",
    String(t.errors),
    String(t.wallMs),
  ];
}

export function table(summary: readonly RouteSummary[], group: string): string {
  const lines = [`| ${HEADER.join(" | ")} |`, `|${HEADER.map(() => "---").join("|")}|`];
  for (const s of summary) lines.push(`| ${row(s.route, s.groups[group]!, s.notComparable).join(" | ")} |`);
  return lines.join("\n");
}

export function renderMarkdown(run: EvalRun): string {
  const { meta, summary } = run;
  const groups: [string, string][] = [
    ["heldout", "Held-out cases (not looked at while building; the figures to quote)"],
    ["tuning", "Tuning cases"],
    [SEED_SUBSET, "Seed 002 subset (16 cases)"],
  ];
  const out = [
    `# mira eval — ${meta.model} model, ${meta.catalog} catalog (${meta.catalogSize} tools)`,
    "",
    `Suite \`${meta.suite}\`, ${meta.cases} cases × ${meta.routes.length} routes, run ${meta.startedAt} on Node ${meta.node} in ${(meta.wallMs / 1000).toFixed(1)} s.`,
    "",
  ];
  for (const [key, title] of groups) {
    if (!summary.some((s) => s.groups[key]!.cases > 0)) continue;
    out.push(`## ${title}`, "", table(summary, key), "");
  }
  out.push(
    "## Seed 002 reference (the table the subset reproduces)",
    "",
    "| route | success | reach | note |",
    "|---|---|---|---|",
    ...SEED_REFERENCE.map((r) => `| ${r.route} | ${r.success} | ${r.reach} | ${r.note} |`),
    "",
    "`mira-top20` stands for the seed's \"current\" column and `mira` for \"progressive\".",
    "",
  );
  const reasons = summary.flatMap((s) => Object.entries(s.notComparable).map(([metric, why]) => `- **${s.route}**, ${metric}: ${why}`));
  if (reasons.length) out.push("## No comparable score", "", ...reasons, "", "`*`: judged on the cases where the route's behaviour can be compared (recoverable and none); terminal cases are left out.", "");
  out.push(
    "Columns: *reach* = cases whose gold tools all entered the model's view / cases with gold tools; *selection* = cases where the model called every reached gold tool;",
    "*prompt tokens/call* = o200k_base tokens of the full request sent (system prompt, messages, every tool schema); *unapproved effects* = effects that ran without the user approving exactly that call;",
    "*double executions* = effects run more often than the gold plan calls for; *premature answers* = runs that ended on an answer before the owed work ran (in brackets: answers the completion gate refused).",
  );
  return out.join("\n");
}
