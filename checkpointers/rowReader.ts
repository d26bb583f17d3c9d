/**
 * A light reader of the checkpoint store's rows for the commands that only read a thread
 * (`mira show`, `threads`, `approvals`; issue 24, item 4). It decodes a stored checkpoint and
 * its channel values exactly as the store's saver does (versions, deltas, deflate, evidence
 * bodies), but through plainSerde.ts, so it loads neither LangGraph nor LangChain: saved
 * LangChain messages stay plain data (`{lc, type, id, kwargs}`), which the views only carry.
 * tests/threadReader.test.ts holds it equal to the saver's `getTuple` on SQLite and PostgreSQL.
 */
import type { ThreadRows } from "./rowFormat.js";
import { parseCheckpointerSetting } from "./setting.js";

export type { StoredCheckpoint, ThreadRows } from "./rowFormat.js";

/**
 * Opens the store a setting names for reading (`openCheckpointStore`'s settings and errors).
 * Reading never creates anything: a SQLite file that is not there is an error.
 */
export async function openThreadRows(setting: string): Promise<ThreadRows> {
  const target = parseCheckpointerSetting(setting, process.cwd());
  switch (target.kind) {
    case "memory":
      // A memory store lives in the process that ran the thread: a new process finds nothing.
      return {
        description: "in-memory (lost when the process exits)",
        threadIds: async () => [],
        threadCount: async () => 0,
        checkpoint: async () => undefined,
        ledger: { list: async () => [] },
        threadOwner: async () => null,
        close: async () => {},
      };
    case "sqlite":
      return (await import("./sqliteRowReader.js")).openSqliteRows(target.path);
    case "postgres":
      return (await import("./postgresRowReader.js")).openPostgresRows(target);
  }
}
