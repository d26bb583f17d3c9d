/**
 * What every store command shares: where it prints, the store options, opening and closing
 * the checkpoint store, and the summary report. Light on purpose: `mira show` and `threads`
 * import it without the run machinery.
 */
import { openCheckpointStore, type CheckpointStore } from "../checkpointers/index.js";
import { openThreadRows, type ThreadRows } from "../checkpointers/rowReader.js";
import { exitCodeFor, formatSummary, type RunSummary } from "./summary.js";

/** Threads `mira threads` lists when no `--limit` is given. */
export const DEFAULT_THREAD_LIMIT = 100;

export type Printer = (line: string) => void;

export interface Output {
  out: Printer;
  err: Printer;
}

export interface StoreOpts {
  checkpointer?: string;
  json?: boolean;
}

/** Opens the store once for the whole command. `mustExist`: commands that read a thread never create a database. */
export async function withStore<T>(setting: string, fn: (store: CheckpointStore) => Promise<T>, opts: { mustExist?: boolean } = {}): Promise<T> {
  const store = await openCheckpointStore(setting, opts);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** Opens the store's rows once for a reading command (never creating anything). */
export async function withThreadRows<T>(setting: string, fn: (rows: ThreadRows) => Promise<T>): Promise<T> {
  const rows = await openThreadRows(setting);
  try {
    return await fn(rows);
  } finally {
    await rows.close();
  }
}

export function report(summary: RunSummary, setting: string, opts: StoreOpts, io: Output): number {
  io.out(opts.json ? JSON.stringify(summary, null, 2) : formatSummary(summary, setting));
  return exitCodeFor(summary.status);
}
