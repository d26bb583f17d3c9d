/**
 * The Mira graph as `mira serve` loads it: the per-run graph of `runtime/servedGraph.ts` with its
 * checkpoints in the PostgreSQL database of `MIRA_CHECKPOINTER` (`BranchSafePostgresSaver`),
 * beside the execution ledger that `runtime/servedGraph.ts` opens from the same setting.
 *
 * The official API server assigns its own in-memory checkpointer to every graph it runs
 * (`getGraph` sets `graph.checkpointer`); an accessor that ignores the assignment keeps this
 * graph on the shared PostgreSQL saver, so every instance reads and writes the same threads.
 */
import { openCheckpointStore, resolveCheckpointerSetting } from "../checkpointers/index.js";
import { mira as graphFor } from "../runtime/servedGraph.js";

// Lives as long as the server process that imported this module.
const store = await openCheckpointStore(resolveCheckpointerSetting());

/** The graph for one run (see runtime/servedGraph.ts), pinned to the shared PostgreSQL saver. */
export async function mira(...args: Parameters<typeof graphFor>) {
  const graph = await graphFor(...args);
  Object.defineProperty(graph, "checkpointer", {
    get: () => store.checkpointer,
    set: () => {},
    configurable: true,
  });
  return graph;
}

