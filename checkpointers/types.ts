/** The checkpoint store: a LangGraph checkpointer and the execution ledger, kept in one place. */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { ExecutionLedger } from "../ledger/executionLedger.js";
import type { ThreadLease, ThreadOwner } from "./threadLease.js";

export interface CheckpointStore {
  kind: "memory" | "sqlite" | "postgres";
  /** Pass to `graph.compile({ checkpointer })`. */
  checkpointer: BaseCheckpointSaver;
  /** Lives in the same file/database as the checkpoints, so both survive (or vanish) together. */
  ledger: ExecutionLedger;
  /** Human-readable location, never containing a password (e.g. "SQLite /repo/.mira/mira.db"). */
  description: string;
  /** Ids of the threads with checkpoints, the most recently checkpointed first. */
  threadIds(): Promise<string[]>;
  /**
   * Takes the thread's single-flight lease (CONTRACT §3). Throws `ThreadBusyError` when a live
   * process holds it; the caller must `release()` it when done advancing the thread.
   */
  claimThread(threadId: string): Promise<ThreadLease>;
  /** The live holder of the thread's lease, or null when no process is advancing it. */
  threadOwner(threadId: string): Promise<ThreadOwner | null>;
  /** Releases the file handle or connection pool; idempotent. Use of the store after close fails. */
  close(): Promise<void>;
}

/**
 * A saver that answers "what is this checkpoint's parent?" without loading its values. The Tool
 * node asks at every step (an approval must lie on the current branch); a full `getTuple` per
 * ancestor would cost a state load each time. `undefined` when the checkpoint is unknown, null
 * for a thread's first checkpoint.
 */
export interface ParentLookup {
  parentId(threadId: string, checkpointNs: string, checkpointId: string): Promise<string | null | undefined>;
}
