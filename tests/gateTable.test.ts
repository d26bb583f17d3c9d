/**
 * CONTRACT §6, issue 11: the completion gate never stops correct work and never accepts a
 * premature answer, on an end-to-end table of scripted runs (English and Chinese; tuning and
 * held-out rows), and every row's TaskFrame holds exactly the expected goals.
 */
import { describe, expect, it } from "vitest";
import { TABLE } from "../bench/taskTable/rows.js";
import { runTable } from "../bench/taskTable/run.js";

describe("the request table", () => {
  it("has at least 40 rows in English and Chinese, in both splits, covering pass and block verdicts", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TABLE.map((r) => r.id)).size).toBe(TABLE.length);
    for (const split of ["tuning", "held-out"] as const) {
      const rows = TABLE.filter((r) => r.split === split);
      expect(rows.some((r) => r.verdict === "pass") && rows.some((r) => r.verdict === "block")).toBe(true);
      expect(rows.some((r) => /[\u4e00-\u9fff]/.test(r.request))).toBe(true);
    }
  });

  it("every row gets its expected goals and the gate's verdict: 0 false blocks and 0 false passes on both splits", { timeout: 300_000 }, async () => {
    const { results, split } = await runTable();
    const misses = results.filter((r) => r.verdict !== r.row.verdict || JSON.stringify(r.goals) !== JSON.stringify(r.row.goals));
    expect(misses.map((r) => ({ id: r.row.id, goals: r.goals, verdict: r.verdict, note: r.note }))).toEqual([]);
    for (const s of Object.values(split)) expect({ falseBlocks: s.falseBlocks, falsePasses: s.falsePasses, errors: s.errors }).toEqual({ falseBlocks: 0, falsePasses: 0, errors: 0 });
  });
});
