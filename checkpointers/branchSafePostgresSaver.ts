/**
 * PostgresSaver with channel versions that are unique per write, so forks keep their state,
 * and with long evidence bodies stored once, content-addressed, beside the checkpoints.
 *
 * Why the versions: the stock saver (@langchain/langgraph-checkpoint-postgres 1.0.5) numbers channel
 * versions 1, 2, 3… and stores blobs keyed by (thread, ns, channel, version) with
 * ON CONFLICT DO NOTHING. A fork from an earlier checkpoint computes the same next version
 * numbers as the original branch, so the fork's blobs are silently dropped and it reads the
 * original branch's values (langgraphjs#1812). Verified here: `updateState` on the checkpoint
 * after node "a" of a→b→c showed the original's "b" values, and resuming the fork ran nothing.
 * Python's PostgresSaver avoids this with versions "<32-digit counter>.<random>"; this does the same.
 *
 * Why the bodies (issue 24): an evidence item's text (a file read) would otherwise be stored
 * in every blob version of the evidence channel and in the task's writes; here it is stored
 * once in `mira_evidence_bodies` and the blobs carry its hash (evidenceBodies.ts).
 *
 * Why the batching (issue 24, `mira serve` throughput): the stock saver sends one INSERT per
 * channel blob and per write inside BEGIN/COMMIT, about 10 round trips per checkpoint and
 * 180 per served run. Here a checkpoint (its blobs and its row) is one statement, and so are
 * a task's writes, each with its evidence bodies: same rows, same conflict rules, one round
 * trip each.
 *
 * Caveat: a thread written by the stock saver has numeric versions; mixing them with string
 * versions breaks version comparisons, so do not resume such threads with this saver.
 */
