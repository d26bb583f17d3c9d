/**
 * The terms of a text, the same way for a tool and for a task (what resolution matches on).
 * English words are split on case and punctuation and stemmed (`english.ts`); Chinese is cut
 * into words by jieba (`segment.ts`) and carried into English by its CC-CEDICT glosses
 * (`glosses.ts`); English words bring their WordNet synonyms (`synonyms.ts`) at a lower
 * weight; the software senses of `vocabulary.ts` come on top. A task's operands (paths, URLs,
 * addresses, identifiers, quoted text) are read apart by `operands.ts`: they say what to act
 * on, the request words around them what to do.
 */
import type { LRUCache } from "lru-cache";
import { boundedCache } from "../contract/boundedCache.js";
import { baseForms, englishTerms, englishWords, isStopword, stem } from "./english.js";
import { glossesOf, inDictionary, isProperNoun, verbGlossesOf } from "./glosses.js";
import { hasHan, isFunctionWord, loadSegmenter, segmentWords } from "./segment.js";
import { synonymsOf } from "./synonyms.js";
import { softwareSenseOf } from "./vocabulary.js";

/** Term → weight: 1 for a word the text says, less for what a dictionary says it means. */
export type WeightedTerms = Map<string, number>;

/**
 * How much what a dictionary says a word means weighs against the word itself. These are
 * resolution's tuning (`ResolutionConfig.termWeights` in harness/resolution/config.ts, where
 * each says what it trades); the resolver passes them in.
 */
export interface TermWeights {
  /** Weight of a Chinese word's first gloss. */
  readonly gloss: number;
  /** Each later sense of the same word divides its gloss weight by 1 + this × its place. */
  readonly laterSenseFactor: number;
  /** A single Han character's glosses count this much (会: can, meet, meeting, union…). */
  readonly singleHanFactor: number;
  /** What a single character counts for as a Chinese term of its own. */
  readonly singleHanTermFactor: number;
  /** A WordNet synonym's share of its word's weight. */
  readonly synonym: number;
  /** Weight of a phrase's related words ("call off" → cancel). */
  readonly phrase: number;
  /** WordNet related words read per word, commonest senses first. */
  readonly synonymsPerWord: number;
  /** The glosses of the characters of a word the dictionary lacks count this much. */
  readonly characterFallbackFactor: number;
  /** Words of a gloss read; the rest is an encyclopedia entry (虹桥: "…notably a major airport…"). */
  readonly maxGlossWords: number;
  /** A light verb before its object ("take a look") counts this much; the object counts fully. */
  readonly lightVerbFactor: number;
}

/** Chinese function words (`isFunctionWord`: jieba's closed word classes and the one stop-word list): their glosses are noise. */
const HAN_FUNCTION_WORDS = { has: isFunctionWord };
/** Measure words and aspect markers inside a separable verb (开个会 is 开会, 截个图 is 截图). */
const SEPARABLE_FILLERS = new Set(["个", "一个", "下", "一下", "了", "过", "次"]);
/**
 * Verb complements: the closed grammatical class of resultative (住 掉 好 完 成 走 见 懂 光 透)
 * and directional (下来 上去 出来 起来…) endings a verb takes (锁住 is to lock, 撤下来 to
 * take down). They say how an action ends, not which action: the head verb carries the meaning.
 */
const RESULT_COMPLEMENTS = ["住", "掉", "好", "完", "成", "走", "见", "懂", "光", "透"];
const DIRECTIONAL_COMPLEMENTS = ["上来", "上去", "下来", "下去", "进来", "进去", "出来", "出去", "回来", "回去", "过来", "过去", "起来", "开来"];
const VERB_COMPLEMENTS = new Set([...RESULT_COMPLEMENTS, ...DIRECTIONAL_COMPLEMENTS]);
/** One-character directions (装上, 拿出): also a place after a noun (书上 is "on the book"), so only after a word that is first a verb. */
const SINGLE_DIRECTIONS = new Set(["上", "下", "出", "开", "起", "到", "回", "进"]);
/** Complements that end a compound jieba keeps whole (停掉, 传上去). */
const COMPOUND_ENDINGS = [...DIRECTIONAL_COMPLEMENTS, ...RESULT_COMPLEMENTS, ...SINGLE_DIRECTIONS];
/** A question word after "there is" (有哪些, 还有什么, 都有啥): the question asks what there is, a list. */
const LIST_QUESTION_WORDS = new Set(["哪些", "什么", "啥"]);
const EXISTENTIAL_VERBS = new Set(["有", "还有", "都有"]);
/**
 * Measure words that follow a verb before its object (发条短信, 写封信, 建个表). A hand list on
 * purpose: jieba tags these characters by their commoner role when they stand alone or inside
 * the compound it cuts (条 and 项 as nouns, 本 as a pronoun, 件 as a morpheme, 发条 as one noun),
 * so its `q` tag does not find the measure-word use this rule is about.
 */
