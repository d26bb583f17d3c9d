/**
 * Driving a run from the CLI: open the checkpoint store, build the runtime from the run's
 * settings (stored in state, so any process can resume), stream node visits, and report.
 */
import type { Command, StateSnapshot } from "@langchain/langgraph";
import { buildMiraGraph } from "../graphs/mira.js";
import type { CheckpointStore } from "../checkpointers/index.js";
import { createRuntime, recursionLimitFor } from "../runtime/createRuntime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { RunSettings, type TraceEntry } from "../state/types.js";
import { UsageError } from "./errors.js";
import { formatTraceEntry, summarize, type RunSummary } from "./summary.js";

export type Printer = (line: string) => void;

export function compileFor(store: CheckpointStore, settings: RunSettings, modelCallsSoFar = 0) {
  const rt = createRuntime(settings, store.ledger, { modelCallsSoFar });
  return buildMiraGraph(rt).compile({ checkpointer: store.checkpointer });
}
export type MiraApp = ReturnType<typeof compileFor>;

export const threadConfig = (threadId: string, maxSteps: number) => ({ configurable: { thread_id: threadId }, recursionLimit: recursionLimitFor(maxSteps) });

/** The latest persisted state of a thread, read straight from the checkpointer; null if unknown. */
export async function readThread(store: CheckpointStore, threadId: string): Promise<AgentRunState | null> {
  const tuple = await store.checkpointer.getTuple({ configurable: { thread_id: threadId } });
  if (!tuple) return null;
  return tuple.checkpoint.channel_values as unknown as AgentRunState;
}

export async function requireThread(store: CheckpointStore, threadId: string): Promise<{ state: AgentRunState; settings: RunSettings }> {
  const state = await readThread(store, threadId);
  if (!state) throw new UsageError(`unknown thread "${threadId}" in ${store.description}`);
  const settings = RunSettings.safeParse(state.settings);
  if (!settings.success) throw new UsageError(`thread "${threadId}" was not started by mira run (no run settings); inspect it with LangGraph Studio`);
  return { state, settings: settings.data };
}

/** Streams a run (or a resume) to its next pause or end, printing each node visit. */
export async function drive(app: MiraApp, input: AgentRunUpdate | Command, threadId: string, maxSteps: number, print: Printer | null): Promise<RunSummary> {
  const config = threadConfig(threadId, maxSteps);
  // A resume Command is typed by node names; ours carries only a resume map.
  const stream = await app.stream(input as Parameters<MiraApp["stream"]>[0], { ...config, streamMode: "updates" });
  for await (const chunk of stream) {
    for (const [node, update] of Object.entries(chunk as Record<string, AgentRunUpdate | undefined>)) {
      if (node === "__interrupt__" || !print || !update) continue;
      const entries = ([] as TraceEntry[]).concat((update.trace as TraceEntry[] | TraceEntry | undefined) ?? []);
      entries.forEach((e) => print(formatTraceEntry(e)));
    }
  }
  return summarize(threadId, (await app.getState(config)) as StateSnapshot);
}

/** Interrupt ids of a paused thread, so a resume answers exactly those interrupts. */
export function pendingInterrupts(snapshot: StateSnapshot): string[] {
  return snapshot.tasks.flatMap((t) => t.interrupts ?? []).flatMap((i) => (i.id ? [i.id] : []));
}
