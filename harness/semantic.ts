/**
 * The semantic resolver: the last resolution stage, used only on genuine ambiguity (the
 * deterministic tier does not fit the limit, or nothing matched) and by `tool_search`.
 * Pluggable: embeddings via LangChain when configured; without one the Harness falls back to
 * its relaxed lexical ranking. A resolver only ranks candidates it is given: it can never
 * widen what is eligible, and what it returns is disclosure, never authority.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolDefinition } from "../tools/types.js";

export interface SemanticResolver {
  readonly id: string;
  /**
   * Candidate names closest in meaning to `query`, best first, at most `limit`. May reject on
   * a transport fault; the Harness then reports the stage as failed and returns no tools.
   */
  rank(query: string, candidates: readonly ToolDefinition[], limit: number): Promise<string[]>;
}

const describeForEmbedding = (tool: ToolDefinition): string => `${tool.name} (${tool.domain}): ${tool.description}`;

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** A resolver over any LangChain embeddings model; tool vectors are computed once and cached. */
export function embeddingsResolver(embeddings: EmbeddingsInterface, id = "embeddings"): SemanticResolver {
  const cache = new Map<string, number[]>();
  return {
    id,
    async rank(query, candidates, limit) {
      if (candidates.length === 0) return [];
      const missing = candidates.filter((tool) => !cache.has(describeForEmbedding(tool)));
      if (missing.length > 0) {
        const texts = missing.map(describeForEmbedding);
        const vectors = await embeddings.embedDocuments(texts);
        texts.forEach((text, i) => cache.set(text, vectors[i] ?? []));
      }
      const queryVector = await embeddings.embedQuery(query);
      return candidates
        .map((tool) => ({ name: tool.name, score: cosine(queryVector, cache.get(describeForEmbedding(tool)) ?? []) }))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
        .slice(0, limit)
        .map((hit) => hit.name);
    },
  };
}

/**
 * The configured semantic resolver, if any: `MIRA_EMBEDDINGS_MODEL` (an OpenAI embeddings
 * model name) together with `OPENAI_API_KEY`. Absent configuration is not an error: the
 * Harness then uses lexical ranking for ambiguity and tool_search.
 */
export async function semanticResolverFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<SemanticResolver | undefined> {
  const model = env.MIRA_EMBEDDINGS_MODEL;
  if (!model || !env.OPENAI_API_KEY) return undefined;
  const { OpenAIEmbeddings } = await import("@langchain/openai");
  return embeddingsResolver(new OpenAIEmbeddings({ model }), `openai:${model}`);
}
