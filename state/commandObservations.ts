/**
 * What a finished command shows about a workspace path (CONTRACT §6: whatever the means). A
 * command's reading steps that ran after its last step changing a path observe that path:
 * `test -e x` exiting 0 shows x exists, exiting 1 shows it absent; `ls dir` printing a name
 * shows it present, and not printing it (exit 0) shows it gone; `cat f`, `grep p f`,
 * `node -e "…read f…"` show f's lines; `grep -c p f` printing 1 or more shows a line with p is
 * there. A step whose status the trace does not show says nothing about existence.
 */
import { commandSteps, gitSubcommand, grepParts, inlineCode, inPlaceFiles, isEffectStep, listsArchive, printsToOutput, programFile, programOf, runsTests, scriptRun, showsWhatItWrote, stepOperands, stepStatuses, type Step } from "./commandSteps.js";
import { changedAnything, changedSeen, seenChanges } from "./seenChanges.js";
import { flat, holdsText } from "./textHolds.js";
import type { Evidence } from "./types.js";
import { baseOf, dirOf, mentions, related, resolveOperand, within } from "./workspacePaths.js";

/** The command a `command` item ran (its first line, `$ …`). */
export const commandLine = (e: Evidence): string => (e.content.split("\n")[0] ?? "").replace(/^\$\s*/, "");

/** The exit status line of a command (`[exit code 0]`), if the command ended. */
export function exitCode(e: Evidence): number | "killed" | null {
  const m = /\[(?:exit code (-?\d+)|killed by \w+)\]/.exec(e.content);
  if (!m) return null;
  return m[1] === undefined ? "killed" : Number(m[1]);
}

/** A real command read into its steps, with each step's status where the trace shows it. */
export interface CommandReading {
  steps: Step[];
  statuses: Array<number | null>;
  /** The directory it ran in (operands are relative to it). */
  cwd: string;
  /** What it printed, without the command line and the status line. */
  output: string;
  /** Shell syntax not followed: one effect on what it names, observing nothing. */
  opaque: boolean;
  finished: boolean;
}

