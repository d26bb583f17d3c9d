/**
 * A SQLite saver that stores channel values by version, as LangGraph's PostgresSaver does
 * (issue 24): a checkpoint row holds the versions only, and each channel's value is written
 * once per new version into `checkpoint_blobs`. A step that changes two small channels
 * writes two small blobs, not the whole state. On top of that:
 *   - an array channel's new version is stored as a delta of the one before (arrayDelta.ts);
 *   - long evidence bodies go to the content-addressed `mira_evidence_bodies` table
 *     (evidenceBodies.ts), referenced by hash;
 *   - every trace entry is appended once to `mira_trace` (the checkpoint keeps a window);
 *   - serialised values over `COMPRESS_OVER` bytes are deflated (type `z+json`).
 * Each put is one transaction, so a crash leaves the previous checkpoint whole.
 *
 * Reads files written by the stock SqliteSaver: the `checkpoints` and `writes` tables are
 * the same, a legacy row carries its `channel_values` inline (used as stored), and versions
 * stay numbers (`getNextVersion`), so an old thread resumes here.
 */
import { constants, deflateRawSync, inflateRawSync } from "node:zlib";
import type Database from "better-sqlite3";
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  BaseCheckpointSaver,
  TASKS,
  WRITES_IDX_MAP,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointPendingWrite,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import { LRUCache } from "lru-cache";
import { applyDelta, diffArrays, SNAPSHOT_EVERY, type ArrayDelta } from "./arrayDelta.js";
import { BODIES_TABLE_SQL, externalize, internalize, referencedHashes, type Bodies, type EvidenceBodyStore } from "./evidenceBodies.js";
import type { ParentLookup } from "./types.js";

/** The stock SqliteSaver's tables (same columns), plus Mira's three. */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS checkpoints (
  thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL,
  parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id))`,
  `CREATE TABLE IF NOT EXISTS writes (
  thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL,
  task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL, type TEXT, value BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx))`,
  `CREATE TABLE IF NOT EXISTS checkpoint_blobs (
  thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', channel TEXT NOT NULL,
  version TEXT NOT NULL, type TEXT NOT NULL, blob BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, version))`,
  BODIES_TABLE_SQL,
  /** Every node visit ever recorded, in order; the checkpoint keeps only a window (WINDOWS.trace). */
  `CREATE TABLE IF NOT EXISTS mira_trace (
  thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', seq INTEGER NOT NULL, entry TEXT NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, seq))`,
];

/** The channel whose entries are also appended to `mira_trace`. */
const TRACE_CHANNEL = "trace";
/** Blob type prefix of an ArrayDelta. */
const DELTA = "delta+";
/** Blob type of a value equal to an earlier version's: the blob names that version. */
const SAME = "same";
/** Channel of a `writes` row holding all ordinary writes of one putWrites call, as [channel, value] pairs. */
const PACKED = "__mira_packed__";
/** Values up to this size are remembered to notice an unchanged rewrite. */
const REMEMBER_BYTES = 4096;
/** Type prefix of a deflated value. */
const ZIP = "z+";
/** Smaller values are stored as they are: deflate would not pay for itself. */
const COMPRESS_OVER = 384;
/**
 * Fastest level and a 4 KiB window: values are a few KiB of JSON, so this compresses as well
 * as the defaults at a fraction of the time, most of which went to allocating zlib's 32 KiB
 * window per call (the checkpoint row alone is deflated at every step). Inflate's default
 * window reads it, and what earlier versions wrote.
 */
const DEFLATE = { level: constants.Z_BEST_SPEED, windowBits: 12, memLevel: 4 };
/** Longest chain of deltas a load follows before calling the store corrupted. */
const MAX_CHAIN = SNAPSHOT_EVERY * 4;

/** The last version of an array channel this saver wrote or resumed from. */
interface LastArray {
  version: string;
  value: readonly unknown[];
  /** Deltas since the last snapshot. */
  depth: number;
}

/** The version holding the stored bytes of a non-array channel's last value. */
interface LastValue {
  version: string;
  bytes: Uint8Array;
}

interface CheckpointRow {
  thread_id: string;
  checkpoint_ns: string;
  checkpoint_id: string;
  parent_checkpoint_id: string | null;
  type: string | null;
  checkpoint: Buffer;
  metadata: Buffer;
}

interface WriteRow {
  task_id: string;
  channel: string;
  type: string | null;
  value: Buffer | null;
}

type Row = [string, string, string, string, string, Uint8Array | null];
type WriteInsert = [string, string, string, string, number, string, string, Uint8Array];

