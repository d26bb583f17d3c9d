/**
 * Approval (CONTRACT §3): pauses with `interrupt()` whose value is the frozen invocation in
 * the ecosystem's request shape (protocol/approvalReply.ts), and applies a reply only to
 * that invocation. Mira's decision must name the exact `toolCallId + inputHash` (a mismatch
 * is a terminal approval inconsistency); an ecosystem reply that names another call, is
 * malformed, or is no reply at all, is refused with a note in the conversation and the trace,
 * and the run keeps waiting on the same call. `edit` never changes the tool; its input is read
 * through the tool's schema (text coerced to booleans and numbers) and, if still invalid,
 * refused the same way; a valid edit is a new invocation, normalized and asked again. A
 * cancel reply (or `goto: END`) ends the run as `cancelled`. The node re-runs from its first
 * line on resume, so nothing precedes `interrupt()` (reading how the reply was keyed is not
 * a side effect).
 */
import { AIMessage } from "@langchain/core/messages";
import { END, interrupt } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { approvalDecisionMessage } from "../state/conversation.js";
import { declineChange, followEdit, readTaskFrame } from "../state/taskFrame.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import type { ApprovalRecord, PendingToolCall } from "../state/types.js";
import { approvalRequest, readApprovalReply } from "../protocol/approvalReply.js";
import { APPROVAL_KEY_ENV, approvalKey, verifyApproval } from "../protocol/approvalSignature.js";
import { settingsDiffer } from "../config/runConfig.js";
import { currentCheckpointId, currentThreadId } from "./checkpointId.js";
import { readEditedInput } from "./editInput.js";
import { replyIsKeyed } from "./interruptContext.js";

export type { ApprovalRequest } from "../protocol/approvalReply.js";

export type ApprovalRoute = "Approval" | "Tool" | "Normalize" | "Planner" | "Finalize" | typeof END;

export function routeAfterApproval(state: AgentRunState): ApprovalRoute {
  if (state.status === "cancelled") return END;
  if (state.status === "failed") return "Finalize";
  if (state.status === "waiting_approval") return "Approval";
  if (state.pendingToolCall) return "Tool";
  return state.nextAction?.type === "use_tool" ? "Normalize" : "Planner";
}

/** The authenticated user who sent this reply; the server stamps it on the run's config (never the client). */
function approver(config: RunnableConfig): { approvedBy?: string } {
  const id = config.configurable?.langgraph_auth_user_id;
  return typeof id === "string" && id !== "" ? { approvedBy: id } : {};
}

