/** The shapes resolution passes between its stages. */
import type { ToolAnnotations } from "../../tools/types.js";
import type { ResolutionStage } from "../types.js";

/** What resolution needs to know about a tool. */
export interface IndexedTool {
  name: string;
  domain: string;
  description: string;
  /** JSON Schema of the input, when known: its parameter names and descriptions are indexed. */
  inputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** Only reads (risk class `read`, or an MCP `readOnlyHint`). */
  readOnly?: boolean;
}

export interface StageHit {
  name: string;
  stage: ResolutionStage;
}

/** One stage's ranking, best first. */
export interface StageRanking {
  stage: Exclude<ResolutionStage, "search">;
  names: string[];
  /** Tools this stage cannot tell apart from a better one of its names (`distinct`): fused after every name. */
  copies?: string[];
  /** The stage that ranked each name, when they differ (a clause's fused ranking): what its fused hits are labelled with. */
  stages?: StageRanking["stage"][];
}

/** A fused candidate: its fused score and the stage that ranked it best. */
export interface FusedHit extends StageHit {
  stage: StageRanking["stage"];
  score: number;
}

export interface FusedResolution {
  /** What to disclose: the exact names alone, or up to the limit of the fused ranking. */
  disclosed: StageHit[];
  /** The whole fused ranking (capped), best first. */
  ranked: FusedHit[];
  /** The deterministic stages disagree about the best tool, or found none: the semantic stage's cue. */
  ambiguous: boolean;
}

export type Eligible = (name: string) => boolean;

/** The operand kinds a task may hold and a tool's parameters may take (`index/enrichment.ts` says which parameters take which). */
export const OPERAND_KINDS = ["paths", "urls", "emails", "identifiers", "times", "names"] as const;
export type OperandKind = (typeof OPERAND_KINDS)[number];

/** The lexical stage's fields, from most to least telling (their boosts are `tuning.fieldBoost`). */
export const FIELDS = ["name", "summary", "body", "related", "definition"] as const;
export type Field = (typeof FIELDS)[number];

export interface ToolFeatures {
  name: string;
  /** Stemmed words of the tool's own name, vendor words and stopwords left out. */
  nameTerms: string[];
  /** The vendor or product the tool belongs to: its MCP server, the sub-domains of its domain. */
  vendors: string[];
  /** Operand kinds the tool's parameters take. */
  operands: OperandKind[];
  readOnly: boolean;
  /** Tools its description names ("verify with read_slice"): disclosed with it while K allows. */
  companions: string[];
}

export type Document = { id: string } & Record<Field, string>;

/** The serializable part of an index: enough to rebuild it without reading a tool again. */
export interface SerializedIndex {
  features: ToolFeatures[];
  /** The MiniSearch index (its own JSON). */
  lexical: string;
  /** Terms in more than `tuning.maxDocumentShare` of the tools (`commonLimit`). */
  common: string[];
}

/** A tool's BM25 score for one term. */
export interface TermHit {
  name: string;
  score: number;
}

/** A stage's ranking split into its distinct names and their copies (`stages/distinct.ts`). */
export type Distinct = Pick<StageRanking, "names" | "copies">;

export interface Scored {
  name: string;
  score: number;
  /** The request's evidence for it (the terms and operand kinds it matched): what tells it apart from another tool. */
  evidence?: readonly string[];
}
