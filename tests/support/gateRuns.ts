/** Scripted completion-gate runs for the observed-state rule tests (`bench/taskTable/run.ts` underneath). */
import { runGateScript, type GateScript } from "../../bench/taskTable/run.js";

/** One `run_command` call running `script` through `sh -c`. */
export const sh = (script: string): GateScript["work"][number] => ["run_command", { command: "sh", args: ["-c", script] }];

/** A run over `files` whose model does `work`, then gives `answer` twice, so a refused run also shows what follows the refusal. */
export const gateRunner =
  (files: Record<string, string>) =>
  (id: string, request: string, work: GateScript["work"], answer: string) =>
    runGateScript({ id, request, files, work, answers: [answer, answer] });
