/**
 * Every contract type of an AgentRun, defined once. Persisted shapes are zod schemas
 * (they cross checkpoints, processes and the CLI); the TypeScript types are inferred.
 */
import { z } from "zod";
import { ChangeOp, Domain, RunSubject } from "../language/kinds.js";

/** Bumped whenever a persisted channel changes shape; old-state fixtures stay as tests. */
export const AGENT_RUN_SCHEMA_VERSION = 2;

export const RunStatus = z.enum(["running", "waiting_user", "waiting_approval", "completed", "failed", "cancelled"]);
export type RunStatus = z.infer<typeof RunStatus>;

export const FinishReason = z.enum(["stop", "error", "max_steps"]);
export type FinishReason = z.infer<typeof FinishReason>;

/** The risk classes of CONTRACT §3; every class except read and planner-internal asks by default. */
export const RiskClass = z.enum([
  "read",
  "file_write",
  "file_delete",
  "file_move",
  "terminal",
  "remote_write",
  "mail_send",
  "browser_input",
  "external_mcp",
  "network",
]);
export type RiskClass = z.infer<typeof RiskClass>;

/** What a workspace change did (set on `write` evidence), a goal's domain and a run goal's subject: one definition each, in `language/kinds.ts`. */
export { ChangeOp, Domain, RunSubject };

/**
 * What a goal asks for (CONTRACT §6): answer a question, read named targets, compare them,
 * change a target, verify that change, run or check something, send or communicate, look
 * something up outside the workspace. Each intent has the evidence kinds that cover it
 * (`state/completionGate.ts`).
 */
export const GoalIntent = z.enum(["question", "read", "compare", "change", "verify", "run", "send", "lookup"]);
export type GoalIntent = z.infer<typeof GoalIntent>;

/** A goal the Planner proposes with `revise_goals`; the deterministic layer validates it. */
export const ProposedGoal = z.object({
  intent: GoalIntent.describe("What the goal asks for."),
  op: ChangeOp.optional().describe("For change goals."),
  target: z.string().optional().describe("The workspace path (a move's source)."),
  to: z.string().optional().describe("For a move: the destination path."),
  domain: Domain.optional().describe("A non-file domain."),
  subject: RunSubject.optional().describe("For run goals."),
  description: z.string().optional().describe("The goal in a few words."),
});
export type ProposedGoal = z.infer<typeof ProposedGoal>;

export const GoalDispute = z.object({
  goalId: z.string().describe("A goal id."),
  reason: z.string().min(1).describe("Why."),
});
export type GoalDispute = z.infer<typeof GoalDispute>;

/** The Planner's typed decision (CONTRACT §1 `nextAction`). */
export const PlannerDecision = z.discriminatedUnion("type", [
  z.object({ type: z.literal("answer"), text: z.string(), citations: z.array(z.string()).default([]) }),
  z.object({ type: z.literal("ask_user"), question: z.string().min(1) }),
  z.object({ type: z.literal("retrieve"), query: z.string().min(1) }),
  z.object({ type: z.literal("use_tool"), toolId: z.string(), toolCallId: z.string(), input: z.unknown() }),
  z.object({ type: z.literal("tool_search"), query: z.string().min(1) }),
  z.object({
    type: z.literal("delegate_task"),
    task: z.string().min(1),
    acceptance: z.string().default(""),
    /** A skill by name (its summary was visible); absent = a Generic SubAgent. */
    skill: z.string().optional(),
    /** Tool names or domain patterns narrowing a Generic SubAgent's envelope. */
    tools: z.array(z.string()).optional(),
  }),
  z.object({ type: z.literal("fail"), reason: z.string().min(1) }),
  z.object({ type: z.literal("revise_goals"), goals: z.array(ProposedGoal).default([]), disputes: z.array(GoalDispute).default([]) }),
]);
export type PlannerDecision = z.infer<typeof PlannerDecision>;

