/**
 * The token sweep behind the "tokens per task against catalog size" chart: a few cases of
 * the suite run with the oracle on each route at 62, 500 and 5,000 tools, and the mean
 * prompt tokens per model call of each route at each size.
 */
import { loadSuite } from "./case.js";
import type { CatalogSpec } from "./catalog.js";
import type { SweepPoint } from "./report/html.js";
import { runEval } from "./runner.js";
import type { Route } from "./routes/types.js";

export const SWEEP_CATALOGS: CatalogSpec[] = ["builtin", "500", "5000"];

/** The first `cases` usable cases of the suite; none when `cases` is 0. */
export async function tokenSweep(suiteFile: string, routes: Route[], cases: number, onProgress?: (label: string) => void): Promise<SweepPoint[]> {
  if (cases <= 0) return [];
  const ids = new Set(loadSuite(suiteFile).flatMap((e) => (e.ok ? [e.case.id] : [])).slice(0, cases));
  const points: SweepPoint[] = [];
  for (const catalog of SWEEP_CATALOGS) {
    onProgress?.(`token sweep: ${catalog} catalog`);
    const run = await runEval({ suiteFile, routes, model: { kind: "oracle" }, catalog, only: ids });
    for (const s of run.summary) points.push({ route: s.route, catalogSize: run.meta.catalogSize, meanPromptTokens: s.groups.all!.meanPromptTokens });
  }
  return points;
}