import { randomBytes } from "node:crypto";
import type { RunnableConfig } from "@langchain/core/runnables";
import { WRITES_IDX_MAP, type ChannelVersions, type Checkpoint, type CheckpointMetadata, type CheckpointTuple, type PendingWrite, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { BODIES_TABLE_SQL, externalize, internalize, referencedHashes, type Bodies, type EvidenceBodyStore } from "./evidenceBodies.js";
import type { ParentLookup } from "./types.js";

type PostgresSaverOptions = NonNullable<ConstructorParameters<typeof PostgresSaver>[2]>;

export class BranchSafePostgresSaver extends PostgresSaver implements ParentLookup {
  /** The evidence-body table of this database, for the execution ledger beside it. */
  readonly bodies: EvidenceBodyStore;
  private readonly bodyTable: string;
  private readonly tables: { checkpoints: string; blobs: string; writes: string };
  /** Checkpoints this process is saving, so a read of one waits for its save instead of missing it. */
  private readonly saving = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: pg.Pool,
    serde?: SerializerProtocol,
    options?: Partial<PostgresSaverOptions>,
  ) {
    super(db, serde, options);
    const schema = `"${options?.schema ?? "public"}"`;
    this.bodyTable = `${schema}.mira_evidence_bodies`;
    this.tables = { checkpoints: `${schema}.checkpoints`, blobs: `${schema}.checkpoint_blobs`, writes: `${schema}.checkpoint_writes` };
    this.bodies = {
      save: async (bodies) => {
        if (bodies.size === 0) return;
        const hashes = [...bodies.keys()];
        await this.db.query(`INSERT INTO ${this.bodyTable} (hash, body) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (hash) DO NOTHING`, [hashes, hashes.map((h) => bodies.get(h))]);
      },
      load: async (hashes) => {
        const wanted = [...hashes];
        if (wanted.length === 0) return new Map();
        const { rows } = await this.db.query<{ hash: string; body: string }>(`SELECT hash, body FROM ${this.bodyTable} WHERE hash = ANY($1::text[])`, [wanted]);
        return new Map(rows.map((r) => [r.hash, r.body]));
      },
    };
  }

  /** The stock factory builds a plain PostgresSaver; this one builds this class. */
  static override fromConnString(connString: string, options?: Partial<PostgresSaverOptions>): BranchSafePostgresSaver {
    return new BranchSafePostgresSaver(new pg.Pool({ connectionString: connString }), undefined, options);
  }

  async parentId(threadId: string, checkpointNs: string, checkpointId: string): Promise<string | null | undefined> {
    // As in getTuple: a checkpoint this process is still saving is looked up once it is saved.
    await this.saving.get(savingKey(threadId, checkpointNs, checkpointId))?.catch(() => {});
    const { rows } = await this.db.query<{ parent_checkpoint_id: string | null }>(
      `SELECT parent_checkpoint_id FROM ${this.tables.checkpoints} WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3`,
      [threadId, checkpointNs, checkpointId],
    );
    return rows[0] && (rows[0].parent_checkpoint_id ?? null);
  }

  override async setup(): Promise<void> {
    await super.setup();
    await this.db.query(BODIES_TABLE_SQL.replace("mira_evidence_bodies", this.bodyTable));
  }

  /**
   * Zero-padded so string comparison (which LangGraph uses for string versions) orders by
   * counter; the random suffix makes two branches' "next version" differ.
   * The base class is typed for numeric versions only; LangGraph accepts string versions.
   */
  override getNextVersion(current: number | undefined): number {
    const counter = current === undefined ? 0 : Number.parseInt(String(current).split(".")[0] ?? "0", 10);
    const version = `${String(counter + 1).padStart(32, "0")}.${randomBytes(8).toString("hex")}`;
    return version as unknown as number;
  }

  /**
   * The stock `put` in one statement: the evidence bodies and the blobs are inserted by CTEs
   * of the checkpoint's INSERT, so all commit or none.
   */
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id, checkpoint_ns = "" } = config.configurable;
    const key = savingKey(thread_id, checkpoint_ns, checkpoint.id);
    // Registered before the first await, so a read issued right after this call finds it.
    const saved = this.save(config.configurable, checkpoint, metadata, newVersions);
    this.saving.set(key, saved);
    try {
      await saved;
    } finally {
      if (this.saving.get(key) === saved) this.saving.delete(key);
    }
    return { configurable: { thread_id, checkpoint_ns, checkpoint_id: checkpoint.id } };
  }

  private async save(configurable: Record<string, unknown>, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<void> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = configurable as { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string };
    const bodies: Bodies = new Map();
    const slim = Object.fromEntries(Object.entries(checkpoint.channel_values).map(([channel, value]) => [channel, externalize(channel, value, bodies)]));
    const [blobs, serializedMetadata] = await Promise.all([this._dumpBlobs(thread_id, checkpoint_ns, slim, newVersions), this._dumpMetadata(metadata)]);
    const params: unknown[] = [thread_id, checkpoint_ns, checkpoint.id, checkpoint_id, this._dumpCheckpoint(checkpoint), serializedMetadata];
    const ctes = [this.bodiesInsert(bodies, params)];
    if (blobs.length) {
      ctes.push(`blobs AS (INSERT INTO ${this.tables.blobs} (thread_id, checkpoint_ns, channel, version, type, blob)
        VALUES ${valuesList(blobs, params)} ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING)`);
    }
    await this.db.query(
      `${withClause(ctes)} INSERT INTO ${this.tables.checkpoints} (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`,
      params,
    );
  }

  /**
   * A checkpoint asked for by id while this process is still saving it (durability "async":
   * a node may look up the checkpoint it runs from, as the Tool node's lineage walk does) is
   * read once its save has finished, not reported missing.
   */
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    const pending = checkpoint_id === undefined ? undefined : this.saving.get(savingKey(thread_id, checkpoint_ns, checkpoint_id));
    if (pending) await pending.catch(() => {});
    return super.getTuple(config);
  }

  /**
   * The stock `putWrites` in one statement, with the writes' evidence bodies. Special channels
   * (errors, interrupts, resumes) replace an earlier write at the same index, as the stock
   * saver's upsert does; ordinary writes keep the first one stored.
   */
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    if (writes.length === 0) return;
    const upsert = writes.every(([channel]) => channel in WRITES_IDX_MAP);
    const bodies: Bodies = new Map();
    const slim = writes.map(([channel, value]): PendingWrite => [channel, externalize(channel, value, bodies)]);
    const dumped = await this._dumpWrites(config.configurable?.thread_id, config.configurable?.checkpoint_ns, config.configurable?.checkpoint_id, taskId, slim);
    // One statement may not update the same row twice: the last write at an index wins, as it would one at a time.
    const rows = upsert ? [...new Map(dumped.map((row) => [row[4], row])).values()] : dumped;
    const params: unknown[] = [];
    const ctes = [this.bodiesInsert(bodies, params)];
    await this.db.query(
      `${withClause(ctes)} INSERT INTO ${this.tables.writes} (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       VALUES ${valuesList(rows, params)}
       ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) DO ${upsert ? "UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "NOTHING"}`,
      params,
    );
  }

  /** A CTE storing `bodies` (content-addressed, so a body stored before is left alone), or undefined when there are none. */
  private bodiesInsert(bodies: Bodies, params: unknown[]): string | undefined {
    if (bodies.size === 0) return undefined;
    const hashes = [...bodies.keys()];
    return `bodies AS (INSERT INTO ${this.bodyTable} (hash, body)
      SELECT * FROM unnest($${params.push(hashes)}::text[], $${params.push(hashes.map((h) => bodies.get(h)))}::text[]) ON CONFLICT (hash) DO NOTHING)`;
  }

  protected override async _loadBlobs(blobValues: Parameters<PostgresSaver["_loadBlobs"]>[0]): Promise<Record<string, unknown>> {
    const values = await super._loadBlobs(blobValues);
    const wanted = new Set<string>();
    for (const [channel, value] of Object.entries(values)) referencedHashes(channel, value, wanted);
    if (wanted.size === 0) return values;
    const bodies = await this.bodies.load(wanted);
    return Object.fromEntries(Object.entries(values).map(([channel, value]) => [channel, internalize(channel, value, bodies)]));
  }

  protected override async _loadWrites(writes: Parameters<PostgresSaver["_loadWrites"]>[0]): Promise<[string, string, unknown][]> {
    const loaded = await super._loadWrites(writes);
    const wanted = new Set<string>();
    for (const [, channel, value] of loaded) referencedHashes(channel, value, wanted);
    if (wanted.size === 0) return loaded;
    const bodies = await this.bodies.load(wanted);
    return loaded.map(([task, channel, value]) => [task, channel, internalize(channel, value, bodies)]);
  }
}

const savingKey = (threadId: unknown, ns: unknown, checkpointId: unknown) => JSON.stringify([threadId, ns, checkpointId]);

const withClause = (ctes: Array<string | undefined>) => {
  const present = ctes.filter((c): c is string => c !== undefined);
  return present.length ? `WITH ${present.join(", ")}` : "";
};

/** `($n, $n+1, …), (…)` for `rows`, appending their values to `params`. */
function valuesList(rows: ReadonlyArray<ReadonlyArray<unknown>>, params: unknown[]): string {
  return rows.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`).join(", ");
}
