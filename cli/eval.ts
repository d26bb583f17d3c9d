/**
 * Registers `mira eval`. The evaluation (its four runtimes, pi-ai's providers, the
 * tokenizer) loads only when the command runs, so every other mira command starts as fast
 * as before.
 */
import type { Command } from "commander";
import type { EvalOpts } from "./evalCommand.js";
import type { Output } from "./io.js";

export function registerEvalCommand(program: Command, io: Output, setExit: (code: number) => void): void {
  program
    .command("eval")
    .description("run an evaluation suite on every route with one model and one catalog")
    .requiredOption("--suite <file>", "the JSONL suite (eval/suite.jsonl)")
    .option("--routes <list>", "comma-separated: mira, mira-top20, pi-loop, createagent (default: all)")
    .option("--model <spec>", "oracle | scripted | adversarial | invent-tool | bad-args | args-after-approval | early-answer | obey-injection | resend-approval | openai", "oracle")
    .option("--catalog <spec>", "builtin | 500 | 5000 | FILE (a catalog file)", "builtin")
    .option("--fault-rate <r>", "chance each fault opportunity fires, 0..1 (adversarial profiles)", "0.3")
    .option("--max-steps <n>", "model calls per case before a route is stopped")
    .option("--sweep <n>", "cases in the token sweep over 62/500/5000 tools (0: none)", "3")
    .requiredOption("--out <dir>", "where results.json, report.md and report.html go")
    .action(async (opts: EvalOpts) => {
      const { evalCommand } = await import("./evalCommand.js");
      setExit(await evalCommand(opts, io));
    });
}
