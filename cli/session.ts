/**
 * Driving a run from the CLI: open the checkpoint store, build the runtime from the run's
 * settings (stored in state, so any process can resume), stream node visits, and report.
 * Only the commands that advance a run load this (and so LangGraph, the Harness and the model).
 */
import { INTERRUPT, type Command, type StateSnapshot } from "@langchain/langgraph";
import { buildMiraGraph } from "../graphs/mira.js";
import type { CheckpointStore } from "../checkpointers/index.js";
import { createRuntime, loadSkills, recursionLimitFor, resolveWorkspace } from "../runtime/createRuntime.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { openHarness } from "../runtime/toolSources.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import type { RunSettings, TraceEntry } from "../state/types.js";
import { summarize, treeLines, type RunSummary } from "./summary.js";
import type { Printer } from "./io.js";
import { markDriven } from "./runMark.js";

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
    const rt = await createRuntime(settings, store.ledger, { modelCallsSoFar, harness: tools.harness, skills });
    return await fn(compile(store, rt), rt);
  } finally {
    await tools.close();
  }
}

export const threadConfig = (threadId: string, maxSteps: number) => ({ configurable: { thread_id: threadId }, recursionLimit: recursionLimitFor(maxSteps) });

/**
 * Streams a run, a resume, or (input null) the continuation of an unfinished step to its
 * next pause or end, printing each node visit as it happens, a SubAgent's included (its
 * visits come from its own namespace; the parent's `SubAgent` update repeats them and is skipped).
 */
export async function drive(app: MiraApp, input: AgentRunUpdate | Command | null, threadId: string, maxSteps: number, print: Printer | null): Promise<RunSummary> {
  markDriven();
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
