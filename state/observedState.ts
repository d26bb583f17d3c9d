/**
 * What the evidence says about the workspace's state (CONTRACT §6: coverage is judged by what
 * was observed, not by which tool was used). Evidence is either an effect (something that may
 * have changed the workspace: a recorded change, a command, an effectful tool's receipt) or an
 * observation (a read, a listing, a search), and a target's state is known only from an
 * observation made after the last effect that may have touched it.
 */
import type { Evidence } from "./types.js";

/** The evidence's place in the run's one sequence (`ev-<n>`). */
export const evidenceNumber = (e: Pick<Evidence, "id">): number => Number(e.id.slice(e.id.lastIndexOf("-") + 1));

/** Real, verified evidence: what a goal may be covered by. */
export const real = (e: Evidence): boolean => e.verified && !e.simulated;

/** What a tool saw, whatever tool: simulated backends never count; a search hit is a line really read. */
export const seen = (e: Evidence): boolean => !e.simulated && (e.verified || e.kind === "search_hit");

export const dirOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");
export const baseOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** True when `path` is `scope` or lies under it (`.` is the whole workspace). */
export const within = (path: string, scope: string): boolean => scope === "." || scope === "" || path === scope || path.startsWith(`${scope}/`);

/** The command a `command` item ran (its first line, `$ …`). */
export const commandLine = (e: Evidence): string => (e.content.split("\n")[0] ?? "").replace(/^\$\s*/, "");

/** The exit status line of a command (`[exit code 0]`), if the command ended. */
export function exitCode(e: Evidence): number | "killed" | null {
  const m = /\[(?:exit code (-?\d+)|killed by \w+)\]/.exec(e.content);
  if (!m) return null;
  return m[1] === undefined ? "killed" : Number(m[1]);
}

const PATH_CHAR = /[\p{L}\p{N}_.\/-]/u;

/** True when `text` names `path` as a path of its own: the whole relative path, or its file name. */
export function mentions(text: string, path: string): boolean {
  const forms = [path, baseOf(path)].filter((f, i, all) => f.length >= 2 && all.indexOf(f) === i);
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      const before = text[at - 1];
      const after = text[at + form.length];
      const beforeOk = before === undefined || before === "/" || !PATH_CHAR.test(before);
      const afterOk = after === undefined || after === "/" || !PATH_CHAR.test(after) || (after === "." && !PATH_CHAR.test(text[at + form.length + 1] ?? " "));
      if (beforeOk && afterOk) return true;
    }
  }
  return false;
}

/**
 * Effects: evidence of something that may have changed the workspace. A recorded change names
 * its target; a command, an MCP tool's receipt or a SubAgent's command does not say what it
 * touched, so only what it names (or, when nothing names the target, any of them) may have.
 */
export const isRecordedChange = (e: Evidence): boolean => e.kind === "write" && !e.simulated;
const isUnknownEffect = (e: Evidence): boolean =>
  !e.simulated && (e.kind === "command" || (e.kind === "receipt" && (!e.domain || e.domain.startsWith("mcp") || e.domain.startsWith("workspace"))));
export const isEffect = (e: Evidence): boolean => isRecordedChange(e) || isUnknownEffect(e);

/** The text an effect of unknown target names its targets in. */
const effectText = (e: Evidence): string => (e.kind === "command" ? commandLine(e) : `${e.source.path ?? ""}\n${e.content}`);

/** The paths a recorded change touched: its target, and a move's source. */
const recordedPaths = (e: Evidence): string[] => [e.source.path, e.from].filter((p): p is string => !!p);

/** A recorded change on `target`: the path itself, something under it, or a directory holding it. */
const recordedOn = (e: Evidence, target: string): boolean => recordedPaths(e).some((p) => p === target || within(p, target) || within(target, p));

/**
 * The effects that may have touched `target`, in order: recorded changes on it, and the
 * commands and receipts that name it; when none of those exists, every effect of unknown
 * target (the change was made by something that did not say where), unless `unnamed` is false.
 */
