/**
 * Finalize (CONTRACT §2, §4): sets the outcome and closes the trace. Terminal failures
 * arrive here directly (failed/error); everything else completes with `stop`, including a
 * guarded answer after exhausted recovery.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { failureMessage } from "../state/conversation.js";
import { visit } from "../state/trace.js";

export function createFinalizeNode(rt: MiraRuntime) {
  return async function finalize(state: AgentRunState): Promise<AgentRunUpdate> {
    const failed = state.status === "failed" || state.error !== null;
    return {
      status: failed ? "failed" : "completed",
      finishReason: failed ? "error" : (state.finishReason ?? "stop"),
      pendingToolCall: null,
      ...(failed && state.error ? { messages: failureMessage(state.error) } : {}),
      ...visit(state, "Finalize", rt.agent, { decision: failed ? "failed" : "completed" }),
    };
  };
}
