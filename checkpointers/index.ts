/**
 * Opens the checkpoint store a setting names. Every run goes through here, so the
 * checkpointer and the execution ledger always come from the same place.
 */
import { parseCheckpointerSetting } from "./setting.js";
import type { CheckpointStore } from "./types.js";

export { CheckpointStoreError } from "./errors.js";
export { CHECKPOINTER_ENV, DEFAULT_CHECKPOINTER, parseCheckpointerSetting, resolveCheckpointerSetting } from "./setting.js";
export type { CheckpointerTarget } from "./setting.js";
export type { CheckpointStore } from "./types.js";
export { ThreadBusyError, type ThreadLease, type ThreadOwner } from "./threadLease.js";

/**
 * `memory`, `sqlite:PATH` (relative to `opts.cwd`, default `process.cwd()`), or
 * `postgres://…` / `postgresql://…`. Throws `CheckpointStoreError` (one-line message) for an
 * unknown scheme, an unusable path or an unreachable database, within about 3 seconds.
 * `mustExist`: a SQLite file that is not there is an error, not a new database.
 * The caller must `close()` the store.
 */
export async function openCheckpointStore(setting: string, opts: { cwd?: string; mustExist?: boolean } = {}): Promise<CheckpointStore> {
  const target = parseCheckpointerSetting(setting, opts.cwd ?? process.cwd());
  // Each backend's driver loads only when a command opens that backend (`pg` costs a SQLite user start-up time).
  switch (target.kind) {
    case "memory":
      return (await import("./memoryStore.js")).openMemoryStore();
    case "sqlite":
      return (await import("./sqliteStore.js")).openSqliteStore(target.path, { mustExist: opts.mustExist });
    case "postgres":
      return (await import("./postgresStore.js")).openPostgresStore(target);
  }
}
