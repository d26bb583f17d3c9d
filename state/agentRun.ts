/**
 * The `AgentRun` as LangGraph state channels (CONTRACT §1). Every channel declares its
 * reducer. Append-only channels are windows: an unbounded channel would make each step cost
 * more than the last. Reducers keep retained items' identity (`concat`/`slice`) and never
 * mutate them: the SQLite saver stores a window's new version as a delta of the previous one
 * by comparing items by reference (checkpointers/arrayDelta.ts).
 */
import type { BaseMessage } from "@langchain/core/messages";
import { Annotation, messagesStateReducer, type Messages } from "@langchain/langgraph";
import {
  AGENT_RUN_SCHEMA_VERSION,
  type ApprovalRecord,
  type Evidence,
  type Finalization,
  type FinishReason,
  type Observation,
  type PendingToolCall,
  type PlannerDecision,
  type Recovery,
  type RunError,
  type Delegation,
  type SubagentResult,
  type WorkPackage,
  type RunSettings,
  type RunStatus,
  type TaskFrame,
  type ToolResult,
  type TraceEntry,
} from "./types.js";

export const WINDOWS = { observations: 12, evidence: 48, approvals: 16, trace: 48, subagentResults: 8, messages: 40 } as const;

/** Appends, then keeps the newest `size` items. */
const windowed = <T>(size: number) => (current: T[], update: T[] | T) => current.concat(update).slice(-size);
const replace = <T>(_: T, update: T) => update;
const lastValue = <T>(initial: () => T) => Annotation<T>({ reducer: replace, default: initial });

export const AgentRunAnnotation = Annotation.Root({
  /**
   * The conversation: user turns, approval requests and decisions, final answers. Merged by
   * LangGraph's `messagesStateReducer` (append, or replace by id), then the newest
   * WINDOWS.messages are kept so a checkpoint stays bounded however long the thread.
   */
  messages: Annotation<BaseMessage[], Messages>({
    reducer: (current, update) => messagesStateReducer(current, update).slice(-WINDOWS.messages),
    default: () => [],
  }),
  /** Persisted-shape version; see AGENT_RUN_SCHEMA_VERSION. Replaced. */
  schemaVersion: lastValue<number>(() => AGENT_RUN_SCHEMA_VERSION),
  /** The user's request, verbatim. Replaced (set once at start). */
  goal: lastValue<string>(() => ""),
  /** The goal ledger (CONTRACT §6). Replaced as a whole by the node that changes it. */
  taskFrame: lastValue<TaskFrame>(() => ({ goals: [], content: [], notes: [] })),
  /** Run status. Replaced. */
  status: lastValue<RunStatus>(() => "running"),
  /** The Planner's latest decision. Replaced. */
  nextAction: lastValue<PlannerDecision | null>(() => null),
  /** The frozen invocation under judgement or execution. Replaced; null when none. */
  pendingToolCall: lastValue<PendingToolCall | null>(() => null),
  /** Decisions bound to exact invocations. Appended, newest WINDOWS.approvals kept. */
  approvals: Annotation<ApprovalRecord[], ApprovalRecord[] | ApprovalRecord>({
    reducer: windowed(WINDOWS.approvals),
    default: () => [],
  }),
  /** Step outcomes in one shape (CONTRACT §5). Appended, newest WINDOWS.observations kept. */
  observations: Annotation<Observation[], Observation[] | Observation>({
    reducer: windowed(WINDOWS.observations),
    default: () => [],
  }),
  /** Facts with provenance. Appended, newest WINDOWS.evidence kept; contents are capped on entry. */
  evidence: Annotation<Evidence[], Evidence[] | Evidence>({ reducer: windowed(WINDOWS.evidence), default: () => [] }),
  /** Evidence items ever added; evidence ids are `ev-<n>`. Replaced. */
  evidenceCount: lastValue<number>(() => 0),
  /** Recoverable-failure budget (CONTRACT §4). Replaced. */
  recovery: lastValue<Recovery>(() => ({ attemptCount: 0, maxAttempts: 3, exhausted: false })),
  /** Tools disclosed to this agent, least recently used first. Replaced by the Harness. */
  loadout: lastValue<string[]>(() => []),
  /** The work package a SubAgent is running (CONTRACT §8). Replaced; null when none. */
  delegation: lastValue<Delegation | null>(() => null),
  /** Hand-off from a SubAgent to Evidence. Replaced; null once consumed. */
  workPackage: lastValue<WorkPackage | null>(() => null),
  /** Structured results of delegated work. Appended, newest WINDOWS.subagentResults kept. */
  subagentResults: Annotation<SubagentResult[], SubagentResult[] | SubagentResult>({
    reducer: windowed(WINDOWS.subagentResults),
    default: () => [],
  }),
  /** The frozen packet of evidence the answer may cite. Replaced. */
  finalization: lastValue<Finalization | null>(() => null),
  /** Node visits. Appended, newest WINDOWS.trace kept; `traceCount` counts all. */
  trace: Annotation<TraceEntry[], TraceEntry[] | TraceEntry>({ reducer: windowed(WINDOWS.trace), default: () => [] }),
  /** Node visits ever recorded. Replaced. */
  traceCount: lastValue<number>(() => 0),
  /** Hand-off from Tool (or Retrieve) to Evidence. Replaced; null once consumed. */
  toolResult: lastValue<ToolResult | null>(() => null),
  /** Planner turns taken. Replaced. */
  step: lastValue<number>(() => 0),
  /**
   * The user request this thread is on: 1 for its first, +1 at each new one (a SubAgent keeps
   * its parent's). Replaced. Model call ids are unique only within one agent's turn, so
   * Normalize scopes them with it.
   */
  turn: lastValue<number>(() => 0),
  /** Model calls made by this run, in order (a scripted model resumes from here). Replaced. */
  modelCalls: lastValue<number>(() => 0),
  /** How the run was started; lets any process resume it. Replaced (set once). */
  settings: lastValue<RunSettings | null>(() => null),
  finishReason: lastValue<FinishReason | null>(() => null),
  answer: lastValue<string | null>(() => null),
  error: lastValue<RunError | null>(() => null),
});

