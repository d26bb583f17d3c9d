/**
 * What the evidence says about the workspace's state (CONTRACT §6: coverage is judged by what
 * was observed, not by which tool was used). Evidence is either an effect (something that may
 * have changed the workspace: a recorded change, a command, an effectful tool's receipt) or an
 * observation (a read, a listing, a search), and a target's state is known only from an
 * observation made after the last effect that may have touched it.
 */
import { commandLine, commandNames, exitCode, isCode, isCommandEffect, lastChangingStep, lsPrintedPaths, observedOperands, readCommand, testedFolder } from "./commandObservations.js";
import { holdsText } from "./textHolds.js";
import { observedChanges } from "./effectGoals.js";
import { changedSeen, seenChanges } from "./seenChanges.js";
import type { Evidence } from "./types.js";
import { baseOf, mentions, resolveOperand, within } from "./workspacePaths.js";

export { commandLine, exitCode } from "./commandObservations.js";
export { baseOf, dirOf, mentions, within } from "./workspacePaths.js";

/** The evidence's place in the run's one sequence (`ev-<n>`). */
export const evidenceNumber = (e: Pick<Evidence, "id">): number => Number(e.id.slice(e.id.lastIndexOf("-") + 1));

/** Real, verified evidence: what a goal may be covered by. */
export const real = (e: Evidence): boolean => e.verified && !e.simulated;

/** What a tool saw, whatever tool: simulated backends never count; a search hit is a line really read. */
export const seen = (e: Evidence): boolean => !e.simulated && (e.verified || e.kind === "search_hit");

/**
 * Effects: evidence of something that may have changed the workspace. A recorded change names
 * its target; a command changed what it was seen to change (seenChanges.ts) or, where that is
 * not on record, what its changing steps name (a command that only reads is no effect); an MCP
 * tool's receipt does not say what it touched, so only what it names (or, when nothing names
 * the target, any of them) may have.
 */
export const isRecordedChange = (e: Evidence): boolean => e.kind === "write" && !e.simulated;
/** A command whose changes were seen (seenChanges.ts) says where it acted, as a recorded change does. */
const isSeenEffect = (e: Evidence): boolean => !!seenChanges(e)?.length;
const isUnknownEffect = (e: Evidence): boolean =>
  !e.simulated && ((e.kind === "command" && !isSeenEffect(e) && isCommandEffect(e)) || (e.kind === "receipt" && (!e.domain || e.domain.startsWith("mcp") || e.domain.startsWith("workspace"))));
export const isEffect = (e: Evidence): boolean => isRecordedChange(e) || isSeenEffect(e) || isUnknownEffect(e);

/** The paths a recorded change touched: its target, and a move's source. */
const recordedPaths = (e: Evidence): string[] => [e.source.path, e.from].filter((p): p is string => !!p);

/** A recorded change on `target`: the path itself, something under it, or a directory holding it. */
const recordedOn = (e: Evidence, target: string): boolean => recordedPaths(e).some((p) => p === target || within(p, target) || within(target, p));

/** Whether an effect names `target` as something it may have changed. */
const effectOn = (e: Evidence, target: string): boolean =>
  isRecordedChange(e) ? recordedOn(e, target) : e.kind === "command" ? lastChangingStep(e, target) >= 0 : mentions(`${e.source.path ?? ""}\n${e.content}`, target);

/**
 * The effects that may have touched `target`, in order: recorded changes on it, and the
 * commands and receipts that name it; when none of those exists, every effect of unknown
 * target (the change was made by something that did not say where), unless `unnamed` is false.
 */
export function effectsOn(target: string | undefined, evidence: Evidence[], unnamed = true): Evidence[] {
  const effects = evidence.filter(isEffect);
  if (!target) return effects;
  const named = effects.filter((e) => effectOn(e, target));
  return named.length || !unnamed ? named : effects.filter(isUnknownEffect);
}

/** The files an effect edited: a recorded edit's path (a write is recorded unverified, so it is read as recorded), a command's edits. */
const editedPaths = (e: Evidence): string[] =>
  isRecordedChange(e) ? ((e.op ?? "edit") === "edit" && e.source.path ? [e.source.path] : []) : observedChanges(e).flatMap((c) => (c.op === "edit" ? [c.target] : []));

/** Whether an observation is of something an effect named (a change with no named target is observed there). */
export function observesWhatChanged(observation: Evidence, effect: Evidence): boolean {
  const named = (path: string) =>
    isRecordedChange(effect) ? recordedOn(effect, path) : effect.kind === "command" ? commandNames(effect, path) || changedSeen(effect, path) === true : mentions(effect.content, path);
  // A test run that passed after an edit of code under its folder observes what the code now does (round 12): only an edit of code, not a delete or a move.
  const tested = observation.kind === "command" ? testedFolder(observation) : undefined;
  if (tested !== undefined && editedPaths(effect).some((path) => isCode(path) && within(path, tested))) return true;
  if (observation.kind === "command") return observedOperands(observation).some(named);
  // A listing of a folder holding what the effect named, deep enough to print it, observes it too (`ls -R .` after `mv … logs/`).
  return (!!observation.source.path && named(observation.source.path)) || (observation.kind === "listing" && printedPaths(observation).some(named));
}

/** An effect that succeeded: a recorded change, a receipt, or a command that exited 0. */
export const succeeded = (e: Evidence): boolean => e.kind !== "command" || exitCode(e) === 0;