/**
 * What the Planner had just seen when it proposed a call: its latest observations (newest
 * last) and the newest evidence in its view. Shown with the approval request so the user can tell a call that
 * follows an instruction found in a tool's output (prompt injection) from one the request
 * asked for. Not part of the call's identity (`inputHash`): it changes nothing the call does.
 */
export const CallProvenance = z.object({
  observations: z.array(z.object({ step: z.number().int(), source: z.string(), toolId: z.string().optional(), toolCallId: z.string().optional(), summary: z.string() })),
  evidence: z.array(z.object({ id: z.string(), toolId: z.string(), path: z.string().optional(), excerpt: z.string() })),
});
export type CallProvenance = z.infer<typeof CallProvenance>;

/** The frozen invocation: what Policy judges, the approval binds and Tool executes. */
export const PendingToolCall = z.object({
  toolId: z.string(),
  toolCallId: z.string(),
  input: z.record(z.string(), z.unknown()),
  inputHash: z.string(),
  riskClass: RiskClass,
  /** Absent in calls frozen before provenance was recorded. */
  provenance: CallProvenance.optional(),
});
export type PendingToolCall = z.infer<typeof PendingToolCall>;

/**
 * A decision on one frozen call, bound to its full identity, the thread it was given in and
 * the checkpoint it paused at. A copy of the thread (same checkpoints, another thread id)
 * carries the record but not its authority: the Tool node and the ledger accept it only in
 * `threadId` (CONTRACT §3). Records saved before approvals were thread-bound have no
 * `threadId`; such a record binds no thread, so the call is asked again (optional, additive).
 */
export const ApprovalRecord = z.object({
  toolId: z.string(),
  toolCallId: z.string(),
  inputHash: z.string(),
  threadId: z.string().optional(),
  checkpointId: z.string().nullable(),
  decision: z.enum(["approve", "reject", "edit", "policy_allow"]),
  reason: z.string().optional(),
  /** HMAC of the binding when signed approvals are on (protocol/approvalSignature.ts). */
  signature: z.string().optional(),
  /** Who gave the decision: the authenticated server user (`langgraph_auth_user_id`); absent without auth. */
  approvedBy: z.string().optional(),
  at: z.string(),
});
export type ApprovalRecord = z.infer<typeof ApprovalRecord>;

/** What the user sends to resume an approval interrupt. */
export const ApprovalResume = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), toolCallId: z.string(), inputHash: z.string(), reason: z.string().optional(), signature: z.string().optional() }),
  z.object({ decision: z.literal("reject"), toolCallId: z.string(), inputHash: z.string(), reason: z.string().optional() }),
  z.object({
    decision: z.literal("edit"),
    toolCallId: z.string(),
    inputHash: z.string(),
    reason: z.string().optional(),
    input: z.record(z.string(), z.unknown()),
  }),
]);
export type ApprovalResume = z.infer<typeof ApprovalResume>;

/**
 * How an approval interrupt is shaped for the ecosystem's UIs: `hitl` is LangChain's HITL
 * request (`action_requests` + `review_configs`, rendered by Agent Chat UI); `inbox` is the
 * legacy `HumanInterrupt` (`action_request` + `config`, rendered by Agent Inbox). Both keep
 * the frozen invocation beside the UI fields.
 */
export const ApprovalShape = z.enum(["hitl", "inbox"]);
export type ApprovalShape = z.infer<typeof ApprovalShape>;

/** The action an ecosystem UI shows and may send back edited (HITL `Action`). */
const HitlAction = z.object({ name: z.string(), args: z.record(z.string(), z.unknown()) });

/** One HITL decision (Agent Chat UI, LangChain HITL middleware). */
export const HitlDecision = z.discriminatedUnion("type", [
  z.object({ type: z.literal("approve") }),
  z.object({ type: z.literal("reject"), message: z.string().optional() }),
  z.object({ type: z.literal("edit"), edited_action: HitlAction }),
]);
/** The HITL resume value: one decision per action request (Mira asks about one call at a time). */
export const HitlResume = z.object({ decisions: z.array(HitlDecision).length(1) });

