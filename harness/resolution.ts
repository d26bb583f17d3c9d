/**
 * Progressive Resolution's deterministic stages (CONTRACT §7), built once per tool set and
 * queried per task: exact canonical name → structural (capability/domain concepts, bilingual)
 * → lexical (BM25 via minisearch). Each later stage runs only when the earlier ones found
 * nothing. There is no "first N by registration order" anywhere: a task nothing matches
 * resolves to an empty list. Authority and readiness are not this module's business; the
 * caller passes `eligible`, and only eligible tools are ever returned.
 */
import MiniSearch from "minisearch";
import type { ResolutionStage } from "./types.js";
import { conceptById, conceptsIn, englishOf } from "./vocabulary.js";
import { nameTokens, rawTokens, tokens } from "./text.js";

/** What resolution needs to know about a tool. */
export interface IndexedTool {
  name: string;
  domain: string;
  description: string;
}

export interface StageHit {
  name: string;
  stage: ResolutionStage;
}

/** Deterministic result; `ambiguous` says the best tier did not fit in the limit (or nothing matched). */
export interface DeterministicResolution {
  disclosed: StageHit[];
  ambiguous: boolean;
}

type Eligible = (name: string) => boolean;

/** Concept strength by where a tool expresses it: its name/domain, or only its description. */
const NAME_STRENGTH = 1;
const DESCRIPTION_STRENGTH = 0.5;
const KIND_WEIGHT = { object: 2, action: 1 } as const;
/** Weight of "every word of the tool's name is explained by the task" (penalizes near-duplicates). */
const COVERAGE_WEIGHT = 2;
/** A tool stays in the disclosed tier when it scores at least this fraction of the best one. */
const STRUCTURAL_TIER = 0.85;
const LEXICAL_TIER = 0.5;

interface ToolFeatures {
  name: string;
  concepts: Map<string, number>;
  nameTokens: string[];
}

export class ResolutionIndex {
  private readonly byName = new Map<string, ToolFeatures>();
  private readonly postings = new Map<string, ToolFeatures[]>();
  private readonly lexical: MiniSearch<IndexedTool>;

  constructor(tools: readonly IndexedTool[]) {
    for (const tool of tools) {
      const features = featuresOf(tool);
      this.byName.set(tool.name, features);
      for (const concept of features.concepts.keys()) {
        const list = this.postings.get(concept);
        if (list) list.push(features);
        else this.postings.set(concept, [features]);
      }
    }
    this.lexical = new MiniSearch<IndexedTool>({
      idField: "name",
      fields: ["name", "domain", "description"],
      tokenize: (text, field) => (field === "name" || field === "domain" ? nameTokens(text) : tokens(text)),
      processTerm: (term) => term,
      searchOptions: { tokenize: tokens, processTerm: (term) => term, boost: { name: 2, domain: 1.5 }, combineWith: "OR" },
    });
    this.lexical.addAll(tools.map(({ name, domain, description }) => ({ name, domain, description })));
  }

  get size(): number {
    return this.byName.size;
  }

  /** Runs exact → structural → lexical, stopping at the first stage that finds anything. */
  resolve(task: string, eligible: Eligible, limit: number): DeterministicResolution {
    const exact = this.exact(task, eligible).slice(0, limit);
    if (exact.length > 0) return { disclosed: exact.map((name) => ({ name, stage: "exact" })), ambiguous: false };
    const structural = this.structural(task, eligible);
    if (structural.length > 0) return tier(structural, STRUCTURAL_TIER, limit, "structural");
    const lexical = this.lexicalRanking(task, eligible, false);
    if (lexical.length > 0) return tier(lexical, LEXICAL_TIER, limit, "lexical");
    return { disclosed: [], ambiguous: true };
  }

  /** The relaxed lexical ranking `tool_search` falls back to: fuzzy and prefix matching, no tier cut. */
  searchRanking(query: string, eligible: Eligible): string[] {
    return this.lexicalRanking(query, eligible, true).map((hit) => hit.name);
  }

