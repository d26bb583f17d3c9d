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
    text: z.string().min(1).describe("The answer, from the evidence."),
    citations: z.array(z.string()).default([]).describe("Evidence ids (ev-3)."),
  }),
  ask_user: z.object({ question: z.string().min(1).describe("One precise question.") }),
  retrieve: z.object({ query: z.string().min(1).describe("The topic.") }),
  tool_search: z.object({ query: z.string().min(1).describe("A tool name or a capability.") }),
  delegate_task: z.object({
    task: z.string().min(1).describe("What to do, on which files."),
    acceptance: z.string().default("").describe("How you will judge it done."),
    skill: z.string().min(1).optional().describe("A listed skill; omit for a generic child."),
    tools: z.array(z.string().min(1)).min(1).optional().describe("Tools or domains a generic child may use (default: yours)."),
  }),
  fail: z.object({ reason: z.string().min(1).describe("Why.") }),
  revise_goals: z.object({
    goals: z.array(ProposedGoal).default([]).describe("Goals the request asks for that currentTaskFrame misses."),
    disputes: z.array(GoalDispute).default([]).describe("Goals that should not or cannot be done."),
  }),
} as const;

export type ProtocolName = keyof typeof protocolSchemas;
export const PROTOCOL_NAMES = Object.keys(protocolSchemas) as ProtocolName[];
export const isProtocolName = (name: string): name is ProtocolName => name in protocolSchemas;

export const protocolDescriptions: Record<ProtocolName, string> = {
  answer: "The final answer, once evidence covers every goal.",
  ask_user: "Ask the user when the task is ambiguous.",
  retrieve: "Search the workspace's documents for passages on a topic.",
  tool_search: "Disclose a tool by its exact name, or find tools for a capability.",
  delegate_task: "Hand a bounded, checkable work package to a child agent or a listed skill.",
  fail: "Give up: the task cannot be done.",
  revise_goals: "Add goals the task frame misses, or dispute one with a reason (reported as not done).",
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
