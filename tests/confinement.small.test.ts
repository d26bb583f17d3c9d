/**
 * The small confinement rules of issue 22 (items 3, 6, 7):
 * - `./script.sh` runs in PID-namespace mode (the descriptor path is not the program's name);
 * - write tools clear setuid/setgid on the files they rewrite;
 * - a hard-linked file is read through its inside name; `MIRA_REFUSE_HARD_LINKS=1` refuses it;
 * - listing tools under a directory<->symlink swap show no outside name (200 trials);
 * - MCP tool names that collide across servers are one load-time refusal naming both
 *   servers, with every server closed and no tool run.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServers, McpNameCollisionError } from "../tools/mcp/connect.js";
import { workspaceTools } from "../tools/workspace/index.js";
import type { ToolOutcome } from "../state/types.js";
import { tempWorkspace } from "./support/harnessRuntime.js";
import { startSwapper } from "./support/swapper.js";

const tools = new Map(workspaceTools().map((t) => [t.name, t]));
const run = (root: string, name: string, input: Record<string, unknown>): Promise<ToolOutcome> => {
  const tool = tools.get(name)!;
  return tool.execute(tool.schema.parse(input), { workspaceRoot: root });
};
const text = (outcome: ToolOutcome) => (outcome.ok ? outcome.evidence.map((e) => e.content).join("\n") : outcome.failure.message);

afterEach(() => {
  delete process.env.MIRA_REFUSE_HARD_LINKS;
});

describe("run_command runs a script named relative to the cwd", () => {
  it("./script.sh and sub/script.sh exit 0 with their output (not 127)", { timeout: 30_000 }, async () => {
    const ws = await tempWorkspace({ "script.sh": "#!/bin/sh\necho hello from $0\n", "sub/inner.sh": "#!/bin/sh\necho inner\n" });
    await fs.chmod(path.join(ws, "script.sh"), 0o755);
    await fs.chmod(path.join(ws, "sub/inner.sh"), 0o755);
    const top = await run(ws, "run_command", { command: "./script.sh" });
    expect(top.ok && text(top)).toMatch(/hello from \.\/script\.sh\n+\[exit code 0\]/);
    const nested = await run(ws, "run_command", { command: "./inner.sh", cwd: "sub" });
    expect(nested.ok && text(nested)).toMatch(/inner\n+\[exit code 0\]/);
    const fromRoot = await run(ws, "run_command", { command: "sub/inner.sh" });
    expect(fromRoot.ok && text(fromRoot)).toMatch(/inner\n+\[exit code 0\]/);
  });
});

describe("write tools clear setuid and setgid on the files they rewrite", () => {
  it("write_file (overwrite) and edit_file keep the permission bits, drop 06000", async () => {
    const ws = await tempWorkspace({ "tool.sh": "#!/bin/sh\necho a\n", "other.sh": "#!/bin/sh\necho b\n" });
    await fs.chmod(path.join(ws, "tool.sh"), 0o6755);
    await fs.chmod(path.join(ws, "other.sh"), 0o6750);
    expect((await run(ws, "write_file", { path: "tool.sh", content: "#!/bin/sh\necho c\n", overwrite: true })).ok).toBe(true);
    expect((await run(ws, "edit_file", { path: "other.sh", oldText: "echo b", newText: "echo d" })).ok).toBe(true);
    expect((await fs.stat(path.join(ws, "tool.sh"))).mode & 0o7777).toBe(0o755);
    expect((await fs.stat(path.join(ws, "other.sh"))).mode & 0o7777).toBe(0o750);
  });
});

describe("hard links: read through the inside name; refuseHardLinks refuses them", () => {
  it("reads a file with two links by default; refuses it (and only it) with MIRA_REFUSE_HARD_LINKS=1", async () => {
    const ws = await tempWorkspace({ "single.txt": "one link\n" });
    const outside = await tempWorkspace({ "target.txt": "linked text\n" });
    await fs.link(path.join(outside, "target.txt"), path.join(ws, "linked.txt"));
    expect(text(await run(ws, "read_open", { path: "linked.txt" }))).toBe("linked text");
    process.env.MIRA_REFUSE_HARD_LINKS = "1";
    const refused = await run(ws, "read_open", { path: "linked.txt" });
    expect(refused).toMatchObject({ ok: false, failure: { kind: "invalid_input", message: expect.stringMatching(/linked\.txt has 2 hard links and MIRA_REFUSE_HARD_LINKS is set/) } });
    expect(text(await run(ws, "read_open", { path: "single.txt" }))).toBe("one link");
  });
});

describe("listing tools walk by descriptor: a directory swapped for a symlink shows no outside name", () => {
  it("200 read_list and workspace_inventory calls under an atomic dir<->symlink swapper: 0 outside names", { timeout: 120_000 }, async () => {
    const outside = await tempWorkspace(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`OUTSIDE_NAME_${i}.txt`, "x\n"])));
    const ws = await tempWorkspace({ "d/sub/inside.txt": "in\n", "d/a.txt": "a\n" });
    await fs.symlink(outside, path.join(ws, "d/alt"));
    const swapper = await startSwapper([[path.join(ws, "d/sub"), path.join(ws, "d/alt")]], 50_000_000);
    const tally = { trials: 0, outsideNames: 0, sawInside: 0 };
    const started = Date.now();
    try {
      for (let i = 0; i < 200; i++) {
        const listed = text(await run(ws, "read_list", { path: "d", depth: 3 })) + text(await run(ws, "workspace_inventory", { path: "d" }));
        tally.trials++;
        if (listed.includes("OUTSIDE_NAME")) tally.outsideNames++;
        if (listed.includes("inside.txt")) tally.sawInside++;
      }
    } finally {
      await swapper.stop();
    }
    console.log(`listing race (${Date.now() - started} ms): ${JSON.stringify(tally)}`);
    expect(tally.outsideNames).toBe(0);
    expect(tally.sawInside).toBeGreaterThan(0);
  });
});

describe("MCP tool names are unambiguous across servers", () => {
  const server = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/mcp/namedServer.mjs");
  it("servers x (tool y__read) and x__y (tool read): one refusal naming both servers, nothing run", { timeout: 60_000 }, async () => {
    const marker = path.join(await tempWorkspace(), "ran.txt");
    const refusal = await connectMcpServers({
      servers: {
        x: { command: process.execPath, args: [server, "y__read", marker] },
        x__y: { command: process.execPath, args: [server, "read", marker] },
      },
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(McpNameCollisionError);
    expect((refusal as Error).message).toBe(
      'MCP tool name mcp__x__y__read is ambiguous: server "x" (tool "y__read") and server "x__y" (tool "read") both map to it; rename one of the servers (a server id without "__" cannot collide)',
    );
    expect((refusal as Error).message.split("\n")).toHaveLength(1);
    expect(await fs.readFile(marker, "utf8").catch(() => "")).toBe("");
  });

  it("distinct names still load (the check refuses only a real collision)", { timeout: 60_000 }, async () => {
    const marker = path.join(await tempWorkspace(), "ran.txt");
    const sources = await connectMcpServers({
      servers: { x: { command: process.execPath, args: [server, "read", marker] }, x__y: { command: process.execPath, args: [server, "read", marker] } },
    });
    try {
      expect(sources.flatMap((s) => s.tools().map((t) => t.name)).sort()).toEqual(["mcp__x__read", "mcp__x__y__read"]);
    } finally {
      await Promise.all(sources.map((s) => s.close()));
    }
  });
});
