import type pg from "pg";

/**
 * LangGraph's PostgresSaver tables, for what the saver itself does not offer (copy, rollback).
 * The saver keeps them in its default schema, `public`, whatever the connection's search path.
 */
const CP = "public";

/** Runs a body in one transaction (the server's, which rides out a PostgreSQL restart). */
export type InTransaction = <T>(body: (tx: pg.PoolClient) => Promise<T>) => Promise<T>;

export class CheckpointTables {
  constructor(private readonly inTransaction: InTransaction) {}

  /** Empties the saver's tables (the API's `truncate` with `checkpointer`). */
  static async truncate(tx: pg.PoolClient): Promise<void> {
    for (const t of ["checkpoint_writes", "checkpoint_blobs", "checkpoints"]) await tx.query(`DELETE FROM ${CP}.${t}`);
  }

  async deleteThread(threadId: string): Promise<void> {
    await this.inTransaction(async (tx) => {
      for (const table of ["checkpoint_writes", "checkpoint_blobs", "checkpoints"]) await tx.query(`DELETE FROM ${CP}.${table} WHERE thread_id = $1`, [threadId]);
    });
  }

  async copyThread(tx: pg.PoolClient, from: string, to: string): Promise<void> {
    await tx.query(
      `INSERT INTO ${CP}.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata)
       SELECT $2, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata FROM ${CP}.checkpoints WHERE thread_id = $1`,
      [from, to],
    );
    await tx.query(
      `INSERT INTO ${CP}.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
       SELECT $2, checkpoint_ns, channel, version, type, blob FROM ${CP}.checkpoint_blobs WHERE thread_id = $1`,
      [from, to],
    );
    await tx.query(
      `INSERT INTO ${CP}.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
       SELECT $2, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob FROM ${CP}.checkpoint_writes WHERE thread_id = $1`,
      [from, to],
    );
  }

  /** The thread's newest root checkpoint id (ids are time-ordered UUIDv6), or null. */
  async latest(client: pg.Pool | pg.PoolClient, threadId: string): Promise<string | null> {
    const row = await client.query(`SELECT max(checkpoint_id) AS id FROM ${CP}.checkpoints WHERE thread_id = $1 AND checkpoint_ns = ''`, [threadId]);
    return (row.rows[0]?.id as string | null) ?? null;
  }

  /** Rollback: forgets every checkpoint the run wrote after `before`. */
  async deleteAfter(threadId: string, before: string | null): Promise<void> {
    await this.inTransaction(async (tx) => {
      const cond = before === null ? "" : "AND checkpoint_id > $2";
      const params = before === null ? [threadId] : [threadId, before];
      await tx.query(`DELETE FROM ${CP}.checkpoint_writes WHERE thread_id = $1 ${cond}`, params);
      await tx.query(`DELETE FROM ${CP}.checkpoints WHERE thread_id = $1 ${cond}`, params);
    });
  }
}
