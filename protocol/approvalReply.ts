/**
 * The approval interrupt in the ecosystem's shapes, and every reply shape read back into one
 * decision (CONTRACT §3). The value always carries the frozen invocation; beside it sits
 * either LangChain's HITL request (Agent Chat UI) or the legacy `HumanInterrupt` (Agent
 * Inbox). A reply is Mira's identity-bound decision, a HITL `{decisions:[…]}` or an Agent
 * Inbox `[{type, args}]`. The ecosystem replies carry no identity of their own: a reply keyed
 * by interrupt id answers that interrupt; a bare one answers the call pending at the
 * checkpoint it reaches (refused when `strictReplies` is on); whatever a reply echoes back
 * (the tool, Agent Inbox's accepted args) must still be the pending call's.
 */
import { canonicalJson } from "./invocationHash.js";
import { ApprovalResume, HitlResume, InboxResume, PendingToolCall, type ApprovalShape } from "../state/types.js";

/** The decisions a reviewer may take on a frozen call. */
const ALLOWED_DECISIONS = ["approve", "edit", "reject"] as const;

/** What every approval interrupt carries: the frozen invocation and where it paused. */
export interface FrozenApproval extends PendingToolCall {
  kind: "approval";
  checkpointId: string | null;
  /** Whose call it is: `main` or a SubAgent's id (the parent relays a child's request). */
  agent: string;
  /** One line for a human: the call, its risk, its short input hash and what to do. */
  description: string;
}

/** LangChain HITL request (`HITLRequest` of Agent Chat UI). */
export interface HitlApprovalRequest extends FrozenApproval {
  action_requests: Array<{ name: string; args: Record<string, unknown>; description: string }>;
  review_configs: Array<{ action_name: string; allowed_decisions: Array<(typeof ALLOWED_DECISIONS)[number]> }>;
}

/** Legacy `HumanInterrupt` of Agent Inbox. */
export interface InboxApprovalRequest extends FrozenApproval {
  action_request: { action: string; args: Record<string, unknown> };
  config: { allow_ignore: boolean; allow_respond: boolean; allow_edit: boolean; allow_accept: boolean };
}

export type ApprovalRequest = HitlApprovalRequest | InboxApprovalRequest;

/** The short input hash a UI shows (and a person can compare with the CLI's). */
export const shortHash = (inputHash: string) => inputHash.slice(0, 12);

export function describeCall(call: PendingToolCall): string {
  return `${call.toolId} · risk ${call.riskClass} · input ${shortHash(call.inputHash)} · call ${call.toolCallId} — approve, edit (a new call, asked again) or reject with a reason`;
}

/** The interrupt value for a frozen call in the configured shape. */
export function approvalRequest(call: PendingToolCall, checkpointId: string | null, agent: string, shape: ApprovalShape): ApprovalRequest {
  const frozen: FrozenApproval = { kind: "approval", ...call, checkpointId, agent, description: describeCall(call) };
  if (shape === "inbox") {
    return {
      ...frozen,
      action_request: { action: call.toolId, args: call.input },
      // No `respond`: a text reply answers a question, never an approval (ignore rejects).
      config: { allow_ignore: true, allow_respond: false, allow_edit: true, allow_accept: true },
    };
  }
  return {
    ...frozen,
    action_requests: [{ name: call.toolId, args: call.input, description: frozen.description }],
    review_configs: [{ action_name: call.toolId, allowed_decisions: [...ALLOWED_DECISIONS] }],
  };
}

/** The frozen invocation an approval interrupt carries (its PendingToolCall fields, nothing else). */
export function frozenCallOf(request: FrozenApproval): PendingToolCall {
  return PendingToolCall.parse(request);
}

/**
 * Mira's cancel reply, `{cancel: true, reason?}`: ends a paused run (status `cancelled`),
 * nothing pending executes. LangGraph's `Command({goto: "__end__"})` ("Mark as resolved")
 * and `mira cancel` are read as this value.
 */
export interface CancelReply {
  cancel: true;
  reason?: string;
}
export const isCancelReply = (value: unknown): value is CancelReply =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as { cancel?: unknown }).cancel === true;

/**
 * The user's new chat message relayed to a SubAgent paused on a call or a question
 * (graphs/pausedRun.ts): the pending call is rejected with the message as the reason (a
 * question is left unanswered) and the child stops; its parent plans the message as the next
 * request. A new message on the parent's own pause is settled by nodes/incoming.ts instead;
 * sent there as a reply, this value ends the run like a cancel (nothing runs either way).
 */
export interface SupersedeReply {
  supersededBy: string;
}
export const isSupersedeReply = (value: unknown): value is SupersedeReply =>
  typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { supersededBy?: unknown }).supersededBy === "string";

/** How a reply reached the node: keyed by its interrupt id, or bare (no id). */
export interface ReplyContext {
  keyed: boolean;
  /** `strictReplies`: a bare reply that carries no identity and no arguments is refused. */
  strict: boolean;
}

/** A reply read into one decision on the frozen call. */
export type ApprovalReply =
  /** `signature`: the client's HMAC of the binding, when signed approvals are on (approvalSignature.ts). */
  | { kind: "approve"; reason?: string; via: ReplyShape; signature?: string }
  | { kind: "reject"; reason?: string; via: ReplyShape }
  | { kind: "edit"; input: Record<string, unknown>; reason?: string; via: ReplyShape }
  | { kind: "cancel"; reason?: string }
  /** A new message instead of a decision: the call is rejected with it as the reason and the request ends. */
  | { kind: "superseded"; reason: string }
  /** Mira's decision naming another invocation: an approval inconsistency (terminal). */
  | { kind: "inconsistent"; message: string }
  /** An ecosystem reply that names another call, is malformed, or is no reply at all: the run keeps waiting. */
  | { kind: "refused"; message: string };

