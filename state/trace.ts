/** Trace entries: one per node visit, numbered across the whole run. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import type { TraceEntry } from "./types.js";
import { redactSecrets } from "../contract/redact.js";

/** The trace entry of one node visit. */
export function visit(
  state: Pick<AgentRunState, "traceCount">,
  node: string,
  agent: string,
  extra: Partial<Pick<TraceEntry, "decision" | "toolCallId" | "note">> = {},
): Pick<AgentRunUpdate, "trace" | "traceCount"> {
  const seq = state.traceCount + 1;
  const note = extra.note === undefined ? {} : { note: redactSecrets(extra.note) };
  return { trace: [{ seq, node, agent, at: new Date().toISOString(), ...extra, ...note }], traceCount: seq };
}

/** A progress event on LangGraph's `custom` stream: one per node visit, the visit's trace entry. */
export type ProgressEvent = { kind: "progress" } & TraceEntry;

type Node = (state: AgentRunState, config: LangGraphRunnableConfig) => Promise<AgentRunUpdate>;

/** Wraps a node so the trace entries it returns are also streamed as progress events. */
export function reportingProgress(node: Node): Node {
  return async (state, config) => {
    const update = await node(state, config);
    for (const entry of ([] as TraceEntry[]).concat((update.trace as TraceEntry[] | TraceEntry | undefined) ?? [])) {
      config.writer?.({ kind: "progress", ...entry } satisfies ProgressEvent);
    }
    return update;
  };
}
