/**
 * The one way the text tools turn a user pattern into a line test, so `read_extract`
 * and `search_text` agree on what "matches" means.
 */
import { type ToolFailure, fail } from "./paths.js";

export type LineMatcher = { ok: true; test: (line: string) => boolean } | ToolFailure;

/**
 * A literal substring test, or a regular expression when `regex` is set; case-insensitive
 * unless `caseSensitive`. An invalid regular expression is a recoverable `invalid_input`.
 */
export function lineMatcher(pattern: string, options: { regex: boolean; caseSensitive: boolean }): LineMatcher {
  if (options.regex) {
    try {
      const re = new RegExp(pattern, options.caseSensitive ? "" : "i");
      return { ok: true, test: (line) => re.test(line) };
    } catch (err) {
      return fail("invalid_input", `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`);
    }
  }
  if (options.caseSensitive) return { ok: true, test: (line) => line.includes(pattern) };
  const needle = pattern.toLowerCase();
  return { ok: true, test: (line) => line.toLowerCase().includes(needle) };
}