export type ReplyShape = "mira" | "hitl" | "inbox";

export const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

const refused = (call: PendingToolCall, why: string): ApprovalReply => ({
  kind: "refused",
  message: `${why}; nothing was executed, still waiting on ${call.toolId} (${call.toolCallId}, input ${shortHash(call.inputHash)})`,
});

/** An echoed tool name must be the frozen call's: an edit never turns into another tool. */
function otherTool(call: PendingToolCall, name: string, via: ReplyShape): ApprovalReply | null {
  if (name === call.toolId) return null;
  return refused(call, `the ${via} reply names ${name} but the pending call is ${call.toolId}; an edit keeps the tool`);
}

/**
 * Why a value that looks like a HITL or Inbox reply is not a valid one (unknown decision type,
 * more decisions than pending calls, a text response to an approval), or null when it does
 * not look like one at all.
 */
function malformedEcosystemReply(call: PendingToolCall, value: unknown): ApprovalReply | null {
  if (value && typeof value === "object" && !Array.isArray(value) && "decisions" in value) {
    const decisions = (value as { decisions: unknown }).decisions;
    if (!Array.isArray(decisions) || decisions.length === 0) return refused(call, "the reply's decisions are not a non-empty list");
    if (decisions.length > 1) return refused(call, `the reply holds ${decisions.length} decisions but 1 call is pending`);
    const type = (decisions[0] as { type?: unknown } | null)?.type;
    if (!ALLOWED_DECISIONS.includes(type as never)) return refused(call, `unknown decision type ${short(type)} (expected approve, edit or reject)`);
    return refused(call, `the ${type} decision is malformed (${short(decisions[0])})`);
  }
  if (Array.isArray(value) && value.length > 0 && value.every((r) => r && typeof r === "object" && "type" in r)) {
    if (value.length > 1) return refused(call, `the reply holds ${value.length} responses but 1 call is pending`);
    const type = (value[0] as { type: unknown }).type;
    if (type === "response") return refused(call, "a text response answers a question, not an approval (accept, edit, or ignore to reject)");
    if (!["accept", "edit", "ignore"].includes(type as string)) return refused(call, `unknown response type ${short(type)} (expected accept, edit or ignore)`);
    return refused(call, `the ${type} response is malformed (${short(value[0])})`);
  }
  return null;
}

/** Reads a resume value against the frozen call it answers. Never throws. */
export function readApprovalReply(call: PendingToolCall, value: unknown, ctx: ReplyContext = { keyed: true, strict: false }): ApprovalReply {
  if (isCancelReply(value)) return { kind: "cancel", reason: value.reason };
  if (isSupersedeReply(value)) return { kind: "superseded", reason: value.supersededBy };
  const mira = ApprovalResume.safeParse(value);
  if (mira.success) {
    const d = mira.data;
    if (d.toolCallId !== call.toolCallId || d.inputHash !== call.inputHash) {
      return {
        kind: "inconsistent",
        message: `decision names ${d.toolCallId}/${shortHash(d.inputHash)} but the frozen call is ${call.toolCallId}/${shortHash(call.inputHash)}; nothing was executed`,
      };
    }
    if (d.decision === "edit") return { kind: "edit", input: d.input, reason: d.reason, via: "mira" };
    if (d.decision === "approve") return { kind: "approve", reason: d.reason, via: "mira", ...(d.signature ? { signature: d.signature } : {}) };
    return { kind: d.decision, reason: d.reason, via: "mira" };
  }
  // A bare reply without arguments names nothing: under strictReplies it must be keyed.
  const bare = (via: ReplyShape): ApprovalReply | null =>
    ctx.strict && !ctx.keyed ? refused(call, `strictReplies is on: a ${via} reply without arguments must be keyed by its interrupt id`) : null;

  const hitl = HitlResume.safeParse(value);
  if (hitl.success) {
    const d = hitl.data.decisions[0]!;
    switch (d.type) {
      case "approve":
        return bare("hitl") ?? { kind: "approve", via: "hitl" };
      case "reject":
        return bare("hitl") ?? { kind: "reject", reason: d.message, via: "hitl" };
      case "edit":
        return otherTool(call, d.edited_action.name, "hitl") ?? { kind: "edit", input: d.edited_action.args, via: "hitl" };
    }
  }

  const inbox = InboxResume.safeParse(value);
  if (inbox.success) {
    const r = inbox.data[0]!;
    switch (r.type) {
      case "accept": {
        // Agent Inbox echoes the action it showed; accepting other arguments answers another call.
        if (!r.args) return bare("inbox") ?? { kind: "approve", via: "inbox" };
        const named = otherTool(call, r.args.action, "inbox");
        if (named) return named;
        if (canonicalJson(r.args.args) !== canonicalJson(call.input)) {
          return refused(call, `the accepted arguments ${short(r.args.args)} are not the pending call's`);
        }
        return { kind: "approve", via: "inbox" };
      }
      case "edit":
        return otherTool(call, r.args.action, "inbox") ?? { kind: "edit", input: r.args.args, via: "inbox" };
      case "response":
        return refused(call, "a text response answers a question, not an approval (accept, edit, or ignore to reject)");
      case "ignore":
        return bare("inbox") ?? { kind: "reject", reason: "ignored in the inbox", via: "inbox" };
    }
  }

  return (
    malformedEcosystemReply(call, value) ??
    refused(call, `resume value ${short(value)} is not an approval reply (Mira's {decision, toolCallId, inputHash}, {decisions:[…]} or [{type, args}])`)
  );
}
