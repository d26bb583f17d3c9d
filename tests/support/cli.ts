/** Running `mira` in tests: as a user would (a separate Node process) or in this process (fast). */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { main } from "../../cli/main.js";

const exec = promisify(execFile);

export interface MiraResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/mira.js …` with no MIRA_CHECKPOINTER from the environment; output of any size. */
export async function mira(args: string[]): Promise<MiraResult> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["bin/mira.js", ...args], { cwd: process.cwd(), env: { ...process.env, MIRA_CHECKPOINTER: "" }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `main(args)` in this process, capturing its output. */
export async function miraInProcess(args: string[]): Promise<MiraResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}
