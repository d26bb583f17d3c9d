/**
 * The `mira` CLI: a run paused in one process resumes in another (SQLite and PostgreSQL),
 * exit codes, JSON summary, and one-line errors for bad input that never lose a run.
 */
import { readFile, writeFile, access } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunSummary } from "../cli/summary.js";
import { mira, miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";
import { isPostgresReachable, PERSISTENT_STORES } from "./support/postgres.js";

const exists = (p: string) => access(p).then(() => true, () => false);

async function scriptFile(dir: string, turns: unknown[]): Promise<string> {
  const path = join(dir, `script-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify({ turns }));
  return path;
}

const WRITE_THEN_VERIFY = [
  { content: "", tool_calls: [{ id: "w1", name: "write_file", args: { path: "notes/x.md", content: "hi\n" } }] },
  { content: "", tool_calls: [{ id: "r1", name: "read_open", args: { path: "notes/x.md" } }] },
  { content: "", tool_calls: [{ id: "a1", name: "answer", args: { text: "Wrote notes/x.md [ev-2]", citations: ["ev-2"] } }] },
];

let pgReachable = false;
beforeAll(async () => {
  pgReachable = await isPostgresReachable();
});

describe.each(PERSISTENT_STORES)("a run paused in one process resumes in another (%s)", (kind, storeFor) => {
  it("run → waiting_approval (exit 2) → resume --approve in a new process → completed (exit 0), tool ran once", async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const ws = await tempWorkspace({});
    const store = storeFor(ws);
    const script = await scriptFile(ws, WRITE_THEN_VERIFY);
    const thread = `cli-${kind}-${Date.now()}`;
    const paused = await mira(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", thread, "--json"]);
    expect(paused.code).toBe(2);
    const summary = JSON.parse(paused.stdout) as RunSummary;
    expect(summary).toMatchObject({ threadId: thread, status: "waiting_approval", pendingToolCall: { toolId: "write_file", toolCallId: "w1", riskClass: "file_write" } });
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);

    const { toolCallId, inputHash } = summary.pendingToolCall!;
    const done = await mira(["resume", thread, "--approve", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", store, "--json"]);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    const final = JSON.parse(done.stdout) as RunSummary;
    expect(final).toMatchObject({ status: "completed", finishReason: "stop", error: null });
    expect(final.answer).toContain("Wrote notes/x.md [ev-2]");
    expect(final.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1")).toHaveLength(1);
    expect(final.trace.every((t) => t.agent === "main")).toBe(true);
    expect(await readFile(join(ws, "notes/x.md"), "utf8")).toBe("hi\n");

    const shown = JSON.parse((await mira(["show", thread, "--checkpointer", store, "--json"])).stdout);
    expect(shown.executions.filter((x: { toolId: string }) => x.toolId === "write_file")).toEqual([{ toolId: "write_file", toolCallId: "w1", inputHash, status: "completed" }]);

    const again = await mira(["resume", thread, "--approve", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", store]);
    expect(again.code).toBe(64);
    expect(again.stderr.trim()).toBe(`mira: thread "${thread}" is not paused (status: completed); nothing was resumed or executed`);
  }, 60_000);
});

describe("readable output and exit codes", () => {
  it("prints the trace node by node and the exact resume command when paused", async () => {
    const ws = await tempWorkspace({});
    const script = await scriptFile(ws, WRITE_THEN_VERIFY);
    const store = `sqlite:${join(ws, "m.db")}`;
    const r = await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "readable"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/1 Planner\s+use_tool write_file call=w1/);
    expect(r.stdout).toMatch(/3 Policy\s+ask call=w1/);
    expect(r.stdout).toMatch(new RegExp(`mira resume readable --approve --tool-call-id w1 --input-hash [0-9a-f]{64} --checkpointer sqlite:${ws}/m.db`));
    const shown = await miraInProcess(["show", "readable", "--checkpointer", store, "--json"]);
    expect(shown.code).toBe(2);
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: "waiting_approval", executions: [] });
  });
});

describe("ask_user through the CLI", () => {
  it("run → waiting_user (exit 2) with the question → resume --answer → completed", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const script = await scriptFile(ws, [
      { content: "", tool_calls: [{ id: "q1", name: "ask_user", args: { question: "Which file?" } }] },
      { content: "", tool_calls: [{ id: "r1", name: "read_open", args: { path: "a.md" } }] },
      { content: "It says alpha [ev-1]", tool_calls: [] },
    ]);
    const store = `sqlite:${join(ws, "m.db")}`;
    const paused = await miraInProcess(["run", "read the file", "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "ask", "--json"]);
    expect(paused.code).toBe(2);
    expect(JSON.parse(paused.stdout)).toMatchObject({ status: "waiting_user", question: "Which file?" });
    const wrong = await miraInProcess(["resume", "ask", "--approve", "--checkpointer", store]);
    expect(wrong).toMatchObject({ code: 64, stderr: 'mira: thread "ask" is waiting for an answer: use --answer TEXT' });
    const done = await miraInProcess(["resume", "ask", "--answer", "a.md", "--checkpointer", store, "--json"]);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout).answer).toContain("It says alpha [ev-1]");
  });
});

describe("bad input gets one clear line, the right exit code, and loses nothing", () => {
  let ws: string;
  let store: string;
  let inputHash: string;
  beforeAll(async () => {
    ws = await tempWorkspace({});
    store = `sqlite:${join(ws, "m.db")}`;
    const script = await scriptFile(ws, WRITE_THEN_VERIFY);
    const r = await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "paused", "--json"]);
    inputHash = (JSON.parse(r.stdout) as RunSummary).pendingToolCall!.inputHash;
  });

  const stillPaused = async () => JSON.parse((await miraInProcess(["show", "paused", "--checkpointer", store, "--json"])).stdout).status;

  it("unknown thread → 64", async () => {
    const r = await miraInProcess(["show", "no-such-thread", "--checkpointer", store]);
    expect(r).toMatchObject({ code: 64, stderr: `mira: unknown thread "no-such-thread" in SQLite ${ws}/m.db` });
  });

  it("wrong approval identity → 64, the run stays paused and nothing is written", async () => {
    const r = await miraInProcess(["resume", "paused", "--approve", "--tool-call-id", "w1", "--input-hash", "f".repeat(64), "--checkpointer", store]);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("is not the pending call's");
    expect(r.stderr.split("\n")).toHaveLength(1);
    expect(await stillPaused()).toBe("waiting_approval");
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
  });

  it("missing approval identity → 64, still paused", async () => {
    const r = await miraInProcess(["resume", "paused", "--approve", "--checkpointer", store]);
    expect(r).toMatchObject({ code: 64, stderr: "mira: an approval needs --tool-call-id and --input-hash of the pending call (see mira show)" });
    const both = await miraInProcess(["resume", "paused", "--approve", "--reject", "--checkpointer", store]);
    expect(both.code).toBe(64);
    expect(await stillPaused()).toBe("waiting_approval");
  });

  it("--reject with the exact identity → the Planner gets the rejection; nothing written", async () => {
    const ws2 = await tempWorkspace({});
    const script = await scriptFile(ws2, [WRITE_THEN_VERIFY[0], { content: "Not written, as you asked.", tool_calls: [] }]);
    const s2 = `sqlite:${join(ws2, "m.db")}`;
    const r = await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws2, "--model", `scripted:${script}`, "--checkpointer", s2, "--thread", "rej", "--json"]);
    const hash = (JSON.parse(r.stdout) as RunSummary).pendingToolCall!.inputHash;
    const done = await miraInProcess(["resume", "rej", "--reject", "--reason", "not today", "--tool-call-id", "w1", "--input-hash", hash, "--checkpointer", s2, "--json"]);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout).answer).toContain("Not written, as you asked.");
    expect(await exists(join(ws2, "notes/x.md"))).toBe(false);
  });

  it("--edit with the exact identity → a new invocation of the same tool, asked again; nothing written yet", async () => {
    const ws2 = await tempWorkspace({});
    const script = await scriptFile(ws2, WRITE_THEN_VERIFY);
    const s2 = `sqlite:${join(ws2, "m.db")}`;
    const first = JSON.parse((await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws2, "--model", `scripted:${script}`, "--checkpointer", s2, "--thread", "ed", "--json"])).stdout) as RunSummary;
    const { toolCallId, inputHash } = first.pendingToolCall!;
    const bad = await miraInProcess(["resume", "ed", "--edit", "[1]", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", s2]);
    expect(bad).toMatchObject({ code: 64, stderr: "mira: --edit must be a JSON object (the whole new input)" });
    const edited = await miraInProcess(["resume", "ed", "--edit", '{"path":"notes/x.md","content":"bye\\n"}', "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", s2, "--json"]);
    expect(edited.code).toBe(2);
    const again = JSON.parse(edited.stdout) as RunSummary;
    expect(again.pendingToolCall).toMatchObject({ toolId: "write_file", toolCallId: "w1~edit1", input: { content: "bye\n" } });
    expect(again.pendingToolCall!.inputHash).not.toBe(inputHash);
    expect(await exists(join(ws2, "notes/x.md"))).toBe(false);
  });

  it("malformed scripted file → 64 naming the file; no thread is created", async () => {
    const bad = join(ws, "bad.json");
    await writeFile(bad, JSON.stringify({ turns: [{ tool_calls: [{ name: "read_open" }] }] }));
    const r = await miraInProcess(["run", "x", "--workspace", ws, "--model", `scripted:${bad}`, "--checkpointer", store, "--thread", "never"]);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/^mira: malformed scripted model file .*bad\.json: /);
    expect((await miraInProcess(["show", "never", "--checkpointer", store])).code).toBe(64);
  });

  it("missing workspace → 64", async () => {
    const r = await miraInProcess(["run", "x", "--workspace", join(ws, "nope"), "--checkpointer", store]);
    expect(r).toMatchObject({ code: 64, stderr: `mira: workspace not found: ${join(ws, "nope")}` });
  });

  it("unreachable database → 1 with one line", async () => {
    const r = await miraInProcess(["run", "x", "--workspace", ws, "--checkpointer", "postgres://postgres@127.0.0.1:1/test"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mira: cannot reach PostgreSQL at 127\.0\.0\.1:1: /);
    expect(r.stderr.split("\n")).toHaveLength(1);
  });

  it("model output that is not a valid decision and a tool input failing its schema are recoverable observations", async () => {
    const script = await scriptFile(ws, [
      { content: "", tool_calls: [{ id: "x1", name: "answer", args: {} }] },
      { content: "", tool_calls: [{ id: "x2", name: "read_slice", args: { path: "a", startLine: "x", endLine: 2 } }] },
      { content: "Nothing to report.", tool_calls: [] },
    ]);
    const r = await miraInProcess(["run", "say hi", "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--json"]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as RunSummary;
    expect(s.status).toBe("completed");
    expect(s.trace.map((t) => t.node)).toEqual(["Planner", "Planner", "Normalize", "Planner", "Generate", "Finalize"]);
  });

  it("usage errors (no task workspace, bad --max-steps) → 64", async () => {
    expect((await miraInProcess(["run", "x"])).code).toBe(64);
    expect((await miraInProcess(["run", "x", "--workspace", ws, "--max-steps", "0", "--checkpointer", store])).stderr).toBe('mira: --max-steps must be a positive integer, got "0"');
  });
});
