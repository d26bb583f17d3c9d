/** The one error `mira serve` reports to the user: a setting or database it cannot use. */

/** Thrown before the server listens; the message is one line for the user (exit 1, no stack). */
export class ServeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * True for errors that mean "the database went away" (restart, failover, dropped socket)
 * rather than a bad query: the operation is worth repeating once PostgreSQL is back.
 */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03")) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"].includes(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i.test(err.message);
}
