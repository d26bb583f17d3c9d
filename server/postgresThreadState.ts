import type { StateSnapshot } from "@langchain/langgraph";
import { getGraph } from "@langchain/langgraph-api/graph";
import type { Thread, ThreadsStateRepo } from "@langchain/langgraph-api/storage";
import { HTTPException } from "hono/http-exception";
import type pg from "pg";

/** What the state repo needs of the threads repo (`PostgresThreads`). */
export interface ThreadRows {
  get(threadId: string): Promise<Thread>;
  assertIdle(threadId: string): Promise<void>;
  setValues(threadId: string, state: ThreadStateAfterUpdate): Promise<void>;
}

/** What a state update leaves: its values, and whether the graph still waits (next nodes or interrupts). */
export interface ThreadStateAfterUpdate {
  values: unknown;
  next: readonly string[];
  tasks: ReadonlyArray<{ id: string; interrupts?: readonly unknown[] }>;
}

/** Thread state through the graph (getState, updateState, history), as the official server does it. */
export class PostgresThreadState implements ThreadsStateRepo {
  constructor(
    private readonly pool: pg.Pool,
    private readonly threads: ThreadRows,
  ) {}

  private async graphOf(threadId: string | undefined, access: "threads.read" | "threads.update") {
    const thread = threadId ? await this.threads.get(threadId) : undefined;
    const graphId = thread?.metadata?.graph_id as string | undefined;
    if (!thread || graphId == null) return undefined;
    return { thread, graphId, graph: await getGraph(graphId, thread.config, { accessContext: access }) };
  }

  async get(config: Parameters<ThreadsStateRepo["get"]>[0], options: { subgraphs?: boolean }): Promise<StateSnapshot> {
    const found = await this.graphOf(config.configurable?.thread_id, "threads.read");
    if (!found) return { values: {}, next: [], config: {}, metadata: undefined, createdAt: undefined, parentConfig: undefined, tasks: [] };
    const result = await found.graph.getState(config, { subgraphs: options.subgraphs ?? false });
    if (result.metadata != null && "checkpoint_ns" in result.metadata && result.metadata["checkpoint_ns"] === "") delete result.metadata["checkpoint_ns"];
    return result;
  }

  async post(config: Parameters<ThreadsStateRepo["post"]>[0], values: Parameters<ThreadsStateRepo["post"]>[1], asNode: string | undefined) {
    const threadId = config.configurable?.thread_id;
    const found = await this.graphOf(threadId, "threads.update");
    if (!found) throw new HTTPException(404, { message: `Thread ${threadId} not found` });
    await this.threads.assertIdle(found.thread.thread_id);
    config.configurable ??= {};
    config.configurable.graph_id ??= found.graphId;
    const updateConfig = structuredClone(config);
    updateConfig.configurable ??= {};
    updateConfig.configurable.checkpoint_ns ??= "";
    const next = await found.graph.updateState(updateConfig, values, asNode);
    const state = await this.get(config, { subgraphs: false });
    await this.threads.setValues(found.thread.thread_id, state);
    return { checkpoint: next.configurable };
  }

  async bulk(config: Parameters<ThreadsStateRepo["bulk"]>[0], supersteps: Parameters<ThreadsStateRepo["bulk"]>[1]) {
    const threadId = config.configurable?.thread_id;
    if (!threadId) return [];
    const found = await this.graphOf(threadId, "threads.update");
    if (!found) throw new HTTPException(400, { message: `Thread ${threadId} has no graph ID` });
    await this.threads.assertIdle(threadId);
    config.configurable ??= {};
    config.configurable.graph_id ??= found.graphId;
    const updateConfig = structuredClone(config);
    updateConfig.configurable ??= {};
    updateConfig.configurable.checkpoint_ns ??= "";
    const { Command } = await import("@langchain/langgraph");
    const next = await found.graph.bulkUpdateState(
      updateConfig,
      supersteps.map((s) => ({
        updates: s.updates.map((u) => ({ values: u.command != null ? new Command(u.command as ConstructorParameters<typeof Command>[0]) : u.values, asNode: u.as_node })),
      })),
    );
    const state = await this.get(config, { subgraphs: false });
    await this.threads.setValues(threadId, state);
    return { checkpoint: next.configurable };
  }

  async list(config: Parameters<ThreadsStateRepo["list"]>[0], options: Parameters<ThreadsStateRepo["list"]>[1]): Promise<StateSnapshot[]> {
    const found = await this.graphOf(config.configurable?.thread_id, "threads.read");
    if (!found) return [];
    const before = typeof options?.before === "string" ? { configurable: { checkpoint_id: options.before } } : options?.before;
    const states: StateSnapshot[] = [];
    for await (const state of found.graph.getStateHistory(config, { limit: options?.limit ?? 10, before, filter: options?.metadata })) states.push(state);
    return states;
  }
}
