/** Building observations and advancing the recovery budget: one shape for every source. */
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import type { Evidence, Failure, Observation, RecoverableFailure, Recovery, RiskClass, TerminalFailure } from "./types.js";

export function bumpRecovery(recovery: Recovery): Recovery {
  const attemptCount = recovery.attemptCount + 1;
  return { ...recovery, attemptCount, exhausted: attemptCount >= recovery.maxAttempts };
}

/** A recoverable failure, returned to the Planner with the recovery budget advanced. */
export function recoverableStep(
  state: Pick<AgentRunState, "step" | "recovery">,
  source: Observation["source"],
  failure: RecoverableFailure,
  ids: { toolId?: string; toolCallId?: string } = {},
): Pick<AgentRunUpdate, "observations" | "recovery"> {
  const observation: Observation = {
    step: state.step,
    source,
    ...ids,
    outcome: failure.kind === "rejected" ? "rejected" : "failed",
    summary: `${failure.kind}: ${failure.message}`,
    failure,
    evidenceIds: [],
  };
  const countsAgainstBudget = failure.kind !== "rejected";
  return { observations: observation, recovery: countsAgainstBudget ? bumpRecovery(state.recovery) : state.recovery };
}

/** A terminal failure: the run ends failed/error and Generate does not run (CONTRACT §4). */
export function terminalStep(failure: TerminalFailure): Pick<AgentRunUpdate, "status" | "error" | "finishReason" | "pendingToolCall"> {
  return { status: "failed", error: { kind: failure.kind, message: failure.message }, finishReason: "error", pendingToolCall: null };
}

export function failureStep(
  state: Pick<AgentRunState, "step" | "recovery">,
  source: Observation["source"],
  failure: Failure,
  ids: { toolId?: string; toolCallId?: string } = {},
): AgentRunUpdate {
  return failure.recoverable ? recoverableStep(state, source, failure, ids) : terminalStep(failure);
}

/**
 * A search that found nothing is a finding, not only a failure: over the scope it searched,
 * what was looked for is absent, which answers an existence question (CONTRACT §6). Only a
 * read tool's `empty_result` is one; the scope is the call's `path` (the workspace when absent).
 * A read tool's `not_found` for a named path is one too: that path is not there (`missing`).
 */
export function absenceFinding(
  state: Pick<AgentRunState, "evidenceCount" | "nextAction">,
  result: { toolId: string; toolCallId: string; failure: Failure },
  risk: RiskClass | undefined,
  domain: string | undefined,
): Evidence | null {
  if ((result.failure.kind !== "empty_result" && result.failure.kind !== "not_found") || risk !== "read") return null;
  const call = state.nextAction?.type === "use_tool" && state.nextAction.toolCallId === result.toolCallId ? state.nextAction : null;
  const input = (call?.input ?? {}) as { path?: unknown };
  const named = typeof input.path === "string" && input.path.trim() ? input.path.trim().replace(/^\.\/|\/+$/g, "") : "";
  // A read of a path that is not there shows the path absent (after `rm`, say); with no path it shows nothing.
  const missing = result.failure.kind === "not_found";
  if (missing && (!named || named === ".")) return null;
  const scope = named || ".";
  return {
    id: `ev-${state.evidenceCount + 1}`,
    kind: "absence",
    toolId: result.toolId,
    toolCallId: result.toolCallId,
    source: { path: scope },
    content: result.failure.message,
    verified: true,
    ...(missing ? { missing } : {}),
    ...(domain ? { domain } : {}),
  };
}
