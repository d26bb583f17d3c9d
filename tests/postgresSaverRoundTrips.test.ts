/**
 * BranchSafePostgresSaver's round trips (issue 24, `mira serve` throughput):
 * - a checkpoint (its blobs and evidence bodies with it) is saved in one statement, and a
 *   task's writes in one, with the same rows read back as before;
 * - a checkpoint read by id while this process is still saving it is found, not missing (the
 *   Tool node's lineage walk reads the checkpoint it runs from while durability "async"
 *   still saves it).
 * Rows and statement counts are outcomes; nothing here is timed.
 */
import { randomUUID } from "node:crypto";
import { emptyCheckpoint, uuid6, type Checkpoint } from "@langchain/langgraph-checkpoint";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BranchSafePostgresSaver } from "../checkpointers/branchSafePostgresSaver.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const reachable = await isPostgresReachable();
const SCHEMA = `rt_${process.pid}`;

/** A pool that counts the statements sent through it. */
function countingPool(): { pool: pg.Pool; statements: () => number } {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL });
  let n = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    n += 1;
    return query(...args);
  };
  return { pool, statements: () => n };
}

const longBody = "retry_limit = 5\n".repeat(40);

function checkpointWith(values: Record<string, unknown>): Checkpoint {
  const cp = emptyCheckpoint();
  cp.id = uuid6(-1);
  cp.channel_values = values;
  cp.channel_versions = Object.fromEntries(Object.keys(values).map((k) => [k, `${"1".padStart(32, "0")}.${k}`]));
  return cp;
}

describe.skipIf(!reachable)("BranchSafePostgresSaver round trips", () => {
  let saver: BranchSafePostgresSaver;
  let counted: ReturnType<typeof countingPool>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    await admin.end();
    counted = countingPool();
    saver = new BranchSafePostgresSaver(counted.pool, undefined, { schema: SCHEMA });
    await saver.setup();
  });

  afterAll(async () => {
    await counted?.pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => {});
    await counted?.pool.end();
  });

  it("a checkpoint of five channels with an evidence body is one statement, a task's writes another; both read back whole", async () => {
    const threadId = randomUUID();
    const config = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
    const values = { goal: "find the retry limit", status: "running", step: 3, trace: [{ node: "Tool" }], evidence: [{ kind: "file", source: "config/app.toml", content: longBody }] };
    const cp = checkpointWith(values);
    const before = counted.statements();
    const saved = await saver.put(config, cp, { source: "loop", step: 3, parents: {} }, cp.channel_versions);
    expect(counted.statements() - before).toBe(1);

    const afterPut = counted.statements();
    await saver.putWrites(saved, [["status", "waiting_approval"], ["evidence", [{ kind: "file", source: "notes/a.md", content: longBody + "a" }]], ["__interrupt__", [{ value: "approve?" }]]], "task-1");
    expect(counted.statements() - afterPut).toBe(1);

    const tuple = await saver.getTuple(saved);
    expect(tuple?.checkpoint.channel_values).toEqual(values);
    const writes = tuple?.pendingWrites?.map(([, channel, value]) => [channel, value]);
    expect(writes).toHaveLength(3);
    expect(writes).toEqual(
      expect.arrayContaining([
        ["status", "waiting_approval"],
        ["evidence", [{ kind: "file", source: "notes/a.md", content: longBody + "a" }]],
        ["__interrupt__", [{ value: "approve?" }]],
      ]),
    );
    // The bodies went to their table, not into the blobs.
    const blobs = await counted.pool.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".checkpoint_blobs WHERE thread_id = $1 AND position('retry_limit' in convert_from(blob, 'UTF8')) > 0`, [threadId]);
    expect(blobs.rows[0].n).toBe(0);
  });

  it("a special channel written twice in one call keeps the last value, as the stock upsert does", async () => {
    const config = { configurable: { thread_id: randomUUID(), checkpoint_ns: "" } };
    const cp = checkpointWith({ status: "running" });
    const saved = await saver.put(config, cp, { source: "loop", step: 1, parents: {} }, cp.channel_versions);
    await saver.putWrites(saved, [["__error__", "first"], ["__error__", "second"]], "task-1");
    const tuple = await saver.getTuple(saved);
    expect(tuple?.pendingWrites?.map(([, channel, value]) => [channel, value])).toEqual([["__error__", "second"]]);
  });

  it("a checkpoint read by id while this process is still saving it is found", async () => {
    const config = { configurable: { thread_id: randomUUID(), checkpoint_ns: "" } };
    const cp = checkpointWith({ status: "running", goal: "g" });
    const saving = saver.put(config, cp, { source: "loop", step: 1, parents: {} }, cp.channel_versions);
    // Read at once, before the save has had a chance to finish.
    const read = await saver.getTuple({ configurable: { ...config.configurable, checkpoint_id: cp.id } });
    await saving;
    expect(read?.checkpoint.id).toBe(cp.id);
    expect(read?.checkpoint.channel_values).toEqual({ status: "running", goal: "g" });
  });

  it("the lineage walk's parent lookup of a checkpoint still being saved waits for the save (never 'missing')", async () => {
    const threadId = randomUUID();
    const config = { configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: "parent-1" } };
    const cp = checkpointWith({ status: "running", goal: "g" });
    const saving = saver.put(config, cp, { source: "loop", step: 1, parents: {} }, cp.channel_versions);
    const parent = await saver.parentId(threadId, "", cp.id);
    await saving;
    expect(parent).toBe("parent-1");
  });
});