export function effectsOn(target: string | undefined, evidence: Evidence[], unnamed = true): Evidence[] {
  const effects = evidence.filter(isEffect);
  if (!target) return effects;
  const named = effects.filter((e) => (isRecordedChange(e) ? recordedOn(e, target) : mentions(effectText(e), target)));
  return named.length || !unnamed ? named : effects.filter(isUnknownEffect);
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

/** Text compared for "holds the content": spacing and letter case do not matter. */
const flat = (text: string): string => text.replace(/\s+/g, " ").trim().toLowerCase();

/** Whether an observation of `path` shows `text` in it: true, false, or null when it shows too little to say. */
export function showsText(e: Evidence, path: string, text: string): boolean | null {
  if (e.source.path !== path || !seen(e) || (e.kind !== "content" && e.kind !== "search_hit" && e.kind !== "passage")) return null;
  if (flat(e.content).includes(flat(text))) return true;
  // A whole read that lacks it says no; a hit or a truncated read shows only part of the file.
  return e.kind === "content" && !/…\[truncated\]$/.test(e.content) ? false : null;
}

/** Whether a command that names `path` printed `text`: it shows the state when it ended (true), or cannot say (null). */
export function commandShows(e: Evidence, path: string, text: string): boolean | null {
  if (e.kind !== "command" || e.simulated || exitCode(e) === null || !mentions(commandLine(e), path)) return null;
  const output = e.content.split("\n").slice(1).join("\n");
  return flat(output).includes(flat(text)) ? true : null;
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
      return within(path, e.source.path ?? ".") || within(e.source.path ?? ".", path);
    case "command":
      return exitCode(e) !== null && mentions(commandLine(e), path);
    default:
      return false;
  }
}

/** A command's operands: its words after the program that are not options (quotes stripped). */
const operands = (e: Evidence): string[] =>
  commandLine(e).split(/\s+/).slice(1).map((w) => w.replace(/^['"]|['"]$/g, "")).filter((w) => w && !w.startsWith("-"));

/** A command's output lines as names: "./a/b/" → "a/b". */
const outputNames = (e: Evidence): Set<string> =>
  new Set(e.content.split("\n").slice(1).map((l) => l.trim().replace(/^\.\//, "").replace(/\/$/, "")).filter((l) => l && !/^\[(exit code|killed)/.test(l)));

/**
 * Whether a finished command's output shows `path`, as a listing would (CONTRACT §6: whatever
 * the means): true when a line of its output is the path (or its name, relative to a directory
 * the command names); false when the command names the path's directory (or the path itself)
 * as an operand, exited 0 and printed no such line, or reported the path missing; null otherwise.
 */
export function commandListingShows(e: Evidence, path: string): boolean | null {
  if (e.kind !== "command" || e.simulated || exitCode(e) === null) return null;
  const dir = dirOf(path);
  const ops = operands(e).map((o) => o.replace(/\/$/, ""));
  const namesDir = ops.includes(dir) || ops.includes(path) || (dir === "." && !ops.some((o) => /[\p{L}\p{N}]/u.test(o) && !o.includes("=")));
  const names = outputNames(e);
  if (names.has(path) || (namesDir && (names.has(baseOf(path)) || [...names].some((n) => n === `${dir}/${baseOf(path)}`)))) return true;
  if (mentions(e.content, path) && /no such file or directory|cannot access|not found/i.test(e.content)) return false;
  return namesDir && exitCode(e) === 0 ? false : null;
}

/** Whether `later` observes what `earlier` changed: a finished command naming an operand the earlier effect also names. */
export function observesScopeOf(later: Evidence, earlier: Evidence): boolean {
  if (later.kind !== "command" || later.simulated || exitCode(later) === null) return false;
  const text = earlier.kind === "command" ? commandLine(earlier) : `${earlier.source.path ?? ""}`;
  return operands(later).some((o) => /[\p{L}\p{N}]/u.test(o) && mentions(text, o.replace(/\/$/, "")));
}
