/**
 * CONTRACT §6, issue 21: the completion gate on the held-out set (written blind, committed
 * before any run, measured once: `firstMeasured` in its provenance). The gate was not tuned on
 * it; this test holds the measured figures as a floor, so a regression is caught: no more false
 * blocks or false passes than measured, no case missed that was not missed then, and no run
 * that the gate alone ended other than `completed`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { heldoutMisses, loadHeldout, runHeldout } from "../bench/completionHeldout.js";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";

const provenance = JSON.parse(readFileSync(join(PACKAGE_ROOT, "eval/completion/heldout/provenance.json"), "utf8")) as {
  firstMeasured: { cases: number; falseBlocks: number; falsePasses: number; misses: Array<{ id: string }> };
};
const measured = provenance.firstMeasured;

describe("the held-out completion set", () => {
  it("has the committed shape: 72 cases, English and Chinese, pass and block verdicts", () => {
    const cases = loadHeldout();
    expect(cases).toHaveLength(measured.cases);
    expect(new Set(cases.map((c) => c.lang))).toEqual(new Set(["en", "zh"]));
    expect(new Set(cases.map((c) => c.verdict))).toEqual(new Set(["pass", "block"]));
  });

  it("no regression beyond the first measurement; every run completes", { timeout: 900_000 }, async () => {
    const report = await runHeldout();
    expect({ runsNotCompleted: report.failedRuns, errors: report.errors }).toEqual({ runsNotCompleted: 0, errors: 0 });
    expect(report.falseBlocks).toBeLessThanOrEqual(measured.falseBlocks);
    expect(report.falsePasses).toBeLessThanOrEqual(measured.falsePasses);
    const known = new Set(measured.misses.map((m) => m.id));
    expect(heldoutMisses(report).filter((m) => !known.has(m.id))).toEqual([]);
  });
});
