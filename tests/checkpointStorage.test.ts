/**
 * Bounded checkpoint writes (issue 24):
 *   - storage budget: a 200-step governed read run writes at most 16 KiB of SQLite per step,
 *     counting every table (checkpoints, blobs, writes, evidence bodies, trace, ledger);
 *   - evidence bodies live outside the checkpoint, once per distinct text, and are found again
 *     by a new store (SQLite and PostgreSQL): a run stopped half-way and continued from a new
 *     store ends with the same evidence and answer as a run never stopped, each call executed once;
 *   - the full trace is kept append-only beside the bounded window in the checkpoint.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import Database from "better-sqlite3";
import { Annotation, Command, END, interrupt, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { footprint, miraApp, miraToolRan, runMira, writeReadWorkspace } from "../bench/stepRunners.js";
import { openCheckpointStore } from "../checkpointers/index.js";
import { INLINE_CHARS } from "../checkpointers/evidenceBodies.js";
import { VersionedSqliteSaver } from "../checkpointers/versionedSqliteSaver.js";
import { WINDOWS } from "../state/agentRun.js";
import type { Evidence } from "../state/types.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const postgresReachable = await isPostgresReachable();
const BUDGET_BYTES_PER_STEP = 16 * 1024;
/** A line deep in each file: in the evidence body, past the short excerpts an approval shows. */
const MARKER_LINE = 40;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempWorkspace(): { dir: string; workspace: string } {
  const dir = mkdtempSync(join(tmpdir(), "mira-storage-"));
  dirs.push(dir);
  const workspace = join(dir, "workspace");
  mkdirSync(workspace);
  return { dir, workspace };
}

const evidenceView = (items: Evidence[]) => items.map((e) => ({ id: e.id, path: e.source.path, lines: [e.source.startLine, e.source.endLine], content: e.content }));

describe("storage budget (SQLite)", () => {
  it("a 200-step read run writes at most 16 KiB per step, and no evidence body inside a checkpoint blob", async () => {
    const { dir, workspace } = tempWorkspace();
    const dbPath = join(dir, "mira.db");
    const run = await runMira({ steps: 200, read: true, dbPath, workspace });
    const perStep = run.footprint.totalBytes / 200;
    expect(perStep).toBeLessThanOrEqual(BUDGET_BYTES_PER_STEP);

    // A line that only one file holds is stored once, in the body table, never in blobs or writes.
    const marker = readFileSync(join(workspace, "src7.ts"), "utf8").split("\n")[MARKER_LINE]!;
    const db = new Database(dbPath, { readonly: true });
    try {
      const inBodies = db.prepare("SELECT COUNT(*) AS n FROM mira_evidence_bodies WHERE instr(body, ?) > 0").get(marker) as { n: number };
      expect(inBodies.n).toBeGreaterThan(0);
      const blobs = db.prepare("SELECT type, blob FROM checkpoint_blobs UNION ALL SELECT type, value FROM writes").all() as Array<{ type: string; blob: Buffer | null }>;
      const texts = blobs.map((b) => (b.blob === null ? "" : (b.type.includes("z+") ? inflateRawSync(b.blob) : b.blob).toString()));
      expect(texts.some((t) => t.includes("contentSha256"))).toBe(true);
      expect(texts.filter((t) => t.includes(marker))).toHaveLength(0);
      const traced = db.prepare("SELECT COUNT(*) AS n FROM mira_trace WHERE thread_id = 'bench' AND checkpoint_ns = ''").get() as { n: number };
      const saver = new VersionedSqliteSaver(db);
      expect(saver.fullTrace("bench")).toHaveLength(traced.n);
      // Every node visit is kept (5 per step, plus the finishing nodes), the checkpoint only a window.
      expect(traced.n).toBeGreaterThan(200 * 5);
    } finally {
      db.close();
    }
  }, 600_000);
});

/** Runs the read trajectory; when `stopAfter` is set, aborts after that many tool steps and continues on a new store. */
async function readRun(setting: string, workspace: string, steps: number, stopAfter?: number) {
  const threadId = `storage-${randomUUID()}`;
  const first = await openCheckpointStore(setting);
  try {
    const { app, input, config } = miraApp(first, { steps, read: true, workspace, threadId });
    const abort = new AbortController();
    let tools = 0;
    try {
      const stream = await app.stream(input, { ...config, streamMode: "updates", durability: "sync", signal: abort.signal });
      for await (const chunk of stream) {
        if (miraToolRan(chunk as Record<string, unknown>) && ++tools === stopAfter) abort.abort();
      }
    } catch (err) {
      if (!abort.signal.aborted) throw err;
    }
  } finally {
    await first.close();
  }
  const second = await openCheckpointStore(setting);
  try {
    const { app, config } = miraApp(second, { steps, read: true, workspace, threadId });
    const before = (await app.getState(config)).values;
    if (stopAfter !== undefined) await app.invoke(null, { ...config, durability: "sync" });
    const state = (await app.getState(config)).values;
    const executions = (await second.ledger.list(threadId)).length;
    return { threadId, before, state, executions };
  } finally {
    await second.close();
  }
}

const backends = [
  ["sqlite", (dir: string) => `sqlite:${join(dir, "mira.db")}`, true],
  ["postgres", () => POSTGRES_URL, postgresReachable],
] as const;

