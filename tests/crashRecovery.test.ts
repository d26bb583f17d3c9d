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
import Database from "better-sqlite3";
import pg from "pg";
import { openCheckpointStore } from "../checkpointers/index.js";
import { leaseOwnerTag, threadLockKey } from "../checkpointers/postgresLease.js";
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

/** Spawns `mira` and SIGKILLs it as soon as `until()` holds; resolves with its (now dead) pid. */
function spawnAndKill(args: string[], until: () => Promise<boolean>): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["bin/mira.js", ...args], { stdio: "ignore", env: { ...process.env, MIRA_CHECKPOINTER: "" } });
    const poll = setInterval(async () => {
      if (await until()) child.kill("SIGKILL");
    }, 20);
    child.on("close", () => {
      clearInterval(poll);
      done(child.pid!);
    });
  });
}

/** A run paused at the approval of a command (`LOG` in `shell` names its log file). */
async function pausedCommandRun(store: (ws: string) => string, thread: string, shell = "echo started >> LOG; sleep 5; echo done >> LOG") {
  const ws = await tempWorkspace({});
  const log = join(ws, "ran.log");
  const script = join(ws, "script.json");
  const command = { command: "sh", args: ["-c", shell.replaceAll("LOG", log)] };
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

/**
 * The store still holds a killed owner's lease: the SQLite row keeps its fresh heartbeat, and
 * a PostgreSQL backend has not yet seen its client's socket close (slow on a loaded machine)
 * and holds the advisory lock. Here a connection tagged as the dead process keeps the lock.
 */
async function deadOwnersLease(kind: "sqlite" | "postgres", setting: string, thread: string, deadPid: number) {
  if (kind === "sqlite") {
    const db = new Database(setting.slice("sqlite:".length), { readonly: true });
    const row = () => db.prepare("SELECT pid, heartbeat_at FROM mira_thread_leases WHERE thread_id = ?").get(thread) as { pid: number; heartbeat_at: number } | undefined;
    return { holderPid: async () => row()?.pid ?? null, close: async () => db.close() };
  }
  const orphan = new pg.Client({ connectionString: setting, application_name: leaseOwnerTag(deadPid) });
  orphan.on("error", () => {}); // it is terminated by the takeover
  await orphan.connect();
  await orphan.query("SELECT pg_try_advisory_lock($1::bigint)", [threadLockKey(thread)]);
  const probe = new pg.Client({ connectionString: setting });
  await probe.connect();
  const holderPid = async () => {
    const { rows } = await probe.query<{ app: string }>(
      `SELECT a.application_name AS app FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
      [threadLockKey(thread)],
    );
    return rows[0] ? Number(rows[0].app.split(" ")[1]) : null;
  };
  return { holderPid, close: async () => Promise.all([orphan.end().catch(() => {}), probe.end()]).then(() => {}) };
}

describe.each(PERSISTENT_STORES)("a lease whose owner died on this host is taken over at once (%s)", (kind, store) => {
  it("while the store still holds the dead owner's lease: show says interrupted, resume continues the run, the call ran once and is outcome_unknown", { timeout: 60_000 }, async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const thread = `orphan-${kind}-${Date.now()}`;
    const { log, setting, approve } = await pausedCommandRun(store, thread);
    const deadPid = await spawnAndKill(approve, async () => (await lines(log, "started")) > 0);
    const lease = await deadOwnersLease(kind, setting, thread, deadPid);
    try {
      expect(await lease.holderPid()).toBe(deadPid);

      const shown = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as { progress: { state: string }; executions: Array<{ status: string }> };
      expect(shown.progress.state).toBe("interrupted");
      expect(shown.executions.map((e) => e.status)).toEqual(["outcome_unknown"]);

      const resumed = await mira(["resume", thread, "--checkpointer", setting, "--json"]);
      expect(resumed.stderr).toBe("");
      expect(resumed.code).toBe(0);
      expect((JSON.parse(resumed.stdout) as RunSummary).status).toBe("completed");
      expect(await lines(log, "started")).toBe(1);
      expect(await lease.holderPid()).toBeNull();

      const after = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as { progress: { state: string }; executions: Array<{ status: string }> };
      expect(after.executions).toEqual([expect.objectContaining({ toolId: "run_command", status: "outcome_unknown" })]);
      expect(after.progress.state).toBe("settled");
    } finally {
      await lease.close();
    }
  });
});

/**
 * What a process killed between saving a step's writes and saving the checkpoint after it
 * leaves behind: the step's writes pending on the checkpoint before it, and nothing newer.
 * Made here by dropping every checkpoint after `keep` from a finished run.
 */
/** Cuts a thread back to checkpoint `keep`, with the writes saved after it (or, `keepWrites` false, without its own too). */
async function dropCheckpointsAfter(kind: "sqlite" | "postgres", setting: string, thread: string, keep: string, keepWrites = true) {
  const writesAfter = keepWrites ? ">" : ">=";
  if (kind === "sqlite") {
    const db = new Database(setting.slice("sqlite:".length));
    db.prepare(`DELETE FROM writes WHERE thread_id = ? AND checkpoint_id ${writesAfter} ?`).run(thread, keep);
    db.prepare("DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_id > ?").run(thread, keep);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: setting });
  await client.connect();
  await client.query(`DELETE FROM checkpoint_writes WHERE thread_id = $1 AND checkpoint_id ${writesAfter} $2`, [thread, keep]);
  await client.query("DELETE FROM checkpoints WHERE thread_id = $1 AND checkpoint_id > $2", [thread, keep]);
  await client.end();
}

describe.each(PERSISTENT_STORES)("a run whose process died after a step's writes were saved but before its checkpoint can be continued (%s)", (kind, store) => {
  it("at every step boundary after the first Planner step: show says interrupted, resume finishes the run, the command ran once", { timeout: 180_000 }, async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const outcomes: string[] = [];
    for (let boundary = 1; ; boundary++) {
      const thread = `cut-${kind}-${boundary}-${Date.now()}`;
      const { log, setting, approve } = await pausedCommandRun(store, thread, "echo started >> LOG");
      expect((await mira(approve)).code).toBe(0);
      const history = await openCheckpointStore(setting);
      const ids: string[] = [];
      for await (const t of history.checkpointer.list({ configurable: { thread_id: thread, checkpoint_ns: "" } })) ids.unshift(t.checkpoint.id);
      await history.close();
      // ids[0] is the input checkpoint, ids[1] the first Planner step's; the last one is final.
      if (boundary + 2 >= ids.length) break;
      await dropCheckpointsAfter(kind, setting, thread, ids[boundary + 1]!);

      const steps: string[] = [];
      for (let round = 0; round < 3; round++) {
        const shown = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as RunSummary & { progress: { state: string } };
        if (shown.status === "completed" || shown.status === "failed") break;
        const decided = shown.progress.state === "paused" ? approve : ["resume", thread, "--checkpointer", setting];
        const r = await mira(decided);
        steps.push(`${shown.status}/${shown.progress.state} → exit ${r.code}${r.stderr ? ` ${r.stderr}` : ""}`);
      }
      const final = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as RunSummary & { executions: Array<{ status: string }> };
      outcomes.push(`boundary ${boundary}: ${final.status}, ran ${await lines(log, "started")}, ledger ${final.executions.map((e) => e.status).join(",")} (${steps.join("; ")})`);
    }
    // Every checkpoint of the run was a cut point (Policy → Tool → Evidence → Planner → Normalize share one step since issue 24).
    expect(outcomes.length).toBeGreaterThanOrEqual(6);
    const continued = /^boundary \d+: completed, ran 1, ledger completed \(\w+\/interrupted → exit [02](; waiting_approval\/paused → exit 0)?\)$/;
    expect(outcomes.filter((o) => !continued.test(o))).toEqual([]);
  });
});

describe.each(PERSISTENT_STORES)("a run whose process died before its first step was saved can be started again (%s)", (kind, store) => {
  it("show says nothing ran (exit 0); resume says to start it again (one line, 64); run --thread on it completes, the command once", { timeout: 60_000 }, async (ctx) => {
    if (kind === "postgres" && !pgReachable) ctx.skip();
    const thread = `first-step-${kind}-${Date.now()}`;
    const { log, setting, approve } = await pausedCommandRun(store, thread, "echo started >> LOG");
    const history = await openCheckpointStore(setting);
    const ids: string[] = [];
    for await (const t of history.checkpointer.list({ configurable: { thread_id: thread, checkpoint_ns: "" } })) ids.unshift(t.checkpoint.id);
    await history.close();
    // Only the input checkpoint stays, without the first Planner step's writes: its process died inside that step.
    await dropCheckpointsAfter(kind, setting, thread, ids[0]!, false);

    const shown = await mira(["show", thread, "--checkpointer", setting]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(`thread "${thread}" stopped before its first step, so nothing ran; start it again with: mira run --thread ${thread} TASK`);
    const resumed = await mira(["resume", thread, "--checkpointer", setting]);
    expect(resumed.code).toBe(64);
    expect(resumed.stderr.trim().split("\n")).toEqual([expect.stringContaining("stopped before its first step, so nothing ran")]);

    const again = await mira(["run", "run it", "--workspace", join(log, ".."), "--model", `scripted:${join(log, "..", "script.json")}`, "--checkpointer", setting, "--thread", thread, "--json"]);
    expect(again.code).toBe(2);
    const call = (JSON.parse(again.stdout) as RunSummary).pendingToolCall!;
    expect((await mira(["resume", thread, "--approve", "--tool-call-id", call.toolCallId, "--input-hash", call.inputHash, "--checkpointer", setting])).code).toBe(0);
    expect(await lines(log, "started")).toBe(1);
    const final = JSON.parse((await mira(["show", thread, "--checkpointer", setting, "--json"])).stdout) as RunSummary & { executions: Array<{ status: string }> };
    expect(final.executions.map((e) => e.status)).toEqual(["completed"]);
  });
});

describe("kill tests (a sample; the full 100 + 30 run with npx tsx scripts/killHarness.ts)", () => {
  it("SQLite: SIGKILL at random points → 0 double executions, 0 unrecoverable runs, 0 corrupted threads", { timeout: 300_000 }, async () => {
    const summary = await runKillTrials({ store: "sqlite", kind: "sqlite", trials: 1, seed: Date.now() % 100_000 });
    expect(summary.results.flatMap((r) => r.problems.map((p) => `${p} (recovery: ${JSON.stringify(r.recoveries)})`))).toEqual([]);
    expect(summary).toMatchObject({ doubleExecutions: 0, unrecoverable: 0, corrupted: 0 });
  });

  it("PostgreSQL: SIGKILL at random points → 0 double executions, 0 unrecoverable runs, 0 corrupted threads", { timeout: 300_000 }, async (ctx) => {
    if (!pgReachable) ctx.skip();
    const summary = await runKillTrials({ store: POSTGRES_URL, kind: "postgres", trials: 1, seed: Date.now() % 100_000 });
    expect(summary.results.flatMap((r) => r.problems.map((p) => `${p} (recovery: ${JSON.stringify(r.recoveries)})`))).toEqual([]);
    expect(summary).toMatchObject({ doubleExecutions: 0, unrecoverable: 0, corrupted: 0 });
  });
});
