/**
 * Tool catalogs (CONTRACT §7): the 60+ tool evaluation catalog, catalog files with specific
 * errors for bad input, generated catalogs, and the `mira tools` commands over them.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { toolsMain } from "../cli/toolsMain.js";
import { realTools, simulatedCatalogTools } from "../runtime/toolSources.js";
import { tuningB2Catalog, tuningB2Requests, tuningB3Catalog, tuningB3Requests, tuningB4Catalog, tuningB4Requests, tuningB5Catalog, tuningB5Requests, tuningB6Catalog, tuningB6Requests, tuningB1Catalog, tuningB1Requests, evalCatalog, evalRequests, type EvalRequest } from "../bench/resolutionEval.js";
import { CatalogError, evaluationCatalog, evaluationEntries, generateCatalog, loadCatalogFile } from "../tools/catalog/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "mira-catalog-"));
const writeCatalog = (name: string, data: unknown): string => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data));
  return file;
};
const entry = (name: string, inputSchema: Record<string, unknown> = { type: "object", properties: { q: { type: "string", description: "Query." } }, required: ["q"] }) => ({
  name,
  domain: "demo",
  description: `The ${name} tool.`,
  inputSchema,
  risk: "read",
});

describe("evaluation catalog", () => {
  it("has at least 60 tools across the required domains, including the 12 real workspace tools", () => {
    const tools = evaluationCatalog();
    expect(tools.length).toBeGreaterThanOrEqual(60);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    const groups = new Set(tools.map((t) => t.domain.split(".")[0]));
    for (const group of ["workspace", "terminal", "code", "mail", "browser", "calendar", "issues", "mcp"]) expect(groups).toContain(group);
    for (const name of ["read_list", "read_locate", "read_open", "read_extract", "read_slice", "search_text", "workspace_inventory", "write_file", "edit_file", "move_path", "delete_path", "run_command"]) {
      expect(tools.map((t) => t.name)).toContain(name);
    }
  });

  it("simulated backends are deterministic and say they are simulated", async () => {
    const pr = evaluationCatalog().find((t) => t.name === "create_pull_request")!;
    const input = pr.schema.parse({ repository: "acme/app", base: "main", head: "fix", title: "Fix" });
    const first = await pr.execute(input, { workspaceRoot: dir });
    const second = await pr.execute(input, { workspaceRoot: dir });
    expect(first).toEqual(second);
    expect(first.ok && first.summary).toMatch(/^\[simulated code\.github\] create_pull_request/);
  });

  it("generates catalogs of 500 and 5,000 unique tools deterministically from a seed", () => {
    for (const size of [500, 5000]) {
      const catalog = generateCatalog(size, 7);
      expect(catalog.length).toBe(size);
      expect(new Set(catalog.map((e) => e.name)).size).toBe(size);
    }
    expect(generateCatalog(500, 7)).toEqual(generateCatalog(500, 7));
    expect(generateCatalog(500, 7)).not.toEqual(generateCatalog(500, 8));
  });
});

/**
 * The servers of each evaluation catalog, in the order the sets were built (the tuned catalog
 * with the first blind set, then blind2 to blind5): each blind set reuses none of an earlier one's.
 */
const serversBySet = (): ReadonlySet<string>[] => [
  new Set([...evalCatalog(), ...tuningB1Catalog()].map((tool) => tool.name.split("__")[1] ?? "")),
  new Set(tuningB2Catalog().map((tool) => tool.domain)),
  new Set(tuningB3Catalog().map((tool) => tool.domain.slice("mcp.".length))),
  new Set(tuningB4Catalog().map((tool) => tool.domain)),
  new Set(tuningB5Catalog().map((tool) => tool.domain)),
];

/** The servers of `servers` that one of the first `sets` earlier catalogs already has. */
const reusedServers = (servers: Iterable<string>, sets: number): string[] => {
  const earlier = serversBySet().slice(0, sets);
  return [...new Set(servers)].filter((server) => earlier.some((used) => used.has(server)));
};

/** A blind set's requests: unique ids, English or Chinese, at least `chinese` in Chinese, and every gold alternative in its own catalog. */
function expectRequestsOn(names: ReadonlySet<string>, requests: readonly EvalRequest[], chinese = 0): void {
  expect(new Set(requests.map((r) => r.id)).size).toBe(requests.length);
  expect(requests.filter((r) => r.lang === "zh").length).toBeGreaterThanOrEqual(chinese);
  for (const request of requests) {
    expect(["en", "zh"]).toContain(request.lang);
    for (const name of request.gold.flatMap((entry) => entry.split("|"))) expect(names.has(name), `${request.id}: ${name}`).toBe(true);
  }
}

