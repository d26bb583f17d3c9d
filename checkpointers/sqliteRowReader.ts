/**
 * rowReader.ts for a `sqlite:PATH` store: the rows of VersionedSqliteSaver (versionedSqliteSaver.ts),
 * decoded as its `getTuple` decodes them, including legacy rows of the stock SqliteSaver
 * (values inline). Never creates a database or the saver's tables.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { createSqliteLedger } from "../ledger/sqliteLedger.js";
import { applyDelta, SNAPSHOT_EVERY, type ArrayDelta } from "./arrayDelta.js";
import { causeLine, CheckpointStoreError, MissingStoreError } from "./errors.js";
import { internalize, referencedHashes, type Bodies } from "./evidenceBodies.js";
import { loadPlain, UnreadableCheckpointError } from "./plainSerde.js";
import { checkFormat, ledgerReader, TASKS_CHANNEL, type StoredCheckpoint, type ThreadRows } from "./rowFormat.js";
import { createSqliteLeases } from "./sqliteLease.js";

/** The saver's blob and write markers (versionedSqliteSaver.ts: DELTA, SAME, PACKED, MAX_CHAIN). */
const DELTA = "delta+";
const SAME = "same";
const PACKED = "__mira_packed__";
const MAX_CHAIN = SNAPSHOT_EVERY * 4;

/**
 * Listing thread ids walks the primary key (thread, namespace, checkpoint) one of two ways: a
 * scan of every checkpoint's key, or a skip from thread to thread (two seeks each). The skip
 * wins once threads average more than DENSE checkpoints (a governed step saves ~5); a store's
 * first SAMPLE threads tell which, reading at most SAMPLE × DENSE + 1 keys.
 */
const SAMPLE = 32;
const DENSE = 8;
/** Each thread id, in key order, found by seeking past the one before. */
const EACH_THREAD = `WITH RECURSIVE t(id) AS (
  SELECT MIN(thread_id) FROM checkpoints UNION ALL SELECT (SELECT MIN(thread_id) FROM checkpoints WHERE thread_id > t.id) FROM t WHERE t.id IS NOT NULL),
latest AS MATERIALIZED (SELECT id, (SELECT MAX(checkpoint_id) FROM checkpoints WHERE thread_id = t.id AND checkpoint_ns = '') AS at FROM t)`;

interface CheckpointRow {
  checkpoint_id: string;
  parent_checkpoint_id: string | null;
  type: string | null;
  checkpoint: Buffer;
}

interface WriteRow {
  task_id: string;
  channel: string;
  type: string | null;
  value: Buffer | null;
}

interface StoredShape {
  v: unknown;
  channel_values?: Record<string, unknown>;
  channel_versions: Record<string, string | number>;
}

export function openSqliteRows(path: string): ThreadRows {
  if (!existsSync(path)) throw new MissingStoreError(`no SQLite checkpoint store at ${path} (nothing was created)`);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { timeout: 5000 });
    db.pragma("journal_mode = WAL");
    const leases = createSqliteLeases(db);
    return rowsOf(db, path, createSqliteLedger(db), leases.owner);
  } catch (err) {
    db?.close();
    throw new CheckpointStoreError(`cannot open SQLite checkpoint store at ${path}: ${causeLine(err)}`, { cause: err });
  }
}

