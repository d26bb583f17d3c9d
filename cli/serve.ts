/**
 * `mira serve`: one instance of the LangGraph-protocol service on PostgreSQL (`server/`).
 * Runs until SIGINT or SIGTERM; the server module is imported only for this command.
 */
import { InputError } from "../contract/errors.js";
import type { Output } from "./io.js";
import { EXIT } from "./summary.js";

export interface ServeOpts {
  port: string;
  host: string;
  checkpointer?: string;
  redis?: string;
  workers: string;
  leaseSeconds: string;
}

function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InputError(`${flag} must be a positive integer, got "${value}"`);
  return n;
}

export async function serveCommand(opts: ServeOpts, io: Output): Promise<number> {
  const port = positiveInt("--port", opts.port);
  const workers = positiveInt("--workers", opts.workers);
  const leaseSeconds = positiveInt("--lease-seconds", opts.leaseSeconds);
  const checkpointer = opts.checkpointer ?? process.env.MIRA_CHECKPOINTER;
  if (!checkpointer?.trim()) throw new InputError("mira serve needs --checkpointer postgres://… (or MIRA_CHECKPOINTER)");
  // The API server loads the graph from its TypeScript source (server/graph.ts), as
  // `langgraphjs dev` does; the compiled CLI registers a TypeScript loader for this command only.
  (await import("tsx/esm/api")).register();
  const { startServe, DEFAULT_REDIS_URL } = await import("../server/serve.js");
  const instance = await startServe({
    port,
    host: opts.host,
    checkpointer,
    redisUrl: opts.redis ?? process.env.MIRA_REDIS_URL ?? DEFAULT_REDIS_URL,
    workers,
    leaseSeconds,
  });
  io.out(`mira serve: ${instance.url} (instance ${instance.instanceId}, ${workers} workers)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await instance.close();
  return EXIT.completed;
}
