/**
 * The Mira graph as `mira serve` loads it: the graph of `graphs/server.ts` with its
 * checkpoints in the PostgreSQL database of `MIRA_CHECKPOINTER` (`BranchSafePostgresSaver`),
 * beside the execution ledger that `graphs/server.ts` opens from the same setting.
 *
 * The official API server assigns its own in-memory checkpointer to every graph it runs
 * (`getGraph` sets `graph.checkpointer`); an accessor that ignores the assignment keeps this
 * graph on the shared PostgreSQL saver, so every instance reads and writes the same threads.
 */
import { openCheckpointStore, resolveCheckpointerSetting } from "../checkpointers/index.js";
import { mira } from "../graphs/server.js";

// Lives as long as the server process that imported this module.
const store = await openCheckpointStore(resolveCheckpointerSetting());

Object.defineProperty(mira, "checkpointer", {
  get: () => store.checkpointer,
  set: () => {},
  configurable: true,
});

export { mira };
