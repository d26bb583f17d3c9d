/**
 * The Planner protocol: decisions travel as tool calls of the chat model. Seven names are
 * planner-protocol calls the Planner handles itself (the Harness never executes them);
 * every other name is a concrete tool and becomes `use_tool`. A turn with text and no
 * tool calls is an `answer`.
 */
import { z } from "zod";
import type { AIMessage } from "@langchain/core/messages";
import { GoalDispute, ProposedGoal, type PlannerDecision } from "../state/types.js";

export const protocolSchemas = {
  answer: z.object({
    text: z.string().min(1).describe("The answer for the user, written from the evidence read so far."),
    citations: z.array(z.string()).default([]).describe("Evidence ids (e.g. ev-3) the answer relies on."),
  }),
  ask_user: z.object({ question: z.string().min(1).describe("One precise question for the user.") }),
  retrieve: z.object({ query: z.string().min(1).describe("What to look up in the workspace documents.") }),
  tool_search: z.object({ query: z.string().min(1).describe("The capability needed, when no visible tool fits.") }),
  delegate_task: z.object({
    task: z.string().min(1).describe("A bounded work package for a child agent: what to do, on which files."),
    acceptance: z.string().default("").describe("How you will judge the returned work package complete."),
    skill: z.string().min(1).optional().describe("A listed skill to run the package; omit for a generic child agent."),
    tools: z.array(z.string().min(1)).min(1).optional().describe("Tool names or domains the generic child may use (default: what this run may use)."),
  }),
  fail: z.object({ reason: z.string().min(1).describe("Why the task cannot be done at all.") }),
  revise_goals: z.object({
    goals: z.array(ProposedGoal).default([]).describe("Goals the request asks for that currentTaskFrame misses."),
    disputes: z.array(GoalDispute).default([]).describe("Goals of currentTaskFrame that should not or cannot be done, each with the reason."),
  }),
} as const;

export type ProtocolName = keyof typeof protocolSchemas;
export const PROTOCOL_NAMES = Object.keys(protocolSchemas) as ProtocolName[];
export const isProtocolName = (name: string): name is ProtocolName => name in protocolSchemas;

export const protocolDescriptions: Record<ProtocolName, string> = {
  answer: "Finish: give the final answer. Allowed only when every goal of the task is covered by evidence.",
  ask_user: "Pause and ask the user a question when the task is ambiguous.",
  retrieve: "Search the workspace's documents for passages about a topic.",
  tool_search: "Find a tool for a capability that none of the visible tools offers.",
  delegate_task: "Hand a bounded, checkable work package to a child agent (or a listed skill); its evidence comes back to you to judge.",
  fail: "Give up: the task cannot be done.",
  revise_goals:
    "Propose goals the task frame misses, or dispute a goal with a reason. Checked against the request and the workspace; a disputed goal stays in the ledger and the answer says it was not done and why.",
};

/** Either a decision, or why the model's turn is not one (a recoverable observation). */
export type ParsedTurn = { ok: true; decision: PlannerDecision } | { ok: false; message: string };

/** Turns one model message into one typed decision; never repairs a name or arguments. */
export function parseModelTurn(message: Pick<AIMessage, "content" | "tool_calls">): ParsedTurn {
  const calls = message.tool_calls ?? [];
  if (calls.length > 1) {
    return { ok: false, message: `the model proposed ${calls.length} calls in one turn; exactly one action per turn is allowed` };
  }
  const call = calls[0];
  if (!call) {
    const text = typeof message.content === "string" ? message.content : textOf(message.content);
    if (!text.trim()) return { ok: false, message: "the model returned neither text nor a tool call" };
    return { ok: true, decision: { type: "answer", text, citations: [] } };
  }
  const toolCallId = call.id ?? "";
  if (!toolCallId) return { ok: false, message: `the model's call to "${call.name}" has no call id` };
  if (!isProtocolName(call.name)) {
    return { ok: true, decision: { type: "use_tool", toolId: call.name, toolCallId, input: call.args } };
  }
  const parsed = protocolSchemas[call.name].safeParse(call.args);
  if (!parsed.success) {
    return { ok: false, message: `invalid ${call.name} arguments: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}` };
  }
  return { ok: true, decision: { type: call.name, ...parsed.data } as PlannerDecision };
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (typeof part === "string" ? part : part && typeof part === "object" && "text" in part ? String(part.text) : ""))
    .join("");
}
