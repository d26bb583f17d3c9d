/**
 * The provenance of a proposed call (CONTRACT §3, issue 7): the Planner's latest observations
 * and the newest evidence in its view, excerpted, frozen with the call so the approval request shows what led
 * to it (an instruction injected into a tool's output included).
 */
import type { AgentRunState } from "./agentRun.js";
import type { CallProvenance } from "./types.js";

/** Observations kept: the latest may be a tool_search, so the read before it is kept too. */
const OBSERVATIONS = 3;
/** Evidence kept: the newest items, which the Planner's view shows first. */
const EVIDENCE = 3;
/** Characters of each evidence item shown with an approval request. */
const EXCERPT_CHARS = 400;

export function provenanceOf(state: Pick<AgentRunState, "observations" | "evidence">): CallProvenance {
  const recent = state.observations.slice(-OBSERVATIONS);
  const evidence = state.evidence
    .slice(-EVIDENCE)
    .map((e) => ({ id: e.id, toolId: e.toolId, ...(e.source.path ? { path: e.source.path } : {}), excerpt: e.content.slice(0, EXCERPT_CHARS) }));
  const observations = recent.map((o) => ({ step: o.step, source: o.source, ...(o.toolId ? { toolId: o.toolId } : {}), ...(o.toolCallId ? { toolCallId: o.toolCallId } : {}), summary: o.summary }));
  return { observations, evidence };
}
