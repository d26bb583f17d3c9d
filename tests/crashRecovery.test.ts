/**
 * CONTRACT §3 — a process may die at any point: a run whose owner is gone can be continued
 * (`mira resume THREAD`, no decision flag), a ledger entry left `started` becomes
 * `outcome_unknown` and is never re-run, `mira show` says what happened, and at most one
 * process advances a thread (a second one is told it is busy, exit 75, and changes nothing).
 * The processes here are real and really SIGKILLed.
 */
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openCheckpointStore } from "../checkpointers/index.js";
import { main } from "../cli/main.js";
import type { RunSummary } from "../cli/summary.js";
import { runKillTrials } from "../scripts/killHarness.js";
import { tempWorkspace } from "./support/harnessRuntime.js";
import { isPostgresReachable, PERSISTENT_STORES, POSTGRES_URL } from "./support/postgres.js";

async function mira(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

const lines = (file: string, word: string) => readFile(file, "utf8").then((t) => t.split("\n").filter((l) => l === word).length, () => 0);

/** Spawns `mira` and SIGKILLs it as soon as `until()` holds. */
function spawnAndKill(args: string[], until: () => Promise<boolean>): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["bin/mira.js", ...args], { stdio: "ignore", env: { ...process.env, MIRA_CHECKPOINTER: "" } });
    const poll = setInterval(async () => {
      if (await until()) child.kill("SIGKILL");
    }, 20);
    child.on("close", () => {
      clearInterval(poll);
      done();
    });
  });
}

async function pausedCommandRun(store: (ws: string) => string, thread: string) {
  const ws = await tempWorkspace({});
  const log = join(ws, "ran.log");
  const script = join(ws, "script.json");
  const command = { command: "sh", args: ["-c", `echo started >> ${log}; sleep 5; echo done >> ${log}`] };
  await writeFile(script, JSON.stringify({ turns: [{ content: "", tool_calls: [{ id: "c1", name: "run_command", args: command }] }, { content: "", tool_calls: [{ id: "d1", name: "revise_goals", args: { disputes: [{ goalId: "g1", reason: "its outcome is unknown after the crash" }] } }] }, { content: "", tool_calls: [{ id: "a1", name: "answer", args: { text: "I could not confirm the command ran." } }] }] }));
  const setting = store(ws);
  const paused = await mira(["run", "run it", "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", setting, "--thread", thread, "--json"]);
  expect(paused.code).toBe(2);
  const call = (JSON.parse(paused.stdout) as RunSummary).pendingToolCall!;
  return { ws, log, setting, approve: ["resume", thread, "--approve", "--tool-call-id", call.toolCallId, "--input-hash", call.inputHash, "--checkpointer", setting] };
}

let pgReachable = false;
beforeAll(async () => {
  pgReachable = await isPostgresReachable();
});

describe.each(PERSISTENT_STORES)("a run whose process was SIGKILLed inside the tool can be continued (%s)", (kind, store) => {
  it("show says interrupted (exit 0); resume with no flag continues it; the call is outcome_unknown, reported, and never re-run", { timeout: 60_000 }, async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const thread = `crash-${kind}-${Date.now()}`;
    const { log, setting, approve } = await pausedCommandRun(store, thread);
    await spawnAndKill(approve, async () => (await lines(log, "started")) > 0);
    expect(await lines(log, "started")).toBe(1);

    const shown = await mira(["show", thread, "--checkpointer", setting]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("interrupted: the process advancing this thread stopped mid-step");
    expect(shown.stdout).toContain("run_command c1 outcome_unknown");

    const withFlag = await mira(approve);
    expect(withFlag.code).toBe(64);
    expect(withFlag.stderr).toContain("no decision flag");

    const resumed = await mira(["resume", thread, "--checkpointer", setting, "--json"]);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    const final = JSON.parse(resumed.stdout) as RunSummary;
    expect(final.status).toBe("completed");
    expect(final.trace.find((t) => t.node === "Tool")?.note).toContain("its outcome is unknown and it is not run again");
    expect(await lines(log, "started")).toBe(1);

    const after = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as { executions: Array<{ status: string }>; progress: { state: string } };
    expect(after.executions).toEqual([expect.objectContaining({ toolId: "run_command", status: "outcome_unknown" })]);
    expect(after.progress.state).toBe("settled");
  });

  it("a second process gets 'thread is busy' (exit 75) and changes nothing while the first holds the thread", async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const thread = `busy-${kind}-${Date.now()}`;
    const { setting, approve } = await pausedCommandRun(store, thread);
    const holder = await openCheckpointStore(setting);
    const lease = await holder.claimThread(thread);
    try {
      const before = await holder.checkpointer.getTuple({ configurable: { thread_id: thread } });
      const second = await mira(approve);
      expect(second.code).toBe(75);
      expect(second.stderr.split("\n")).toHaveLength(1);
      expect(second.stderr).toMatch(/thread ".*" is busy/);
      const after = await holder.checkpointer.getTuple({ configurable: { thread_id: thread } });
      expect(after?.checkpoint.id).toBe(before?.checkpoint.id);
      expect(await holder.ledger.list(thread)).toEqual([]);
      const shown = await mira(["show", thread, "--checkpointer", setting]);
      expect(shown.code).toBe(2);
    } finally {
      await lease.release();
      await holder.close();
    }
    expect((await mira(approve)).code).toBe(0);
  });
});

describe("kill tests (a sample; the full 100 + 30 run with npx tsx scripts/killHarness.ts)", () => {
  it("SQLite: SIGKILL at random points → 0 double executions, 0 unrecoverable runs, 0 corrupted threads", { timeout: 300_000 }, async () => {
    const summary = await runKillTrials({ store: "sqlite", kind: "sqlite", trials: 1, seed: Date.now() % 100_000 });
    expect(summary.results.flatMap((r) => r.problems.map((p) => `${p} (recovery: ${r.recoveries.join(" | ")})`))).toEqual([]);
    expect(summary).toMatchObject({ doubleExecutions: 0, unrecoverable: 0, corrupted: 0 });
  });

  it("PostgreSQL: SIGKILL at random points → 0 double executions, 0 unrecoverable runs, 0 corrupted threads", { timeout: 300_000 }, async (ctx) => {
    if (!pgReachable) ctx.skip();
    const summary = await runKillTrials({ store: POSTGRES_URL, kind: "postgres", trials: 1, seed: Date.now() % 100_000 });
    expect(summary.results.flatMap((r) => r.problems.map((p) => `${p} (recovery: ${r.recoveries.join(" | ")})`))).toEqual([]);
    expect(summary).toMatchObject({ doubleExecutions: 0, unrecoverable: 0, corrupted: 0 });
  });
});
