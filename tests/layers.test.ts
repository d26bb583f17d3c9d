/**
 * Issue 19: layers point one way. Every product folder imports only folders below it in the
 * order of docs/architecture.md, and no files import each other in a loop. The checker itself
 * is proven on planted problems, so a passing repository check means something.
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { cycles, importGraph, layerProblems, type ImportGraph } from "../scripts/layers.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("layer order", () => {
  it("the repository has no upward import, no sideways import between folders, and no import cycle", () => {
    const graph = importGraph(ROOT);
    expect(graph.size).toBeGreaterThan(100);
    expect(layerProblems(graph)).toEqual([]);
  });

  it("a planted folder cycle is reported: tools/ importing nodes/ points up", () => {
    const graph: ImportGraph = new Map([
      ["nodes/tool.ts", ["tools/types.ts"]],
      ["tools/types.ts", ["nodes/tool.ts"]],
    ]);
    const problems = layerProblems(graph);
    expect(problems).toContain("tools/types.ts imports nodes/tool.ts: nodes/ is above tools/");
    expect(problems).toContain("import cycle: nodes/tool.ts → tools/types.ts");
  });

  it("a planted file cycle inside one folder is reported", () => {
    const graph: ImportGraph = new Map([
      ["ledger/a.ts", ["ledger/b.ts"]],
      ["ledger/b.ts", ["ledger/c.ts"]],
      ["ledger/c.ts", ["ledger/a.ts"]],
      ["ledger/d.ts", ["ledger/a.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["ledger/a.ts", "ledger/b.ts", "ledger/c.ts"]]);
  });

  it("a product folder importing test code, or a folder with no layer, is reported", () => {
    const graph: ImportGraph = new Map([
      ["harness/x.ts", ["tests/support/y.ts"]],
      ["newfolder/z.ts", ["state/types.ts"]],
    ]);
    expect(layerProblems(graph)).toEqual(["harness/x.ts imports tests/support/y.ts: tests/ is outside the product", "newfolder/z.ts: folder newfolder/ has no layer"]);
  });
});
