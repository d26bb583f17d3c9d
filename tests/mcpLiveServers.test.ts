/**
 * Real MCP servers from npm, started by the tests: their tools enter the registry as
 * `mcp__<server>__<tool>` with risk external_mcp, and a call's text becomes verified
 * evidence. Covers stdio (filesystem, everything) and streamable HTTP (everything).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpToolSource } from "../tools/mcp/source.js";
import type { ToolDefinition } from "../tools/types.js";
import { mcpSources, runTool, toolNamed } from "./support/mcp.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(repoRoot, "node_modules/.bin", name);

let workDir: string;
const { connect, closeAll } = mcpSources();
const run = (tool: ToolDefinition, input: Record<string, unknown>) => runTool(tool, input, workDir);

beforeAll(async () => {
  workDir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "mcp-live-")));
  await fs.writeFile(path.join(workDir, "notes.txt"), "alpha\nbeta\n");
});

afterAll(async () => {
  await closeAll();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe("stdio MCP servers: tools enter the registry as external_mcp and results become evidence", { timeout: 30_000 }, () => {
  it("filesystem server: lists its tools and read_text_file returns the file text as verified evidence", async () => {
    const source = await connect("fs", { command: bin("mcp-server-filesystem"), args: [workDir] }, { timeoutMs: 10_000 });
    expect(source.serverStatus().state).toBe("connected");

    const names = source.tools().map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__fs__read_text_file", "mcp__fs__list_directory", "mcp__fs__write_file"]));
    const read = toolNamed(source, "mcp__fs__read_text_file");
    expect(read.domain).toBe("mcp.fs");
    expect(read.risk).toBe("external_mcp");
    expect(source.tools().every((tool) => tool.risk === "external_mcp")).toBe(true);
    expect(source.readiness("mcp__fs__read_text_file")).toEqual({ ready: true });
    // The converted zod schema keeps the server's `required` list.
    expect(read.schema.safeParse({}).success).toBe(false);
    // The server is part of what the call does, so it is part of the approval's hash.
    expect(read.effectContext?.({ path: "x" }, { workspaceRoot: workDir })).toMatchObject({ mcpServer: "fs", mcpTool: "read_text_file" });

    const outcome = await run(read, { path: path.join(workDir, "notes.txt") });
    expect(outcome).toEqual({
      ok: true,
      summary: expect.stringContaining("read_text_file"),
      evidence: [{ kind: "record", source: { path: "mcp://fs/read_text_file" }, content: "alpha\nbeta\n", verified: true }],
    });
  });

  it("a config can never lower an MCP tool below external_mcp: risk \"read\" is ignored (write_file still asks), a stricter class is kept", async () => {
    const readClaim = await connect("fsro", { command: bin("mcp-server-filesystem"), args: [workDir], risk: "read", allow: ["*"], timeoutMs: 10_000 });
    expect(readClaim.tools().length).toBeGreaterThan(0);
    expect(new Set(readClaim.tools().map((tool) => tool.risk))).toEqual(new Set(["external_mcp"]));
    expect(toolNamed(readClaim, "mcp__fsro__write_file").risk).toBe("external_mcp");
    const network = await connect("fsnet", { command: bin("mcp-server-filesystem"), args: [workDir], risk: "network", timeoutMs: 10_000 });
    expect(new Set(network.tools().map((tool) => tool.risk))).toEqual(new Set(["network"]));
  });

  it("everything server: echo answers over stdio", async () => {
    const source = await connect("everything", { command: bin("mcp-server-everything"), args: ["stdio"] }, { timeoutMs: 10_000 });
    const echo = toolNamed(source, "mcp__everything__echo");
    const outcome = await run(echo, { message: "hello mira" });
    expect(outcome.ok && outcome.evidence.map((item) => item.content)).toEqual(["Echo: hello mira"]);
    // Names keep '-' and map anything else outside [a-zA-Z0-9_-] to '_'.
    expect(source.tools().map((tool) => tool.name)).toContain("mcp__everything__get-sum");
    expect(source.tools().every((tool) => /^[a-zA-Z0-9_-]+$/.test(tool.name))).toBe(true);
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("streamable HTTP MCP server", { timeout: 30_000 }, () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    expect(port).not.toBe(2024);
    child = spawn(process.execPath, [bin("mcp-server-everything"), "streamableHttp"], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("everything server did not start listening")), 15_000);
      child.stderr?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("listening on port")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`everything server exited with ${code}`)));
    });
    url = `http://127.0.0.1:${port}/mcp`;
  });

  afterAll(() => {
    child?.kill();
  });

  it("lists the everything server's tools over streamable HTTP and calls echo", async () => {
    const source = await connect("web", { url }, { timeoutMs: 10_000 });
    expect(source.serverStatus().state).toBe("connected");
    expect(source.tools().map((tool) => tool.name)).toEqual(expect.arrayContaining(["mcp__web__echo", "mcp__web__get-sum"]));
    const outcome = await run(toolNamed(source, "mcp__web__echo"), { message: "over http" });
    expect(outcome).toMatchObject({ ok: true, evidence: [{ content: "Echo: over http", source: { path: "mcp://web/echo" }, verified: true }] });
  });

  it("an HTTP server that dies mid-session: the call is a recoverable failure and the tools stop being ready", async () => {
    const source = await connect("dying", { url }, { timeoutMs: 5_000 });
    const echo = toolNamed(source, "mcp__dying__echo");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;

    const outcome = await run(echo, { message: "anyone?" });
    expect(outcome).toEqual({
      ok: false,
      failure: { recoverable: true, kind: "unavailable", message: expect.stringMatching(/failed at the transport.*ECONNREFUSED/) },
    });
    expect(source.serverStatus().state).toBe("crashed");
    expect(source.readiness("mcp__dying__echo")).toEqual({ ready: false, reason: expect.stringContaining("ECONNREFUSED") });
  });

  it("an HTTP endpoint nobody listens on is a failed source with the refusal as reason", async () => {
    const source = await connect("gone", { url: `http://127.0.0.1:${await freePort()}/mcp` }, { timeoutMs: 5_000 });
    expect(source.serverStatus()).toEqual({ state: "failed", reason: expect.stringContaining("ECONNREFUSED") });
    expect(source.tools()).toEqual([]);
  });
});
