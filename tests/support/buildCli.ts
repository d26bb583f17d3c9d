/**
 * Vitest global setup: the `mira` bin runs the JavaScript in dist/, so tests that spawn it
 * build it first (incremental: a no-op when nothing changed), never testing a stale build.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url)), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
}
