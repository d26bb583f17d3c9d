/** The four routes by name, and `--routes` parsing. */
import { ROUTES, type RouteName } from "../types.js";
import { createAgentRoute } from "./createAgent.js";
import { miraProgressiveRoute, miraTop20Route } from "./mira.js";
import { piLoopRoute } from "./piLoop.js";
import type { Route } from "./types.js";
import { UsageError } from "../../contract/errors.js";

export const ROUTE_TABLE: Record<RouteName, Route> = {
  mira: miraProgressiveRoute,
  "mira-top20": miraTop20Route,
  "pi-loop": piLoopRoute,
  createagent: createAgentRoute,
};

export function parseRoutes(raw: string | undefined): Route[] {
  const names = (raw ?? ROUTES.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new UsageError("--routes is empty");
  const unknown = names.filter((n) => !(n in ROUTE_TABLE));
  if (unknown.length) throw new UsageError(`unknown route "${unknown[0]}": use ${ROUTES.join(", ")}`);
  return [...new Set(names)].map((n) => ROUTE_TABLE[n as RouteName]);
}
