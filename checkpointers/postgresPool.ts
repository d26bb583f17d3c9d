/** One way to reach PostgreSQL for the store and the reading commands' row reader. */
import pg from "pg";
import { causeLine, CheckpointStoreError } from "./errors.js";
import type { CheckpointerTarget } from "./setting.js";

const CONNECT_TIMEOUT_MS = 3000;

/** A pool and its first client, or one clear line (the pool closed) when the server cannot be reached. */
export async function connectPool(target: Extract<CheckpointerTarget, { kind: "postgres" }>): Promise<{ pool: pg.Pool; client: pg.PoolClient }> {
  const pool = new pg.Pool({ connectionString: target.connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client whose server connection drops emits 'error' on the pool; unhandled it would
  // crash the process. The pool discards that client and the next query reconnects.
  pool.on("error", () => {});
  try {
    return { pool, client: await pool.connect() };
  } catch (err) {
    await pool.end();
    throw new CheckpointStoreError(`cannot reach PostgreSQL at ${target.address}: ${causeLine(err)}`, { cause: err });
  }
}
