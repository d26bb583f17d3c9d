/**
 * The `pi-loop` route: the real `Agent` of `@mariozechner/pi-agent-core`, not a
 * re-implementation. Every catalog tool is adapted to its `AgentTool` type and all of them
 * are exposed, as pi does. Approvals go through its `beforeToolCall` hook, answered by the
 * same simulated user (every call outside the read class asks, as Mira's default policy
 * does). A deterministic model answers through pi-ai's faux provider, whose response
 * factory receives the exact context pi sends (system prompt, messages, tools): it is
 * measured and decoded there. A real endpoint (`openai`) goes through pi-ai's
 * OpenAI-completions provider, measured in the Agent's stream function.
 */
import { Agent, type AgentTool, type AgentToolResult, type StreamFn } from "@mariozechner/pi-agent-core";
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, streamSimple, type Context, type Message, type TSchema } from "@mariozechner/pi-ai";
import { z } from "zod";
import type { ToolDefinition } from "../../tools/types.js";
import { requestTokens } from "../tokens.js";
import { isLive, turnOfAssistant } from "../models/live.js";
import type { ModelCallRecord, ModelTurn, ModelView, ResultView, RouteOutcome } from "../types.js";
import { failureText, outcomeText, PLAIN_LOOP_PROMPT } from "./toolText.js";
import type { Route, RouteContext } from "./types.js";

export const NO_TERMINAL_CLASS =
  "no comparable score: the loop returns every tool failure to the model as an error result and has no terminal failure class; stopping is left to the model";
export const NO_APPROVAL_WINDOW =
  "no comparable score: pi-agent-core approves inside beforeToolCall and executes right after in the same call, with no pause and no stored call in between, so approved arguments cannot be changed there; the fault was not injected";
export const NO_GATE = "no completion gate: an answer always ends the loop";

const schemas = new WeakMap<object, Record<string, unknown>>();

/** The JSON Schema of a tool's input, as the provider would send it (cached per schema). */
export function jsonSchemaOf(tool: ToolDefinition): Record<string, unknown> {
  let schema = schemas.get(tool.schema);
  if (!schema) {
    schema = z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete schema.$schema;
    schemas.set(tool.schema, schema);
  }
  return schema;
}