  /** BM25 ranking of the raw text only: what a plain "top-k retrieval" exposure would see. */
  plainLexical(text: string, eligible: Eligible, limit: number): string[] {
    return this.lexical
      .search(text, { filter: (hit) => eligible(hit.id as string) })
      .slice(0, limit)
      .map((hit) => hit.id as string);
  }

  /** Tool names written verbatim in the task (`use git_diff`), in order of appearance. */
  private exact(task: string, eligible: Eligible): string[] {
    const found: string[] = [];
    for (const match of task.matchAll(/[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g)) {
      const name = match[0];
      if (this.byName.has(name) && eligible(name) && !found.includes(name)) found.push(name);
    }
    return found;
  }

  private structural(task: string, eligible: Eligible): Scored[] {
    const taskTokens = rawTokens(task);
    const { concepts, termTokens } = conceptsIn(task, taskTokens);
    if (![...concepts].some((id) => conceptById.get(id)?.kind === "object")) return [];
    const explained = new Set([...tokens(task), ...termTokens]);
    const seen = new Set<ToolFeatures>();
    const scored: Scored[] = [];
    for (const concept of concepts) {
      for (const features of this.postings.get(concept) ?? []) {
        if (seen.has(features)) continue;
        seen.add(features);
        if (!eligible(features.name)) continue;
        const score = structuralScore(features, concepts, explained);
        if (score > 0) scored.push({ name: features.name, score });
      }
    }
    return sortScored(scored);
  }

  private lexicalRanking(task: string, eligible: Eligible, relaxed: boolean): Scored[] {
    const bridged = `${task} ${englishOf(conceptsIn(task).concepts).join(" ")}`;
    const hits = this.lexical.search(bridged, {
      filter: (hit) => eligible(hit.id as string),
      ...(relaxed ? { fuzzy: 0.2, prefix: true } : {}),
    });
    return sortScored(hits.map((hit) => ({ name: hit.id as string, score: hit.score })));
  }
}

interface Scored {
  name: string;
  score: number;
}

/** Best first; ties go to the shorter (more canonical) name, then alphabetical: never registration order. */
function sortScored(scored: Scored[]): Scored[] {
  return scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
}

function tier(ranked: Scored[], fraction: number, limit: number, stage: ResolutionStage): DeterministicResolution {
  const best = ranked[0]?.score ?? 0;
  const inTier = ranked.filter((hit) => hit.score >= best * fraction);
  return {
    disclosed: inTier.slice(0, limit).map((hit) => ({ name: hit.name, stage })),
    ambiguous: inTier.length > limit,
  };
}

function featuresOf(tool: IndexedTool): ToolFeatures {
  const concepts = new Map<string, number>();
  const descriptionConcepts = conceptsIn(tool.description).concepts;
  for (const id of descriptionConcepts) concepts.set(id, DESCRIPTION_STRENGTH);
  const ownWords = `${tool.name.replace(/[_.\-]+/g, " ")} ${tool.domain.replace(/[_.\-]+/g, " ")}`;
  for (const id of conceptsIn(ownWords).concepts) concepts.set(id, NAME_STRENGTH);
  return { name: tool.name, concepts, nameTokens: nameTokens(tool.name) };
}

/**
 * Weighted concept overlap, plus how much of the tool's own name the task explains. A tool
 * must share at least one object concept with the task: an action alone ("list") says
 * nothing about which capability is meant.
 */
function structuralScore(features: ToolFeatures, taskConcepts: Set<string>, explained: Set<string>): number {
  let score = 0;
  let sharesObject = false;
  for (const id of taskConcepts) {
    const strength = features.concepts.get(id);
    const concept = conceptById.get(id);
    if (strength === undefined || !concept) continue;
    if (concept.kind === "object") sharesObject = true;
    score += KIND_WEIGHT[concept.kind] * strength;
  }
  if (!sharesObject) return 0;
  const covered = features.nameTokens.filter((token) => explained.has(token)).length;
  return score + (COVERAGE_WEIGHT * covered) / Math.max(1, features.nameTokens.length);
}
