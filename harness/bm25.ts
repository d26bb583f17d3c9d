/**
 * The lexical stage's BM25 postings, read out of a MiniSearch index and scored the way
 * MiniSearch scores an exact-term OR query (its `termResults`, then the OR combinator, then
 * `score × matched terms`), with the same floating-point operations in the same order, so its
 * scores are MiniSearch's to the last bit. MiniSearch keeps a Map of match records per
 * document per term, and a query at 5,000 tools spent most of its time there; here a query
 * adds into reused arrays. Postings are kept as compact text (cheap to parse from the on-disk
 * cache) and decoded per term on its first query. Fuzzy and prefix queries (`tool_search`)
 * still go to MiniSearch itself, rebuilt from these postings on first use.
 */
import MiniSearch, { type Options } from "minisearch";

/** MiniSearch's default BM25 parameters (the lexical stage never changes them). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const FIELD_SEPARATOR = "|";
const POSTING_SEPARATOR = ",";
const FREQUENCY_SEPARATOR = ":";

/** The on-disk form: per term, per field, its documents and term frequencies. */
export interface SerializedPostings {
  /** Tool names by document number. */
  ids: string[];
  /** Field names, in MiniSearch's field-id order. */
  fields: string[];
  /** Field lengths (unique terms), document by document: `lengths[doc * fields.length + field]`. */
  lengths: number[];
  /** Average length of each field, as MiniSearch computed it. */
  averages: number[];
  terms: string[];
  /** Per term: its fields' postings joined by `|`, each `doc` or `doc:frequency`, comma-separated. */
  postings: string[];
}

/** One term's postings in one field, with each posting's raw BM25 score. */
interface FieldPostings {
  docs: Int32Array;
  raw: Float64Array;
}

/** MiniSearch's JSON form (`toJSON`, `loadJS`), the parts read and written here. */
interface MiniSearchJson {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, string>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

export interface Bm25Hit {
  name: string;
  score: number;
  /** The query terms it matched, in query order; hits that matched the same terms share one array. */
  evidence: readonly string[];
}

/** Query terms a search takes: each document's matched terms are one bit each of a 32-bit mask. */
const MAX_QUERY_TERMS = 32;

/** MiniSearch's `calcBM25Score`, operation for operation. */
function bm25(termFreq: number, matchingCount: number, totalCount: number, fieldLength: number, avgFieldLength: number): number {
  const { k, b, d } = BM25;
  const invDocFreq = Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
}

export class Bm25Postings {
  private readonly encoded = new Map<string, string>();
  private readonly decoded = new Map<string, (FieldPostings | undefined)[]>();
  /** Per-query scratch, by document: the running total, the current term's sum, the matched terms' bits. */
  private readonly total: Float64Array;
  private readonly termSum: Float64Array;
  private readonly matched: Uint32Array;
  private relaxedSearch: MiniSearch | undefined;

  private constructor(
    private readonly data: SerializedPostings,
    private readonly options: Options,
  ) {
    const { terms, postings, ids } = data;
    if (!Array.isArray(terms) || !Array.isArray(postings) || terms.length !== postings.length || !Array.isArray(ids)) throw new Error("malformed postings");
    for (let i = 0; i < terms.length; i += 1) this.encoded.set(terms[i]!, postings[i]!);
    this.total = new Float64Array(ids.length);
    this.termSum = new Float64Array(ids.length);
    this.matched = new Uint32Array(ids.length);
  }

  /** The postings of a built MiniSearch index; it serves the relaxed queries as it is. */
  static fromMiniSearch(search: MiniSearch, options: Options): Bm25Postings {
    const json = search.toJSON() as unknown as MiniSearchJson;
    const fields = Object.entries(json.fieldIds).sort((a, b) => a[1] - b[1]).map(([field]) => field);
    const ids: string[] = [];
    for (const [short, id] of Object.entries(json.documentIds)) ids[Number(short)] = id;
    const lengths = new Array<number>(ids.length * fields.length).fill(0);
    for (const [short, perField] of Object.entries(json.fieldLength)) perField.forEach((length, field) => (lengths[Number(short) * fields.length + field] = length ?? 0));
    const terms: string[] = [];
    const postings: string[] = [];
    for (const [term, byField] of json.index) {
      terms.push(term);
      postings.push(
        fields
          .map((_, field) =>
            Object.entries(byField[field] ?? {})
              .map(([doc, frequency]) => (frequency === 1 ? doc : `${doc}${FREQUENCY_SEPARATOR}${frequency}`))
              .join(POSTING_SEPARATOR),
          )
          .join(FIELD_SEPARATOR),
      );
    }
    const postingsIndex = new Bm25Postings({ ids, fields, lengths, averages: json.averageFieldLength, terms, postings }, options);
    postingsIndex.relaxedSearch = search;
    return postingsIndex;
  }

  /** Postings read back from `serialize()`; throws on a malformed form (the cache then rebuilds). */
  static load(data: SerializedPostings, options: Options): Bm25Postings {
    return new Bm25Postings(data, options);
  }

