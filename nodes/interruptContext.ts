/**
 * What a node can learn about how it was resumed and where it runs, from LangGraph's task
 * config: whether the resume value was keyed by the interrupt id (or sent bare), and whether
 * a checkpoint lies on the current checkpoint's lineage (its ancestors on this branch).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { ParentLookup } from "../checkpointers/types.js";

interface Scratchpad {
  resume?: unknown[];
}

/**
 * True when the value `interrupt()` is about to return was sent keyed by this interrupt's id
 * (`Command({resume: {[id]: value}})`); false for a bare `Command({resume: value})`. LangGraph
 * puts keyed values in the task's own resume list and a bare one in a shared "null resume",
 * so this must be read before `interrupt()` consumes it. Reading is not a side effect.
 */
export function replyIsKeyed(config: RunnableConfig): boolean {
  const pad = config.configurable?.__pregel_scratchpad as Scratchpad | undefined;
  return (pad?.resume?.length ?? 0) > 0;
}

/** How far back the lineage walk looks; an approval is used within a few steps of being given. */
const MAX_LINEAGE_STEPS = 256;

type ParentOf = (id: string) => Promise<string | null | undefined>;

/** A checkpoint's parent id: from the saver's cheap lookup when it has one, else from a full load. */
function parentLookup(saver: BaseCheckpointSaver, threadId: string, ns: string): ParentOf {
  const lookup = saver as Partial<ParentLookup>;
  if (typeof lookup.parentId === "function") return (id) => lookup.parentId!(threadId, ns, id);
  return async (id) => {
    const tuple = await saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } });
    return tuple ? (tuple.parentConfig?.configurable?.checkpoint_id ?? null) : undefined;
  };
}

/**
 * Whether `ancestorId` is the current checkpoint or one of its ancestors in this thread and
 * namespace. `unknown` when the graph runs without a checkpointer (nothing to compare).
 * The current checkpoint may still be in flight to the saver (writes are asynchronous), so
 * a missing current checkpoint is retried briefly before the walk gives up.
 */
export async function onLineage(config: RunnableConfig, ancestorId: string): Promise<"yes" | "no" | "unknown"> {
  const saver = config.configurable?.__pregel_checkpointer as BaseCheckpointSaver | undefined;
  const map = config.configurable?.checkpoint_map as Record<string, string> | undefined;
  const entries = map ? Object.entries(map) : [];
  const [ns, current] = entries.at(-1) ?? [];
  if (!saver || current === undefined || ns === undefined) return "unknown";
  if (current === ancestorId) return "yes";
  const parentOf = parentLookup(saver, config.configurable?.thread_id, ns);
  let id = current;
  for (let step = 0; step < MAX_LINEAGE_STEPS; step++) {
    let parent = await parentOf(id);
    for (let retry = 0; parent === undefined && step === 0 && retry < 20; retry++) {
      await new Promise((r) => setTimeout(r, 25));
      parent = await parentOf(id);
    }
    if (!parent) return "no";
    if (parent === ancestorId) return "yes";
    id = parent;
  }
  return "no";
}
