/**
 * `PlannerObservationContext` (CONTRACT §5): the one view the Planner gets each time it
 * runs. It is built from state here and nowhere else, so a failure looks the same
 * wherever it came from.
 */
import type { AIMessage } from "@langchain/core/messages";
import type { AgentRunState } from "./agentRun.js";
import type { Evidence, Observation, Recovery, RiskClass, TaskFrame } from "./types.js";

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
  /** Older observations over the budget, one line each, oldest first. */
  earlierObservations: string[];
  /** The newest evidence, in full while it fits the budget. */
  latestEvidenceSummary: EvidenceSummary[];
  /**
   * Older evidence, one line each (`ev-3 content a.md:1-9`), oldest first: its id to cite and
   * where it came from to read it again, never its body. Beyond the view, a count.
   */
  earlierEvidence: string[];
  recovery: Recovery;
  pendingApproval: { toolId: string; toolCallId: string; inputHash: string } | null;
  exposedTools: ExposedToolSummary[];
  step: number;
  maxSteps: number;
}

const RECENT_OBSERVATIONS = 5;
const EVIDENCE_IN_VIEW = 12;
const EXCERPT_CHARS = 1200;
/** Summarized evidence listed line by line at most; older items are counted. */
const EVIDENCE_LINES = 8;
/**
 * The context's hard budget for a chat model, in characters of its rendered JSON. Over it,
 * the oldest material is summarized first: step by step, a step's evidence bodies become
 * one-line summaries, then its observation does; then, oldest first, the lines become a
 * count. The latest observation and its evidence (the result the model just asked for:
 * search hits are read together) are always whole, bounded by the view's EVIDENCE_IN_VIEW
 * items of EXCERPT_CHARS; so is the newest evidence when the latest observation lists none.
 */
export const CONTEXT_BUDGET_CHARS = 3000;

/** Goals shown one by one; a request listing hundreds of paths shows its open goals first, and the rest as a count. */
const GOALS_IN_VIEW = 40;

function frameInView(frame: TaskFrame): TaskFrame {
  if (frame.goals.length <= GOALS_IN_VIEW) return frame;
  const shown = [...frame.goals.filter((g) => g.status === "open"), ...frame.goals.filter((g) => g.status !== "open")].slice(0, GOALS_IN_VIEW);
  const open = frame.goals.filter((g) => g.status === "open" && !shown.includes(g)).length;
  const rest = frame.goals.length - shown.length;
  return { ...frame, goals: shown, notes: [...frame.notes, `${rest} more goals of the same kinds not listed here (${open} of them open)`] };
}

/** How much of the view is summarized: items as lines, and lines kept of them. */
interface Cut {
  evidenceAsLines: number;
  observationsAsLines: number;
  evidenceLines: number;
  observationLines: number;
}

/** The view of `state`, its rendered JSON within `budgetChars` where summaries can bring it there. */
export function buildPlannerContext(state: AgentRunState, exposedTools: ExposedToolSummary[], budgetChars: number): PlannerObservationContext {
  const observations = state.observations;
  const evidence = state.evidence.slice(-EVIDENCE_IN_VIEW);
  const recent = observations.slice(-RECENT_OBSERVATIONS - 1, -1);
  const view = (cut: Cut): PlannerObservationContext => ({
    task: state.goal,
    currentTaskFrame: frameInView(state.taskFrame),
    latestObservation: observations.at(-1) ?? null,
    recentObservations: recent.slice(cut.observationsAsLines),
    earlierObservations: counted(recent.slice(0, cut.observationsAsLines).map(observationLine), cut.observationLines, (n) => `${n} earlier steps, not listed`),
    latestEvidenceSummary: evidence.slice(cut.evidenceAsLines).map(summaryOf),
    earlierEvidence: evidenceLines(evidence.slice(0, cut.evidenceAsLines), state.evidenceCount - evidence.length, cut.evidenceLines, evidence[cut.evidenceAsLines]?.id),
    recovery: state.recovery,
    pendingApproval: state.pendingToolCall
      ? { toolId: state.pendingToolCall.toolId, toolCallId: state.pendingToolCall.toolCallId, inputHash: state.pendingToolCall.inputHash }
      : null,
    exposedTools,
    step: state.step,
    maxSteps: state.settings?.maxSteps ?? 0,
  });
  const cut: Cut = { evidenceAsLines: 0, observationsAsLines: 0, evidenceLines: EVIDENCE_LINES, observationLines: RECENT_OBSERVATIONS };
  // An evidence item is as old as the step of the observation that lists it (older still when none in view does).
  const stepOf = new Map(observations.flatMap((o) => o.evidenceIds.map((id) => [id, o.step] as const)));
  const latest = new Set(observations.at(-1)?.evidenceIds ?? []);
  const bodies = evidence.slice(0, -1).filter((e) => !latest.has(e.id));
  const oldestFirst = [
    ...bodies.map((e) => ({ step: stepOf.get(e.id) ?? -1, shrink: () => cut.evidenceAsLines++ })),
    ...recent.map((o) => ({ step: o.step, shrink: () => cut.observationsAsLines++ })),
  ].sort((a, b) => a.step - b.step);
  const reductions = [
    ...oldestFirst.map((unit) => unit.shrink),
    ...Array.from({ length: EVIDENCE_LINES }, () => () => cut.evidenceLines--),
    ...Array.from({ length: RECENT_OBSERVATIONS }, () => () => cut.observationLines--),
  ];
  let ctx = view(cut);
  for (const reduce of reductions) {
    if (renderedLength(ctx) <= budgetChars) break;
    reduce();
    ctx = view(cut);
  }
  return ctx;
}

