/**
 * Word segmentation, the one place the project cuts text into words. Han text goes through
 * jieba (a maintained dictionary segmenter; Chinese has no spaces); everything else through
 * `Intl.Segmenter`, which follows Unicode word boundaries for any script. The jieba
 * dictionary loads once, on first use (about 150 ms).
 */
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";

const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

let jieba: Jieba | undefined;
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** True when the text contains Han characters. */
export const hasHan = (text: string): boolean => HAN.test(text);

/** The Han words of a run of Han characters, as jieba cuts them (precise mode, no HMM guesses). */
function hanWords(run: string): string[] {
  jieba ??= Jieba.withDict(dict);
  return jieba.cut(run, false);
}

/**
 * The words of any text, in order: Han runs cut by jieba, other scripts by Unicode word
 * boundaries. Punctuation and whitespace are dropped; case is kept (callers decide).
 */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  const otherWords = (chunk: string) => {
    for (const part of wordSegmenter.segment(chunk)) if (part.isWordLike) out.push(part.segment);
  };
  // Han runs are cut out first: Intl.Segmenter would split them by ICU's own dictionary.
  let last = 0;
  for (const match of text.matchAll(HAN_RUN)) {
    otherWords(text.slice(last, match.index));
    out.push(...hanWords(match[0]));
    last = match.index + match[0].length;
  }
  otherWords(text.slice(last));
  return out;
}
