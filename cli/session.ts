/**
 * Driving a run from the CLI: open the checkpoint store, build the runtime from the run's
 * settings (stored in state, so any process can resume), stream node visits, and report.
 */
import { INTERRUPT, type Command, type StateSnapshot } from "@langchain/langgraph";
import { buildMiraGraph } from "../graphs/mira.js";
import type { CheckpointStore } from "../checkpointers/index.js";
import { createRuntime, loadSkills, recursionLimitFor, resolveWorkspace } from "../runtime/createRuntime.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { openHarness } from "../runtime/toolSources.js";
import { AgentRunAnnotation, type AgentRunState, type AgentRunUpdate } from "../state/agentRun.js";
import { RunSettings, type TraceEntry } from "../state/types.js";
import { summarize, treeLines, type RunSummary } from "./summary.js";
import { UsageError } from "../contract/errors.js";

export type Printer = (line: string) => void;

function compile(store: CheckpointStore, rt: MiraRuntime) {
  return buildMiraGraph(rt).compile({ checkpointer: store.checkpointer });
}
export type MiraApp = ReturnType<typeof compile>;

/**
 * Builds the run's runtime (tools, MCP servers, model, policy) and graph, hands it to `fn`,
 * and always stops the MCP servers afterwards.
 */
export async function withApp<T>(store: CheckpointStore, settings: RunSettings, modelCallsSoFar: number, fn: (app: MiraApp, rt: MiraRuntime) => Promise<T>): Promise<T> {
  const skills = loadSkills(settings);
  const tools = await openHarness({ catalog: settings.catalog ?? null, mcpConfig: settings.mcpConfig ?? null, skills: skills.profiles(resolveWorkspace(settings.workspace)) });
  // The run's first lines say which MCP servers are missing and why (never silently absent).
  for (const line of tools.notReady) process.stderr.write(`mira: ${line}\n`);
  try {
    const rt = createRuntime(settings, store.ledger, { modelCallsSoFar, harness: tools.harness, skills });
    return await fn(compile(store, rt), rt);
  } finally {
    await tools.close();
  }
}

export const threadConfig = (threadId: string, maxSteps: number) => ({ configurable: { thread_id: threadId }, recursionLimit: recursionLimitFor(maxSteps) });

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
 * The latest persisted state of a thread, read straight from the checkpointer; null if
 * unknown. A delegation with a pending interrupt means the SubAgent paused: its state is
 * read from its own namespace (the parent's channels do not change until it returns).
 */
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

/**
 * Streams a run, a resume, or (input null) the continuation of an unfinished step to its
 * next pause or end, printing each node visit as it happens, a SubAgent's included (its
 * visits come from its own namespace; the parent's `SubAgent` update repeats them and is skipped).
 */
export async function drive(app: MiraApp, input: AgentRunUpdate | Command | null, threadId: string, maxSteps: number, print: Printer | null): Promise<RunSummary> {
  const config = threadConfig(threadId, maxSteps);
  // A resume Command is typed by node names; ours carries only a resume map.
  // "sync": each step's checkpoint is saved before the next step starts, so a process killed
  // inside Tool always leaves the approval's checkpoint behind, and resume continues from it.
  const stream = await app.stream(input as Parameters<MiraApp["stream"]>[0], { ...config, streamMode: "updates", durability: "sync", subgraphs: true });
  let lastAgent = "main";
  for await (const [namespace, chunk] of stream as AsyncIterable<[string[], Record<string, AgentRunUpdate | undefined>]>) {
    for (const [node, update] of Object.entries(chunk)) {
      if (node === INTERRUPT || !print || !update || (namespace.length === 0 && node === "SubAgent")) continue;
      for (const e of ([] as TraceEntry[]).concat((update.trace as TraceEntry[] | TraceEntry | undefined) ?? [])) {
        treeLines(lastAgent, e).forEach(print);
        lastAgent = e.agent;
      }
    }
  }
  const snapshot = (await app.getState(config, { subgraphs: true })) as StateSnapshot;
  return summarize(threadId, snapshot.values as AgentRunState, (snapshot.config.configurable?.checkpoint_id as string | undefined) ?? null, pausedChild(snapshot));
}

/** The state of the SubAgent paused inside a snapshot read with `subgraphs: true`, if any. */
export function pausedChild(snapshot: StateSnapshot): AgentRunState | null {
  const task = snapshot.tasks.find((t) => t.name === "SubAgent" && t.interrupts.length > 0);
  return ((task?.state as StateSnapshot | undefined)?.values as AgentRunState | undefined) ?? null;
}

/**
 * Interrupt ids of a paused thread, so a resume answers exactly those interrupts. A task with
 * a result already got its answer (its checkpoint was not saved before its process died).
 */
export function pendingInterrupts(snapshot: StateSnapshot): string[] {
  return snapshot.tasks.filter((t) => t.result === undefined).flatMap((t) => t.interrupts ?? []).flatMap((i) => (i.id ? [i.id] : []));
}
