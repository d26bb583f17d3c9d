/**
 * Freeze (CONTRACT §6, §8): after a skill child completes, the parent does not redo its
 * work. When the completion gate passes on the parent's own goals with the skill's
 * evidence, the finalization packet is frozen here and the run goes to Generate without
 * another Planner call; otherwise the Planner gets what is still missing.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { completionGate, coverGoals, sideEffectIds } from "../state/completionGate.js";
import { readTaskFrame } from "../state/taskFrame.js";
import { recoverableStep } from "../state/observations.js";
import { visit } from "../state/trace.js";

export type FreezeRoute = "Generate" | "Planner";

export function routeAfterFreeze(state: AgentRunState): FreezeRoute {
  return state.finalization ? "Generate" : "Planner";
}

export function createFreezeNode(rt: MiraRuntime) {
  return async function freeze(state: AgentRunState): Promise<AgentRunUpdate> {
    const result = state.subagentResults.at(-1);
    const frame = coverGoals(readTaskFrame(state.taskFrame), state.evidence);
    const gate = completionGate(frame, state.evidence);
    if (!result || !gate.pass) {
      const missing = gate.pass ? "no completed skill result" : gate.message;
      const message = `the skill's work package leaves the task incomplete: ${missing}`;
      return { taskFrame: frame, ...recoverableStep(state, "gate", { recoverable: true, kind: "incomplete_goals", message }), ...visit(state, "Freeze", rt.agent, { decision: "continue", note: message }) };
    }
    const packet = state.evidence.filter((e) => e.verified && result.evidenceIds.includes(e.id)).map((e) => e.id);
    const artifacts = result.artifacts.filter((a) => a.path).map((a) => `- ${a.description}`);
    const draft = [result.summary, artifacts.length ? `Changes:\n${artifacts.join("\n")}` : ""].filter(Boolean).join("\n\n");
    return {
      taskFrame: frame,
      finalization: { evidenceIds: packet, effectIds: sideEffectIds(state.evidence), draft, guarded: false },
      ...visit(state, "Freeze", rt.agent, { decision: "freeze", toolCallId: result.id, note: `packet of ${packet.length} evidence item(s) from ${result.id}` }),
    };
  };
}
