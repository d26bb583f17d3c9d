/**
 * Vitest global setup: the `mira` bin runs the JavaScript built into dist/ (tsc's output and
 * the bundle made from it), so tests that spawn it build it first (tsc is incremental, a no-op
 * when nothing changed; the bundle takes a few seconds), never testing a stale build.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundleCli } from "../../scripts/bundleCli.js";

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url)), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
  await bundleCli();
}
