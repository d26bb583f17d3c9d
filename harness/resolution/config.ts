/**
 * Every tuning constant of Progressive Resolution, in one place. Each line says what the
 * value trades: raising or lowering one moves the balance it names. `npm run bench`
 * (its resolution part, `bench/resolution.ts`) measures the whole; a change here changes the
 * resolution index's cache key too (`index/cache.ts` hashes this folder's code). The language
 * layer reads a text's terms with `termWeights`, which the resolver passes down to it. Not
 * here: the shape of the dictionary tables the language layer derives and caches on disk
 * keyed by their own code (WordNet senses and related words per word in `synonyms.ts`,
 * senses defined in `definitions.ts`, CC-CEDICT senses kept in `glosses.ts`), and the most
 * clauses `clauses.ts` reads a request as.
 */
import type { TermWeights } from "../../language/terms.js";
import type { OperandKind } from "./types.js";

export interface ResolutionConfig {
  // A text's terms (language/terms.ts, given these by query/expansion.ts and index/enrichment.ts)
  /**
   * How much what dictionaries say a word means weighs against the word itself:
   * - gloss: a Chinese word's first English gloss; higher lets Chinese requests meet English tools, and a loose gloss mislead more;
   * - laterSenseFactor: how fast later senses of a word fade; lower reads rarer senses as strongly as the first;
   * - singleHanFactor: the glosses of a one-character word; higher credits broad characters (会: can, meet, union) with every sense;
   * - singleHanTermFactor: a single character as a Chinese term; higher matches the characters half of all Chinese descriptions hold;
   * - synonym: a WordNet synonym's share of its word; higher finds paraphrased tools, and tools of a word's other senses;
   * - phrase: a phrasal verb's related words ("call off" → cancel); higher trusts the phrase over its words;
   * - synonymsPerWord: related words read per word; more reaches rarer senses, at more noise in the query;
   * - characterFallbackFactor: the characters of a word no dictionary has; higher guesses more from its parts;
   * - maxGlossWords: words of a gloss read; more keeps long definitions, which are encyclopedia text, not meanings;
   * - lightVerbFactor: a light verb before its object ("take a look"); higher lets "take" or "make" match as if meant.
   */
  termWeights: TermWeights;

  // Fusion (fuse.ts)
  /** Reciprocal rank fusion constant: smaller trusts each stage's top ranks more, larger lets agreement of lower ranks count. */
  rrfK: number;
  /** Candidates each stage (the semantic one too, `harness.ts`) contributes to the fusion: deeper finds more, costs more per request. */
  stageDepth: number;
  /** A request needs at least this many clauses with a ranking of their own before clause rankings are fused in. */
  minClauses: number;

  // Near-duplicates (stages/distinct.ts)
  /** Operations of the first-matched product that stay names when the request does not say which one it wants: more shows more of one product, fewer shows more products. */
  firstProductOperations: number;
  /** A stage reads at most this many times its depth of hits for distinct ones: more finds distinct tools behind a flood of copies, at more cost. */
  distinctScan: number;

  // Lexical stage (stages/lexical.ts, index/build.ts)
  /** BM25 field boosts: a word in a tool's name says more than one in a parameter's description; loose fields (synonyms, definitions) weigh little. */
  fieldBoost: { readonly name: number; readonly summary: number; readonly body: number; readonly related: number; readonly definition: number };
  /** The lexical query keeps the task's strongest terms only: more reads more of a long (glossed) request, at more cost and noise. */
  queryTerms: number;
  /** A term in more than this share of the tools is "common": only tool names are searched for it (cheap at 5,000 tools, loses its other fields). */
  maxDocumentShare: number;
  /** …but a term is common only in more tools than this: a catalog of a few hundred tools still ranks "file" in every field. */
  commonFloor: number;
  /** BM25's term-frequency part (minisearch's defaults k 1.2, b 0.7, d 0.5) for one occurrence in a name field of average length: what a common name word adds. */
  averageNameTf: number;
  /** A common term this strong (a word the request says, a Chinese word's first gloss) is still looked up in tool names; weaker ones are dropped. */
  commonTermWeight: number;
  /** A term this strong is looked up in the tools' definitions too: lower matches more paraphrases, and more at random. */
  definitionTermWeight: number;
  /** Fuzziness of `tool_search`'s relaxed matches (share of a term's letters that may differ): more forgives typos, matches more unrelated words. */
  fuzzy: number;
  /** BM25 hits remembered per index, by term and weight: more memory, fewer repeated MiniSearch queries. */
  rememberedTerms: number;
  /** Words remembered as being (or not being) some tool's term: more memory, fewer lookups. */
  rememberedWords: number;

