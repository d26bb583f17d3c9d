/**
 * `npm run bench`: the command start-up (`mira run` to its first step, `threads` and `show` on
 * one and on 10,000 threads), the per-step cost benchmark, the Planner's prompt tokens per call
 * over a 100-step run (on the wire, through a stand-in endpoint), the resolution benchmark, the
 * evaluation routes' runtime overhead, the completion gate's false-block and false-pass rates
 * on the request table (tuned on) and, separately, on each blind-written completion set
 * (`COMPLETION_SPLITS`: each `tuning-*` set measured once blind and tuned on since, a
 * `heldout*` set never tuned on; `npx tsx bench/completionHeldout.ts` alone), the offline planner's solved
 * tasks, and a short `mira serve` beside `langgraphjs dev` throughput comparison
 * (`bench/serveThroughput.ts`; needs PostgreSQL and Redis, about three minutes;
 * `npx tsx bench/serveThroughput.ts` alone for the full one). With `--serve`
 * (`npm run bench -- --serve`, or `npm run bench:serve` alone), also the scale-out benchmark
 * of `mira serve` instances on one PostgreSQL, which takes several minutes and needs
 * PostgreSQL and Redis.
 */
import { runCliStartBench } from "./cliStart.js";
import { runGovernedStepBench } from "./governedStep.js";
import { runOfflineBench } from "./offlineTasks/run.js";
import { runPromptTokenBench } from "./promptTokens.js";
import { runResolutionBench } from "./resolution.js";
import { runGateBench } from "./taskTable/run.js";
import { runHeldoutBench } from "./completionHeldout.js";
import { runRouteOverheadBench } from "./routeOverhead.js";
import { runServeThroughputBench } from "./serveThroughput.js";

async function main(): Promise<void> {
  console.log(await runCliStartBench());
  console.log(`\n${await runGovernedStepBench()}`);
  console.log(`\n${await runPromptTokenBench()}`);
  console.log(`\n${await runResolutionBench()}`);
  console.log(`\n${await runRouteOverheadBench()}`);
  console.log(`\n${await runGateBench()}`);
  console.log(`\n${await runHeldoutBench()}`);
  console.log(`\n${await runOfflineBench()}`);
  console.log(`\n${await runServeThroughputBench(20, 2).catch((err: unknown) => `serve throughput: not measured (${(err as Error)?.message?.split("\n")[0] ?? err})`)}`);
  if (process.argv.includes("--serve")) {
    const { runScaleOutBench } = await import("./scaleOut.js");
    console.log(`\n${await runScaleOutBench()}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