function rowsOf(db: Database.Database, path: string, ledger: ReturnType<typeof createSqliteLedger>, threadOwner: ThreadRows["threadOwner"]): ThreadRows {
  // The saver creates its tables on first use; a store without them has no thread yet.
  const known = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name));
  const hasCheckpoints = known.has("checkpoints");
  const loadBody = known.has("mira_evidence_bodies") ? db.prepare<[string], { body: string }>("SELECT body FROM mira_evidence_bodies WHERE hash = ?") : undefined;
  const loadBodies = async (hashes: Iterable<string>): Promise<Bodies> => {
    const found: Bodies = new Map();
    for (const hash of hashes) {
      const row = loadBody?.get(hash);
      if (row) found.set(hash, row.body);
    }
    return found;
  };
  const sql = hasCheckpoints ? statements(db, known.has("checkpoint_blobs")) : undefined;
  let dense: boolean | undefined;
  const skipping = () => (dense ??= ((s) => s.keys > s.threads * DENSE)(sql!.sample.get()!));

  /** One channel's value at `version`, following deltas back to their snapshot; undefined when empty. */
  const loadChannel = (threadId: string, ns: string, channel: string, version: string, chain: number): unknown => {
    if (chain > MAX_CHAIN) throw new UnreadableCheckpointError(`checkpoint store is corrupted: channel ${channel} of thread ${threadId} has a delta chain longer than ${MAX_CHAIN}`);
    const row = sql!.loadBlob?.get(threadId, ns, channel, version);
    if (!row || row.type === "empty" || row.blob === null) return undefined;
    if (row.type === SAME) return loadChannel(threadId, ns, channel, row.blob.toString(), chain + 1);
    if (!row.type.startsWith(DELTA)) return loadPlain(row.type, row.blob);
    const delta = loadPlain(row.type.slice(DELTA.length), row.blob) as ArrayDelta;
    const base = loadChannel(threadId, ns, channel, delta.base, chain + 1);
    if (!Array.isArray(base)) throw new UnreadableCheckpointError(`checkpoint store is corrupted: channel ${channel} of thread ${threadId} lacks the base of version ${version}`);
    return applyDelta(base, delta);
  };

  const checkpoint = async (threadId: string, ns = "", checkpointId?: string, channels?: ReadonlySet<string>): Promise<StoredCheckpoint | undefined> => {
    if (!sql) return undefined;
    const row = checkpointId ? sql.checkpointById.get(threadId, ns, checkpointId) : sql.latest.get(threadId, ns);
    if (!row) return undefined;
    const stored = loadPlain(row.type ?? "json", row.checkpoint) as StoredShape;
    checkFormat(stored.v, threadId, row.checkpoint_id);
    const wanted = (channel: string) => !channels || channels.has(channel);
    const writes = sql.writes.all(threadId, ns, row.checkpoint_id).flatMap((w): Array<[string, string, unknown]> => {
      if (w.channel !== PACKED) return [[w.task_id, w.channel, wanted(w.channel) ? loadPlain(w.type ?? "json", w.value ?? new Uint8Array()) : undefined]];
      // One row holds all of a task's ordinary writes: it is read for their channels either way.
      const packed = loadPlain(w.type ?? "json", w.value ?? new Uint8Array()) as Array<[string, unknown]>;
      return packed.map(([channel, v]) => [w.task_id, channel, wanted(channel) ? v : undefined]);
    });
    // A legacy row holds its values inline.
    const values: Record<string, unknown> = Object.fromEntries(Object.entries(stored.channel_values ?? {}).filter(([channel]) => wanted(channel)));
    for (const [channel, version] of Object.entries(stored.channel_versions)) {
      if (channel in values || !wanted(channel)) continue;
      const value = loadChannel(threadId, ns, channel, String(version), 0);
      if (value !== undefined) values[channel] = value;
    }
    // Formats before 4 kept pending sends as writes of the parent checkpoint (the saver migrates them so).
    if ((stored.v as number) < 4 && row.parent_checkpoint_id && wanted(TASKS_CHANNEL)) {
      values[TASKS_CHANNEL] = sql.sends.all(threadId, ns, row.parent_checkpoint_id).map((s) => loadPlain(s.type ?? "json", s.value ?? new Uint8Array()));
    }
    const hashes = new Set<string>();
    for (const [channel, value] of Object.entries(values)) referencedHashes(channel, value, hashes);
    for (const [, channel, value] of writes) referencedHashes(channel, value, hashes);
    const bodies = await loadBodies(hashes);
    return {
      checkpointId: row.checkpoint_id,
      values: Object.fromEntries(Object.entries(values).map(([c, v]) => [c, internalize(c, v, bodies)])),
      pendingWrites: writes.map(([task, channel, value]) => [task, channel, internalize(channel, value, bodies)]),
    };
  };

  return {
    description: `SQLite ${path}`,
    threadIds: async (page) => (sql ? (skipping() ? sql.skipIds : sql.scanIds).all(page?.limit ?? -1, page?.offset ?? 0).map((r) => r.thread_id) : []),
    threadCount: async () => (sql ? (skipping() ? sql.skipCount : sql.scanCount).get()!.n : 0),
    checkpoint,
    ledger: ledgerReader(ledger, loadBodies),
    threadOwner,
    close: async () => {
      if (db.open) db.close();
    },
  };
}

function statements(db: Database.Database, hasBlobs: boolean) {
  const columns = "checkpoint_id, parent_checkpoint_id, type, checkpoint";
  return {
    // Newest root checkpoint first; the sort keeps only LIMIT + OFFSET ids (LIMIT -1: all of them).
    scanIds: db.prepare<[number, number], { thread_id: string }>(
      "SELECT thread_id FROM checkpoints WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY MAX(checkpoint_id) DESC, thread_id LIMIT ? OFFSET ?",
    ),
    scanCount: db.prepare<[], { n: number }>("SELECT COUNT(DISTINCT thread_id) AS n FROM checkpoints WHERE checkpoint_ns = ''"),
    skipIds: db.prepare<[number, number], { thread_id: string }>(`${EACH_THREAD} SELECT id AS thread_id FROM latest WHERE at IS NOT NULL ORDER BY at DESC, id LIMIT ? OFFSET ?`),
    skipCount: db.prepare<[], { n: number }>(`${EACH_THREAD} SELECT COUNT(*) AS n FROM latest WHERE at IS NOT NULL`),
    sample: db.prepare<[], { threads: number; keys: number }>(`WITH RECURSIVE t(id, k) AS (
      SELECT MIN(thread_id), 1 FROM checkpoints UNION ALL SELECT (SELECT MIN(thread_id) FROM checkpoints WHERE thread_id > t.id), k + 1 FROM t WHERE t.id IS NOT NULL AND k < ${SAMPLE}),
    last AS (SELECT MAX(id) AS id, COUNT(*) AS k FROM t WHERE id IS NOT NULL)
    SELECT (SELECT k FROM last) AS threads, (SELECT COUNT(*) FROM (SELECT 1 FROM checkpoints WHERE thread_id <= (SELECT id FROM last) LIMIT ${SAMPLE * DENSE + 1})) AS keys`),
    latest: db.prepare<[string, string], CheckpointRow>(`SELECT ${columns} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1`),
    checkpointById: db.prepare<[string, string, string], CheckpointRow>(`SELECT ${columns} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?`),
    // A legacy store (the stock SqliteSaver's) has no blob table: every value is inline.
    loadBlob: hasBlobs
      ? db.prepare<[string, string, string, string], { type: string; blob: Buffer | null }>("SELECT type, blob FROM checkpoint_blobs WHERE thread_id = ? AND checkpoint_ns = ? AND channel = ? AND version = ?")
      : undefined,
    writes: db.prepare<[string, string, string], WriteRow>("SELECT task_id, channel, type, value FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx"),
    sends: db.prepare<[string, string, string], WriteRow>(
      `SELECT task_id, channel, type, value FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? AND channel = '${TASKS_CHANNEL}' ORDER BY task_id, idx`,
    ),
  };
}
