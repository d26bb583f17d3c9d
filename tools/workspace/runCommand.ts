/**
 * `run_command`: runs one program (no shell) inside the workspace. The child sees only an
 * allow-list of the parent's environment plus the variables the call names, so a secret
 * in the agent's own environment never leaks into a command. cwd, env and timeout are
 * part of the approved identity (`effectContext`).
 */
import { spawn } from "node:child_process";
import { z } from "zod";
import { defineTool, ok } from "../types.js";
import { commandContainment, findExecutable, type Containment } from "./processSandbox.js";
import { diffSnapshots, namedDigests, sameBytes, snapshotWorkspace } from "./commandChanges.js";
import { fdPath, openDir } from "./confined.js";
import { normalizeRelPath, resolveInWorkspace, fail } from "./paths.js";
import type { PathChange, ToolOutcome } from "../../state/types.js";

/** Parent variables a command inherits; everything else must be passed explicitly. */
export const INHERITED_ENV = ["PATH", "LANG", "LC_ALL", "TZ", "HOME"] as const;
/** Combined stdout+stderr kept per command; the rest is drained and dropped. */
export const MAX_OUTPUT_BYTES = 64 * 1024;
/** After the program exits, how long to wait for descendants still holding its output open. */
const EXIT_DRAIN_MS = 500;
/** After a kill, how long to wait for the streams to close before giving up on them. */
const KILL_DRAIN_MS = 1000;

const schema = z.object({
  command: z.string().min(1).describe("The program to run, e.g. 'git' or 'npm'; no shell syntax, arguments go in args."),
  args: z.array(z.string()).default([]).describe("Arguments passed to the program, one per element, without shell quoting."),
  cwd: z.string().default(".").describe("Working directory, relative to the workspace root."),
  env: z.record(z.string(), z.string()).default({}).describe("Extra environment variables for the command (only PATH, LANG, LC_ALL, TZ and HOME are inherited)."),
  timeoutMs: z.number().int().min(1).max(600_000).default(30_000).describe("Milliseconds before the command and its children are killed."),
});
type RunInput = z.infer<typeof schema>;

/** The child's environment: the allow-listed parent variables, then the explicit ones. */
export function childEnv(explicit: Record<string, string>): Record<string, string> {
  const inherited = INHERITED_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!] as const]));
  return { ...Object.fromEntries(inherited), ...explicit };
}

