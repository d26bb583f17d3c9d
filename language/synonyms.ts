/**
 * English synonyms from WordNet 3.1 (`wordnet.ts`). The first
 * use derives a compact table, word → the other words of its most common senses (nouns,
 * verbs, adjectives) and their derivationally related forms ("distant" → "distance"), and
 * caches it on disk keyed by the package version; later processes read that table. Only the
 * first senses count: most of what WordNet knows about a word is not what a request means.
 */
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";
import { WORDNET_PARTS, wordnetIndex, wordnetKey, wordnetSynsets, type WordnetPart } from "./wordnet.js";

/** Senses per part of speech whose words count as related (WordNet orders senses by frequency). */
const SENSES = 2;
const MAX_RELATED = 10;

const single = (word: string): string | undefined => {
  const lower = word.toLowerCase().replace(/\(.*\)$/, "");
  return /^[a-z]+$/.test(lower) ? lower : undefined;
};

function buildTable(): string {
  const synsets = wordnetSynsets();
  const synonyms = new Map<string, Set<string>>();
  const derived = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, word: string) => {
    const set = map.get(key) ?? new Set<string>();
    set.add(word);
    map.set(key, set);
  };
  for (const [part, pos] of Object.entries(WORDNET_PARTS) as [WordnetPart, string][]) {
    for (const { lemma, offsets } of wordnetIndex(part)) {
      // One word, or a two-word phrase ("go_back", "call_off"): a phrasal verb means what its words do not.
      if (!/^[a-z]+(?:_[a-z]+)?$/.test(lemma)) continue;
      for (const offset of offsets.slice(0, SENSES)) {
        const synset = synsets.get(`${pos}:${offset}`);
        if (!synset) continue;
        for (const word of synset.words) {
          const plain = single(word);
          if (plain && plain !== lemma) add(synonyms, lemma, plain);
        }
        for (const { key, word } of synset.derived) {
          const target = synsets.get(key)?.words[word - 1];
          const plain = target ? single(target) : undefined;
          if (plain && plain !== lemma) add(derived, lemma, plain);
        }
      }
    }
  }
  // Synonymy is symmetric: "delete" lists "cancel" among its first senses, so "cancel" meets "delete".
  for (const [lemma, set] of [...synonyms]) if (!lemma.includes("_")) for (const word of [...set].slice(0, MAX_RELATED)) add(synonyms, word, lemma);
  const lemmas = new Set([...synonyms.keys(), ...derived.keys()]);
  return formatTable(
    [...lemmas].map((lemma) => [lemma, [...new Set([...(synonyms.get(lemma) ?? []), ...(derived.get(lemma) ?? [])])].slice(0, MAX_RELATED).join(" ")]),
  );
}

let table: SortedTable | undefined;

/**
 * Words sharing one of the word's first senses, and their derivationally related forms; [] for
 * a word WordNet lacks. A two-word phrase is asked for as `go_back`.
 */
export function synonymsOf(word: string): string[] {
  table ??= new SortedTable(cachedBytes(`wordnet-${wordnetKey()}-related-${sourceKey(import.meta.url)}.tsv`, buildTable));
  return table.get(word)?.split(" ") ?? [];
}