export class VersionedSqliteSaver extends BaseCheckpointSaver<number> implements ParentLookup {
  private ready = false;
  private sql!: ReturnType<typeof prepare>;
  /** Bounded: a server keeps many threads; a miss only costs one full snapshot. */
  private readonly lastArrays = new LRUCache<string, LastArray>({ max: 4096 });
  private readonly lastValues = new LRUCache<string, LastValue>({ max: 4096 });
  /** Parents of the checkpoints this saver put ("" for none): the lineage check asks for the newest ones. */
  private readonly parents = new LRUCache<string, string>({ max: 4096 });

  constructor(readonly db: Database.Database) {
    super();
  }

  private setup(): void {
    if (this.ready) return;
    for (const statement of SCHEMA) this.db.exec(statement);
    this.sql = prepare(this.db);
    this.ready = true;
  }

  /**
   * A number, as the stock saver's, so legacy threads compare versions as before; the random
   * fraction (nine digits: short in every row, one in 10^9 for two forks to agree) makes a
   * fork's next version differ from the original branch's, so they never share a blob key
   * (the fork bug BranchSafePostgresSaver fixes for PostgreSQL).
   */
  override getNextVersion(current: number | undefined): number {
    const counter = current === undefined ? 0 : Math.floor(Number(current));
    const fraction = String(1 + Math.floor(Math.random() * 999_999_998)).padStart(9, "0");
    return Number(`${counter + 1}.${fraction}`);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions?: ChannelVersions): Promise<RunnableConfig> {
    this.setup();
    const { thread_id, checkpoint_ns = "", checkpoint_id: parentId } = config.configurable ?? {};
    if (!thread_id) throw new Error(`Missing "thread_id" field in passed "config.configurable".`);
    const values = checkpoint.channel_values;
    // Without newVersions (a direct caller), every channel with a value is written.
    const versions = newVersions ?? Object.fromEntries(Object.keys(values).flatMap((c) => (checkpoint.channel_versions[c] === undefined ? [] : [[c, checkpoint.channel_versions[c]]])));
    const bodies: Bodies = new Map();
    const remembered: Array<[string, LastArray]> = [];
    const rememberedValues: Array<[string, LastValue]> = [];
    const traceEntries: unknown[] = [];
    const blobs = await Promise.all(
      Object.entries(versions).map(async ([channel, rawVersion]): Promise<Row> => {
        const version = String(rawVersion);
        if (!(channel in values)) return [thread_id, checkpoint_ns, channel, version, "empty", null];
        const value = values[channel];
        let stored: unknown = value;
        let delta: ReturnType<typeof diffArrays> = null;
        if (Array.isArray(value)) {
          const key = threadKey(thread_id, checkpoint_ns, channel);
          const prev = this.lastArrays.get(key);
          delta = prev && prev.depth < SNAPSHOT_EVERY ? diffArrays(prev.value, value) : null;
          if (prev && delta) stored = { base: prev.version, ...delta } satisfies ArrayDelta;
          remembered.push([key, { version, value, depth: prev && delta ? prev.depth + 1 : 0 }]);
          if (channel === TRACE_CHANNEL) traceEntries.push(...(delta ? delta.add : value));
        }
        const [type, blob] = await this.dump(externalize(channel, stored, bodies));
        if (!Array.isArray(value) && blob.length <= REMEMBER_BYTES) {
          // A node that rewrites a channel with the value it had gets a new version, not new bytes.
          const key = threadKey(thread_id, checkpoint_ns, channel);
          const prev = this.lastValues.get(key);
          if (prev && Buffer.compare(prev.bytes, blob) === 0) return [thread_id, checkpoint_ns, channel, version, SAME, Buffer.from(prev.version)];
          rememberedValues.push([key, { version, bytes: blob }]);
        }
        return [thread_id, checkpoint_ns, channel, version, (delta ? DELTA : "") + type, blob];
      }),
    );
    const [[type, serializedCheckpoint], [, serializedMetadata]] = await Promise.all([
      this.dump({ ...checkpoint, channel_values: {} }),
      this.serde.dumpsTyped(metadata), // plain: list() filters on it with SQLite's JSON functions
    ]);
    const sql = this.sql;
    this.db.transaction(() => {
      for (const [hash, body] of bodies) sql.body.run(hash, body);
      for (const row of blobs) sql.blob.run(...row);
      for (const entry of traceEntries) {
        const seq = (entry as { seq?: unknown } | null)?.seq;
        if (typeof seq === "number") sql.trace.run(thread_id, checkpoint_ns, seq, JSON.stringify(entry));
      }
      sql.checkpoint.run(thread_id, checkpoint_ns, checkpoint.id, parentId, type, serializedCheckpoint, serializedMetadata);
    })();
    // Only once the blobs are committed may a later delta name them as its base.
    for (const [key, last] of remembered) this.lastArrays.set(key, last);
    for (const [key, last] of rememberedValues) this.lastValues.set(key, last);
    this.parents.set(threadKey(thread_id, checkpoint_ns, checkpoint.id), parentId ?? "");
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    this.setup();
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if (!thread_id) throw new Error("Missing thread_id field in config.configurable.");
    if (!checkpoint_id) throw new Error("Missing checkpoint_id field in config.configurable.");
    const bodies: Bodies = new Map();
    // Ordinary writes of a task go in one row (a row per channel costs its keys each time);
    // special writes (errors, interrupts) and pending sends keep rows of their own, as stock.
    const single = (channel: string) => channel in WRITES_IDX_MAP || channel === TASKS;
    const packed = writes.filter(([channel]) => !single(channel)).map(([channel, value]): PendingWrite => [channel, externalize(channel, value, bodies)]);
    const firstPacked = writes.findIndex(([channel]) => !single(channel));
    const rows = await Promise.all([
      ...writes.flatMap(([channel, value], idx) => (single(channel) ? [{ channel, value, idx: WRITES_IDX_MAP[channel] ?? idx }] : [])),
      ...(packed.length > 0 ? [{ channel: PACKED, value: packed, idx: firstPacked }] : []),
    ].map(async ({ channel, value, idx }) => {
      const [type, serialized] = await this.dump(channel === PACKED ? value : externalize(channel, value, bodies));
      return [thread_id, checkpoint_ns, checkpoint_id, taskId, idx, channel, type, serialized] as WriteInsert;
    }));
    // Special writes (errors, interrupts) replace an earlier one of the same index; others are kept first-wins.
    const insert = writes.every(([channel]) => channel in WRITES_IDX_MAP) ? this.sql.replaceWrite : this.sql.write;
    const sql = this.sql;
    this.db.transaction(() => {
      for (const [hash, body] of bodies) sql.body.run(hash, body);
      for (const row of rows) insert.run(...row);
    })();
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    this.setup();
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    const row = checkpoint_id ? this.sql.checkpointById.get(thread_id, checkpoint_ns, checkpoint_id) : this.sql.latestCheckpoint.get(thread_id, checkpoint_ns);
    // A load of the latest checkpoint is what LangGraph resumes from. A load by id may be a
    // node looking back (the Tool node's lineage walk, every step): it must not replace the values
    // the last put remembered, or the next put cannot diff by reference and rewrites every window.
    return row && this.toTuple(row, checkpoint_id ? "ifAbsent" : "always");
  }

