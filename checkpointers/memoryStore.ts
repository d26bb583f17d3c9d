/** The `memory` setting: for tests and throwaway runs; nothing survives the process. */
import { MemorySaver } from "@langchain/langgraph";
import { createMemoryLedger } from "../ledger/memoryLedger.js";
import { ThreadBusyError } from "./threadLease.js";
import type { CheckpointStore } from "./types.js";

export function openMemoryStore(): CheckpointStore {
  const checkpointer = new MemorySaver();
  const held = new Set<string>();
  return {
    kind: "memory",
    checkpointer,
    threadIds: async () => Object.keys(checkpointer.storage).reverse(),
    ledger: createMemoryLedger(),
    description: "in-memory (lost when the process exits)",
    async claimThread(threadId) {
      if (held.has(threadId)) throw new ThreadBusyError(threadId, "another run in this process");
      held.add(threadId);
      return { release: async () => void held.delete(threadId) };
    },
    threadOwner: async (threadId) => (held.has(threadId) ? { description: "a run in this process" } : null),
    close: async () => {},
  };
}
