/**
 * Per-step runtime overhead of each evaluation route on the same scripted trajectory: N
 * calls of a read-class no-op tool, then an answer, driven by the same scripted model
 * through each route's real runtime (Mira's graph on a memory checkpointer, pi-agent-core's
 * Agent, createAgent on a memory checkpointer). The model and tool cost nothing, token
 * counting is off, so what is left is the runtime: ms per step is the marginal cost between
 * a short and a long run (cheapest of a few interleaved repeats).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EvalCase } from "../eval/case.js";
import { FaultDice } from "../eval/models/adversarial.js";
import { ScriptedEvalModel } from "../eval/models/scripted.js";
import { ROUTE_TABLE } from "../eval/routes/index.js";
import type { Route } from "../eval/routes/types.js";
import type { ModelCallRecord } from "../eval/types.js";
import { SimulatedUser } from "../eval/user.js";
import type { ScriptedTurn } from "../models/scripted.js";
import { noopTool } from "./noopTool.js";

const SHORT = 10;
const LONG = 60;
const REPEATS = 3;

const trajectory = (steps: number): ScriptedTurn[] => [
  ...Array.from({ length: steps }, (_, i): ScriptedTurn => ({ content: "", tool_calls: [{ id: `c${i}`, name: "noop", args: { n: i } }] })),
  { content: "", tool_calls: [{ id: "done", name: "answer", args: { text: `counted to ${steps}` } }] },
];

/** Milliseconds for one route to run the whole trajectory of `steps` tool calls. */
async function timeRoute(route: Route, steps: number): Promise<number> {
  const workspace = mkdtempSync(join(tmpdir(), "mira-bench-route-"));
  const evalCase: EvalCase = {
    id: "bench",
    split: "tuning",
    category: "read",
    subsets: [],
    // The request governedStep.ts uses: the TaskFrame's goals are covered by the no-op calls.
    task: `call noop for each number up to ${steps}`,
    fixture: "none",
    gold: { tools: ["noop"], plan: [{ answer: "done", cite: [] }] },
    user: { approvals: [], answer: "" },
    expect: { failure: "none", checks: [{ type: "no_side_effects" }] },
  };
  const calls: ModelCallRecord[] = [];
  try {
    const started = performance.now();
    const outcome = await route.run({
      evalCase,
      workspace,
      tools: [noopTool],
      catalog: [noopTool],
      model: new ScriptedEvalModel(trajectory(steps)),
      dice: new FaultDice(new Set(), 0, "bench"),
      user: new SimulatedUser([], ""),
      calls,
      maxSteps: steps + 5,
      countTokens: false,
    });
    const ms = performance.now() - started;
    if (calls.length !== steps + 1 || outcome.answer === null) throw new Error(`${route.name} did not finish the trajectory: ${calls.length}/${steps + 1} model calls`);
    return ms;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

export async function runRouteOverheadBench(): Promise<string> {
  const routes = [ROUTE_TABLE.mira, ROUTE_TABLE["pi-loop"], ROUTE_TABLE.createagent];
  for (const route of routes) await timeRoute(route, SHORT); // warm-up
  const best = new Map(routes.map((r) => [r.name, { short: Infinity, long: Infinity }]));
  for (let i = 0; i < REPEATS; i++) {
    for (const route of routes) {
      const b = best.get(route.name)!;
      b.short = Math.min(b.short, await timeRoute(route, SHORT));
      b.long = Math.min(b.long, await timeRoute(route, LONG));
    }
  }
  const rows = routes.map((r) => {
    const b = best.get(r.name)!;
    return `| ${r.name.padEnd(11)} | ${((b.long - b.short) / (LONG - SHORT)).toFixed(2).padStart(7)} | ${b.long.toFixed(0).padStart(9)} |`;
  });
  return [
    `Route runtime overhead: the same scripted trajectory (no-op read tool, zero-latency model, memory checkpointers, no token counting)`,
    `ms/step = (time for ${LONG} steps − time for ${SHORT}) ÷ ${LONG - SHORT}, cheapest of ${REPEATS} interleaved runs; mira-top20 is the same runtime as mira`,
    "",
    "| route       | ms/step | ms total (N=60) |",
    "|-------------|---------|-----------------|",
    ...rows,
  ].join("\n");
}
