/**
 * Issue 20 (seed 002: Resource, metadata → content; CONTRACT §3, §7): live MCP resources are
 * listed as metadata only, indexed beside tools, disclosed as metadata, and read only through
 * the governed `read_resource`, only for servers whose resources the operator granted.
 * Against the real @modelcontextprotocol/server-everything (behind a counting proxy that logs
 * every request the server receives) and a fixture server with awkward resources.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MemorySaver } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { buildMiraGraph } from "../graphs/mira.js";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { McpConfig } from "../tools/mcp/config.js";
import { readResourceTool, resourceToolSource } from "../tools/mcp/readResource.js";
import { grantPatternMatches, uriProblem } from "../tools/mcp/resources.js";
import type { McpToolSource } from "../tools/mcp/source.js";
import { workspaceTools } from "../tools/workspace/index.js";
import { answer, call, config, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";
import { mcpSources, toolNamed } from "./support/mcp.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const proxy = path.join(repoRoot, "tests/fixtures/mcp/countingProxy.mjs");
const everythingBin = path.join(repoRoot, "node_modules/.bin/mcp-server-everything");
const fixture = path.join(repoRoot, "tests/fixtures/mcp/resourceServer.mjs");
const ARCHITECTURE = "demo://resource/static/document/architecture.md";

let logDir: string;
const { connect, closeAll } = mcpSources();

beforeAll(async () => {
  logDir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "mcp-resources-")));
});
afterAll(async () => {
  await closeAll();
  await fs.rm(logDir, { recursive: true, force: true });
});

/** A server behind the counting proxy, and the requests it has received so far. */
async function counted(id: string, command: string, args: string[], extra: Record<string, unknown> = {}) {
  const log = path.join(logDir, `${id}.log`);
  await fs.writeFile(log, "");
  const source = await connect(id, { command: process.execPath, args: [proxy, log, command, ...args], ...extra }, { timeoutMs: 15_000 });
  const requests = async () => (await fs.readFile(log, "utf8")).split("\n").filter(Boolean);
  return { source, requests, reads: async () => (await requests()).filter((method) => method === "resources/read").length };
}

const everything = (id: string, extra: Record<string, unknown> = {}) => counted(id, everythingBin, ["stdio"], extra);

/** A Harness over the workspace tools, the servers, and read_resource over them. */
function harnessOver(servers: McpToolSource[]): Harness {
  return new Harness({
    sources: [staticSource("workspace", workspaceTools()), ...servers, resourceToolSource(() => servers)],
    authority: { allow: ["*"], deny: [] },
  });
}