/** Entries of a `read_list` listing as paths relative to the listed directory ("a.md", "src/", "src/x.ts"). */
export function listedPaths(listing: string): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of listing.split("\n")) {
    if (!line.trim() || line.trim() === "(empty directory)") continue;
    const depth = Math.floor((line.length - line.trimStart().length) / 2);
    const name = line.trim().replace(/\s+\(\d+ bytes\)$/, "").replace(/@ \(.*\)$/, "").replace(/\/$/, "");
    stack.length = depth;
    stack.push(name);
    out.add(stack.join("/"));
  }
  return out;
}

/**
 * Whether a listing of a folder above `path` shows all that `path` holds: a file of 0 bytes (its
 * content, seen to be none: a truncated file), or a folder whose entries it lists beneath it (a
 * listing deep enough to enter it shows what the folder holds, as a listing of the folder itself does).
 */
export function listingShowsEmpty(e: Evidence, path: string): boolean {
  if (e.kind !== "listing" || !real(e)) return false;
  const dir = e.source.path ?? ".";
  if (!within(path, dir) || path === dir) return false;
  const rel = dir === "." ? path : path.slice(dir.length + 1);
  if ([...listedPaths(e.content)].some((p) => p.startsWith(`${rel}/`))) return true;
  const stack: string[] = [];
  for (const line of e.content.split("\n")) {
    if (!line.trim()) continue;
    const depth = Math.floor((line.length - line.trimStart().length) / 2);
    stack.length = depth;
    const m = /^(.*?)\s+\((\d+) bytes\)$/.exec(line.trim());
    stack.push((m?.[1] ?? line.trim()).replace(/\/$/, ""));
    if (m && m[2] === "0" && stack.join("/") === rel) return true;
  }
  return false;
}

/** Whether a listing shows everything under its folder: every folder it lists has entries listed under it (a depth limit leaves one bare). */
export function listingComplete(e: Evidence): boolean {
  if (e.kind !== "listing" || !real(e) || /truncated/.test(e.content)) return false;
  const indent = (line: string | undefined) => (line === undefined ? -1 : line.length - line.trimStart().length);
  const lines = e.content.split("\n").filter((l) => l.trim());
  return lines.every((line, i) => !line.trimEnd().endsWith("/") || indent(lines[i + 1]) > indent(line));
}

/** Whether a listing shows `path`: true, false, or null when the listing cannot say (not its directory, cut short). */
export function listingShows(e: Evidence, path: string): boolean | null {
  if (e.kind !== "listing" || !real(e)) return null;
  const dir = e.source.path ?? ".";
  if (!within(path, dir) || path === dir) return null;
  const rel = dir === "." ? path : path.slice(dir.length + 1);
  const entries = listedPaths(e.content);
  if (entries.has(rel)) return true;
  // A nested path is shown absent only when its parent is listed and the listing went that deep.
  const parent = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
  if (parent && ![...entries].some((p) => p.startsWith(`${parent}/`))) return null;
  return /…\[truncated\]|\(truncated/.test(e.content) ? null : false;
}

/** Whether an observation of `path` shows `text` in it: true, false, or null when it shows too little to say. */
export function showsText(e: Evidence, path: string, text: string): boolean | null {
  if (e.source.path !== path || !seen(e) || (e.kind !== "content" && e.kind !== "search_hit" && e.kind !== "passage")) return null;
  if (holdsText(e.content, text)) return true;
  // A whole read that lacks it says no; a hit or a truncated read shows only part of the file.
  return e.kind === "content" && !/…\[truncated\]$/.test(e.content) ? false : null;
}

/** Evidence that comes from `path` itself: its content, its lines, a listing of it, a search over it, a command naming it. */
export function fromTarget(e: Evidence, path: string): boolean {
  if (!seen(e)) return false;
  switch (e.kind) {
    case "content":
    case "passage":
    case "search_hit":
    case "listing":
      return e.source.path === path || (e.kind === "search_hit" && within(e.source.path ?? "", path));
    case "absence":
      // A search over a narrower scope than the named one says nothing of the rest (tuning set 5).
      return within(path, e.source.path ?? ".");
    case "command":
      // Its words as the shell reads them, or (as before) its line mentioning the file's name: the
      // reader still makes spurious read goals of names inside described content, which only the
      // looser match covers (tuning sets 1 and 2).
      // The line's mention never stands for the file when the command read a same-named file elsewhere (`cat web/package.json`, tuning set 5).
      return exitCode(e) !== null && (commandNames(e, path) || (mentions(commandLine(e), path) && !observedOperands(e).some((o) => o !== path && baseOf(o) === baseOf(path))));
    default:
      return false;
  }
}

/** The workspace paths an observation printed: a listing's entries, a finished command's output lines read as paths. */
export function printedPaths(e: Evidence): string[] {
  if (e.kind === "listing" && real(e)) return [...listedPaths(e.content)].map((p) => resolveOperand(e.source.path ?? ".", p));
  const listed = lsPrintedPaths(e);
  if (listed) return listed;
  const r = readCommand(e);
  if (!r?.finished || r.opaque) return [];
  return r.output.split("\n").map((l) => l.trim()).filter((l) => l && !/\s/.test(l)).map((l) => resolveOperand(r.cwd, l));
}
