/**
 * A thread's latest state read straight from the store, with no graph, runtime or model.
 * `mira show`, `threads` and `approvals` read it through the light row reader
 * (checkpointers/rowReader.ts), so they load neither LangGraph nor LangChain
 * (tests/cli.startup.test.ts keeps it so); `run`, `resume` and `cancel` pass their open
 * checkpoint store and read the same view through its saver.
 */
import type { CheckpointStore } from "../checkpointers/index.js";
import type { StoredCheckpoint, ThreadRows } from "../checkpointers/rowReader.js";
import type { AgentRunState } from "../state/agentRun.js";
import { AGENT_RUN_SCHEMA_VERSION, RunSettings } from "../state/types.js";
import { UsageError } from "../contract/errors.js";

/**
 * A run's state as stored. Read through the row reader, `messages` holds LangChain's
 * serialized form of each message (`{lc, type, id, kwargs}`), not message objects: the views
 * never read it.
 */
export type StoredRunState = Omit<AgentRunState, "messages"> & { messages: unknown[] };

/** Read through a store's saver, the state holds message objects; through the rows, their stored data. */
export interface ThreadView<State = StoredRunState> {
  state: State;
  checkpointId: string;
  /** A node of the latest checkpoint's step is paused in `interrupt()` (its write is saved). */
  interrupted: boolean;
  /** The SubAgent paused inside the run (its own checkpoint namespace), if any. */
  child: State | null;
}

/** Where a view is read from: the rows, or a store's saver. */
type Source = ThreadRows | CheckpointStore;

/** LangGraph's control writes of a task (what happened to it), as opposed to its output (`INTERRUPT` is `__interrupt__`). */
const INTERRUPT = "__interrupt__";
const CONTROL_WRITES = new Set([INTERRUPT, "__resume__", "__error__", "__error_source_node__"]);

/**
 * Each channel's default, as AgentRunAnnotation (state/agentRun.ts) declares it: a saver that
 * stores only written channels leaves a never-written one out, and the graph would see its
 * default. Written out here so reading loads no LangGraph; tests/threadReader.test.ts holds
 * it equal to the annotation's.
 */
export const CHANNEL_DEFAULTS: Record<keyof AgentRunState, () => unknown> = {
  messages: () => [],
  schemaVersion: () => AGENT_RUN_SCHEMA_VERSION,
  goal: () => "",
  taskFrame: () => ({ goals: [], content: [], notes: [] }),
  status: () => "running",
  nextAction: () => null,
  pendingToolCall: () => null,
  approvals: () => [],
  observations: () => [],
  evidence: () => [],
  evidenceCount: () => 0,
  recovery: () => ({ attemptCount: 0, maxAttempts: 3, exhausted: false }),
  loadout: () => [],
  delegation: () => null,
  workPackage: () => null,
  subagentResults: () => [],
  finalization: () => null,
  trace: () => [],
  traceCount: () => 0,
  toolResult: () => null,
  step: () => 0,
  turn: () => 0,
  modelCalls: () => 0,
  settings: () => null,
  finishReason: () => null,
  answer: () => null,
  error: () => null,
};

/** Raw channel values as the graph would see them: a never-written channel gets its default. */
function withDefaults(values: Record<string, unknown>): StoredRunState {
  const defaults = Object.entries(CHANNEL_DEFAULTS).flatMap(([name, make]) => (values[name] === undefined ? [[name, make()]] : []));
  return { ...Object.fromEntries(defaults), ...values } as unknown as StoredRunState;
}

/**
 * What a listing (`threads`, `approvals`) reads of a thread and of its paused SubAgent: the
 * status, the call or question it waits on, the goal, and the delegation that leads to the
 * child. Not the evidence, trace or messages, which are most of a checkpoint.
 */
export const LISTING_CHANNELS: ReadonlySet<keyof AgentRunState> = new Set(["status", "goal", "pendingToolCall", "nextAction", "delegation"]);
/** All a listing shows of a thread that waits on nothing (most of a store): its status and goal. */
const SETTLED_CHANNELS: ReadonlySet<keyof AgentRunState> = new Set(["status", "goal"]);