/** The action Agent Inbox echoes back (`ActionRequest` of the legacy `HumanInterrupt`). */
const InboxAction = z.object({ action: z.string(), args: z.record(z.string(), z.unknown()) });

/** One Agent Inbox `HumanResponse`; `ignore` is a rejection, `response` a rejection with the user's text. */
export const InboxResponse = z.discriminatedUnion("type", [
  z.object({ type: z.literal("accept"), args: InboxAction.nullable().optional() }),
  z.object({ type: z.literal("edit"), args: InboxAction }),
  z.object({ type: z.literal("response"), args: z.string() }),
  z.object({ type: z.literal("ignore"), args: z.null().optional() }),
]);
/** The Agent Inbox resume value: an array holding the one response. */
export const InboxResume = z.array(InboxResponse).length(1);

/** Failure kinds; `recoverable` ones come back to the Planner, the rest end the run (CONTRACT §4). */
export const RecoverableFailureKind = z.enum([
  "not_found",
  "empty_result",
  "unavailable",
  "invalid_input",
  "unknown_tool",
  "tool_error",
  "outcome_unknown",
  "rejected",
  "incomplete_goals",
  "invalid_decision",
  "timeout",
  "delegation_failed",
]);
export const TerminalFailureKind = z.enum([
  "security_violation",
  "policy_denied",
  "approval_inconsistency",
  "schema_error",
  "state_corrupted",
  "model_error",
  "planner_fail",
  "invalid_request",
]);
export const Failure = z.discriminatedUnion("recoverable", [
  z.object({ recoverable: z.literal(true), kind: RecoverableFailureKind, message: z.string() }),
  z.object({ recoverable: z.literal(false), kind: TerminalFailureKind, message: z.string() }),
]);
export type Failure = z.infer<typeof Failure>;
export type RecoverableFailure = Extract<Failure, { recoverable: true }>;
export type TerminalFailure = Extract<Failure, { recoverable: false }>;

/** One stable observation shape, whichever node produced it (CONTRACT §5). */
export const Observation = z.object({
  step: z.number().int(),
  source: z.enum(["tool", "retrieve", "policy", "approval", "planner", "user", "gate", "subagent", "harness"]),
  toolId: z.string().optional(),
  toolCallId: z.string().optional(),
  outcome: z.enum(["succeeded", "failed", "rejected", "answered"]),
  summary: z.string(),
  failure: Failure.optional(),
  evidenceIds: z.array(z.string()).default([]),
});
export type Observation = z.infer<typeof Observation>;

/**
 * Kinds of evidence; the completion gate reasons over them (CONTRACT §6). `record`: what a
 * non-file tool returned (a CI run, a mail, an event, an MCP result); `receipt`: a non-file
 * tool's confirmation that its effect happened (a mail sent, a PR opened). `other` is the v1
 * name of `record`. `absence`: a read tool's search over a scope (`source.path`) found nothing,
 * a negative finding that answers an existence question.
 */
export const EvidenceKind = z.enum(["listing", "locate_hit", "content", "search_hit", "write", "command", "passage", "record", "receipt", "other", "absence"]);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

/**
 * Directories no workspace walk enters (vendored dependencies, VCS internals): a command's
 * changes inside them are not tracked, only their own creation, removal or move.
 */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/**
 * One path a command changed, from snapshots of the workspace before and after it
 * (tools/workspace/commandChanges.ts); `moved` names where the entry came from.
 */
export const PathChange = z.object({
  path: z.string(),
  change: z.enum(["created", "modified", "mode", "moved", "deleted"]),
  from: z.string().optional(),
});
export type PathChange = z.infer<typeof PathChange>;