describe.each(backends)("evidence bodies outside the checkpoint (%s)", (_name, setting, available) => {
  it.skipIf(!available)("a run stopped half-way and continued from a new store ends with the same evidence and answer as one never stopped", async () => {
    const { dir, workspace } = tempWorkspace();
    writeReadWorkspace(workspace);
    const steps = 12;
    const straight = await readRun(setting(dir), workspace, steps);
    const resumed = await readRun(setting(dir), workspace, steps, 5);

    expect(straight.state.status).toBe("completed");
    expect(resumed.state.status).toBe("completed");
    // The stopped run was really stopped: the new store found it part-way, bodies and all.
    expect(resumed.before.status).toBe("running");
    const partial = resumed.before.evidence as Evidence[];
    expect(partial.length).toBeGreaterThanOrEqual(4);
    expect(partial.length).toBeLessThan(steps);
    for (const item of partial) {
      const text = readFileSync(join(workspace, item.source.path!), "utf8");
      expect(text.startsWith(item.content.replace(/\n…\[truncated\]$/, ""))).toBe(true);
    }
    expect(partial.every((e) => e.content.length > INLINE_CHARS)).toBe(true);

    expect(evidenceView(resumed.state.evidence)).toEqual(evidenceView(straight.state.evidence));
    expect(resumed.state.answer).toBe(straight.state.answer);
    expect(resumed.state.evidence).toHaveLength(Math.min(steps, WINDOWS.evidence));
    // Each read ran once in each run (the ledger settles a call cut off mid-step, never re-runs it).
    expect(straight.executions).toBe(steps);
    expect(resumed.executions).toBe(steps);
  }, 300_000);
});

describe.skipIf(!postgresReachable)("PostgreSQL body table", () => {
  it("stores each body once (a second run reading the same files adds none) and no blob carries it", async () => {
    const { workspace } = tempWorkspace();
    writeReadWorkspace(workspace);
    const marker = readFileSync(join(workspace, "src1.ts"), "utf8").split("\n")[MARKER_LINE]!;
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    const count = async () => (await client.query("SELECT COUNT(*)::int AS n FROM mira_evidence_bodies WHERE position($1 in body) > 0", [marker])).rows[0].n as number;
    try {
      const first = await readRun(POSTGRES_URL, workspace, 3);
      const once = await count();
      // The whole read (in the ledger and the task's write) and the evidence's capped copy: two texts.
      expect(once).toBeGreaterThan(0);
      expect(once).toBeLessThanOrEqual(2);
      const second = await readRun(POSTGRES_URL, workspace, 3);
      expect(await count()).toBe(once);
      // This test's threads only: the database is shared with other runs (and older code versions).
      const threads = [first.threadId, second.threadId];
      const own = await client.query("SELECT COUNT(*)::int AS n FROM checkpoint_blobs WHERE thread_id = ANY($1) AND channel = 'evidence'", [threads]);
      expect(own.rows[0].n).toBeGreaterThan(0);
      const blobs = await client.query("SELECT COUNT(*)::int AS n FROM checkpoint_blobs WHERE thread_id = ANY($2) AND position(convert_to($1, 'UTF8') in blob) > 0", [marker, threads]);
      expect(blobs.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe("files written by the stock SqliteSaver (before issue 24)", () => {
  it("a thread paused under the stock saver resumes under the versioned one and keeps its values", async () => {
    const { dir } = tempWorkspace();
    const dbPath = join(dir, "legacy.db");
    const State = Annotation.Root({ log: Annotation<string[], string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    let afterRuns = 0;
    const build = () =>
      new StateGraph(State)
        .addNode("before", async () => ({ log: ["before"] }))
        .addNode("ask", async () => ({ log: [`answer ${String(interrupt("go?"))}`] }))
        .addNode("after", async () => ((afterRuns += 1), { log: ["after"] }))
        .addEdge(START, "before")
        .addEdge("before", "ask")
        .addEdge("ask", "after")
        .addEdge("after", END);
    const config = { configurable: { thread_id: "legacy" } };
    const legacyDb = new Database(dbPath);
    await build().compile({ checkpointer: new SqliteSaver(legacyDb) }).invoke({ log: ["start"] }, config);
    legacyDb.close();

    const store = await openCheckpointStore(`sqlite:${dbPath}`);
    try {
      const app = build().compile({ checkpointer: store.checkpointer });
      expect((await app.getState(config)).values.log).toEqual(["start", "before"]);
      const out = await app.invoke(new Command({ resume: "yes" }), config);
      expect(out.log).toEqual(["start", "before", "answer yes", "after"]);
      expect(afterRuns).toBe(1);
      expect((await app.getState(config)).values.log).toEqual(["start", "before", "answer yes", "after"]);
    } finally {
      await store.close();
    }
  });
});

describe("footprint", () => {
  it("counts the bytes of every table", async () => {
    const { dir } = tempWorkspace();
    const dbPath = join(dir, "x.db");
    const db = new Database(dbPath);
    db.exec("CREATE TABLE checkpoints (thread_id TEXT, checkpoint_ns TEXT, checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB); CREATE TABLE other (v TEXT)");
    db.prepare("INSERT INTO other VALUES (?)").run("x".repeat(1000));
    db.close();
    expect(footprint(dbPath).totalBytes).toBe(1000);
  });
});