describe("the resolution evaluation's request sets", () => {
  it.each(["tuning", "tuning2", "heldout-mcp", "tuning3"] as const)("%s: unique ids, en or zh, and every gold tool is in the real MCP catalog", (split) => {
    const names = new Set(evalCatalog().map((tool) => tool.name));
    const requests = evalRequests(split);
    expect(new Set(requests.map((r) => r.id)).size).toBe(requests.length);
    for (const request of requests) {
      expect(["en", "zh"]).toContain(request.lang);
      for (const entry of request.gold) expect(entry.split("|").some((name) => names.has(name)), `${request.id}: ${entry}`).toBe(true);
    }
  });

  it("tuning-b1 (formerly blind): its own catalog parses, its requests have unique ids, and every gold alternative is in that catalog", () => {
    const tools = tuningB1Catalog();
    const names = new Set(tools.map((tool) => tool.name));
    expect(names.size).toBe(tools.length);
    expect(tools.every((tool) => tool.name.startsWith("mcp__") && tool.domain.startsWith("mcp.") && tool.risk === "external_mcp")).toBe(true);
    expectRequestsOn(names, tuningB1Requests());
    // No server of the blind set is one the tuned catalog already has.
    const tunedServers = new Set(evalCatalog().map((tool) => tool.name.split("__")[1]));
    expect([...names].filter((name) => tunedServers.has(name.split("__")[1] ?? ""))).toEqual([]);
  });

  it("tuning-b2 (formerly blind2): its own catalog parses in the <server>_<tool> convention, its requests have unique ids, and every gold alternative is in that catalog", () => {
    const tools = tuningB2Catalog();
    const names = new Set(tools.map((tool) => tool.name));
    expect(names.size).toBe(tools.length);
    expect(tools.every((tool) => !tool.domain.includes(".") && tool.name.startsWith(tool.domain.replace(/-/g, "_")) && tool.risk === "external_mcp")).toBe(true);
    expectRequestsOn(names, tuningB2Requests(), 25);
    // No server of the final blind set is in the tuned catalog or the first blind set.
    expect(reusedServers(tools.map((tool) => tool.domain), 1)).toEqual([]);
  });

  it("tuning-b3 (formerly blind3): its own catalog parses in the mcp__<server>__<tool> convention, it has at least 110 requests (50 in Chinese) with unique ids, and every gold alternative is in that catalog", () => {
    const tools = tuningB3Catalog();
    const names = new Set(tools.map((tool) => tool.name));
    expect(names.size).toBe(tools.length);
    expect(tools.every((tool) => tool.name.startsWith(`mcp__${tool.domain.slice("mcp.".length)}__`) && tool.risk === "external_mcp")).toBe(true);
    expect(tuningB3Requests().length).toBeGreaterThanOrEqual(110);
    expectRequestsOn(names, tuningB3Requests(), 50);
    // No server of the third blind set is in any earlier catalog.
    expect(reusedServers(tools.map((tool) => tool.domain.slice("mcp.".length)), 2)).toEqual([]);
  });

  // Data only: each set's one blind figure is the bench's (its provenance's `firstMeasured`); nothing here resolves it.
  it.each([
    { set: "tuning-b4", convention: "published names", tools: tuningB4Catalog, requests: tuningB4Requests, minimum: 120, chinese: 55, prefix: "", earlier: 3 },
    { set: "tuning-b5", convention: "<server>.<tool>", tools: tuningB5Catalog, requests: tuningB5Requests, minimum: 150, chinese: 80, prefix: ".", earlier: 4 },
    { set: "tuning-b6", convention: "<server>__<tool>", tools: tuningB6Catalog, requests: tuningB6Requests, minimum: 150, chinese: 80, prefix: "__", earlier: 5 },
  ])(
    "$set: its own catalog parses with $convention in one-part <server> domains, it has at least $minimum requests ($chinese in Chinese) with unique ids, every gold alternative is in that catalog, and no server is in an earlier set",
    ({ tools: catalog, requests, minimum, chinese, prefix, earlier }) => {
      const tools = catalog();
      const names = new Set(tools.map((tool) => tool.name));
      expect(names.size).toBe(tools.length);
      expect(tools.every((tool) => !tool.domain.includes(".") && (prefix === "" || tool.name.startsWith(`${tool.domain}${prefix}`)) && tool.risk === "external_mcp")).toBe(true);
      expect(requests().length).toBeGreaterThanOrEqual(minimum);
      expectRequestsOn(names, requests(), chinese);
      expect(reusedServers(tools.map((tool) => tool.domain), earlier)).toEqual([]);
    },
  );
});

