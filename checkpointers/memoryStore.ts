/** The `memory` setting: for tests and throwaway runs; nothing survives the process. */
import { MemorySaver } from "@langchain/langgraph";
import { createMemoryLedger } from "../ledger/memoryLedger.js";
import type { CheckpointStore } from "./types.js";

export function openMemoryStore(): CheckpointStore {
  const checkpointer = new MemorySaver();
  return {
    kind: "memory",
    checkpointer,
    threadIds: async () => Object.keys(checkpointer.storage).reverse(),
    ledger: createMemoryLedger(),
    description: "in-memory (lost when the process exits)",
    close: async () => {},
  };
}
