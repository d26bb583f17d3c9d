/**
 * The reading commands' light row reader (checkpointers/rowReader.ts, issue 24 item 4) is
 * exact: on the same stores, what it yields for every checkpoint of every thread (channel
 * values, evidence bodies put back, deltas followed, and pending writes) equals what the
 * store's saver yields through `list`/`getTuple`, with LangChain messages compared in their
 * serialized form (the reader leaves them as that data). Stores: a finished run, a run paused
 * for approval, a SubAgent paused and one finished, a run whose evidence bodies live outside
 * the checkpoint, a 60-step run stored as deltas; SQLite and PostgreSQL. An unknown checkpoint
 * format or value type is refused in one line, and the channel defaults the views fill in are
 * the state annotation's.
 * A listing (`threads`, `approvals`) reads only LISTING_CHANNELS and a sorted, cut page of ids:
 * it lists what the full read lists on both stores, in the saver's order, and a corrupt evidence,
 * trace or messages blob leaves it unchanged (it is never decoded).
 */
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { miraApp } from "../bench/stepRunners.js";
import { openCheckpointStore, type CheckpointStore } from "../checkpointers/index.js";
import { openThreadRows, type StoredCheckpoint, type ThreadRows } from "../checkpointers/rowReader.js";
import { summarize } from "../cli/summary.js";
import { CHANNEL_DEFAULTS, LISTING_CHANNELS, readListedThread, readThread, type ThreadView } from "../cli/threadView.js";
import { AgentRunAnnotation } from "../state/agentRun.js";
import { miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const postgresReachable = await isPostgresReachable();

const call = (id: string, name: string, args: Record<string, unknown>) => ({ content: "", tool_calls: [{ id, name, args }] });
const WRITE = { turns: [call("w1", "write_file", { path: "notes/y.md", content: "yo\n" }), { content: "Wrote notes/y.md.", tool_calls: [] }] };
const DELEGATE = {
  turns: [
    call("d1", "delegate_task", { task: 'Create notes/x.md with "hi"', acceptance: "written and read back" }),
    call("w1", "write_file", { path: "notes/x.md", content: "hi\n" }),
    call("r1", "read_open", { path: "notes/x.md" }),
    call("c3", "answer", { text: "Wrote notes/x.md and read it back [ev-2]." }),
    call("p2", "answer", { text: "Done: notes/x.md says hi [ev-2].", citations: ["ev-2"] }),
  ],
};
const LONG_STEPS = 60;

/** The stores' threads, run with the real CLI (and the governed loop for the long run) on `setting`. */
async function populate(setting: string, prefix: string): Promise<string[]> {
  const dir = await tempWorkspace({});
  const ws = (name: string) => {
    const path = join(dir, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  writeFileSync(join(dir, "write.json"), JSON.stringify(WRITE));
  writeFileSync(join(dir, "delegate.json"), JSON.stringify(DELEGATE));
  const demo = ws("demo");
  cpSync("demo/workspace", demo, { recursive: true });
  const run = (task: string, workspace: string, thread: string, model?: string) =>
    miraInProcess(["run", task, "--workspace", workspace, ...(model ? ["--model", model] : []), "--checkpointer", setting, "--thread", `${prefix}${thread}`, "--json", "--no-interactive"]);
  expect((await run("Where is the retry limit configured, and what is its value?", demo, "done")).code).toBe(0);
  expect((await run('Create notes/y.md with "yo"', ws("paused"), "paused", `scripted:${join(dir, "write.json")}`)).code).toBe(2);
  expect((await run('Create notes/x.md with "hi"', ws("sub"), "sub-paused", `scripted:${join(dir, "delegate.json")}`)).code).toBe(2);
  const sub = await run('Create notes/x.md with "hi"', ws("sub2"), "sub-done", `scripted:${join(dir, "delegate.json")}`);
  const { toolCallId, inputHash } = (JSON.parse(sub.stdout) as { pendingToolCall: { toolCallId: string; inputHash: string } }).pendingToolCall;
  const approved = await miraInProcess(["resume", `${prefix}sub-done`, "--approve", "--tool-call-id", toolCallId, "--input-hash", inputHash, "--checkpointer", setting, "--json"]);
  expect(approved.code).toBe(0);
  // The long run: every step reads a distinct file, so evidence bodies go out of the checkpoint and windows are stored as deltas.
  const store = await openCheckpointStore(setting);
  try {
    const workspace = ws("long");
    const { writeReadWorkspace } = await import("../bench/stepRunners.js");
    writeReadWorkspace(workspace);
    const { app, input, config } = miraApp(store, { steps: LONG_STEPS, read: true, workspace, threadId: `${prefix}long` });
    await app.invoke(input, { ...config, durability: "sync" });
    expect((await app.getState(config)).values.status).toBe("completed");
  } finally {
    await store.close();
  }
  return ["done", "paused", "sub-paused", "sub-done", "long"].map((t) => `${prefix}${t}`);
}

/**
 * LangChain objects (messages, wherever they sit: the messages channel, a child's input) in
 * their serialized form, which the reader leaves them in; everything else as it is.
 */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== "object" || value === null) return value;
  if ("lc_namespace" in value && typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.parse(JSON.stringify(value)) as unknown;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
}
const comparable = (c: StoredCheckpoint) => ({
  checkpointId: c.checkpointId,
  values: plain(c.values),
  pendingWrites: c.pendingWrites.map(([task, channel, value]) => [task, channel, plain(value)]),
});

/** What `threads` lists of each thread (its --json row), read as the listing reads it, or through the saver. */
async function listing(source: ThreadRows | CheckpointStore, threads: string[], prefix = ""): Promise<unknown[]> {
  const rows = [];
  for (const thread of threads) {
    const view = "checkpointer" in source ? await readThread(source, thread) : await readListedThread(source, thread);
    const { status, pendingToolCall, question } = summarize(thread, view!.state, view!.checkpointId, view!.child);
    rows.push({ threadId: thread.slice(prefix.length), status, goal: view!.state.goal, pendingToolCall, question });
  }
  return rows;
}

/** The listing's reads hold only LISTING_CHANNELS, and list each thread as the saver's full read does. */
async function compareListing(store: CheckpointStore, rows: ThreadRows, threads: string[]): Promise<void> {
  for (const thread of threads) {
    const read = await rows.checkpoint(thread, "", undefined, LISTING_CHANNELS);
    expect(Object.keys(read!.values).every((c) => LISTING_CHANNELS.has(c as never)), thread).toBe(true);
    expect(read!.pendingWrites.map(([task, channel]) => [task, channel])).toEqual((await rows.checkpoint(thread))!.pendingWrites.map(([task, channel]) => [task, channel]));
  }
  expect(await listing(rows, threads)).toStrictEqual(await listing(store, threads));
}

/** Every checkpoint of every thread (all namespaces), read by the saver and by the rows; returns how many were compared. */
async function compareAll(store: CheckpointStore, rows: ThreadRows, threads: string[]): Promise<number> {
  let compared = 0;
  for (const thread of threads) {
    for await (const tuple of store.checkpointer.list({ configurable: { thread_id: thread } })) {
      const ns = tuple.config.configurable?.checkpoint_ns ?? "";
      const saver: StoredCheckpoint = { checkpointId: tuple.checkpoint.id, values: tuple.checkpoint.channel_values, pendingWrites: tuple.pendingWrites ?? [] };
      const read = await rows.checkpoint(thread, ns, tuple.checkpoint.id);
      expect(read && comparable(read), `${thread} ${ns} ${tuple.checkpoint.id}`).toStrictEqual(comparable(saver));
      compared++;
    }
    // The latest checkpoint, as `show` asks for it, and the thread view built on it.
    const latest = await store.checkpointer.getTuple({ configurable: { thread_id: thread } });
    expect((await rows.checkpoint(thread))?.checkpointId).toBe(latest?.checkpoint.id);
    const [fromSaver, fromRows] = [await readThread(store, thread), await readThread(rows, thread)];
    const view = (v: ThreadView<unknown> | null) => v && { ...v, state: plain(v.state), child: v.child && plain(v.child) };
    expect(view(fromRows)).toStrictEqual(view(fromSaver));
    expect(await rows.ledger.list(thread)).toStrictEqual(await store.ledger.list(thread));
  }
  return compared;
}

describe("the light row reader yields what the saver yields", () => {
  let sqlite: string;
  let threads: string[];
  beforeAll(async () => {
    sqlite = join(await tempWorkspace({}), "mira.db");
    threads = await populate(`sqlite:${sqlite}`, "");
  }, 300_000);

  it("SQLite: every checkpoint of a finished, a paused, a SubAgent, an evidence-body and a 60-step delta run", async () => {
    // The stores hold what the reader must decode: bodies outside the checkpoint, deltas, deflated blobs, a child namespace.
    const db = new Database(sqlite, { readonly: true });
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT COUNT(*) AS n FROM mira_evidence_bodies")).toBeGreaterThan(LONG_STEPS / 10);
    expect(count("SELECT COUNT(*) AS n FROM checkpoint_blobs WHERE type LIKE 'delta+%'")).toBeGreaterThan(LONG_STEPS);
    expect(count("SELECT COUNT(*) AS n FROM checkpoint_blobs WHERE type = 'same'")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM checkpoint_blobs WHERE type LIKE '%z+json'")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM checkpoints WHERE checkpoint_ns LIKE 'SubAgent:%'")).toBeGreaterThan(0);
    db.close();
    const store = await openCheckpointStore(`sqlite:${sqlite}`, { mustExist: true });
    const rows = await openThreadRows(`sqlite:${sqlite}`);
    try {
      const ids = await rows.threadIds();
      expect(ids).toEqual(await store.threadIds());
      expect(await rows.threadCount()).toBe(ids.length);
      // Pages of 2 (the store sorts and cuts) put together are the whole listing.
      const pages = [];
      for (let offset = 0; offset < ids.length + 2; offset += 2) pages.push(...(await rows.threadIds({ offset, limit: 2 })));
      expect(pages).toEqual(ids);
      expect(await compareAll(store, rows, threads)).toBeGreaterThan(LONG_STEPS);
      await compareListing(store, rows, threads);
      const paused = await readThread(rows, "sub-paused");
      expect(paused?.child?.status).toBe("waiting_approval");
      expect(paused?.state.messages[0]).toMatchObject({ lc: 1, id: expect.arrayContaining(["HumanMessage"]) });
    } finally {
      await store.close();
      await rows.close();
    }
  }, 300_000);

  it("PostgreSQL: the same runs, read from the PostgresSaver tables", async (ctx) => {
    if (!postgresReachable) ctx.skip();
    const prefix = `rows-${Date.now()}-`;
    const pgThreads = await populate(POSTGRES_URL, prefix);
    const store = await openCheckpointStore(POSTGRES_URL);
    const rows = await openThreadRows(POSTGRES_URL);
    try {
      expect((await rows.threadIds()).filter((t) => t.startsWith(prefix))).toEqual((await store.threadIds()).filter((t) => t.startsWith(prefix)));
      // The long run's evidence bodies are stored outside its blobs, by hash.
      const pool = new pg.Pool({ connectionString: POSTGRES_URL });
      const refs = await pool.query("SELECT COUNT(*)::int AS n FROM checkpoint_blobs WHERE thread_id = $1 AND channel = 'evidence' AND position('contentSha256' in convert_from(blob, 'UTF8')) > 0", [`${prefix}long`]);
      await pool.end();
      expect(refs.rows[0].n).toBeGreaterThan(0);
      expect(await compareAll(store, rows, pgThreads)).toBeGreaterThan(LONG_STEPS);
      await compareListing(store, rows, pgThreads);
      // The same runs list the same on both stores.
      const sqliteRows = await openThreadRows(`sqlite:${sqlite}`);
      const onSqlite = await listing(sqliteRows, threads).finally(() => sqliteRows.close());
      expect(await listing(rows, pgThreads, prefix)).toStrictEqual(onSqlite);
      // Blobs the listing never decodes: corrupt ones leave it unchanged, while the full read refuses them.
      const corrupt = new pg.Pool({ connectionString: POSTGRES_URL });
      await corrupt.query("UPDATE checkpoint_blobs SET type = 'msgpack' WHERE thread_id = ANY($1) AND channel IN ('evidence', 'trace', 'messages')", [pgThreads]);
      await corrupt.end();
      expect(await listing(rows, pgThreads, prefix)).toStrictEqual(onSqlite);
      await expect(rows.checkpoint(`${prefix}long`)).rejects.toThrow(/serialization type "msgpack"/);
    } finally {
      await store.close();
      await rows.close();
    }
  }, 300_000);

  it("threads and approvals never decode evidence, trace or messages: corrupt blobs of them list the same", async () => {
    const dir = await tempWorkspace({});
    const copy = join(dir, "corrupt.db");
    copyFileSync(sqlite, copy);
    const listed = async (db: string) =>
      Promise.all([["threads"], ["threads", "--json"], ["approvals"], ["approvals", "--json"]].map(async (args) => miraInProcess([...args, "--checkpointer", `sqlite:${db}`])));
    const before = await listed(sqlite);
    const db = new Database(copy);
    const changed = db.prepare("UPDATE checkpoint_blobs SET type = 'msgpack' WHERE channel IN ('evidence', 'trace', 'messages')").run().changes;
    db.close();
    expect(changed).toBeGreaterThan(LONG_STEPS);
    expect((await listed(copy)).map((r) => ({ ...r, stdout: r.stdout.replaceAll(copy, sqlite) }))).toStrictEqual(before);
    expect(before[1]!.stdout).toContain('"status": "waiting_approval"');
    const shown = await miraInProcess(["show", "done", "--checkpointer", `sqlite:${copy}`]);
    expect(shown).toMatchObject({ code: 1, stdout: "", stderr: `mira: a stored value has serialization type "msgpack", which mira's reading commands do not decode` });
  }, 60_000);

  it("threads pages a store of copies (one checkpoint each, tied ids) as the full listing, with and without --status", async () => {
    const dir = await tempWorkspace({});
    const many = `sqlite:${join(dir, "copies.db")}`;
    const source = await openCheckpointStore(`sqlite:${sqlite}`, { mustExist: true });
    const target = await openCheckpointStore(many);
    const copies: Record<string, string[]> = { done: [], paused: [] };
    try {
      for (let i = 0; i < 60; i++) {
        const from = i % 2 ? "paused" : "done";
        const tuple = (await source.checkpointer.getTuple({ configurable: { thread_id: from } }))!;
        const id = `copy-${String(i).padStart(2, "0")}`;
        copies[from]!.push(id);
        await target.checkpointer.put({ configurable: { thread_id: id, checkpoint_ns: "" } }, tuple.checkpoint, tuple.metadata!, tuple.checkpoint.channel_versions);
      }
    } finally {
      await source.close();
      await target.close();
    }
    // Copies of one checkpoint tie on it: by id. The paused run's checkpoint is the newer.
    const rows = await openThreadRows(many);
    expect(await rows.threadIds()).toEqual([...copies.paused!, ...copies.done!]);
    await rows.close();
    const json = async (...args: string[]) => {
      const r = await miraInProcess(["threads", ...args, "--checkpointer", many, "--json"]);
      return { ids: (JSON.parse(r.stdout) as Array<{ threadId: string }>).map((t) => t.threadId), stderr: r.stderr };
    };
    const all = await json("--limit", "1000");
    expect(all.ids).toEqual([...copies.paused!, ...copies.done!]);
    expect(await json("--limit", "7", "--offset", "27")).toEqual({ ids: all.ids.slice(27, 34), stderr: expect.stringMatching(/listed 7 thread\(s\) of 60 .*--offset 34/) });
    // Completed copies come after the 30 paused ones: the filtered scan reads past its first page of ids.
    expect((await json("--status", "completed", "--limit", "10", "--offset", "5")).ids).toEqual(copies.done!.slice(5, 15));
    expect((await json("--status", "completed", "--offset", "25")).ids).toEqual(copies.done!.slice(25));
  }, 120_000);

  it("a checkpoint in an unknown format, or a value of an unknown type, is refused in one line", async () => {
    const dir = await tempWorkspace({});
    const copy = join(dir, "copy.db");
    copyFileSync(sqlite, copy);
    const db = new Database(copy);
    const row = db.prepare("SELECT rowid, type, checkpoint FROM checkpoints WHERE thread_id = 'done' ORDER BY checkpoint_id DESC LIMIT 1").get() as { rowid: number; type: string; checkpoint: Buffer };
    const stored = JSON.parse((row.type.startsWith("z+") ? inflateRawSync(row.checkpoint) : row.checkpoint).toString()) as { v: number };
    expect(stored.v).toBe(4);
    db.prepare("UPDATE checkpoints SET type = 'json', checkpoint = ? WHERE rowid = ?").run(Buffer.from(JSON.stringify({ ...stored, v: 5 })), row.rowid);
    db.prepare("UPDATE checkpoint_blobs SET type = 'msgpack' WHERE thread_id = 'paused' AND channel = 'goal'").run();
    db.close();
    const shown = await miraInProcess(["show", "done", "--checkpointer", `sqlite:${copy}`]);
    expect(shown.stdout).toBe("");
    expect(shown.stderr).toMatch(/^mira: checkpoint \S+ of thread "done" is in checkpoint format 5; this mira reads formats 1 to 4 \(a newer mira or LangGraph wrote it\)$/);
    expect(shown.code).toBe(1);
    const other = await miraInProcess(["show", "paused", "--checkpointer", `sqlite:${copy}`]);
    expect(other.stderr).toBe(`mira: a stored value has serialization type "msgpack", which mira's reading commands do not decode`);
  }, 60_000);

  it("the defaults filled in for never-written channels are the state annotation's", () => {
    const spec = AgentRunAnnotation.spec as Record<string, { initialValueFactory?: () => unknown }>;
    expect(Object.keys(CHANNEL_DEFAULTS).sort()).toEqual(Object.keys(spec).sort());
    for (const [name, channel] of Object.entries(spec)) expect(CHANNEL_DEFAULTS[name as keyof typeof CHANNEL_DEFAULTS](), name).toStrictEqual(channel.initialValueFactory?.());
  });
});