const MEASURE_WORDS = new Set(["个", "条", "封", "张", "件", "份", "篇", "本", "项", "次"]);
/** What only a verb takes after it: a tentative 一下 (查一下), a glance 一眼. */
const VERB_MARKERS = new Set(["一下", "下", "一眼"]);

/**
 * Whether `next` marks `word` as a verb: a complement (撤 + 下来), a tentative 一下 (搜一下),
 * a measure word after one character (建个表, 发条短信), or the character said twice (找找).
 */
const followsVerb = (word: string, next: string): boolean =>
  VERB_COMPLEMENTS.has(next) || VERB_MARKERS.has(next) || ([...word].length === 1 && (MEASURE_WORDS.has(next) || next === word));

function addTerm(terms: WeightedTerms, term: string, weight: number): void {
  if (term.length === 0 || weight <= 0) return;
  if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
}

/** English text from a dictionary or a software sense: each word's own sense, its stem, and (optionally) its synonyms. */
function addEnglish(terms: WeightedTerms, w: TermWeights, text: string, weight: number, withSynonyms = false): void {
  for (const word of englishWords(text)) {
    if (word.length < 2 || isStopword(word)) continue;
    const sense = softwareSenseOf(word);
    if (sense) for (const term of englishTerms(sense)) addTerm(terms, term, weight);
    addTerm(terms, stem(word), weight);
    if (withSynonyms) for (const synonym of synonymsOfInflected(word).slice(0, w.synonymsPerWord)) addTerm(terms, stem(synonym), weight * w.synonym);
  }
}

/** WordNet keys by base form (`baseForms`, the one inflection module; `tail` completes a phrase: `_off`). */
function synonymsOfInflected(word: string, tail = ""): string[] {
  for (const candidate of baseForms(word)) {
    const found = synonymsOf(candidate + tail);
    if (found.length > 0) return found;
  }
  return [];
}

/** An English word: its software sense and itself, then its synonyms at a lower weight. */
const addEnglishWord = (terms: WeightedTerms, w: TermWeights, word: string, weight: number, withSynonyms: boolean): void => addEnglish(terms, w, word, weight, withSynonyms);

/** A Chinese word: itself (for Chinese tool text), its software sense, or its dictionary glosses. */
function addHanWord(terms: WeightedTerms, w: TermWeights, word: string, weight: number, withSynonyms: boolean): void {
  if (HAN_FUNCTION_WORDS.has(word)) return;
  // One character alone (图, 表, 画) is in half the Chinese descriptions of a catalog: as itself, weak evidence.
  addTerm(terms, word, [...word].length === 1 ? weight * w.singleHanTermFactor : weight);
  // A proper noun (外滩, 虹桥) names what to act on, like an operand; its encyclopedia gloss is not a request.
  if (isProperNoun(word)) return;
  const sense = softwareSenseOf(word);
  if (sense) return addEnglish(terms, w, sense, weight);
  const glosses = glossesOf(word);
  if (glosses.length === 0 && word.length > 1) {
    const head = complementHead(word);
    if (head) return addHeadVerb(terms, w, head, weight, withSynonyms);
    for (const part of dictionaryWords(word)) {
      if (part.length > 1) addHanWord(terms, w, part, weight, withSynonyms);
      else if (!HAN_FUNCTION_WORDS.has(part)) addHanGlosses(terms, w, glossesOf(part), weight * w.characterFallbackFactor * w.singleHanFactor, withSynonyms);
    }
    return;
  }
  addHanGlosses(terms, w, glosses, word.length === 1 ? weight * w.singleHanFactor : weight, withSynonyms);
}

function addHanGlosses(terms: WeightedTerms, w: TermWeights, glosses: string[], weight: number, withSynonyms: boolean): void {
  glosses.forEach((gloss, index) => {
    const senseWeight = (weight * w.gloss) / (1 + w.laterSenseFactor * index);
    for (const part of gloss.split(/[;,]/)) {
      const words = part.trim().split(/\s+/).slice(0, w.maxGlossWords);
      // "take a look at", "give a hand": a light verb before its object carries no meaning of its own.
      if (words.length > 1 && LIGHT_VERBS.has(words[0]!.toLowerCase())) {
        addEnglish(terms, w, words[0]!, senseWeight * w.lightVerbFactor, withSynonyms);
        addEnglish(terms, w, words.slice(1).join(" "), senseWeight, withSynonyms);
      } else addEnglish(terms, w, words.join(" "), senseWeight, withSynonyms);
    }
  });
}

