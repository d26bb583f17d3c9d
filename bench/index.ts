/**
 * `npm run bench`: the command start time, the per-step cost benchmark, the resolution benchmark when
 * `bench/resolution.ts` is present (it is written separately and may not exist yet), the
 * evaluation routes' runtime overhead, the completion gate's false-block and false-pass rates
 * on the request table, and the offline planner's solved tasks. With `--serve`
 * (`npm run bench -- --serve`, or `npm run bench:serve` alone), also the scale-out benchmark
 * of `mira serve` instances on one PostgreSQL, which takes several minutes and needs
 * PostgreSQL and Redis.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runCliStartBench } from "./cliStart.js";
import { runGovernedStepBench } from "./governedStep.js";
import { runOfflineBench } from "./offlineTasks/run.js";
import { runGateBench } from "./taskTable/run.js";
import { runRouteOverheadBench } from "./routeOverhead.js";

type ResolutionBench = { runResolutionBench?: () => Promise<string> };

/** The resolution benchmark's report, or null when that module is absent. */
async function resolutionReport(): Promise<string | null> {
  if (!existsSync(fileURLToPath(new URL("./resolution.ts", import.meta.url)))) return null;
  // A computed specifier: the module is optional, so the type checker must not require it.
  const specifier = "./resolution.js";
  const mod = (await import(specifier)) as ResolutionBench;
  if (typeof mod.runResolutionBench !== "function") return "bench/resolution.ts does not export runResolutionBench(); skipped.";
  return mod.runResolutionBench();
}

async function main(): Promise<void> {
  console.log(runCliStartBench());
  console.log(`\n${await runGovernedStepBench()}`);
  const resolution = await resolutionReport();
  if (resolution !== null) console.log(`\n${resolution}`);
  console.log(`\n${await runRouteOverheadBench()}`);
  console.log(`\n${await runGateBench()}`);
  console.log(`\n${await runOfflineBench()}`);
  if (process.argv.includes("--serve")) {
    const { runScaleOutBench } = await import("./scaleOut.js");
    console.log(`\n${await runScaleOutBench()}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
