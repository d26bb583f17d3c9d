/**
 * A SQLite saver that stores channel values by version, as LangGraph's PostgresSaver does
 * (issue 24): a checkpoint row holds the versions only, and each channel's value is written
 * once per new version into `checkpoint_blobs`. A step that changes two small channels
 * writes two small blobs, not the whole state. Long evidence bodies go to the
 * content-addressed `mira_evidence_bodies` table (evidenceBodies.ts), and every trace entry
 * to the append-only `mira_trace` table, all in one transaction with the checkpoint row.
 *
 * Compatible with files written by the stock SqliteSaver: the tables are the same, a legacy
 * row still carries its `channel_values` inline (those are used as stored), and versions stay
 * numbers (see `getNextVersion`), so an old thread resumes here.
 */
import type Database from "better-sqlite3";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { ChannelVersions, Checkpoint, CheckpointListOptions, CheckpointMetadata, CheckpointTuple, PendingWrite } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { BODIES_TABLE_SQL, externalize, internalize, referencedHashes, type Bodies } from "./evidenceBodies.js";

const BLOBS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS checkpoint_blobs (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL,
  version TEXT NOT NULL,
  type TEXT NOT NULL,
  blob BLOB,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, version)
)`;

/** Every node visit ever recorded, in order; the checkpoint keeps only a window (WINDOWS.trace). */
const TRACE_TABLE_SQL = `CREATE TABLE IF NOT EXISTS mira_trace (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  seq INTEGER NOT NULL,
  entry TEXT NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, seq)
)`;

/** The channel whose entries are also appended to `mira_trace`. */
const TRACE_CHANNEL = "trace";

interface Statements {
  blob: Database.Statement<[string, string, string, string, string, Uint8Array | null]>;
  loadBlob: Database.Statement<[string, string, string, string], { type: string; blob: Buffer | null } | undefined>;
  checkpoint: Database.Statement<[string, string, string, string | undefined, string, Uint8Array, Uint8Array]>;
  body: Database.Statement<[string, string]>;
  loadBody: Database.Statement<[string], { body: string } | undefined>;
  trace: Database.Statement<[string, string, number, string]>;
}

export class VersionedSqliteSaver extends SqliteSaver {
  private statements: Statements | undefined;

  constructor(db: Database.Database) {
    super(db);
  }

  override setup(): void {
    super.setup();
    if (this.statements) return;
    this.db.exec(BLOBS_TABLE_SQL);
    this.db.exec(BODIES_TABLE_SQL);
    this.db.exec(TRACE_TABLE_SQL);
    this.statements = {
      blob: this.db.prepare("INSERT OR IGNORE INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob) VALUES (?, ?, ?, ?, ?, ?)"),
      loadBlob: this.db.prepare("SELECT type, blob FROM checkpoint_blobs WHERE thread_id = ? AND checkpoint_ns = ? AND channel = ? AND version = ?"),
      checkpoint: this.db.prepare(
        "INSERT OR REPLACE INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ),
      body: this.db.prepare("INSERT OR IGNORE INTO mira_evidence_bodies (hash, body) VALUES (?, ?)"),
      loadBody: this.db.prepare("SELECT body FROM mira_evidence_bodies WHERE hash = ?"),
      trace: this.db.prepare("INSERT OR IGNORE INTO mira_trace (thread_id, checkpoint_ns, seq, entry) VALUES (?, ?, ?, ?)"),
    };
  }

  private get sql(): Statements {
    this.setup();
    return this.statements as Statements;
  }

  /**
   * A number, as the stock saver's, so legacy threads compare versions as before; the random
   * fraction makes a fork's next version differ from the original branch's, so the two never
   * share a blob key (the fork bug BranchSafePostgresSaver fixes for PostgreSQL).
   */
  override getNextVersion(current: number | undefined): number {
    const counter = current === undefined ? 0 : Math.floor(Number(current));
    return counter + 1 + (1 + Math.floor(Math.random() * 0xfffffff)) / 0x10000000;
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions?: ChannelVersions): Promise<RunnableConfig> {
    const { thread_id, checkpoint_ns = "", checkpoint_id: parentId } = config.configurable ?? {};
    if (!thread_id) throw new Error(`Missing "thread_id" field in passed "config.configurable".`);
    const values = checkpoint.channel_values;
    // Without newVersions (a direct caller), every channel with a value is written.
    const versions = newVersions ?? Object.fromEntries(Object.keys(values).flatMap((c) => (checkpoint.channel_versions[c] === undefined ? [] : [[c, checkpoint.channel_versions[c]]])));
    const bodies: Bodies = new Map();
    const blobs = await Promise.all(
      Object.entries(versions).map(async ([channel, version]) => {
        if (!(channel in values)) return [channel, String(version), "empty", null] as const;
        const [type, blob] = await this.serde.dumpsTyped(externalize(channel, values[channel], bodies));
        return [channel, String(version), type, blob] as const;
      }),
    );
    const [[type, serializedCheckpoint], [, serializedMetadata]] = await Promise.all([
      this.serde.dumpsTyped({ ...checkpoint, channel_values: {} }),
      this.serde.dumpsTyped(metadata),
    ]);
    const trace = TRACE_CHANNEL in versions && Array.isArray(values[TRACE_CHANNEL]) ? (values[TRACE_CHANNEL] as Array<{ seq?: unknown }>) : [];
    const sql = this.sql;
    this.db.transaction(() => {
      for (const [hash, body] of bodies) sql.body.run(hash, body);
      for (const [channel, version, blobType, blob] of blobs) sql.blob.run(thread_id, checkpoint_ns, channel, version, blobType, blob);
      for (const entry of trace) if (typeof entry.seq === "number") sql.trace.run(thread_id, checkpoint_ns, entry.seq, JSON.stringify(entry));
      sql.checkpoint.run(thread_id, checkpoint_ns, checkpoint.id, parentId, type, serializedCheckpoint, serializedMetadata);
    })();
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const bodies: Bodies = new Map();
    const slim = writes.map(([channel, value]): PendingWrite => [channel, externalize(channel, value, bodies)]);
    if (bodies.size > 0) {
      const sql = this.sql;
      this.db.transaction(() => {
        for (const [hash, body] of bodies) sql.body.run(hash, body);
      })();
    }
    return super.putWrites(config, slim, taskId);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    return tuple && this.hydrate(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) yield await this.hydrate(tuple);
  }

  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    this.setup();
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM checkpoint_blobs WHERE thread_id = ?").run(threadId);
      this.db.prepare("DELETE FROM mira_trace WHERE thread_id = ?").run(threadId);
    })();
  }

  /** Every trace entry of a thread's root graph, oldest first (the checkpoint holds only a window). */
  fullTrace(threadId: string, checkpointNs = ""): unknown[] {
    const rows = this.db.prepare("SELECT entry FROM mira_trace WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY seq").all(threadId, checkpointNs) as Array<{ entry: string }>;
    return rows.map((r) => JSON.parse(r.entry) as unknown);
  }

  /** Loads the channel values a row does not carry inline, and puts evidence bodies back. */
  private async hydrate(tuple: CheckpointTuple): Promise<CheckpointTuple> {
    const { thread_id, checkpoint_ns = "" } = tuple.config.configurable ?? {};
    const checkpoint = tuple.checkpoint;
    const values: Record<string, unknown> = { ...checkpoint.channel_values };
    const sql = this.sql;
    for (const [channel, version] of Object.entries(checkpoint.channel_versions)) {
      if (channel in values) continue; // a legacy row: the value is inline
      const row = sql.loadBlob.get(thread_id, checkpoint_ns, channel, String(version));
      if (!row || row.type === "empty" || row.blob === null) continue;
      values[channel] = await this.serde.loadsTyped(row.type, row.blob);
    }
    const wanted = new Set<string>();
    for (const [channel, value] of Object.entries(values)) referencedHashes(channel, value, wanted);
    for (const [, channel, value] of tuple.pendingWrites ?? []) referencedHashes(channel, value, wanted);
    const bodies: Bodies = new Map();
    for (const hash of wanted) {
      const row = sql.loadBody.get(hash);
      if (row) bodies.set(hash, row.body);
    }
    const channel_values = Object.fromEntries(Object.entries(values).map(([c, v]) => [c, internalize(c, v, bodies)]));
    const pendingWrites = tuple.pendingWrites?.map(([task, channel, value]) => [task, channel, internalize(channel, value, bodies)] as [string, string, unknown]);
    return { ...tuple, checkpoint: { ...checkpoint, channel_values }, ...(pendingWrites ? { pendingWrites } : {}) };
  }
}
