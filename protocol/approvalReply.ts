/**
 * The approval interrupt in the ecosystem's shapes, and every reply shape read back into one
 * decision (CONTRACT §3). The value always carries the frozen invocation; beside it sits
 * either LangChain's HITL request (Agent Chat UI) or the legacy `HumanInterrupt` (Agent
 * Inbox). A reply is Mira's identity-bound decision, a HITL `{decisions:[…]}` or an Agent
 * Inbox `[{type, args}]`. The ecosystem replies carry no identity: they can only answer the
 * interrupt pending at the checkpoint they reach, and whatever they echo back (the action
 * name, Agent Inbox's accepted args) must still be that call's.
 */
import { canonicalJson } from "./invocationHash.js";
import {
  ApprovalResume,
  HitlResume,
  InboxResume,
  type ApprovalShape,
  type PendingToolCall,
} from "../state/types.js";

/** The decisions a reviewer may take on a frozen call. */
const ALLOWED_DECISIONS = ["approve", "edit", "reject"] as const;

/** What every approval interrupt carries: the frozen invocation and where it paused. */
export interface FrozenApproval extends PendingToolCall {
  kind: "approval";
  checkpointId: string | null;
  /** Whose call it is: `main` or a SubAgent's id (the parent relays a child's request). */
  agent: string;
  /** One line for a human: the call, its risk and what to do. */
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

export function describeCall(call: PendingToolCall): string {
  return `${call.toolId} [${call.riskClass}] needs approval: call ${call.toolCallId}, input hash ${call.inputHash.slice(0, 16)}…; approve, edit (a new call, asked again) or reject with a reason`;
}

/** The interrupt value for a frozen call in the configured shape. */
export function approvalRequest(call: PendingToolCall, checkpointId: string | null, agent: string, shape: ApprovalShape): ApprovalRequest {
  const frozen: FrozenApproval = { kind: "approval", ...call, checkpointId, agent, description: describeCall(call) };
  if (shape === "inbox") {
    return {
      ...frozen,
      action_request: { action: call.toolId, args: call.input },
      config: { allow_ignore: true, allow_respond: true, allow_edit: true, allow_accept: true },
    };
  }
  return {
    ...frozen,
    action_requests: [{ name: call.toolId, args: call.input, description: frozen.description }],
    review_configs: [{ action_name: call.toolId, allowed_decisions: [...ALLOWED_DECISIONS] }],
  };
}

/** The frozen invocation an approval interrupt carries. */
export function frozenCallOf(request: FrozenApproval): PendingToolCall {
  const { toolId, toolCallId, input, inputHash, riskClass } = request;
  return { toolId, toolCallId, input, inputHash, riskClass };
}

/** A reply read into one decision on the frozen call. */
export type ApprovalReply =
  /** `signature`: the client's HMAC of the binding, when signed approvals are on (approvalSignature.ts). */
  | { kind: "approve"; reason?: string; via: ReplyShape; signature?: string }
  | { kind: "reject"; reason?: string; via: ReplyShape }
  | { kind: "edit"; input: Record<string, unknown>; reason?: string; via: ReplyShape }
  /** Mira's decision naming another invocation: an approval inconsistency (terminal). */
  | { kind: "inconsistent"; message: string }
  /** An ecosystem reply that names another call, or no reply shape at all: the run keeps waiting. */
  | { kind: "refused"; message: string };

export type ReplyShape = "mira" | "hitl" | "inbox";

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/** An echoed tool name must be the frozen call's: an edit never turns into another tool. */
function otherTool(call: PendingToolCall, name: string, via: ReplyShape): ApprovalReply | null {
  if (name === call.toolId) return null;
  return { kind: "refused", message: `the ${via} reply names ${name} but the pending call is ${call.toolId} (${call.toolCallId}); an edit keeps the tool, nothing was executed` };
}

/** Reads a resume value against the frozen call it answers. Never throws. */
export function readApprovalReply(call: PendingToolCall, value: unknown): ApprovalReply {
  const mira = ApprovalResume.safeParse(value);
  if (mira.success) {
    const d = mira.data;
    if (d.toolCallId !== call.toolCallId || d.inputHash !== call.inputHash) {
      return {
        kind: "inconsistent",
        message: `decision names ${d.toolCallId}/${d.inputHash.slice(0, 12)} but the frozen call is ${call.toolCallId}/${call.inputHash.slice(0, 12)}; nothing was executed`,
      };
    }
    if (d.decision === "edit") return { kind: "edit", input: d.input, reason: d.reason, via: "mira" };
    if (d.decision === "approve") return { kind: "approve", reason: d.reason, via: "mira", ...(d.signature ? { signature: d.signature } : {}) };
    return { kind: d.decision, reason: d.reason, via: "mira" };
  }

  const hitl = HitlResume.safeParse(value);
  if (hitl.success) {
    const d = hitl.data.decisions[0]!;
    switch (d.type) {
      case "approve":
        return { kind: "approve", via: "hitl" };
      case "reject":
        return { kind: "reject", reason: d.message, via: "hitl" };
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
        if (!r.args) return { kind: "approve", via: "inbox" };
        const named = otherTool(call, r.args.action, "inbox");
        if (named) return named;
        if (canonicalJson(r.args.args) !== canonicalJson(call.input)) {
          return { kind: "refused", message: `the accepted arguments ${short(r.args.args)} are not the pending call's (${call.toolCallId}); nothing was executed` };
        }
        return { kind: "approve", via: "inbox" };
      }
      case "edit":
        return otherTool(call, r.args.action, "inbox") ?? { kind: "edit", input: r.args.args, via: "inbox" };
      case "response":
        return { kind: "reject", reason: r.args || undefined, via: "inbox" };
      case "ignore":
        return { kind: "reject", reason: "ignored in the inbox", via: "inbox" };
    }
  }

  return {
    kind: "refused",
    message: `resume value ${short(value)} is not an approval reply (Mira's {decision, toolCallId, inputHash}, {decisions:[…]} or [{type, args}]); still waiting on ${call.toolId} (${call.toolCallId})`,
  };
}
