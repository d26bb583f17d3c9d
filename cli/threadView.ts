/**
 * A thread's latest state read straight from the checkpointer, with no graph, runtime or model:
 * `mira show`, `threads` and `approvals` need only this, so they never load the Harness,
 * LangChain's model integrations or the MCP SDK (tests/cli.startup.test.ts keeps it so).
 */
import { INTERRUPT } from "@langchain/langgraph-checkpoint";
import type { CheckpointStore } from "../checkpointers/index.js";
import { AgentRunAnnotation, type AgentRunState } from "../state/agentRun.js";
import { RunSettings } from "../state/types.js";
import { UsageError } from "../contract/errors.js";

export interface ThreadView {
  state: AgentRunState;
  checkpointId: string;
  /** A node of the latest checkpoint's step is paused in `interrupt()` (its write is saved). */
  interrupted: boolean;
  /** The SubAgent paused inside the run (its own checkpoint namespace), if any. */
  child: AgentRunState | null;
}

/** LangGraph's control writes of a task (what happened to it), as opposed to its output. */
const CONTROL_WRITES = new Set([INTERRUPT, "__resume__", "__error__", "__error_source_node__"]);

/** The SubAgent node's checkpoint namespace for one task (LangGraph's `<node>:<task id>`). */
const subAgentNamespace = (taskId: string) => `SubAgent:${taskId}`;

/**
 * Raw channel values as the graph would see them: a saver that stores only written channels
 * (the versioned SQLite saver, like the stock PostgreSQL one) leaves a never-written channel
 * out, so its default ([] for evidence, trace, ...) is put back here.
 */
function withDefaults(values: Record<string, unknown> | undefined): AgentRunState | undefined {
  if (!values) return undefined;
  const defaults = Object.entries(AgentRunAnnotation.spec).flatMap(([name, channel]) => {
    const make = (channel as { initialValueFactory?: () => unknown }).initialValueFactory;
    return values[name] === undefined && make ? [[name, make()]] : [];
  });
  return { ...Object.fromEntries(defaults), ...values } as unknown as AgentRunState;
}

/**
 * The latest persisted state of a thread, read straight from the checkpointer; null if
 * unknown. A delegation with a pending interrupt means the SubAgent paused: its state is
 * read from its own namespace (the parent's channels do not change until it returns).
 */
export async function readThread(store: CheckpointStore, threadId: string): Promise<ThreadView | null> {
  const tuple = await store.checkpointer.getTuple({ configurable: { thread_id: threadId } });
  if (!tuple) return null;
  const state = withDefaults(tuple.checkpoint.channel_values)!;
  const writes = tuple.pendingWrites ?? [];
  // A task that wrote its output got past its interrupt (its process died before the next
  // checkpoint): the thread is not waiting for that answer any more.
  const wroteOutput = (taskId: string) => writes.some(([task, channel]) => task === taskId && !CONTROL_WRITES.has(channel));
  const taskId = writes.find(([task, channel]) => channel === INTERRUPT && !wroteOutput(task))?.[0];
  const childTuple = taskId && state.delegation ? await store.checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: subAgentNamespace(taskId) } }) : undefined;
  const child = withDefaults(childTuple?.checkpoint.channel_values) ?? null;
  return { state, checkpointId: tuple.checkpoint.id, interrupted: taskId !== undefined, child };
}

/**
 * A thread that holds only its request: its process died before the first step was saved (or a
 * client created it and never ran it). Nothing ran, and the run's settings were never stored.
 */
export const stoppedBeforeFirstStep = (view: ThreadView): boolean => !view.state.settings && !(view.state.traceCount > 0);

export const stoppedBeforeFirstStepMessage = (threadId: string) =>
  `thread "${threadId}" stopped before its first step, so nothing ran; start it again with: mira run --thread ${threadId} TASK`;

export async function requireThread(store: CheckpointStore, threadId: string): Promise<ThreadView & { settings: RunSettings }> {
  const view = await readThread(store, threadId);
  if (!view) throw new UsageError(`unknown thread "${threadId}" in ${store.description}`);
  const settings = RunSettings.safeParse(view.state.settings);
  if (!settings.success && stoppedBeforeFirstStep(view)) throw new UsageError(stoppedBeforeFirstStepMessage(threadId));
  if (!settings.success) throw new UsageError(`thread "${threadId}" was not started by mira run (no run settings); inspect it with LangGraph Studio`);
  return { ...view, settings: settings.data };
}
