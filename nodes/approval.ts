/**
 * Approval (CONTRACT §3): pauses with `interrupt()` whose payload is the frozen
 * invocation, and accepts only a decision that names that exact invocation
 * (`toolCallId + inputHash`). A mismatch is a terminal approval inconsistency: nothing
 * runs. `edit` never changes the tool; it makes a new invocation that is normalized and
 * asked again. The node re-runs from its first line on resume, so nothing precedes
 * `interrupt()`.
 */
import { interrupt } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import type { MiraRuntime } from "../runtime/runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { declineChange, readTaskFrame } from "../state/taskFrame.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import { ApprovalResume, type PendingToolCall } from "../state/types.js";
import { currentCheckpointId, currentThreadId } from "./checkpointId.js";

/** What a paused run shows the user (and what `mira resume` must echo back). */
export interface ApprovalRequest {
  kind: "approval";
  call: PendingToolCall;
  checkpointId: string | null;
  /** Whose call it is: `main` or a SubAgent's id (the parent relays a child's request). */
  agent: string;
}

export type ApprovalRoute = "Tool" | "Normalize" | "Planner" | "Finalize";

export function routeAfterApproval(state: AgentRunState): ApprovalRoute {
  if (state.status === "failed") return "Finalize";
  if (state.pendingToolCall) return "Tool";
  return state.nextAction?.type === "use_tool" ? "Normalize" : "Planner";
}

export function createApprovalNode(rt: MiraRuntime) {
  return async function approval(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const call = state.pendingToolCall;
    if (!call) {
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "approval requested with no frozen call" }), ...visit(state, "Approval", rt.agent) };
    }
    const checkpointId = currentCheckpointId(config);
    const answer: unknown = interrupt({ kind: "approval", call, checkpointId, agent: rt.agent } satisfies ApprovalRequest);

    const inconsistent = (message: string) => ({
      ...terminalStep({ recoverable: false, kind: "approval_inconsistency", message }),
      ...visit(state, "Approval", rt.agent, { toolCallId: call.toolCallId, decision: "inconsistent", note: message }),
    });
    const parsed = ApprovalResume.safeParse(answer);
    if (!parsed.success) return inconsistent(`resume value is not an approval decision: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
    const decision = parsed.data;
    if (decision.toolCallId !== call.toolCallId || decision.inputHash !== call.inputHash) {
      return inconsistent(
        `decision names ${decision.toolCallId}/${decision.inputHash.slice(0, 12)} but the frozen call is ${call.toolCallId}/${call.inputHash.slice(0, 12)}; nothing was executed`,
      );
    }
    const record = {
      toolId: call.toolId,
      toolCallId: call.toolCallId,
      inputHash: call.inputHash,
      threadId: currentThreadId(config),
      checkpointId,
      decision: decision.decision,
      reason: decision.reason,
      ...("signature" in decision && decision.signature ? { signature: decision.signature } : {}),
      at: new Date().toISOString(),
    };
    const resumed = { approvals: record, status: "running" as const, ...visit(state, "Approval", rt.agent, { toolCallId: call.toolCallId, decision: decision.decision }) };
    switch (decision.decision) {
      case "approve":
        return resumed;
      case "reject": {
        const reason = decision.reason ?? "rejected by the user";
        if (rt.policy.rejectEndsRun) {
          return { ...resumed, ...terminalStep({ recoverable: false, kind: "policy_denied", message: `${call.toolId} (${call.toolCallId}) rejected and the policy ends the run on rejection: ${reason}` }) };
        }
        return {
          ...resumed,
          pendingToolCall: null,
          nextAction: null,
          taskFrame: call.riskClass === "read" ? state.taskFrame : declineChange(readTaskFrame(state.taskFrame), reason),
          ...recoverableStep(state, "approval", { recoverable: true, kind: "rejected", message: `the user rejected ${call.toolId} (${call.toolCallId}): ${reason}` }, call),
        };
      }
      case "edit": {
        const edits = state.approvals.filter((a) => a.decision === "edit").length + 1;
        return {
          ...resumed,
          pendingToolCall: null,
          nextAction: { type: "use_tool", toolId: call.toolId, toolCallId: `${call.toolCallId}~edit${edits}`, input: decision.input },
        };
      }
    }
  };
}
