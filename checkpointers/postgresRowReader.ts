/**
 * rowReader.ts for a `postgres://…` store: the rows of LangGraph's PostgresSaver
 * (@langchain/langgraph-checkpoint-postgres 1.0.5, schema "public") as BranchSafePostgresSaver
 * writes them, decoded as their `getTuple` decodes them: the checkpoint is JSONB without its
 * values, each channel's value a blob of the version the checkpoint names, evidence bodies in
 * `mira_evidence_bodies`. Creates no checkpoint table: a database without them has no thread.
 */
import { createPostgresLedger } from "../ledger/postgresLedger.js";
import { causeLine, CheckpointStoreError } from "./errors.js";
import { internalize, referencedHashes, type Bodies } from "./evidenceBodies.js";
import { loadPlain } from "./plainSerde.js";
import { createPostgresLeases } from "./postgresLease.js";
import { connectPool } from "./postgresPool.js";
import { checkFormat, ledgerReader, TASKS_CHANNEL, type StoredCheckpoint, type ThreadRows } from "./rowFormat.js";
import type { CheckpointerTarget } from "./setting.js";

/** As postgresStore.ts: an unreachable server fails the command quickly. */
/** postgresStore.ts's setup lock: the ledger table is created under it, as there. */
const SETUP_LOCK_KEY = 0x6d697261;
/** PostgreSQL's "undefined table": the saver's tables are not set up yet. */
const UNDEFINED_TABLE = "42P01";

interface CheckpointRow {
  checkpoint_id: string;
  parent_checkpoint_id: string | null;
  checkpoint: { v: unknown; channel_versions?: Record<string, string | number> };
  /** [channel, type, blob] of each version the checkpoint names (the stock saver's SELECT). */
  channel_values: Array<[Buffer, Buffer, Buffer | null]> | null;
  /** [task id, channel, type, blob], ordered by task id and index; no blob for a channel not asked for. */
  pending_writes: Array<[Buffer, Buffer, Buffer, Buffer | null]> | null;
}

/**
 * The stock saver's SELECT_SQL (sql.js), for the columns a view reads. $1 lists the channels
 * to read (null: all): other channels' blobs, and other writes' values, stay on the server.
 */
const SELECT = `SELECT checkpoint_id, parent_checkpoint_id, checkpoint,
  (SELECT array_agg(array[bl.channel::bytea, bl.type::bytea, bl.blob])
     FROM jsonb_each_text(checkpoint -> 'channel_versions')
     INNER JOIN checkpoint_blobs bl ON bl.thread_id = cp.thread_id AND bl.checkpoint_ns = cp.checkpoint_ns
       AND bl.channel = jsonb_each_text.key AND bl.version = jsonb_each_text.value
    WHERE $1::text[] IS NULL OR jsonb_each_text.key = ANY($1::text[])) AS channel_values,
  (SELECT array_agg(array[cw.task_id::text::bytea, cw.channel::bytea, cw.type::bytea,
                          CASE WHEN $1::text[] IS NULL OR cw.channel = ANY($1::text[]) THEN cw.blob END] ORDER BY cw.task_id, cw.idx)
     FROM checkpoint_writes cw
    WHERE cw.thread_id = cp.thread_id AND cw.checkpoint_ns = cp.checkpoint_ns AND cw.checkpoint_id = cp.checkpoint_id) AS pending_writes
  FROM checkpoints cp `;
const SENDS = `SELECT cw.type, cw.blob FROM checkpoint_writes cw
  WHERE cw.thread_id = $1 AND cw.checkpoint_id = $2 AND cw.channel = '${TASKS_CHANNEL}' ORDER BY cw.task_id, cw.idx`;

const text = (b: Buffer) => b.toString("utf8");

/** Null instead of an error when the saver's tables do not exist yet. */
async function unlessUnset<T>(query: Promise<T>): Promise<T | null> {
  try {
    return await query;
  } catch (err) {
    if ((err as { code?: unknown }).code === UNDEFINED_TABLE) return null;
    throw err;
  }
}

