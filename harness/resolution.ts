/**
 * Progressive Resolution's deterministic stages (CONTRACT §7), built once per tool set and
 * queried per task: exact canonical name → structural (capability/domain concepts, bilingual)
 * → lexical (BM25 via minisearch). Each later stage runs only when the earlier ones found
 * nothing. There is no "first N by registration order" anywhere: a task nothing matches
 * resolves to an empty list. Authority and readiness are not this module's business; the
 * caller passes `eligible`, and only eligible tools are ever returned.
 *
 * The structural stage reads a task as request words plus operands (`operandsOf`): a path
 * is evidence for the workspace's files and an identifier for its code, while the words
 * inside them ("release" in `notes/release.md`) are not request words. A structural or
 * lexical result also brings the tools its hits' descriptions name (`withCompanions`).
 */
import MiniSearch from "minisearch";
import type { ResolutionStage } from "./types.js";
import { oneLine } from "./catalogView.js";
import { conceptById, conceptsIn, englishOf, isVocabularyWord, taskConceptsIn } from "./vocabulary.js";
import { nameTokens, tokens } from "./text.js";

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

/**
 * Deterministic result: the disclosed hits (at most the limit), and the whole best-scoring
 * tier they came from; `ambiguous` says that tier did not fit in the limit.
 */
export interface DeterministicResolution {
  disclosed: StageHit[];
  tier: StageHit[];
  ambiguous: boolean;
}

type Eligible = (name: string) => boolean;

/** Concept strength by where a tool expresses it: its name, or only its domain/description. */
const NAME_STRENGTH = 1;
/** The first sentence of a description is the tool's one-line summary: nearly as telling as its name. */
const SUMMARY_STRENGTH = 0.7;
/** A tool's top-level domain ("workspace", "mail", "calendar") is a curated category: as telling as its summary. */
const DOMAIN_STRENGTH = 0.7;
const DESCRIPTION_STRENGTH = 0.35;
/** An action is weaker evidence than the thing acted on. */
const KIND_WEIGHT = { object: 1, action: 0.75 } as const;
/** Extra weight for each further term of the task expressing the same concept ("changed ... working tree"). */
const REPEAT_BONUS = 0.5;
/** Factor per word of the tool's name the task does not explain (another object, another action). */
const UNEXPLAINED_FACTOR = 0.8;
/** Factor per unexplained vendor word: a name word from the tool's domain outside the vocabulary ("s3", "jira"). */
const UNNAMED_VENDOR_FACTOR = 0.5;
/** A tool stays in the disclosed tier when it scores at least this fraction of the best one. */
const STRUCTURAL_TIER = 0.9;
const LEXICAL_TIER = 0.5;

