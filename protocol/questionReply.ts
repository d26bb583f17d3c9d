/**
 * The `ask_user` interrupt in the ecosystem's shapes, and its replies read back into the
 * answer text (CONTRACT §2). Like an approval, the value keeps Mira's own fields
 * (`kind: "question"`, `question`, `agent`) and adds what a UI renders with a reply box:
 * - `hitl`: a HITL request whose one action, `ask_user`, has an empty `answer` argument that
 *   Agent Chat UI shows as an editable field (its guard `isAgentInboxInterruptSchema` needs
 *   non-empty `action_requests` and `review_configs`); the reply is an `edit` decision.
 * - `inbox`: the legacy `HumanInterrupt` with `config.allow_respond` only, which Agent Inbox
 *   renders as a text box; the reply is `[{type: "response", args: "<answer>"}]`.
 * Answers: a plain string, `{answer}`, Agent Inbox's `response`, or the HITL edit of `answer`.
 * A reply meant for an approval (approve/accept/reject/ignore, Mira's decision) is refused.
 */
import type { ApprovalShape } from "../state/types.js";
import { isCancelReply, isSupersedeReply, short } from "./approvalReply.js";

/** The action name a UI shows for a question. */
export const QUESTION_ACTION = "ask_user";

export interface QuestionRequest {
  kind: "question";
  question: string;
  /** Who asks: `main` or a SubAgent's id (the parent relays a child's question). */
  agent: string;
  /** The question, as the UIs' description line. */
  description: string;
}

export interface HitlQuestionRequest extends QuestionRequest {
  action_requests: Array<{ name: typeof QUESTION_ACTION; args: { answer: string }; description: string }>;
  review_configs: Array<{ action_name: typeof QUESTION_ACTION; allowed_decisions: ["edit"] }>;
}

export interface InboxQuestionRequest extends QuestionRequest {
  action_request: { action: typeof QUESTION_ACTION; args: { question: string } };
  config: { allow_ignore: false; allow_respond: true; allow_edit: false; allow_accept: false };
}

export function questionRequest(question: string, agent: string, shape: ApprovalShape): HitlQuestionRequest | InboxQuestionRequest {
  const base: QuestionRequest = { kind: "question", question, agent, description: question };
  if (shape === "inbox") {
    return {
      ...base,
      action_request: { action: QUESTION_ACTION, args: { question } },
      config: { allow_ignore: false, allow_respond: true, allow_edit: false, allow_accept: false },
    };
  }
  return {
    ...base,
    action_requests: [{ name: QUESTION_ACTION, args: { answer: "" }, description: question }],
    review_configs: [{ action_name: QUESTION_ACTION, allowed_decisions: ["edit"] }],
  };
}

export type QuestionReply =
  | { kind: "answer"; text: string }
  | { kind: "cancel"; reason?: string }
  /** A new request instead of an answer (a SubAgent's question; see SupersedeReply). */
  | { kind: "superseded"; reason: string }
  | { kind: "refused"; message: string };

const record = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0;

/** Reads a resume value as the answer to a question. Never throws. */
export function readQuestionReply(question: string, value: unknown): QuestionReply {
  const refuse = (why: string): QuestionReply => ({ kind: "refused", message: `${why}; still waiting for an answer to "${question}"` });
  if (isCancelReply(value)) return { kind: "cancel", reason: value.reason };
  if (isSupersedeReply(value)) return { kind: "superseded", reason: value.supersededBy };
  if (nonEmpty(value)) return { kind: "answer", text: value.trim() };
  if (typeof value === "string") return refuse("the answer is empty");
  if (record(value) && "answer" in value) return nonEmpty(value.answer) ? { kind: "answer", text: value.answer.trim() } : refuse("the answer is empty");
  if (record(value) && "decision" in value) return refuse(`a ${short(value.decision)} decision answers an approval, not a question; reply with text`);
  if (record(value) && Array.isArray(value.decisions)) {
    if (value.decisions.length !== 1) return refuse(`the reply holds ${value.decisions.length} decisions but 1 question is pending`);
    const d = value.decisions[0] as { type?: unknown; edited_action?: { name?: unknown; args?: Record<string, unknown> } } | null;
    if (d?.type !== "edit") return refuse(`a ${short(d?.type)} decision answers an approval, not a question; fill in the answer`);
    if (d.edited_action?.name !== QUESTION_ACTION) return refuse(`the edit names ${short(d.edited_action?.name)}, not ${QUESTION_ACTION}`);
    const text = d.edited_action.args?.answer;
    return nonEmpty(text) ? { kind: "answer", text: text.trim() } : refuse("the answer is empty");
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) return refuse(`the reply holds ${value.length} responses but 1 question is pending`);
    const r = value[0] as { type?: unknown; args?: unknown } | null;
    if (r?.type !== "response") return refuse(`a ${short(r?.type)} response answers an approval, not a question; respond with text`);
    return nonEmpty(r.args) ? { kind: "answer", text: r.args.trim() } : refuse("the answer is empty");
  }
  return refuse(`resume value ${short(value)} is not an answer (text, {answer}, [{type:"response", args}] or the ask_user edit)`);
}
