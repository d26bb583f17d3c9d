/** Trace entries: one per node visit, numbered across the whole run. */
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import type { TraceEntry } from "./types.js";

export function visit(
  state: Pick<AgentRunState, "traceCount">,
  node: string,
  agent: string,
  extra: Partial<Pick<TraceEntry, "decision" | "toolCallId" | "note">> = {},
): Pick<AgentRunUpdate, "trace" | "traceCount"> {
  const seq = state.traceCount + 1;
  return { trace: [{ seq, node, agent, at: new Date().toISOString(), ...extra }], traceCount: seq };
}