export async function openPostgresRows(target: Extract<CheckpointerTarget, { kind: "postgres" }>): Promise<ThreadRows> {
  const { pool, client } = await connectPool(target);
  let ledger;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    try {
      ledger = await createPostgresLedger(pool);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_KEY]);
    }
    client.release();
  } catch (err) {
    client.release(true);
    await pool.end();
    throw new CheckpointStoreError(`cannot set up checkpoint tables in ${target.description}: ${causeLine(err)}`, { cause: err });
  }

  const loadBodies = async (hashes: Iterable<string>): Promise<Bodies> => {
    const wanted = [...hashes];
    if (wanted.length === 0) return new Map();
    const result = await unlessUnset(pool.query<{ hash: string; body: string }>("SELECT hash, body FROM mira_evidence_bodies WHERE hash = ANY($1::text[])", [wanted]));
    return new Map((result?.rows ?? []).map((r) => [r.hash, r.body]));
  };
  /** Evidence bodies put back, as BranchSafePostgresSaver's `_loadBlobs` and `_loadWrites` do (each on its own). */
  const withBodies = async (entries: Array<[string, unknown]>): Promise<unknown[]> => {
    const wanted = new Set<string>();
    for (const [channel, value] of entries) referencedHashes(channel, value, wanted);
    if (wanted.size === 0) return entries.map(([, value]) => value);
    const bodies = await loadBodies(wanted);
    return entries.map(([channel, value]) => internalize(channel, value, bodies));
  };

  const checkpoint = async (threadId: string, ns = "", checkpointId?: string, channels?: ReadonlySet<string>): Promise<StoredCheckpoint | undefined> => {
    const only = channels ? [...channels] : null;
    const [where, args] = checkpointId
      ? ["WHERE thread_id = $2 AND checkpoint_ns = $3 AND checkpoint_id = $4", [only, threadId, ns, checkpointId]]
      : ["WHERE thread_id = $2 AND checkpoint_ns = $3 ORDER BY checkpoint_id DESC LIMIT 1", [only, threadId, ns]];
    const result = await unlessUnset(pool.query<CheckpointRow>(SELECT + where, args));
    const row = result?.rows[0];
    if (!row) return undefined;
    checkFormat(row.checkpoint.v, threadId, row.checkpoint_id);
    const blobs: Array<[string, unknown]> = (row.channel_values ?? []).filter(([, type]) => text(type) !== "empty").map(([channel, type, blob]) => [text(channel), loadPlain(text(type), blob!)]);
    if ((row.checkpoint.v as number) < 4 && row.parent_checkpoint_id != null && (!channels || channels.has(TASKS_CHANNEL))) {
      // Formats before 4 kept pending sends as writes of the parent (the stock saver migrates them so).
      const sends = await pool.query<{ type: string; blob: Buffer }>(SENDS, [threadId, row.parent_checkpoint_id]);
      if (sends.rows.length > 0) blobs.push([TASKS_CHANNEL, sends.rows.map((s) => loadPlain(s.type, s.blob))]);
    }
    const values = await withBodies(blobs);
    const writes = row.pending_writes ?? [];
    const written = await withBodies(writes.map(([, channel, type, blob]) => [text(channel), blob === null ? undefined : loadPlain(text(type), blob)]));
    return {
      checkpointId: row.checkpoint_id,
      values: Object.fromEntries(blobs.map(([channel], i) => [channel, values[i]])),
      pendingWrites: writes.map(([task, channel], i) => [text(task), text(channel), written[i]]),
    };
  };

  const leases = createPostgresLeases(pool);
  let ended: Promise<void> | undefined;
  return {
    description: target.description,
    threadIds: async (page) => {
      // The sort keeps only LIMIT + OFFSET ids (LIMIT NULL: all of them).
      const result = await unlessUnset(
        pool.query<{ thread_id: string }>("SELECT thread_id FROM checkpoints WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY MAX(checkpoint_id) DESC, thread_id LIMIT $1 OFFSET $2", [
          page?.limit ?? null,
          page?.offset ?? 0,
        ]),
      );
      return (result?.rows ?? []).map((r) => r.thread_id);
    },
    threadCount: async () => {
      const result = await unlessUnset(pool.query<{ n: number }>("SELECT COUNT(DISTINCT thread_id)::int AS n FROM checkpoints WHERE checkpoint_ns = ''"));
      return result?.rows[0]?.n ?? 0;
    },
    checkpoint,
    ledger: ledgerReader(ledger, loadBodies),
    threadOwner: leases.owner,
    close: () => (ended ??= pool.end()),
  };
}
