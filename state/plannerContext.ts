/**
 * `PlannerObservationContext` (CONTRACT §5): the one view the Planner gets each time it
 * runs. It is built from state here and nowhere else, so a failure looks the same
 * wherever it came from.
 */
import type { AgentRunState } from "./agentRun.js";
import type { Observation, Recovery, RiskClass, TaskFrame } from "./types.js";

export interface ExposedToolSummary {
  name: string;
  description: string;
  risk: RiskClass;
}

export interface EvidenceSummary {
  id: string;
  kind: string;
  toolId: string;
  path?: string;
  lines?: string;
  verified: boolean;
  excerpt: string;
}

export interface PlannerObservationContext {
  task: string;
  currentTaskFrame: TaskFrame;
  latestObservation: Observation | null;
  recentObservations: Observation[];
  latestEvidenceSummary: EvidenceSummary[];
  recovery: Recovery;
  pendingApproval: { toolId: string; toolCallId: string; inputHash: string } | null;
  exposedTools: ExposedToolSummary[];
  step: number;
  maxSteps: number;
}

const RECENT_OBSERVATIONS = 5;
const EVIDENCE_IN_VIEW = 12;
const EXCERPT_CHARS = 600;

export function buildPlannerContext(state: AgentRunState, exposedTools: ExposedToolSummary[]): PlannerObservationContext {
  const observations = state.observations;
  return {
    task: state.goal,
    currentTaskFrame: state.taskFrame,
    latestObservation: observations.at(-1) ?? null,
    recentObservations: observations.slice(-RECENT_OBSERVATIONS - 1, -1),
    latestEvidenceSummary: state.evidence.slice(-EVIDENCE_IN_VIEW).map((e) => ({
      id: e.id,
      kind: e.kind,
      toolId: e.toolId,
      path: e.source.path,
      lines: e.source.startLine !== undefined ? `${e.source.startLine}-${e.source.endLine ?? e.source.startLine}` : undefined,
      verified: e.verified,
      excerpt: e.content.slice(0, EXCERPT_CHARS),
    })),
    recovery: state.recovery,
    pendingApproval: state.pendingToolCall
      ? { toolId: state.pendingToolCall.toolId, toolCallId: state.pendingToolCall.toolCallId, inputHash: state.pendingToolCall.inputHash }
      : null,
    exposedTools,
    step: state.step,
    maxSteps: state.settings?.maxSteps ?? 0,
  };
}

/** The human message the Planner sends; the offline planner parses the same JSON block back. */
export function renderPlannerContext(ctx: PlannerObservationContext): string {
  return `Task: ${ctx.task}\n\nPlannerObservationContext:\n\`\`\`json\n${JSON.stringify(ctx, null, 1)}\n\`\`\``;
}

export function parseRenderedContext(text: string): PlannerObservationContext | null {
  const match = /```json\n([\s\S]*)\n```\s*$/.exec(text);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]) as PlannerObservationContext;
  } catch {
    return null;
  }
}
