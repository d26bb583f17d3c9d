/**
 * Workspace confinement under attack (CONTRACT §3, §4; issue 7):
 * - a directory symlink flipped between inside and outside by another process while tools
 *   run: 0 writes land outside, 0 reads return outside content (open what was checked);
 * - FIFOs and sockets are refused with a clear error instead of hanging the call;
 * - fuzzed paths (fast-check), including the filesystem MCP server's CVE-2025-53110 (a
 *   sibling directory sharing the root's name as prefix) and CVE-2025-53109 (a symlink out)
 *   patterns, never read or write outside the workspace.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { workspaceTools } from "../tools/workspace/index.js";
import type { ToolOutcome } from "../state/types.js";

const tools = new Map(workspaceTools().map((t) => [t.name, t]));
const run = (root: string, name: string, input: Record<string, unknown>): Promise<ToolOutcome> => {
  const tool = tools.get(name)!;
  return tool.execute(tool.schema.parse(input), { workspaceRoot: root });
};

/** A workspace `<base>/ws` and, beside it, `<base>/ws_evil` (same prefix) and `<base>/outside`. */
async function layout() {
  const base = await fs.realpath(await fs.mkdtemp(path.join(tmpdir(), "mira-paths-")));
  const ws = path.join(base, "ws");
  const evil = path.join(base, "ws_evil");
  const outside = path.join(base, "outside");
  for (const dir of [ws, path.join(ws, "inside"), evil, outside]) await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(ws, "inside/secret.txt"), "inside text\n");
  await fs.writeFile(path.join(evil, "secret.txt"), "OUTSIDE evil\n");
  await fs.writeFile(path.join(outside, "secret.txt"), "OUTSIDE text\n");
  return { base, ws, evil, outside };
}

/** Every file below `dir`, relative, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((c) => c.kill("SIGKILL"));
});

/** Another process that flips `<ws>/flip` between `inside` and `outside` as fast as it can. */
function flipper(ws: string, inside: string, outside: string): ChildProcess {
  const script = `
    const fs = require("fs"); const [ws, a, b] = process.argv.slice(1);
    const tmp = ws + "/.flip-tmp", link = ws + "/flip";
    for (let i = 0; ; i++) { try { fs.unlinkSync(tmp); } catch {} fs.symlinkSync(i % 2 ? a : b, tmp); fs.renameSync(tmp, link); }`;
  const child = spawn(process.execPath, ["-e", script, ws, inside, outside], { stdio: "ignore" });
  children.push(child);
  return child;
}

describe("a symlink flipped during calls never lets a read or write out (open what was checked)", () => {
  it("100 approved writes and 100 reads through a flipping directory symlink: 0 land outside, 0 return outside content", { timeout: 60_000 }, async () => {
    const { ws, outside } = await layout();
    await fs.symlink(path.join(ws, "inside"), path.join(ws, "flip"));
    flipper(ws, path.join(ws, "inside"), outside);
    await new Promise((r) => setTimeout(r, 100));
    const outcomes = { written: 0, refused: 0, readInside: 0, readOutside: 0 };
    for (let i = 0; i < 100; i++) {
      const w = await run(ws, "write_file", { path: `flip/w-${i}.txt`, content: `write ${i}\n`, overwrite: true });
      if (w.ok) outcomes.written++;
      else outcomes.refused++;
      const r = await run(ws, "read_open", { path: "flip/secret.txt" });
      const text = r.ok ? r.evidence.map((e) => e.content).join("") : "";
      if (text.includes("OUTSIDE")) outcomes.readOutside++;
      if (text.includes("inside text")) outcomes.readInside++;
    }
    console.log(`flip race: ${JSON.stringify(outcomes)}`);
    expect(await filesUnder(outside)).toEqual(["secret.txt"]);
    expect(outcomes.readOutside).toBe(0);
    // The race was real: some calls got through inside, some were refused.
    expect(outcomes.written + outcomes.refused).toBe(100);
    expect(outcomes.written + outcomes.readInside).toBeGreaterThan(0);
  });
});

