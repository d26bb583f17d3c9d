import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolDefinition } from "../tools/types.js";
import { resolveInWorkspace, workspaceTools } from "../tools/workspace/index.js";
import type { ToolOutcome } from "../state/types.js";

const TOOLS = new Map(workspaceTools().map((tool) => [tool.name, tool]));

let ws: string;
let outside: string;

/** Validates the input with the tool's schema (as Normalize does), then executes it. */
async function call(name: string, input: Record<string, unknown>, options: { signal?: AbortSignal } = {}): Promise<ToolOutcome> {
  const tool = TOOLS.get(name)!;
  return tool.execute(tool.schema.parse(input), { workspaceRoot: ws, ...options });
}

function succeeded(outcome: ToolOutcome): Extract<ToolOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.failure.kind}: ${outcome.failure.message}`);
  return outcome;
}

function failed(outcome: ToolOutcome) {
  if (outcome.ok) throw new Error(`expected failure, got success: ${outcome.summary}`);
  return outcome.failure;
}

const exists = (p: string) => fs.lstat(p).then(() => true, () => false);
const read = (rel: string) => fs.readFile(path.join(ws, rel), "utf8");

async function put(rel: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(path.join(ws, rel)), { recursive: true });
  await fs.writeFile(path.join(ws, rel), content);
}

const README = "# Demo\nThe alpha module greets.\n";
const HELPERS_TS = "export const helper = (name: string) => `hello ${name}`;\n";
const A_TS = ["import { helper } from './util/helpers.js';", "", "export function alpha() {", "  return helper('alpha');", "}", ""].join("\n");

beforeEach(async () => {
  ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "mira-ws-")));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "mira-outside-")));
  await put("src/a.ts", A_TS);
  await put("src/util/helpers.ts", HELPERS_TS);
  await put("README.md", README);
  await put("node_modules/pkg/index.js", "module.exports = 'alpha helper';\n");
  await put(".git/config", "[core] alpha\n");
  await put("image.bin", Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]));
  await fs.writeFile(path.join(outside, "secret.txt"), "outside secret alpha\n");
});

afterEach(async () => {
  await fs.rm(ws, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

describe("the workspace tool set", () => {
  it("exposes exactly the twelve tools with their domains and risk classes", () => {
    const shape = workspaceTools().map((t) => [t.name, t.domain, t.risk]);
    expect(shape).toEqual([
      ["read_list", "workspace.read", "read"],
      ["read_locate", "workspace.read", "read"],
      ["read_open", "workspace.read", "read"],
      ["read_extract", "workspace.read", "read"],
      ["read_slice", "workspace.read", "read"],
      ["search_text", "workspace.read", "read"],
      ["workspace_inventory", "workspace.read", "read"],
      ["write_file", "workspace.write", "file_write"],
      ["edit_file", "workspace.write", "file_write"],
      ["move_path", "workspace.write", "file_move"],
      ["delete_path", "workspace.write", "file_delete"],
      ["run_command", "terminal", "terminal"],
    ]);
  });

  it("describes every input field of every tool", () => {
    for (const tool of workspaceTools()) {
      const json = z.toJSONSchema(tool.schema) as { properties: Record<string, { description?: string }> };
      for (const [field, spec] of Object.entries(json.properties)) {
        expect(spec.description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
  });
});

describe("read tools return real content as evidence", () => {
  it("read_list lists entries to the requested depth, skipping node_modules and .git", async () => {
    const shallow = succeeded(await call("read_list", {}));
    expect(shallow.evidence).toHaveLength(1);
    expect(shallow.evidence[0]).toMatchObject({ kind: "listing", source: { path: "." }, verified: true });
    const lines = shallow.evidence[0]!.content.split("\n");
    expect(lines).toEqual([`README.md  (${README.length} bytes)`, "image.bin  (5 bytes)", "src/"]);

    const deep = succeeded(await call("read_list", { path: "src", depth: 2 }));
    expect(deep.evidence[0]!.content.split("\n")).toEqual([`a.ts  (${A_TS.length} bytes)`, "util/", `  helpers.ts  (${HELPERS_TS.length} bytes)`]);
    expect(failed(await call("read_list", { path: "src/a.ts" })).kind).toBe("invalid_input");
    expect(failed(await call("read_list", { path: "nope" })).kind).toBe("not_found");
  });

  it("read_locate ranks candidate files, name hits above content hits, as unverified locate hits", async () => {
    await put("docs/helpers-guide.md", "nothing relevant here\n");
    const outcome = succeeded(await call("read_locate", { query: "helper" }));
    const paths = outcome.evidence.map((e) => e.source.path);
    expect(paths).toEqual(["src/util/helpers.ts", "docs/helpers-guide.md", "src/a.ts"]);
    expect(outcome.evidence.every((e) => e.kind === "locate_hit" && e.verified === false)).toBe(true);
    expect(outcome.evidence[2]).toMatchObject({ source: { path: "src/a.ts", startLine: 1 }, content: A_TS.split("\n")[0] });
    expect(paths).not.toContain("node_modules/pkg/index.js");

    expect(failed(await call("read_locate", { query: "zebra quokka" })).kind).toBe("empty_result");
  });

  it("read_open returns the file text with its line range and says when it truncated", async () => {
    const full = succeeded(await call("read_open", { path: "src/a.ts" }));
    expect(full.summary).toBe("read 5 lines of src/a.ts");
    expect(full.evidence).toEqual([
      { kind: "content", source: { path: "src/a.ts", startLine: 1, endLine: 5 }, content: A_TS.trimEnd(), verified: true },
    ]);

    const head = succeeded(await call("read_open", { path: "./src//a.ts", maxLines: 2 }));
    expect(head.summary).toContain("truncated");
    expect(head.evidence[0]).toMatchObject({ source: { path: "src/a.ts", startLine: 1, endLine: 2 } });

    await put("big.txt", `${"y".repeat(100)}\n`.repeat(1000));
    const big = succeeded(await call("read_open", { path: "big.txt", maxLines: 5000 }));
    expect(big.evidence[0]!.content.length).toBeLessThanOrEqual(16 * 1024);
    expect(big.summary).toContain("truncated");
  });

  it("read_open reports missing, directory and binary targets as recoverable failures", async () => {
    expect(failed(await call("read_open", { path: "missing.ts" }))).toMatchObject({ recoverable: true, kind: "not_found" });
    expect(failed(await call("read_open", { path: "src" }))).toMatchObject({ recoverable: true, kind: "invalid_input" });
    const binary = failed(await call("read_open", { path: "image.bin" }));
    expect(binary).toMatchObject({ recoverable: true, kind: "invalid_input" });
    expect(binary.message).toContain("binary");
  });

  it("read_extract returns each match with context, merging overlapping blocks", async () => {
    await put("log.txt", ["ok 1", "ERROR a", "ok 3", "ERROR b", "ok 5", "ok 6", "ok 7", "ok 8", "error c", "ok 10"].join("\n"));
    const outcome = succeeded(await call("read_extract", { path: "log.txt", pattern: "error", context: 1 }));
    expect(outcome.evidence.map((e) => [e.source.startLine, e.source.endLine, e.content])).toEqual([
      [1, 5, "ok 1\nERROR a\nok 3\nERROR b\nok 5"],
      [8, 10, "ok 8\nerror c\nok 10"],
    ]);
    expect(outcome.evidence.every((e) => e.kind === "content" && e.verified)).toBe(true);

    const exact = succeeded(await call("read_extract", { path: "log.txt", pattern: "^ERROR [ab]$", regex: true, caseSensitive: true, context: 0 }));
    expect(exact.evidence.map((e) => e.content)).toEqual(["ERROR a", "ERROR b"]);

    expect(failed(await call("read_extract", { path: "log.txt", pattern: "panic" })).kind).toBe("empty_result");
    expect(failed(await call("read_extract", { path: "log.txt", pattern: "(", regex: true })).kind).toBe("invalid_input");
  });

  it("read_slice returns the exact original lines, reads a range running past the end to the end, and refuses a start outside the file", async () => {
    const outcome = succeeded(await call("read_slice", { path: "src/a.ts", startLine: 3, endLine: 4 }));
    expect(outcome.evidence).toEqual([
      {
        kind: "content",
        source: { path: "src/a.ts", startLine: 3, endLine: 4 },
        content: "export function alpha() {\n  return helper('alpha');",
        verified: true,
      },
    ]);
    const lines = A_TS.replace(/\n$/, "").split("\n");
    const total = lines.length;
    const past = succeeded(await call("read_slice", { path: "src/a.ts", startLine: total - 1, endLine: total + 5 }));
    expect(past.evidence[0]).toMatchObject({ source: { path: "src/a.ts", startLine: total - 1, endLine: total }, content: lines.slice(total - 2).join("\n") });
    expect(past.summary).toContain(`ends at line ${total}`);
    expect(failed(await call("read_slice", { path: "src/a.ts", startLine: total + 1, endLine: total + 3 })).kind).toBe("invalid_input");
    expect(failed(await call("read_slice", { path: "src/a.ts", startLine: 4, endLine: 3 })).kind).toBe("invalid_input");
  });

  it("search_text reports each matching line as an unverified hit and stops at maxResults", async () => {
    const outcome = succeeded(await call("search_text", { query: "ALPHA" }));
    expect(outcome.evidence.map((e) => [e.source.path, e.source.startLine, e.content])).toEqual([
      ["README.md", 2, "The alpha module greets."],
      ["src/a.ts", 3, "export function alpha() {"],
      ["src/a.ts", 4, "return helper('alpha');"],
    ]);
    expect(outcome.evidence.every((e) => e.kind === "search_hit" && e.verified === false)).toBe(true);

    const capped = succeeded(await call("search_text", { query: "alpha", path: "src", maxResults: 1 }));
    expect(capped.evidence).toHaveLength(1);
    expect(capped.summary).toContain("stopped at maxResults 1");

    const regex = succeeded(await call("search_text", { query: "helper\\(", regex: true }));
    expect(regex.evidence.map((e) => e.source.path)).toEqual(["src/a.ts"]);
    expect(failed(await call("search_text", { query: "zebra" })).kind).toBe("empty_result");
  });

  it("workspace_inventory counts files by extension and sizes, outside skipped directories", async () => {
    const outcome = succeeded(await call("workspace_inventory", {}));
    const content = outcome.evidence[0]!.content;
    expect(outcome.evidence[0]).toMatchObject({ kind: "listing", source: { path: "." }, verified: true });
    expect(content).toContain(`4 files, ${README.length + HELPERS_TS.length + A_TS.length + 5} bytes total`);
    expect(content).toContain("by extension: .ts 2, .bin 1, .md 1");
    expect(content).toContain("top-level directories: src/ (2 files)");
  });
});

describe("write tools change the disk only as asked", () => {
  it("write_file creates parents, refuses to overwrite unless told, and records unverified write evidence", async () => {
    const created = succeeded(await call("write_file", { path: "out/deep/new.txt", content: "one\ntwo\n" }));
    expect(await read("out/deep/new.txt")).toBe("one\ntwo\n");
    expect(created.evidence).toEqual([
      { kind: "write", op: "write", source: { path: "out/deep/new.txt", startLine: 1, endLine: 2 }, content: "created out/deep/new.txt (2 lines, 8 bytes)", verified: false },
    ]);

    expect(failed(await call("write_file", { path: "out/deep/new.txt", content: "clobber" })).kind).toBe("invalid_input");
    expect(await read("out/deep/new.txt")).toBe("one\ntwo\n");

    succeeded(await call("write_file", { path: "out/deep/new.txt", content: "replaced", overwrite: true }));
    expect(await read("out/deep/new.txt")).toBe("replaced");
    expect(failed(await call("write_file", { path: "src", content: "x", overwrite: true })).kind).toBe("invalid_input");
  });

  it("edit_file replaces exactly one occurrence and refuses missing or ambiguous oldText", async () => {
    const outcome = succeeded(await call("edit_file", { path: "src/a.ts", oldText: "return helper('alpha');", newText: "return helper('beta');" }));
    expect(await read("src/a.ts")).toBe(A_TS.replace("'alpha'", "'beta'"));
    expect(outcome.evidence[0]).toMatchObject({ kind: "write", source: { path: "src/a.ts", startLine: 4, endLine: 4 }, verified: false });

    const before = await read("src/a.ts");
    expect(failed(await call("edit_file", { path: "src/a.ts", oldText: "gamma", newText: "delta" })).kind).toBe("invalid_input");
    const ambiguous = failed(await call("edit_file", { path: "src/a.ts", oldText: "helper", newText: "assist" }));
    expect(ambiguous).toMatchObject({ kind: "invalid_input" });
    expect(ambiguous.message).toContain("3 times");
    expect(await read("src/a.ts")).toBe(before);

    succeeded(await call("edit_file", { path: "src/a.ts", oldText: "helper", newText: "$&assist", replaceAll: true }));
    expect(await read("src/a.ts")).toBe(before.split("helper").join("$&assist"));
    expect(failed(await call("edit_file", { path: "none.ts", oldText: "a", newText: "b" })).kind).toBe("not_found");
  });

  it("move_path renames inside the workspace and never clobbers an existing target", async () => {
    succeeded(await call("move_path", { from: "README.md", to: "docs/README.md" }));
    expect(await exists(path.join(ws, "README.md"))).toBe(false);
    expect(await read("docs/README.md")).toContain("# Demo");

    expect(failed(await call("move_path", { from: "src/a.ts", to: "docs/README.md" })).kind).toBe("invalid_input");
    expect(await read("src/a.ts")).toBe(A_TS);
    expect(await read("docs/README.md")).toContain("# Demo");
    expect(failed(await call("move_path", { from: "ghost.ts", to: "x.ts" })).kind).toBe("not_found");
    expect(failed(await call("move_path", { from: "src", to: "src/inner" })).kind).toBe("invalid_input");
  });

  it("delete_path deletes files, needs recursive for non-empty directories, and never deletes the root", async () => {
    succeeded(await call("delete_path", { path: "README.md" }));
    expect(await exists(path.join(ws, "README.md"))).toBe(false);

    expect(failed(await call("delete_path", { path: "src" })).kind).toBe("invalid_input");
    expect(await exists(path.join(ws, "src/a.ts"))).toBe(true);
    succeeded(await call("delete_path", { path: "src", recursive: true }));
    expect(await exists(path.join(ws, "src"))).toBe(false);

    expect(failed(await call("delete_path", { path: ".", recursive: true })).kind).toBe("invalid_input");
    expect(failed(await call("delete_path", { path: "src/..", recursive: true })).kind).toBe("invalid_input");
    expect(await exists(ws)).toBe(true);
    expect(failed(await call("delete_path", { path: "gone.txt" })).kind).toBe("not_found");
  });
});

describe("confinement: nothing leaves the workspace root", () => {
  const escapes = () => ({
    dotdot: `../${path.basename(outside)}/secret.txt`,
    absolute: path.join(outside, "secret.txt"),
    symlink: "escape/secret.txt",
  });

  beforeEach(async () => {
    await fs.symlink(outside, path.join(ws, "escape"));
  });

  async function expectViolation(name: string, input: Record<string, unknown>) {
    const failure = failed(await call(name, input));
    expect(failure).toMatchObject({ recoverable: false, kind: "security_violation" });
    expect(failure.message.split("\n")).toHaveLength(1);
  }

  it("refuses '..', absolute and symlinked paths for every path-taking tool, writing nothing", async () => {
    const outsideBefore = await fs.readdir(outside);
    for (const target of Object.values(escapes())) {
      await expectViolation("read_list", { path: path.dirname(target) });
      await expectViolation("read_locate", { query: "secret", path: path.dirname(target) });
      await expectViolation("read_open", { path: target });
      await expectViolation("read_extract", { path: target, pattern: "secret" });
      await expectViolation("read_slice", { path: target, startLine: 1, endLine: 1 });
      await expectViolation("search_text", { query: "secret", path: path.dirname(target) });
      await expectViolation("workspace_inventory", { path: path.dirname(target) });
      await expectViolation("write_file", { path: target.replace("secret.txt", "planted.txt"), content: "x" });
      await expectViolation("write_file", { path: target, content: "overwritten", overwrite: true });
      await expectViolation("edit_file", { path: target, oldText: "secret", newText: "leaked" });
      await expectViolation("move_path", { from: target, to: "stolen.txt" });
      await expectViolation("move_path", { from: "README.md", to: target.replace("secret.txt", "moved.md") });
      await expectViolation("delete_path", { path: target });
      await expectViolation("run_command", { command: process.execPath, args: ["-e", "1"], cwd: path.dirname(target) });
    }
    expect(await fs.readdir(outside)).toEqual(outsideBefore);
    expect(await fs.readFile(path.join(outside, "secret.txt"), "utf8")).toBe("outside secret alpha\n");
    expect(await exists(path.join(ws, "stolen.txt"))).toBe(false);
    expect(await exists(path.join(ws, "README.md"))).toBe(true);
  });

  it("refuses a write through a dangling symlink whose target is outside", async () => {
    await fs.symlink(path.join(outside, "not-yet.txt"), path.join(ws, "dangling.txt"));
    await expectViolation("write_file", { path: "dangling.txt", content: "x", overwrite: true });
    expect(await exists(path.join(outside, "not-yet.txt"))).toBe(false);
  });

  it("accepts paths that only look unusual but stay inside, including symlinks into the workspace", async () => {
    await fs.symlink(path.join(ws, "src"), path.join(ws, "src-link"));
    expect(await resolveInWorkspace(ws, "src/../src/./a.ts")).toEqual({ ok: true, abs: path.join(ws, "src/a.ts"), rel: "src/a.ts" });
    expect(await resolveInWorkspace(ws, "new/dir/file.txt")).toMatchObject({ ok: true, rel: "new/dir/file.txt" });
    expect(await resolveInWorkspace(ws, "src-link/a.ts")).toMatchObject({ ok: true, rel: "src-link/a.ts" });
    expect(await resolveInWorkspace(ws, "..hidden")).toMatchObject({ ok: true, rel: "..hidden" });
  });

  it("walks never follow a symlink out of the workspace", async () => {
    const outcome = await call("search_text", { query: "outside secret" });
    expect(failed(outcome).kind).toBe("empty_result");
    const listing = succeeded(await call("read_list", { depth: 2 }));
    expect(listing.evidence[0]!.content).toContain("escape@ (symlink, not followed)");
  });
});

describe("run_command runs one real program, confined and bounded", () => {
  const node = process.execPath;

  it("returns output and exit code; a non-zero exit is a reported success, not a tool failure", async () => {
    await put("src/marker.txt", "here");
    const okRun = succeeded(await call("run_command", { command: node, args: ["-e", "console.log(require('fs').readdirSync('.').join(','))"], cwd: "src" }));
    expect(okRun.summary).toContain("exit code 0");
    expect(okRun.evidence[0]).toMatchObject({ kind: "command", source: { path: "src" } });
    expect(okRun.evidence[0]!.content).toContain("a.ts,marker.txt,util");

    const failing = succeeded(await call("run_command", { command: node, args: ["-e", "console.error('boom'); process.exit(3)"] }));
    expect(failing.summary).toContain("exit code 3");
    expect(failing.evidence[0]!.content).toContain("boom");
  });

  it("reports a missing program as not_found and a missing cwd as not_found", async () => {
    expect(failed(await call("run_command", { command: "definitely-not-a-program-mira" })).kind).toBe("not_found");
    expect(failed(await call("run_command", { command: node, cwd: "no/such/dir" })).kind).toBe("not_found");
  });

  it("kills the whole process group on timeout and reports a recoverable timeout", async () => {
    const grandchild = "setTimeout(() => require('fs').writeFileSync('late.txt', 'x'), 800)";
    const script = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' }); setInterval(() => {}, 1000);`;
    const started = Date.now();
    const failure = failed(await call("run_command", { command: node, args: ["-e", script], timeoutMs: 300 }));
    expect(failure).toMatchObject({ recoverable: true, kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await exists(path.join(ws, "late.txt"))).toBe(false);
  });

  it("kills the command when the run is aborted and reports the outcome as unknown", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await call("run_command", { command: node, args: ["-e", "setInterval(() => {}, 1000)"] }, { signal: controller.signal });
    expect(failed(outcome)).toMatchObject({ recoverable: true, kind: "outcome_unknown" });
  });

  it("gives the child only allow-listed parent variables plus the explicit env", async () => {
    process.env.MIRA_PARENT_SECRET = "hunter2";
    try {
      const script = "console.log(JSON.stringify({ secret: process.env.MIRA_PARENT_SECRET ?? null, explicit: process.env.MIRA_EXPLICIT ?? null, path: Boolean(process.env.PATH) }))";
      const outcome = succeeded(await call("run_command", { command: node, args: ["-e", script], env: { MIRA_EXPLICIT: "given" } }));
      expect(outcome.evidence[0]!.content).toContain('{"secret":null,"explicit":"given","path":true}');
    } finally {
      delete process.env.MIRA_PARENT_SECRET;
    }
  });

  it("caps combined output at 64 KB and says it truncated", async () => {
    const outcome = succeeded(await call("run_command", { command: node, args: ["-e", "process.stdout.write('x'.repeat(200000))"] }));
    const xs = outcome.evidence[0]!.content.match(/x{100,}/)?.[0] ?? "";
    expect(xs.length).toBe(64 * 1024);
    expect(outcome.summary).toContain("truncated");
  });

  it("folds cwd, env and timeout into the effect context so approvals cannot carry across them", () => {
    const tool = TOOLS.get("run_command") as ToolDefinition;
    const effect = (input: Record<string, unknown>) =>
      JSON.stringify(tool.effectContext!(tool.schema.parse({ command: "npm", args: ["test"], ...input }), { workspaceRoot: ws }));
    const base = effect({});
    expect(base).toBe(JSON.stringify({ cwd: ".", env: {}, timeoutMs: 30000 }));
    expect(effect({ cwd: "./src/" })).toBe(effect({ cwd: "src" }));
    const variants = [effect({ cwd: "src" }), effect({ env: { CI: "1" } }), effect({ timeoutMs: 1000 })];
    for (const variant of variants) expect(variant).not.toBe(base);
    expect(new Set(variants).size).toBe(3);
  });
});
