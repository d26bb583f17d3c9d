/**
 * A domain noun that only modifies a noun naming something written ("the meeting notes", "the
 * calendar export record", "the PR description") names a document, not the domain: reading the
 * meeting notes is a read of the workspace, not of a calendar. Whether the head noun is written is
 * read from its WordNet definition (`definitions.ts`: "notes" is "a brief written record").
 */
import { definitionOf } from "./definitions.js";

/** Words of a definition that make the noun a thing written. */
const WRITTEN = new Set(["written", "document", "documents", "record", "writing", "text", "transcript"]);

/** Whether an English noun names something written, by its first sense's definition. */
export function namesWrittenThing(word: string): boolean {
  if (!/^[A-Za-z]+$/.test(word)) return false;
  return definitionOf(word.toLowerCase()).some((w) => WRITTEN.has(w));
}
