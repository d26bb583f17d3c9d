/**
 * The lexical stage searches MiniSearch one term at a time (each term's hits are remembered)
 * and combines them with `combineOr`: the combined scores must be MiniSearch's own OR query's,
 * to the bit, and each hit's evidence the terms it matched. MiniSearch cannot combine hits it
 * did not compute in one query, and one OR query per request over 5,000 tools was most of a
 * resolution's time; so `combineOr` stays, and this test pins it to the installed MiniSearch:
 * the version the package pins, and that version's exact scores, so an upgrade that changes
 * how MiniSearch scores or combines fails here before it silently moves the bench figures.
 */
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { combineOr } from "../harness/resolution/stages/lexical.js";

const options = { idField: "id", fields: ["name", "body"], tokenize: (text: string) => text.split(" ").filter(Boolean), processTerm: (term: string) => term };
const documents = [
  { id: "delete_file", name: "delete file", body: "delete a file at a path path" },
  { id: "list_files", name: "list file", body: "list the files of a folder" },
  { id: "send_mail", name: "send mail", body: "send a mail message to a recipient" },
  { id: "move_file", name: "move file", body: "" },
];
const boost = { name: 3, body: 1 };
const weights: Record<string, number> = { delete: 1, file: 0.8, path: 0.35, folder: 0.5, mail: 1 };
const query = ["delete", "file", "path", "folder", "absent"];
const exact = { tokenize: (q: string) => q.split(" "), processTerm: (t: string) => t, boost };

describe("combineOr", () => {
  it("combines single-term MiniSearch hits into MiniSearch's own OR query, to the bit", () => {
    const search = new MiniSearch(options);
    search.addAll(documents);
    const whole = search.search(query.join(" "), { ...exact, boostTerm: (term) => weights[term] ?? 1, combineWith: "OR" });
    const combined = combineOr(query, (term) => search.search(term, { ...exact, boostTerm: () => weights[term] ?? 1 }).map((hit) => ({ name: hit.id as string, score: hit.score })));
    const byName = (hits: { name: string; score: number; evidence?: readonly string[] }[]) => Object.fromEntries(hits.map((hit) => [hit.name, { score: hit.score, evidence: [...(hit.evidence ?? [])].sort() }]));
    expect(byName(combined)).toEqual(byName(whole.map((hit) => ({ name: hit.id as string, score: hit.score, evidence: hit.queryTerms }))));
    expect(combined.length).toBe(3);
  });

  it("is pinned to the MiniSearch it was checked against: the pinned version, and that version's exact OR scores", () => {
    const pinned = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> }).dependencies.minisearch;
    const installed = (JSON.parse(readFileSync(new URL("../node_modules/minisearch/package.json", import.meta.url), "utf8")) as { version: string }).version;
    expect(pinned).toBe("7.2.0");
    expect(installed).toBe(pinned);
    const search = new MiniSearch(options);
    search.addAll(documents);
    const whole = search.search(query.join(" "), { ...exact, boostTerm: (term) => weights[term] ?? 1, combineWith: "OR" });
    expect(whole.map((hit) => [hit.id, hit.score])).toEqual([
      ["delete_file", 31.74085472807956],
      ["list_files", 4.210447636271148],
      ["move_file", 1.2840297981794366],
    ]);
  });
});
