/**
 * Builds the Planner's chat model from a spec: `offline` (default, no key), `openai`, or
 * `scripted:FILE`.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ModelError } from "./errors.js";
import { OfflinePlannerModel } from "./offline.js";
import { openAIChatModel } from "./openai.js";
import { ScriptedChatModel } from "./scripted.js";

export { ModelError } from "./errors.js";

export const DEFAULT_MODEL = "offline";

/** `startAt` = model calls this run already made (a scripted model resumes from there). */
export function createChatModel(spec: string, opts: { startAt?: number } = {}): BaseChatModel {
  if (spec === "offline") return new OfflinePlannerModel();
  if (spec === "openai") return openAIChatModel();
  if (spec.startsWith("scripted:") && spec.length > "scripted:".length) {
    return ScriptedChatModel.fromFile(spec.slice("scripted:".length), opts.startAt ?? 0);
  }
  throw new ModelError(`unknown model "${spec}": use offline, openai or scripted:FILE`);
}

export function describeModel(spec: string): string {
  if (spec === "offline") return "offline deterministic planner (no LLM; use --model openai with OPENAI_API_KEY for a real model)";
  if (spec === "openai") return `OpenAI-compatible model ${process.env.MIRA_MODEL ?? "gpt-4o-mini"} at ${process.env.OPENAI_BASE_URL ?? "api.openai.com"}`;
  return `scripted model (${spec.slice("scripted:".length)})`;
}