  async parentId(threadId: string, checkpointNs: string, checkpointId: string): Promise<string | null | undefined> {
    const known = this.parents.get(threadKey(threadId, checkpointNs, checkpointId));
    if (known !== undefined) return known || null;
    this.setup();
    const row = this.sql.parentOf.get(threadId, checkpointNs, checkpointId);
    return row && (row.parent_checkpoint_id ?? null);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    this.setup();
    const { limit, before, filter } = options ?? {};
    const where: string[] = [];
    const args: unknown[] = [];
    const { thread_id, checkpoint_ns } = config.configurable ?? {};
    if (thread_id) where.push("thread_id = ?"), args.push(thread_id);
    if (checkpoint_ns !== undefined && checkpoint_ns !== null) where.push("checkpoint_ns = ?"), args.push(checkpoint_ns);
    if (before?.configurable?.checkpoint_id !== undefined) where.push("checkpoint_id < ?"), args.push(before.configurable.checkpoint_id);
    for (const [key, value] of Object.entries(filter ?? {})) {
      if (value === undefined) continue;
      where.push("jsonb(CAST(metadata AS TEXT))->? = ?");
      args.push(`$.${key}`, JSON.stringify(value));
    }
    const sql = `SELECT * FROM checkpoints ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY checkpoint_id DESC${limit ? ` LIMIT ${Number.parseInt(String(limit), 10)}` : ""}`;
    const rows = this.db.prepare(sql).all(...args) as CheckpointRow[];
    for (const row of rows) yield await this.toTuple(row, false);
  }

  override async deleteThread(threadId: string): Promise<void> {
    this.setup();
    this.db.transaction(() => {
      for (const table of ["checkpoints", "writes", "checkpoint_blobs", "mira_trace"]) this.db.prepare(`DELETE FROM ${table} WHERE thread_id = ?`).run(threadId);
    })();
    for (const cache of [this.lastArrays, this.lastValues, this.parents] as LRUCache<string, object | string>[]) {
      for (const key of [...cache.keys()]) if (key.startsWith(`${threadId}\u0000`)) cache.delete(key);
    }
  }

