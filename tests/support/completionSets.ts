/**
 * CONTRACT §6, issue 21: the completion gate on the sets written blind, each committed before
 * any run and measured once (`firstMeasured` in its provenance); the tuning-* ones have since been
 * tuned on (`afterTuning` holds the figure after the fixes when present). For each, the tests hold
 * the recorded figures as a floor, so a regression is caught: no more false blocks or false passes
 * than recorded, no case missed that was not missed then, and no run that the gate alone ended
 * other than `completed`. tests/completionHeldout{,2,3}.test.ts each run a third of the sets.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { heldoutMisses, loadHeldout, presentSplits, runHeldout, splitDir, type CompletionSplit } from "../../bench/completionHeldout.js";
import { tableTools } from "../../bench/taskTable/run.js";
import type { WorkspaceIndex } from "../../language/request.js";
import { buildTaskFrame } from "../../state/taskFrame.js";

/** The workspace index of a case's files: each file, and each folder above one. */
const workspaceOf = (files: Record<string, string>): WorkspaceIndex => {
  const dirs = new Set(Object.keys(files).flatMap((f) => f.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
  return { files: new Set(Object.keys(files)), dirs };
};

interface Figures { cases: number; falseBlocks: number; falsePasses: number; misses: Array<{ id: string }> }
const floor = (split: CompletionSplit): Figures | undefined => {
  const file = join(splitDir(split), "provenance.json");
  if (!existsSync(file)) return undefined;
  const p = JSON.parse(readFileSync(file, "utf8")) as { firstMeasured?: Figures; afterTuning?: Figures };
  return p.afterTuning ?? p.firstMeasured;
};

/** Declares the tests of every `of`-th measured set from the `part`-th: the sets run in several files, so the two CI workers share them. */
export function describeCompletionSets(part: number, of: number): void {
  describe.each(presentSplits().filter((s) => floor(s) !== undefined).filter((_, i) => i % of === part))("the completion set %s", (split) => {
    const measured = floor(split)!;

    it("has the committed shape: English and Chinese, pass and block verdicts, unique ids, every call valid for a tool the runner offers", () => {
      const cases = loadHeldout(split);
      expect(cases).toHaveLength(measured.cases);
      expect(new Set(cases.map((c) => c.lang))).toEqual(new Set(["en", "zh"]));
      expect(new Set(cases.map((c) => c.verdict))).toEqual(new Set(["pass", "block"]));
      expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
      const tools = new Map(tableTools().map((t) => [t.name, t]));
      const invalid = cases.flatMap((c) => c.work.filter((w) => !tools.get(w.tool)?.schema.safeParse(w.args).success).map((w) => `${c.id}: ${w.tool} ${JSON.stringify(w.args)}`));
      expect(invalid).toEqual([]);
    });

    it("no regression beyond the recorded measurement; every run completes", { timeout: 900_000 }, async () => {
      const report = await runHeldout(loadHeldout(split));
      // The gate alone never fails a run: one not completed must be bad input the reader refuses with one line before any step (500 paths).
      const refused = report.results.filter((r) => r.outcome.status !== "completed" && !buildTaskFrame(r.case.request, workspaceOf(r.case.files)).ok);
      expect({ runsNotCompleted: report.failedRuns - refused.length, errors: report.errors - refused.filter((r) => r.outcome.verdict === "error").length }).toEqual({ runsNotCompleted: 0, errors: 0 });
      expect(report.falseBlocks).toBeLessThanOrEqual(measured.falseBlocks);
      expect(report.falsePasses).toBeLessThanOrEqual(measured.falsePasses);
      const known = new Set(measured.misses.map((m) => m.id));
      expect(heldoutMisses(report).filter((m) => !known.has(m.id))).toEqual([]);
    });
  });
}
