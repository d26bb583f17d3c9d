/**
 * The lexical stage's BM25 postings (`harness/bm25.ts`) score exactly as MiniSearch does, built
 * or read back from the on-disk form, and the MiniSearch they rebuild for fuzzy and prefix
 * queries answers as the original does.
 */
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { Bm25Postings } from "../harness/bm25.js";

const options = { idField: "id", fields: ["name", "body"], tokenize: (text: string) => text.split(" ").filter(Boolean), processTerm: (term: string) => term };
const documents = [
  { id: "delete_file", name: "delete file", body: "delete a file at a path path" },
  { id: "list_files", name: "list file", body: "list the files of a folder" },
  { id: "send_mail", name: "send mail", body: "send a mail message to a recipient" },
  { id: "move_file", name: "move file", body: "" },
];
const boost = { name: 3, body: 1 };
const weights: Record<string, number> = { delete: 1, file: 0.8, path: 0.35, folder: 0.5, mail: 1 };
const boostTerm = (term: string) => weights[term] ?? 1;
const query = ["delete", "file", "path", "folder", "absent"];

function miniSearch(): MiniSearch {
  const search = new MiniSearch(options);
  search.addAll(documents);
  return search;
}

const bySearch = (search: MiniSearch) =>
  Object.fromEntries(
    search.search(query.join(" "), { tokenize: (q) => q.split(" "), processTerm: (t) => t, boost, boostTerm, combineWith: "OR" }).map((hit) => [hit.id as string, { score: hit.score, queryTerms: [...hit.queryTerms].sort() }]),
  );
const byPostings = (postings: Bm25Postings) => Object.fromEntries(postings.search(query, boost, boostTerm).map((hit) => [hit.name, { score: hit.score, queryTerms: [...hit.evidence].sort() }]));

describe("BM25 postings", () => {
  it("score an exact-term OR query to the bit as MiniSearch does, built and loaded from the cache form", () => {
    const expected = bySearch(miniSearch());
    const built = Bm25Postings.fromMiniSearch(miniSearch(), options);
    const loaded = Bm25Postings.load(JSON.parse(JSON.stringify(built.serialize())), options);
    expect(byPostings(built)).toEqual(expected);
    expect(byPostings(loaded)).toEqual(expected);
    // A second query over the same scratch arrays starts from zero.
    expect(byPostings(loaded)).toEqual(expected);
  });

  it("rebuild the MiniSearch index for fuzzy and prefix queries from the cache form", () => {
    const built = Bm25Postings.fromMiniSearch(miniSearch(), options);
    const loaded = Bm25Postings.load(JSON.parse(JSON.stringify(built.serialize())), options);
    const relaxed = (search: MiniSearch) => search.search("delet fil", { boost, fuzzy: 0.2, prefix: true }).map((hit) => [hit.id, hit.score]);
    expect(relaxed(loaded.relaxed())).toEqual(relaxed(miniSearch()));
  });

  it("refuse a malformed cache form, so the index is rebuilt", () => {
    expect(() => Bm25Postings.load({ terms: ["a"] } as never, options)).toThrow();
  });
});
