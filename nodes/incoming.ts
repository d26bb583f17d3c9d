/**
 * Incoming (CONTRACT §3, chat while waiting): the first node of every run that starts with
 * new input. On a thread paused for approval, the new message rejects the pending call with
 * itself as the reason (recorded like any rejection; the call never runs) and then starts a
 * new turn, planned from the message. On a thread paused on a question, a chat message is
 * the answer. Anywhere else it does nothing. Resumes never pass here (they continue the
 * interrupted node).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { readWaitingInput } from "../state/input.js";
import { recoverableStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import { rejectionRecord } from "./approval.js";
import { applyAnswer } from "./askUser.js";

/**
 * Where a run's new input goes first: Incoming only when the thread waits on a call or a
 * question; otherwise straight to the Planner, so a fresh turn costs no extra step or checkpoint.
 */
export const routeFromStart = (state: AgentRunState): "Incoming" | "Planner" => (readWaitingInput(state) ? "Incoming" : "Planner");

export function createIncomingNode(rt: MiraRuntime) {
  return async function incoming(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const input = readWaitingInput(state);
    if (!input) return {};
    switch (input.kind) {
      case "answer":
        return applyAnswer(rt, state, input.text, false);
      case "new_turn":
        // `step: 0` makes the Planner start a turn from the new request.
        return { step: 0, status: "running", nextAction: null, ...visit(state, "Incoming", rt.agent, { decision: "new_turn", note: "a new request while a question waited" }) };
      case "reject_pending": {
        const call = state.pendingToolCall!;
        const message = `the user sent a new message instead of deciding on ${call.toolId} (${call.toolCallId}): ${input.reason}`;
        return {
          approvals: rejectionRecord(call, config, input.reason),
          pendingToolCall: null,
          nextAction: null,
          status: "running",
          step: 0,
          ...recoverableStep(state, "approval", { recoverable: true, kind: "rejected", message }, call),
          ...visit(state, "Incoming", rt.agent, { toolCallId: call.toolCallId, decision: "reject", note: input.reason.slice(0, 120) }),
        };
      }
    }
  };
}
