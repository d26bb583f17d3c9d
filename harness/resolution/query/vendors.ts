/** The vendors a request names: as written, capitalized, as a Chinese name, or in pinyin. */
import { englishWords, stem } from "../../../language/english.js";
import { glossesOf, inDictionary, isProperNoun, pinyinOf } from "../../../language/glosses.js";
import { hanRuns, hasHan } from "../../../language/segment.js";
import { synonymsOf } from "../../../language/synonyms.js";
import type { WeightedTerms } from "../../../language/terms.js";
import { capitalizedWords } from "../../../language/tokens.js";
import { tuning } from "../config.js";

/** Stems of the capitalized words of a text that do not begin a sentence: names, as written. */
export function properNamesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const { word, index } of capitalizedWords(text)) {
    const before = text.slice(0, index).trimEnd();
    if (before.length > 0 && !/[.!?。！？:：]$/.test(before)) names.add(stem(word.toLowerCase()));
  }
  return names;
}

/**
 * The vendors the request names: a word it says (not a synonym or a gloss) that is some
 * tool's vendor. A vendor that is also a dictionary word (Teams, Outlook, Box) is named only
 * as a proper noun, capitalized: "so the team sees it" names no product.
 */
export function namedVendors(vendors: ReadonlyMap<string, unknown>, terms: WeightedTerms, request: string): Set<string> {
  const named = new Set<string>();
  let capitalized: Set<string> | undefined;
  for (const [term, weight] of terms) {
    if (hasHan(term)) {
      const vendor = vendorOfHanName(vendors, term);
      if (vendor) named.add(vendor);
      continue;
    }
    if (weight < 1 || !vendors.has(term)) continue;
    if (synonymsOf(term).length > 0) {
      capitalized ??= new Set(capitalizedWords(request).map(({ word }) => stem(word.toLowerCase())));
      if (!capitalized.has(term)) continue;
    }
    named.add(term);
  }
  if (hasHan(request)) vendorsInPinyin(vendors, request, named);
  return named;
}

/**
 * The vendor a Chinese name names: a proper noun by the name its dictionary entry gives
 * first (谷歌 "Google, Internet company…", 钉钉 "DingTalk, …"), the name whole or its first
 * word.
 */
function vendorOfHanName(vendors: ReadonlyMap<string, unknown>, word: string): string | undefined {
  if (isProperNoun(word)) {
    const words = englishWords(glossesOf(word)[0]?.split(",")[0] ?? "");
    return [words.join(""), words[0] ?? ""].map(stem).find((term) => vendors.has(term));
  }
  return undefined;
}

/**
 * Vendors the request writes in Chinese characters by their pinyin (飞书 → Feishu): any two
 * to four characters the dictionary lacks, wherever the segmenter cut them (it cuts an
 * unknown name apart), read as a vendor's name of `tuning.minPinyinVendor` letters or more.
 */
function vendorsInPinyin(vendors: ReadonlyMap<string, unknown>, request: string, named: Set<string>): void {
  for (const run of hanRuns(request)) {
    const characters = [...run];
    for (let start = 0; start < characters.length; start += 1) {
      for (let length = 2; length <= tuning.maxPinyinName && start + length <= characters.length; length += 1) {
        const word = characters.slice(start, start + length).join("");
        const reading = pinyinOf(word);
        // The dictionary is asked last: most readings spell no vendor.
        if (reading && reading.length >= tuning.minPinyinVendor && vendors.has(reading) && !inDictionary(word)) named.add(reading);
      }
    }
  }
}
