/**
 * `codebase_explore` (CONTRACT §7): a parsed TS/JS index returns candidates that are never
 * evidence by themselves (verified=false, verification.required=true, with the read_slice
 * call that verifies them), with line numbers that match the real files; an index miss
 * names the fallback chain instead of claiming absence.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvidenceDraft, ToolOutcome } from "../state/types.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import { readSlice } from "../tools/workspace/read.js";

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "fixtures/code");
const tool = codebaseExploreTool();
let root: string;

/** A private copy of the fixture project, so tests may edit it and add node_modules. */
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "code-index-")));
  await fs.cp(fixture, root, { recursive: true });
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

function explore(input: Record<string, unknown>): Promise<ToolOutcome> {
  return tool.execute(tool.schema.parse(input), { workspaceRoot: root });
}

type Hit = {
  candidate: string;
  symbol: string;
  kind: string;
  path: string;
  startLine: number;
  endLine: number;
  container?: string;
  depth?: number;
  via?: string;
  verification: { required: boolean };
  next: { tool: string; input: { path: string; startLine: number; endLine: number } };
};

async function hits(input: Record<string, unknown>): Promise<Hit[]> {
  const outcome = await explore(input);
  if (!outcome.ok) throw new Error(`expected candidates, got ${JSON.stringify(outcome.failure)}`);
  return outcome.evidence.map((item) => JSON.parse(item.content) as Hit);
}

/** The real text of a 1-based line range, read straight from disk. */
async function linesOf(rel: string, startLine: number, endLine = startLine): Promise<string[]> {
  const text = await fs.readFile(path.join(root, rel), "utf8");
  return text.split("\n").slice(startLine - 1, endLine);
}

/** The 1-based number of the first line of `rel` containing `needle`. */
async function lineContaining(rel: string, needle: string): Promise<number> {
  const index = (await fs.readFile(path.join(root, rel), "utf8")).split("\n").findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`${needle} not in ${rel}`);
  return index + 1;
}

describe("codebase_explore explore: definitions, members and references at the real lines", () => {
  it("finds every definition of greet with ranges that match the file, and each reference line names greet", async () => {
    const found = await hits({ mode: "explore", symbol: "greet" });
    const definitions = found.filter((hit) => hit.candidate === "definition");
    expect(definitions.map((hit) => [hit.kind, hit.container ?? null, hit.path])).toEqual([
      ["method", "Greeter", "src/greet.ts"],
      ["function", null, "src/greet.ts"],
      ["method", "PoliteGreeter", "src/greet.ts"],
    ]);
    const fn = definitions[1]!;
    expect(fn.startLine).toBe(await lineContaining("src/greet.ts", "export function greet"));
    expect(await linesOf(fn.path, fn.startLine, fn.endLine)).toEqual([
      "export function greet(name: string): string {",
      "  return `Hello, ${name}!`;",
      "}",
    ]);

    const references = found.filter((hit) => hit.candidate === "reference");
    expect(references.map((hit) => `${hit.path}:${hit.startLine}:${hit.kind}`)).toEqual([
      `src/app.ts:${await lineContaining("src/app.ts", "import { greet }")}:import`,
      `src/app.ts:${await lineContaining("src/app.ts", "greet(name)")}:use`,
      `src/index.ts:${await lineContaining("src/index.ts", "export { greet")}:use`,
    ]);
    for (const hit of references) expect((await linesOf(hit.path, hit.startLine)).join("")).toMatch(/\bgreet\b/);
  });

  it("a class brings its members; Container.member narrows to one method", async () => {
    const found = await hits({ mode: "explore", symbol: "PoliteGreeter" });
    expect(found.map((hit) => `${hit.candidate} ${hit.symbol}`)).toEqual([
      "definition PoliteGreeter",
      "member prefix",
      "member greet",
      "reference PoliteGreeter",
    ]);
    const cls = found[0]!;
    expect(await linesOf(cls.path, cls.startLine, cls.endLine)).toEqual(
      expect.arrayContaining(["export class PoliteGreeter implements Greeter {", "}"]),
    );
    expect((await linesOf(cls.path, cls.endLine))[0]).toBe("}");

    const method = await hits({ mode: "explore", symbol: "PoliteGreeter.greet" });
    expect(method.filter((hit) => hit.candidate === "definition")).toEqual([
      expect.objectContaining({ kind: "method", container: "PoliteGreeter", startLine: await lineContaining("src/greet.ts", "  greet(name: string): string {") }),
    ]);
  });

  it("indexes JS too: a CommonJS function and its require()d use", async () => {
    const found = await hits({ mode: "explore", symbol: "padLeft" });
    expect(found[0]).toMatchObject({ candidate: "definition", kind: "function", path: "lib/helpers.cjs", startLine: 1, endLine: 3 });
    expect(found.map((hit) => hit.path)).toContain("lib/report.cjs");
  });

  it("query ranks declarations by the words they contain", async () => {
    const found = await hits({ mode: "query", query: "format list" });
    expect(found.map((hit) => hit.symbol)).toEqual(["formatList", "formatLoud"]);
    expect(found[0]!.startLine).toBe(await lineContaining("src/util/format.ts", "export function formatList"));
  });
});

