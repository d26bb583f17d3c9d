/**
 * `mira tools …` on its own: the same commands `main.ts` registers, without loading the
 * graph, the checkpointers and the model stack they never use, so a resolution from a shell
 * starts in a fraction of a second. Errors are one line, usage errors exit 64, as in `main`.
 */
import { Command, CommanderError } from "commander";
import { InputError } from "../contract/errors.js";
import { EXIT } from "./summary.js";
import { registerToolsCommands } from "./tools.js";

export async function toolsMain(argv: string[], io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s) }): Promise<number> {
  const program = new Command("mira")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  registerToolsCommands(program, { stdout: io.out, stderr: io.err });
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT.completed;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT.usage;
    const message = (err as Error).message?.split("\n")[0] ?? String(err);
    io.err(`mira: ${message}`);
    return err instanceof InputError ? EXIT.usage : EXIT.failed;
  }
}
