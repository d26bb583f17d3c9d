/** Reciprocal rank fusion of the stages' rankings. */
import { tuning } from "./config.js";
import { sortScored } from "./ranking.js";
import type { FusedHit, StageRanking } from "./types.js";

/**
 * Reciprocal rank fusion: each stage adds 1 / (tuning.rrfK + rank) for every tool it ranks. A hit
 * is labelled with the stage that ranked it best (the earlier stage on a tie). The stages'
 * copies (`StageRanking.copies`) are fused the same way among themselves and follow every name.
 */
export function fuse(rankings: readonly StageRanking[], limit: number): FusedHit[] {
  const names = fuseNames(rankings, limit);
  if (names.length >= limit || !rankings.some((ranking) => ranking.copies?.length)) return names;
  const present = new Set(names.map((hit) => hit.name));
  const copies = fuseNames(rankings.map((ranking) => ({ stage: ranking.stage, names: ranking.copies ?? [] })), limit).filter((hit) => !present.has(hit.name));
  return [...names, ...copies].slice(0, limit);
}

function fuseNames(rankings: readonly StageRanking[], limit: number): FusedHit[] {
  const fused = new Map<string, { score: number; stage: StageRanking["stage"]; best: number }>();
  for (const { stage: rankingStage, names, stages } of rankings) {
    names.forEach((name, rank) => {
      const entry = fused.get(name);
      const share = 1 / (tuning.rrfK + rank + 1);
      const stage = stages?.[rank] ?? rankingStage;
      if (!entry) fused.set(name, { score: share, stage, best: rank });
      else {
        entry.score += share;
        if (rank < entry.best) Object.assign(entry, { stage, best: rank });
      }
    });
  }
  return sortScored([...fused].map(([name, { score }]) => ({ name, score })))
    .slice(0, limit)
    .map(({ name, score }) => ({ name, score, stage: fused.get(name)!.stage }));
}
