/**
 * Deterministic, offline embeddings: a hashing vectorizer over word tokens and CJK
 * character bigrams, L2-normalised. Lets the LangGraph store's vector search work with no
 * model; a real LangChain Embeddings can replace it where one is configured.
 */
import { createHash } from "node:crypto";
import { Embeddings } from "@langchain/core/embeddings";
import { letterRuns } from "../language/tokens.js";

export const HASHED_DIMS = 512;

/** Lower-cased word tokens; CJK runs become overlapping character bigrams. */
function textTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const { run, han } of letterRuns(text.toLowerCase())) {
    if (han) {
      if (run.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < run.length; i++) tokens.push(run.slice(i, i + 2));
    } else if (run.length > 1) {
      tokens.push(run);
    }
  }
  return tokens;
}

function bucket(token: string): number {
  return createHash("md5").update(token).digest().readUInt32LE(0) % HASHED_DIMS;
}

function hashedVector(text: string): number[] {
  const v = new Array<number>(HASHED_DIMS).fill(0);
  for (const t of textTokens(text)) v[bucket(t)] = (v[bucket(t)] ?? 0) + 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export class HashedEmbeddings extends Embeddings {
  constructor() {
    super({});
  }
  async embedDocuments(documents: string[]): Promise<number[][]> {
    return documents.map(hashedVector);
  }
  async embedQuery(document: string): Promise<number[]> {
    return hashedVector(document);
  }
}