export const Evidence = z.object({
  id: z.string(),
  kind: EvidenceKind,
  toolId: z.string(),
  toolCallId: z.string(),
  /** The SubAgent that gathered it; absent = the main agent. */
  agent: z.string().optional(),
  source: z.object({
    path: z.string().optional(),
    startLine: z.number().optional(),
    endLine: z.number().optional(),
    /** A resource read (`read_resource`): its server, MIME type, and the bytes kept of its length (path is the URI). */
    server: z.string().optional(),
    mimeType: z.string().optional(),
    byteStart: z.number().optional(),
    byteEnd: z.number().optional(),
    byteLength: z.number().optional(),
  }),
  content: z.string(),
  verified: z.boolean(),
  /** The capability domain of the tool that produced it (`workspace.read`, `code.github`, `mail`). */
  domain: z.string().optional(),
  /** On `write` evidence: which change; a move also names where it came from. */
  op: ChangeOp.optional(),
  from: z.string().optional(),
  /** On `absence` evidence: the path itself was not found (a read of it failed), not only what a search looked for in it. */
  missing: z.boolean().optional(),
  /** On `search_hit` evidence: what was searched for, and where when the search ran to its end (its hits say only where it found something). */
  search: z.object({ query: z.string(), regex: z.boolean(), scope: z.string().optional() }).optional(),
  /** On `command` evidence: the paths it changed, as seen; absent when not tracked (too large a workspace, too many changes). */
  changes: z.array(PathChange).optional(),
  /** Produced by a simulated backend (an evaluation fixture): never verified real-world evidence. */
  simulated: z.literal(true).optional(),
});
export type Evidence = z.infer<typeof Evidence>;
export type EvidenceDraft = Omit<Evidence, "id" | "toolId" | "toolCallId" | "agent">;

export const Recovery = z.object({
  attemptCount: z.number().int(),
  maxAttempts: z.number().int(),
  exhausted: z.boolean(),
});
export type Recovery = z.infer<typeof Recovery>;

/** A user goal in the ledger; `open` until evidence of the right kind covers it. */
export const Goal = z.object({
  id: z.string(),
  intent: GoalIntent,
  /** change/verify: which change. */
  op: ChangeOp.optional(),
  /** The workspace path the goal is about (a move's source). */
  target: z.string().optional(),
  /** compare: every path compared. */
  targets: z.array(z.string()).optional(),
  /** move: the destination. */
  to: z.string().optional(),
  /** question/lookup/send about a non-file domain: only that domain's evidence covers it. */
  domain: Domain.optional(),
  /** run: what the command must be about (test, build, lint). */
  subject: RunSubject.optional(),
  /** change/verify: quoted text the changed target must hold afterwards (the requested state). */
  expects: z.string().optional(),
  /** change/verify: quoted text the changed target must no longer hold. */
  expectsGone: z.string().optional(),
  /** run: the request runs it to confirm its changes ("then run ./check.sh to confirm it's picked up"): its success after them observes them. */
  confirms: z.boolean().optional(),
  /** change/verify: the expected text must open the file ("as the first line", "加在开头"). */
  leads: z.boolean().optional(),
  /** change/verify: quoted text the change replaces ("'a' -> 'b'"): an observation after it still showing the text shows it not done. */
  replaced: z.string().optional(),
  /** write: the requested state is only that the path exists (a folder, an empty file); question: it asks whether a file exists (a listing of its whole scope answers). */
  existence: z.boolean().optional(),
  /** question: it asks which folders a place holds ("list the top-level folders"): a listing of that place answers, to any depth. */
  entries: z.boolean().optional(),
  /** delete by pattern (`cache/.tmp`: every name ending in `.tmp` under cache): none may be seen after the effect. */
  pattern: z.string().optional(),
  /** An addition to an existing file: the lines it held when the request was read; a whole read after the change may not show fewer. */
  linesBefore: z.number().optional(),
  /**
   * change/verify: the requested state is the whole target's: a file's whole text is the value ("VERSION 改成 2.0.0"),
   * or no file in a folder holds what was replaced ("所有 X 都换成 Y"), which only a look over the whole folder shows.
   */
  whole: z.boolean().optional(),
  description: z.string(),
  /** `disputed`: the Planner gave a reason it will not be done; shown in the answer, never silently dropped. */
  status: z.enum(["open", "covered", "declined", "disputed"]),
  /** Evidence ids that covered it. */
  coveredBy: z.array(z.string()).default([]),
  /** Why it was declined or disputed. */
  reason: z.string().optional(),
  /** Read from a verb the request lexicon does not hold, by its WordNet class ("pay", "部署"): it may act outside the workspace, so an honest "cannot" with nothing changed answers it. */
  guessed: z.boolean().optional(),
  /** Who proposed it: the request (deterministic), the Planner (revise_goals, validated), or an effect the request's reading did not foresee (its verification). */
  origin: z.enum(["request", "planner", "effect"]).default("request"),
});
export type Goal = z.infer<typeof Goal>;

