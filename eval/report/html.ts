/**
 * The HTML report: one self-contained file (inline CSS and SVG, no script, nothing loaded
 * from anywhere) with the charts the issue asks for (reachability and success per route;
 * prompt tokens per call against catalog size), the summary tables and every case's result.
 */
import type { EvalRun } from "../runner.js";
import { SEED_SUBSET, type RouteSummary } from "../summary.js";
import { SEED_REFERENCE } from "./markdown.js";

/** Mean prompt tokens per call of one route at one catalog size (the token sweep). */
export interface SweepPoint {
  route: string;
  catalogSize: number;
  meanPromptTokens: number;
}

const COLORS: Record<string, string> = { mira: "#1b7f4b", "mira-top20": "#c77d14", "pi-loop": "#3366cc", createagent: "#9c3fa8" };
const color = (route: string) => COLORS[route] ?? "#666";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const pct = (a: number, b: number) => (b ? (100 * a) / b : 0);

/** Grouped bars: for each route, one bar per metric (percent). */
function barChart(title: string, summary: readonly RouteSummary[], group: string): string {
  const metrics = [
    { label: "success", value: (s: RouteSummary) => pct(s.groups[group]!.success, s.groups[group]!.cases), text: (s: RouteSummary) => `${s.groups[group]!.success}/${s.groups[group]!.cases}` },
    { label: "reach", value: (s: RouteSummary) => pct(s.groups[group]!.reached, s.groups[group]!.withGold), text: (s: RouteSummary) => `${s.groups[group]!.reached}/${s.groups[group]!.withGold}` },
  ];
  const width = 520;
  const height = 260;
  const left = 40;
  const bottom = 40;
  const plotH = height - bottom - 30;
  const groupW = (width - left - 10) / Math.max(1, summary.length);
  const barW = Math.min(36, (groupW - 20) / metrics.length);
  const bars = summary.flatMap((s, i) =>
    metrics.map((m, j) => {
      const h = (m.value(s) / 100) * plotH;
      const x = left + i * groupW + 10 + j * (barW + 4);
      const y = 30 + plotH - h;
      const fill = j === 0 ? color(s.route) : `${color(s.route)}80`;
      return `<rect x="${x}" y="${y}" width="${barW}" height="${h}" fill="${fill}"><title>${esc(s.route)} ${m.label}: ${m.text(s)}</title></rect><text x="${x + barW / 2}" y="${y - 4}" font-size="10" text-anchor="middle">${m.text(s)}</text><text x="${x + barW / 2}" y="${30 + plotH + 12}" font-size="9" text-anchor="middle">${m.label}</text>`;
    }),
  );
  const labels = summary.map((s, i) => `<text x="${left + i * groupW + groupW / 2}" y="${height - 8}" font-size="12" text-anchor="middle" font-weight="bold">${esc(s.route)}</text>`);
  const axis = [0, 50, 100].map((v) => `<line x1="${left}" x2="${width}" y1="${30 + plotH - (v / 100) * plotH}" y2="${30 + plotH - (v / 100) * plotH}" stroke="#ddd"/><text x="${left - 4}" y="${34 + plotH - (v / 100) * plotH}" font-size="10" text-anchor="end">${v}%</text>`);
  return `<figure><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${esc(title)}"><text x="${left}" y="16" font-size="13" font-weight="bold">${esc(title)}</text>${axis.join("")}${bars.join("")}${labels.join("")}</svg></figure>`;
}

/** Lines: prompt tokens per call (log scale) against catalog size, one line per route. */
function tokenChart(points: readonly SweepPoint[]): string {
  if (!points.length) return "<p>No token sweep in this run.</p>";
  const width = 520;
  const height = 280;
  const left = 60;
  const top = 30;
  const plotW = width - left - 120;
  const plotH = height - top - 40;
  const sizes = [...new Set(points.map((p) => p.catalogSize))].sort((a, b) => a - b);
  const maxT = Math.max(...points.map((p) => p.meanPromptTokens), 10);
  const minT = Math.max(1, Math.min(...points.map((p) => p.meanPromptTokens)));
  const lo = Math.floor(Math.log10(minT));
  const hi = Math.ceil(Math.log10(maxT));
  const x = (size: number) => left + (sizes.length === 1 ? plotW / 2 : (sizes.indexOf(size) / (sizes.length - 1)) * plotW);
  const y = (t: number) => top + plotH - ((Math.log10(Math.max(1, t)) - lo) / Math.max(1, hi - lo)) * plotH;
  const routes = [...new Set(points.map((p) => p.route))];
  const grid = Array.from({ length: hi - lo + 1 }, (_, k) => 10 ** (lo + k)).map((v) => `<line x1="${left}" x2="${left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/><text x="${left - 4}" y="${y(v) + 4}" font-size="10" text-anchor="end">${v.toLocaleString("en")}</text>`);
  const xs = sizes.map((s) => `<text x="${x(s)}" y="${top + plotH + 16}" font-size="10" text-anchor="middle">${s.toLocaleString("en")} tools</text>`);
  const lines = routes.map((route, i) => {
    const mine = points.filter((p) => p.route === route).sort((a, b) => a.catalogSize - b.catalogSize);
    const path = mine.map((p, k) => `${k ? "L" : "M"}${x(p.catalogSize)},${y(p.meanPromptTokens)}`).join(" ");
    const dots = mine.map((p) => `<circle cx="${x(p.catalogSize)}" cy="${y(p.meanPromptTokens)}" r="3" fill="${color(route)}"><title>${esc(route)} at ${p.catalogSize} tools: ${p.meanPromptTokens} tokens/call</title></circle>`);
    return `<path d="${path}" fill="none" stroke="${color(route)}" stroke-width="2"/>${dots.join("")}<text x="${left + plotW + 8}" y="${top + 14 + i * 16}" font-size="11" fill="${color(route)}">${esc(route)}</text>`;
  });
  return `<figure><svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="prompt tokens per call against catalog size"><text x="${left}" y="16" font-size="13" font-weight="bold">Prompt tokens per model call vs catalog size (log scale)</text>${grid.join("")}${xs.join("")}${lines.join("")}</svg></figure>`;
}