/** A Mira tool as a pi AgentTool: validated by its own zod schema (defaults applied), failures thrown as pi expects. */
export function toAgentTool(tool: ToolDefinition, workspaceRoot: string): AgentTool {
  return {
    name: tool.name,
    label: tool.name,
    description: tool.description,
    parameters: jsonSchemaOf(tool) as unknown as TSchema,
    execute: async (_id, params): Promise<AgentToolResult<unknown>> => {
      const parsed = tool.schema.safeParse(params);
      if (!parsed.success) throw new Error(`invalid_input: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
      const outcome = await tool.execute(parsed.data, { workspaceRoot });
      if (!outcome.ok) throw new Error(failureText(outcome));
      return { content: [{ type: "text", text: outcomeText(outcome) }], details: {} };
    },
  };
}

const textOf = (content: Message["content"]) =>
  typeof content === "string" ? content : content.map((part) => ("text" in part ? part.text : "type" in part && part.type === "toolCall" ? JSON.stringify(part) : "")).join("");

/** What pi sends, decoded into the model's view. */
function decode(task: string, context: Context): ModelView {
  const names = new Map<string, string>();
  const results: ResultView[] = [];
  for (const m of context.messages) {
    if (m.role === "assistant") for (const part of m.content) if (part.type === "toolCall") names.set(part.id, part.name);
    if (m.role === "toolResult") results.push({ callId: m.toolCallId, tool: m.toolName || names.get(m.toolCallId) || "", ok: !m.isError, text: textOf(m.content) });
  }
  return { task, visibleTools: (context.tools ?? []).map((t) => t.name), canSearch: false, canDelegate: false, results };
}

function requestSize(context: Context): number {
  const texts = [context.systemPrompt ?? "", ...context.messages.map((m) => `${m.role}: ${textOf(m.content)}`)];
  const tools = (context.tools ?? []).map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
  return requestTokens(texts, tools);
}

export const piLoopRoute: Route = {
  name: "pi-loop",
  async run(ctx: RouteContext): Promise<RouteOutcome> {
    const { evalCase, workspace, user } = ctx;
    const byName = new Map(ctx.tools.map((t) => [t.name, t]));
    const notComparable: Record<string, string> = { failureClass: NO_TERMINAL_CLASS, prematureBlocked: NO_GATE };
    if (ctx.dice.has("args-after-approval")) notComparable.argsAfterApproval = NO_APPROVAL_WINDOW;
    let budgetUsed = false;
    const deterministic = isLive(ctx.model) ? null : ctx.model;
    // A deterministic model answers through pi-ai's faux provider, whose response factory gets the exact context pi sends.
    const faux = deterministic ? registerFauxProvider({ provider: "mira-eval" }) : null;
    const respond = async (context: Context) => {
      const promptTokens = ctx.countTokens ? requestSize(context) : 0;
      const view = decode(evalCase.task, context);
      if (ctx.calls.length >= ctx.maxSteps) {
        budgetUsed = true;
        return fauxAssistantMessage(fauxText(`(stopped: ${ctx.maxSteps} model calls used)`));
      }
      const turn: ModelTurn = await deterministic!.next(view);
      ctx.calls.push({ promptTokens, visibleTools: view.visibleTools, turn });
      if (turn.type === "call") return fauxAssistantMessage(fauxToolCall(turn.tool, turn.args, { id: turn.id }), { stopReason: "toolUse" });
      if (turn.type === "answer") return fauxAssistantMessage(fauxText(turn.text));
      return fauxAssistantMessage(fauxText(`(${turn.type} is not available in this loop)`));
    };
    faux?.setResponses(Array.from({ length: ctx.maxSteps + 1 }, () => respond));
    // A real endpoint goes through pi-ai's own provider; the request is measured on its way out.
    const live = isLive(ctx.model) ? ctx.model : null;
    const liveStream: StreamFn = (model, context, options) => {
      const record: ModelCallRecord = { promptTokens: ctx.countTokens ? requestSize(context) : 0, visibleTools: (context.tools ?? []).map((t) => t.name), turn: { type: "answer", text: "" } };
      ctx.calls.push(record);
      const stream = streamSimple(model, context, options);
      void stream.result().then((message) => (record.turn = turnOfAssistant(message)));
      return stream;
    };
    try {
      const agent = new Agent({
        initialState: { systemPrompt: PLAIN_LOOP_PROMPT, model: live ? live.pi.model : faux!.getModel(), tools: ctx.tools.map((t) => toAgentTool(t, workspace)) },
        toolExecution: "sequential",
        ...(live ? { streamFn: liveStream, getApiKey: () => live.pi.apiKey } : {}),
        beforeToolCall: async ({ toolCall, args }) => {
          const tool = byName.get(toolCall.name);
          if (!tool || tool.risk === "read") return undefined;
          const parsed = tool.schema.safeParse(args);
          const shown = (parsed.success ? parsed.data : args) as Record<string, unknown>;
          return user.decide(tool.name, shown) === "approve" ? undefined : { block: true, reason: "The user rejected this call." };
        },
      });
      if (live) {
        agent.subscribe((event) => {
          if (event.type === "turn_end" && ctx.calls.length >= ctx.maxSteps) {
            budgetUsed = true;
            agent.abort();
          }
        });
      }
      await agent.prompt(evalCase.task);
      const messages = agent.state.messages;
      const last = [...messages].reverse().find((m) => m.role === "assistant");
      const failures = messages.filter((m) => m.role === "toolResult" && m.isError).length;
      const answer = last && last.role === "assistant" && !last.content.some((p) => p.type === "toolCall") ? textOf(last.content) : null;
      return {
        answer: budgetUsed ? null : answer,
        guarded: budgetUsed,
        terminal: null,
        recoverableFailures: failures,
        prematureBlocked: 0,
        notComparable,
        notes: [`${messages.length} messages${agent.state.errorMessage ? `; error: ${agent.state.errorMessage}` : ""}`],
      };
    } finally {
      faux?.unregister();
    }
  },
};
