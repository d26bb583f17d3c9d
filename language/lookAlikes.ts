/**
 * Names mixing alphabets in one word (a Cyrillic "о" inside "config.json"): which alphabets they
 * mix, and which workspace files they look like.
 */
const ALPHABETS = ["Latin", "Cyrillic", "Greek", "Armenian", "Georgian"] as const;

/** The alphabets a word mixes, when it mixes any (Han beside Latin is ordinary writing and was cut apart already). */
export function mixedScripts(word: string): string[] | undefined {
  const used = ALPHABETS.filter((a) => new RegExp(`\\p{Script=${a}}`, "u").test(word));
  return used.length > 1 ? [...used] : undefined;
}

/**
 * The files a name mixing alphabets may mean: those of the same length whose every letter of the
 * name's main alphabet stands in place, and a Latin letter where the name has another alphabet's.
 */
export function lookAlikes(written: string, files: Iterable<string>): string[] {
  const chars = [...written];
  const latin = (c: string) => /\p{Script=Latin}/u.test(c);
  const foreign = chars.map((c) => /\p{L}/u.test(c) && !latin(c));
  return [...files].filter((f) => {
    const fc = [...f];
    return fc.length === chars.length && fc.every((c, i) => (foreign[i] ? latin(c) : c === chars[i]));
  });
}

