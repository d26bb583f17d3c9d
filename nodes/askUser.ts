/**
 * Ask the user (CONTRACT §2): pauses with `interrupt()` (status `waiting_user`) whose value
 * is the question in the configured UI shape (protocol/questionReply.ts), and returns the
 * user's answer to the Planner as an observation. A reply that is no answer (an approval
 * decision, an empty text, a malformed list) is refused with a note in the conversation and
 * the trace, and the question stays pending; a cancel reply ends the run as `cancelled`.
 * Nothing precedes `interrupt()`.
 */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { END, interrupt } from "@langchain/langgraph";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { coverGoals } from "../state/completionGate.js";
import { buildTaskFrame, carryOver, readTaskFrame } from "../state/taskFrame.js";
import { workspaceIndex } from "../tools/workspace/workspaceIndex.js";
import { visit } from "../state/trace.js";
import { questionRequest, readQuestionReply } from "../protocol/questionReply.js";
import { cancelRun, supersededRun } from "./approval.js";

export type { QuestionRequest } from "../protocol/questionReply.js";

export type AskUserRoute = "AskUser" | "Planner" | typeof END;

/** A refused reply asks again; a cancel ends the run; an answer goes to the Planner. */
export function routeAfterAskUser(state: AgentRunState): AskUserRoute {
  if (state.status === "cancelled") return END;
  return state.status === "waiting_user" ? "AskUser" : "Planner";
}

/** The question pending on this run (the Planner's ask_user decision). */
export const pendingQuestion = (state: AgentRunState) => (state.nextAction?.type === "ask_user" ? state.nextAction.question : "How should I continue?");

/**
 * Applies the user's answer: the clarified request becomes the goal and its goals are
 * extracted again. `message` adds the answer to the conversation (a chat message that
 * answered is already there).
 */
export async function applyAnswer(rt: MiraRuntime, state: AgentRunState, text: string, message: boolean): Promise<AgentRunUpdate> {
  const question = pendingQuestion(state);
  const goal = `${state.goal}\n(asked "${question}", the user answered: ${text})`;
  // The answer continues the request (the question's own words are not the user's content).
  const previous = readTaskFrame(state.taskFrame);
  const rebuilt = buildTaskFrame(`${state.goal}\n${text}`, await workspaceIndex(rt.workspaceRoot));
  // An answer that makes the request unreadable (too long, too many paths) keeps the frame it had.
  const frame = rebuilt.ok ? carryOver(previous, rebuilt.frame) : previous;
  return {
    status: "running",
    nextAction: null,
    goal,
    taskFrame: coverGoals(frame, state.evidence),
    ...(message ? { messages: new HumanMessage(text) } : {}),
    observations: { step: state.step, source: "user", outcome: "answered", summary: `the user answered "${question}": ${text}`, evidenceIds: [] },
    ...visit(state, "AskUser", rt.agent, { decision: "answered", note: text.slice(0, 120) }),
  };
}

export function createAskUserNode(rt: MiraRuntime) {
  return async function askUser(state: AgentRunState): Promise<AgentRunUpdate> {
    const question = pendingQuestion(state);
    const answer: unknown = interrupt(questionRequest(question, rt.agent, state.settings?.approvalShape ?? "hitl"));
    const reply = readQuestionReply(question, answer);
    switch (reply.kind) {
      case "answer":
        return applyAnswer(rt, state, reply.text, true);
      case "cancel":
        return cancelRun(state, rt.agent, `the question "${question}" was left unanswered${reply.reason ? `: ${reply.reason}` : ""}`);
      case "superseded":
        return supersededRun(state, rt.agent, `the question "${question}" was left unanswered`, reply.reason);
      case "refused":
        return {
          status: "waiting_user",
          messages: new AIMessage(`Reply refused: ${reply.message}`),
          ...visit(state, "AskUser", rt.agent, { decision: "refused", note: reply.message }),
        };
    }
  };
}