/** The latest checkpoint of a thread's graph (root, or a SubAgent's namespace); rows may read only `channels`. */
async function latest(source: Source, threadId: string, ns = "", channels?: ReadonlySet<string>): Promise<StoredCheckpoint | undefined> {
  if (!("checkpointer" in source)) return source.checkpoint(threadId, ns, undefined, channels);
  const tuple = await source.checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns } });
  return tuple && { checkpointId: tuple.checkpoint.id, values: tuple.checkpoint.channel_values, pendingWrites: tuple.pendingWrites ?? [] };
}

/** The SubAgent node's checkpoint namespace for one task (LangGraph's `<node>:<task id>`). */
const subAgentNamespace = (taskId: string) => `SubAgent:${taskId}`;

/**
 * The latest persisted state of a thread, read straight from the store; null if unknown.
 * A delegation with a pending interrupt means the SubAgent paused: its state is read from
 * its own namespace (the parent's channels do not change until it returns).
 */
export function readThread(source: CheckpointStore, threadId: string): Promise<ThreadView<AgentRunState> | null>;
export function readThread(source: ThreadRows, threadId: string): Promise<ThreadView | null>;
export function readThread(source: Source, threadId: string): Promise<ThreadView | null> {
  return viewOf(source, threadId);
}

/**
 * A thread's view for a listing, read from the rows: its status and goal, and when it waits (a
 * call, a question, a paused SubAgent) the rest of LISTING_CHANNELS; every other channel holds
 * its default (summarize's status, pending call and question are exact).
 */
export async function readListedThread(source: ThreadRows, threadId: string): Promise<ThreadView | null> {
  const settled = await viewOf(source, threadId, SETTLED_CHANNELS);
  const waits = settled && (settled.interrupted || settled.state.status === "waiting_approval" || settled.state.status === "waiting_user");
  return waits ? viewOf(source, threadId, LISTING_CHANNELS) : settled;
}

async function viewOf(source: Source, threadId: string, channels?: ReadonlySet<string>): Promise<ThreadView | null> {
  const stored = await latest(source, threadId, "", channels);
  if (!stored) return null;
  const state = withDefaults(stored.values);
  const writes = stored.pendingWrites;
  // A task that wrote its output got past its interrupt (its process died before the next
  // checkpoint): the thread is not waiting for that answer any more.
  const wroteOutput = (taskId: string) => writes.some(([task, channel]) => task === taskId && !CONTROL_WRITES.has(channel));
  const taskId = writes.find(([task, channel]) => channel === INTERRUPT && !wroteOutput(task))?.[0];
  const childStored = taskId && state.delegation ? await latest(source, threadId, subAgentNamespace(taskId), channels) : undefined;
  const child = childStored ? withDefaults(childStored.values) : null;
  return { state, checkpointId: stored.checkpointId, interrupted: taskId !== undefined, child };
}

/**
 * A thread that holds only its request: its process died before the first step was saved (or a
 * client created it and never ran it). Nothing ran, and the run's settings were never stored.
 */
export const stoppedBeforeFirstStep = (view: ThreadView<Omit<StoredRunState, "messages">>): boolean => !view.state.settings && !(view.state.traceCount > 0);

export const stoppedBeforeFirstStepMessage = (threadId: string) =>
  `thread "${threadId}" stopped before its first step, so nothing ran; start it again with: mira run --thread ${threadId} TASK`;

export function requireThread(source: CheckpointStore, threadId: string): Promise<ThreadView<AgentRunState> & { settings: RunSettings }>;
export function requireThread(source: ThreadRows, threadId: string): Promise<ThreadView & { settings: RunSettings }>;
export async function requireThread(source: Source, threadId: string): Promise<ThreadView & { settings: RunSettings }> {
  const view = await viewOf(source, threadId);
  if (!view) throw new UsageError(`unknown thread "${threadId}" in ${source.description}`);
  const settings = RunSettings.safeParse(view.state.settings);
  if (!settings.success && stoppedBeforeFirstStep(view)) throw new UsageError(stoppedBeforeFirstStepMessage(threadId));
  if (!settings.success) throw new UsageError(`thread "${threadId}" was not started by mira run (no run settings); inspect it with LangGraph Studio`);
  return { ...view, settings: settings.data };
}
