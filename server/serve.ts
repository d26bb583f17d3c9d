/**
 * One instance of the Mira service: the official LangGraph API server
 * (`@langchain/langgraph-api` `startServer`) with `PostgresOps` storage, pg-boss workers and
 * Redis run streams. Several instances on one PostgreSQL (and one Redis) form one service.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { causeLine } from "../checkpointers/errors.js";
import { openCheckpointStore, parseCheckpointerSetting } from "../checkpointers/index.js";
import { retrying } from "./db.js";
import { ServeError } from "./errors.js";
import { PostgresOps } from "./postgresOps.js";
import { OwnedOps } from "./authOps.js";
import { AuthConfigError, loadAuthenticator } from "./authConfig.js";
import { startBoss, WAKE_CHANNEL } from "./runQueue.js";
import { RunStreams } from "./runStreams.js";
import { migrate } from "./schema.js";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";

const REPO_ROOT = PACKAGE_ROOT;

export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * How often a run's job is retried: after a lost lease, a lost database, or while a live
 * instance still holds its thread. The official worker itself gives up after 3 attempts.
 */
const RETRY_LIMIT = 10;

export interface ServeOptions {
  port: number;
  host: string;
  /** `postgres://…`: assistants, threads, runs, checkpoints, the ledger and the queue. */
  checkpointer: string;
  redisUrl: string;
  /** Runs this instance executes at once. */
  workers: number;
  /** Seconds before another instance may take over a run whose holder stopped answering. */
  leaseSeconds: number;
}

/** Loopback addresses: the only ones a server without authentication may listen on. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h === "::1") return true;
  return isIP(h) === 4 && h.startsWith("127.");
}

/** `auth.path` of langgraph.json: the custom-auth handler both `langgraphjs dev` and `mira serve` load. */
function authPath(): string {
  const config = JSON.parse(readFileSync(join(REPO_ROOT, "langgraph.json"), "utf8")) as { auth?: { path?: string } };
  if (!config.auth?.path) throw new ServeError("langgraph.json has no auth.path; mira serve cannot authenticate");
  return config.auth.path;
}

/**
 * Checked before anything starts: auth settings that cannot work, or no auth on an address
 * others can reach. Returns whether auth is on.
 */
async function authCheck(host: string): Promise<boolean> {
  let on: boolean;
  try {
    on = (await loadAuthenticator()) !== undefined;
  } catch (err) {
    if (err instanceof AuthConfigError) throw new ServeError(err.message);
    throw err;
  }
  if (!on && !isLoopback(host)) {
    throw new ServeError(`refusing to listen on ${host} without authentication: set MIRA_AUTH=apikey (with MIRA_API_KEYS) or MIRA_AUTH=jwt (with MIRA_JWT_SECRET or MIRA_JWT_PUBLIC_KEY), or listen on 127.0.0.1 (see docs/server.md)`);
  }
  return on;
}

export interface ServeInstance {
  url: string;
  instanceId: string;
  close(): Promise<void>;
}

/** Starts one instance; throws `ServeError` (one line) when a store is unusable. Nothing is half-started then. */
export async function startServe(opts: ServeOptions): Promise<ServeInstance> {
  const target = parseCheckpointerSetting(opts.checkpointer, process.cwd());
  if (target.kind !== "postgres") throw new ServeError(`mira serve needs --checkpointer postgres://…, not "${opts.checkpointer}": instances share threads through PostgreSQL`);
  const authOn = await authCheck(opts.host);
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => {});
  };
  try {
    const pool = new pg.Pool({ connectionString: target.connectionString, connectionTimeoutMillis: 3000, max: 10 + opts.workers });
    pool.on("error", () => {});
    closers.push(() => pool.end());
    try {
      await pool.query("SELECT 1");
    } catch (err) {
      throw new ServeError(`cannot reach PostgreSQL at ${target.address}: ${causeLine(err)}`, { cause: err });
    }
    await migrate(pool);
    const tablesSchema = (await pool.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]!.s;
    // LangGraph's checkpoint tables and the ledger table, created once before any request.
    await (await openCheckpointStore(opts.checkpointer)).close();

    let streams: RunStreams;
    try {
      streams = await RunStreams.open(opts.redisUrl);
    } catch (err) {
      throw new ServeError(`cannot reach Redis at ${opts.redisUrl.replace(/\/\/[^@]*@/, "//")}: ${causeLine(err)}`, { cause: err });
    }
    closers.push(() => streams.close());

    const queue = { leaseSeconds: opts.leaseSeconds, retryLimit: RETRY_LIMIT };
    const boss = await withStartupLock(pool, () => startBoss(target.connectionString, queue, tablesSchema));
    closers.push(() => boss.stop({ graceful: false, wait: true }));

    const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const postgresOps = new PostgresOps(pool, { boss, queue, streams, instanceId });
    const ops = new OwnedOps(postgresOps);

    process.env.MIRA_CHECKPOINTER = opts.checkpointer;
    process.env.LANGSMITH_TRACING ??= "false";
    process.env.LANGCHAIN_TRACING_V2 ??= "false";
    const { startServer } = await import("@langchain/langgraph-api/server");
    const server = await startServer(
      {
        port: opts.port,
        host: opts.host,
        nWorkers: opts.workers,
        cwd: REPO_ROOT,
        graphs: { mira: "./server/graph.ts:mira" },
        // Studio's `x-auth-scheme: langsmith` bypass stays closed: every caller authenticates.
        ...(authOn ? { auth: { path: authPath(), disable_studio_auth: true } } : {}),
      },
      { ops },
    );
    closers.push(() => server.cleanup());

    const workerIds = await postgresOps.work(opts.workers);
    closers.push(await listenForWork(target.connectionString, () => workerIds.forEach((id) => boss.notifyWorker(id))));
    return { url: `http://${opts.host}:${opts.port}`, instanceId, close };
  } catch (err) {
    await close();
    if (err instanceof ServeError) throw err;
    throw new ServeError(`cannot start: ${causeLine(err)}`, { cause: err });
  }
}

/** Arbitrary constant naming the lock under which instances install pg-boss one at a time. */
const STARTUP_LOCK_KEY = 0x6d697261_03;

/** pg-boss creates its schema and queue tables without a lock of its own; instances starting together would deadlock. */
async function withStartupLock<T>(pool: pg.Pool, body: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    return await body();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * Wakes this instance's idle pg-boss workers when any instance queues a run (LISTEN/NOTIFY),
 * so a run starts at once instead of at the next poll. Re-listens after a database restart.
 */
async function listenForWork(connectionString: string, wake: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
    c.on("notification", wake);
    c.on("error", () => {
      c.end().catch(() => {});
      if (!stopped) void retrying(connect).catch(() => {});
    });
    await c.connect();
    await c.query(`LISTEN ${WAKE_CHANNEL}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
