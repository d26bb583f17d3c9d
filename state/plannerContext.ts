/**
 * `PlannerObservationContext` (CONTRACT §5): the one view the Planner gets each time it
 * runs. It is built from state here and nowhere else, so a failure looks the same
 * wherever it came from.
 */
import type { AIMessage } from "@langchain/core/messages";
import type { AgentRunState } from "./agentRun.js";
import type { Observation, Recovery, RiskClass, TaskFrame } from "./types.js";

export interface ExposedToolSummary {
  name: string;
  /** One line; absent for a tool bound to the model call with its full schema, whose function spec carries it. */
  description?: string;
  risk: RiskClass;
}

export interface EvidenceSummary {
  id: string;
  kind: string;
  toolId: string;
  path?: string;
  lines?: string;
  verified: boolean;
  /** Set when a simulated backend produced it: never real-world evidence. */
  simulated?: boolean;
  /** The first EXCERPT_CHARS of the content. */
  excerpt: string;
  /** True when the excerpt is the whole content. */
  complete: boolean;
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
const EXCERPT_CHARS = 1200;

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
      ...(e.simulated ? { simulated: true } : {}),
      excerpt: e.content.slice(0, EXCERPT_CHARS),
      complete: e.content.length <= EXCERPT_CHARS,
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

/** The context's fields whose empty value (nothing observed, no evidence, nothing pending) is left out when rendered. */
const EMPTY_WHEN_ABSENT = { latestObservation: null, recentObservations: [], latestEvidenceSummary: [], pendingApproval: null } satisfies Partial<PlannerObservationContext>;

/**
 * The human message the Planner sends to a chat model: the context as one line of JSON, its
 * first field the task; a top-level field that is empty is left out (absent means none).
 */
export function renderPlannerContext(ctx: PlannerObservationContext): string {
  const shown = Object.fromEntries(Object.entries(ctx).filter(([key, value]) => !(key in EMPTY_WHEN_ABSENT && (value === null || (Array.isArray(value) && value.length === 0)))));
  return `PlannerObservationContext:\n\`\`\`json\n${JSON.stringify(shown)}\n\`\`\``;
}

/** The context back from a rendered message (for adapters that see only the chat messages); null if absent. */
export function parseRenderedContext(text: string): PlannerObservationContext | null {
  const match = /```json\n([\s\S]*)\n```\s*$/.exec(text);
  if (!match?.[1]) return null;
  try {
    return { ...EMPTY_WHEN_ABSENT, ...(JSON.parse(match[1]) as PlannerObservationContext) };
  } catch {
    return null;
  }
}

/**
 * A planner that takes the PlannerObservationContext as data instead of a rendered prompt
 * (the offline planner). It answers with one message in the planner protocol, like a chat
 * model's turn.
 */
export interface ContextPlanner {
  planFromContext(ctx: PlannerObservationContext): Promise<AIMessage>;
}

export const isContextPlanner = (model: unknown): model is ContextPlanner =>
  typeof (model as Partial<ContextPlanner> | null)?.planFromContext === "function";
