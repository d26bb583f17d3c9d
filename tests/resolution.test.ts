/**
 * Progressive Resolution (CONTRACT §7): exact name → structural (bilingual) → lexical, only
 * over discoverable tools, never a registration-order fallback; tool_search only when the
 * deterministic stages miss; the gold tool reachable on 62, 500 and 5,000 tools.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { operandsOf } from "../harness/text.js";
import { evaluationCatalog, generatedTools, goldTasks } from "../tools/catalog/index.js";
import { codebaseExploreTool } from "../tools/codeIndex/index.js";
import { defineTool, ok, type ToolDefinition } from "../tools/types.js";

const allowAll = { allow: ["*"], deny: [] };
const harnessOver = (tools: ToolDefinition[], deny: string[] = []) =>
  new Harness({ sources: [staticSource("catalog", tools)], authority: { allow: ["*"], deny } });

const evaluation = harnessOver(evaluationCatalog());

describe("resolution stages", () => {
  it("exact: a canonical name in the task is disclosed as itself", () => {
    expect(evaluation.resolve("use git_diff then read_slice on the result").disclosed).toEqual([
      { name: "git_diff", stage: "exact" },
      { name: "read_slice", stage: "exact" },
    ]);
  });

  it("structural: a Chinese request reaches the pull-request tool offline", () => {
    const { disclosed } = evaluation.resolve("把刚改完的东西提上去给他们审一下");
    expect(disclosed[0]).toEqual({ name: "create_pull_request", stage: "structural" });
  });

  it("structural: an English request reaches its capability without naming the tool", () => {
    const { disclosed } = evaluation.resolve("Schedule a meeting with Dan next Tuesday at 3pm");
    expect(disclosed).toEqual([{ name: "create_event", stage: "structural" }]);
  });

  it("lexical: words outside the vocabulary are found by the full-text index", () => {
    const checksum = defineTool({
      name: "compute_checksum",
      domain: "crypto",
      description: "Compute the SHA-256 checksum of some bytes.",
      schema: z.object({ data: z.string().describe("Bytes to hash, base64.") }),
      risk: "read",
      execute: async () => ok("hashed"),
    });
    const harness = harnessOver([...evaluationCatalog(), checksum]);
    expect(harness.resolve("sha-256 checksum please").disclosed).toEqual([{ name: "compute_checksum", stage: "lexical" }]);
  });

  it("never falls back to the first tools by registration order: no match discloses nothing", () => {
    const result = evaluation.resolve("tell me a joke about penguins");
    expect(result.disclosed).toEqual([]);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it("never discloses a tool that is not authorized or not ready", () => {
    const denied = harnessOver(evaluationCatalog(), ["code.github"]);
    const names = denied.resolve("把刚改完的东西提上去给他们审一下").disclosed.map((hit) => hit.name);
    expect(names).not.toContain("create_pull_request");
    expect(denied.resolve("use create_pull_request").disclosed.map((hit) => hit.name)).not.toContain("create_pull_request");
    expect(denied.compactCatalog()).not.toContain("create_pull_request");
  });

  it("discloses at most `limit` tools", () => {
    expect(evaluation.resolve("list the mail in my inbox and my calendar events and open issues", { limit: 2 }).disclosed.length).toBeLessThanOrEqual(2);
  });

  it("tool_search finds by relaxed matching and labels every hit 'search'", async () => {
    const { disclosed } = await evaluation.search("screenshoot of the page", { exclude: [] });
    expect(disclosed.map((hit) => hit.name)).toContain("browser_screenshot");
    expect(disclosed.every((hit) => hit.stage === "search")).toBe(true);
  });

  it("the semantic stage runs only on genuine ambiguity, and only when configured", async () => {
    const calls: string[] = [];
    const semantic = {
      id: "scripted",
      rank: async (query: string, candidates: readonly ToolDefinition[], limit: number) => {
        calls.push(query);
        return candidates.slice(-limit).map((tool) => tool.name);
      },
    };
    const harness = new Harness({ sources: [staticSource("catalog", evaluationCatalog())], authority: allowAll, semantic });
    await harness.resolveWithSemantic("Schedule a meeting with Dan");
    expect(calls).toEqual([]);
    const ambiguous = await harness.resolveWithSemantic("list the mail in my inbox and my calendar events and open issues", { limit: 1 });
    expect(calls.length).toBe(ambiguous.ambiguous ? 1 : 0);
    if (ambiguous.ambiguous) expect(ambiguous.disclosed.every((hit) => hit.stage === "semantic")).toBe(true);
  });
});

describe("workspace tasks: operands and question words are structural evidence", () => {
  const names = (harness: Harness, task: string) => harness.resolve(task).disclosed.map((hit) => hit.name);
  const large = harnessOver(generatedTools(5000, 1));
  const withCodeIndex = harnessOver([...evaluationCatalog(), codebaseExploreTool()]);

  it("operands are split from the request: paths, identifiers and quoted text, never versions, apostrophes or tool names", () => {
    const isTool = (word: string) => word === "git_diff";
    expect(operandsOf('Create notes/release.md with "Retry limit reviewed: 5"', isTool)).toMatchObject({ paths: ["notes/release.md"], identifiers: [] });
    expect(operandsOf('Create notes/release.md with "Retry limit reviewed: 5"', isTool).request).not.toMatch(/release|review/i);
    expect(operandsOf("Where is pushEvent defined? Also max_retries and connect()", isTool).identifiers).toEqual(["pushEvent", "max_retries", "connect()"]);
    expect(operandsOf("Create a release v1.2.0, e.g. for Bob's team", isTool)).toEqual({ paths: [], identifiers: [], request: "Create a release v1.2.0, e.g. for Bob's team" });
    expect(operandsOf("use git_diff on README.md", isTool)).toEqual({ paths: ["README.md"], identifiers: [], request: "use git_diff on  " });
  });

  // The first tool disclosed for each everyday workspace task, on 62 and 5,000 tools.
  const firstDisclosed: [string, string][] = [
    ["Where is the retry limit configured, and what is its value?", "read_locate"],
    ["重试上限是在哪里配置的？", "read_locate"],
    ['Create notes/release.md with "Retry limit reviewed: 5"', "write_file"],
    ["在 notes 目录下新建一个文件", "write_file"],
    ["Explain how src/client.ts retries", "read_open"],
    ["Read docs/operations.md and summarize it", "read_open"],
    ["看一下 src/config.ts 里的重试次数", "read_open"],
    ["解释一下 src/client.ts 是怎么重试的", "read_open"],
    ["Rename notes/a.md to notes/b.md", "move_path"],
    ["把 notes/a.md 重命名为 notes/b.md", "move_path"],
    ["Delete the tmp folder", "delete_path"],
    ["Fix the typo in README.md", "edit_file"],
    ["修改 README.md 里的错别字", "edit_file"],
    ["Run the tests", "run_tests"],
  ];
  for (const [task, first] of firstDisclosed) {
    it(`"${task}" discloses ${first} first, deterministically, on 62 and 5,000 tools`, () => {
      for (const harness of [evaluation, large]) {
        const { disclosed } = harness.resolve(task);
        expect(disclosed[0]).toEqual({ name: first, stage: "structural" });
        expect(disclosed.length).toBeLessThanOrEqual(10);
      }
    });
  }

  it("a question about where something is configured locates in the workspace, not in mail, calendar or the web", () => {
    const found = names(evaluation, "Where is the retry limit configured, and what is its value?");
    // read_open and read_slice come along: read_locate's description names them (candidates must be read).
    expect(found).toEqual(["read_locate", "search_text", "read_open", "read_slice"]);
    expect(names(large, "Where is the retry limit configured, and what is its value?")).toEqual(["read_locate", "search_text", "read_open", "read_slice"]);
  });

  it("a path outweighs a noun inside it: create … release.md is a file write, a release without a path is a release", () => {
    expect(names(evaluation, 'Create notes/release.md with "Retry limit reviewed: 5"')).toEqual(["write_file", "read_open"]);
    expect(names(evaluation, "Create a release v1.2.0 with the changelog")[0]).toBe("create_release");
  });

  it("a path says where, not what: the request's own object still leads", () => {
    expect(names(evaluation, "Commit src/index.ts")[0]).toBe("git_commit");
  });

  it("an identifier points at code: codebase_explore with the tools its description requires, or the workspace locators without it", () => {
    expect(withCodeIndex.resolve("Where is pushEvent defined?").disclosed).toEqual([
      { name: "codebase_explore", stage: "structural" },
      { name: "read_slice", stage: "structural" },
      { name: "search_text", stage: "structural" },
      { name: "workspace_inventory", stage: "structural" },
    ]);
    expect(names(evaluation, "Where is pushEvent defined?")).toEqual(["read_locate", "search_text", "read_open", "read_slice"]);
  });

  it("companions never exceed the limit and are never ineligible", () => {
    expect(names(withCodeIndex, "Where is pushEvent defined?").length).toBe(4);
    expect(withCodeIndex.resolve("Where is pushEvent defined?", { limit: 2 }).disclosed.map((hit) => hit.name)).toEqual(["codebase_explore", "read_slice"]);
    const denied = harnessOver([...evaluationCatalog(), codebaseExploreTool()], ["read_slice"]);
    expect(names(denied, "Where is pushEvent defined?")).toEqual(["codebase_explore", "search_text", "workspace_inventory"]);
  });

  it("registration order never matters", () => {
    const reversed = harnessOver([...evaluationCatalog(), codebaseExploreTool()].reverse());
    for (const [task] of firstDisclosed) expect(names(reversed, task)).toEqual(names(withCodeIndex, task));
  });
});

describe("gold-tool reachability on the fixed task set", () => {
  const catalogs: [string, ToolDefinition[]][] = [
    ["62", evaluationCatalog()],
    ["500", generatedTools(500, 1)],
    ["5000", generatedTools(5000, 1)],
  ];
  for (const [label, tools] of catalogs) {
    it(`reaches every gold tool at ${label} tools, with tool_search only where deterministic stages miss`, async () => {
      const harness = harnessOver(tools);
      let searches = 0;
      const missed: string[] = [];
      for (const { id, task, gold } of goldTasks) {
        let names = harness.resolve(task).disclosed.map((hit) => hit.name);
        expect(names.length).toBeLessThanOrEqual(10);
        if (!names.includes(gold)) {
          searches += 1;
          names = [...names, ...(await harness.search(task, { exclude: names })).disclosed.map((hit) => hit.name)];
        }
        if (!names.includes(gold)) missed.push(id);
      }
      expect(missed).toEqual([]);
      expect(searches).toBeLessThanOrEqual(2);
    }, 60_000);
  }
});
