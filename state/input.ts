/**
 * What a client sends to start (or continue) a thread: a goal, or chat messages. The other
 * AgentRun channels are the run's own and are not input (Studio shows only these two).
 */
import { z } from "zod";
import type { AgentRunState } from "./agentRun.js";
import { messageText } from "./conversation.js";

export const MiraInput = z.object({
  goal: z.string().optional().describe("The user's request, as plain text."),
  messages: z
    .array(z.any())
    .optional()
    .describe('Chat input, e.g. [{"role":"user","content":"…"}]; the newest user message is the request of a new turn.'),
});
export type MiraInput = z.infer<typeof MiraInput>;

/**
 * What new input means on a thread that is waiting (CONTRACT §3, chat while waiting). New
 * input enters the graph at START while the interrupt is still pending; LangGraph drops the
 * interrupted task, so the input itself must settle it:
 * - waiting for approval: the pending call is rejected with the new request as the reason,
 *   and the request starts a new turn (the call never runs);
 * - waiting for an answer: a chat message is the answer; a new `goal` starts a new turn;
 * - otherwise nothing to settle (null).
 * A waiting thread's conversation ends with Mira's request, so a user message at its end
 * arrived with this input.
 */
export type WaitingInput = { kind: "reject_pending"; reason: string } | { kind: "answer"; text: string } | { kind: "new_turn" } | null;

export function readWaitingInput(state: Pick<AgentRunState, "status" | "pendingToolCall" | "messages" | "goal">): WaitingInput {
  const last = state.messages.at(-1);
  const message = last?.getType() === "human" ? messageText(last).trim() : null;
  if (state.status === "waiting_approval" && state.pendingToolCall) {
    const reason = message ?? state.goal.trim();
    return reason ? { kind: "reject_pending", reason } : null;
  }
  if (state.status === "waiting_user") return message ? { kind: "answer", text: message } : { kind: "new_turn" };
  return null;
}
