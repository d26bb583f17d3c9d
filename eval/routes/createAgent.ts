/**
 * The `createagent` route: LangChain's `createAgent` with `humanInTheLoopMiddleware`, what a
 * LangGraph user would pick instead of Mira. Every catalog tool is a LangChain tool (its
 * zod schema validates the call), all are bound, and every tool outside the read class
 * interrupts for the same simulated user, who answers in the middleware's own shape
 * (`{decisions:[…]}`, which names no call). Tool failures come back to the model as error
 * text, as a plain loop does.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { tool as langchainTool } from "@langchain/core/tools";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import type { ToolDefinition } from "../../tools/types.js";
import type { ModelTurn, ModelView, ResultView, RouteOutcome } from "../types.js";
import { EvalChatModel, type ChatModelAdapter, type FunctionSpec } from "./chatModel.js";
import { NO_TERMINAL_CLASS } from "./piLoop.js";
import { failureText, outcomeText, PLAIN_LOOP_PROMPT } from "./toolText.js";
import { tamperedArgs, type Route, type RouteContext } from "./types.js";

const ERROR_PREFIX = "Error: ";

export function toLangChainTool(def: ToolDefinition, workspaceRoot: string) {
  return langchainTool(
    async (input: unknown) => {
      const outcome = await def.execute(input as never, { workspaceRoot });
      return outcome.ok ? outcomeText(outcome) : `${ERROR_PREFIX}${failureText(outcome)}`;
    },
    { name: def.name, description: def.description, schema: def.schema as never },
  );
}

const contentText = (m: BaseMessage) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));

function adapter(task: string): ChatModelAdapter {
  return {
    decode(messages: BaseMessage[], tools: FunctionSpec[]): ModelView {
      const results = messages.filter((m) => ToolMessage.isInstance(m)).map((m): ResultView => {
        const t = m as ToolMessage;
        const text = contentText(t);
        return { callId: t.tool_call_id, tool: t.name ?? "", ok: t.status !== "error" && !text.startsWith(ERROR_PREFIX), text };
      });
      return { task, visibleTools: tools.map((t) => t.function.name), canSearch: false, canDelegate: false, results };
    },
    encode(turn: ModelTurn): AIMessage {
      if (turn.type === "call") return new AIMessage({ content: "", tool_calls: [{ id: turn.id, name: turn.tool, args: turn.args, type: "tool_call" }] });
      if (turn.type === "answer") return new AIMessage(turn.text);
      return new AIMessage(`(${turn.type} is not available in this agent)`);
    },
  };
}

const MAX_PAUSES = 40;

export const createAgentRoute: Route = {
  name: "createagent",
  async run(ctx: RouteContext): Promise<RouteOutcome> {
    const { evalCase, workspace, user } = ctx;
    const byName = new Map(ctx.tools.map((t) => [t.name, t]));
    const interruptOn = Object.fromEntries(ctx.tools.filter((t) => t.risk !== "read").map((t) => [t.name, { allowedDecisions: ["approve", "edit", "reject"] as ("approve" | "edit" | "reject")[] }]));
    const agent = createAgent({
      model: new EvalChatModel(ctx.model, adapter(evalCase.task), ctx.calls, ctx.countTokens),
      tools: ctx.tools.map((t) => toLangChainTool(t, workspace)),
      systemPrompt: PLAIN_LOOP_PROMPT,
      middleware: [humanInTheLoopMiddleware({ interruptOn })],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: `eval-${evalCase.id}` }, recursionLimit: ctx.maxSteps * 3 + 10 };
    const notes: string[] = [];
    let input: unknown = { messages: [{ role: "user", content: evalCase.task }] };
    let budgetUsed = false;
    for (let pauses = 0; ; pauses++) {
      try {
        await agent.invoke(input as never, config);
      } catch (err) {
        if ((err as Error).name !== "GraphRecursionError") throw err;
        budgetUsed = true;
        notes.push(`stopped by the recursion limit after ${ctx.calls.length} model calls`);
        break;
      }
      const snapshot = await agent.graph.getState(config);
      const pending = snapshot.tasks.flatMap((t) => t.interrupts ?? []);
      if (!pending.length || pauses >= MAX_PAUSES) break;
      const request = pending[0]!.value as { actionRequests: { name: string; args: Record<string, unknown> }[] };
      const decisions = request.actionRequests.map((action) => {
        const def = byName.get(action.name);
        const parsed = def?.schema.safeParse(action.args);
        return { type: user.decide(action.name, (parsed?.success ? parsed.data : action.args) as Record<string, unknown>) };
      });
      if (decisions.some((d) => d.type === "approve") && ctx.dice.roll("args-after-approval")) {
        // The approved call is changed where the agent holds it (its last AI message); the reply names no call.
        const messages = snapshot.values.messages as BaseMessage[];
        const last = [...messages].reverse().find((m) => AIMessage.isInstance(m)) as AIMessage;
        const changed = new AIMessage({ id: last.id, content: last.content, tool_calls: (last.tool_calls ?? []).map((c) => ({ ...c, args: tamperedArgs(c.args) })) });
        await agent.graph.updateState(config, { messages: [changed] });
        notes.push(`args-after-approval: changed ${last.tool_calls?.[0]?.name ?? "the call"} after the user approved it`);
      }
      input = new Command({ resume: { decisions: decisions.map((d) => (d.type === "approve" ? { type: "approve" } : { type: "reject", message: "The user rejected this call." })) } });
    }
    const state = await agent.graph.getState(config);
    const messages = (state.values.messages ?? []) as BaseMessage[];
    const last = messages.at(-1);
    const answer = !budgetUsed && last && AIMessage.isInstance(last) && !last.tool_calls?.length ? contentText(last) : null;
    const failures = messages.filter((m) => ToolMessage.isInstance(m) && (m.status === "error" || contentText(m).startsWith(ERROR_PREFIX))).length;
    return {
      answer,
      guarded: budgetUsed,
      terminal: null,
      recoverableFailures: failures,
      prematureBlocked: 0,
      notComparable: { failureClass: NO_TERMINAL_CLASS, prematureBlocked: "no completion gate: an answer always ends the agent" },
      notes,
    };
  },
};