/** Keeps the first MAX_OUTPUT_BYTES of interleaved stdout and stderr. */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;
  append(chunk: Buffer): void {
    const room = MAX_OUTPUT_BYTES - this.kept;
    if (chunk.length > room) this.truncated = true;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

type ProcessEnd =
  | { kind: "exited"; code: number | null; signal: NodeJS.Signals | null }
  | { kind: "timed_out" }
  | { kind: "aborted" }
  | { kind: "spawn_failed"; error: NodeJS.ErrnoException };

/** Kills the whole process group the child leads (it was spawned detached). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/**
 * Spawns the program (already resolved to `executable`) in its own process group, inside
 * its own PID namespace when the machine allows it (processSandbox.ts), and waits for it to end,
 * time out or be aborted. When it ends, its group is killed, so background children go with
 * it; on timeout or abort the whole group is killed at once. Never throws.
 */
function runProcess(input: RunInput, executable: string, cwd: string, containment: Containment, output: CappedOutput, signal?: AbortSignal): Promise<ProcessEnd> {
  return new Promise((resolve) => {
    let child;
    const [program, ...args] = containment.kind === "pid_namespace" ? [...containment.prefix, executable, ...input.args] : [executable, ...input.args];
    try {
      child = spawn(program!, args, {
        cwd,
        env: childEnv(input.env),
        shell: false,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (err) {
      resolve({ kind: "spawn_failed", error: err as NodeJS.ErrnoException });
      return;
    }
    let ending: ProcessEnd | undefined;
    const drainSoon = (ms: number) =>
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, ms).unref();
    const stop = (end: ProcessEnd) => {
      ending ??= end;
      killGroup(child.pid);
      drainSoon(KILL_DRAIN_MS);
    };
    const timer = setTimeout(() => stop({ kind: "timed_out" }), input.timeoutMs);
    const onAbort = () => stop({ kind: "aborted" });
    const finish = (end: ProcessEnd) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(end);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
    child.stdout?.on("data", (chunk: Buffer) => output.append(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.append(chunk));
    child.on("exit", () => {
      // The command is done: whatever it left running in its group goes too.
      killGroup(child.pid);
      drainSoon(EXIT_DRAIN_MS);
    });
    child.on("error", (error) => {
      if (child.pid === undefined) finish({ kind: "spawn_failed", error });
    });
    child.on("close", (code, exitSignal) => finish(ending ?? { kind: "exited", code, signal: exitSignal }));
  });
}

/** The command line as a person would type it, for summaries and evidence. */
const displayCommand = (input: RunInput): string =>
  [input.command, ...input.args].map((part) => (/^[\w./:=@%+-]+$/.test(part) ? part : JSON.stringify(part))).join(" ");

function spawnFailure(input: RunInput, error: NodeJS.ErrnoException): ToolOutcome {
  if (error.code === "ENOENT") {
    const hint = /\s/.test(input.command) ? "; command is one program name, put its arguments in args" : "";
    return fail("not_found", `command ${JSON.stringify(input.command)} was not found${hint}`);
  }
  if (error.code === "EACCES") return fail("invalid_input", `command ${JSON.stringify(input.command)} is not executable`);
  return fail("tool_error", `could not start ${JSON.stringify(input.command)}: ${error.message}`);
}

export const runCommand = defineTool({
  name: "run_command",
  domain: "terminal",
  description:
    "Run one program with arguments (no shell: no pipes, globs or redirects) in a workspace directory and return its exit code and combined output (first 64 KB). A non-zero exit is reported, not treated as a tool failure.",
  schema,
  risk: "terminal",
  effectContext(input) {
    const cwd = normalizeRelPath(input.cwd);
    return { cwd: cwd.ok ? cwd.rel : input.cwd, env: input.env, timeoutMs: input.timeoutMs };
  },
  timeoutMs: (input) => input.timeoutMs + KILL_DRAIN_MS + 1000,
  async execute(input, ctx) {
    const cwd = await resolveInWorkspace(ctx.workspaceRoot, input.cwd);
    if (!cwd.ok) return cwd;
    // The command starts in the directory that was verified, reached through its descriptor.
    const dir = await openDir(ctx.workspaceRoot, cwd.rel, { create: false });
    if (!dir.ok) return dir;
    try {
      const cwdPath = fdPath(dir.dir);
      const found = findExecutable(input.command, childEnv(input.env).PATH, cwdPath);
      // A program inside the cwd is named relative to it: the descriptor path is closed on exec,
      // so `/proc/self/fd/N/script.sh` would not reach a script's interpreter (exit 127).
      const executable = typeof found === "string" && found.startsWith(`${cwdPath}/`) ? `./${found.slice(cwdPath.length + 1)}` : found;
      if (executable === null) return spawnFailure(input, Object.assign(new Error("not found"), { code: "ENOENT" }));
      if (executable === "not_executable") return spawnFailure(input, Object.assign(new Error("not executable"), { code: "EACCES" }));
      const output = new CappedOutput();
      const shown = displayCommand(input);
      // Snapshots around the run record what it changed, whatever the program (commandChanges.ts).
      const before = snapshotWorkspace(ctx.workspaceRoot);
      const digests = namedDigests(ctx.workspaceRoot, before, [input.command, ...input.args].join(" "));
      const end = await runProcess(input, executable, cwdPath, await commandContainment(), output, ctx.signal);
      const changes = end.kind === "exited" ? diffSnapshots(before, snapshotWorkspace(ctx.workspaceRoot), sameBytes(ctx.workspaceRoot, digests)) : undefined;
      return outcomeOf(end, input, shown, cwd.rel, output, changes);
    } finally {
      await dir.dir.close();
    }
  },
});

function outcomeOf(end: ProcessEnd, input: RunInput, shown: string, cwdRel: string, output: CappedOutput, changes?: PathChange[]): ToolOutcome {
  switch (end.kind) {
    case "spawn_failed":
      return spawnFailure(input, end.error);
    case "timed_out":
      return fail("timeout", `\`${shown}\` did not finish within ${input.timeoutMs} ms; its processes were killed`);
    case "aborted":
      return fail("outcome_unknown", `\`${shown}\` was aborted while running; its processes were killed`);
    case "exited": {
      const status = end.code !== null ? `exit code ${end.code}` : `killed by ${end.signal}`;
      const cut = output.truncated ? ` (output truncated to ${MAX_OUTPUT_BYTES} bytes)` : "";
      const content = [`$ ${shown}`, output.text(), `[${status}]${cut}`].join("\n");
      return ok(`ran \`${shown}\` in ${cwdRel}: ${status}${cut}${changedNote(changes)}`, [{ kind: "command", source: { path: cwdRel }, content, verified: true, ...(changes ? { changes } : {}) }]);
    }
  }
}

/** The summary's word on what the command changed, so the model knows too (a few paths, then a count). */
function changedNote(changes: PathChange[] | undefined): string {
  if (!changes?.length) return "";
  const shown = changes.slice(0, 5).map((c) => (c.change === "moved" ? `${c.from} moved to ${c.path}` : `${c.path} ${c.change}`));
  return `; changed: ${shown.join(", ")}${changes.length > 5 ? ` and ${changes.length - 5} more` : ""}`;
}
