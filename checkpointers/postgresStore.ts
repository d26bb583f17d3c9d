/**
 * The `postgres://…` setting: one `pg` Pool shared by LangGraph's PostgresSaver (with the
 * fork fix of `BranchSafePostgresSaver`) and the `mira_executions` ledger table in the same database.
 */
import type pg from "pg";
import { createPostgresLedger } from "../ledger/postgresLedger.js";
import { BranchSafePostgresSaver } from "./branchSafePostgresSaver.js";
import { causeLine, CheckpointStoreError } from "./errors.js";
import { ledgerWithBodies } from "./ledgerBodies.js";
import { createPostgresLeases } from "./postgresLease.js";
import { connectPool } from "./postgresPool.js";
import type { CheckpointerTarget } from "./setting.js";
import type { CheckpointStore } from "./types.js";

/** An unreachable server must fail the command quickly, not hang it. */

/** Arbitrary constant naming Mira's schema-setup lock (`pg_advisory_lock`). */
const SETUP_LOCK_KEY = 0x6d697261;

/**
 * Connects, creates LangGraph's tables and the ledger table (serialised across processes by
 * an advisory lock, since concurrent CREATE TABLE IF NOT EXISTS can collide), and returns the
 * store. Throws `CheckpointStoreError` if the server cannot be reached or set up.
 */
export async function openPostgresStore(target: Extract<CheckpointerTarget, { kind: "postgres" }>): Promise<CheckpointStore> {
  const { pool, client: setupClient } = await connectPool(target);
  try {
    const checkpointer = new BranchSafePostgresSaver(pool);
    const ledger = await withSetupLock(setupClient, async () => {
      await checkpointer.setup();
      return ledgerWithBodies(await createPostgresLedger(pool), checkpointer.bodies);
    });
    setupClient.release();
    const threadIds = async () => {
      const { rows } = await pool.query<{ thread_id: string }>("SELECT thread_id FROM checkpoints WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY MAX(checkpoint_id) DESC");
      return rows.map((r) => r.thread_id);
    };
    const leases = createPostgresLeases(pool);
    return {
      kind: "postgres",
      checkpointer,
      ledger,
      threadIds,
      description: target.description,
      claimThread: leases.acquire,
      threadOwner: leases.owner,
      close: onceOnly(() => pool.end()),
    };
  } catch (err) {
    setupClient.release(true); // destroyed, not pooled: it may still hold the setup lock
    await pool.end();
    throw new CheckpointStoreError(`cannot set up checkpoint tables in ${target.description}: ${causeLine(err)}`, { cause: err });
  }
}

/** Runs `setup` while `client` holds Mira's session-level advisory lock. */
async function withSetupLock<T>(client: pg.PoolClient, setup: () => Promise<T>): Promise<T> {
  await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
  try {
    return await setup();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_KEY]);
  }
}

function onceOnly(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
