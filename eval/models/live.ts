/**
 * The `openai` model: a real model behind any OpenAI-compatible endpoint (`OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`, `MIRA_MODEL`). It is not an EvalModel: each route sends its own
 * request through its own client (LangChain's ChatOpenAI for the graph and createAgent,
 * pi-ai's OpenAI-completions provider for pi-agent-core), and the turn it got back is
 * read from the reply for the records.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessage } from "@langchain/core/messages";
import type { AssistantMessage, Model } from "@mariozechner/pi-ai";
import { openAIChatModel } from "../../models/openai.js";
import type { ModelTurn } from "../types.js";
import { DEFAULT_OPENAI_MODEL } from "../../config/models.js";

export interface LiveModel {
  /** A fresh LangChain chat model for the endpoint. */
  chat(): BaseChatModel;
  /** The same endpoint as a pi-ai model, with its key. */
  pi: { model: Model<"openai-completions">; apiKey: string };
}

export const isLive = (model: object): model is LiveModel => "chat" in model && "pi" in model;

/** The endpoint from the environment, or null without a key. */
export function liveModelFromEnv(env: NodeJS.ProcessEnv = process.env): LiveModel | null {
  const apiKey = env.OPENAI_API_KEY;
  if (!apiKey) return null;
  const id = env.MIRA_MODEL ?? DEFAULT_OPENAI_MODEL;
  return {
    chat: () => openAIChatModel(env),
    pi: {
      apiKey,
      model: {
        id,
        name: id,
        api: "openai-completions",
        provider: "openai",
        baseUrl: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
        reasoning: false,
        input: ["text"],
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        contextWindow: 128_000,
        maxTokens: 4096,
      },
    },
  };
}

const PROTOCOL_TURN: Record<string, (id: string, args: Record<string, unknown>) => ModelTurn> = {
  answer: (_id, args) => ({ type: "answer", text: String(args.text ?? "") }),
  tool_search: (id, args) => ({ type: "search", id, query: String(args.query ?? "") }),
  delegate_task: (id, args) => ({ type: "delegate", id, task: String(args.task ?? ""), acceptance: String(args.acceptance ?? "") }),
};

/** The first action of a LangChain reply (a turn with no tool call is the answer). */
export function turnOfMessage(message: AIMessage): ModelTurn {
  const call = message.tool_calls?.[0];
  if (!call) return { type: "answer", text: typeof message.content === "string" ? message.content : JSON.stringify(message.content) };
  const id = call.id ?? "";
  return PROTOCOL_TURN[call.name]?.(id, call.args) ?? { type: "call", id, tool: call.name, args: call.args };
}

/** The first action of a pi-ai reply. */
export function turnOfAssistant(message: AssistantMessage): ModelTurn {
  const call = message.content.find((part) => part.type === "toolCall");
  if (call && call.type === "toolCall") return { type: "call", id: call.id, tool: call.name, args: call.arguments };
  return { type: "answer", text: message.content.map((part) => (part.type === "text" ? part.text : "")).join("") };
}
