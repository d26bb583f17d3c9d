/**
 * Prompt tokens of a request as actually sent: the system prompt, every message's text and
 * tool calls, and every tool schema in the request, each serialized the way the route sent
 * it and counted with the o200k_base tokenizer. Tool schemas repeat across calls, so their
 * counts are cached by their exact JSON text.
 */
import { Tiktoken } from "js-tiktoken/lite";
import { LRUCache } from "lru-cache";
import o200k_base from "js-tiktoken/ranks/o200k_base";

const encoder = new Tiktoken(o200k_base);
// Bounded: a long evaluation sees many distinct loadouts, and each entry keys a whole schema text.
const schemaCache = new LRUCache<string, number>({ max: 2_000 });

export const countTokens = (text: string): number => (text ? encoder.encode(text).length : 0);

/** Tokens of one serialized tool schema (cached). */
export function schemaTokens(json: string): number {
  let n = schemaCache.get(json);
  if (n === undefined) {
    n = countTokens(json);
    schemaCache.set(json, n);
  }
  return n;
}

/** A request's parts: texts (system, messages) and tool schemas, each as sent. */
export function requestTokens(texts: readonly string[], toolSchemas: readonly unknown[]): number {
  let total = 0;
  for (const text of texts) total += countTokens(text);
  for (const schema of toolSchemas) total += schemaTokens(typeof schema === "string" ? schema : JSON.stringify(schema));
  return total;
}