describe("codebase_explore affected: importers up to two hops", () => {
  it("a symbol: the re-exporting barrel at depth 1 and its importer's use at depth 2; a file importing other names is not affected", async () => {
    const affected = (await hits({ mode: "affected", symbol: "greet" })).filter((hit) => hit.candidate === "affected");
    expect(affected.map((hit) => ({ path: hit.path, depth: hit.depth, via: hit.via }))).toEqual([
      { path: "src/index.ts", depth: 1, via: "src/greet.ts" },
      { path: "src/app.ts", depth: 2, via: "src/index.ts" },
    ]);
    expect(affected[1]!.startLine).toBe(await lineContaining("src/app.ts", "greet(name)"));
    expect(affected.map((hit) => hit.path)).not.toContain("src/util/format.ts"); // imports shout, not greet
  });

  it("a file: its direct importers and the files importing those", async () => {
    const affected = await hits({ mode: "affected", path: "src/util/format.ts" });
    expect(affected.map((hit) => [hit.path, hit.depth, hit.startLine])).toEqual([
      ["src/app.ts", 1, await lineContaining("src/app.ts", "./util/format.js")],
      ["src/index.ts", 1, await lineContaining("src/index.ts", "./util/format.js")],
      ["src/cli.mjs", 2, await lineContaining("src/cli.mjs", "./app.js")],
    ]);
  });
});

describe("codebase_explore candidates are never evidence until read_slice read the lines", () => {
  it("every candidate is an unverified locate_hit carrying verification.required and the read_slice call", async () => {
    const outcome = await explore({ mode: "explore", symbol: "shout" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.summary).toContain("verification.required=true");
    for (const item of outcome.evidence) {
      expect(item).toMatchObject({ kind: "locate_hit", verified: false });
      const hit = JSON.parse(item.content) as Hit;
      expect(item.content).not.toContain("\n");
      expect(hit.verification.required).toBe(true);
      expect(hit.next).toEqual({ tool: "read_slice", input: { path: hit.path, startLine: hit.startLine, endLine: hit.endLine } });
      expect(item.source).toEqual(hit.next.input);
    }
  });

  it("the suggested read_slice call returns the original lines as verified content", async () => {
    const [definition] = await hits({ mode: "explore", symbol: "shout" });
    const read = await readSlice.execute(readSlice.schema.parse(definition!.next.input), { workspaceRoot: root });
    expect(read.ok).toBe(true);
    const evidence = (read as { evidence: EvidenceDraft[] }).evidence[0]!;
    expect(evidence).toMatchObject({ kind: "content", verified: true, source: definition!.next.input });
    expect(evidence.content).toBe("export const shout = (text: string): string => text.toUpperCase();");
  });

  it("maxResults bounds the candidates and the summary says how many were left out", async () => {
    const outcome = await explore({ mode: "explore", symbol: "greet", maxResults: 2 });
    expect(outcome.ok && outcome.evidence.length).toBe(2);
    expect(outcome.ok && outcome.summary).toContain("showing 2 of 6");
  });
});

describe("an index miss is not proof of absence", () => {
  it("a miss is a recoverable empty_result naming the scoped fallback chain", async () => {
    expect(await explore({ mode: "explore", symbol: "renderInvoice", path: "src/util" })).toEqual({
      ok: false,
      failure: {
        recoverable: true,
        kind: "empty_result",
        message: expect.stringContaining(
          "index miss is not proof of absence; fall back to search_text scoped to src/util → workspace_inventory → read_slice",
        ),
      },
    });
  });

  it("a symbol outside the scope is a miss in that scope, not a hit elsewhere", async () => {
    const outcome = await explore({ mode: "explore", symbol: "padLeft", path: "src" });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: "empty_result", message: expect.stringContaining("search_text scoped to src") } });
  });
});

describe("the index follows the workspace and stays inside it", () => {
  it("picks up an edited file and never indexes node_modules", async () => {
    await fs.mkdir(path.join(root, "node_modules/pkg"), { recursive: true });
    await fs.writeFile(path.join(root, "node_modules/pkg/index.ts"), "export function freshHelper() {}\n");
    expect(await explore({ mode: "explore", symbol: "freshHelper" })).toMatchObject({ ok: false, failure: { kind: "empty_result" } });

    const file = path.join(root, "src/util/format.ts");
    await fs.appendFile(file, "\nexport function freshHelper(): number {\n  return 1;\n}\n");
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(file, later, later);
    const found = await hits({ mode: "explore", symbol: "freshHelper" });
    expect(found.map((hit) => `${hit.candidate} ${hit.path}:${hit.startLine}`)).toEqual([
      `definition src/util/format.ts:${await lineContaining("src/util/format.ts", "export function freshHelper")}`,
    ]);
  });

  it("a scope outside the workspace is a terminal security violation", async () => {
    expect(await explore({ mode: "query", query: "greet", path: "../elsewhere" })).toMatchObject({
      ok: false,
      failure: { recoverable: false, kind: "security_violation" },
    });
  });

  it("explore without a symbol is recoverable invalid input", async () => {
    expect(await explore({ mode: "explore" })).toMatchObject({ ok: false, failure: { recoverable: true, kind: "invalid_input" } });
  });
});
