/**
 * The evaluation's shared shapes: what a model sees and says (route-independent), what a
 * route reports after running one case, and the per-route, per-case record of results.json.
 */
import type { RiskClass } from "../state/types.js";

export const ROUTES = ["mira", "mira-top20", "pi-loop", "createagent"] as const;
export type RouteName = (typeof ROUTES)[number];

/** One tool result as the model saw it in its transcript. */
export interface ResultView {
  callId: string;
  tool: string;
  ok: boolean;
  text: string;
}

/** What one model call sees, decoded from the request the route actually sent. */
export interface ModelView {
  task: string;
  /** Concrete tools whose schemas are in this request. */
  visibleTools: string[];
  /** The route offers `tool_search` (progressive disclosure). */
  canSearch: boolean;
  /** The route offers `delegate_task`. */
  canDelegate: boolean;
  /** Tool results in the transcript so far, oldest first. */
  results: ResultView[];
}

/** What the model says: one tool call, a disclosure request, a delegation, or the answer. */
export type ModelTurn =
  | { type: "call"; id: string; tool: string; args: Record<string, unknown> }
  | { type: "search"; id: string; query: string }
  | { type: "delegate"; id: string; task: string; acceptance: string }
  | { type: "answer"; text: string };

/** A deterministic (or remote) model that every route drives through its own interface. */
export interface EvalModel {
  next(view: ModelView): Promise<ModelTurn>;
}

/** One model call as measured from the request the route sent. */
export interface ModelCallRecord {
  promptTokens: number;
  visibleTools: string[];
  turn: ModelTurn;
}

/** One real execution of a concrete tool (the tool's own code ran). */
export interface ExecutionRecord {
  tool: string;
  risk: RiskClass;
  args: Record<string, unknown>;
  ok: boolean;
}

/** One approval question the simulated user answered. */
export interface ApprovalRecord {
  tool: string;
  args: Record<string, unknown>;
  decision: "approve" | "reject";
}

/** What a route reports after one case. */
export interface RouteOutcome {
  /** The final answer text, or null when the run ended without one. */
  answer: string | null;
  /** The answer is the route's own guarded answer (recovery or step budget exhausted), not the model's. */
  guarded: boolean;
  /** The run ended as a terminal failure; null where the route has no such notion. */
  terminal: boolean | null;
  /** Failed tool or protocol steps the run continued after (recoverable failures seen). */
  recoverableFailures: number;
  /** Premature answers the route refused (Mira's completion gate). */
  prematureBlocked: number;
  /** Metric name → why this route has no comparable score for it. */
  notComparable: Record<string, string>;
  /** Free-form facts worth showing (e.g. the run's status and finish reason). */
  notes: string[];
}

export interface CheckResult {
  check: string;
  pass: boolean;
  detail: string;
}

/** One route on one case: the unit results.json is made of. */
export interface CaseRecord {
  route: RouteName;
  caseId: string;
  split: "tuning" | "heldout" | "unknown";
  category: string;
  subsets: string[];
  /** `error`: the case could not be evaluated (bad case, missing fixture, route crash). */
  status: "ok" | "error";
  error?: string;
  success: boolean;
  goldTools: string[];
  /** Gold tools that entered the model's view in at least one call. */
  goldReached: string[];
  /** Every gold tool reached; null when the case has no gold tool. */
  reached: boolean | null;
  /** Every reached gold tool was called by the model; null when none was reached. */
  selected: boolean | null;
  modelCalls: number;
  promptTokens: number[];
  meanPromptTokens: number;
  toolSearchCalls: number;
  unnecessarySearches: number;
  unapprovedSideEffects: number;
  doubleExecutions: number;
  /** Answers given while gold steps were still undone, that ended the run. */
  prematureAnswers: number;
  prematureBlocked: number;
  failureExpected: "none" | "recoverable" | "terminal";
  /** Did the run show the expected failure class; null = no comparable score (see notComparable). */
  failureClassCorrect: boolean | null;
  wallMs: number;
  checks: CheckResult[];
  executions: ExecutionRecord[];
  approvals: ApprovalRecord[];
  answer: string | null;
  notComparable: Record<string, string>;
  notes: string[];
}
