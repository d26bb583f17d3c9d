/**
 * The loadout (CONTRACT §1 `loadout` channel): names disclosed to one agent, least recently
 * used first, bounded. Pure functions returning a new array, so the graph's reducer stays
 * "last value wins" and the loadout survives turns, approvals and restarts with the checkpoint.
 */

export const DEFAULT_LOADOUT_CAP = 12;

/** Adds (or refreshes) `names` as most recently used, then evicts from the front down to `cap`. */
export function discloseInto(loadout: readonly string[], names: readonly string[], cap: number): string[] {
  const fresh = [...new Set(names)];
  const kept = loadout.filter((name) => !fresh.includes(name));
  const next = [...kept, ...fresh];
  return next.slice(Math.max(0, next.length - Math.max(1, cap)));
}

/** Marks one disclosed name as just used; a name not in the loadout leaves it unchanged. */
export function touchIn(loadout: readonly string[], name: string): string[] {
  if (!loadout.includes(name)) return [...loadout];
  return [...loadout.filter((entry) => entry !== name), name];
}
