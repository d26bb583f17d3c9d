import type { Run, RunsStreamRepo } from "@langchain/langgraph-api/storage";
import { retrying } from "./db.js";
import { type CancelAction, type RunStreams } from "./runStreams.js";

/** What the stream repo needs of the runs repo (`PostgresRuns`). */
export interface RunRows {
  get(runId: string, threadId: string | undefined): Promise<Run | null>;
  cancel(threadId: string | undefined, runIds: string[], options: { action?: CancelAction }): Promise<void>;
  isLive(runId: string): Promise<boolean | null>;
}

/** Run streams across instances through Redis (`RunStreams`). */
export class PostgresRunStream implements RunsStreamRepo {
  constructor(
    private readonly runs: RunRows,
    private readonly streams: RunStreams,
  ) {}

  async *join(
    runId: string,
    threadId: string | undefined,
    options: { ignore404?: boolean; signal?: AbortSignal; cancelOnDisconnect?: boolean; lastEventId: string | undefined },
  ): AsyncGenerator<{ id?: string; event: string; data: unknown }> {
    const known = await this.runs.get(runId, threadId);
    if (!known) {
      if (!options.ignore404) yield { event: "error", data: { error: "Error", message: "404: Run not found" } };
      return;
    }
    yield* this.streams.follow(runId, {
      lastEventId: options.lastEventId,
      signal: options.signal,
      stillRunning: async () => (await this.runs.isLive(runId)) === true,
    });
    if (options.signal?.aborted && options.cancelOnDisconnect && threadId != null) {
      await this.runs.cancel(threadId, [runId], { action: "interrupt" });
    }
  }

  async publish(payload: { runId: string; resumable: boolean; event: string; data: unknown; normalized?: boolean }): Promise<void> {
    await retrying(() => this.streams.publish(payload.runId, payload.event, payload.data, payload.normalized));
  }
}
