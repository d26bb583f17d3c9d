/** Trace entries: one per node visit, numbered across the whole run. */
import { getWriter } from "@langchain/langgraph";
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import type { TraceEntry } from "./types.js";

/** The trace entry of one node visit; the visit is also streamed as a `custom` progress event. */
export function visit(
  state: Pick<AgentRunState, "traceCount">,
  node: string,
  agent: string,
  extra: Partial<Pick<TraceEntry, "decision" | "toolCallId" | "note">> = {},
): Pick<AgentRunUpdate, "trace" | "traceCount"> {
  const seq = state.traceCount + 1;
  const entry = { seq, node, agent, at: new Date().toISOString(), ...extra };
  // Progress for clients streaming in `custom` mode; nothing listens outside a graph run.
  progressWriter()?.({ kind: "progress", ...entry });
  return { trace: [entry], traceCount: seq };
}

/** LangGraph's custom-stream writer of the running node, if any. */
function progressWriter(): ((chunk: unknown) => void) | undefined {
  try {
    return getWriter();
  } catch {
    return undefined;
  }
}
