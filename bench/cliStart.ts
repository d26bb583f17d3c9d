/**
 * Start time of the `mira` command (`--help`, `--version`) beside bare `node`: the bin runs
 * the JavaScript compiled into dist/ and loads LangGraph only for commands that run graphs.
 * Acceptance: at most 0.5 s each (median of several runs, wall clock).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 7;
/** Acceptance: `mira --help` and `mira --version` start within this many ms. */
export const MAX_START_MS = 500;

function medianMs(args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const began = performance.now();
    execFileSync(process.execPath, args, { cwd: REPO, stdio: "ignore" });
    times.push(performance.now() - began);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export function runCliStartBench(): string {
  execFileSync(process.execPath, [fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url)), "-p", "tsconfig.build.json"], { cwd: REPO });
  const node = medianMs(["-e", "0"]);
  const rows = [
    ["node -e 0", node],
    ["mira --help", medianMs(["bin/mira.js", "--help"])],
    ["mira --version", medianMs(["bin/mira.js", "--version"])],
  ] as const;
  const lines = [`command start, median of ${RUNS} runs (wall clock):`, ...rows.map(([name, ms]) => `  ${name.padEnd(15)} ${ms.toFixed(0).padStart(5)} ms${name === "node -e 0" ? "" : `  (node + ${(ms - node).toFixed(0)} ms)`}`)];
  for (const [name, ms] of rows.slice(1)) lines.push(`${ms <= MAX_START_MS ? "PASS" : "FAIL"} ${name}: ${ms.toFixed(0)} ms (limit ${MAX_START_MS} ms)`);
  return lines.join("\n");
}
