/**
 * Bad MCP servers (CONTRACT §4, §7): a server that will not start, hangs, lists malformed
 * tools or crashes mid-call gives a specific reason and a recoverable observation —
 * never a thrown error, never an execution of a tool that is not ready.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { connectMcpServers } from "../tools/mcp/connect.js";
import { McpToolSource } from "../tools/mcp/source.js";
import type { ToolDefinition } from "../tools/types.js";
import { mcpSources, runTool, toolNamed } from "./support/mcp.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fakeServer = { command: process.execPath, args: [path.join(repoRoot, "tests/fixtures/mcp/fakeServer.mjs")] };
const everything = { command: path.join(repoRoot, "node_modules/.bin/mcp-server-everything"), args: ["stdio"] };

const { connect, track, closeAll } = mcpSources();
const run = (tool: ToolDefinition, input: Record<string, unknown>) => runTool(tool, input, repoRoot);

const recoverableFailure = (kind: string, message: RegExp) => ({
  ok: false,
  failure: { recoverable: true, kind, message: expect.stringMatching(message) },
});

afterAll(async () => {
  await closeAll();
});

describe("a server that cannot be used is a failed source with a specific reason, never a throw", { timeout: 30_000 }, () => {
  it("a command that does not exist: failed, 'command not found', zero tools", async () => {
    const source = await connect("ghost", { command: "mira-no-such-mcp-server", args: [] }, { timeoutMs: 5_000 });
    expect(source.serverStatus()).toEqual({
      state: "failed",
      reason: expect.stringMatching(/cannot start "mira-no-such-mcp-server": command not found .*ENOENT/),
    });
    expect(source.tools()).toEqual([]);
    expect(source.readiness("mcp__ghost__anything")).toEqual({ ready: false, reason: expect.stringContaining("command not found") });
  });

  it("a process that never answers the handshake: failed with a timeout reason within the configured timeout", async () => {
    const started = Date.now();
    const source = await connect("hang", { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"], timeoutMs: 800 });
    const elapsed = Date.now() - started;
    expect(source.serverStatus()).toEqual({
      state: "failed",
      reason: expect.stringContaining("did not complete the MCP handshake within 800 ms"),
    });
    expect(elapsed).toBeGreaterThanOrEqual(750);
    expect(elapsed).toBeLessThan(3_000);
    expect(source.tools()).toEqual([]);
  });

  it("a process that exits during startup: failed, with its stderr in the reason", async () => {
    const source = await connect("quits", {
      command: process.execPath,
      args: ["-e", "console.error('missing API key MIRA_TEST'); process.exit(2)"],
    });
    expect(source.serverStatus()).toEqual({
      state: "failed",
      reason: expect.stringMatching(/exited before completing the MCP handshake.*missing API key MIRA_TEST/),
    });
  });

  it("connectMcpServers connects every server and reports each one's own status", async () => {
    const sources = await connectMcpServers({
      servers: { good: { ...fakeServer }, bad: { command: "mira-no-such-mcp-server", args: [] } },
    });
    track(...sources);
    expect(sources.map((source) => [source.id, source.serverStatus().state])).toEqual([
      ["good", "connected"],
      ["bad", "failed"],
    ]);
  });
});

describe("a malformed tool list excludes only the malformed tools, each with its reason", { timeout: 30_000 }, () => {
  it("registers the valid tools and names why each bad one was left out", async () => {
    const source = await connect("fake", fakeServer, { timeoutMs: 5_000 });
    expect(source.serverStatus().state).toBe("connected");
    expect(source.tools().map((tool) => tool.name)).toEqual([
      "mcp__fake__shout",
      "mcp__fake__crash",
      "mcp__fake__fail",
      "mcp__fake__slow",
      "mcp__fake__add_tool",
    ]);
    expect(source.excludedTools()).toEqual([
      { tool: "bad_schema", reason: "its inputSchema cannot be used (Unsupported type: banana)" },
      { tool: "not_object", reason: expect.stringMatching(/^invalid tool definition \(inputSchema\.type: .*"object"/) },
      { tool: "tools[3]", reason: expect.stringMatching(/^invalid tool definition \(name: /) },
    ]);
    expect(source.readiness("mcp__fake__bad_schema")).toEqual({
      ready: false,
      reason: expect.stringContaining('MCP tool "bad_schema" was excluded: its inputSchema cannot be used'),
    });
    const shout = await run(toolNamed(source, "mcp__fake__shout"), { text: "still works" });
    expect(shout).toMatchObject({ ok: true, evidence: [{ content: "STILL WORKS" }] });
  });

  it("a tools/list answer that is not a list at all: failed source with the validation error, no tools", async () => {
    const source = await connect("fakebroken", { ...fakeServer, args: [...fakeServer.args, "--broken-list"] }, { timeoutMs: 5_000 });
    expect(source.serverStatus()).toEqual({ state: "failed", reason: 'tools/list from MCP server "fakebroken" failed: malformed result: tools: Invalid input: expected array, received string' });
    expect(source.tools()).toEqual([]);
  });

  it("an isError result is a recoverable tool_error carrying the server's message", async () => {
    const source = await connect("fakeerr", fakeServer, { timeoutMs: 5_000 });
    expect(await run(toolNamed(source, "mcp__fakeerr__fail"), {})).toEqual(
      recoverableFailure("tool_error", /^MCP tool "fail" on server "fakeerr" reported an error: disk on fire$/),
    );
  });

  it("a call with no answer in time is a recoverable timeout naming the limit", async () => {
    // The limit also bounds the handshake and the tool list: 2 s leaves a loaded machine time
    // to start the server (700 ms did not), and is still well under the tool's 5 s answer.
    const source = await connect("fakeslow", { ...fakeServer, timeoutMs: 2_000 });
    expect(await run(toolNamed(source, "mcp__fakeslow__slow"), {})).toEqual(
      recoverableFailure("timeout", /"slow" on server "fakeslow" got no answer within 2000 ms/),
    );
    expect(source.serverStatus().state).toBe("connected");
  });
});

describe("tools/list_changed re-lists the tools and notifies listeners", { timeout: 30_000 }, () => {
  it("a tool added at run time becomes ready and callable", async () => {
    const source = await connect("fakelist", fakeServer, { timeoutMs: 5_000 });
    let changes = 0;
    const listed = new Promise<void>((resolve) => {
      source.onChange(() => {
        changes += 1;
        if (source.readiness("mcp__fakelist__late_tool").ready) resolve();
      });
    });
    expect(source.readiness("mcp__fakelist__late_tool")).toEqual({ ready: false, reason: expect.stringContaining("does not offer") });

    await run(toolNamed(source, "mcp__fakelist__add_tool"), {});
    await listed;
    expect(changes).toBeGreaterThanOrEqual(2); // not ready while re-listing, then ready
    expect(await run(toolNamed(source, "mcp__fakelist__late_tool"), {})).toMatchObject({ ok: true, evidence: [{ content: "late tool ran" }] });
  });
});

describe("a server that crashes mid-session makes its tools not ready; calls are recoverable, never executed", { timeout: 30_000 }, () => {
  it("the server process killed during a call: the call fails recoverably, readiness says why, the next call is not sent", async () => {
    const source = await connect("everything", everything, { timeoutMs: 10_000 });
    const status = source.serverStatus();
    if (status.state !== "connected" || status.pid === null) throw new Error(`expected a connected stdio server, got ${JSON.stringify(status)}`);
    const echo = toolNamed(source, "mcp__everything__echo");
    let notified = false;
    source.onChange(() => {
      notified = true;
    });

    const longCall = run(toolNamed(source, "mcp__everything__trigger-long-running-operation"), { duration: 10, steps: 5 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(status.pid, "SIGKILL");

    expect(await longCall).toEqual(recoverableFailure("unavailable", /was cut off: the server process exited/));
    expect(notified).toBe(true);
    expect(source.serverStatus()).toEqual({ state: "crashed", reason: expect.stringContaining("the server process exited") });
    expect(source.readiness("mcp__everything__echo")).toEqual({ ready: false, reason: expect.stringContaining('MCP server "everything" crashed') });
    expect(source.tools()).toEqual([]);

    // A definition a caller still holds from before the crash does not reach the dead server.
    expect(await run(echo, { message: "still there?" })).toEqual(recoverableFailure("unavailable", /crashed: .*"echo" was not called$/));
  });

  it("a tool that makes its server exit mid-call: recoverable unavailable with the server's stderr; later calls are refused", async () => {
    const source = await connect("fakecrash", fakeServer, { timeoutMs: 5_000 });
    const shout = toolNamed(source, "mcp__fakecrash__shout");

    expect(await run(toolNamed(source, "mcp__fakecrash__crash"), {})).toEqual(
      recoverableFailure("unavailable", /"crash" on server "fakecrash" was cut off: the server process exited.*crashing on purpose/),
    );
    expect(source.readiness("mcp__fakecrash__shout")).toEqual({ ready: false, reason: expect.stringContaining("crashed") });
    expect(await run(shout, { text: "hello?" })).toEqual(recoverableFailure("unavailable", /crashed: .*"shout" was not called$/));
  });
});
