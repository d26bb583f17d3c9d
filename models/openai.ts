/**
 * A real model through any OpenAI-compatible endpoint: `OPENAI_BASE_URL`, `OPENAI_API_KEY`,
 * `MIRA_MODEL` (default gpt-4o-mini).
 */
import { ChatOpenAI } from "@langchain/openai";
import { ModelError } from "./errors.js";
import { DEFAULT_OPENAI_MODEL } from "../config/models.js";

export function openAIChatModel(env: NodeJS.ProcessEnv = process.env): ChatOpenAI {
  if (!env.OPENAI_API_KEY) throw new ModelError("--model openai needs OPENAI_API_KEY (and OPENAI_BASE_URL for a non-OpenAI endpoint)");
  return new ChatOpenAI({
    model: env.MIRA_MODEL ?? DEFAULT_OPENAI_MODEL,
    apiKey: env.OPENAI_API_KEY,
    configuration: env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : undefined,
    temperature: 0,
    maxRetries: 1,
  });
}