export function readCommand(e: Evidence): CommandReading | null {
  if (e.kind !== "command" || e.simulated) return null;
  const exit = exitCode(e);
  const output = e.content.split("\n").slice(1).filter((l) => !/^\[(exit code|killed)/.test(l)).join("\n");
  const { steps, opaque } = commandSteps(commandLine(e));
  return { steps, statuses: stepStatuses(steps, typeof exit === "number" ? exit : null, output), cwd: e.source.path ?? ".", output, opaque, finished: exit !== null };
}

const SEARCHERS = new Set(["find", "grep", "egrep", "fgrep", "rg", "fd", "ag", "ack"]);

/** A search command that finished and printed nothing (`find services -name Dockerfile`): it found none. */
export function printsNoMatch(e: Evidence): boolean {
  const r = readCommand(e);
  return !!r && r.finished && !r.opaque && r.steps.length > 0 && r.steps.every((s) => SEARCHERS.has(programOf(s))) && !r.output.trim();
}

/** Flags after which grep's output is no match: counts, the files without one, the lines not matching. */
const NOT_MATCHES = /^-(?:[A-Za-z]*[cLv][A-Za-z]*|-count|-files-without-match|-invert-match)$/;

/** A grep that finished with a match (exit 0) and printed its matching lines (`grep -rn sudo scripts`): it found some. */
export function printsMatch(e: Evidence): boolean {
  const r = readCommand(e);
  const greps = r?.steps.filter((s) => SEARCHERS.has(programOf(s)) && programOf(s) !== "find" && programOf(s) !== "fd") ?? [];
  return !!r && r.finished && !r.opaque && exitCode(e) === 0 && r.steps.length === greps.length && greps.length > 0 && !greps.some((s) => s.argv.some((a) => NOT_MATCHES.test(a))) && !!r.output.trim();
}

/** A grep that looks through folders (`grep -r`, `rg`). */
const isRecursiveGrep = (step: Step): boolean => programOf(step) === "rg" || step.argv.some((a) => /^-[A-Za-z]*[rR]/.test(a) || a === "--recursive");

/**
 * A recursive grep over a folder (or one holding it) for a part of `text`, finished: its printed
 * lines, among which any line still holding `text` would be (`grep -rn example.org web` after
 * replacing https://cdn1.example.org there, round 27). Undefined when it is no such look.
 */
export function recursiveGrepLines(e: Evidence, scope: string, text: string): string | undefined {
  const r = readCommand(e);
  const step = r?.steps[0];
  if (!r?.finished || r.opaque || r.steps.length !== 1 || !step || !GREPS.has(programOf(step))) return undefined;
  const { pattern, files, count } = grepParts(step);
  if (!pattern || count || !isRecursiveGrep(step) || step.argv.some((a) => NOT_MATCHES.test(a) || /^-[A-Za-z]*l/.test(a))) return undefined;
  const part = pattern.replace(/\\\./g, ".");
  const ignoreCase = step.argv.some((a) => /^-[A-Za-z]*i/.test(a));
  if (!(ignoreCase ? text.toLowerCase().includes(part.toLowerCase()) : text.includes(part))) return undefined;
  return (files.length ? files : ["."]).some((f) => within(scope, resolveOperand(r.cwd, f))) ? r.output : undefined;
}

/** A command that may have changed the workspace: one it cannot follow, or one with a changing step. */
export const isCommandEffect = (e: Evidence): boolean => {
  const r = readCommand(e);
  // What it was seen to change decides; its words only where that is not on record.
  const seen = r ? changedAnything(e, commandLine(e)) : null;
  if (seen !== null) return seen;
  return !!r && (r.opaque || r.steps.some(isEffectStep));
};

const COPIERS = new Set(["cp", "ln", "install", "rsync"]);

/** Whether one step may have changed `target`: a file it writes, or (a program that is not a reader) what it names. */
export function stepChanges(step: Step, cwd: string, target: string): boolean {
  if (!isEffectStep(step)) return false;
  if (step.writes.some((w) => related(resolveOperand(cwd, w), target))) return true;
  const code = inlineCode(step);
  const edited = inPlaceFiles(step);
  if (edited.length) return edited.some((o) => related(resolveOperand(cwd, o), target));
  if (code !== undefined) return mentions(code, target);
  // The script an interpreter runs is read; what the script does names nothing here.
  const script = scriptRun(step);
  if (script !== undefined && resolveOperand(cwd, script) === target) return false;
  // A reader whose output is redirected changes only the file it writes (`printf 'x' > f`).
  if (step.writes.length && !isEffectStep({ ...step, writes: [] })) return false;
  // A copy or a link reads its sources and changes only its destination.
  const operands = COPIERS.has(programOf(step)) ? stepOperands(step).slice(-1) : stepOperands(step);
  return operands.some((o) => related(resolveOperand(cwd, o), target) || mentions(o, target));
}

/**
 * The index of the last step of a command that may have changed `target` (any path when none
 * is given; -1: none); for a command the reader cannot follow, past its last step.
 */
export function lastChangingStep(e: Evidence, target?: string): number {
  const r = readCommand(e);
  if (!r) return -1;
  const seen = target === undefined ? changedAnything(e, commandLine(e)) : changedSeen(e, target);
  if (seen === false) return -1;
  const read = r.opaque
    ? target === undefined || mentions(commandLine(e), target) ? r.steps.length : -1
    : r.steps.reduce((last, s, i) => ((target === undefined ? isEffectStep(s) : stepChanges(s, r.cwd, target)) ? i : last), -1);
  if (read >= 0 || !seen) return read;
  // Seen changed, though no step's words say so: at its last step that may change anything, or past its end.
  const last = r.opaque ? -1 : r.steps.reduce((at, s, i) => (isEffectStep(s) ? i : at), -1);
  return last >= 0 ? last : r.steps.length;
}

/**
 * Whether a command's `mv from dest` step shows it succeeded (status 0): the move is then on
 * record, as a recorded move is: `from` no longer exists, since `mv` removes what it moves.
 */
export function commandMoved(e: Evidence, from: string, to: string): boolean {
  const r = readCommand(e);
  if (r && seenChanges(e)?.some((c) => c.change === "moved" && c.from === from && c.path === to)) return true;
  if (!r || r.opaque) return false;
  return r.steps.some((step, i) => {
    const ops = stepOperands(step).map((o) => resolveOperand(r.cwd, o));
    if (programOf(step) !== "mv" || r.statuses[i] !== 0 || ops.length !== 2 || ops[0] !== from) return false;
    return ops[1] === to || (ops[1] === dirOf(to) && baseOf(to) === baseOf(from));
  });
}

/**
 * Whether a `find` step reaches `path`: its root holds the path within `-maxdepth`, and the path
 * matches `-name` or is a folder something it finds may lie in; or the path holds the root; or
 * the command `-exec` runs names it (`done/` in `-exec mv {} done/ \;`).
 */
function findReaches(step: Step, cwd: string, path: string): boolean {
  const args = step.argv.slice(1);
  const root = resolveOperand(cwd, stepOperands(step)[0] ?? ".");
  const exec = args.findIndex((a) => /^-(exec|execdir|ok|okdir)$/.test(a));
  const execWords = exec >= 0 ? args.slice(exec + 2).filter((a) => !["{}", "+", ";"].includes(a) && !a.startsWith("-")) : [];
  if (execWords.some((w) => related(resolveOperand(cwd, w), path))) return true;
  if (within(root, path)) return true;
  if (!within(path, root)) return false;
  const depth = path.split("/").length - (root === "." ? 0 : root.split("/").length);
  const maxDepth = args.includes("-maxdepth") ? Number(args[args.indexOf("-maxdepth") + 1]) : Infinity;
  const name = args.includes("-name") ? args[args.indexOf("-name") + 1] : undefined;
  return depth <= maxDepth && (name === undefined || globMatches(name, baseOf(path)) || depth + 1 <= maxDepth);
}

/** A shell glob (`src/*.js`) as a test of a whole workspace path. */
const globTest = (glob: string): RegExp => new RegExp(`^${glob.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")}$`);

/**
 * Whether a command names `path`, its words read as the shell reads them (not as text): an
 * operand or a written file that is the path, holds it or lies under it, a glob matching it, or
 * inline code naming it. A command the reader cannot follow names whatever its line mentions.
 */
export function commandNames(e: Evidence, path: string): boolean {
  const r = readCommand(e);
  if (!r) return false;
  if (r.opaque) return mentions(commandLine(e), path);
  return r.steps.some((step) => {
    const code = inlineCode(step);
    if (code !== undefined && mentions(code, path)) return true;
    if (programOf(step) === "find") return findReaches(step, r.cwd, path);
    // What echo or printf prints is text, not a path it looks at.
    const operands = ["echo", "printf"].includes(programOf(step)) ? [] : stepOperands(step);
    return [...operands, ...step.writes, ...step.reads].some((o) => {
      const p = resolveOperand(r.cwd, o);
      return related(p, path) || (/[*?]/.test(p) && globTest(p).test(path));
    });
  });
}

/** Whether a finished command's line holds a glob matching `path` (`for f in config/*.json`): the shell ran it over every match. */
export const ranOverGlob = (e: Evidence, path: string): boolean =>
  !!readCommand(e)?.finished && (commandLine(e).match(/[\w.\/-]*[*?][\w.\/*?-]*/g) ?? []).some((g) => g.includes("/") === path.includes("/") && globTest(g.replace(/^\.\//, "")).test(path));

/** The paths a command's reading steps name, resolved (what it observed). */
export function observedOperands(e: Evidence): string[] {
  const r = readCommand(e);
  if (!r || r.opaque || !r.finished) return [];
  // A step that reads back and prints what it wrote observes it.
  const observing = (s: Step, i: number) => !isEffectStep(s) || showsWhatItWrote(r.steps, i);
  return r.steps.filter(observing).flatMap((s) => (stepOperands(s).length ? stepOperands(s).map((o) => resolveOperand(r.cwd, o)) : programOf(s) === "ls" || programOf(s) === "find" ? [r.cwd] : []));
}

/** Source files a test run exercises (by extension): what a passing run observes of an edit. */
const CODE = /\.(?:[cm]?[jt]sx?|py|go|rs|rb|java|kt|php|cs|swift|c|cc|cpp|h|hpp|ex|exs|scala)$/;

/**
 * The folder a passing test run observes code under (its directory), or undefined: a step running
 * the project's tests exited 0, so what it printed is what the code there now does (round 12).
 */
export function testedFolder(e: Evidence): string | undefined {
  const r = readCommand(e);
  if (!r?.finished || r.opaque) return undefined;
  return r.steps.some((s, i) => runsTests(s) && r.statuses[i] === 0) ? r.cwd : undefined;
}

/** Whether a changed path is source code a test run exercises. */
export const isCode = (path: string): boolean => CODE.test(path);

const MISSING = /no such file or directory|cannot access|cannot open|not found/i;
const GREPS = new Set(["grep", "egrep", "fgrep", "rg"]);
/** Programs whose status 1 says the files differ, not that reading failed. */
const COMPARERS = new Set(["diff", "cmp"]);
/** Programs that print from the files they name (their lines, a count, a digest). */
const CONTENT = new Set("cat head tail grep egrep fgrep rg sed awk nl wc jq diff cmp od xxd hexdump sort uniq cut md5sum sha1sum sha256sum less more column".split(" "));
/** Programs that only succeed on a path that exists. */
const NEEDS_PATH = new Set([...CONTENT, "stat", "file", "du", "readlink", "realpath", "tree"]);

export interface Reader {
  step: Step;
  status: number | null;
  r: CommandReading;
}

/**
 * What each step printed, where the command prints separators (`ls a; echo ---; ls`): an `echo` or
 * `printf` step's literal line, found in order, ends the output of the steps before it. Without a
 * separator found, every step is given the whole output.
 */
function stepOutputs(r: CommandReading): string[] {
  const whole = r.steps.map(() => r.output);
  const lines = r.output.split("\n");
  const out = [...whole];
  let start = 0;
  let pending: number[] = [];
  let split = false;
  for (const [i, step] of r.steps.entries()) {
    // An echo piped into the next step prints nothing of its own: it separates nothing.
    if (!["echo", "printf"].includes(programOf(step)) || !printsToOutput(r.steps, i)) {
      pending.push(i);
      continue;
    }
    const text = step.argv.slice(1).filter((a) => !/^-[neE]+$/.test(a)).join(" ").replace(/\\n$/, "").trim();
    const at = text ? lines.findIndex((l, n) => n >= start && l.trim() === text) : -1;
    if (at < 0) return whole;
    for (const p of pending) out[p] = lines.slice(start, at).join("\n");
    out[i] = text;
    pending = [];
    start = at + 1;
    split = true;
  }
  for (const p of pending) out[p] = lines.slice(start).join("\n");
  return split ? out : whole;
}

/**
 * The reading steps of a command after step `from` (its last change of the path in question), each with what it printed.
 * A step running a file as a program reads that file (its own effects, if any, are placed by `from`).
 */
export function readersAfter(e: Evidence, from: number): Reader[] {
  const r = readCommand(e);
  if (!r || r.opaque || !r.finished) return [];
  const outputs = stepOutputs(r);
  return r.steps.flatMap((step, i) => {
    // A step that reads back and prints what it wrote shows the file as it left it, so it is its own observation.
    const shows = showsWhatItWrote(r.steps, i);
    if (i < from || (i === from && !shows) || (isEffectStep(step) && programFile(step) === undefined && !shows)) return [];
    const own = { ...r, output: outputs[i]! };
    return [{ step, status: r.statuses[i] ?? inferredStatus(step, own), r: own }];
  });
}

/** Programs that say so in their output when they fail (`ls: cannot access …`). */
const REPORTS_FAILURE = new Set(["ls", "cat", "head", "tail", "stat", "wc", "file", "du", "tree", "nl", "find"]);

/** A step whose status the trace does not show, that reports its failures and printed no failure: it succeeded. */
const inferredStatus = (step: Step, r: CommandReading): number | null =>
  r.finished && REPORTS_FAILURE.has(programOf(step)) && !MISSING.test(r.output) && !/permission denied|not a directory|is a directory/i.test(r.output) ? 0 : null;

const reportsMissing = (r: CommandReading, path: string) => MISSING.test(r.output) && mentions(r.output, baseOf(path));

/** A listing's printed names: one per line, the last field of a long listing (`ls -l`). */
export function printedNames(output: string, long: boolean): Set<string> {
  const lines = output.split("\n").map((l) => l.trim()).filter((l) => l && !/^total \d+$/.test(l));
  return new Set(lines.map((l) => (long ? (l.split(/\s+/).at(-1) ?? l) : l).replace(/^\.\//, "").replace(/\/$/, "")));
}

/**
 * What an `ls` printed, folder by folder: under a `dir:` heading (several operands, `-R`) the
 * names after it are that folder's; with one operand and no heading, that operand's (tuning set 5:
 * `ls -R docs`, `ls archive notes`).
 */
function lsSections(output: string, dirs: string[], long: boolean, cwd: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  let current = dirs.length === 1 ? dirs[0] : undefined;
  if (current !== undefined) out.set(current, new Set());
  for (const line of output.split("\n").map((l) => l.trim())) {
    if (!line || /^total \d+$/.test(line)) continue;
    const heading = /^(\S.*):$/.exec(line);
    if (heading) {
      current = resolveOperand(cwd, heading[1]!);
      out.set(current, out.get(current) ?? new Set());
      continue;
    }
    if (current !== undefined) out.get(current)!.add((long ? (line.split(/\s+/).at(-1) ?? line) : line).replace(/^\.\//, "").replace(/\/$/, ""));
  }
  return out;
}

/** The paths a command made only of `ls` steps printed, each name under the folder it was listed in (`ls photos` prints `b.jpeg`: photos/b.jpeg); undefined for other commands. */
export function lsPrintedPaths(e: Evidence): string[] | undefined {
  const r = readCommand(e);
  if (!r?.finished || r.opaque || !r.steps.length || !r.steps.every((s) => programOf(s) === "ls")) return undefined;
  return r.steps.flatMap((step) => {
    const ops = stepOperands(step).map((o) => resolveOperand(r.cwd, o));
    const long = step.argv.slice(1).some((a) => /^-[A-Za-z]*l/.test(a));
    return [...lsSections(r.output, ops.length ? ops : [resolveOperand(r.cwd, ".")], long, r.cwd)].flatMap(([dir, names]) => [...names].map((n) => resolveOperand(dir, n)));
  });
}

/** Whether one reading step shows `path` present (true), absent (false), or cannot say (null). */
function stepShowsPath(reader: Reader, path: string): boolean | null {
  const { step, status, r } = reader;
  if (runsFile(reader, path)) return true;
  if (isEffectStep(step)) return showsWhatItWrote(r.steps, r.steps.indexOf(step)) && status === 0 && writesPath(reader, path) ? true : null;
  const program = programOf(step);
  const ops = stepOperands(step).map((o) => resolveOperand(r.cwd, o));
  if (program === "test" || program === "[" || program === "[[") {
    const args = step.argv.slice(1).filter((a) => a !== "]" && a !== "]]");
    const inverted = args[0] === "!";
    const [flag, operand] = inverted ? args.slice(1) : args;
    if (!flag || operand === undefined || resolveOperand(r.cwd, operand) !== path || status === null) return null;
    const holds = inverted ? status !== 0 : status === 0;
    if (holds) return /^-[edfsrwxLhbcpS]$/.test(flag) ? true : null;
    // Only "exists" failing says the path is absent; "is a file" failing may be a directory.
    return flag === "-e" ? false : null;
  }
  if (program === "ls") {
    const flags = step.argv.slice(1).filter((a) => a.startsWith("-")).join("");
    if (ops.includes(path)) return status === 0 ? true : status !== null || reportsMissing(r, path) ? false : null;
    if (flags.includes("d")) return null;
    const names = lsSections(r.output, ops.length ? ops : [resolveOperand(r.cwd, ".")], flags.includes("l"), r.cwd).get(dirOf(path));
    if (!names) return null;
    if (names.has(baseOf(path)) || names.has(path)) return true;
    return status === 0 ? false : null;
  }
  if (program === "find") {
    const root = ops[0] ?? resolveOperand(r.cwd, ".");
    if (!within(path, root)) return null;
    const printed = new Set(r.output.split("\n").map((l) => resolveOperand(r.cwd, l.trim())).filter(Boolean));
    // Something printed inside a folder shows the folder there.
    if (printed.has(path) || [...printed].some((p) => p !== path && within(p, path))) return true;
    const args = step.argv.slice(1);
    const name = args[args.indexOf("-name") + 1];
    // `-type f` lists every file: it settles a name with an extension (a file's name), not a folder's.
    const listsFiles = (a: string, i: number) => a === "-type" && args[i + 1] === "f" && /[^./]\.[\p{L}\p{N}]+$/u.test(baseOf(path));
    const filtered = args.some((a, i) => a.startsWith("-") && !["-name", "-maxdepth", "-mindepth"].includes(a) && !listsFiles(a, i));
    const depth = path.split("/").length - (root === "." ? 0 : root.split("/").length);
    const maxDepth = args.includes("-maxdepth") ? Number(args[args.indexOf("-maxdepth") + 1]) : Infinity;
    // Its whole output reaches ours: printed directly, or only reordered (`| sort`); a filter after it (`| grep`) hides lines.
    const i = r.steps.indexOf(step);
    const whole = printsToOutput(r.steps, i) || (!step.writes.length && programOf(r.steps[i + 1]!) === "sort" && printsToOutput(r.steps, i + 1));
    // Or only counted, as none (`| wc -l` printing 0).
    const next = r.steps[i + 1];
    const none = !step.writes.length && !!next && programOf(next) === "wc" && next.argv.includes("-l") && printsToOutput(r.steps, i + 1) && r.output.trim() === "0";
    if (none && status !== 1 && !filtered && depth <= maxDepth && (!args.includes("-name") || (name !== undefined && globMatches(name, baseOf(path))))) return false;
    return status === 0 && whole && !filtered && depth <= maxDepth && (!args.includes("-name") || (name !== undefined && globMatches(name, baseOf(path)))) ? false : null;
  }
  // `git ls-files` prints tracked paths: one printed is there (one not printed may be there untracked; round 30).
  if (program === "git" && gitSubcommand(step.argv.slice(1)) === "ls-files" && status === 0) return r.output.split("\n").some((l) => !!l.trim() && resolveOperand(r.cwd, l.trim()) === path) || null;
  if (program === "git" && step.argv[1] === "status" && status === 0 && step.argv.slice(2).some((a) => /^(?:-s|--short|--porcelain(?:=v1)?)$/.test(a))) return gitStatusShows(r.output, r.cwd, path);
  const code = inlineCode(step);
  if (code !== undefined) return mentions(code, path) && status === 0 ? true : null;
  if (!NEEDS_PATH.has(program) && !listsArchive(step)) return null;
  // A file read inside a folder shows the folder there (`cat scripts/backup.sh` after `mkdir scripts`).
  if (!ops.includes(path)) return status === 0 && ops.some((o) => o !== path && within(o, path)) ? true : null;
  if (status === 0 || (status === 1 && (GREPS.has(program) || COMPARERS.has(program)))) return true;
  return reportsMissing(r, path) ? false : null;
}

/** `git status --short`: "R  old -> new" shows the new name there and the old one gone, a deletion (`D `, ` D`) shows it gone, any other entry there; a path it does not list, nothing. */
function gitStatusShows(output: string, cwd: string, path: string): boolean | null {
  for (const line of output.split("\n")) {
    const m = /^([ MADRCU?!])([ MADRCU?!]) (.+)$/u.exec(line);
    if (!m) continue;
    const [from, to] = m[3]!.includes(" -> ") ? m[3]!.split(" -> ") : [undefined, m[3]!];
    if (from !== undefined && resolveOperand(cwd, from) === path) return false;
    if (resolveOperand(cwd, to!) === path) return !(m[2] === "D" || (m[1] === "D" && m[2] === " "));
  }
  return null;
}

export const globMatches = (glob: string, name: string): boolean =>
  new RegExp(`^${glob.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".")}$`).test(name);

/** The last verdict of the reading steps after `from` on whether `path` exists, or null. */
export function commandShowsPath(e: Evidence, path: string, from = -1): boolean | null {
  let verdict: boolean | null = null;
  for (const reader of readersAfter(e, from)) verdict = stepShowsPath(reader, path) ?? verdict;
  return verdict;
}

/** Statuses with which a shell says it could not run a program at all (not executable, not found). */
const NOT_RUN = new Set([126, 127]);

/**
 * Whether a step ran `path` itself as a program and it ran (round 10): what it printed is what the
 * file's code does, so it observes the file, and a path executed directly is executable.
 */
export function runsFile({ step, status, r }: Reader, path: string): boolean {
  const file = programFile(step);
  return file !== undefined && resolveOperand(r.cwd, file) === path && status !== null && !NOT_RUN.has(status) && !MISSING.test(r.output) && !/permission denied|can't open/i.test(r.output);
}

/** Whether a reading step printed from `path` and did not fail. */
function stepReads(reader: Reader, path: string): boolean {
  const { step, status, r } = reader;
  if (runsFile(reader, path)) return true;
  if (isEffectStep(step)) return showsWhatItWrote(r.steps, r.steps.indexOf(step)) && status !== 1 && writesPath(reader, path);
  const code = inlineCode(step);
  // A grep that found nothing (status 1) still read the file.
  // Nor did a diff that found differences (status 1) fail to read.
  const ok = status !== null ? status === 0 || (status === 1 && (GREPS.has(programOf(step)) || COMPARERS.has(programOf(step)))) : !reportsMissing(r, path);
  // Inline Python importing a module (`from geometry.area import circle`) reads its file.
  if (code !== undefined) return ok && (mentions(code, path) || (path.endsWith(".py") && new RegExp(`\\b(?:from|import)\\s+${path.slice(0, -3).replace(/\//g, "\\.")}\\b`).test(code)));
  // A recursive grep over a folder holding `path` read it where it printed a line of it (round 28).
  const throughFolder = GREPS.has(programOf(step)) && isRecursiveGrep(step) && grepParts(step).files.some((f) => within(path, resolveOperand(r.cwd, f))) && linesOf(r.output, r.cwd, path, step) !== "";
  // `head`/`tail` over a glob the shell expanded read each file they printed a header for (round 30).
  const headed = HEADS.has(programOf(step)) && headedSection(r.output, r.cwd, path) !== undefined;
  return ok && (((CONTENT.has(programOf(step)) || listsArchive(step)) && [...stepOperands(step), ...step.reads].some((o) => resolveOperand(r.cwd, o) === path)) || throughFolder || headed);
}

/** Whether a step that reads back what it wrote wrote `path`: one its inline code names. */
function writesPath({ step, r }: Reader, path: string): boolean {
  const code = inlineCode(step);
  return code !== undefined && mentions(code, path) && !MISSING.test(r.output);
}

/**
 * Whether a listing step after `from` listed the folder `path` (its entries are what a folder
 * holds, as a file's lines are what it holds): `ls`, `find` or `tree` of it, exiting 0, that did
 * not print the path itself as a file's name.
 */
export const commandListsFolder = (e: Evidence, path: string, from = -1): boolean =>
  readersAfter(e, from).some(({ step, status, r }) => {
    if (!["ls", "find", "tree"].includes(programOf(step)) || status !== 0) return false;
    if (!stepOperands(step).some((o) => resolveOperand(r.cwd, o) === path)) return false;
    const long = programOf(step) === "ls" && step.argv.slice(1).some((a) => /^-[A-Za-z]*l/.test(a));
    const names = [...printedNames(r.output, long)];
    return !(programOf(step) === "ls" && names.some((n) => resolveOperand(r.cwd, n) === path));
  });

/**
 * The text a command printed as `path`'s whole text after step `from`: its one reading step there
 * is `cat path` and succeeded, and every other step prints into a file. Undefined otherwise.
 */
export function commandWholeText(e: Evidence, path: string, from = -1): string | undefined {
  const readers = readersAfter(e, from);
  if (readers.length !== 1) return undefined;
  const [{ step, status, r: own }] = readers as [Reader];
  const ops = stepOperands(step).map((o) => resolveOperand(own.cwd, o));
  if (programOf(step) !== "cat" || status !== 0 || ops.length !== 1 || ops[0] !== path || !own.steps.every((s) => s === step || s.writes.length)) return undefined;
  return own.output.replace(/\n+$/, "");
}

/** A `find ROOT -name NAME | wc -l` that finished: the matches it counted under ROOT. */
export function countedMatches(e: Evidence, pattern: string): number | undefined {
  const r = readCommand(e);
  const i = r ? r.steps.findIndex((s) => programOf(s) === "find") : -1;
  const next = r?.steps[i + 1];
  if (!r?.finished || r.opaque || i < 0 || !next || programOf(next) !== "wc" || !next.argv.includes("-l") || !printsToOutput(r.steps, i + 1) || !/^\s*\d+\s*$/.test(r.output)) return undefined;
  const args = r.steps[i]!.argv.slice(1);
  const root = resolveOperand(r.cwd, args[0] && !args[0].startsWith("-") ? args[0] : ".");
  const name = args[args.indexOf("-name") + 1];
  return args.includes("-name") && name !== undefined && globMatches(name, baseOf(pattern)) && within(dirOf(pattern), root) ? Number(r.output.trim()) : undefined;
}

/** Whether a command showed `path`'s lines after step `from` (a reader printed from it). */
export const commandReads = (e: Evidence, path: string, from = -1): boolean => readersAfter(e, from).some((x) => stepReads(x, path));

/** `head`/`tail` over several files (a glob the shell expanded) print each after a `==> path <==` header: the lines under `path`'s, or undefined. */
function headedSection(output: string, cwd: string, path: string): string | undefined {
  const parts = output.split(/^==> (.+) <==$/m);
  for (let i = 1; i < parts.length; i += 2) if (resolveOperand(cwd, parts[i]!) === path) return parts[i + 1]!.replace(/^\n/, "");
  return undefined;
}
const HEADS = new Set(["head", "tail"]);

/** A grep over several files prints each line after its file's name (`a.env:1:TOKEN=x`): only `path`'s lines are its text. */
function linesOf(output: string, cwd: string, path: string, step: Step): string {
  const headed = HEADS.has(programOf(step)) ? headedSection(output, cwd, path) : undefined;
  if (headed !== undefined) return headed;
  if (!GREPS.has(programOf(step)) || (grepParts(step).files.length < 2 && !step.argv.some((a) => /^-[A-Za-z]*[Hr]/.test(a)))) return output;
  return output.split("\n").filter((l) => l.includes(":") && resolveOperand(cwd, l.slice(0, l.indexOf(":"))) === path).join("\n");
}

/** The lines a successful `git diff` or `git show` printed as added to and removed from `path`, or undefined when it printed no diff of it. */
function gitDiffOf({ step, status, r }: Reader, path: string): { added: string; removed: string } | undefined {
  const sub = gitSubcommand(step.argv.slice(1));
  // `git log -p` prints each commit's diff as `git show` does (round 32).
  const patches = sub === "diff" || sub === "show" || (sub === "log" && step.argv.some((a) => a === "-p" || a === "--patch" || a === "-u"));
  if (programOf(step) !== "git" || status !== 0 || !patches) return undefined;
  const section = r.output.split(/^(?=diff --git )/mu).find((s) => /^diff --git a\/\S+ b\/(\S+)/u.exec(s)?.[1] === path);
  if (!section) return undefined;
  const lines = section.split("\n");
  const side = (mark: string) => lines.filter((l) => l.startsWith(mark) && !l.startsWith(mark.repeat(3))).map((l) => l.slice(1)).join("\n");
  return { added: side("+"), removed: side("-") };
}

/**
 * Whether a command showed `path` empty after step `from` (round 34): a long `ls` naming it or its
 * folder printing its size as 0, or `wc -c` printing 0 for it. An empty file's whole text is shown so.
 */
export const commandShowsEmpty = (e: Evidence, path: string, from = -1): boolean =>
  readersAfter(e, from).some(({ step, status, r }) => {
    if (status !== 0) return false;
    const ops = stepOperands(step).map((o) => resolveOperand(r.cwd, o));
    const named = ops.includes(path) || ops.includes(dirOf(path)) || (!ops.length && dirOf(path) === r.cwd);
    if (!named) return false;
    const lines = r.output.split("\n");
    if (programOf(step) === "ls" && step.argv.slice(1).some((a) => /^-[A-Za-z]*l/.test(a)))
      return lines.some((l) => { const m = /^[-bcdlps][-rwxsStT.+@]{9,10}\s+\d+\s+\S+\s+\S+\s+(\d+)\s.*\s(\S+)$/u.exec(l.trim()); return !!m && m[1] === "0" && (m[2] === baseOf(path) || resolveOperand(r.cwd, m[2]!) === path); });
    return programOf(step) === "wc" && step.argv.includes("-c") && lines.some((l) => { const m = /^\s*(\d+)\s+(\S+)$/u.exec(l); return !!m && m[1] === "0" && resolveOperand(r.cwd, m[2]!) === path; });
  });

/** Whether a command printed a diff of `path` after step `from` (`git show`, `git log -p`): the change it made there is shown. */
export const commandShowsDiff = (e: Evidence, path: string, from = -1): boolean => readersAfter(e, from).some((reader) => gitDiffOf(reader, path) !== undefined);

/** Whether `text` matches a grep pattern of characters no regex reads specially but dots, escaped or not (`console.log`, `DEBUG\.print`). */
function matchesAsPattern(pattern: string, text: string, ignoreCase: boolean): boolean {
  if (!/^(?:[^\\^$*+?()[\]{}|.]|\\?\.)+$/u.test(pattern)) return false;
  return new RegExp(pattern, ignoreCase ? "iu" : "u").test(text);
}

/**
 * Whether a command shows `path` holding `text` after step `from`: true, false, or null. Text
 * printed by an `echo`/`printf` of its own (not into a file) proves nothing about the file.
 */
export function commandShowsText(e: Evidence, path: string, text: string, from = -1): boolean | null {
  const readers = readersAfter(e, from);
  const echoed = readers.some(({ step, r }) => (programOf(step) === "echo" || programOf(step) === "printf") && printsToOutput(r.steps, r.steps.indexOf(step)) && flat(step.argv.slice(1).join(" ")).includes(flat(text)));
  let verdict: boolean | null = null;
  for (const reader of readers) {
    // A diff of the file (`git show HEAD -- main.go`) shows the lines it gained, and those it lost (round 28).
    const diff = gitDiffOf(reader, path);
    if (diff && holdsText(diff.added, text)) verdict = true;
    else if (diff && holdsText(diff.removed, text)) verdict = false;
    if (!stepReads(reader, path)) continue;
    const { step, status, r } = reader;
    if (GREPS.has(programOf(step))) {
      const { pattern, literal, count } = grepParts(step);
      const n = count ? /(?:^|\n)(?:[^\n:]*:)?(\d+)\s*(?:\n|$)/.exec(r.output)?.[1] : undefined;
      const found = n !== undefined ? Number(n) > 0 : status === 0 ? true : status === 1 ? false : null;
      // A literal pattern found (or not) settles text it contains (or that contains it).
      if (found !== null && pattern && literal) {
        if (found && flat(pattern).includes(flat(text))) verdict = true;
        else if (!found && flat(text).includes(flat(pattern))) verdict = false;
        // Found, it printed every line holding the pattern, so every line holding `text` too: none of them does (round 29). A folder grepped whole has all its lines.
        else if (found && flat(text).includes(flat(pattern)) && !step.argv.some((a) => NOT_MATCHES.test(a) || /^-[A-Za-z]*[olLc]/.test(a)) && !holdsText(grepParts(step).files.some((f) => resolveOperand(r.cwd, f) === path) ? r.output : linesOf(r.output, r.cwd, path, step), text)) verdict = false;
        if (count || verdict !== null) continue;
      }
      // Nothing matched a pattern that the text itself matches (`grep -c console.log` printing 0): no line holds the text (round 32).
      if (found === false && pattern && !literal && matchesAsPattern(pattern, text, step.argv.some((a) => /^-[A-Za-z]*i/.test(a)))) {
        verdict = false;
        continue;
      }
    }
    if (!echoed && holdsText(linesOf(r.output, r.cwd, path, step), text)) verdict = true;
    else if (programOf(step) === "cat" && status === 0 && readers.length === 1 && r.steps.length === 1) verdict = false;
  }
  return verdict;
}
