/** The errors the checkpoint store factory throws: a setting it cannot honour. */
import { InputError } from "../contract/errors.js";

/**
 * Thrown by `openCheckpointStore` for an unknown scheme, an unusable path or an unreachable
 * database. The message is one line meant for the user; the original error is kept as `cause`.
 */
export class CheckpointStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A reading command named a SQLite file that does not exist. A usage error (exit 64), like
 * an unknown thread: nothing was created.
 */
export class MissingStoreError extends InputError {}

/**
 * One line describing why something failed, without a stack: the first line of the message,
 * falling back to the error code (Node's AggregateError from a multi-address connect has an
 * empty message, so its inner errors are described instead).
 */
export function causeLine(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) {
    return [...new Set(err.errors.map(causeLine))].join("; ");
  }
  if (err instanceof Error) {
    const firstLine = err.message.split("\n", 1)[0]?.trim();
    const code = (err as { code?: unknown }).code;
    return firstLine || (typeof code === "string" ? code : err.name);
  }
  return String(err).split("\n", 1)[0] ?? "unknown error";
}
