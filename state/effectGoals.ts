/**
 * Effects the request's reading did not foresee (CONTRACT §6: judged by what was observed).
 * When the frame has no change goal, yet the turn changed files (a recorded change, or a
 * command step of a program that changes what it names: `rm`, `mv`, `sed -i`, `> f` …), each
 * changed path gets a verification goal of its own: an answer after a change is accepted only
 * with an observation of what changed, made after it, whatever the request's words were.
 */
import { readCommand } from "./commandObservations.js";
import { inPlaceFiles, programOf, stepOperands, type Step } from "./commandSteps.js";
import type { ChangeOp, Evidence, Goal } from "./types.js";
import { resolveOperand } from "./workspacePaths.js";

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

/** The changes an effect made that it says where: a recorded change's target, a command's changing steps. */
export function observedChanges(e: Evidence): ObservedChange[] {
  if (e.simulated || !e.verified) return [];
  if (e.kind === "write" && e.source.path) {
    const op = e.op ?? "edit";
    return [op === "move" && e.from ? { op, target: e.from, to: e.source.path } : { op, target: e.source.path }];
  }
  const r = readCommand(e);
  if (!r || r.opaque) return [];
  return r.steps.flatMap((s) => stepChanges(s, r.cwd));
}

/**
 * Verification goals for the changes a turn made when the frame asked for none: one per
 * changed path, the latest change of a path deciding what is asked (a file made then
 * removed is to be seen gone). Goals already in the frame are kept as they are.
 */
export function unforeseenChanges(goals: Goal[], turn: Evidence[]): ObservedChange[] {
  if (goals.some((g) => g.intent === "change" && g.origin !== "effect")) return [];
  const byPath = new Map<string, ObservedChange>();
  for (const e of turn) for (const c of observedChanges(e)) byPath.set(c.target, c);
  return [...byPath.values()];
}
