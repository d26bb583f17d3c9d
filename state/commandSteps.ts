/**
 * A command as the run_command evidence shows it (`$ sh -c "mv a b && ls"`), read into the
 * simple commands it ran, in order, each classified as an effect (it may change what it names)
 * or a reader (it only looks), with the exit status the trace lets us know for it. This is how
 * the completion gate tells the verifying part of a compound command from the changing part
 * (CONTRACT §6: coverage judged by what was observed after the effect, whatever the means).
 * Anything the reader cannot follow (a subshell, `cd`, a loop) makes the command opaque: it
 * is then one effect on whatever it names, and observes nothing.
 */

export type Connector = "&&" | "||" | ";" | "|";

export interface Step {
  /** Program and arguments, quotes removed; leading `VAR=value` assignments dropped. */
  argv: string[];
  /** Files its output is redirected into (`> f`, `>> f`), never /dev/null. */
  writes: string[];
  /** Files its input is read from (`< f`). */
  reads: string[];
  /** The operator joining it to the step before (null for the first). */
  before: Connector | null;
  /** Written `! cmd`: its status is inverted. */
  negated: boolean;
}

export interface CommandSteps {
  steps: Step[];
  /** Shell syntax the reader does not follow: the command observes nothing. */
  opaque: boolean;
}

const SHELLS = new Set(["sh", "bash", "dash", "zsh"]);

/** Splits the displayed command line back into its words: JSON-quoted parts or bare words. */
function displayedWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"(?:[^"\\]|\\.)*"|\S+/g)) {
    try {
      words.push(m[0].startsWith('"') ? (JSON.parse(m[0]) as string) : m[0]);
    } catch {
      words.push(m[0]);
    }
  }
  return words;
}

/** Reads a command line (`$ …`, as shown in evidence) into steps; a shell's `-c` script is read as shell. */
export function commandSteps(line: string): CommandSteps {
  const words = displayedWords(line.replace(/^\$\s*/, ""));
  const program = (words[0] ?? "").split("/").at(-1) ?? "";
  if (SHELLS.has(program) && /^-[a-z]*c$/.test(words[1] ?? "") && words[2] !== undefined) return shellSteps(words[2]);
  return { steps: words.length ? [{ argv: words, writes: [], reads: [], before: null, negated: false }] : [], opaque: false };
}

