/**
 * Builds the Planner's chat model from a spec: `offline` (default, no key), `openai`, or
 * `scripted:FILE`.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ModelError } from "./errors.js";
import { OfflinePlannerModel } from "./offline.js";
import { ScriptedChatModel } from "./scripted.js";
import { DEFAULT_MODEL_SPEC, DEFAULT_OPENAI_MODEL } from "../config/models.js";

export { ModelError } from "./errors.js";

/**
 * `startAt` = model calls this run already made (a scripted model resumes from there).
 * LangChain's OpenAI integration (about 230 modules) loads only for a run that uses it.
 */
export async function createChatModel(spec: string, opts: { startAt?: number } = {}): Promise<BaseChatModel> {
  if (spec === DEFAULT_MODEL_SPEC) return new OfflinePlannerModel();
  if (spec === "openai") return (await import("./openai.js")).openAIChatModel();
  if (spec.startsWith("scripted:") && spec.length > "scripted:".length) {
    return ScriptedChatModel.fromFile(spec.slice("scripted:".length), opts.startAt ?? 0);
  }
  throw new ModelError(`unknown model "${spec}": use offline, openai or scripted:FILE`);
}

export function describeModel(spec: string): string {
  if (spec === DEFAULT_MODEL_SPEC) return "offline deterministic planner (no LLM; use --model openai with OPENAI_API_KEY for a real model)";
  if (spec === "openai") return `OpenAI-compatible model ${process.env.MIRA_MODEL ?? DEFAULT_OPENAI_MODEL} at ${process.env.OPENAI_BASE_URL ?? "api.openai.com"}`;
  return `scripted model (${spec.slice("scripted:".length)})`;
}
