/**
 * Ask the user (CONTRACT §2): pauses with `interrupt()` (status `waiting_user`) and
 * returns the user's text to the Planner as an observation. Nothing precedes `interrupt()`.
 */
import { HumanMessage } from "@langchain/core/messages";
import { interrupt } from "@langchain/langgraph";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { coverGoals } from "../state/completionGate.js";
import { buildTaskFrame, carryOver, readTaskFrame } from "../state/taskFrame.js";
import { workspaceIndex } from "../tools/workspace/workspaceIndex.js";
import { visit } from "../state/trace.js";

export interface QuestionRequest {
  kind: "question";
  question: string;
  /** Who asks: `main` or a SubAgent's id (the parent relays a child's question). */
  agent: string;
}

export function createAskUserNode(rt: MiraRuntime) {
  return async function askUser(state: AgentRunState): Promise<AgentRunUpdate> {
    const question = state.nextAction?.type === "ask_user" ? state.nextAction.question : "How should I continue?";
    const answer: unknown = interrupt({ kind: "question", question, agent: rt.agent } satisfies QuestionRequest);
    const text = typeof answer === "string" ? answer : JSON.stringify(answer);
    // The clarified request is the goal from now on; its goals are extracted again.
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
      messages: new HumanMessage(text),
      observations: { step: state.step, source: "user", outcome: "answered", summary: `the user answered "${question}": ${text}`, evidenceIds: [] },
      ...visit(state, "AskUser", rt.agent, { note: text.slice(0, 120) }),
    };
  };
}
