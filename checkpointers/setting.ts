/**
 * Where checkpoints (and the execution ledger beside them) live: the `--checkpointer` flag,
 * else `MIRA_CHECKPOINTER`, else a SQLite file in the project, parsed into a typed target.
 */
import { isAbsolute, resolve } from "node:path";
import { CheckpointStoreError } from "./errors.js";

/** Durable by default: a run paused for approval must survive the process that paused it. */
export const DEFAULT_CHECKPOINTER = "sqlite:.mira/mira.db";

/** The environment variable consulted when no flag is given. */
export const CHECKPOINTER_ENV = "MIRA_CHECKPOINTER";

/** A parsed setting; `path` is absolute and `address` is `host:port` for messages. */
export type CheckpointerTarget =
  | { kind: "memory" }
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; connectionString: string; address: string; description: string };

/**
 * `flag ?? $MIRA_CHECKPOINTER ?? DEFAULT_CHECKPOINTER`, where a blank flag or variable counts
 * as absent (an exported-but-empty variable is a common way of "unsetting" it).
 */
export function resolveCheckpointerSetting(flag?: string): string {
  return present(flag) ?? present(process.env[CHECKPOINTER_ENV]) ?? DEFAULT_CHECKPOINTER;
}

/**
 * Parses `memory`, `sqlite:PATH` (relative to `cwd`) or `postgres://…` / `postgresql://…`.
 * Throws `CheckpointStoreError` with a one-line message for anything else.
 */
export function parseCheckpointerSetting(setting: string, cwd: string): CheckpointerTarget {
  const trimmed = setting.trim();
  if (trimmed === "memory") return { kind: "memory" };
  if (trimmed.startsWith("sqlite:")) {
    const path = trimmed.slice("sqlite:".length);
    if (path === "") throw new CheckpointStoreError(`checkpointer "${setting}" names no file: use sqlite:PATH`);
    return { kind: "sqlite", path: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  if (trimmed.startsWith("postgres://") || trimmed.startsWith("postgresql://")) return parsePostgres(trimmed);
  throw new CheckpointStoreError(
    `unknown checkpointer "${setting}": use memory, sqlite:PATH, or postgres://user@host:port/database`,
  );
}

function parsePostgres(connectionString: string): CheckpointerTarget {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    throw new CheckpointStoreError(`checkpointer "${redact(connectionString)}" is not a valid PostgreSQL URL`);
  }
  if (url.hostname === "") throw new CheckpointStoreError(`checkpointer "${redact(connectionString)}" names no host`);
  const address = `${url.hostname}:${url.port || "5432"}`;
  const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
  return { kind: "postgres", connectionString, address, description: `PostgreSQL ${user}${address}/${database}` };
}

/** Connection strings may carry a password; messages never do. */
function redact(connectionString: string): string {
  return connectionString.replace(/(\/\/[^:/@]*):[^@/]*@/, "$1:***@");
}

function present(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined;
}