export type AgentRunState = typeof AgentRunAnnotation.State;
export type AgentRunUpdate = typeof AgentRunAnnotation.Update;

type Channel = keyof typeof AgentRunAnnotation.spec;
/** The channels whose reducer appends (the windows and the conversation); the others replace. */
const APPENDED = new Set<Channel>(["messages", "approvals", "observations", "evidence", "subagentResults", "trace"]);

/** `state` after `update`, through the channels' own reducers (as LangGraph applies it). */
export function applyUpdate(state: AgentRunState, update: AgentRunUpdate): AgentRunState {
  const next: Record<string, unknown> = { ...state };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    const channel = AgentRunAnnotation.spec[key as Channel] as unknown as { operator: (current: unknown, update: unknown) => unknown };
    next[key] = channel.operator(next[key], value);
  }
  return next as AgentRunState;
}

/** One update equal to applying `first`, then `second`: appended channels concatenate, the others take `second`'s value. */
export function mergeUpdates(first: AgentRunUpdate, second: AgentRunUpdate): AgentRunUpdate {
  const merged: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(second)) {
    if (value === undefined) continue;
    merged[key] = APPENDED.has(key as Channel) && key in first ? ([] as unknown[]).concat(merged[key], value) : value;
  }
  return merged as AgentRunUpdate;
}

/**
 * What a SubAgent subgraph reads from its parent: the mandate and the run-wide counters it
 * continues (so trace seq, evidence ids and scripted model calls stay one sequence). Never
 * the parent's goal, loadout, observations, approvals or step count (the child has its own).
 */
export const SubAgentInput = Annotation.Root({
  delegation: AgentRunAnnotation.spec.delegation,
  turn: AgentRunAnnotation.spec.turn,
  settings: AgentRunAnnotation.spec.settings,
  modelCalls: AgentRunAnnotation.spec.modelCalls,
  evidenceCount: AgentRunAnnotation.spec.evidenceCount,
  traceCount: AgentRunAnnotation.spec.traceCount,
});

/** What a SubAgent hands back: its work package, its trace entries and the counters. */
export const SubAgentOutput = Annotation.Root({
  workPackage: AgentRunAnnotation.spec.workPackage,
  trace: AgentRunAnnotation.spec.trace,
  traceCount: AgentRunAnnotation.spec.traceCount,
  modelCalls: AgentRunAnnotation.spec.modelCalls,
  evidenceCount: AgentRunAnnotation.spec.evidenceCount,
});
