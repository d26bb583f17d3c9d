import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcpConfig } from "../tools/mcp/config.js";

let dir: string;

async function writeConfig(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "mcp-config-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("loadMcpConfig: a config file lists stdio and HTTP servers", () => {
  it("accepts stdio and HTTP entries, keeps risk/timeout overrides and resolves ./ commands against the file", async () => {
    const file = await writeConfig("ok.json", {
      servers: {
        fs: { command: "./bin/server", args: ["--root", "."], env: { A: "1" }, timeoutMs: 2500 },
        remote: { url: "http://127.0.0.1:3001/mcp", risk: "network" },
        plain: { command: "npx" },
      },
    });
    const loaded = await loadMcpConfig(file);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.servers.fs).toEqual({
      command: path.join(dir, "bin/server"),
      args: ["--root", "."],
      env: { A: "1" },
      timeoutMs: 2500,
    });
    expect(loaded.config.servers.remote).toEqual({ url: "http://127.0.0.1:3001/mcp", risk: "network" });
    expect(loaded.config.servers.plain).toEqual({ command: "npx", args: [] });
  });
});

describe("loadMcpConfig: a bad config is one clear line, never a throw", () => {
  it.each([
    ["a missing file", null, /cannot read \(ENOENT\)/],
    ["invalid JSON", "{ servers: ", /not valid JSON/],
    ["a wrong field type", { servers: { fs: { command: 5 } } }, /servers\.fs\.command: .*expected string/],
    ["a server id unsafe for tool names", { servers: { "a.b": { command: "x" } } }, /servers\.a\.b: server ids may use only/],
    ["a non-HTTP url", { servers: { web: { url: "ftp://example.org/mcp" } } }, /servers\.web\.url/],
    ["an unknown risk class", { servers: { fs: { command: "x", risk: "harmless" } } }, /servers\.fs\.risk/],
    ["no servers key", {}, /servers: /],
  ])("%s", async (_label, content, pattern) => {
    const file = content === null ? path.join(dir, "missing.json") : await writeConfig("bad.json", content);
    const loaded = await loadMcpConfig(file);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatch(pattern);
    expect(loaded.error).toContain(file);
    expect(loaded.error).not.toContain("\n");
  });
});
