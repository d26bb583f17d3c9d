/** What the row readers (rowReader.ts) share: what they yield, the format check, the ledger's bodies. */
import type { ExecutionLedger, LedgerEntry } from "../ledger/executionLedger.js";
import { internalizeAll, referencedAll, type Bodies } from "./evidenceBodies.js";
import { UnreadableCheckpointError } from "./plainSerde.js";
import type { ThreadOwner } from "./threadLease.js";

/** LangGraph's channel of pending sends (`TASKS` in @langchain/langgraph-checkpoint). */
export const TASKS_CHANNEL = "__pregel_tasks";

/** The newest checkpoint format (LangGraph's `Checkpoint.v`) the savers read; older ones migrate pending sends. */
export const NEWEST_FORMAT = 4;

/** A checkpoint as the saver's `getTuple` yields it, reduced to what a view reads. */
export interface StoredCheckpoint {
  checkpointId: string;
  /** Channel values, evidence bodies put back; a never-written channel is absent. */
  values: Record<string, unknown>;
  /** [task id, channel, value], in the saver's order. */
  pendingWrites: Array<[string, string, unknown]>;
}

export interface ThreadPage {
  offset: number;
  limit: number;
}

/** The store as the reading commands see it: rows, not a checkpointer. */
export interface ThreadRows {
  description: string;
  /**
   * Ids of the threads with checkpoints, the most recently checkpointed first (ties by id), or
   * one page of them: the store sorts and cuts, so a page of 100 holds 100 ids, not 10,000.
   */
  threadIds(page?: ThreadPage): Promise<string[]>;
  /** How many threads have checkpoints. */
  threadCount(): Promise<number>;
  /**
   * The latest checkpoint of a thread's graph (root unless `ns`), or the one `checkpointId` names.
   * With `channels`, only those channels' values are read (a listing reads a few small ones, not
   * the evidence or the trace); a pending write to another channel then keeps its task and
   * channel, and its value is undefined.
   */
  checkpoint(threadId: string, ns?: string, checkpointId?: string, channels?: ReadonlySet<string>): Promise<StoredCheckpoint | undefined>;
  /** The execution ledger's entries of a thread, evidence bodies put back. */
  ledger: Pick<ExecutionLedger, "list">;
  threadOwner(threadId: string): Promise<ThreadOwner | null>;
  close(): Promise<void>;
}

/** Refuses a checkpoint format newer than the savers know, rather than guess at it. */
export function checkFormat(v: unknown, threadId: string, checkpointId: string): void {
  if (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= NEWEST_FORMAT) return;
  throw new UnreadableCheckpointError(
    `checkpoint ${checkpointId} of thread "${threadId}" is in checkpoint format ${JSON.stringify(v)}; this mira reads formats 1 to ${NEWEST_FORMAT} (a newer mira or LangGraph wrote it)`,
  );
}

/** The ledger's `list` with evidence bodies put back, as ledgerWithBodies does. */
export function ledgerReader(raw: Pick<ExecutionLedger, "list">, load: (hashes: Set<string>) => Promise<Bodies>): Pick<ExecutionLedger, "list"> {
  return {
    async list(threadId) {
      const entries = await raw.list(threadId);
      const wanted = referencedAll(entries, new Set());
      return wanted.size === 0 ? entries : (internalizeAll(entries, await load(wanted)) as LedgerEntry[]);
    },
  };
}

