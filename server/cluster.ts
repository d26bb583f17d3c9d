/**
 * Starts and stops `mira serve` processes on this machine, for the tests and the bench:
 * each instance is a real process in its own process group, on a free port.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";

const REPO_ROOT = PACKAGE_ROOT;
const STARTUP_TIMEOUT_MS = 60_000;

export interface ServeProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  log(): string;
  /** SIGTERM, then SIGKILL if it lingers. */
  stop(): Promise<void>;
  /** `kill -9` of the whole process group: no cleanup, connections drop. */
  kill(): Promise<void>;
}

/** A port the OS just handed out (never 2024, which is taken on this machine). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port === 2024 ? freePort() : port;
}

export interface ServeSpawnOptions {
  checkpointer: string;
  workers?: number;
  leaseSeconds?: number;
  /** Extra environment (MIRA_WORKSPACE, MIRA_MODEL_SPEC, …). */
  env?: Record<string, string>;
}

/** Spawns `mira serve` and waits until `/ok` answers; rejects with the log if it exits first. */
export async function spawnServe(opts: ServeSpawnOptions): Promise<ServeProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ["bin/mira.js", "serve", "--port", String(port), "--checkpointer", opts.checkpointer, "--workers", String(opts.workers ?? 2), "--lease-seconds", String(opts.leaseSeconds ?? 300)];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", LOG_LEVEL: "warn", ...opts.env },
  });
  let log = "";
  child.stdout?.on("data", (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  child.stderr?.on("data", (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  const pid = child.pid!;
  const disarm = killGroupWithParent(pid);
  const proc: ServeProcess = {
    url,
    pid,
    child,
    log: () => log,
    stop: () => stopProcessGroup(pid).finally(disarm),
    kill: () => stopProcessGroup(pid, "SIGKILL").finally(disarm),
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mira serve exited with ${child.exitCode}:\n${log}`);
    if (await fetch(`${url}/ok`).then((r) => r.ok, () => false)) return proc;
    await new Promise((r) => setTimeout(r, 200));
  }
  await proc.kill();
  throw new Error(`mira serve not up after ${STARTUP_TIMEOUT_MS} ms:\n${log}`);
}

/** Signals the process group `pid` leads (SIGTERM by default), then SIGKILL if it lingers 10 s. */
export async function stopProcessGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (pid === undefined) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(-pid, signal);
  const deadline = Date.now() + 10_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive()) process.kill(-pid, "SIGKILL");
}

/**
 * Kills process group `pgid` when this process dies without stopping it (a test worker or
 * bench killed mid-run), so no server is left behind with PPID 1. A `sh` watchdog in its
 * own group waits for its stdin, a pipe only this process holds, to close. Returns the
 * function that disarms it after the group was stopped normally.
 */
export function killGroupWithParent(pgid: number): () => void {
  const watchdog = spawn("sh", ["-c", `cat >/dev/null; kill -KILL -${pgid} 2>/dev/null`], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  watchdog.unref();
  (watchdog.stdin as Socket).unref();
  return () => {
    // SIGKILL first, so closing the pipe (which ends its `cat`) cannot trigger the kill.
    watchdog.kill("SIGKILL");
    watchdog.stdin?.destroy();
  };
}