  /** Whether any tool's text holds the term. */
  has(term: string): boolean {
    return this.encoded.has(term);
  }

  serialize(): SerializedPostings {
    return this.data;
  }

  /**
   * What `MiniSearch.search(terms.join(" "), { boost, boostTerm, combineWith: "OR" })` returns
   * for distinct exact terms (at most 32), unsorted: each matching tool's score and the query
   * terms it matched.
   */
  search(terms: readonly string[], boost: Readonly<Record<string, number>>, boostTerm: (term: string) => number): Bm25Hit[] {
    if (terms.length > MAX_QUERY_TERMS) throw new RangeError(`a BM25 query takes at most ${MAX_QUERY_TERMS} terms (got ${terms.length})`);
    const { fields, ids } = this.data;
    const { total, termSum, matched } = this;
    const boosts = fields.map((field) => boost[field] || 1);
    const touched: number[] = [];
    const inTerm: number[] = [];
    terms.forEach((term, index) => {
      const byField = this.postingsOf(term);
      if (!byField) return;
      const bit = 1 << index;
      const termBoost = boostTerm(term);
      for (let field = 0; field < fields.length; field += 1) {
        const postings = byField[field];
        if (!postings) continue;
        const factor = termBoost * boosts[field]!;
        const { docs, raw } = postings;
        for (let i = 0; i < docs.length; i += 1) {
          const doc = docs[i]!;
          // The first field of a term starts its sum (0 + x is x exactly); later fields add to it.
          if ((matched[doc]! & bit) === 0) {
            if (matched[doc] === 0) touched.push(doc);
            matched[doc] = matched[doc]! | bit;
            inTerm.push(doc);
            termSum[doc] = 0;
          }
          termSum[doc] = termSum[doc]! + factor * raw[i]!;
        }
      }
      // A term's sum joins the total as one addition, as MiniSearch's OR combinator adds it.
      for (const doc of inTerm) total[doc] = total[doc]! + termSum[doc]!;
      inTerm.length = 0;
    });
    const evidence = new Map<number, string[]>();
    const hits: Bm25Hit[] = [];
    for (const doc of touched) {
      const mask = matched[doc]!;
      let said = evidence.get(mask);
      if (!said) evidence.set(mask, (said = terms.filter((_, index) => (mask & (1 << index)) !== 0)));
      hits.push({ name: ids[doc]!, score: total[doc]! * (said.length || 1), evidence: said });
      total[doc] = 0;
      matched[doc] = 0;
    }
    return hits;
  }

  /** The MiniSearch index these postings came from, for fuzzy and prefix queries. */
  relaxed(): MiniSearch {
    this.relaxedSearch ??= MiniSearch.loadJS(this.miniSearchJson(), this.options);
    return this.relaxedSearch;
  }

  private miniSearchJson(): MiniSearchJson {
    const { ids, fields, lengths, averages, terms } = this.data;
    const index: MiniSearchJson["index"] = terms.map((term) => {
      const byField: Record<string, Record<string, number>> = {};
      (this.encoded.get(term) ?? "").split(FIELD_SEPARATOR).forEach((text, field) => {
        if (!text) return;
        const frequencies: Record<string, number> = {};
        for (const posting of text.split(POSTING_SEPARATOR)) {
          const [doc = "", frequency = "1"] = posting.split(FREQUENCY_SEPARATOR);
          frequencies[doc] = Number(frequency);
        }
        byField[field] = frequencies;
      });
      return [term, byField];
    });
    return {
      documentCount: ids.length,
      nextId: ids.length,
      documentIds: Object.fromEntries(ids.map((id, doc) => [doc, id])),
      fieldIds: Object.fromEntries(fields.map((field, id) => [field, id])),
      fieldLength: Object.fromEntries(ids.map((_, doc) => [doc, lengths.slice(doc * fields.length, (doc + 1) * fields.length)])),
      averageFieldLength: averages,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    };
  }

  /** A term's postings per field with their raw BM25 scores, decoded on the term's first query. */
  private postingsOf(term: string): (FieldPostings | undefined)[] | undefined {
    let byField = this.decoded.get(term);
    if (byField) return byField;
    const text = this.encoded.get(term);
    if (text === undefined) return undefined;
    const { ids, fields, lengths, averages } = this.data;
    byField = text.split(FIELD_SEPARATOR).map((list, field): FieldPostings | undefined => {
      if (!list) return undefined;
      const postings = list.split(POSTING_SEPARATOR);
      const docs = new Int32Array(postings.length);
      const raw = new Float64Array(postings.length);
      postings.forEach((posting, i) => {
        const colon = posting.indexOf(FREQUENCY_SEPARATOR);
        const doc = Number(colon < 0 ? posting : posting.slice(0, colon));
        const frequency = colon < 0 ? 1 : Number(posting.slice(colon + 1));
        docs[i] = doc;
        raw[i] = bm25(frequency, postings.length, ids.length, lengths[doc * fields.length + field]!, averages[field]!);
      });
      return { docs, raw };
    });
    this.decoded.set(term, byField);
    return byField;
  }
}