/** The newest `keep` lines, the older ones as one count line. */
function counted(lines: string[], keep: number, count: (n: number) => string): string[] {
  const kept = keep > 0 ? lines.slice(-keep) : [];
  return lines.length > kept.length ? [count(lines.length - kept.length), ...kept] : kept;
}

/** Summarized evidence, the newest `keep` as lines; older ones and those beyond the view (`hidden`) as a count. */
function evidenceLines(summarized: Evidence[], hidden: number, keep: number, next: string | undefined): string[] {
  const listed = keep > 0 ? summarized.slice(-keep) : [];
  const older = hidden + summarized.length - listed.length;
  const before = listed[0]?.id ?? next;
  return [...(older > 0 ? [`${older} older items${before ? ` before ${before}` : ""}, not listed`] : []), ...listed.map(evidenceLine)];
}

const summaryOf = (e: Evidence): EvidenceSummary => ({
  id: e.id,
  kind: e.kind,
  toolId: e.toolId,
  path: e.source.path,
  lines: linesOf(e),
  verified: e.verified,
  ...(e.simulated ? { simulated: true } : {}),
  excerpt: e.content.slice(0, EXCERPT_CHARS),
  complete: e.content.length <= EXCERPT_CHARS,
});

const linesOf = (e: Evidence) => (e.source.startLine !== undefined ? `${e.source.startLine}-${e.source.endLine ?? e.source.startLine}` : undefined);

/** `ev-3 content a.md:1-9`, marked when simulated, or unverified where its kind does not say so (a hit never is). */
function evidenceLine(e: Evidence): string {
  const lines = e.source.startLine !== undefined && e.source.endLine !== e.source.startLine ? linesOf(e) : e.source.startLine;
  const where = e.source.path ? ` ${e.source.path}${lines !== undefined ? `:${lines}` : ""}` : "";
  const unverified = !e.verified && e.kind !== "locate_hit" && e.kind !== "search_hit";
  return `${e.id} ${e.kind}${where}${e.simulated ? " (simulated)" : unverified ? " (unverified)" : ""}`;
}

/** `step 3 read_open succeeded: read 9 lines of a.md [ev-2]`. */
function observationLine(o: Observation): string {
  const ids = o.evidenceIds.length ? ` [${idRanges(o.evidenceIds)}]` : "";
  return `step ${o.step} ${o.toolId ?? o.source} ${o.outcome}: ${o.summary}${ids}`;
}

/** Evidence ids with consecutive runs folded: `ev-7..ev-16, ev-20`. */
function idRanges(ids: string[]): string {
  const runs: string[][] = [];
  for (const id of ids) {
    const last = runs.at(-1);
    if (last && numberOf(id) === numberOf(last.at(-1)!) + 1) last.push(id);
    else runs.push([id]);
  }
  return runs.map((run) => (run.length > 2 ? `${run[0]}..${run.at(-1)}` : run.join(", "))).join(", ");
}

const numberOf = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? Number.NaN);

/** The context's fields whose empty value (nothing observed, no evidence, nothing pending) is left out when rendered. */
const EMPTY_WHEN_ABSENT = { latestObservation: null, recentObservations: [], earlierObservations: [], latestEvidenceSummary: [], earlierEvidence: [], pendingApproval: null } satisfies Partial<PlannerObservationContext>;

const shownFields = (ctx: PlannerObservationContext) =>
  Object.fromEntries(Object.entries(ctx).filter(([key, value]) => !(key in EMPTY_WHEN_ABSENT && (value === null || (Array.isArray(value) && value.length === 0)))));

const renderedLength = (ctx: PlannerObservationContext) => JSON.stringify(shownFields(ctx)).length;

/**
 * The human message the Planner sends to a chat model: the context as one line of JSON, its
 * first field the task; a top-level field that is empty is left out (absent means none).
 */
export function renderPlannerContext(ctx: PlannerObservationContext): string {
  return `PlannerObservationContext:\n\`\`\`json\n${JSON.stringify(shownFields(ctx))}\n\`\`\``;
}

/** The evidence a context names, as a line or whole, oldest first: what a model can cite (id and path). */
export function namedEvidence(ctx: PlannerObservationContext): Array<{ id: string; path?: string }> {
  const lines = ctx.earlierEvidence.flatMap((line) => {
    const match = /^(ev-\d+) \S+(?: (.+?))?(?::\d+(?:-\d+)?)?(?: \((?:simulated|unverified)\))?$/.exec(line);
    return match ? [{ id: match[1]!, ...(match[2] ? { path: match[2] } : {}) }] : [];
  });
  return [...lines, ...ctx.latestEvidenceSummary];
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
