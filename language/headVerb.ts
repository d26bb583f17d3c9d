/**
 * The verb a request opens with when the request lexicon does not hold it ("Sort menu.md by
 * price", "Upgrade the postgres image …", "把 a.log 压缩成 a.log.gz"), and whether that verb
 * does something or only knows, says or perceives something ("compute", "summarize", "算").
 * WordNet classes each verb sense by its lexicographer file; the two commonest senses decide
 * (a verb observes only when both do).
 * A Chinese verb is classed by its first English gloss in CC-CEDICT ("压缩" → "to compress").
 * The first use derives a table, verb → its class, and caches it on disk like `synonyms.ts`.
 */
import { cachedBytes, formatTable, SortedTable, sourceKey } from "./cache.js";
import { englishWords, isStopword } from "./english.js";
import { verbGlossesOf } from "./glosses.js";
import { lookupWord } from "./requestLexicon.js";
import { hasHan, segmentWords, tagWords } from "./segment.js";
import { wordnetIndex, wordnetKey, wordnetSynsets } from "./wordnet.js";

/** WordNet's lexicographer files of verbs that know, say or perceive (cognition, communication, perception, stative). */
const OBSERVING_FILES = new Set([31, 32, 39, 42]);
const DOES = "d";
const OBSERVES = "o";

function buildTable(): string {
  const synsets = wordnetSynsets();
  const rows: Array<[string, string]> = [];
  for (const { lemma, offsets } of wordnetIndex("verb")) {
    if (!/^[a-z]+$/.test(lemma)) continue;
    const senses = offsets.slice(0, 2).flatMap((o) => synsets.get(`v:${o}`) ?? []);
    if (senses.length) rows.push([lemma, senses.every((s) => OBSERVING_FILES.has(s.lexFile)) ? OBSERVES : DOES]);
  }
  return formatTable(rows);
}

let table: SortedTable | undefined;
const verbClass = (word: string): string | undefined => {
  table ??= new SortedTable(cachedBytes(`wordnet-${wordnetKey()}-verbclass-${sourceKey(import.meta.url)}.tsv`, buildTable));
  return table.get(word);
};

/** Words a request may open with before its verb ("please", "can you", "just"). */
const LEAD_IN = new Set("hey hi hello ok okay so well please pls kindly can could would will you just go ahead and then also now quickly".split(" "));
/** Chinese words before the verb that ask or soften ("帮我", "请", "麻烦"). */
const HAN_LEAD_IN = /^(?:帮|帮我|帮忙|给我|请|麻烦|麻烦你|再|先|都|一下)$/u;
/** The disposal markers: the object comes between them and the verb ("把 a.log 压缩成 …"). */
const DISPOSAL = /^(?:把|将)$/u;
/** A resultative complement jieba may keep on a verb ("翻译成", tagged as an idiom): the verb is what precedes it. */
const COMPLEMENT = /^(\p{Script=Han}{2,}?)[成为到]$/u;

/** A question mark, or a question word the lexicon holds (Chinese ones anywhere, also opening a word jieba joined: 几台). */
const asks = (text: string): boolean => /[?？]/u.test(text) || (hasHan(text) && segmentWords(text).some((w) => [w, w[0]!].some((q) => lookupWord(q)?.kind === "question")));

export interface HeadVerb {
  word: string;
  /** The verb only knows, says or perceives: what the request asks is an answer, not a change. */
  observes: boolean;
}

const known = (word: string) => lookupWord(word)?.kind !== undefined;
/** Asking that a state hold ("make sure …", "确保 …") names no one change: the answer's claims are judged instead. */
const ENSURES = /^(?:make\s+sure|ensure|确保|保证)/iu;

/** The first English verb of the text, when it opens the text and the lexicon does not hold it. */
function englishHead(text: string): HeadVerb | undefined {
  const words = englishWords(text);
  const word = words.find((w) => !LEAD_IN.has(w));
  if (!word || known(word)) return undefined;
  const cls = verbClass(word);
  if (cls) return { word, observes: cls === OBSERVES };
  if (isStopword(word)) return undefined;
  // A word WordNet lacks as a verb, opening an order and followed by its object ("lowercase every address in a.csv", "dedupe list.txt"), is one that does.
  const object = new RegExp(`^\\s*${word}\\s+(?:(?:the|all|every|each)\\b|[\\w.-]*[./][\\w-])`, "i");
  return object.test(text.replace(/^[\s\p{P}]*/u, "")) ? { word, observes: false } : undefined;
}

/** The first Chinese verb jieba tags, past the asking words and a 把/将 object, when the lexicon does not hold it. */
function hanHead(text: string): HeadVerb | undefined {
  const words = tagWords(text).filter((t) => t.tag !== "x" && !HAN_LEAD_IN.test(t.word) && t.tag !== "r");
  // Past a disposal marker, the first word is the object even when jieba tags it a verb ("把缓存的 ttl 调成 900").
  // A Latin object (a path) is cut into several words: all of them are the object.
  const marker = words.findIndex((t) => DISPOSAL.test(t.word));
  let from = marker + 1;
  if (marker !== -1) do from += 1; while (words[from - 1]?.tag === "eng" && words[from]?.tag === "eng");
  const bare = (word: string) => (verbGlossesOf(word).length ? word : (COMPLEMENT.exec(word)?.[1] ?? word));
  const isVerb = (t: { word: string; tag: string }) => hasHan(t.word) && (t.tag.startsWith("v") || (COMPLEMENT.test(t.word) && verbGlossesOf(bare(t.word)).length > 0));
  // A verb right before 的 describes a noun ("wiki 导出的 docs/a.md": the file exported); it is not the clause's verb (round 35).
  const found = words.slice(from).find((t, i, rest) => isVerb(t) && rest[i + 1]?.word !== "的");
  const verb = found ? bare(found.word) : undefined;
  if (!verb || known(verb)) return undefined;
  const gloss = verbGlossesOf(verb)[0]?.replace(/^to\s+/, "");
  const english = gloss ? englishWords(gloss)[0] : undefined;
  const cls = english ? verbClass(english) : undefined;
  return cls ? { word: verb, observes: cls === OBSERVES } : undefined;
}

/** The verb a clause opens with that the request lexicon does not know, or undefined. */
export function unknownHeadVerb(text: string): HeadVerb | undefined {
  const opening = text.replace(/^[\s\p{P}]*(?:(?:please|pls|can you|could you|帮我|请)\s*)*/iu, "");
  if (ENSURES.test(opening)) return undefined;
  const head = hasHan(text) ? hanHead(text) : englishHead(text);
  // Asked as a question ("hosts.ini 里一共配了几台机器", "…?"), the verb says what is asked about, not what to do.
  return head && asks(text) ? { ...head, observes: true } : head;
}