describe("catalog files", () => {
  it("loads a valid file, converting JSON Schema inputs to zod", () => {
    const [tool] = loadCatalogFile(writeCatalog("ok.json", [entry("lookup")]));
    expect(tool?.schema.safeParse({ q: "x" }).success).toBe(true);
    expect(tool?.schema.safeParse({}).success).toBe(false);
  });

  it("round-trips the evaluation catalog through a file", () => {
    expect(loadCatalogFile(writeCatalog("eval.json", evaluationEntries())).length).toBe(evaluationCatalog().length);
  });

  it.each([
    ["duplicate names", [entry("lookup"), entry("other"), entry("lookup")], 'duplicate tool name "lookup" (entries 0 and 2)'],
    ["a non-object input schema", [entry("lookup", { type: "string" })], 'entry 0 ("lookup"): inputSchema must have "type": "object" (got "string")'],
    ["a required property that does not exist", [entry("lookup", { type: "object", properties: {}, required: ["q"] })], 'inputSchema.required names "q", which is not in properties'],
    ["a schema zod cannot convert", [entry("lookup", { type: "object", properties: { q: { type: "strng" } } })], "inputSchema is not a supported JSON Schema: Unsupported type: strng"],
    ["an unknown risk class", [{ ...entry("lookup"), risk: "yolo" }], 'entry 0 ("lookup"): risk:'],
    ["not an array", { tools: [] }, "a catalog must be a JSON array"],
  ])("rejects %s with a specific message", (_label, data, message) => {
    const file = writeCatalog(`bad-${Math.random()}.json`, data);
    expect(() => loadCatalogFile(file)).toThrow(CatalogError);
    expect(() => loadCatalogFile(file)).toThrow(message);
  });

  it("a file whose exact content passed before loads without validation into the same tools", () => {
    // A description of its own, so the first load is this content's first.
    const annotated = { ...entry("annotated"), description: `Annotated ${Date.now()} ${Math.random()}.`, extra: "dropped", annotations: { destructiveHint: true, unknownHint: 1, title: "Annotated" } };
    const file = writeCatalog("known.json", [...evaluationEntries(), annotated]);
    const fields = (tools: ReturnType<typeof loadCatalogFile>) => JSON.stringify(tools.map(({ name, domain, description, inputSchema, risk, annotations }) => ({ name, domain, description, inputSchema, risk, annotations })));
    const validated = loadCatalogFile(file);
    expect(fields(loadCatalogFile(file))).toBe(fields(validated));
    expect(validated.at(-1)?.annotations).toEqual({ title: "Annotated", destructiveHint: true });
  });

  it("rejects invalid JSON and a missing file with the path in the message", () => {
    expect(() => loadCatalogFile(writeCatalog("broken.json", "[{"))).toThrow(/broken\.json is not valid JSON/);
    expect(() => loadCatalogFile(path.join(dir, "absent.json"))).toThrow(/cannot read catalog file .*absent\.json/);
  });
});

