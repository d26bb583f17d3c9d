/**
 * The evaluation model as a LangChain chat model, for the routes built on LangChain (the
 * Mira graph and `createAgent`). Each call is measured from the request actually received
 * (messages plus the tool schemas bound to it) and decoded into a route-independent view by
 * the route's `decode`. A deterministic EvalModel answers the view and the route's `encode`
 * turns its answer into a message; a real model (the `openai` spec) gets the request itself.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { isLive, turnOfMessage, type LiveModel } from "../models/live.js";
import { requestTokens } from "../tokens.js";
import type { EvalModel, ModelCallRecord, ModelTurn, ModelView } from "../types.js";

/** A tool schema in the function-calling form it is sent in. */
export interface FunctionSpec {
  type: "function";
  function: { name: string; description?: string; parameters?: unknown };
}

export interface ChatModelAdapter {
  decode(messages: BaseMessage[], tools: FunctionSpec[]): ModelView;
  encode(turn: ModelTurn, messages: BaseMessage[]): AIMessage;
}

/** Text of a message as it is sent: its content, plus its tool calls as JSON. */
export function messageText(message: BaseMessage): string {
  const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
  const calls = AIMessage.isInstance(message) && message.tool_calls?.length ? JSON.stringify(message.tool_calls.map(({ id, name, args }) => ({ id, name, args }))) : "";
  return `${message.getType()}: ${content}${calls}`;
}

export class EvalChatModel extends BaseChatModel {
  constructor(
    private readonly model: EvalModel | LiveModel,
    private readonly adapter: ChatModelAdapter,
    private readonly calls: ModelCallRecord[],
    private readonly countTokens: boolean,
    private readonly tools: FunctionSpec[] = [],
  ) {
    super({});
  }

  _llmType(): string {
    return "mira-eval";
  }

  /** The same model with these tools in every request (what `bindTools` means to a provider). */
  override bindTools(tools: unknown[]): this {
    const specs = tools.map((t) => ((t as FunctionSpec).type === "function" ? (t as FunctionSpec) : (convertToOpenAITool(t as never) as FunctionSpec)));
    return new EvalChatModel(this.model, this.adapter, this.calls, this.countTokens, specs) as this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const view = this.adapter.decode(messages, this.tools);
    const promptTokens = this.countTokens ? requestTokens(messages.map(messageText), this.tools) : 0;
    if (isLive(this.model)) {
      const chat = this.model.chat();
      const reply = (await (chat.bindTools ? chat.bindTools(this.tools, { parallel_tool_calls: false } as never) : chat).invoke(messages)) as AIMessage;
      this.calls.push({ promptTokens, visibleTools: view.visibleTools, turn: turnOfMessage(reply) });
      return { generations: [{ text: typeof reply.content === "string" ? reply.content : "", message: reply }] };
    }
    const turn = await this.model.next(view);
    this.calls.push({ promptTokens, visibleTools: view.visibleTools, turn });
    const message = this.adapter.encode(turn, messages);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}