function summaryTable(summary: readonly RouteSummary[], group: string): string {
  const head = ["route", "success", "reach", "selection", "calls/case", "tokens/call", "tool_search (unnecessary)", "unapproved effects", "double executions", "premature answers", "failure class right", "errors"];
  const rows = summary.map((s) => {
    const t = s.groups[group]!;
    const failure = t.failureComparable ? `${t.failureCorrect}/${t.failureComparable}${s.notComparable.failureClass ? "*" : ""}` : "no comparable score";
    const safety = (n: number) => `<td class="${n ? "bad" : "good"}">${n}</td>`;
    return `<tr><th style="color:${color(s.route)}">${esc(s.route)}</th><td>${t.success}/${t.cases}</td><td>${t.reached}/${t.withGold}</td><td>${t.selected}/${t.withReach}</td><td>${t.meanModelCalls.toFixed(2)}</td><td>${t.meanPromptTokens}</td><td>${t.toolSearchCalls} (${t.unnecessarySearches})</td>${safety(t.unapprovedSideEffects)}${safety(t.doubleExecutions)}<td>${t.prematureAnswers}</td><td>${failure}</td><td>${t.errors}</td></tr>`;
  });
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function caseTable(run: EvalRun): string {
  const rows = run.records.map((r) => {
    const failed = r.checks.filter((c) => !c.pass).map((c) => `${c.check}: ${c.detail}`);
    const detail = r.status === "error" ? `error: ${r.error}` : failed.join("; ");
    return `<tr class="${r.status === "error" ? "err" : r.success ? "" : "fail"}"><td>${esc(r.caseId)}</td><td>${r.split}</td><td>${esc(r.category)}</td><td style="color:${color(r.route)}">${r.route}</td><td>${r.status === "error" ? "ERROR" : r.success ? "pass" : "fail"}</td><td>${r.reached === null ? "–" : r.reached ? "yes" : "no"}</td><td>${r.modelCalls}</td><td>${r.meanPromptTokens}</td><td>${r.unapprovedSideEffects}</td><td>${r.doubleExecutions}</td><td>${esc(detail)}</td></tr>`;
  });
  return `<table class="cases"><thead><tr><th>case</th><th>split</th><th>category</th><th>route</th><th>result</th><th>reach</th><th>calls</th><th>tokens/call</th><th>unapproved</th><th>double</th><th>detail</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

export function renderHtml(run: EvalRun, sweep: readonly SweepPoint[]): string {
  const { meta, summary } = run;
  const reasons = summary.flatMap((s) => Object.entries(s.notComparable).map(([metric, why]) => `<li><b>${esc(s.route)}</b>, ${esc(metric)}: ${esc(why)}</li>`));
  const sections = (["heldout", "tuning", SEED_SUBSET] as const)
    .filter((g) => summary.some((s) => s.groups[g]!.cases > 0))
    .map((g) => `<h2>${g === "heldout" ? "Held-out cases (the figures to quote)" : g === "tuning" ? "Tuning cases" : "Seed 002 subset"}</h2>${summaryTable(summary, g)}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mira eval — ${esc(meta.model)} / ${esc(meta.catalog)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;font-size:12px;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}
thead th{background:#f2f2f2}td.bad{background:#fbe3e3;font-weight:bold}td.good{background:#e6f4ea}
tr.fail td{background:#fff6e5}tr.err td{background:#fde8e8}
.charts{display:flex;flex-wrap:wrap;gap:16px}figure{margin:0;border:1px solid #eee;padding:6px}
.meta{color:#555;font-size:13px}
</style></head><body>
<h1>mira eval: every route on the same model, tools and tasks</h1>
<p class="meta">Model <b>${esc(meta.model)}</b> · catalog <b>${esc(meta.catalog)}</b> (${meta.catalogSize} tools) · suite <code>${esc(meta.suite)}</code> · ${meta.cases} cases × ${meta.routes.length} routes · ${esc(meta.startedAt)} · Node ${esc(meta.node)} · ${(meta.wallMs / 1000).toFixed(1)} s</p>
<div class="charts">
${barChart("Success and reachability per route — held-out", summary, "heldout")}
${barChart("Success and reachability per route — tuning", summary, "tuning")}
${tokenChart(sweep)}
</div>
${sections.join("\n")}
<h2>Seed 002 reference</h2>
<table><thead><tr><th>route</th><th>success</th><th>reach</th><th>note</th></tr></thead><tbody>${SEED_REFERENCE.map((r) => `<tr><td>${r.route}</td><td>${r.success}</td><td>${r.reach}</td><td>${r.note}</td></tr>`).join("")}</tbody></table>
${reasons.length ? `<h2>No comparable score</h2><ul>${reasons.join("")}</ul>` : ""}
<h2>Every case</h2>
${caseTable(run)}
</body></html>
`;
}