/** A word that may be a tool's canonical name (`git_diff`, `mcp__fs__read_file`, `fs.read`). */
const TOOL_NAME = /[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g;

interface ToolFeatures {
  name: string;
  /** Tools this one's description names: disclosed with it (see `withCompanions`). */
  companions: string[];
  concepts: Map<string, number>;
  /** The words of the tool's name, each of which the task should explain. */
  judgedWords: string[];
  /** Name words from the tool's sub-domain outside the vocabulary: a vendor ("s3", "jira", "git"). */
  vendorWords: Set<string>;
}

export class ResolutionIndex {
  private readonly byName = new Map<string, ToolFeatures>();
  private readonly postings = new Map<string, ToolFeatures[]>();
  /** Inverse document frequency of each concept: "push" (one tool) outweighs "branch" (hundreds). */
  private readonly idf = new Map<string, number>();
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
    for (const tool of tools) this.byName.get(tool.name)!.companions = this.namedIn(tool);
    // Damped to [1, 2]: rarity breaks ties between concepts without letting one rare word decide alone.
    const spread = Math.log(Math.max(2, tools.length));
    for (const [concept, list] of this.postings) this.idf.set(concept, 1 + Math.log(tools.length / list.length) / spread);
    this.lexical = new MiniSearch<IndexedTool>({
      idField: "name",
      fields: ["name", "domain", "description"],
      tokenize: (text, field) => (field === "name" || field === "domain" ? nameTokens(text) : tokens(text)),
      processTerm: (term) => term,
      searchOptions: { tokenize: tokens, processTerm: (term) => term, boost: { name: 2, domain: 1.5 }, combineWith: "OR" },
    });
    this.lexical.addAll(tools.map(({ name, domain, description }) => ({ name, domain, description })));
  }

  /** Runs exact → structural → lexical, stopping at the first stage that finds anything. */
  resolve(task: string, eligible: Eligible, limit: number): DeterministicResolution {
    const exact = this.exact(task, eligible).slice(0, limit);
    if (exact.length > 0) {
      const hits = exact.map((name): StageHit => ({ name, stage: "exact" }));
      return { disclosed: hits, tier: hits, ambiguous: false };
    }
    const structural = this.structural(task, eligible);
    if (structural.length > 0) return this.withCompanions(tier(structural, STRUCTURAL_TIER, limit, "structural"), eligible, limit);
    const lexical = this.lexicalRanking(task, eligible, false);
    if (lexical.length > 0) return this.withCompanions(tier(lexical, LEXICAL_TIER, limit, "lexical"), eligible, limit);
    return { disclosed: [], tier: [], ambiguous: false };
  }

  /**
   * The disclosed hits followed, while the limit allows, by the eligible tools their
   * descriptions name (`codebase_explore` → `read_slice`, `search_text`, `workspace_inventory`):
   * a tool that says its results must be verified with, or fall back to, another tool is not
   * usable alone. Each companion carries the stage of the tool that named it.
   */
  private withCompanions(resolution: DeterministicResolution, eligible: Eligible, limit: number): DeterministicResolution {
    const disclosed = [...resolution.disclosed];
    const present = new Set(disclosed.map((hit) => hit.name));
    for (const hit of resolution.disclosed) {
      for (const name of this.byName.get(hit.name)?.companions ?? []) {
        if (disclosed.length >= limit) return { ...resolution, disclosed };
        if (present.has(name) || !eligible(name)) continue;
        present.add(name);
        disclosed.push({ name, stage: hit.stage });
      }
    }
    return { ...resolution, disclosed };
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

  /** Other tools a tool's description names, in order of first mention. */
  private namedIn(tool: IndexedTool): string[] {
    const named = [...tool.description.matchAll(TOOL_NAME)].map((match) => match[0]);
    return [...new Set(named)].filter((name) => name !== tool.name && this.byName.has(name));
  }

  /** Tool names written verbatim in the task (`use git_diff`), in order of appearance. */
  private exact(task: string, eligible: Eligible): string[] {
    const found: string[] = [];
    for (const match of task.matchAll(TOOL_NAME)) {
      const name = match[0];
      if (this.byName.has(name) && eligible(name) && !found.includes(name)) found.push(name);
    }
    return found;
  }

  /** A task's concepts, its operands (paths, identifiers) included; a registered tool's name is never an operand. */
  private conceptsOf(task: string): ReturnType<typeof taskConceptsIn> {
    return taskConceptsIn(task, (word) => this.byName.has(word));
  }

  private structural(task: string, eligible: Eligible): Scored[] {
    const { concepts, termTokens, request } = this.conceptsOf(task);
    if (![...concepts.keys()].some((id) => conceptById.get(id)?.kind === "object")) return [];
    const explained = new Set([...tokens(request), ...termTokens]);
    const seen = new Set<ToolFeatures>();
    const scored: Scored[] = [];
    for (const concept of concepts.keys()) {
      for (const features of this.postings.get(concept) ?? []) {
        if (seen.has(features)) continue;
        seen.add(features);
        if (!eligible(features.name)) continue;
        const score = structuralScore(features, concepts, explained, this.idf);
        if (score > 0) scored.push({ name: features.name, score });
      }
    }
    return sortScored(scored);
  }

  private lexicalRanking(task: string, eligible: Eligible, relaxed: boolean): Scored[] {
    const bridged = `${task} ${englishOf(this.conceptsOf(task).concepts.keys()).join(" ")}`;
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
  const inTier = ranked.filter((hit) => hit.score >= best * fraction).map((hit): StageHit => ({ name: hit.name, stage }));
  return { disclosed: inTier.slice(0, limit), tier: inTier, ambiguous: inTier.length > limit };
}

function featuresOf(tool: IndexedTool): ToolFeatures {
  const concepts = new Map<string, number>();
  const summary = oneLine(tool.description);
  const [topDomain = "", ...subDomains] = tool.domain.split(".");
  const context = `${subDomains.join(" ").replace(/[_\-]+/g, " ")}. ${tool.description.slice(summary.length)}`;
  const strongest = (text: string, strength: number) => {
    for (const id of conceptsIn(text).concepts.keys()) concepts.set(id, Math.max(strength, concepts.get(id) ?? 0));
  };
  strongest(context, DESCRIPTION_STRENGTH);
  strongest(summary, SUMMARY_STRENGTH);
  strongest(topDomain.replace(/[_\-]+/g, " "), DOMAIN_STRENGTH);
  strongest(tool.name.replace(/[_.\-]+/g, " "), NAME_STRENGTH);
  const names = nameTokens(tool.name);
  const domainWords = new Set(nameTokens(subDomains.join(" ")));
  const vendorWords = new Set(names.filter((token) => domainWords.has(token) && !isVocabularyWord(token)));
  return { name: tool.name, companions: [], concepts, judgedWords: names, vendorWords };
}

/**
 * Concept overlap weighted by kind, by where the tool expresses the concept (name or only
 * description), by damped rarity, and by how many terms of the task express it; then scaled
 * down for every word of the tool's own name the task does not explain, more for a vendor
 * the task never named (so `s3_list_file` loses to `read_list` for "list the files in src",
 * and `gitlab_get_branch` to `git_push` for "push my branch"). A tool must share at least
 * one object concept with the task: an action alone ("list") says nothing about which
 * capability is meant.
 */
function structuralScore(features: ToolFeatures, taskConcepts: Map<string, number>, explained: Set<string>, idf: Map<string, number>): number {
  let score = 0;
  let sharesObject = false;
  for (const [id, weight] of taskConcepts) {
    const strength = features.concepts.get(id);
    const concept = conceptById.get(id);
    if (strength === undefined || !concept) continue;
    if (concept.kind === "object") sharesObject = true;
    score += KIND_WEIGHT[concept.kind] * strength * (idf.get(id) ?? 1) * (Math.min(weight, 1) + REPEAT_BONUS * Math.max(0, weight - 1));
  }
  if (!sharesObject) return 0;
  for (const word of features.judgedWords) {
    if (!explained.has(word)) score *= features.vendorWords.has(word) ? UNNAMED_VENDOR_FACTOR : UNEXPLAINED_FACTOR;
  }
  return score;
}