/** Verbs that, before an object, lend it their grammar and not their meaning ("take a look" is to look). */
const LIGHT_VERBS = new Set(["take", "give", "have", "make", "do", "get", "put", "pay"]);

/**
 * A verb before its complement (锁 in 锁住, 撤 in 撤 + 下来): the complement says it is a verb,
 * so its verb senses are read at a word's full weight (锁 is to lock, not a lock; 干 to do, not dry).
 */
function addHeadVerb(terms: WeightedTerms, w: TermWeights, head: string, weight: number, withSynonyms: boolean): void {
  const verbs = verbGlossesOf(head);
  if (verbs.length === 0 || softwareSenseOf(head) || isProperNoun(head)) return addHanWord(terms, w, head, weight, withSynonyms);
  addTerm(terms, head, [...head].length === 1 ? weight * w.singleHanTermFactor : weight);
  addHanGlosses(terms, w, verbs, weight, withSynonyms);
}

/** The head verb of a verb + complement compound the dictionary lacks (锁住 → 锁, 传上去 → 传), if the word is one. */
function complementHead(word: string): string | undefined {
  for (const ending of COMPOUND_ENDINGS) {
    if (!word.endsWith(ending) || word.length === ending.length) continue;
    const head = word.slice(0, -ending.length);
    if (!inDictionary(head) || HAN_FUNCTION_WORDS.has(head)) continue;
    if (!SINGLE_DIRECTIONS.has(ending) || verbGlossesOf(head)[0] === glossesOf(head)[0]) return head;
  }
  return undefined;
}

/**
 * A word jieba kept whole but the dictionary lacks (解释一下), cut by forward maximum
 * matching against the dictionary: the longest known word at each position, else one character.
 */
function dictionaryWords(word: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < word.length; ) {
    let end = word.length;
    while (end > start + 1 && !inDictionary(word.slice(start, end))) end -= 1;
    parts.push(word.slice(start, end));
    start = end;
  }
  return parts;
}

/**
 * The weighted terms of free text (a task's request words, or a tool's text when
 * `withSynonyms` is false): English words stemmed, Chinese words with their glosses, and,
 * for a request, WordNet synonyms.
 */
export function weightedTerms(text: string, withSynonyms: boolean, w: TermWeights): WeightedTerms {
  const terms: WeightedTerms = new Map();
  const words = segmentWords(text);
  // A Latin word in Chinese text (把 invoices 文件夹打包, 用 Figma 画) is written as it is named: a
  // folder, a product, a term of art. Its WordNet synonyms are paraphrases of an English
  // sentence nobody wrote; in the Chinese around it the request says what to do.
  const latinSynonyms = withSynonyms && !hasHan(text);
  words.forEach((word, index) => {
    if (!hasHan(word)) {
      if (latinSynonyms && index + 1 < words.length) addPhrasalVerb(terms, w, word, words[index + 1]!);
      return addWordTerms(terms, w, word, latinSynonyms, englishWordTerms);
    }
    // "What is there" (有哪些, 都有啥, 有什么) asks for a list.
    if (LIST_QUESTION_WORDS.has(word) && EXISTENTIAL_VERBS.has(words[index - 1] ?? "")) addEnglish(terms, w, "list", w.gloss);
    // A complement jieba cut off its verb (撤 + 下来, 删除 + 掉) is grammar: "come down" is not what was asked.
    const previous = words[index - 1];
    if (VERB_COMPLEMENTS.has(word) && previous && hasHan(previous) && !HAN_FUNCTION_WORDS.has(previous)) return;
    addWordTerms(terms, w, word, withSynonyms, hanWordTerms);
    const next = words[index + 1];
    if (next && !HAN_FUNCTION_WORDS.has(word) && followsVerb(word, next)) addWordTerms(terms, w, word, withSynonyms, headVerbTerms, VERB_READING);
    // A separable verb split by a measure word or aspect marker: 开个会 → 开会.
    const after = words[index + 2];
    if (next && SEPARABLE_FILLERS.has(next) && after && hasHan(after) && inDictionary(word + after)) addHanWord(terms, w, word + after, 1, withSynonyms);
    else if (next && hasHan(next) && inDictionary(word + next) && !words.includes(word + next)) addHanWord(terms, w, word + next, 1, withSynonyms);
    else if (next && hasHan(next)) for (const part of overlappingReading(word, next)) addHanWord(terms, w, part, 1, withSynonyms);
  });
  return terms;
}

/**
 * Two words WordNet knows as one phrase ("call off" is to cancel, "look up" to consult): the
 * phrase's related words weigh as a synonym of the first sense would, since the phrase is
 * what was said.
 */