  // Index enrichment (index/enrichment.ts, index/vendors.ts)
  /** A name word in at most this many tools' names brings its WordNet definition: more tools lets paraphrases match, and shared words match at random. */
  definedNameTools: number;
  /** Share of a vendor's tools whose descriptions must name a word for it to be the vendor's other name: lower finds more aliases, and more wrong ones. */
  aliasShare: number;
  /** …and at least this many of them. */
  minAliasTools: number;
  /** An alias is the vendor's own: other tools' texts say it at most this fraction as often. */
  aliasOutsideRatio: number;
  /** A domain whose every tool is named with its sub-domain is a vendor prefix from this many tools on. */
  minPrefixTools: number;

  // Query expansion (query/)
  /** Letters a vendor's short name keeps ("mongo"): fewer lets shorter nicknames in, and more words that merely begin a vendor's name. */
  minNickname: number;
  /** The shortest part of a compound noun read for its head ("whiteboard" → board): shorter splits more words, wrongly more often. */
  minCompoundPart: number;
  /** Longer than any two dictionary words: a longer run of letters is no compound (trying its every split costs its length squared). */
  maxCompoundWord: number;
  /** Weight of a compound's head: it is what the compound is, but less precisely than the word said. */
  compoundHeadWeight: number;
  /** Characters in a Chinese brand name read as pinyin: more finds longer names, tries more readings. */
  maxPinyinName: number;
  /** Letters a vendor's name needs before pinyin may spell it: fewer finds short names, and accidental readings. */
  minPinyinVendor: number;
  /** Parameter words added to the lexical query for each operand kind the task holds (a URL favours tools with a `url` parameter). */
  operandQuery: Readonly<Record<OperandKind, readonly string[]>>;
  /** …at this weight: higher lets the operand outweigh the words of the request. */
  operandQueryWeight: number;

  // Structural stage (stages/structural.ts)
  /** A request term weaker than this (a synonym, a late gloss) does not explain a name word alone: lower credits looser matches. */
  nameTermFloor: number;
  /** Share of a tool's name (idf-weighted) the task must explain before the name counts: lower ranks partial matches, and more wrong ones. */
  minCoverage: number;
  /** A structural candidate of a vendor the task names gains this: at 1 it outranks every tool of another vendor. */
  vendorBonus: number;
  /** The name match of a tool of another (or no named) vendor counts this much: lower keeps other vendors' tools further down. */
  otherVendorFactor: number;
  /** What an operand the tool takes is worth: paths, URLs and mail addresses are as strong as a fully explained name; times, places and identifiers are shared by many tools. */
  operandBonus: Readonly<Record<OperandKind, number>>;
  /** A task that names an operand but no action is, first, about reading it: the read-only tools gain this. */
  readOnlyBonus: number;

  // On-disk cache (index/cache.ts)
  /** Below this many tools the index is built in the process instead of read from the disk cache. */
  cacheFrom: number;
}

export const tuning: ResolutionConfig = {
  termWeights: {
    gloss: 0.8,
    laterSenseFactor: 0.3,
    singleHanFactor: 0.6,
    singleHanTermFactor: 0.5,
    synonym: 0.3,
    phrase: 0.5,
    synonymsPerWord: 4,
    characterFallbackFactor: 0.5,
    maxGlossWords: 5,
    lightVerbFactor: 0.3,
  },
  rrfK: 10,
  stageDepth: 30,
  minClauses: 2,
  firstProductOperations: 3,
  distinctScan: 10,
  fieldBoost: { name: 3, summary: 1.5, body: 1, related: 0.4, definition: 0.1 },
  queryTerms: 16,
  maxDocumentShare: 0.05,
  commonFloor: 100,
  averageNameTf: 1.5,
  commonTermWeight: 0.8,
  definitionTermWeight: 0.8,
  fuzzy: 0.2,
  rememberedTerms: 4096,
  rememberedWords: 20_000,
  definedNameTools: 5,
  aliasShare: 0.5,
  minAliasTools: 2,
  aliasOutsideRatio: 0.25,
  minPrefixTools: 2,
  minNickname: 4,
  minCompoundPart: 4,
  maxCompoundWord: 40,
  compoundHeadWeight: 0.5,
  maxPinyinName: 4,
  minPinyinVendor: 5,
  operandQuery: {
    paths: ["path", "file"],
    urls: ["url"],
    emails: ["email", "recipient"],
    identifiers: ["symbol"],
    times: ["time", "date", "start", "end"],
    names: ["origin", "destination", "location", "place"],
  },
  operandQueryWeight: 0.5,
  nameTermFloor: 0.35,
  minCoverage: 0.5,
  vendorBonus: 1,
  otherVendorFactor: 0.5,
  operandBonus: { paths: 1, urls: 1, emails: 1, identifiers: 0.5, times: 0.5, names: 0.5 },
  readOnlyBonus: 0.25,
  // Every catalog: building even a 14-tool index loads WordNet, CC-CEDICT and the vendor tables,
  // which cost a CLI run's first step several times what reading its cached index does (issue 24).
  cacheFrom: 1,
};

/** More tools than this share a common term. */
export const commonLimit = (tools: number): number => Math.max(tuning.commonFloor, tools * tuning.maxDocumentShare);
