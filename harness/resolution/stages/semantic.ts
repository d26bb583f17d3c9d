/**
 * The semantic resolver: the last resolution stage, used only on genuine ambiguity (the
 * deterministic stages disagree about the best tool, or found none) and by `tool_search`.
 * Embeddings come from any OpenAI-compatible endpoint; its ranking is fused with the
 * deterministic ones. Tool vectors are computed once per catalog: kept in memory, and on
 * disk under the hash of the model and the catalog's tool texts, so a later process asks the
 * endpoint only for the query. A resolver only ranks candidates it is given: it can never
 * widen what is eligible, and what it returns is disclosure, never authority.
 */
import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { readCached, writeCached } from "../../../language/cache.js";
import type { ToolDefinition } from "../../../tools/types.js";

export interface SemanticResolver {
  readonly id: string;
  /**
   * Candidate names closest in meaning to `query`, best first, at most `limit`. May reject on
   * a transport fault; the Harness then keeps the deterministic answer.
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

/** A resolver over any LangChain embeddings model; tool vectors are computed once per catalog and cached. */
function embeddingsResolver(embeddings: EmbeddingsInterface, id = "embeddings"): SemanticResolver {
  const vectors = new Map<string, number[]>();
  const loadedCatalogs = new Set<string>();
  return {
    id,
    async rank(query, candidates, limit) {
      if (candidates.length === 0) return [];
      const texts = candidates.map(describeForEmbedding);
      const catalog = `vectors-${createHash("sha256").update(id).update("\n").update([...texts].sort().join("\n")).digest("hex")}.json`;
      if (!loadedCatalogs.has(catalog)) {
        loadedCatalogs.add(catalog);
        const stored = readCached(catalog);
        if (stored) for (const [text, vector] of Object.entries(JSON.parse(stored) as Record<string, number[]>)) vectors.set(text, vector);
      }
      const missing = texts.filter((text) => !vectors.has(text));
      if (missing.length > 0) {
        const computed = await embeddings.embedDocuments(missing);
        missing.forEach((text, i) => vectors.set(text, computed[i] ?? []));
        writeCached(catalog, JSON.stringify(Object.fromEntries(texts.map((text) => [text, vectors.get(text)]))));
      }
      const queryVector = await embeddings.embedQuery(query);
      return candidates
        .map((tool, i) => ({ name: tool.name, score: cosine(queryVector, vectors.get(texts[i]!) ?? []) }))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
        .slice(0, limit)
        .map((hit) => hit.name);
    },
  };
}

/**
 * The configured semantic resolver, if any: `MIRA_EMBEDDINGS_MODEL` (an embeddings model
 * name) with `OPENAI_API_KEY`, at `OPENAI_BASE_URL` when set (any OpenAI-compatible
 * endpoint). Absent configuration is not an error: resolution is then deterministic only.
 */
export async function semanticResolverFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<SemanticResolver | undefined> {
  const model = env.MIRA_EMBEDDINGS_MODEL;
  if (!model || !env.OPENAI_API_KEY) return undefined;
  const { OpenAIEmbeddings } = await import("@langchain/openai");
  const baseURL = env.OPENAI_BASE_URL;
  const embeddings = new OpenAIEmbeddings({ model, apiKey: env.OPENAI_API_KEY, maxRetries: 0, ...(baseURL ? { configuration: { baseURL } } : {}) });
  return embeddingsResolver(embeddings, `openai:${baseURL ?? "default"}:${model}`);
}
