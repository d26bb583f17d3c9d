/** Whether observed text holds a wanted text, as a reader sees it: spacing, separators and (mostly) case aside, whole words only. */
// Spacing beside a separator is formatting ("Priya Raman, priya@x" is the row "Priya Raman,priya@x").
const flatCased = (text: string): string => text.replace(/\s+/g, " ").replace(/ ?([,;]) ?/g, "$1").trim();
export const flat = (text: string): string => flatCased(text).toLowerCase();

/** A letter or digit that joins its neighbours into one word; Han text has no word spaces, so a Han character edges nothing. */
const WORD = /(?!\p{Script=Han})[\p{L}\p{N}_]/u;
/**
 * Whether `text` holds `wanted` (spacing aside, and letter case unless `wanted` is a camel-case name) as a whole: an edge of `wanted`
 * that is a letter or a digit may not run on into more of them (`30` is not in `300`).
 */
export function holdsText(text: string, wanted: string): boolean {
  // A camel-case name is matched in its case: `oldname` is another name than `OldName` (round 28).
  const cased = /\p{Ll}\p{Lu}/u.test(wanted);
  const hay = cased ? flatCased(text) : flat(text);
  const needle = cased ? flatCased(wanted) : flat(wanted);
  if (!needle) return true;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    const before = WORD.test(needle[0]!) && WORD.test(hay[at - 1] ?? " ");
    const after = WORD.test(needle.at(-1)!) && WORD.test(hay[at + needle.length] ?? " ");
    if (!before && !after) return true;
  }
  return false;
}
