/**
 * `PostgresOps`: the storage interface (`Ops`) of the official LangGraph JS API server
 * (`@langchain/langgraph-api` 1.5.1) on PostgreSQL, so several server processes share one
 * set of assistants, threads and runs.
 *
 * - Assistants, threads and runs are rows (`server/schema.ts`); checkpoints are LangGraph's
 *   PostgresSaver tables (the graph is bound to `BranchSafePostgresSaver`, `server/graph.ts`).
 * - Single flight per thread: creating a run locks the thread's row, so of two simultaneous
 *   requests the second sees the first as in flight. `reject` answers 409; `enqueue`,
 *   `interrupt` and `rollback` add the run as pending. A pending run becomes a pg-boss job
 *   only when nothing else of its thread is queued or running (`dispatchNext`), and the
 *   instance executing a run holds the thread's session advisory lock, so a run whose lease
 *   expired while its holder is still alive is not taken over.
 * - Streams and cancellations cross instances through Redis (`RunStreams`).
 *
 * Custom auth is applied on top of this storage, by `OwnedOps` (`server/authOps.ts`).
 */
import type { Ops } from "@langchain/langgraph-api/storage";
import type pg from "pg";
import { PostgresAssistants } from "./postgresAssistants.js";
import { PostgresThreads } from "./postgresThreads.js";
import { PostgresRuns, type RunExecution } from "./postgresRuns.js";
import { CheckpointTables } from "../checkpointers/checkpointTables.js";
import { transaction } from "./db.js";
import { RUN_QUEUE, type RunJob } from "./runQueue.js";

export class PostgresOps implements Ops {
  readonly assistants: PostgresAssistants;
  readonly threads: PostgresThreads;
  readonly runs: PostgresRuns;

  constructor(
    private readonly pool: pg.Pool,
    private readonly exec: RunExecution,
  ) {
    const checkpoints = new CheckpointTables((body) => transaction(pool, body));
    this.assistants = new PostgresAssistants(pool);
    this.threads = new PostgresThreads(pool, checkpoints, (threadId, exception) => this.runs.recordException(threadId, exception));
    this.runs = new PostgresRuns(pool, this.threads, checkpoints, exec);
  }

  /** Registers `workers` pg-boss handlers that feed the official workers through `runs.next()`. */
  async work(workers: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < workers; i++) {
      ids.push(
        await this.exec.boss.work<RunJob>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
          if (job) await this.runs.execute(job.data, job);
        }),
      );
    }
    return ids;
  }

  async truncate(flags: { runs?: boolean; threads?: boolean; assistants?: boolean; checkpointer?: boolean }): Promise<void> {
    await transaction(this.pool, async (tx) => {
      if (flags.runs) await tx.query("DELETE FROM mira_runs");
      if (flags.threads) await tx.query("DELETE FROM mira_threads");
      if (flags.assistants) await tx.query("DELETE FROM mira_assistants WHERE NOT (metadata->>'created_by' = 'system')");
      if (flags.checkpointer) await CheckpointTables.truncate(tx);
    });
  }
}
