/**
 * A skill's private runtime (CONTRACT §8): one fixed program, wrapped as a `terminal` tool
 * that only the skill's child can see. Declaring it in a manifest does not make it ready:
 * readiness is probed on every check (the program is on PATH, the files it needs exist).
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import { z } from "zod";
import { runCommand } from "../tools/workspace/runCommand.js";
import { defineTool, type Readiness, type ToolSource } from "../tools/types.js";
import type { SkillRuntime } from "./manifest.js";

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Where `command` would be found on PATH, or null. */
function findOnPath(command: string, path = process.env.PATH ?? ""): string | null {
  if (isAbsolute(command) || command.includes("/")) return isExecutable(command) ? command : null;
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The probe: never trusts the manifest, looks at the machine and the workspace. */
export function probeRuntime(runtime: SkillRuntime, workspaceRoot: string): Readiness {
  if (!findOnPath(runtime.command)) return { ready: false, reason: `private runtime program "${runtime.command}" is not installed (not found on PATH)` };
  const missing = runtime.requires.filter((rel) => !existsSync(join(workspaceRoot, rel)));
  if (missing.length) return { ready: false, reason: `private runtime needs ${missing.join(", ")} in the workspace` };
  return { ready: true };
}

/** The runtime's one tool, as a ToolSource the skill child's Harness adds to its registry. */
export function privateRuntimeSource(skill: string, runtime: SkillRuntime, workspaceRoot: string): ToolSource {
  const fixed = { command: runtime.command, cwd: ".", env: {}, timeoutMs: runtime.timeoutMs };
  const tool = defineTool({
    name: runtime.tool,
    domain: `skill.${skill}`,
    description: `${runtime.description} Runs \`${[runtime.command, ...runtime.args].join(" ")}\` in the workspace root; returns its exit code and output.`,
    schema: z.object({ args: z.array(z.string()).default([]).describe("Extra arguments appended to the fixed command (e.g. one test file).") }),
    risk: "terminal",
    effectContext: (input) => ({ ...fixed, args: [...runtime.args, ...input.args] }),
    execute: (input, ctx) => runCommand.execute({ ...fixed, args: [...runtime.args, ...input.args] }, ctx),
  });
  return { id: `skill:${skill}`, tools: () => [tool], readiness: () => probeRuntime(runtime, workspaceRoot) };
}
