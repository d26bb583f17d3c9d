/**
 * The lexical stage: BM25 (minisearch) over each tool's enriched document, queried with the
 * task's weighted terms. Each term is searched alone and its hits remembered (requests share
 * most of their terms), then combined as MiniSearch's own OR query combines them (`combineOr`).
 */
import { boundedCache } from "../../../contract/boundedCache.js";
import type MiniSearch from "minisearch";
import type { WeightedTerms } from "../../../language/terms.js";
import { tuning } from "../config.js";
import type { Postings } from "../index/postings.js";
import { firstEligible, sortScored } from "../ranking.js";
import { FIELDS, type Document, type Eligible, type Scored, type TermHit, type ToolFeatures } from "../types.js";

const ALL_FIELDS = [...FIELDS];
/** The fields a weak request term (a synonym, a late gloss) is looked up in: a definition's words are too loose a match for it. */
const FIELDS_BUT_DEFINITION = FIELDS.filter((field) => field !== "definition");

export class LexicalStage {
  /** Each term's BM25 hits at a weight (`termHits`), at most `tuning.rememberedTerms` of them. */
  private readonly rememberedHits = boundedCache<string, readonly TermHit[]>(tuning.rememberedTerms);
  /** Whether a word is a term of some tool (`hasTerm`), at most `tuning.rememberedWords` of them. */
  private readonly knownTerms = boundedCache<string, boolean>(tuning.rememberedWords);
  private readonly common: Set<string>;

  constructor(
    readonly lexical: MiniSearch<Document>,
    common: readonly string[],
    private readonly postings: Postings,
  ) {
    this.common = new Set(common);
  }

  /** The terms in more than `commonLimit` tools (the serialized index keeps them). */
  commonTerms(): string[] {
    return [...this.common];
  }

  ranking(terms: WeightedTerms, eligible: Eligible, relaxed: boolean, depth = tuning.stageDepth): string[] {
    // Eligibility (readiness, authority) is asked of the best hits only, not of every match.
    return firstEligible(sortScored(this.hits(terms, relaxed)), eligible, depth);
  }

  /**
   * BM25 hits of the task's strongest terms; for the lexical stage (`staged`), also weighed
   * by the common words the request says (`withCommonNameWords`), each with the request terms
   * it matched, best first.
   */
  hits(terms: WeightedTerms, relaxed: boolean, staged = false): Scored[] {
    const strongest = [...terms].sort((a, b) => b[1] - a[1]);
    const query = strongest
      .filter(([term]) => !this.common.has(term))
      .slice(0, tuning.queryTerms)
      .map(([term]) => term);
    if (query.length === 0) return [];
    const boostTerm = (term: string) => terms.get(term) ?? 1;
    const hits: Scored[] = relaxed
      ? this.lexical
          .search(query.join(" "), {
            tokenize: (query) => query.split(" "),
            processTerm: (term) => term,
            boost: tuning.fieldBoost,
            boostTerm,
            combineWith: "OR",
            fuzzy: tuning.fuzzy,
            prefix: true,
          })
          .map((hit) => ({ name: hit.id as string, score: hit.score, evidence: hit.queryTerms }))
      : combineOr(query, (term) => this.termHits(term, boostTerm(term)));
    if (!staged) return hits;
    const said = strongest.filter(([term, weight]) => weight >= tuning.commonTermWeight && this.common.has(term) && this.postings.names.has(term));
    if (said.length > 0) {
      for (const hit of hits) {
        const tool = this.postings.byName.get(hit.name);
        if (tool && said.some(([term]) => tool.nameTerms.includes(term))) Object.assign(hit, this.withCommonNameWords(hit.score, hit.evidence ?? [], tool, said));
      }
    }
    return sortScored(hits);
  }

  /** Whether some tool's text has the term (remembered apart from the hits: most words asked about are no term at all). */
  hasTerm(term: string): boolean {
    let known = this.knownTerms.get(term);
    if (known === undefined) {
      known = this.lexical.search(term, { tokenize: (query) => [query], processTerm: (term) => term }).length > 0;
      this.knownTerms.set(term, known);
    }
    return known;
  }

  /**
   * One term's BM25 hits at one weight, as MiniSearch scores them (a search of that term
   * alone), remembered: requests share most of their terms, and a MiniSearch query over 5,000
   * tools was most of a resolution's time.
   */
  private termHits(term: string, weight: number): readonly TermHit[] {
    const key = `${weight} ${term}`;
    // The least recently used term is forgotten first.
    let hits = this.rememberedHits.get(key);
    if (!hits) {
      hits = this.lexical
        .search(term, {
          tokenize: (query) => [query],
          processTerm: (term) => term,
          fields: weight >= tuning.definitionTermWeight ? ALL_FIELDS : FIELDS_BUT_DEFINITION,
          boost: tuning.fieldBoost,
          boostTerm: () => weight,
        })
        .map((hit) => ({ name: hit.id as string, score: hit.score }));
      this.rememberedHits.set(key, hits);
    }
    return hits;
  }

  /**
   * A hit's BM25 score with the common words the request says that its name holds ("delete",
   * "list" at 5,000 tools): too common to look up in every field, they still tell which of the
   * matches does what was asked. Each counts as a name-field BM25 match of an average-length
   * name, and as one more matched term. Only for a tool whose name holds one of them.
   */
  private withCommonNameWords(score: number, matched: readonly string[], tool: ToolFeatures, said: readonly [string, number][]): { score: number; evidence: readonly string[] } {
    let sum = score / Math.max(1, matched.length);
    const evidence = [...matched];
    for (const [term, weight] of said) {
      if (!tool.nameTerms.includes(term)) continue;
      const postings = this.postings.names.get(term)?.length ?? 0;
      const idf = Math.log(1 + (this.postings.byName.size - postings + 0.5) / (postings + 0.5));
      sum += weight * tuning.fieldBoost.name * idf * tuning.averageNameTf;
      evidence.push(term);
    }
    return { score: sum * Math.max(1, evidence.length), evidence };
  }
}

/**
 * The hits of an OR query of distinct terms, from each term's own hits, combined as MiniSearch
 * combines them: each term's score added in query order, the sum multiplied by the number of
 * terms the tool matched (its evidence), so the scores are MiniSearch's to the bit.
 */
export function combineOr(query: readonly string[], hitsOf: (term: string) => readonly TermHit[]): Scored[] {
  const combined = new Map<string, { name: string; score: number; evidence: string[] }>();
  for (const term of query) {
    for (const { name, score } of hitsOf(term)) {
      const hit = combined.get(name);
      if (!hit) combined.set(name, { name, score, evidence: [term] });
      else {
        hit.score = hit.score + score;
        hit.evidence.push(term);
      }
    }
  }
  const hits = [...combined.values()];
  for (const hit of hits) hit.score = hit.score * (hit.evidence.length || 1);
  return hits;
}
