/** What a command shows about a path's metadata (mode, owner, times) rather than its content. */
import { printedNames, readCommand, readersAfter, runsFile, stepChanges } from "./commandObservations.js";
import { isEffectStep, programFile, programOf, stepOperands } from "./commandSteps.js";
import { holdsText } from "./textHolds.js";
import { onlyModeSeen, changedSeen } from "./seenChanges.js";
import type { Evidence } from "./types.js";
import { baseOf, dirOf, resolveOperand } from "./workspacePaths.js";

const MODE = new Set(["chmod", "chown", "chgrp"]);
const METADATA = new Set([...MODE, "touch"]);

/** Whether every step of a command that changed `target` changed only its metadata (mode, owner, times; with `modeOnly`, mode or owner). */
export function changesOnlyMetadata(e: Evidence, target: string, modeOnly = false): boolean {
  const r = readCommand(e);
  // Seen: a change of mode alone is one; a target seen unchanged is none. A file's times are
  // not told from its content in the record, so `touch` is left to the words.
  if (r && onlyModeSeen(e, target)) return true;
  if (r && changedSeen(e, target) === false) return false;
  if (!r || r.opaque) return false;
  const changing = r.steps.filter((s) => stepChanges(s, r.cwd, target));
  return changing.length > 0 && changing.every((s) => (modeOnly ? MODE : METADATA).has(programOf(s)) && !s.writes.length);
}

/** An octal mode (`600`, `0755`) as a long listing prints it (`rw-------`); undefined for anything else. */
function symbolicMode(mode: string): string | undefined {
  if (!/^0?[0-7]{3}$/.test(mode)) return undefined;
  return [...mode.slice(-3)].map((d) => ["r", "w", "x"].map((c, bit) => (Number(d) & (4 >> bit) ? c : "-")).join("")).join("");
}

/**
 * Whether a reading step after `from` showed `path`'s metadata: a long listing naming it, `stat`, or a `test` of its mode;
 * with `value` (a requested mode), only output showing that value, as printed or as a listing's permission string.
 */
export function commandShowsMetadata(e: Evidence, path: string, from = -1, value?: string): boolean {
  return readersAfter(e, from).some((reader) => {
    const { step, status, r } = reader;
    // A file executed by its path ran, so it is executable: that shows an executable mode, none other.
    if (programFile(step) === step.argv[0] && runsFile(reader, path)) return value === undefined || /x/.test(value) || /[1357]/.test(value.slice(-3, -2));
    if (isEffectStep(step)) return false;
    if (value !== undefined && !holdsText(r.output, value) && !(symbolicMode(value) && r.output.includes(symbolicMode(value)!))) return false;
    const program = programOf(step);
    const ops = stepOperands(step).map((o) => resolveOperand(r.cwd, o));
    if (program === "stat") return status === 0 && ops.includes(path);
    if (program === "test" || program === "[") return status !== null && ops.includes(path) && step.argv.some((a) => /^-[rwxugk]$/.test(a));
    // A find filtering by mode (`-perm -u+x`) prints only the paths that have it (round 27).
    if (program === "find" && step.argv.includes("-perm")) return status === 0 && r.output.split("\n").some((l) => !!l.trim() && resolveOperand(r.cwd, l.trim()) === path);
    const long = program === "ls" && step.argv.slice(1).some((a) => /^-[A-Za-z]*l/.test(a));
    const names = printedNames(r.output, true);
    return long && (ops.includes(path) || ops.includes(dirOf(path))) && (names.has(baseOf(path)) || [...names].some((n) => resolveOperand(r.cwd, n) === path));
  });
}

/**
 * Whether a step after `from` classified `path` with `file`: its type, encoding and line ends
 * ("with CRLF line terminators" or not) show a conversion's result, which is a form, not text (round 31).
 */
export const commandClassifies = (e: Evidence, path: string, from = -1): boolean =>
  readersAfter(e, from).some(({ step, status, r }) => programOf(step) === "file" && status === 0 && stepOperands(step).some((o) => resolveOperand(r.cwd, o) === path));
