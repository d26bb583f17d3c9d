/**
 * Append-mostly channels (evidence, trace, approvals, observations, messages) change at
 * almost every step but only at their ends: a windowed reducer appends a few items and drops
 * as many from the front. Storing each new version whole rewrites the window every time;
 * storing it as "the version before, minus `drop` items at the front, plus `add`" writes only
 * what changed. A full snapshot every `SNAPSHOT_EVERY` versions bounds how many blobs a load
 * reads.
 *
 * Items are compared by reference: LangGraph reducers keep the retained items' identity
 * (`concat`/`slice`), and state values are never mutated in place in this project.
 */

/** Versions stored as deltas between two full snapshots of a channel. */
export const SNAPSHOT_EVERY = 24;

/** How a delta blob names its base and its change. */
export interface ArrayDelta {
  base: string;
  drop: number;
  add: unknown[];
}

/**
 * The change from `prev` to `next`, or null when `next` does not continue `prev` (then the
 * caller stores a snapshot): `next` must be `prev` without its first `drop` items, plus more.
 */
export function diffArrays(prev: readonly unknown[], next: readonly unknown[]): { drop: number; add: unknown[] } | null {
  if (next.length === 0) return prev.length === 0 ? { drop: 0, add: [] } : null;
  const drop = prev.indexOf(next[0]);
  if (drop === -1) return null;
  const kept = prev.length - drop;
  if (next.length < kept) return null;
  for (let i = 1; i < kept; i++) if (next[i] !== prev[drop + i]) return null;
  return { drop, add: next.slice(kept) };
}

/** `base` without its first `drop` items, plus `add`. */
export const applyDelta = (base: readonly unknown[], delta: Pick<ArrayDelta, "drop" | "add">): unknown[] => base.slice(delta.drop).concat(delta.add);
