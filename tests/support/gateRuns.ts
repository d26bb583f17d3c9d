/** Scripted completion-gate runs for the observed-state rule tests (`bench/taskTable/run.ts` underneath). */
import { rm } from "node:fs/promises";
import { afterAll } from "vitest";
import { runGateScript, type GateScript } from "../../bench/taskTable/run.js";

/** The runs' temporary workspaces, removed once the file's tests have checked them. */
const workspaces: string[] = [];
afterAll(async () => {
  await Promise.all(workspaces.splice(0).map((w) => rm(w, { recursive: true, force: true })));
});

/** One `run_command` call running `script` through `sh -c`. */
export const sh = (script: string): GateScript["work"][number] => ["run_command", { command: "sh", args: ["-c", script] }];

/** A run over `files` whose model does `work`, then gives `answer` twice, so a refused run also shows what follows the refusal. */
export const gateRunner =
  (files: Record<string, string>) =>
  async (id: string, request: string, work: GateScript["work"], answer: string) => {
    const outcome = await runGateScript({ id, request, files, work, answers: [answer, answer] });
    workspaces.push(outcome.workspace);
    return outcome;
  };
