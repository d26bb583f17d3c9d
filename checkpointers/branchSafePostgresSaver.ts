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
 * Caveat: a thread written by the stock saver has numeric versions; mixing them with string
 * versions breaks version comparisons, so do not resume such threads with this saver.
 */
import { randomBytes } from "node:crypto";
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { BODIES_TABLE_SQL, externalize, internalize, referencedHashes, type Bodies, type EvidenceBodyStore } from "./evidenceBodies.js";
import type { ParentLookup } from "./types.js";

type PostgresSaverOptions = NonNullable<ConstructorParameters<typeof PostgresSaver>[2]>;

export class BranchSafePostgresSaver extends PostgresSaver implements ParentLookup {
  /** The evidence-body table of this database, for the execution ledger beside it. */
  readonly bodies: EvidenceBodyStore;
  private readonly bodyTable: string;
  private readonly checkpointTable: string;

  constructor(
    private readonly db: pg.Pool,
    serde?: SerializerProtocol,
    options?: Partial<PostgresSaverOptions>,
  ) {
    super(db, serde, options);
    this.bodyTable = `"${options?.schema ?? "public"}".mira_evidence_bodies`;
    this.checkpointTable = `"${options?.schema ?? "public"}".checkpoints`;
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
    const { rows } = await this.db.query<{ parent_checkpoint_id: string | null }>(
      `SELECT parent_checkpoint_id FROM ${this.checkpointTable} WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3`,
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

  // Bodies are saved before the blobs or writes that name them (the base class writes those next).
  protected override async _dumpBlobs(...[threadId, ns, values, versions]: Parameters<PostgresSaver["_dumpBlobs"]>) {
    const bodies: Bodies = new Map();
    const slim = Object.fromEntries(Object.entries(values).map(([channel, value]) => [channel, externalize(channel, value, bodies)]));
    await this.bodies.save(bodies);
    return super._dumpBlobs(threadId, ns, slim, versions);
  }

  protected override async _dumpWrites(...[threadId, ns, checkpointId, taskId, writes]: Parameters<PostgresSaver["_dumpWrites"]>) {
    const bodies: Bodies = new Map();
    const slim = writes.map(([channel, value]): [string, unknown] => [channel, externalize(channel, value, bodies)]);
    await this.bodies.save(bodies);
    return super._dumpWrites(threadId, ns, checkpointId, taskId, slim);
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