export function createApprovalNode(rt: MiraRuntime) {
  return async function approval(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const call = state.pendingToolCall;
    if (!call) {
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "approval requested with no frozen call" }), ...visit(state, "Approval", rt.agent) };
    }
    const checkpointId = currentCheckpointId(config);
    const keyed = replyIsKeyed(config);
    const answer: unknown = interrupt(approvalRequest(call, checkpointId, rt.agent, state.settings?.approvalShape ?? "hitl"));

    // Back to the same interrupt: the call stays frozen and pending, nothing runs; the person sees why.
    const refuse = (note: string): AgentRunUpdate => ({
      status: "waiting_approval",
      messages: new AIMessage(`Reply refused: ${note}`),
      ...visit(state, "Approval", rt.agent, { toolCallId: call.toolCallId, decision: "refused", note }),
    });
    const strict = Boolean(state.settings?.strictReplies || rt.settings?.strictReplies);
    const reply = readApprovalReply(call, answer, { keyed, strict });
    // Ending the request runs nothing, so it needs no settings match (Agent Inbox's "Mark as
    // Resolved" reaches the server with the thread's config, not the assistant's).
    if (reply.kind === "cancel") return cancelRun(state, rt.agent, `${call.toolId} (${call.toolCallId}) was not executed${reply.reason ? `: ${reply.reason}` : ""}`, call.toolCallId);
    if (reply.kind === "superseded") {
      const ended = supersededRun(state, rt.agent, `${call.toolId} (${call.toolCallId}) rejected, not executed`, reply.reason, call.toolCallId);
      return { ...ended, approvals: rejectionRecord(call, config, reply.reason) };
    }
    const moved = settingsDiffer(state.settings, rt.settings);
    // A resume built with other settings would run the call somewhere else.
    if (moved) return refuse(`this resume runs with other settings than the run (${moved}); resume with the run's configuration; nothing was executed`);
    if (reply.kind === "inconsistent") {
      return {
        ...terminalStep({ recoverable: false, kind: "approval_inconsistency", message: reply.message }),
        ...visit(state, "Approval", rt.agent, { toolCallId: call.toolCallId, decision: "inconsistent", note: reply.message }),
      };
    }
    if (reply.kind === "refused") return refuse(reply.message);
    // A reply that fails its signature is refused like any other bad reply: the run keeps waiting.
    const key = approvalKey();
    const binding = { toolId: call.toolId, toolCallId: call.toolCallId, inputHash: call.inputHash, threadId: currentThreadId(config), checkpointId };
    if (key && reply.kind === "approve" && !verifyApproval(key, binding, reply.signature)) {
      return refuse(`the approval is not signed, or its signature does not match this call (${APPROVAL_KEY_ENV} is set); nothing was executed, the call still waits`);
    }
    let editedInput: Record<string, unknown> | undefined;
    if (reply.kind === "edit") {
      const edited = readEditedInput(rt.harness.get(call.toolId), reply.input);
      if (!edited.ok) return refuse(`${edited.message}; the original call stays pending, nothing was executed`);
      editedInput = edited.input;
    }
    const record: ApprovalRecord = {
      toolId: call.toolId,
      toolCallId: call.toolCallId,
      inputHash: call.inputHash,
      threadId: currentThreadId(config),
      checkpointId,
      decision: reply.kind,
      reason: reply.reason,
      ...(reply.kind === "approve" && reply.signature ? { signature: reply.signature } : {}),
      ...approver(config),
      at: new Date().toISOString(),
    };
    const resumed = {
      approvals: record,
      messages: approvalDecisionMessage(record),
      status: "running" as const,
      ...visit(state, "Approval", rt.agent, { toolCallId: call.toolCallId, decision: reply.kind, note: reply.via === "mira" ? undefined : `${reply.via} reply` }),
    };
    switch (reply.kind) {
      case "approve":
        return resumed;
      case "reject": {
        const reason = reply.reason ?? "rejected by the user";
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
        const input = editedInput ?? reply.input;
        // The person's edit is the requested state now; the task's quoted text would refuse it forever.
        const touched = [call.input, input].flatMap((i) => Object.values(i ?? {}).filter((v): v is string => typeof v === "string"));
        return {
          ...resumed,
          pendingToolCall: null,
          taskFrame: call.riskClass === "read" ? state.taskFrame : followEdit(readTaskFrame(state.taskFrame), touched),
          nextAction: { type: "use_tool", toolId: call.toolId, toolCallId: `${call.toolCallId}~edit${edits}`, input },
        };
      }
    }
  };
}

/** The record of a call rejected because the user sent a new message instead of deciding. */
export function rejectionRecord(call: PendingToolCall, config: RunnableConfig, reason: string): ApprovalRecord {
  return {
    toolId: call.toolId,
    toolCallId: call.toolCallId,
    inputHash: call.inputHash,
    threadId: currentThreadId(config),
    checkpointId: currentCheckpointId(config),
    decision: "reject",
    reason,
    at: new Date().toISOString(),
  };
}

/**
 * Ends a paused run on the user's word (a cancel reply, `goto: END`, `mira cancel`): status
 * `cancelled`, the pending call dropped unexecuted, one trace entry and one message saying so.
 */
export function cancelRun(state: AgentRunState, agent: string, what: string, toolCallId?: string): AgentRunUpdate {
  const note = `cancelled by the user; ${what}`;
  return {
    status: "cancelled",
    pendingToolCall: null,
    nextAction: null,
    messages: new AIMessage(`Run cancelled: ${what}.`),
    ...visit(state, state.status === "waiting_user" ? "AskUser" : "Approval", agent, { ...(toolCallId ? { toolCallId } : {}), decision: "cancelled", note }),
  };
}

/** A SubAgent's trace decision when the user's new message replaced its pause (see SupersedeReply). */
export const SUPERSEDED = "superseded";

/**
 * Ends a paused SubAgent because the user sent a new message instead of replying: like a
 * cancel, but its parent plans that message next instead of ending (state/delegation.ts).
 */
export function supersededRun(state: AgentRunState, agent: string, what: string, message: string, toolCallId?: string): AgentRunUpdate {
  const note = `${what}: the user sent a new message instead: ${message}`;
  return {
    status: "cancelled",
    pendingToolCall: null,
    nextAction: null,
    messages: new AIMessage(`Stopped: ${note}`),
    ...visit(state, state.status === "waiting_user" ? "AskUser" : "Approval", agent, { ...(toolCallId ? { toolCallId } : {}), decision: SUPERSEDED, note: note.slice(0, 240) }),
  };
}
