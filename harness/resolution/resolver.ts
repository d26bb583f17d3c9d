/**
 * Progressive Resolution's ranking (CONTRACT §7), built once per tool set and queried per
 * task. Each stage ranks the eligible tools on its own evidence:
 * - exact: canonical names written in the task;
 * - structural: how much of a tool's own name the task explains, the vendor the task names
 *   (GitHub, not GitLab), and the kind of its operands (a URL, a path, a mail address) against
 *   the tool's parameters;
 * - lexical: BM25 (minisearch) over each tool's enriched text: name words, vendor, domain,
 *   description, parameter names and descriptions, MCP annotations, the WordNet synonyms
 *   of its name words and the WordNet definitions of its rarer name words, queried with the
 *   task's weighted terms (`language/terms.ts`);
 * - semantic (optional, supplied by the caller): an embeddings ranking.
 * Each stage ranks distinct evidence: among tools of vendors the task does not name, one the
 * request matches by the same evidence as a better one (`box_delete_folder` after
 * `outlook_delete_folder` for "delete the folder") is a copy, ranked after every distinct tool.
 * The rankings are fused by reciprocal rank fusion, with, for a request of several clauses,
 * each clause's own fused ranking (`clauseRankings`); the stages order the evidence, they do
 * not shrink the disclosure. Only an exact canonical name stands alone; otherwise up to the
 * limit of the fused candidates are disclosed. A task nothing matches resolves to nothing:
 * there is no registration-order fallback. Authority and readiness are the caller's business
 * (`eligible`); only eligible tools are ever ranked.
 */
import MiniSearch from "minisearch";
import { isNegated, requestClauses } from "../../language/clauses.js";
import { operandsOf } from "../../language/operands.js";
import { plainTerms, weightedTerms, type WeightedTerms } from "../../language/terms.js";
import { tuning } from "./config.js";
import { fuse } from "./fuse.js";
import { buildIndex, lexicalOptions } from "./index/build.js";
import { Postings } from "./index/postings.js";
import { dropVendorParts, expandedTerms, withOperandTerms, type QueryCatalog } from "./query/expansion.js";
import { namedVendors } from "./query/vendors.js";
import { distinct } from "./stages/distinct.js";
import { exact as exactNames } from "./stages/exact.js";
import { LexicalStage } from "./stages/lexical.js";
import { structural } from "./stages/structural.js";
import type { Document, Eligible, FusedHit, FusedResolution, IndexedTool, SerializedIndex, StageHit, StageRanking, ToolFeatures } from "./types.js";

export class ResolutionIndex {
  private readonly postings: Postings;
  private readonly lexicalStage: LexicalStage;
  /** What query expansion asks of this catalog. */
  private readonly catalog: QueryCatalog;

  private constructor(features: ToolFeatures[], lexical: MiniSearch<Document>, common: readonly string[]) {
    this.postings = new Postings(features);
    this.lexicalStage = new LexicalStage(lexical, common, this.postings);
    this.catalog = { hasTerm: (term) => this.lexicalStage.hasTerm(term), vendors: this.postings.vendors };
  }

  /** Builds the index from the tools themselves. */
  static build(tools: readonly IndexedTool[]): ResolutionIndex {
    const { features, lexical, common } = buildIndex(tools);
    return new ResolutionIndex(features, lexical, common);
  }

  /** Rebuilds an index from `serialize()`'s output (the on-disk cache). */
  static load(serialized: SerializedIndex): ResolutionIndex {
    return new ResolutionIndex(serialized.features, MiniSearch.loadJSON<Document>(serialized.lexical, lexicalOptions), serialized.common);
  }

  serialize(): SerializedIndex {
    return { features: [...this.postings.byName.values()], lexical: JSON.stringify(this.lexicalStage.lexical), common: this.lexicalStage.commonTerms() };
  }

  /**
   * Resolves a task: the exact names alone when the task writes any, otherwise the fused
   * ranking of the other stages (plus `extra`, the semantic ranking when one ran), cut at
   * `limit`. Never throws.
   */
  resolve(task: string, eligible: Eligible, limit: number, extra: StageRanking[] = []): FusedResolution {
    const exact = this.exact(task, eligible);
    const rankings = [...this.rankings(task, eligible), ...extra];
    const ranked = fuse(rankings, Math.max(limit, tuning.stageDepth));
    const [structural, lexical] = rankings;
    const ambiguous = ranked.length === 0 || structural?.names[0] !== lexical?.names[0];
    if (exact.length > 0) {
      const hits = exact.slice(0, limit).map((name): StageHit => ({ name, stage: "exact" }));
      return { disclosed: hits, ranked, ambiguous: false };
    }
    return { disclosed: this.withCompanions(ranked, eligible, limit), ranked, ambiguous };
  }