describe("non-regular files are refused, never waited on", () => {
  it("write_file with overwrite onto a FIFO → invalid_input naming the FIFO, at once; read_open of it too", { timeout: 5000 }, async () => {
    const { ws } = await layout();
    execFileSync("mkfifo", [path.join(ws, "pipe")]);
    const w = await run(ws, "write_file", { path: "pipe", content: "x", overwrite: true });
    expect(w).toMatchObject({ ok: false, failure: { kind: "invalid_input", message: "pipe is a FIFO (named pipe), not a regular file; refusing to write to it" } });
    const r = await run(ws, "read_open", { path: "pipe" });
    expect(r).toMatchObject({ ok: false, failure: { kind: "invalid_input", message: "pipe is a FIFO (named pipe), not a regular file; refusing to read it" } });
    const e = await run(ws, "edit_file", { path: "pipe", oldText: "a", newText: "b" });
    expect(e).toMatchObject({ ok: false, failure: { kind: "invalid_input" } });
    const s = await run(ws, "search_text", { query: "inside" });
    expect(s.ok).toBe(true);
  });

  it("read_open of a Unix socket → invalid_input naming the socket", { timeout: 5000 }, async () => {
    const { ws } = await layout();
    const server = createServer();
    await new Promise<void>((r) => server.listen(path.join(ws, "sock"), r));
    try {
      expect(await run(ws, "read_open", { path: "sock" })).toMatchObject({ ok: false, failure: { kind: "invalid_input", message: expect.stringContaining("sock is a socket") } });
      expect(await run(ws, "write_file", { path: "sock", content: "x", overwrite: true })).toMatchObject({ ok: false, failure: { kind: "invalid_input" } });
    } finally {
      server.close();
    }
  });
});

/** Path pieces an attacker would combine, including both CVE patterns. */
const segment = fc.constantFrom("..", ".", "", "inside", "secret.txt", "new", "ws_evil", "ws", "link-out", "link-file", "link-in", "%2e%2e", "..\\..", "\u0000", "~", "outside");

describe("fuzzed paths never escape (fast-check)", () => {
  it("CVE-2025-53110: a sibling directory sharing the root's name as prefix is outside", async () => {
    const { ws, evil } = await layout();
    for (const p of ["../ws_evil/secret.txt", path.join(evil, "secret.txt"), `${ws}_evil/secret.txt`]) {
      const r = await run(ws, "read_open", { path: p });
      expect(r).toMatchObject({ ok: false, failure: { recoverable: false, kind: "security_violation" } });
    }
  });

  it("CVE-2025-53109: a symlink inside the workspace that points out is refused for reads and writes", async () => {
    const { ws, outside } = await layout();
    await fs.symlink(path.join(outside, "secret.txt"), path.join(ws, "link-file"));
    await fs.symlink(outside, path.join(ws, "link-out"));
    for (const p of ["link-file", "link-out/secret.txt"]) {
      expect(await run(ws, "read_open", { path: p })).toMatchObject({ ok: false, failure: { kind: "security_violation" } });
      expect(await run(ws, "write_file", { path: p, content: "pwned", overwrite: true })).toMatchObject({ ok: false, failure: { kind: "security_violation" } });
    }
    expect(await fs.readFile(path.join(outside, "secret.txt"), "utf8")).toBe("OUTSIDE text\n");
  });

  it("300 random paths through read, write, move and delete: no outside content read, nothing outside changed", { timeout: 60_000 }, async () => {
    const { base, ws, outside, evil } = await layout();
    await fs.symlink(path.join(outside, "secret.txt"), path.join(ws, "link-file"));
    await fs.symlink(outside, path.join(ws, "link-out"));
    await fs.symlink(path.join(ws, "inside"), path.join(ws, "link-in"));
    const before = { outside: await filesUnder(outside), evil: await filesUnder(evil), base: (await fs.readdir(base)).sort() };
    const relOrAbs = fc.tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 5 })).map(([abs, parts]) => (abs ? path.join(base, ...parts) : parts.join("/")));
    await fc.assert(
      fc.asyncProperty(relOrAbs, relOrAbs, async (p, q) => {
        const reads = await Promise.all([run(ws, "read_open", { path: p || "." }), run(ws, "read_slice", { path: p || ".", startLine: 1, endLine: 3 })]);
        for (const r of reads) expect(r.ok ? r.evidence.map((e) => e.content).join("") : "").not.toContain("OUTSIDE");
        await run(ws, "write_file", { path: p || ".", content: "fuzz\n", overwrite: true });
        await run(ws, "move_path", { from: p || ".", to: q || "." });
        await run(ws, "delete_path", { path: q || ".", recursive: false });
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(await filesUnder(outside)).toEqual(before.outside);
    expect(await filesUnder(evil)).toEqual(before.evil);
    expect((await fs.readdir(base)).sort()).toEqual(before.base);
    expect(await fs.readFile(path.join(outside, "secret.txt"), "utf8")).toBe("OUTSIDE text\n");
  });
});