function addPhrasalVerb(terms: WeightedTerms, w: TermWeights, first: string, second: string): void {
  if (!/^[A-Za-z]+$/.test(first) || !/^[A-Za-z]+$/.test(second)) return;
  const tail = `_${second.toLowerCase()}`;
  for (const related of synonymsOfInflected(first.toLowerCase(), tail).slice(0, w.synonymsPerWord)) addEnglish(terms, w, related, w.phrase);
}

/**
 * The other reading of an overlapping ambiguity: jieba cuts 日程表单 as 日程表 (a timetable) + 单,
 * but 日程 + 表单 (a schedule form) is as good a cut. When a word's last character joins the
 * next word into a dictionary word and the rest of the word is one too, both are read.
 */
function overlappingReading(word: string, next: string): string[] {
  // 发条 (a clockwork spring) before a noun is 发 + the measure word 条: 发条短信 sends a text message.
  if (word.length === 2 && MEASURE_WORDS.has(word[1]!)) return [word[0]!];
  if (word.length < 3) return [];
  const head = word.slice(0, -1);
  const joined = word.slice(-1) + next;
  return inDictionary(head) && inDictionary(joined) && !HAN_FUNCTION_WORDS.has(joined) ? [head, joined] : [];
}

/** An English (or other non-Han) word of a text: its parts' terms. */
function englishWordTerms(terms: WeightedTerms, w: TermWeights, word: string, withSynonyms: boolean): void {
  const parts = englishWords(word);
  // "GitHub" is github as well as git + hub, "1Password" 1password: vendors are written as one word.
  if (parts.length > 1 && /^[A-Za-z0-9]+$/.test(word)) addEnglishWord(terms, w, word.toLowerCase(), 1, false);
  for (const part of parts) addEnglishWord(terms, w, part, 1, withSynonyms);
}

/** A Chinese word of a text: its terms. */
const hanWordTerms = (terms: WeightedTerms, w: TermWeights, word: string, withSynonyms: boolean): void => addHanWord(terms, w, word, 1, withSynonyms);

/** A Chinese word the next word marks as a verb: its verb senses' terms (remembered apart, `VERB_READING`). */
const headVerbTerms = (terms: WeightedTerms, w: TermWeights, word: string, withSynonyms: boolean): void => addHeadVerb(terms, w, word, 1, withSynonyms);
const VERB_READING = "v";

/**
 * Words whose terms are remembered, per set of weights. A word's terms (its stems, senses,
 * glosses and synonyms) depend on the word and the weights alone, and requests share most of
 * their words: each is looked up in the dictionaries once, not once per request. The least
 * recently used go beyond 20,000 words.
 */
const wordMemos = new WeakMap<TermWeights, LRUCache<string, WeightedTerms>>();

/**
 * Adds a word's terms, from the memo or analysed by `analyse` into a map of their own. Adding
 * that map's entries in its order gives the same map as analysing into `terms` directly: a
 * term keeps its first place and its highest weight either way. `reading` names an analysis
 * other than the word's plain one (its verb reading), remembered apart.
 */
function addWordTerms(
  terms: WeightedTerms,
  w: TermWeights,
  word: string,
  withSynonyms: boolean,
  analyse: (terms: WeightedTerms, w: TermWeights, word: string, withSynonyms: boolean) => void,
  reading = "",
): void {
  let wordMemo = wordMemos.get(w);
  if (!wordMemo) wordMemos.set(w, (wordMemo = boundedCache<string, WeightedTerms>(20_000)));
  const key = `${reading}${withSynonyms ? "+" : "-"}${word}`;
  let analysed = wordMemo.get(key);
  if (!analysed) {
    analysed = new Map();
    analyse(analysed, w, word, withSynonyms);
    wordMemo.set(key, analysed);
  }
  for (const [term, weight] of analysed) addTerm(terms, term, weight);
}

/** Loads the language tables a text like `sample` needs (WordNet always; CC-CEDICT and jieba for Chinese), so no resolution pays for it. */
export function prepareLanguage(sample: string): void {
  synonymsOf("");
  if (!hasHan(sample)) return;
  glossesOf("");
  loadSegmenter();
}

/** Plain (unweighted) terms of a tool's text: stemmed English words and Chinese words. */
export function plainTerms(text: string): string[] {
  if (!hasHan(text)) return englishTerms(text);
  return segmentWords(text).flatMap((word) => (hasHan(word) ? (HAN_FUNCTION_WORDS.has(word) ? [] : [word]) : englishTerms(word)));
}

/** English terms the Chinese words of a tool's text gloss to (a Chinese catalog meets English requests). */
export function glossTerms(text: string, w: TermWeights): string[] {
  if (!hasHan(text)) return [];
  return [...weightedTerms(text, false, w).keys()].filter((term) => !hasHan(term));
}
