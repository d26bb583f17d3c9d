/**
 * The `mira` command as people use it: a compiled bin with `--version` and a description
 * for every command and option, `run --catalog/--mcp`, `threads` and `approvals` across
 * threads, `--json` complete through a pipe whatever its size, and a missing database path
 * reported instead of created.
 */
import { access, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../cli/main.js";
import type { RunSummary } from "../cli/summary.js";
import { evaluationEntries } from "../tools/catalog/index.js";
import { mira, miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const exists = (p: string) => access(p).then(() => true, () => false);

const turn = (id: string, name: string, args: Record<string, unknown>) => ({ content: "", tool_calls: [{ id, name, args }] });

/** A catalog file of a few real tools, small enough to be disclosed whole. */
async function smallCatalog(dir: string): Promise<string> {
  const path = join(dir, "..", `catalog-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify(evaluationEntries().filter((e) => ["read_open", "read_locate", "write_file", "send_mail"].includes(e.name))));
  return path;
}

async function script(dir: string, name: string, turns: unknown[]): Promise<string> {
  const path = join(dir, `${name}.json`);
  await writeFile(path, JSON.stringify({ turns }));
  return path;
}

describe("the compiled bin", () => {
  it("--version prints the package version and --help lists every command, from dist/", async () => {
    const version = await mira(["--version"]);
    expect(version).toMatchObject({ code: 0, stderr: "" });
    expect(version.stdout.trim()).toBe("0.1.0");
    const help = await mira(["--help"]);
    expect(help.code).toBe(0);
    for (const name of ["run", "resume", "show", "threads", "approvals", "tools"]) expect(help.stdout).toMatch(new RegExp(`\\n  ${name}\\b.*\\S`));
  });

  it("every command and every option has a description", () => {
    const missing: string[] = [];
    const walk = (c: Command, path: string) => {
      if (!c.description()) missing.push(`${path} (command)`);
      for (const o of c.options) if (!o.description) missing.push(`${path} ${o.flags}`);
      for (const sub of c.commands) walk(sub, `${path} ${sub.name()}`);
    };
    walk(buildProgram({ out: () => {}, err: () => {} }, () => {}), "mira");
    expect(missing).toEqual([]);
  });
});

describe("run --catalog and --mcp", () => {
  it("--catalog runs with the catalog file's tools and records it for resume; a missing --mcp file is one line, exit 64", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const catalog = await smallCatalog(ws);
    const scripted = await script(ws, "s", [turn("r1", "read_open", { path: "a.md" }), turn("a1", "answer", { text: "alpha [ev-1]", citations: ["ev-1"] })]);
    const db = `sqlite:${join(ws, "m.db")}`;
    const r = await miraInProcess(["run", "What does a.md say?", "--workspace", ws, "--model", `scripted:${scripted}`, "--catalog", catalog, "--checkpointer", db, "--thread", "cat", "--json"]);
    expect(r.stderr).toBe("");
    const summary = JSON.parse(r.stdout) as RunSummary;
    expect(summary.status).toBe("completed");
    const missing = await miraInProcess(["run", "hi", "--workspace", ws, "--mcp", join(ws, "no-such-mcp.json"), "--checkpointer", db]);
    expect(missing.code).toBe(64);
    expect(missing.stderr.split("\n")).toHaveLength(1);
    expect(missing.stderr).toMatch(/^mira: .*no-such-mcp\.json/);
  });
});

describe("threads and approvals across threads", () => {
  it("lists threads (filtered by status) and every pending approval with the command that decides it; that command works", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const db = `sqlite:${join(ws, "m.db")}`;
    const catalog = await smallCatalog(ws);
    const read = await script(ws, "read", [turn("r1", "read_open", { path: "a.md" }), turn("a1", "answer", { text: "alpha [ev-1]", citations: ["ev-1"] })]);
    const write = await script(ws, "write", [turn("w1", "write_file", { path: "b.md", content: "beta\n" }), turn("r2", "read_open", { path: "b.md" }), turn("a2", "answer", { text: "done [ev-2]", citations: ["ev-2"] })]);
    expect((await miraInProcess(["run", "What does a.md say?", "--workspace", ws, "--model", `scripted:${read}`, "--catalog", catalog, "--checkpointer", db, "--thread", "t-read"])).code).toBe(0);
    expect((await miraInProcess(["run", 'Create b.md with "beta"', "--workspace", ws, "--model", `scripted:${write}`, "--catalog", catalog, "--checkpointer", db, "--thread", "t-write"])).code).toBe(2);

    const all = JSON.parse((await miraInProcess(["threads", "--checkpointer", db, "--json"])).stdout) as Array<{ threadId: string; status: string }>;
    expect(all.map((t) => [t.threadId, t.status])).toEqual([
      ["t-write", "waiting_approval"],
      ["t-read", "completed"],
    ]);
    const waiting = await miraInProcess(["threads", "--status", "waiting_approval", "--checkpointer", db]);
    expect(waiting.stdout).toMatch(/^t-write {2}waiting_approval write_file w1 {2}Create b\.md/);
    expect(waiting.stdout).not.toContain("t-read");
    expect((await miraInProcess(["threads", "--status", "bogus", "--checkpointer", db])).code).toBe(64);

    const approvals = await miraInProcess(["approvals", "--checkpointer", db]);
    expect(approvals.code).toBe(0);
    const command = approvals.stdout.split("\n").find((l) => l.trim().startsWith("mira resume"))!.trim();
    expect(command).toMatch(/^mira resume t-write --approve --tool-call-id w1 --input-hash [0-9a-f]{64} --checkpointer /);
    const args = command.split(" ").slice(1);
    expect((await miraInProcess(args)).code).toBe(0);
    expect((await miraInProcess(["approvals", "--checkpointer", db])).stdout).toMatch(/^no calls waiting for approval/);
  });
});

describe("--json is complete whatever its size", () => {
  it("a summary over 1 MB through a pipe parses", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const big = "x".repeat(1_100_000);
    const scripted = await script(ws, "big", [turn("r1", "read_open", { path: "a.md" }), turn("a1", "answer", { text: `${big} [ev-1]`, citations: ["ev-1"] })]);
    const r = await mira(["run", "What does a.md say?", "--workspace", ws, "--model", `scripted:${scripted}`, "--catalog", await smallCatalog(ws), "--checkpointer", `sqlite:${join(ws, "m.db")}`, "--json"]);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(1_000_000);
    const summary = JSON.parse(r.stdout) as RunSummary;
    expect(summary.answer).toContain(big);
  }, 60_000);
});

describe("a missing database path is an error, not a new file", () => {
  it.each([["show", "t"], ["resume", "t", "--approve"], ["threads"], ["approvals"]])("mira %s on a missing SQLite file: one line, nothing created", async (...args) => {
    const ws = await tempWorkspace({});
    const path = join(ws, "nowhere", "missing.db");
    const r = await miraInProcess([...args, "--checkpointer", `sqlite:${path}`]);
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(`mira: no SQLite checkpoint store at ${path} (nothing was created)`);
    expect(await exists(path)).toBe(false);
    expect(await exists(join(ws, "nowhere"))).toBe(false);
  });
});