/** A small reader of POSIX shell: words, quotes, `&& || ; | &` and newlines, redirections, `!`. */
function shellSteps(script: string): CommandSteps {
  const steps: Step[] = [];
  let opaque = false;
  let current: Step = { argv: [], writes: [], reads: [], before: null, negated: false };
  let word: string | null = null;
  let redirect: "write" | "read" | null = null;
  const endWord = () => {
    if (word === null) return;
    if (redirect === "write") {
      if (word !== "/dev/null" && !word.startsWith("&")) current.writes.push(word);
    } else if (redirect === "read") current.reads.push(word);
    else if (redirect === null) {
      if (!current.argv.length && word === "!") current.negated = !current.negated;
      else if (!current.argv.length && /^[A-Za-z_]\w*=/.test(word)) {
        /* an environment assignment before the program */
      } else current.argv.push(word);
    }
    redirect = null;
    word = null;
  };
  const endStep = (next: Connector | null) => {
    endWord();
    if (current.argv.length) steps.push(current);
    else if (current.writes.length) opaque = true;
    current = { argv: [], writes: [], reads: [], before: next, negated: false };
  };
  for (let i = 0; i < script.length; i += 1) {
    const ch = script[i]!;
    const two = script.slice(i, i + 2);
    if (ch === "'") {
      const end = script.indexOf("'", i + 1);
      if (end === -1) return { steps, opaque: true };
      word = (word ?? "") + script.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let text = "";
      let j = i + 1;
      for (; j < script.length && script[j] !== '"'; j += 1) {
        if (script[j] === "\\" && j + 1 < script.length) j += 1;
        else if (script[j] === "$" && script[j + 1] === "(" && readingSubstitution(script, j) !== undefined) {
          // A substitution that only reads (`"n=$(grep -c x f)"`) changes nothing: its text is unknown, its effects none.
          const end = readingSubstitution(script, j)!;
          text += script.slice(j, end + 1);
          j = end;
          continue;
        } else if (script[j] === "$" && /[({]|[A-Za-z_]/.test(script[j + 1] ?? "")) opaque = true;
        else if (script[j] === "`") opaque = true;
        text += script[j];
      }
      if (j >= script.length) return { steps, opaque: true };
      word = (word ?? "") + text;
      i = j;
    } else if (ch === "\\") {
      word = (word ?? "") + (script[i + 1] ?? "");
      i += 1;
    } else if (ch === "#" && word === null) {
      const end = script.indexOf("\n", i);
      i = end === -1 ? script.length : end - 1;
    } else if (two === "&&" || two === "||") {
      endStep(two);
      i += 1;
    } else if (ch === ";" || ch === "\n" || ch === "&") {
      if (ch === "&" && script[i + 1] === ">") {
        endWord();
        redirect = "write";
        i += script[i + 2] === ">" ? 2 : 1;
      } else endStep(";");
    } else if (ch === "|") endStep("|");
    else if (ch === ">" || ch === "<") {
      // A file descriptor number written right before the operator belongs to it (`2>`).
      if (word !== null && /^\d$/.test(word)) word = null;
      endWord();
      redirect = ch === ">" ? "write" : "read";
      if (script[i + 1] === ">") i += 1;
      if (script[i + 1] === "&") {
        // `>&2`, `2>&1`: a descriptor, not a file.
        redirect = null;
        i += 1;
        while (/\d|-/.test(script[i + 1] ?? "")) i += 1;
      }
    } else if (/\s/.test(ch)) endWord();
    // `{}` is a literal word (find's `-exec … {} +`), not a group.
    else if (two === "{}" && word === null && /^(?:\s|$|[;+\\])/.test(script[i + 2] ?? "")) {
      word = "{}";
      i += 1;
    } else if ("(){}`".includes(ch) || (ch === "$" && /[({]/.test(script[i + 1] ?? ""))) {
      opaque = true;
      word = (word ?? "") + ch;
    } else word = (word ?? "") + ch;
  }
  endStep(null);
  // Moving into another directory changes what every later relative name means.
  if (steps.some((s) => ["cd", "pushd", "popd", "for", "while", "if", "case", "until", "eval", "exec", "source", "."].includes(s.argv[0]!))) opaque = true;
  return { steps, opaque };
}

/** The index of the `)` closing a `$(…)` at `at` whose commands only read, or undefined (nested, unbalanced, or changing). */
function readingSubstitution(script: string, at: number): number | undefined {
  const end = script.indexOf(")", at + 2);
  if (end < 0 || script.slice(at + 2, end).includes("(")) return undefined;
  const inner = shellSteps(script.slice(at + 2, end));
  return !inner.opaque && inner.steps.every((s) => !isEffectStep(s)) ? end : undefined;
}

/** Programs that only look at what they name (with the options below that would make them write excluded). */
const READERS = new Set(
  "cat head tail grep egrep fgrep rg ls test [ [[ wc stat file diff cmp find du tree readlink realpath echo printf true false : pwd sort uniq cut awk sed jq md5sum sha1sum sha256sum basename dirname nl od xxd hexdump column tr less more".split(" "),
);
/** git subcommands that only look (`git status`, `git diff`): not effects, whatever else git does. */
const GIT_READS = new Set("status log diff show ls-files grep blame rev-parse rev-list shortlog describe show-ref ls-tree cat-file".split(" "));
/** Whether a step only looks into the repository with git (`git log -1`, `git branch --show-current`). */
export const readsGit = (step: Step): boolean => programOf(step) === "git" && (GIT_READS.has(gitSubcommand(step.argv.slice(1)) ?? "") || (gitSubcommand(step.argv.slice(1)) === "branch" && step.argv.some((a) => a === "--show-current" || a === "--list")));
/** The subcommand of a git invocation, past its global options (`git -C dir -c k=v status`). */
export function gitSubcommand(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-C" || args[i] === "-c") i++;
    else if (!args[i]!.startsWith("-")) return args[i];
  }
  return undefined;
}
/** Interpreters whose inline code (`node -e`, `python -c`) is read for writing calls. */
const INTERPRETERS = new Set(["node", "python", "python3", "ruby", "perl", "deno", "bun"]);
const WRITING_CALL = /write|append|unlink|\brm|rename|mkdir|copy|move|truncate|chmod|remove|symlink|open\s*\([^)]*,\s*['"][wax+]/i;

/** The inline code of an interpreter step (`node -e CODE`), or undefined. */
export function inlineCode(step: Step): string | undefined {
  if (!INTERPRETERS.has(step.argv[0]?.split("/").at(-1) ?? "")) return undefined;
  const at = step.argv.findIndex((a) => /^-[A-Za-z]*[ecp]$/.test(a));
  return at > 0 ? step.argv[at + 1] : undefined;
}

/** The program a step runs, by its base name. */
export const programOf = (step: Step): string => step.argv[0]?.split("/").at(-1) ?? "";

/** Interpreters whose `-i` option rewrites the files they are given in place (`perl -pi -e …`, `ruby -i`). */
const IN_PLACE_INTERPRETERS = new Set(["perl", "ruby"]);

/** The files an interpreter edits in place (`perl -pi -e CODE f…`): its operands after the code; none without `-i`. */
export function inPlaceFiles(step: Step): string[] {
  if (!IN_PLACE_INTERPRETERS.has(programOf(step)) || !step.argv.slice(1).some((a) => /^-[A-Za-z]*i/.test(a))) return [];
  const code = inlineCode(step);
  return stepOperands(step).filter((o) => o !== code);
}

/**
 * The script file an interpreter runs (`sh f`, `python3 f.py`): it is read, not changed. What
 * the script itself does is unknown, so the step stays an effect of unknown target.
 */
export function scriptRun(step: Step): string | undefined {
  const program = programOf(step);
  if (!(SHELLS.has(program) || INTERPRETERS.has(program)) || inlineCode(step) !== undefined) return undefined;
  if (SHELLS.has(program) && step.argv.slice(1).some((a) => /^-[a-z]*c$/.test(a))) return undefined;
  return step.argv.slice(1).find((a) => !a.startsWith("-"));
}

/**
 * The file a step runs as a program: the script an interpreter runs (`python3 f.py`, `sh f`), the
 * Makefile `make` runs, or a path executed itself (`./deploy.sh`; a bare name is looked up on PATH,
 * not in the workspace).
 */
export function programFile(step: Step): string | undefined {
  // `make` runs the Makefile where it runs, unless told another file or folder.
  if (programOf(step) === "make") return step.argv.some((a) => /^(?:-[fC]|--file|--directory|--makefile)/.test(a)) ? undefined : "Makefile";
  return scriptRun(step) ?? (step.argv[0]?.includes("/") ? step.argv[0] : undefined);
}

/** Whether a step may change the workspace: it writes a file, or is not a known reader used read-only. */
export function isEffectStep(step: Step): boolean {
  if (step.writes.length) return true;
  const program = programOf(step);
  const args = step.argv.slice(1);
  const code = inlineCode(step);
  if (code !== undefined) return WRITING_CALL.test(code) || inPlaceFiles(step).length > 0;
  if (listsArchive(step)) return false;
  if (program === "git") return !GIT_READS.has(gitSubcommand(args) ?? "");
  if (!READERS.has(program)) return true;
  if (program === "sed") return args.some((a) => /^-[A-Za-z]*i|^--in-place/.test(a));
  if (program === "find") return args.some((a) => /^-(delete|exec|execdir|ok|okdir|fprint\w*|fls)$/.test(a));
  if (program === "sort") return args.some((a) => /^-[A-Za-z]*o|^--output/.test(a));
  if (program === "awk") return args.some((a) => /^-i/.test(a));
  return false;
}

/** An archive program used only to list or test what an archive holds (`tar -tzf a.tgz`, `unzip -l a.zip`): it reads the archive. */
export function listsArchive(step: Step): boolean {
  const args = step.argv.slice(1);
  if (programOf(step) === "tar") {
    const mode = args.find((a) => !a.startsWith("--")) ?? "";
    return args.includes("--list") || (/^-?[A-Za-z]*t[A-Za-z]*$/.test(mode) && !/[cxruAd]/.test(mode.replace(/^-/, "")));
  }
  return (programOf(step) === "unzip" && args.some((a) => /^-[A-Za-z]*[lt]/.test(a))) || programOf(step) === "zipinfo";
}

/**
 * A static check of code or data: the *lint family, the checkers named otherwise (ruff, flake8,
 * shellcheck, mypy, go vet), a parser run only to check a file parses (`json.tool`, `jq empty`,
 * `py_compile`, `bash -n`), or a formatter's check mode. Matched against a command's line.
 */
export const CHECKS = /lint|\bruff\b|flake8|pyflakes|pycodestyle|shellcheck|mypy|\bgo\s+vet\b|rubocop|clippy|cppcheck|json\.tool|\bjq\s+(?:-e\s+)?empty\b|py_compile|\b(?:ba)?sh\s+-n\b|--check\b/i;

/**
 * A step that runs a project's tests (`node --test`, `npm test`, `pytest`, `go test ./...`): what it
 * prints is what the code under its directory does, so after a change to that code it observes it.
 */
export function runsTests(step: Step): boolean {
  const [program, ...args] = [programOf(step), ...step.argv.slice(1)];
  const words = args.filter((a) => !a.startsWith("-"));
  if (["npm", "pnpm", "yarn", "bun"].includes(program)) return words[0] === "test" || words[0] === "t" || (words[0] === "run" && /^test/.test(words[1] ?? ""));
  if (["go", "cargo", "mix", "dotnet"].includes(program)) return words[0] === "test";
  if (program === "make") return words.includes("test") || words.includes("check");
  if (program === "node") return args.includes("--test");
  if (program === "deno") return words[0] === "test";
  if (program === "python" || program === "python3") return args.includes("-m") && ["pytest", "unittest"].includes(args[args.indexOf("-m") + 1] ?? "");
  if (program === "npx") return ["vitest", "jest", "mocha", "pytest"].includes(words[0] ?? "");
  return ["pytest", "vitest", "jest", "mocha", "rspec", "phpunit"].includes(program);
}

/** A file call in inline code that reads (`open(p).read()`, `readFileSync`, `File.read`). */
const READING_CALL = /\.read\w*\s*\(|readFileSync|readFile\s*\(|File\.read|\.read_text\s*\(/g;
const PRINTING_CALL = /\bprint\s*\(|console\.log|process\.stdout\.write|\bputs\b|\bsay\b/;

/**
 * Whether a changing step reads back and prints what it wrote, so its own output shows the file
 * after the change: inline code whose file calls after its last writing call read and print
 * (`…write(t);print(open(p).read())`). `tee` does not: what it prints is its input, not the file
 * read back (tuning-heldout8 h8-053 holds that it proves nothing about the file).
 */
export function showsWhatItWrote(steps: Step[], i: number): boolean {
  const step = steps[i]!;
  if (!printsToOutput(steps, i)) return false;
  const code = inlineCode(step);
  if (code === undefined) return false;
  const writes = [...code.matchAll(new RegExp(WRITING_CALL.source, "gi"))].map((m) => m.index);
  const reads = [...code.matchAll(READING_CALL)].map((m) => m.index);
  const lastWrite = writes.at(-1);
  return lastWrite !== undefined && reads.some((r) => r > lastWrite) && PRINTING_CALL.test(code.slice(lastWrite));
}

/** Options that take the next word as their value, per program (`head -n 3`, `find -name x`). */
const VALUED: Record<string, RegExp> = {
  grep: /^-[efmABC]$/,
  egrep: /^-[efmABC]$/,
  fgrep: /^-[efmABC]$/,
  rg: /^-[efmABCgt]$/,
  head: /^-[nc]$/,
  tail: /^-[nc]$/,
  find: /^-(name|iname|path|ipath|type|maxdepth|mindepth|newer|size|mtime|perm|user|regex)$/,
  cut: /^-[dfc]$/,
  sort: /^-[tko]$/,
  awk: /^-[Fvf]$/,
  sed: /^-[ef]$/,
  xxd: /^-[lsc]$/,
};

/** A step's operands: its arguments that are not options (`-n`, `--long`) nor option values (`-n 3`). */
export function stepOperands(step: Step): string[] {
  const out: string[] = [];
  const valued = VALUED[programOf(step)];
  const args = step.argv.slice(1);
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    if (a === "--" || a === "]" || a === "!") continue;
    if (a.startsWith("-") && a.length > 1) {
      if (valued?.test(a)) i += 1;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** A grep's pattern (`-e P` or its first operand) and the files it searched. */
export function grepParts(step: Step): { pattern?: string; files: string[]; literal: boolean; count: boolean } {
  const args = step.argv.slice(1);
  const e = args.findIndex((a) => a === "-e");
  const operands = stepOperands(step);
  const raw = e >= 0 ? args[e + 1] : operands[0];
  const fixed = args.some((a) => /^-[A-Za-z]*F/.test(a));
  // A pattern anchored to a whole line (`^node_modules/$`) is its literal text held on a line of its own.
  const pattern = raw !== undefined && !fixed ? raw.replace(/^\^/, "").replace(/(?<!\\)\$$/, "") : raw;
  const literal = fixed || (pattern !== undefined && !/[\\^$.*+?()[\]{}|]/.test(pattern));
  return { pattern, files: e >= 0 ? operands : operands.slice(1), literal, count: args.some((a) => /^-[A-Za-z]*c/.test(a)) };
}

/**
 * The exit status of each step's own program that the trace shows, or null: a single step has the command's
 * status; in a chain joined only by `&&` that exited 0, every step did; a step after `;` ran
 * last and gave the command its status; a step followed by `; echo $?` printed its status.
 */
export function stepStatuses(steps: Step[], exit: number | null, output: string): Array<number | null> {
  const statuses: Array<number | null> = steps.map(() => null);
  if (exit === null || !steps.length) return statuses;
  if (steps.length === 1) statuses[0] = exit;
  else if (exit === 0 && steps.slice(1).every((s) => s.before === "&&")) statuses.fill(0);
  const last = steps.length - 1;
  if (steps[last]!.before === ";") statuses[last] = exit;
  steps.forEach((s, i) => {
    const next = steps[i + 1];
    if (next?.before === ";" && programOf(next) === "echo" && next.argv[1] === "$?" && i + 1 === last) {
      const printed = /(?:^|\n)(\d+)\s*$/.exec(output)?.[1];
      if (printed !== undefined) statuses[i] = Number(printed);
    }
  });
  // What the trace shows is each pipeline's status; `! cmd` inverted the command's own.
  const shown = statuses.map((s, i) => (s !== null && steps[i]!.negated ? (s === 0 ? 1 : 0) : s));
  return branchStatuses(steps, shown, exit, output);
}

/** Whether what step `i` prints reaches the command's output: not redirected into a file, not piped into the next step. */
export const printsToOutput = (steps: Step[], i: number): boolean => !steps[i]!.writes.length && steps[i + 1]?.before !== "|";

/** What an `echo`/`printf` step prints, when it is literal text (no expansion), as one trimmed line. */
function printedText(step: Step, steps: Step[], i: number): string | undefined {
  const program = programOf(step);
  if ((program !== "echo" && program !== "printf") || !printsToOutput(steps, i)) return undefined;
  const words = step.argv.slice(1).filter((a, i) => !(program === "echo" && i === 0 && /^-[neE]+$/.test(a)));
  const text = (program === "printf" ? (words[0] ?? "") : words.join(" ")).replace(/\\n/g, "\n").trim();
  return text && !text.includes("$") && !text.includes("\n") && !/%[a-z]/.test(text) ? text : undefined;
}

const ALWAYS: Record<string, number> = { true: 0, ":": 0, false: 1 };

/**
 * Statuses the output settles: in `test -e f && echo yes || echo no`, which branch printed
 * tells how the test ended. Every way the unknown steps could have ended (0 or not) is run
 * through the shell's `&& || ;` rules; a step whose status is the same in every way that
 * prints what was printed (and ends with the command's status) gets that status.
 */
function branchStatuses(steps: Step[], known: Array<number | null>, exit: number | null, output: string): Array<number | null> {
  const texts = steps.map((s, i) => printedText(s, steps, i));
  const unknown = steps.flatMap((s, i) => (known[i] === null && texts[i] === undefined && ALWAYS[programOf(s)] === undefined ? [i] : []));
  if (exit === null || !unknown.length || unknown.length > 4 || !texts.some((t) => t !== undefined) || steps.some((s) => s.before === "|")) return known;
  const lines = new Set(output.split("\n").map((l) => l.trim()).filter(Boolean));
  const settled: Array<Set<number | "skipped">> = steps.map(() => new Set());
  for (let way = 0; way < 1 << unknown.length; way += 1) {
    const ends = new Map(unknown.map((i, k) => [i, (way >> k) & 1 ? 1 : 0]));
    const ran: boolean[] = [];
    const status: Array<number | undefined> = [];
    let last = 0;
    steps.forEach((s, i) => {
      const runs = i === 0 || s.before === ";" || (s.before === "&&" ? last === 0 : last !== 0);
      ran.push(runs);
      if (!runs) return;
      const own = known[i] ?? ends.get(i) ?? ALWAYS[programOf(s)] ?? 0;
      status.push(own);
      // The shell goes on from the pipeline's status: `! cmd` inverts the step's own.
      last = (own === 0) !== s.negated ? 0 : 1;
    });
    const printsRight = texts.every((t, i) => t === undefined || (ran[i] ? lines.has(t) : !lines.has(t) || texts.some((u, j) => ran[j] && u === t)));
    if (!printsRight || (last === 0) !== (exit === 0)) continue;
    let k = 0;
    steps.forEach((_, i) => settled[i]!.add(ran[i] ? (status[k++] ?? 0) : "skipped"));
  }
  return known.map((s, i) => {
    if (s !== null || !unknown.includes(i) || settled[i]!.size !== 1) return s;
    const only = [...settled[i]!][0]!;
    return only === "skipped" ? null : only;
  });
}
