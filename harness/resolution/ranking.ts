/** Small helpers over scored rankings, shared by the stages. */
import { tuning } from "./config.js";
import type { Eligible, Scored } from "./types.js";

/** Best first; ties go to the shorter (more canonical) name, then alphabetical: never registration order. */
export function sortScored(scored: Scored[]): Scored[] {
  return scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
}

/** The first `depth` eligible names of a ranking. */
export function firstEligible(ranked: readonly Scored[], eligible: Eligible, depth = tuning.stageDepth): string[] {
  const names: string[] = [];
  for (const { name } of ranked) {
    if (names.length >= depth) break;
    if (eligible(name)) names.push(name);
  }
  return names;
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
