/**
 * The `mira` command line. Every failure a user can cause prints one line and exits with
 * a documented code (0 completed, 2 waiting, 1 failed, 64 usage, 75 thread busy); never a stack trace.
 *
 * Only commander and a few small modules load at start: LangGraph, the tools and the
 * checkpointers are imported by the command that needs them, so `--help` and `--version`
 * stay fast.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { CheckpointStoreError } from "../checkpointers/errors.js";
import { ThreadBusyError } from "../checkpointers/threadLease.js";
import { InputError } from "../contract/errors.js";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";
import { ServeError } from "../server/errors.js";
import { DEFAULT_THREAD_LIMIT, type Output } from "./io.js";
import { registerEvalCommand } from "./eval.js";
import { EXIT } from "./summary.js";
import { DEFAULT_MODEL_SPEC } from "../config/models.js";

export type { Output } from "./io.js";
/** For bin/mira.js's code cache loader: whether this process ran a step (cli/codeCache.ts). */
export { droveGraph } from "./runMark.js";

/** The package version, from the package's own package.json (sources or dist/). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

// Each command loads what it needs when it runs: the reading commands only the checkpoint
// store (readCommands.js), the commands that advance a run LangGraph and the runtime too.
const commands = () => import("./commands.js");
const reading = () => import("./readCommands.js");

export function buildProgram(io: Output, setExit: (code: number) => void): Command {
  const program = new Command("mira")
    .description("Governed tool-using agents on LangGraph: frozen calls, exact approvals, evidence.")
    .version(packageVersion(), "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .helpCommand("help [command]", "show help for a command")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  const store = (c: Command) =>
    c
      .option("--checkpointer <url>", "memory | sqlite:PATH | postgres://… (default $MIRA_CHECKPOINTER or sqlite:.mira/mira.db)")
      .option("--json", "print the AgentRun summary as JSON (complete, however large)");
  const interactive = (c: Command) => c.option("--no-interactive", "never prompt: print the resume command and exit 2, even in a terminal");

  interactive(
    store(
      program
        .command("run")
        .description("Start a run on a task; in a terminal, approvals are asked for on the spot.")
        .argument("<task>", "what the agent should do")
        .requiredOption("--workspace <dir>", "the directory the tools may touch")
        .option("--model <spec>", "offline | openai | scripted:FILE", DEFAULT_MODEL_SPEC)
        .option("--thread <id>", "thread id (default: a new one)")
        .option("--policy <file>", "policy file (JSON or YAML)")
        .option("--max-steps <n>", "Planner turns before a guarded answer")
        .option("--catalog <file>", "a catalog file replacing the default real tools, or builtin-simulated for the evaluation catalog (simulated backends)")
        .option("--mcp <file>", "connect the MCP servers of this config file")
        .option("--skills <dir>", "folder of skill folders (default: the built-in skills)"),
    ),
  ).action(async (task: string, opts) => setExit(await (await commands()).runCommand(task, opts, io)));

  interactive(
    store(
      program
        .command("resume")
        .description("Continue a paused run with a decision on its pending call or an answer to its question.")
        .argument("<thread>", "the paused thread, or one whose process stopped mid-step (then give no decision flag)")
        .option("--approve", "approve the pending call")
        .option("--reject", "reject the pending call")
        .option("--edit <json>", "replace the pending call's input (a new call, asked again)")
        .option("--reason <text>", "why (kept with the decision)")
        .option("--answer <text>", "answer the pending question")
        .option("--stop-child", "stop the SubAgent the run is paused in (its pending call never runs; the parent continues)")
        .option("--tool-call-id <id>", "the pending call's id (approvals)")
        .option("--input-hash <hash>", "the pending call's input hash (approvals)"),
    ),
  ).action(async (thread: string, opts) => setExit(await (await commands()).resumeCommand(thread, opts, io)));

  store(
    program
      .command("cancel")
      .description("Cancel a paused run: it ends cancelled and its pending call never runs (Agent Chat UI's \"Mark as resolved\").")
      .argument("<thread>", "the paused thread")
      .option("--reason <text>", "why (kept in the trace)"),
  ).action(async (thread: string, opts) => setExit(await (await commands()).cancelCommand(thread, opts, io)));

  store(program.command("show").description("Print a thread's trace, state and what the execution ledger says ran.").argument("<thread>", "a thread id")).action(
    async (thread: string, opts) => setExit(await (await reading()).showCommand(thread, opts, io)),
  );

  store(
    program
      .command("threads")
      .description("List the threads in the checkpoint store, newest first.")
      .addOption(new Option("--status <status>", "only threads with this status").choices(["running", "waiting_user", "waiting_approval", "completed", "failed", "cancelled"]))
      .option("--limit <n>", `list at most this many threads (default ${DEFAULT_THREAD_LIMIT})`)
      .option("--offset <n>", "skip this many (matching) threads first: the next page"),
  ).action(async (opts) => setExit(await (await reading()).threadsCommand(opts, io)));

  store(program.command("approvals").description("List the calls waiting for approval across threads, each with the command that decides it.")).action(async (opts) =>
    setExit(await (await reading()).approvalsCommand(opts, io)),
  );

  program
    .command("serve")
    .description("Serve the LangGraph API on PostgreSQL; run several to share one set of threads.")
    .option("--port <n>", "port to listen on", "8123")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--checkpointer <url>", "postgres://… shared by every instance (default $MIRA_CHECKPOINTER)")
    .option("--redis <url>", "Redis for run streams and cancellations (default $MIRA_REDIS_URL or redis://127.0.0.1:6379)")
    .option("--workers <n>", "runs this instance executes at once", "4")
    .option("--lease-seconds <n>", "how long a run may be held before another instance may take it over", "300")
    .action(async (opts) => setExit(await (await import("./serve.js")).serveCommand(opts, io)));

  registerEvalCommand(program, io, setExit);

  // `mira tools …` is its own small program (cli/toolsMain.ts): only the Harness loads.
  program
    .command("tools")
    .description("Inspect the Harness: tool states and Progressive Resolution (mira tools --help).")
    .argument("[args...]", "status | resolve <task>, with their options")
    .helpOption(false)
    .allowUnknownOption()
    .action(async (args: string[]) => setExit(await (await import("./toolsMain.js")).toolsMain(["tools", ...args], io)));
  return program;
}

/** Runs the CLI and returns the exit code; errors become one line on stderr. */
export async function main(argv: string[], io: Output = { out: (s) => console.log(s), err: (s) => console.error(s) }): Promise<number> {
  let code: number = EXIT.completed;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT.usage;
    const message = (err as Error).message?.split("\n")[0] ?? String(err);
    if (err instanceof ThreadBusyError) {
      io.err(`mira: ${message}`);
      return EXIT.busy;
    }
    if (err instanceof InputError) {
      io.err(`mira: ${message}`);
      return EXIT.usage;
    }
    io.err(err instanceof CheckpointStoreError || err instanceof ServeError ? `mira: ${message}` : `mira: internal error: ${message}`);
    return EXIT.failed;
  }
}
