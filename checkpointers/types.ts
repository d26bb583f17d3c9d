/** The checkpoint store: a LangGraph checkpointer and the execution ledger, kept in one place. */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { ExecutionLedger } from "../ledger/executionLedger.js";

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
  /** Releases the file handle or connection pool; idempotent. Use of the store after close fails. */
  close(): Promise<void>;
}
