/**
 * Effects the request's reading did not foresee (CONTRACT §6: judged by what was observed).
 * When the frame has no change goal, yet the turn changed files (a recorded change, or a
 * command step of a program that changes what it names: `rm`, `mv`, `sed -i`, `> f` …), each
 * changed path gets a verification goal of its own: an answer after a change is accepted only
 * with an observation of what changed, made after it, whatever the request's words were.
 */
import { readCommand } from "./commandObservations.js";
import { inPlaceFiles, programOf, stepOperands, type Step } from "./commandSteps.js";
import { inRunCache, seenChanges } from "./seenChanges.js";
import type { ChangeOp, Evidence, Goal, PathChange } from "./types.js";
import { dirOf, related, resolveOperand } from "./workspacePaths.js";

/** What a change to one path asks to be observed: its op, and for a move where it went. */
export interface ObservedChange {
  op: ChangeOp;
  target: string;
  to?: string;
  existence?: boolean;
}

/** Programs known to change exactly what they name, by the change they make. */
const CHANGERS: Record<string, ChangeOp | "existence"> = {
  rm: "delete",
  rmdir: "delete",
  unlink: "delete",
  mv: "move",
  mkdir: "existence",
  touch: "existence",
  cp: "existence",
  ln: "existence",
  install: "existence",
  chmod: "edit",
  chown: "edit",
  chgrp: "edit",
  truncate: "edit",
  sed: "edit",
  tee: "edit",
};

/** The changes one command step makes, by its program and its redirections. */
function stepChanges(step: Step, cwd: string): ObservedChange[] {
  const at = (o: string) => resolveOperand(cwd, o);
  const written = step.writes.map((w): ObservedChange => ({ op: "edit", target: at(w) }));
  const edited = inPlaceFiles(step);
  if (edited.length) return [...written, ...edited.map((o): ObservedChange => ({ op: "edit", target: at(o) }))];
  const kind = CHANGERS[programOf(step)];
  const args = step.argv.slice(1);
  if (!kind || (programOf(step) === "sed" && !args.some((a) => /^-[A-Za-z]*i|^--in-place/.test(a)))) return written;
  let ops = stepOperands(step);
  // sed's first operand is its script, unless given with -e; chmod's is the mode; a copy changes only its destination.
  if (programOf(step) === "sed" && !args.includes("-e")) ops = ops.slice(1);
  if (["chmod", "chown", "chgrp"].includes(programOf(step))) ops = ops.slice(1);
  if (programOf(step) === "truncate") ops = ops.filter((o) => !/^\d/.test(o));
  if (kind === "move") return ops.length === 2 ? [...written, { op: "move", target: at(ops[0]!), to: at(ops[1]!) }] : written;
  if (["cp", "ln", "install"].includes(programOf(step))) ops = ops.slice(-1);
  return [...written, ...ops.map((o): ObservedChange => (kind === "existence" ? { op: "write", target: at(o), existence: true } : { op: kind, target: at(o) }))];
}

/**
 * The changes an effect made that it says where: a recorded change's target; a command's
 * changing steps, and what it was seen to change beyond them (seenChanges.ts).
 */
export function observedChanges(e: Evidence): ObservedChange[] {
  if (e.simulated || !e.verified) return [];
  if (e.kind === "write" && e.source.path) {
    const op = e.op ?? "edit";
    return [op === "move" && e.from ? { op, target: e.from, to: e.source.path } : { op, target: e.source.path }];
  }
  const r = readCommand(e);
  if (!r) return [];
  const seen = seenChanges(e);
  // A shell pattern (`scripts/*.sh`) names no path of its own: where the changes were seen, they say what it matched (round 31).
  const read = r.opaque ? [] : r.steps.flatMap((s) => stepChanges(s, r.cwd)).filter((c) => !seen || !/[*?[]/u.test(c.target));
  if (!seen) return read;
  // Where the changes were seen, what the words did not say is added (a folder made once, not
  // each thing made inside it). What the words say and was not seen is kept: an answer after a
  // command that failed to change what it names is still checked against an observation of it.
  const said = (p: string) => read.some((c) => related(c.target, p) || (c.to !== undefined && related(c.to, p)));
  const made = new Set(seen.filter((c) => c.change === "created").map((c) => c.path));
  const unsaid = seen.filter((c) => !said(c.path) && !(c.change === "created" && made.has(dirOf(c.path))));
  return [...read, ...unsaid.map(asObserved)];
}

/** A seen change as what it asks to be observed. */
function asObserved(c: PathChange): ObservedChange {
  if (c.change === "created") return { op: "write", target: c.path, existence: true };
  if (c.change === "deleted") return { op: "delete", target: c.path };
  if (c.change === "moved") return { op: "move", target: c.from!, to: c.path };
  return { op: "edit", target: c.path };
}

/**
 * Verification goals for the changes a turn made when the frame asked for none: one per
 * changed path, the latest change of a path deciding what is asked (a file made then
 * removed is to be seen gone). Goals already in the frame are kept as they are.
 */
export function unforeseenChanges(goals: Goal[], turn: Evidence[]): ObservedChange[] {
  if (goals.some((g) => g.intent === "change" && g.origin !== "effect")) return [];
  const byPath = new Map<string, ObservedChange>();
  for (const e of turn) for (const c of observedChanges(e)) if (!isByproduct(c.target)) byPath.set(c.target, c);
  return [...byPath.values()];
}

/**
 * A cache the run of a program wrote is a byproduct, not a change anyone asked to see: checking a
 * file's syntax is not an edit of its folder; nor is git's own store (`git init`, `git mv` write
 * `.git`). Only what the request's words asked about it, if anything, is judged.
 */
const isByproduct = (path: string): boolean => inRunCache(path) || path.split("/").includes(".git");