/** Waits until `check` holds (a notification is asynchronous), at most `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("server-everything: resources are listed as metadata only, discovered by tool_search, read by read_resource", { timeout: 120_000 }, () => {
  it("lists its static documents and templates (name, URI, MIME type, description) with zero resources/read", async () => {
    const { source, requests, reads } = await everything("ev_list", { resources: ["demo://resource/static/*"] });
    expect(source.serverStatus().state).toBe("connected");
    const docs = source.resources().filter((entry) => entry.uri.startsWith("demo://resource/static/document/"));
    expect(docs.length).toBeGreaterThanOrEqual(5);
    expect(docs.find((entry) => entry.uri === ARCHITECTURE)).toMatchObject({
      name: "architecture.md",
      server: "ev_list",
      mimeType: "text/markdown",
      description: expect.stringContaining("architecture.md"),
      template: false,
    });
    expect(source.resources().filter((entry) => entry.template).map((entry) => entry.uri)).toContain("demo://resource/dynamic/text/{resourceId}");
    // Metadata only: no entry carries content, and the server was never asked to read.
    expect(docs.every((entry) => !("text" in entry) && !("blob" in entry))).toBe(true);
    expect(await requests()).toEqual(expect.arrayContaining(["initialize", "resources/list", "resources/templates/list"]));
    expect(await reads()).toBe(0);
  });

  it("a scripted run finds a document with tool_search, reads it with read_resource (one read) and answers citing it", async () => {
    const { source, reads } = await everything("ev_run", { resources: ["demo://resource/static/*"] });
    const ws = await tempWorkspace({});
    const base = makeRun({
      workspace: ws,
      turns: [
        call("s1", "tool_search", { query: "architecture document" }),
        call("r1", "read_resource", { uri: ARCHITECTURE }),
        answer("a1", "The architecture document describes the server's layout [ev-1].", ["ev-1"]),
      ],
    });
    const rt = { ...base.rt, harness: harnessOver([source]) };
    const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
    const out = await app.invoke({ goal: "What does the architecture document of the demo server say?" }, config("t-res"));

    expect(out.status).toBe("completed");
    const search = out.observations.find((o: { summary: string }) => o.summary.startsWith("tool_search"))!;
    expect(search.summary).toContain(ARCHITECTURE);
    expect(out.loadout).toEqual(expect.arrayContaining([ARCHITECTURE, "read_resource"]));
    expect(out.evidence).toHaveLength(1);
    expect(out.evidence[0]).toMatchObject({
      id: "ev-1",
      kind: "content",
      toolId: "read_resource",
      verified: true,
      source: { path: ARCHITECTURE, server: "ev_run", mimeType: "text/markdown", byteStart: 0 },
    });
    expect(out.evidence[0]!.content.length).toBeGreaterThan(100);
    expect(out.finalization?.evidenceIds).toEqual(["ev-1"]);
    expect(out.finalization?.guarded).toBe(false);
    expect(out.answer).toContain("[ev-1]");
    expect(await reads()).toBe(1);
  });

  it("the Planner is shown a disclosed resource's metadata (name, URI, description), never its content", async () => {
    const { source, reads } = await everything("ev_view", { resources: ["*"] });
    const harness = harnessOver([source]);
    const found = await harness.search("architecture document");
    const names = found.disclosed.map((hit) => hit.name);
    expect(names).toContain(ARCHITECTURE);
    expect(names).toContain("read_resource");
    // The first disclosure ranks resources beside tools too, and brings their reader.
    const first = harness.resolve("what does the architecture document say?").disclosed.map((hit) => hit.name);
    expect(first).toContain(ARCHITECTURE);
    expect(first).toContain("read_resource");
    // Its exact URI discloses that resource alone, with the one tool that reads it.
    expect((await harness.search(ARCHITECTURE)).disclosed.map((hit) => hit.name)).toEqual([ARCHITECTURE, "read_resource"]);
    const view = harness.plannerView({ kind: "main" }, harness.discloseRanked([], names));
    const shown = view.metadata.find((entry) => entry.name === ARCHITECTURE);
    expect(shown).toMatchObject({ domain: "resource.ev_view", risk: "read", summary: expect.stringContaining("architecture.md") });
    expect(view.schemas.map((tool) => tool.name)).toContain("read_resource");
    // A resource is not a tool: calling it by its URI is refused with how to read it.
    expect(harness.checkExecutable(ARCHITECTURE, [ARCHITECTURE])).toMatchObject({ ok: false, reason: expect.stringContaining("read_resource") });
    expect(await reads()).toBe(0);
  });

  it("an ungranted server's resource is refused in Normalize with one line, and nothing is read", async () => {
    const { source, reads } = await everything("ev_closed");
    const harness = harnessOver([source]);
    // Connecting granted nothing: listed (registered) but neither authorized nor discoverable.
    const status = harness.resourceStatus().find((entry) => entry.uri === ARCHITECTURE)!;
    expect(status.states.registered).toEqual({ reached: true });
    expect(status.states.ready).toEqual({ reached: true });
    expect(status.states.authorized).toMatchObject({ reached: false, reason: expect.stringContaining("servers.ev_closed.resources") });
    expect(status.states.discoverable.reached).toBe(false);
    expect((await harness.search(ARCHITECTURE)).disclosed.map((hit) => hit.name)).not.toContain(ARCHITECTURE);

    // Beside a granted server (so read_resource itself is authorized), the ungranted server's URI is still refused.
    const notes = await counted("notes_open", process.execPath, [fixture], { resources: ["*"] });
    const ws = await tempWorkspace({});
    const base = makeRun({
      workspace: ws,
      turns: [
        call("s1", "tool_search", { query: "read_resource" }),
        call("r1", "read_resource", { uri: ARCHITECTURE }),
        answer("a1", "I could not read it."),
        answer("a2", "I could not read it."),
      ],
    });
    const rt = { ...base.rt, harness: harnessOver([source, notes.source]) };
    const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
    const out = await app.invoke({ goal: "read the architecture document" }, config("t-closed"));
    const refusal = out.observations.find((o: { toolId?: string }) => o.toolId === "read_resource")!;
    expect(refusal.outcome).toBe("failed");
    expect(refusal.summary).not.toContain("\n");
    expect(refusal.summary).toMatch(/input for read_resource fails its schema: .*is not granted: the MCP config of server "ev_closed" grants none of its resources/);
    // Refused at Normalize: the call never reached Policy or the Tool node.
    expect(out.trace.map((t: { node: string }) => t.node)).not.toContain("Tool");
    expect(out.trace.map((t: { node: string }) => t.node)).not.toContain("Policy");
    expect(out.evidence).toEqual([]);
    expect(out.error ?? null).toBeNull();
    expect(out.status).toBe("completed");
    expect(await notes.reads()).toBe(0);
    expect(await reads()).toBe(0);
  });

  it("notifications/resources/list_changed refreshes the list (a session resource the server adds appears)", async () => {
    const { source, requests } = await everything("ev_change", { resources: ["*"], allow: ["gzip-file-as-resource"] });
    const harness = harnessOver([source]);
    const before = harness.resourceStatus().length;
    const listsBefore = (await requests()).filter((method) => method === "resources/list").length;
    const gzip = toolNamed(source, "mcp__ev_change__gzip-file-as-resource");
    const made = await gzip.execute({ name: "late.txt.gz", data: "data:text/plain;base64,aGVsbG8=", outputType: "resourceLink" }, { workspaceRoot: logDir });
    expect(made.ok).toBe(true);
    await until(() => source.resources().some((entry) => entry.uri === "demo://resource/session/late.txt.gz") && source.resourceReadiness().ready);
    expect(harness.resourceStatus().length).toBe(before + 1);
    expect((await harness.search("demo://resource/session/late.txt.gz")).disclosed.map((hit) => hit.name)).toContain("demo://resource/session/late.txt.gz");
    expect((await requests()).filter((method) => method === "resources/list").length).toBeGreaterThan(listsBefore);
  });
});

describe("read_resource bad input: one clear line, bounded, nothing breaks", { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof counted>>;
  let read: ReturnType<typeof readResourceTool>;
  const run = (uri: string) => read.execute({ uri }, { workspaceRoot: logDir });
  const refusal = (uri: string) => {
    const parsed = read.schema.safeParse({ uri });
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join("; ");
  };

  beforeAll(async () => {
    server = await counted("notes", process.execPath, [fixture], { resources: ["note://docs/*", "note://bin/*", "note://big/*", "note://slow/*", "note://items/*"], timeoutMs: 4000 });
    expect(server.source.serverStatus()).toMatchObject({ state: "connected" });
    read = readResourceTool(() => [server.source]);
  });

  it("a paginated listing is followed to its end; templates are listed beside resources", () => {
    expect(server.source.resources().map((entry) => entry.uri)).toEqual([
      "note://docs/alpha.txt",
      "note://docs/beta.md",
      "note://bin/logo.png",
      "note://big/listed.txt",
      "note://big/hidden.txt",
      "note://slow/never.txt",
      "note://items/{id}",
    ]);
  });

  it("traversal, another scheme, a template with missing parameters, an unlisted URI: refused by the schema (Normalize), never read", async () => {
    expect(refusal("note://docs/../secrets.txt")).toMatch(/path traversal/);
    expect(refusal("note://docs/%2e%2e/secrets.txt")).toMatch(/path traversal/);
    expect(refusal("file:///etc/passwd")).toMatch(/no configured MCP server serves file: URIs/);
    expect(refusal("note://items/{id}")).toMatch(/template with missing parameters \(id\)/);
    expect(refusal("note://items/")).toMatch(/no configured MCP server lists note:\/\/items\//);
    expect(refusal("not a uri")).toMatch(/not a URI/);
    for (const message of [refusal("file:///etc/passwd"), refusal("note://docs/../x")]) expect(message).not.toContain("\n");
    expect(await server.reads()).toBe(0);
  });

  it("a template filled in is read; the evidence carries the URI, server, MIME type and byte range", async () => {
    expect(refusal("note://items/42")).toBeNull();
    const outcome = await run("note://items/42");
    expect(outcome).toMatchObject({
      ok: true,
      evidence: [{ kind: "content", content: "item 42\n", source: { path: "note://items/42", server: "notes", mimeType: "text/plain", byteStart: 0, byteEnd: 8, byteLength: 8 } }],
    });
  });

  it("a binary resource is described, not inlined (recoverable)", async () => {
    const outcome = await run("note://bin/logo.png");
    expect(outcome).toMatchObject({ ok: false, failure: { recoverable: true, message: expect.stringMatching(/is binary \(image\/png.*not inlined/) } });
  });

  it("a resource listed at 50 MB is refused before any byte is read", async () => {
    const before = await server.reads();
    const outcome = await run("note://big/listed.txt");
    expect(outcome).toMatchObject({ ok: false, failure: { recoverable: true, message: expect.stringMatching(/50\.0 MB, over the 4\.0 MB read limit; it was not read/) } });
    expect(await server.reads()).toBe(before);
  });

  it("a server that never answers a read times out with one line; the next read works", async () => {
    const outcome = await run("note://slow/never.txt");
    expect(outcome).toMatchObject({ ok: false, failure: { recoverable: true, kind: "timeout", message: expect.stringContaining("got no answer within 4000 ms") } });
    expect(await run("note://docs/beta.md")).toMatchObject({ ok: true });
  });

  it("list_changed from a fixture server: the new resource is listed and readable", async () => {
    const add = toolNamed(server.source, "mcp__notes__add_resource");
    await add.execute({}, { workspaceRoot: logDir });
    await until(() => server.source.resources().some((entry) => entry.uri === "note://docs/gamma.txt") && server.source.resourceReadiness().ready);
    expect(await run("note://docs/gamma.txt")).toMatchObject({ ok: true, evidence: [{ content: "gamma arrived later\n" }] });
  });
  // Its own connection: the SDK's stdio transport closes the connection after a message over its 10 MB buffer.
  it("a 50 MB answer whose size was not listed ends at the transport's 10 MB limit: one line, memory bounded, the server marked lost with the reason, later reads refused as data", { timeout: 120_000 }, async () => {
    const big = await counted("bignotes", process.execPath, [fixture], { resources: ["*"], timeoutMs: 60_000 });
    const readBig = (uri: string) => readResourceTool(() => [big.source]).execute({ uri }, { workspaceRoot: logDir });
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - (baseline.heapUsed + baseline.arrayBuffers));
    }, 10);
    const outcome = await readBig("note://big/hidden.txt");
    clearInterval(sampler);
    expect(outcome).toMatchObject({ ok: false, failure: { recoverable: true, message: expect.stringMatching(/larger than the transport accepts \(ReadBuffer exceeded maximum size/) } });
    if (!outcome.ok) expect(outcome.failure.message).not.toContain("\n");
    // Held whole, 50 MB of text takes at least its 50 MB buffer plus a 50 MB string; the transport keeps at most
    // 10 MB live (the rest of the peak is its concatenation garbage, not yet collected).
    expect(peak).toBeLessThan(100 * 1024 * 1024);
    await until(() => !big.source.resourceReadiness().ready);
    expect(big.source.resourceReadiness()).toMatchObject({ ready: false, reason: expect.stringContaining("exceeded maximum size") });
    expect(await readBig("note://docs/alpha.txt")).toMatchObject({ ok: false, failure: { recoverable: true, kind: "unavailable" } });
  });
});

describe("mira tools status lists resources with their five states and reasons", { timeout: 120_000 }, () => {
  it("granted static documents are authorized and discoverable; ungranted templates say which config field grants them; nothing is read", async () => {
    const log = path.join(logDir, "cli.log");
    await fs.writeFile(log, "");
    const configFile = path.join(logDir, "mcp-cli.json");
    await fs.writeFile(configFile, JSON.stringify({ servers: { demo: { command: process.execPath, args: [proxy, log, everythingBin, "stdio"], resources: ["demo://resource/static/*"] } } }));
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(["tools", "status", "--mcp", configFile, "--loadout", ARCHITECTURE], { out: (line) => out.push(line), err: (line) => err.push(line) });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const lines = out.join("\n").split("\n");
    expect(lines).toContain(`resource ${ARCHITECTURE} [demo, text/markdown] registered:yes ready:yes authorized:yes discoverable:yes disclosed:yes`);
    expect(lines.find((line) => line.startsWith("resource demo://resource/dynamic/text/{resourceId}"))).toMatch(
      /registered:yes ready:yes authorized:no discoverable:no disclosed:no {2}— the MCP config of server "demo" grants only demo:\/\/resource\/static\/\*; add a pattern matching .* to servers\.demo\.resources/,
    );
    expect(lines.find((line) => line.startsWith("read_resource [mcp-resources]"))).toContain("authorized:yes");
    expect((await fs.readFile(log, "utf8")).split("\n")).not.toContain("resources/read");
  });
});

describe("grants: config patterns, never the server's claims", () => {
  it("`resources` accepts \"*\" and URI patterns; absent grants nothing", () => {
    expect(McpConfig.safeParse({ servers: { a: { command: "x", resources: ["*"] } } }).success).toBe(true);
    expect(McpConfig.safeParse({ servers: { a: { command: "x", resources: [""] } } }).success).toBe(false);
    expect(grantPatternMatches("*", "demo://anything/at/all")).toBe(true);
    expect(grantPatternMatches("demo://resource/static/*", "demo://resource/static/document/a.md")).toBe(true);
    expect(grantPatternMatches("demo://resource/static/*", "demo://resource/dynamic/text/1")).toBe(false);
    expect(grantPatternMatches("demo://a.b", "demo://aXb")).toBe(false);
    expect(uriProblem("demo://resource/static/document/a.md")).toBeNull();
  });
});
