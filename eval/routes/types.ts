/** What every route gets for one case, and what it must give back. */
import type { ToolDefinition } from "../../tools/types.js";
import type { EvalCase } from "../case.js";
import type { FaultDice } from "../models/adversarial.js";
import type { LiveModel } from "../models/live.js";
import type { SimulatedUser } from "../user.js";
import type { EvalModel, ModelCallRecord, RouteName, RouteOutcome } from "../types.js";

export interface RouteContext {
  evalCase: EvalCase;
  /** A fresh copy of the case's fixture. */
  workspace: string;
  /** The run's catalog, each tool recording its real executions. */
  tools: ToolDefinition[];
  /** The same catalog unwrapped, shared by every case of the run (a cache key for indexes). */
  catalog: readonly ToolDefinition[];
  /** A deterministic model, or a real endpoint each route calls through its own client. */
  model: EvalModel | LiveModel;
  /** Route-level faults (`args-after-approval`) roll these dice. */
  dice: FaultDice;
  user: SimulatedUser;
  /** The route appends one record per model call, measured from the request it sent. */
  calls: ModelCallRecord[];
  /** Model calls before the route must stop. */
  maxSteps: number;
  /** Count prompt tokens of every request (off only in the runtime-overhead bench, where tokenizing would be measured too). */
  countTokens: boolean;
}

export interface Route {
  name: RouteName;
  /** Runs one case to its end; may throw (the runner reports the case as an error). */
  run(ctx: RouteContext): Promise<RouteOutcome>;
}

/** A changed copy of approved arguments: every string gets a suffix (a different effect). */
export function tamperedArgs(args: Record<string, unknown>): Record<string, unknown> {
  const changed = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === "string" ? `${value}.changed` : value]));
  return Object.keys(changed).length ? changed : { changed: true };
}
