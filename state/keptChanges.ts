/**
 * A change to a path the request asked to leave as it is (TaskFrame.kept, round 30): "Replace foo
 * with bar in src/ only — tests/ must keep foo" and a `find . -exec sed` that edited tests/ too;
 * "keep the rest" and an `rm -r` of the whole folder. What the run changed is what it recorded.
 */
import { observedChanges } from "./effectGoals.js";
import { inTurn } from "./turnEvidence.js";
import type { Evidence, TaskFrame } from "./types.js";
import { related } from "./workspacePaths.js";

/** The first change this turn made to a kept path (or to a folder holding one), said in one line; undefined when none. */
export function keptChanged(frame: TaskFrame, evidence: Evidence[]): string | undefined {
  if (!frame.kept?.length) return undefined;
  for (const e of inTurn(frame, evidence)) {
    for (const c of observedChanges(e)) {
      const kept = frame.kept.find((k) => related(c.target, k));
      if (kept) return `the request asked to leave ${kept} as it was, but [${e.id}] changed ${c.target}`;
    }
  }
  return undefined;
}
