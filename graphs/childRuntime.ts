/**
 * A SubAgent's runtime (CONTRACT §7, §8): the parent's model, policy and execution ledger
 * (governance stays with the parent), its own agent id, and a scoped Harness that inherits
 * the parent's authority envelope, narrowed to the delegation's tools or the skill's
 * profile, never the parent's visible set. No skills: a child cannot delegate.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { AgentScope } from "../harness/types.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import type { Delegation } from "../state/types.js";
import type { SkillLibrary } from "../skills/library.js";
import type { MiraRuntime } from "../nodes/runtime.js";

function scopeOf(delegation: Delegation): AgentScope {
  return delegation.kind === "skill" && delegation.skill
    ? { kind: "skill_child", id: delegation.id, skill: delegation.skill }
    : { kind: "generic_child", id: delegation.id };
}

export function childRuntime(parent: MiraRuntime, delegation: Delegation): MiraRuntime {
  const { skills, ...shared } = parent;
  return {
    ...shared,
    agent: delegation.id,
    // The child's step budget is the delegation's; the rest of the run's settings are shared.
    ...(parent.settings ? { settings: { ...parent.settings, maxSteps: delegation.maxSteps } } : {}),
    harness: parent.harness.forScope(scopeOf(delegation), delegation.tools),
    defaults: { maxSteps: delegation.maxSteps, maxAttempts: delegation.maxAttempts },
    ...(delegation.skill && skills ? { skill: activeSkill(skills, delegation.skill) } : {}),
  };
}

/** Loads the chosen skill's body (summary first, body now that it was picked). */
function activeSkill(skills: SkillLibrary, name: string): NonNullable<MiraRuntime["skill"]> {
  const check = skills.get(name)?.manifest.runtime?.tool;
  return { name, body: skills.body(name), ...(check ? { check } : {}) };
}

type NodeFactory = (rt: MiraRuntime) => (state: AgentRunState, config: RunnableConfig) => Promise<AgentRunUpdate>;

/**
 * A contract-stage node for the child graph: the same factory the main graph uses, bound
 * per visit to the runtime of the delegation in the child's state (the compiled subgraph
 * serves every delegation of the run, one at a time).
 */
export function forDelegation(parent: MiraRuntime, factory: NodeFactory, node: string) {
  return async (state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> => {
    if (!state.delegation) {
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: `${node} of a SubAgent reached without a delegation` }), ...visit(state, node, "subagent") };
    }
    return factory(childRuntime(parent, state.delegation))(state, config);
  };
}
