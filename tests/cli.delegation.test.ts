/**
 * CONTRACT §8 through the `mira` CLI: a SubAgent's approval pauses the whole run, the
 * summary names the child on the pending call, `mira resume` in a new process continues
 * inside the child exactly once (SQLite and PostgreSQL), and `mira show` renders the nesting.
 */
import { execFile } from "node:child_process";
import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import type { RunSummary } from "../cli/summary.js";
import { tempWorkspace } from "./support/harnessRuntime.js";
import { isPostgresReachable, PERSISTENT_STORES } from "./support/postgres.js";

const exec = promisify(execFile);
const exists = (p: string) => access(p).then(() => true, () => false);

async function mira(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["bin/mira.js", ...args], { cwd: process.cwd(), env: { ...process.env, MIRA_CHECKPOINTER: "" } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function miraInProcess(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const turn = (id: string, name: string, args: Record<string, unknown>) => ({ content: "", tool_calls: [{ id, name, args }] });
const SCRIPT = {
  turns: [
    turn("d1", "delegate_task", { task: 'Create notes/x.md with "hi"', acceptance: "written and read back" }),
    turn("w1", "write_file", { path: "notes/x.md", content: "hi\n" }),
    turn("r1", "read_open", { path: "notes/x.md" }),
    turn("c3", "answer", { text: "Wrote notes/x.md and read it back [ev-2]." }),
    turn("p2", "answer", { text: "Done: notes/x.md says hi [ev-2].", citations: ["ev-2"] }),
  ],
};

let pgReachable = false;
beforeAll(async () => {
  pgReachable = await isPostgresReachable();
});

describe.each(PERSISTENT_STORES)("a SubAgent's approval through the CLI (%s)", (kind, storeFor) => {
  it("run pauses with the child's identity (exit 2); resume in a new process runs the call once, in the child; show renders the tree", async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const ws = await tempWorkspace({});
    const store = storeFor(ws);
    const script = join(ws, "..", `deleg-script-${Date.now()}.json`);
    await writeFile(script, JSON.stringify(SCRIPT));
    const thread = `cli-deleg-${kind}-${Date.now()}`;
    const paused = await mira(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", thread, "--json"]);
    expect(paused.stderr).toBe("");
    expect(paused.code).toBe(2);
    const summary = JSON.parse(paused.stdout) as RunSummary;
    expect(summary).toMatchObject({ status: "waiting_approval", pendingToolCall: { toolId: "write_file", toolCallId: "w1@sub-0", agent: "sub-0" } });
    expect(summary.trace.filter((t) => t.agent === "sub-0").map((t) => t.node)).toEqual(["Start", "Planner", "Normalize", "Policy"]);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);

    const { toolCallId, inputHash } = summary.pendingToolCall!;
    const done = await mira(["resume", thread, "--approve", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", store, "--json"]);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    const final = JSON.parse(done.stdout) as RunSummary;
    expect(final).toMatchObject({ status: "completed", finishReason: "stop", error: null });
    expect(final.answer).toContain("notes/x.md says hi");
    expect(final.trace.filter((t) => t.node === "Tool" && t.toolCallId === "w1@sub-0")).toEqual([expect.objectContaining({ agent: "sub-0" })]);
    expect(final.trace.filter((t) => t.node === "Start")).toHaveLength(1);
    expect(await readFile(join(ws, "notes/x.md"), "utf8")).toBe("hi\n");

    const shown = await miraInProcess(["show", thread, "--checkpointer", store]);
    expect(shown.code).toBe(0);
    const lines = shown.stdout.split("\n");
    const open = lines.findIndex((l) => l.includes("┌ SubAgent sub-0"));
    const close = lines.findIndex((l) => l.includes("└ end of sub-0"));
    expect(open).toBeGreaterThan(0);
    expect(lines.slice(open + 1, close).every((l) => l.startsWith("    │ ") && l.includes("(sub-0)"))).toBe(true);
    expect(lines[close + 1]).toMatch(/Evidence .*completed call=sub-0/);
    expect(shown.stdout).toContain("write_file w1@sub-0 completed");
  }, 180_000);
});

describe("the user stops a child through the parent", () => {
  it("resume --stop-child: the pending call never runs, the child's package comes back failed, the parent completes; elsewhere it is a usage error", async () => {
    const ws = await tempWorkspace({});
    const store = `sqlite:${join(ws, "..", `stop-${Date.now()}.db`)}`;
    const script = join(ws, "..", `stop-script-${Date.now()}.json`);
    await writeFile(script, JSON.stringify({ turns: [SCRIPT.turns[0], SCRIPT.turns[1], turn("p2", "answer", { text: "Nothing was written, as you asked." })] }));
    const paused = await miraInProcess(["run", "Hello", "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "stop", "--json"]);
    expect(paused.code).toBe(2);
    const stopped = await miraInProcess(["resume", "stop", "--stop-child", "--reason", "not now", "--checkpointer", store, "--json"]);
    expect(stopped.stderr).toBe("");
    expect(stopped.code).toBe(0);
    const final = JSON.parse(stopped.stdout) as RunSummary;
    expect(final).toMatchObject({ status: "completed", answer: expect.stringContaining("Nothing was written") });
    expect(final.trace.find((t) => t.node === "Stop")).toMatchObject({ decision: "stopped", note: "stopped by the user: not now" });
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
    const again = await miraInProcess(["resume", "stop", "--stop-child", "--checkpointer", store]);
    expect(again.code).toBe(64);
    expect(again.stderr.split("\n")).toHaveLength(1);
  }, 120_000);
});

describe("bad skill input through the CLI", () => {
  it("a malformed skill manifest is one line on stderr (exit 64) and nothing starts", async () => {
    const ws = await tempWorkspace({ "a.md": "x\n" });
    const skills = join(ws, "..", `skills-${Date.now()}`);
    await mkdir(join(skills, "broken"), { recursive: true });
    await writeFile(join(skills, "broken", "skill.yaml"), "name: Broken Skill\nsummary: 3\n");
    const store = `sqlite:${join(ws, "..", `bad-skill-${Date.now()}.db`)}`;
    const r = await miraInProcess(["run", "read a.md", "--workspace", ws, "--skills", skills, "--checkpointer", store, "--thread", "bad-skill"]);
    expect(r.code).toBe(64);
    expect(r.stderr.split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^mira: malformed skill manifest .*broken\/skill\.yaml: .*name/);
    expect((await miraInProcess(["show", "bad-skill", "--checkpointer", store])).code).toBe(64);
  });
});