  /** The evidence-body table of this database, for the execution ledger beside it. */
  readonly bodies: EvidenceBodyStore = {
    save: async (bodies) => {
      this.setup();
      const sql = this.sql;
      this.db.transaction(() => {
        for (const [hash, body] of bodies) sql.body.run(hash, body);
      })();
    },
    load: async (hashes) => {
      this.setup();
      const found: Bodies = new Map();
      for (const hash of hashes) {
        const row = this.sql.loadBody.get(hash);
        if (row) found.set(hash, row.body);
      }
      return found;
    },
  };

  /** Every trace entry of a thread's graph (root by default), oldest first; the checkpoint holds only a window. */
  fullTrace(threadId: string, checkpointNs = ""): unknown[] {
    this.setup();
    return this.sql.fullTrace.all(threadId, checkpointNs).map((r) => JSON.parse(r.entry) as unknown);
  }

  /** Serialises, deflating what is large enough to gain from it. */
  private async dump(value: unknown): Promise<[string, Uint8Array]> {
    const [type, bytes] = await this.serde.dumpsTyped(value);
    if (bytes.length <= COMPRESS_OVER) return [type, bytes];
    return [ZIP + type, deflateRawSync(bytes, DEFLATE)];
  }

  private load(type: string, bytes: Uint8Array): Promise<unknown> {
    return type.startsWith(ZIP) ? this.serde.loadsTyped(type.slice(ZIP.length), inflateRawSync(bytes)) : this.serde.loadsTyped(type, bytes);
  }

  /** A stored row as LangGraph's tuple: channel values rebuilt from blobs, evidence bodies put back. */
  private async toTuple(row: CheckpointRow, remember: "always" | "ifAbsent" | false): Promise<CheckpointTuple> {
    const { thread_id, checkpoint_ns } = row;
    const checkpoint = (await this.load(row.type ?? "json", row.checkpoint)) as Checkpoint;
    const metadata = (await this.serde.loadsTyped((row.type ?? "json").replace(ZIP, ""), row.metadata)) as CheckpointMetadata;
    const writeRows = this.sql.writes.all(thread_id, checkpoint_ns, row.checkpoint_id);
    const rawWrites = (
      await Promise.all(
        writeRows.map(async (w): Promise<CheckpointPendingWrite[]> => {
          const value = await this.load(w.type ?? "json", w.value ?? new Uint8Array());
          if (w.channel !== PACKED) return [[w.task_id, w.channel, value]];
          return (value as PendingWrite[]).map(([channel, v]): CheckpointPendingWrite => [w.task_id, channel, v]);
        }),
      )
    ).flat();
    const values: Record<string, unknown> = { ...checkpoint.channel_values };
    const depths = new Map<string, number>();
    for (const [channel, version] of Object.entries(checkpoint.channel_versions)) {
      if (channel in values) continue; // a legacy row: the value is inline
      const loaded = await this.loadChannel(thread_id, checkpoint_ns, channel, String(version), 0);
      if (!loaded) continue;
      values[channel] = loaded.value;
      depths.set(channel, loaded.depth);
    }
    if (checkpoint.v < 4 && row.parent_checkpoint_id) await this.migratePendingSends(values, checkpoint, row);

    const wanted = new Set<string>();
    for (const [channel, value] of Object.entries(values)) referencedHashes(channel, value, wanted);
    for (const [, channel, value] of rawWrites) referencedHashes(channel, value, wanted);
    const bodies: Bodies = new Map();
    for (const hash of wanted) {
      const found = this.sql.loadBody.get(hash);
      if (found) bodies.set(hash, found.body);
    }
    const channel_values = Object.fromEntries(Object.entries(values).map(([c, v]) => [c, internalize(c, v, bodies)]));
    // The values LangGraph resumes from: the next delta of each array channel can build on them.
    for (const [channel, depth] of remember ? depths : []) {
      const value = channel_values[channel];
      const key = threadKey(thread_id, checkpoint_ns, channel);
      if (remember === "ifAbsent" && this.lastArrays.has(key)) continue;
      if (Array.isArray(value)) this.lastArrays.set(key, { version: String(checkpoint.channel_versions[channel]), value, depth });
    }
    return {
      config: { configurable: { thread_id, checkpoint_ns, checkpoint_id: row.checkpoint_id } },
      checkpoint: { ...checkpoint, channel_values },
      metadata,
      parentConfig: row.parent_checkpoint_id ? { configurable: { thread_id, checkpoint_ns, checkpoint_id: row.parent_checkpoint_id } } : undefined,
      pendingWrites: rawWrites.map(([task, channel, value]) => [task, channel, internalize(channel, value, bodies)] as CheckpointPendingWrite),
    };
  }

