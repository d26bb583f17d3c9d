/**
 * SubAgent Start (CONTRACT §8): the first node of a child. Its goal is the work package
 * (task + acceptance), never the parent's request; its budgets are the ones the parent set;
 * a skill child starts with its skill's tools disclosed. Everything else (TaskFrame, the
 * rest of the loadout) comes from the child's own Planner intake.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { childGoal } from "../state/delegation.js";
import { terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";

export function createSubAgentStartNode(rt: MiraRuntime) {
  return async function start(state: AgentRunState): Promise<AgentRunUpdate> {
    const d = state.delegation;
    if (!d) return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "a SubAgent started without a delegation" }), ...visit(state, "Start", rt.agent) };
    // A skill child's own tools are its profile; anything else it must resolve like any agent.
    const profile = d.kind === "skill" ? rt.harness.status().filter((s) => s.states.authorized.reached).map((s) => s.name) : [];
    return {
      goal: childGoal(d),
      status: "running",
      settings: state.settings ? { ...state.settings, maxSteps: d.maxSteps } : null,
      recovery: { attemptCount: 0, maxAttempts: d.maxAttempts, exhausted: false },
      loadout: rt.harness.disclose([], profile),
      ...visit(state, "Start", rt.agent, { note: `${d.skill ? `skill ${d.skill}` : "generic"} · ${d.maxSteps} steps · ${d.task.slice(0, 100)}` }),
    };
  };
}