  /**
   * The fused ranking cut at `limit`, each tool followed by the eligible tools its description
   * names (`read_locate` → `read_open`, `read_slice`): a tool that says its results must be
   * read or verified with another is not usable alone. A companion carries its caller's stage.
   */
  private withCompanions(ranked: readonly FusedHit[], eligible: Eligible, limit: number): StageHit[] {
    const disclosed: StageHit[] = [];
    const present = new Set<string>();
    const add = (name: string, stage: FusedHit["stage"]) => {
      if (disclosed.length >= limit || present.has(name)) return;
      present.add(name);
      disclosed.push({ name, stage });
    };
    for (const hit of ranked) {
      add(hit.name, hit.stage);
      for (const companion of this.postings.byName.get(hit.name)?.companions ?? []) if (eligible(companion)) add(companion, hit.stage);
    }
    return disclosed;
  }

  /** The fused ranking, best first, at most `limit` names (exact names lead): the top-N view of a task. */
  rank(task: string, eligible: Eligible, limit: number): string[] {
    const exact = this.exact(task, eligible);
    const fused = fuse(this.rankings(task, eligible), limit + exact.length).map((hit) => hit.name);
    return [...new Set([...exact, ...fused])].slice(0, limit);
  }

  /** The deterministic non-exact stages' rankings: structural, then lexical. */
  rankings(task: string, eligible: Eligible): StageRanking[] {
    const whole = this.textRankings(task, eligible);
    return [...whole.rankings, ...this.clauseRankings(task, eligible, whole.named)];
  }

  /**
   * The structural and lexical rankings of a text (a whole task, or one of its clauses, which
   * also gets `namedElsewhere`, the vendors the rest of its request names), the vendors it
   * names, and whether it asks for more than a vendor ("In Basecamp" asks for nothing).
   */
  private textRankings(text: string, eligible: Eligible, namedElsewhere?: ReadonlySet<string>): { rankings: StageRanking[]; named: Set<string>; asks: boolean } {
    const operands = operandsOf(text, (word) => this.postings.byName.has(word));
    const terms = expandedTerms(this.catalog, operands.request);
    const named = namedVendors(this.postings.vendors, terms, operands.request);
    dropVendorParts(this.catalog, terms, operands.request, named);
    let asks = false;
    for (const [term, weight] of terms) if (weight >= 1 && !named.has(term)) asks = true;
    if (namedElsewhere) for (const vendor of namedElsewhere) named.add(vendor);
    const lexical = distinct(this.lexicalStage.hits(withOperandTerms(terms, operands), false, true), eligible, named, this.postings.vendorTools);
    const rankings: StageRanking[] = [
      { stage: "structural", ...structural(this.postings, terms, operands, eligible, lexical.names, named) },
      { stage: "lexical", ...lexical },
    ];
    return { rankings, named, asks };
  }

  /**
   * One fused ranking per clause of a request of several ("export the invoices from Xero
   * and plot them as a bar chart"), fused in beside the whole request's: the whole
   * request's strongest terms are mostly one clause's, and a short clause's own tool would
   * otherwise rank below that clause's many near misses. A vendor named anywhere in the
   * request holds in each clause ("Branch the Supabase project", "用 Puppeteer 打开…然后保存为 PDF").
   * A clause that says what not to do, or names only a vendor, gets no ranking; nor does a
   * request left with fewer than two clauses.
   */
  private clauseRankings(task: string, eligible: Eligible, named: ReadonlySet<string>): StageRanking[] {
    const clauses = requestClauses(task);
    if (clauses.length === 0) return [];
    const rankings: StageRanking[] = [];
    for (const clause of clauses) {
      if (isNegated(clause)) continue;
      const own = this.textRankings(clause, eligible, named);
      if (!own.asks) continue;
      const fused = fuse(own.rankings, tuning.stageDepth);
      rankings.push({ stage: fused[0]?.stage ?? "lexical", names: fused.map((hit) => hit.name), stages: fused.map((hit) => hit.stage) });
    }
    return rankings.length >= tuning.minClauses ? rankings : [];
  }


  /**
   * BM25 over the task's own words only (stemmed; no glosses, synonyms or structure): what a
   * plain "top-k retrieval" exposure sees, for comparison routes. At most `limit` names.
   */
  plainLexical(text: string, eligible: Eligible, limit: number): string[] {
    const terms: WeightedTerms = new Map(plainTerms(text).map((term) => [term, 1]));
    return this.lexicalStage.ranking(terms, eligible, false, limit);
  }

  /** `tool_search`'s ranking: the fused stages, then relaxed (fuzzy, prefix) lexical matches. */
  searchRanking(query: string, eligible: Eligible, limit: number): string[] {
    const fused = this.rank(query, eligible, limit);
    const relaxed = this.lexicalStage.ranking(weightedTerms(operandsOf(query, () => false).request, true, tuning.termWeights), eligible, true);
    return [...new Set([...fused, ...relaxed])].slice(0, limit);
  }

  /** Tool names written verbatim in the task (`use git_diff`), in order of appearance. */
  exact(task: string, eligible: Eligible): string[] {
    return exactNames(this.postings, task, eligible);
  }
}