  /** One channel's value at `version`, following deltas back to their snapshot; undefined when empty. */
  private async loadChannel(threadId: string, ns: string, channel: string, version: string, chain: number): Promise<{ value: unknown; depth: number } | undefined> {
    if (chain > MAX_CHAIN) throw new Error(`checkpoint store is corrupted: channel ${channel} of thread ${threadId} has a delta chain longer than ${MAX_CHAIN}`);
    const row = this.sql.loadBlob.get(threadId, ns, channel, version);
    if (!row || row.type === "empty" || row.blob === null) return undefined;
    if (row.type === SAME) return this.loadChannel(threadId, ns, channel, row.blob.toString(), chain + 1);
    if (!row.type.startsWith(DELTA)) return { value: await this.load(row.type, row.blob), depth: 0 };
    const delta = (await this.load(row.type.slice(DELTA.length), row.blob)) as ArrayDelta;
    const base = await this.loadChannel(threadId, ns, channel, delta.base, chain + 1);
    if (!base || !Array.isArray(base.value)) throw new Error(`checkpoint store is corrupted: channel ${channel} of thread ${threadId} lacks the base of version ${version}`);
    return { value: applyDelta(base.value, delta), depth: base.depth + 1 };
  }

  /** Checkpoints older than format 4 kept pending sends as writes of their parent (as the stock saver migrates them). */
  private async migratePendingSends(values: Record<string, unknown>, checkpoint: Checkpoint, row: CheckpointRow): Promise<void> {
    const sends = this.sql.sends.all(row.thread_id, row.checkpoint_ns, row.parent_checkpoint_id ?? "");
    values[TASKS] = await Promise.all(sends.map((s) => this.load(s.type ?? "json", s.value ?? new Uint8Array())));
    const versions = Object.values(checkpoint.channel_versions);
    checkpoint.channel_versions[TASKS] = versions.length > 0 ? Math.max(...versions.map(Number)) : this.getNextVersion(undefined);
  }
}

function prepare(db: Database.Database) {
  return {
    blob: db.prepare<Row>("INSERT OR IGNORE INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob) VALUES (?, ?, ?, ?, ?, ?)"),
    loadBlob: db.prepare<[string, string, string, string], { type: string; blob: Buffer | null }>(
      "SELECT type, blob FROM checkpoint_blobs WHERE thread_id = ? AND checkpoint_ns = ? AND channel = ? AND version = ?",
    ),
    checkpoint: db.prepare<[string, string, string, string | undefined, string, Uint8Array, Uint8Array]>(
      "INSERT OR REPLACE INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    latestCheckpoint: db.prepare<[string, string], CheckpointRow>("SELECT * FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1"),
    parentOf: db.prepare<[string, string, string], { parent_checkpoint_id: string | null }>(
      "SELECT parent_checkpoint_id FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?",
    ),
    checkpointById: db.prepare<[string, string, string], CheckpointRow>("SELECT * FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?"),
    // Pathless writes come back in task id, then index order (BaseCheckpointSaver's writesSortKey contract).
    writes: db.prepare<[string, string, string], WriteRow>("SELECT task_id, channel, type, value FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx"),
    sends: db.prepare<[string, string, string], WriteRow>(
      `SELECT task_id, channel, type, value FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? AND channel = '${TASKS}' ORDER BY task_id, idx`,
    ),
    write: db.prepare<WriteInsert>(
      "INSERT OR IGNORE INTO writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    replaceWrite: db.prepare<WriteInsert>(
      "INSERT OR REPLACE INTO writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    body: db.prepare<[string, string]>("INSERT OR IGNORE INTO mira_evidence_bodies (hash, body) VALUES (?, ?)"),
    loadBody: db.prepare<[string], { body: string }>("SELECT body FROM mira_evidence_bodies WHERE hash = ?"),
    trace: db.prepare<[string, string, number, string]>("INSERT OR IGNORE INTO mira_trace (thread_id, checkpoint_ns, seq, entry) VALUES (?, ?, ?, ?)"),
    fullTrace: db.prepare<[string, string], { entry: string }>("SELECT entry FROM mira_trace WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY seq"),
  };
}

const threadKey = (threadId: string, ns: string, name: string) => `${threadId}\u0000${ns}\u0000${name}`;