export const TaskFrame = z.object({
  goals: z.array(Goal),
  /** Quoted passages of the request: content to write or say, never goals. */
  content: z.array(z.string()).default([]),
  /** What the frame builder could not understand, said once (e.g. no word recognised). */
  notes: z.array(z.string()).default([]),
  /** Evidence count when this turn began: earlier evidence is from earlier turns (absent = 0). */
  since: z.number().int().optional(),
  /** Workspace paths the request asks to leave as they are ("don't touch tests/"): a change to one is refused. */
  kept: z.array(z.string()).optional(),
  /**
   * Names the request wrote that no one file carries (a bare name several folders hold, a name mixing
   * alphabets in one word), each with the files it may mean: the answer says by path which it is about,
   * or asks which is meant. Nothing is chosen silently.
   */
  unclear: z.array(z.object({ name: z.string(), candidates: z.array(z.string()) })).optional(),
  /** The request has no words, only punctuation or symbols: nothing is asked, so nothing may be done or claimed. */
  wordless: z.boolean().optional(),
  /** The gate's one refusal in this turn: the evidence count then, the refused answer, what was missing. */
  refusal: z.object({ at: z.number().int(), claim: z.string(), missing: z.string() }).optional(),
});
export type TaskFrame = z.infer<typeof TaskFrame>;

/** What a concrete tool returns: expected failures are data, never thrown. */
export type ToolOutcome =
  | { ok: true; summary: string; evidence: EvidenceDraft[] }
  | { ok: false; failure: Failure };

/** The outcome of one Tool execution, handed from Tool to Evidence. */
export const ToolResult = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    toolId: z.string(),
    toolCallId: z.string(),
    summary: z.string(),
    evidence: z.array(Evidence.omit({ id: true, toolId: true, toolCallId: true, agent: true })),
    replayed: z.boolean(),
  }),
  z.object({ ok: z.literal(false), toolId: z.string(), toolCallId: z.string(), failure: Failure, replayed: z.boolean() }),
]);
export type ToolResult = z.infer<typeof ToolResult>;

export const Finalization = z.object({
  evidenceIds: z.array(z.string()),
  /** Evidence of every side effect that happened (writes, commands, receipts), verified or not. */
  effectIds: z.array(z.string()).default([]),
  draft: z.string(),
  guarded: z.boolean(),
});
export type Finalization = z.infer<typeof Finalization>;

export const TraceEntry = z.object({
  seq: z.number().int(),
  node: z.string(),
  agent: z.string(),
  at: z.string(),
  decision: z.string().optional(),
  toolCallId: z.string().optional(),
  note: z.string().optional(),
});
export type TraceEntry = z.infer<typeof TraceEntry>;

export const RunError = z.object({ kind: TerminalFailureKind, message: z.string() });
export type RunError = z.infer<typeof RunError>;

