import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * The id of the checkpoint the current task was scheduled from (the one a paused run
 * sits at). LangGraph passes it in `checkpoint_map`, innermost namespace last.
 */
export function currentCheckpointId(config: RunnableConfig): string | null {
  const map = config.configurable?.checkpoint_map as Record<string, string> | undefined;
  const ids = map ? Object.values(map) : [];
  return ids.at(-1) ?? null;
}

/** The thread the current task runs in; "unthreaded" for a graph compiled without a checkpointer. */
export function currentThreadId(config: RunnableConfig): string {
  return String(config.configurable?.thread_id ?? "unthreaded");
}
