/**
 * The non-file domain a clause is about (mail, calendar, code …), from its words' lexicon senses.
 * Moved out of request.ts (round 12) with two readings that keep a workspace question a workspace
 * question: a domain noun modifying a noun that names something written, and a how-to question.
 */
import { namesWrittenThing } from "./documentNouns.js";
import { isOwnerWord, type WordSense } from "./requestLexicon.js";
import type { Domain } from "./kinds.js";
import { tagWords } from "./segment.js";

/**
 * Chinese words jieba tags as verbs whose noun use names a domain: 会 is "can" as a verb and "a
 * meeting" as a noun. The noun use is the one after a determiner, a numeral with its measure word
 * or 的 ("什么会", "几个会", "下午的会"), by jieba's tags (r, m, q, uj).
 */
const NOUN_USES: Record<string, Domain> = { 会: "calendar" };
const NOUN_BEFORE = new Set(["r", "m", "q", "uj"]);

function nounUse(words: Array<{ text: string }>, i: number): Domain | undefined {
  const domain = NOUN_USES[words[i]!.text];
  const prev = words.slice(0, i).reverse().find((w) => w.text.trim());
  return domain && prev && NOUN_BEFORE.has(tagWords(prev.text)[0]?.tag ?? "") ? domain : undefined;
}

/**
 * The non-file domain a clause is about. A weak noun ("event", "issue") has an everyday sense
 * too, so it names its domain only beside an owner word ("my events", "我们的 issue"). A domain
 * noun modifying a noun that names something written ("read the meeting notes") names a document
 * in the workspace, not the domain. A question how to do something ("how do I build …", "怎么编译")
 * asks for a procedure the workspace holds (a Makefile, a README): what its subject implies (a
 * build's outcome in CI) is not asked.
 */
export function clauseDomain(words: Array<{ text: string; sense: WordSense | undefined }>): Domain | undefined {
  const owned = words.some((w) => isOwnerWord(w.text));
  const first = words.find((w) => w.text.trim())?.text ?? "";
  // So does one asking for the command or the steps to do it ("what's the command to build the docs").
  const procedure = words.some((w) => /^(?:commands?|steps|way|命令|步骤|方法)$/iu.test(w.text)) && words.some((w) => /^(?:what|whats|what's|which|什么|哪个)$/iu.test(w.text));
  const how = /^how$/iu.test(first) || words.some((w) => /^(?:怎么|怎样|如何)$/u.test(w.text)) || procedure;
  const next = (i: number) => words.slice(i + 1).find((n) => n.text.trim())?.text ?? "";
  const notAsked = (i: number) => (how && words[i]!.sense?.kind === "subject") || (words[i]!.sense?.kind === "domain" && namesWrittenThing(next(i)));
  for (const [i, w] of words.entries()) {
    if (nounUse(words, i)) return nounUse(words, i);
    if (!w.sense || !("domain" in w.sense) || !w.sense.domain) continue;
    if ((w.sense.kind === "domain" && w.sense.weak && !owned) || notAsked(i)) continue;
    return w.sense.domain;
  }
  return undefined;
}