/** Settings a run was started with; stored in state so any process can resume it. */
export const RunSettings = z.object({
  workspace: z.string(),
  model: z.string(),
  policyFile: z.string().nullable(),
  /**
   * A run's own policy file on a server, applied under `policyFile` (the operator's floor):
   * it may only add asks and denies (policy/policy.ts `Policy.underFloor`). Additive, default null.
   */
  policyNarrowing: z.string().nullable().default(null),
  maxSteps: z.number().int().positive(),
  /**
   * Catalog file replacing the default tools, or `builtin-simulated` for the evaluation catalog
   * (simulated backends); null = only real tools. Added in v1 with a default.
   */
  catalog: z.string().nullable().default(null),
  /** MCP config file listing live servers; null = none. */
  mcpConfig: z.string().nullable().default(null),
  /** Shape of approval interrupts for the ecosystem UIs. Added in v1 with a default. */
  approvalShape: ApprovalShape.default("hitl"),
  /** Folder of skill folders; null = the built-in skills. */
  skills: z.string().nullable().default(null),
  /** A server run's own tool patterns, narrowing the operator's grants (runtime/toolSources.ts runAuthority). Additive, default null. */
  toolGrants: z.array(z.string()).nullable().default(null),
  /** Refuse bare ecosystem replies (no interrupt id, no arguments); for clients that key their replies. */
  strictReplies: z.boolean().optional(),
});
export type RunSettings = z.input<typeof RunSettings>;

/**
 * One delegated work package as the parent opened it (CONTRACT §8): the child's whole
 * mandate. A child gets this, never the parent's goal, loadout or conversation.
 */
export const Delegation = z.object({
  /** The child's agent id (`sub-<n>`), stamped on its trace entries and evidence. */
  id: z.string(),
  kind: z.enum(["generic", "skill"]),
  task: z.string(),
  acceptance: z.string(),
  skill: z.string().optional(),
  tools: z.array(z.string()).optional(),
  /** The child's own budgets, fixed by the parent. */
  maxSteps: z.number().int().positive(),
  maxAttempts: z.number().int().positive(),
});
export type Delegation = z.infer<typeof Delegation>;

/** What a skill child leaves behind besides evidence (CONTRACT §8: Evidence / Artifact / Requirement). */
export const Artifact = z.object({ kind: z.enum(["file_change", "report"]), path: z.string().optional(), description: z.string() });
export type Artifact = z.infer<typeof Artifact>;

/**
 * A child's structured result, handed from the SubAgent subgraph to the parent's Evidence
 * node. `completed` means the work package is done, never that the user's goal is;
 * `cancelled`, that the user ended it while it waited (which ends the parent's request too);
 * `superseded`, that the user's new message replaced it while it waited (the parent plans that message).
 */
export const WorkPackage = z.object({
  id: z.string(),
  kind: Delegation.shape.kind,
  skill: z.string().optional(),
  acceptance: z.string(),
  status: z.enum(["completed", "failed", "cancelled", "superseded"]),
  summary: z.string(),
  /** Evidence with provenance; ids continue the parent's numbering. */
  evidence: z.array(Evidence),
  artifacts: z.array(Artifact),
  /** What the child needs and could not get (a missing runtime, an open goal, a failed check). */
  requirements: z.array(z.string()),
  /** Why it failed; a terminal one ends the parent run too. */
  failure: Failure.optional(),
});
export type WorkPackage = z.infer<typeof WorkPackage>;

/** The parent's record of a delegated package once its evidence was taken in. */
export const SubagentResult = z.object({
  id: z.string(),
  kind: Delegation.shape.kind,
  skill: z.string().optional(),
  status: WorkPackage.shape.status,
  summary: z.string(),
  evidenceIds: z.array(z.string()),
  artifacts: z.array(Artifact),
  requirements: z.array(z.string()),
});
export type SubagentResult = z.infer<typeof SubagentResult>;
