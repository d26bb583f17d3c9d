/**
 * Writes a run's reports into a directory: `results.json` (meta, per-route summary, every
 * per-route per-case record, the token sweep), `report.md` and the self-contained
 * `report.html`. Each file is written whole to a temporary name and renamed, so a reader
 * never sees a half-written report.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHtml, type SweepPoint } from "./report/html.js";
import { renderMarkdown } from "./report/markdown.js";
import type { EvalRun } from "./runner.js";

export interface WrittenReports {
  results: string;
  markdown: string;
  html: string;
}

function writeWhole(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function writeReports(run: EvalRun, sweep: readonly SweepPoint[], outDir: string): WrittenReports {
  mkdirSync(outDir, { recursive: true });
  const paths = { results: join(outDir, "results.json"), markdown: join(outDir, "report.md"), html: join(outDir, "report.html") };
  writeWhole(paths.results, `${JSON.stringify({ ...run, sweep }, null, 1)}\n`);
  writeWhole(paths.markdown, `${renderMarkdown(run)}\n`);
  writeWhole(paths.html, renderHtml(run, sweep));
  return paths;
}
