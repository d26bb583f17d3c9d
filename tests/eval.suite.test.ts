/**
 * The evaluation suite (eval/suite.jsonl) is a usable, honest benchmark: every line parses,
 * it has ≥40 cases over every category, both splits, seed 002's 16 cases as a named subset
 * (13 with a gold tool), every fixture exists, and every gold call names a catalog tool with
 * arguments its schema accepts (so a failure is the route's, not the suite's).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES, loadSuite, type EvalCase } from "../eval/case.js";
import { catalogFor } from "../eval/catalog.js";
import { fixturesDirOf } from "../eval/runner.js";
import { SEED_SUBSET } from "../eval/summary.js";

const SUITE = "eval/suite.jsonl";

describe("the evaluation suite", () => {
  const entries = loadSuite(SUITE);
  const cases = entries.flatMap((e) => (e.ok ? [e.case] : []));

  it("parses every line into a case with a unique id", () => {
    expect(entries.filter((e) => !e.ok)).toEqual([]);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it("has at least 40 cases covering every category, in a tuning and a held-out split", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const category of CATEGORIES) expect(cases.some((c) => c.category === category), category).toBe(true);
    expect(cases.filter((c) => c.split === "tuning").length).toBeGreaterThanOrEqual(15);
    expect(cases.filter((c) => c.split === "heldout").length).toBeGreaterThanOrEqual(15);
  });

  it("reproduces seed 002's 16 cases as a named subset, 13 of them with gold tools", () => {
    const seed = cases.filter((c) => c.subsets.includes(SEED_SUBSET));
    expect(seed).toHaveLength(16);
    expect(seed.filter((c) => c.gold.tools.length > 0)).toHaveLength(13);
  });

  it("has a fixture for every case, and every gold call validates against the catalog tool's schema", () => {
    const tools = new Map(catalogFor("builtin").map((t) => [t.name, t]));
    const problems: string[] = [];
    for (const c of cases as EvalCase[]) {
      if (!existsSync(join(fixturesDirOf(SUITE), c.fixture))) problems.push(`${c.id}: no fixture ${c.fixture}`);
      for (const name of c.gold.tools) if (!tools.has(name)) problems.push(`${c.id}: gold tool ${name} is not in the catalog`);
      for (const step of c.gold.plan) {
        if (!("tool" in step)) continue;
        const tool = tools.get(step.tool);
        if (!tool) problems.push(`${c.id}: plan calls unknown ${step.tool}`);
        else if (!tool.schema.safeParse(step.args).success) problems.push(`${c.id}: ${step.tool} args fail its schema`);
      }
    }
    expect(problems).toEqual([]);
  });
});
