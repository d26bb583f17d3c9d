/**
 * How an answer reads (CONTRACT §6): what it says could not be done, whether it reports success,
 * a denial, an affirmation, a completed change, the numbers it states. The request reader's words
 * (`requestLexicon.ts`) applied to the model's answer rather than to the user's request.
 */
import { PATH_TOKEN, QUOTED } from "./operands.js";
import { segmentWords } from "./segment.js";
import { deniesNext, isAffirmationWord, isCapability, isCompletionWord, isDenialWord, isFailureWord, isInabilityPhrase, isInabilityWord, isNegation, isNotDoneWord, isProblemWord, isSuccessWord, lookupWord, numberWord } from "./requestLexicon.js";

/** Sentences of a text: cut after sentence punctuation (Latin before a space, so `README.md` stays whole; Chinese anywhere) and line breaks. */
const sentences = (text: string): string[] => text.split(/(?<=[.!?;])\s+|(?<=[。！？；])\s*|\n+/u).map((s) => s.trim()).filter(Boolean);

/**
 * The sentence in which an answer says something could not be done ("I cannot send it: there is
 * no Slack tool", "没有发送邮件的工具，无法发送"), or undefined. Words, not substrings: "can't" is a
 * word, "scan" is not "can".
 */
export function statedInability(answer: string): string | undefined {
  for (const sentence of sentences(answer)) {
    const words = segmentWords(sentence);
    if (words.some((w, i) => isInabilityWord(w) || (i + 1 < words.length && isInabilityPhrase(w, words[i + 1]!)))) return sentence;
    // A negation denying a capability later in the same clause ("我没有发送邮件的工具").
    for (const clause of sentence.split(/[,，、:：]/u)) {
      const cw = segmentWords(clause);
      if (cw.some((w, i) => isNegation(w) && cw.slice(i + 1).some(isCapability))) return sentence;
    }
  }
  return undefined;
}

/** Whether an answer reports success with no word of failure or negation in it ("检查全部通过了", "All checks passed"). */
export function claimsSuccess(answer: string): boolean {
  const words = segmentWords(answer);
  let success = false;
  // A denial consumed by the word it denies: "没问题" and "no errors" report success, "没通过" failure.
  const consumed = new Set<number>();
  words.forEach((w, i) => {
    const denied = i > 0 && deniesNext(words[i - 1]!);
    if (denied && (isSuccessWord(w) || isProblemWord(w))) consumed.add(i - 1);
    if ((isSuccessWord(w) && !denied) || (isProblemWord(w) && denied)) success = true;
  });
  const failure = words.some((w, i) => !consumed.has(i) && !(isProblemWord(w) && i > 0 && consumed.has(i - 1)) && (isFailureWord(w) || isProblemWord(w) || (isSuccessWord(w) && i > 0 && deniesNext(words[i - 1]!))));
  return success && !failure;
}

/** Whether an answer opens with a denial ("No, there is none", "没有，…"). */
export const opensWithDenial = (answer: string): boolean => isDenialWord(segmentWords(answer)[0] ?? "");

/** Whether an answer opens with an affirmation ("Yes, …", "是的，…"). */
export const opensWithAffirmation = (answer: string): boolean => isAffirmationWord(segmentWords(answer)[0] ?? "");

/** Integers an answer states, in digits or words, outside versions, times and names (`3` in "3 TODOs", "three", not in "v1.2" or "a2.txt"). */
export function statedNumbers(answer: string): number[] {
  const digits = [...answer.matchAll(/(?<![\w.:-])\d+(?![\w.:]*\w)/gu)].map((m) => Number(m[0]));
  const words = segmentWords(answer).map(numberWord).filter((n): n is number => n !== undefined);
  return [...digits, ...words];
}

/** Whether `name` stands in `text` as a whole name (`a.txt` in "moved a.txt.", not in "data.txt" or "old-a.txt"). */
export function mentionsName(text: string, name: string): boolean {
  // Latin name characters only: Han text runs into a name without a space ("已删除草稿.txt").
  const inName = (c: string | undefined) => !!c && /[A-Za-z0-9_-]/.test(c);
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (!inName(text[i - 1]) && text[i - 1] !== "/" && text[i - 1] !== "." && !inName(text[i + name.length])) return true;
  }
  return false;
}

/**
 * Whether an answer reports a change's outcome (issue 21: the answer must address the request):
 * it names what changed (one of `names`: the target, its file or folder name, a move's
 * destination) or states the requested state (`states`), and says the change happened — a
 * change verb in any form ("renamed", "删除") or a word of completion ("Done", "已"); a requested
 * state stated beside the name is a report too. A bare report naming no file at all ("Done.")
 * reports the one change asked for. A description of the file, advice, or news
 * of another file is not.
 */
export function reportsChange(answer: string, names: string[], states: string[]): boolean {
  const named = names.some((n) => n && mentionsName(answer, n));
  const stated = states.some((s) => s && answer.toLowerCase().includes(s.toLowerCase()));
  const words = segmentWords(answer);
  const changed = words.some((w) => isCompletionWord(w) || (lookupWord(w)?.kind === "verb" && (lookupWord(w) as { intent: string }).intent === "change"));
  // A bare report ("Done.", "Wrote it") names no file; one that names other files, and not this one, is about them.
  const otherFiles = [...answer.matchAll(PATH_TOKEN)].length > 0;
  return (changed && (named || stated || !otherFiles)) || (named && stated);
}

/** What a request quotes (`## 0.2.0`, "Maintainer: Ada"): an answer may report the new state by it. */
export const requestedLiterals = (request: string): string[] => [...request.matchAll(QUOTED)].map((m) => m[0].slice(1, -1).trim()).filter(Boolean);

/**
 * The sentence in which an answer says plainly that something named was not done ("I have not
 * updated README.md", "tmp/ 还没有删除"): a sentence naming one of `names` with a word of not-doing
 * in it (issue 21, item 4: an explicit "not done" is honest), or undefined.
 */
export function declaredNotDone(answer: string, names: string[]): string | undefined {
  // A denied problem ("没问题", "not an issue") reports success, not something left undone.
  const notDone = (w: string, i: number, ws: string[]) => isNotDoneWord(w) && !isProblemWord(ws[i + 1] ?? "");
  return sentences(answer).find((s) => names.some((n) => n && mentionsName(s, n)) && segmentWords(s).some(notDone));
}
