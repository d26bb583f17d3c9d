/**
 * Policy (CONTRACT §3): decides on the one frozen call: allow, deny, or ask the user.
 * It never creates or edits arguments. `allow` is recorded as an approval bound to the
 * exact invocation so the Tool node can check every execution against one rule.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import { approvalRequestMessage } from "../state/conversation.js";
import { currentCheckpointId, currentThreadId } from "./checkpointId.js";
import type { RunnableConfig } from "@langchain/core/runnables";

export type PolicyRoute = "Tool" | "Approval" | "Planner" | "Finalize";

export function routeAfterPolicy(state: AgentRunState): PolicyRoute {
  if (state.status === "failed") return "Finalize";
  if (state.status === "waiting_approval") return "Approval";
  return state.pendingToolCall ? "Tool" : "Planner";
}

export function createPolicyNode(rt: MiraRuntime) {
  return async function policy(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const call = state.pendingToolCall;
    if (!call) {
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "Policy reached with no frozen call" }), ...visit(state, "Policy", rt.agent) };
    }
    const verdict = rt.policy.classify(call);
    const trace = visit(state, "Policy", rt.agent, { toolCallId: call.toolCallId, decision: verdict.outcome, note: verdict.reason });
    switch (verdict.outcome) {
      case "allow":
        return {
          approvals: { toolId: call.toolId, toolCallId: call.toolCallId, inputHash: call.inputHash, threadId: currentThreadId(config), checkpointId: currentCheckpointId(config), decision: "policy_allow", reason: verdict.reason, at: new Date().toISOString() },
          ...trace,
        };
      case "ask":
        return { status: "waiting_approval", messages: approvalRequestMessage(call, verdict.reason), ...trace };
      case "deny": {
        const message = `${call.toolId} (${call.toolCallId}) ${verdict.reason}`;
        if (verdict.terminal) return { ...terminalStep({ recoverable: false, kind: "policy_denied", message }), ...trace };
        return { pendingToolCall: null, ...recoverableStep(state, "policy", { recoverable: true, kind: "rejected", message }, call), ...trace };
      }
    }
  };
}
