/**
 * The stock `langgraphjs dev` on this repository's langgraph.json, as the server tests and the
 * serve bench start it: its own process group (stopped as a whole, killed with its parent),
 * loopback only, no browser, LangSmith and analytics off, and the last 20 KB of its output
 * kept for the error a test prints when it does not come up.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { killGroupWithParent, stopProcessGroup } from "../../server/cluster.js";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function spawnDevServer(port: number, extraArgs: string[], env: Record<string, string>) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    join(REPO_ROOT, "node_modules/.bin/langgraphjs"),
    ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser", "--no-reload", "--studio-url", url, ...extraArgs],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, BROWSER: "none", LANGGRAPH_CLI_NO_ANALYTICS: "1", LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", ...env },
    },
  );
  let log = "";
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const disarm = killGroupWithParent(child.pid!);
  // SIGTERM to the whole group (CLI + the server it spawned), SIGKILL if it lingers.
  const stop = () => stopProcessGroup(child.pid).finally(disarm);
  return { child, url, log: () => log, stop };
}
