/**
 * The run as a chat thread: what the `messages` channel holds and when a new turn starts.
 * A turn is one user request. It starts on a fresh thread, or when a completed (failed,
 * cancelled) thread receives another message or goal; the loadout, evidence and trace carry over,
 * the goal, TaskFrame, step budget and recovery start again.
 */
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import type { ApprovalRecord, PendingToolCall, RunError } from "./types.js";

/** The plain text of a message, whatever its content blocks. */
export function messageText(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => ("text" in block && typeof block.text === "string" ? block.text : "")).join("");
}

const isUserMessage = (m: BaseMessage | undefined) => m?.getType() === "human";

/** True when the Planner is entered with no request in progress. */
export function startsTurn(state: Pick<AgentRunState, "step" | "status">): boolean {
  return state.step === 0 || state.status === "completed" || state.status === "failed" || state.status === "cancelled";
}

/**
 * The request of a new turn: the newest user message when the conversation ends with one
 * (chat input), otherwise `goal` (which then joins the conversation as the user's message).
 */
export function turnRequest(state: Pick<AgentRunState, "messages" | "goal">): { goal: string; messages: BaseMessage[] } {
  const last = state.messages.at(-1);
  if (last && isUserMessage(last)) return { goal: messageText(last), messages: [] };
  return { goal: state.goal, messages: state.goal.trim() ? [new HumanMessage(state.goal)] : [] };
}

/** What a new turn resets; everything else (loadout, evidence, trace, approvals) is kept. */
export function turnReset(goal: string): AgentRunUpdate {
  return {
    goal,
    step: 0,
    status: "running",
    nextAction: null,
    pendingToolCall: null,
    finalization: null,
    finishReason: null,
    answer: null,
    error: null,
    toolResult: null,
  };
}

/** The observations of the current turn: each turn's steps count from 0 again (turnReset). */
export function turnObservations<T extends { step: number }>(observations: T[]): T[] {
  let from = 0;
  for (let i = 1; i < observations.length; i++) if (observations[i]!.step < observations[i - 1]!.step) from = i;
  return observations.slice(from);
}

/** A fenced code block whose fence is longer than any backtick run inside (so the input cannot close it). */
export function codeBlock(text: string, lang = ""): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** The approval request as a chat message; the input is a fenced JSON block so chat UIs render it as code. */
export const approvalRequestMessage = (call: PendingToolCall, reason: string) =>
  new AIMessage(
    `Approval needed for ${call.toolId} [${call.riskClass}] (call ${call.toolCallId}, input hash ${call.inputHash.slice(0, 12)}): ${reason}\n\n${codeBlock(JSON.stringify(call.input, null, 2), "json")}`,
  );

const DECISION_WORDS: Record<ApprovalRecord["decision"], string> = { approve: "Approved", reject: "Rejected", edit: "Edited", policy_allow: "Allowed by policy" };

/** The user's decision, as the user's turn in the conversation. */
export const approvalDecisionMessage = (record: ApprovalRecord) =>
  new HumanMessage(`${DECISION_WORDS[record.decision]} ${record.toolId} (call ${record.toolCallId})${record.reason ? `: ${record.reason}` : ""}`);

export const answerMessage = (answer: string) => new AIMessage(answer);

export const failureMessage = (error: RunError) => new AIMessage(`The run failed (${error.kind}): ${error.message}`);
