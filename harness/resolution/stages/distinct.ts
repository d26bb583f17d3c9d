/** Near-duplicates: which of a stage's hits are copies of a better one (the same evidence, another vendor). */
import { tuning } from "../config.js";
import type { VendorTool } from "../index/postings.js";
import type { Distinct, Eligible, Scored } from "../types.js";

/**
 * The first `depth` eligible names of a ranking, and the copies among the tools of vendors
 * the task does not name. A tool is a copy of a better one that the request matched by the
 * same evidence when only their vendors differ (`outlook_delete_folder`, `box_delete_folder`
 * for "delete the folder": whose folder, the request does not say), or when the words that
 * differ are words the request never said (`gitea_update_commit` beside `gitea_get_commit`
 * for "the recent commits"). Two tools of one vendor for the same capability
 * (`create-event`, `create-events`), or that both do all the request says, stay names.
 * Copies are fused after every name; they still fill the disclosure when names run out.
 * A tool of a vendor the task names, or of no vendor, is always a name; so are the first
 * few operations of the product the request matched first ("anything on my calendar this week?" names
 * Google Calendar, not which of its event tools).
 */
export function distinct(ranked: readonly Scored[], eligible: Eligible, namedVendors: ReadonlySet<string>, vendorTools: ReadonlyMap<string, VendorTool>, depth = tuning.stageDepth): Distinct {
  const names: string[] = [];
  const copies: string[] = [];
  /** Evidence already ranked → the tools that carried it. */
  const seen = new Map<string, { vendor: string; capability: string; whole: boolean }[]>();
  // A flood of copies is not read to its end: the best hits decide what the stage shows.
  const scan = Math.min(ranked.length, depth * tuning.distinctScan);
  const anyNamed = namedVendors.size > 0;
  for (let index = 0; index < scan && names.length < depth; index += 1) {
    const { name, evidence } = ranked[index]!;
    const vendorTool = evidence === undefined ? undefined : vendorTools.get(name);
    if (!vendorTool || evidence === undefined || (anyNamed && vendorTool.tool.vendors.some((vendor) => namedVendors.has(vendor)))) {
      if (eligible(name)) names.push(name);
      continue;
    }
    const { tool, vendor, capability } = vendorTool;
    const key = evidenceKey(evidence);
    let whole = true;
    for (const term of tool.nameTerms) {
      if (evidence.includes(term)) continue;
      whole = false;
      break;
    }
    const before = seen.get(key);
    // The product the request matched first keeps a few of its operations: the request did not say which.
    const firstProduct = before?.[0]!.vendor === vendor && countOf(before, (other) => other.vendor === vendor) < tuning.firstProductOperations;
    const copy = before !== undefined && !firstProduct && before.every((other) => other.vendor !== vendor || (other.capability !== capability && !(other.whole && whole)));
    if (copy) {
      if (copies.length < depth && eligible(name)) copies.push(name);
    } else if (eligible(name)) {
      if (before) before.push({ vendor, capability, whole });
      else seen.set(key, [{ vendor, capability, whole }]);
      names.push(name);
    }
  }
  return { names, copies };
}

/** How many items satisfy `test`. */
function countOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  let count = 0;
  for (const item of items) if (test(item)) count += 1;
  return count;
}

/** The same words of evidence in any order give the same key. */
function evidenceKey(evidence: readonly string[]): string {
  if (evidence.length === 1) return evidence[0]!;
  if (evidence.length === 2) {
    const [a, b] = evidence as [string, string];
    return a <= b ? `${a} ${b}` : `${b} ${a}`;
  }
  return [...evidence].sort().join(" ");
}
