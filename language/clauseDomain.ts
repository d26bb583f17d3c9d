/**
 * The non-file domain a clause is about (mail, calendar, code …), from its words' lexicon senses.
 * Moved out of request.ts (round 12) with two readings that keep a workspace question a workspace
 * question: a domain noun modifying a noun that names something written, and a how-to question.
 */
import { namesWrittenThing } from "./documentNouns.js";
import { isOwnerWord, type WordSense } from "./requestLexicon.js";
import type { Domain } from "./kinds.js";

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
  const how = /^how$/iu.test(first) || words.some((w) => /^(?:怎么|怎样|如何)$/u.test(w.text));
  const next = (i: number) => words.slice(i + 1).find((n) => n.text.trim())?.text ?? "";
  const notAsked = (i: number) => (how && words[i]!.sense?.kind === "subject") || (words[i]!.sense?.kind === "domain" && namesWrittenThing(next(i)));
  for (const [i, w] of words.entries()) {
    if (!w.sense || !("domain" in w.sense) || !w.sense.domain) continue;
    if ((w.sense.kind === "domain" && w.sense.weak && !owned) || notAsked(i)) continue;
    return w.sense.domain;
  }
  return undefined;
}