describe("mira tools commands", () => {
  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { out: out.join("\n"), err: err.join("\n"), exitCode: code };
  }

  it("tools resolve prints up to K disclosed tools with their stage, and the index time apart from the resolution time", async () => {
    const { out } = await run(["tools", "resolve", "把刚改完的东西提上去给他们审一下", "--catalog", "builtin-simulated", "--json"]);
    const parsed = JSON.parse(out) as { disclosed: { name: string; stage: string }[]; elapsedMs: number; indexMs: number };
    expect(parsed.disclosed.map((hit) => hit.name)).toContain("create_pull_request");
    expect(parsed.disclosed.length).toBeLessThanOrEqual(8);
    expect(typeof parsed.elapsedMs).toBe("number");
    expect(typeof parsed.indexMs).toBe("number");
  });

  it("tools resolve: a second call on the same large catalog file loads its index from the disk cache", async () => {
    const file = writeCatalog("large.json", generateCatalog(1000, 2));
    const first = JSON.parse((await run(["tools", "resolve", "Delete the tmp folder", "--catalog", file, "--json"])).out) as { indexCached: boolean; disclosed: unknown[] };
    const second = JSON.parse((await run(["tools", "resolve", "Delete the tmp folder", "--catalog", file, "--json"])).out) as { indexCached: boolean; disclosed: unknown[] };
    expect(second.indexCached).toBe(true);
    expect(second.disclosed).toEqual(first.disclosed);
  }, 60_000);

  it("tools resolve: an empty request or a K out of range is one line and exit 64", async () => {
    const empty = await run(["tools", "resolve", "  "]);
    expect(empty.exitCode).toBe(64);
    expect(empty.err.trim().split("\n")).toHaveLength(1);
    expect(empty.err).toMatch(/task is empty/);
    // The fast `mira tools` entry (bin/mira.js) answers the same way.
    const err: string[] = [];
    expect(await toolsMain(["tools", "resolve", ""], { out: () => undefined, err: (t) => err.push(t) })).toBe(64);
    expect(err).toEqual([expect.stringMatching(/^mira: the task is empty/)]);
    const limit = await run(["tools", "resolve", "send mail", "--limit", "11"]);
    expect(limit.exitCode).toBe(64);
    expect(limit.err).toMatch(/--limit must be a whole number from 1 to 10/);
  });

  it("tools resolve: a catalog with a non-Latin tool name or an empty description is one line and exit 64", async () => {
    const nonLatin = await run(["tools", "resolve", "天气", "--catalog", writeCatalog("zh.json", [entry("查询天气")])]);
    expect(nonLatin.exitCode).toBe(64);
    expect(nonLatin.err).toMatch(/tool names start with a letter/);
    const blank = await run(["tools", "resolve", "weather", "--catalog", writeCatalog("blank.json", [{ ...entry("lookup_weather"), description: "" }])]);
    expect(blank.exitCode).toBe(64);
    expect(blank.err).toMatch(/description/);
  });

  it("tools resolve uses --catalog instead of the built-in catalog", async () => {
    const file = writeCatalog("cli.json", [entry("lookup_weather"), entry("send_fax")]);
    const { out } = await run(["tools", "resolve", "use send_fax", "--catalog", file, "--json"]);
    expect(JSON.parse(out).disclosed).toEqual([{ name: "send_fax", stage: "exact" }]);
  });

  it("simulated backends are evaluation fixtures: the default tools are only the real ones; the simulated catalog loads on request", async () => {
    const real = JSON.parse((await run(["tools", "status", "--json"])).out) as { name: string; source: string }[];
    expect(real.map((s) => s.name).sort()).toEqual(realTools().map((t) => t.name).sort());
    expect(real.some((s) => s.name === "run_tests" || s.name === "send_mail")).toBe(false);
    const simulated = JSON.parse((await run(["tools", "status", "--catalog", "builtin-simulated", "--json"])).out) as { name: string }[];
    expect(simulated.some((s) => s.name === "run_tests")).toBe(true);
  });

  it("a simulated result is labelled simulated and never verified evidence", async () => {
    const tool = simulatedCatalogTools().find((t) => t.name === "run_tests")!;
    const outcome = await tool.execute({ path: "." }, { workspaceRoot: dir });
    expect(outcome.ok && outcome.evidence[0]).toMatchObject({ verified: false, simulated: true, content: expect.stringContaining("[simulated]") });
  });

  it("tools status --json reports six states per tool with reasons", async () => {
    const { out } = await run(["tools", "status", "--catalog", "builtin-simulated", "--json", "--deny", "mail.*", "--loadout", "send_mail"]);
    const statuses = JSON.parse(out) as { name: string; states: Record<string, { reached: boolean; reason?: string }> }[];
    expect(statuses.length).toBe(simulatedCatalogTools().length);
    const mail = statuses.find((s) => s.name === "send_mail")!;
    expect(Object.keys(mail.states)).toEqual(["registered", "ready", "authorized", "discoverable", "disclosed", "executable"]);
    expect(mail.states.disclosed?.reached).toBe(true);
    expect(mail.states.executable).toEqual({ reached: false, reason: "not authorized: authority envelope denies mail.*" });
  });

  it("tools status --mcp lists a live MCP server's tools as ready, external_mcp, beside the catalog", async () => {
    const config = path.join(dir, "mcp.json");
    writeFileSync(config, JSON.stringify({ servers: { fake: { command: process.execPath, args: [path.resolve("tests/fixtures/mcp/fakeServer.mjs")] } } }));
    const { out, exitCode } = await run(["tools", "status", "--mcp", config, "--json"]);
    expect(exitCode).toBe(0);
    const shout = (JSON.parse(out) as { name: string; source: string; states: Record<string, { reached: boolean }> }[]).find((s) => s.name === "mcp__fake__shout");
    expect(shout).toMatchObject({ source: "fake", states: { registered: { reached: true }, ready: { reached: true } } });
  });

  it("a bad catalog file is one clear line on stderr and a usage exit code (64), not a crash", async () => {
    const file = writeCatalog("dup.json", [entry("a"), entry("a")]);
    const { out, err, exitCode } = await run(["tools", "status", "--catalog", file]);
    expect(out).toBe("");
    expect(err).toBe(`mira: ${file}: duplicate tool name "a" (entries 0 and 1)`);
    expect(exitCode).toBe(64);
  });
});
