/** PostgreSQL access for the server's repositories: transactions, and riding out a restart. */
import type pg from "pg";
import { isConnectionError } from "./errors.js";

/** How long an operation keeps retrying while PostgreSQL is away (a restart takes seconds). */
const RECONNECT_WINDOW_MS = 120_000;

/**
 * Runs `op`, repeating it while the failure is a lost connection, for up to two minutes.
 * Only for operations that are safe to repeat (each is one statement or one transaction).
 */
export async function retrying<T>(op: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RECONNECT_WINDOW_MS;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await op();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** One transaction on one pooled client; rolled back when `body` throws. Retried on a lost connection. */
export function transaction<T>(pool: pg.Pool, body: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  return retrying(async () => {
    const tx = await pool.connect();
    let broken = false;
    try {
      await tx.query("BEGIN");
      const result = await body(tx);
      await tx.query("COMMIT");
      return result;
    } catch (err) {
      broken = isConnectionError(err);
      if (!broken) await tx.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      tx.release(broken);
    }
  });
}
