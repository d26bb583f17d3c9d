/**
 * English definitions from WordNet 3.1 (`wordnet.ts`): the
 * gloss of a word's most common noun and verb sense, without its quoted examples ("refund" →
 * "money returned to a payer", "pay back"). The first use derives a compact table, word → the
 * content words of those glosses, and caches it on disk keyed by the package version; later
 * processes read it. Only the first sense counts: a second one added as much noise as it found.
 */
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";
import { englishWords, isStopword, singular } from "./english.js";
import { wordnetIndex, wordnetKey, wordnetSynsets } from "./wordnet.js";

/** Senses per part of speech whose gloss counts (WordNet orders senses by frequency). */
const SENSES = 1;
const PARTS = [
  ["noun", "n"],
  ["verb", "v"],
] as const;

/** A gloss without its examples: up to the first quoted example. */
function definitionText(gloss: string): string {
  const quote = gloss.indexOf('"');
  return (quote < 0 ? gloss : gloss.slice(0, quote)).replace(/[;\s]+$/, "");
}

function buildTable(): string {
  const synsets = wordnetSynsets();
  const definitions = new Map<string, string[]>();
  for (const [part, pos] of PARTS) {
    for (const { lemma, offsets } of wordnetIndex(part)) {
      if (!/^[a-z]+$/.test(lemma)) continue;
      const words = definitions.get(lemma) ?? [];
      for (const offset of offsets.slice(0, SENSES)) {
        const gloss = synsets.get(`${pos}:${offset}`)?.gloss;
        if (gloss !== undefined) words.push(...englishWords(definitionText(gloss)).filter((word) => !isStopword(word) && word !== lemma && !/^\d+$/.test(word)));
      }
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
  table ??= new SortedTable(cachedBytes(`wordnet-${wordnetKey()}-definitions-${sourceKey(import.meta.url)}.tsv`, buildTable));
  const found = table.get(word) ?? table.get(singular(word));
  return found?.split(" ") ?? [];
}
