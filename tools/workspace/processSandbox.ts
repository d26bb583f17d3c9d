/**
 * How `run_command` keeps a command's processes from outliving it (issue 7). A process
 * group kill misses children that call `setsid`, so where the machine allows it each
 * command runs as the first process of its own PID namespace:
 * `setpriv --pdeathsig KILL -- unshare --pid --fork --kill-child --mount-proc -- <command>`.
 * When the command exits, the kernel kills everything left in its namespace (background and
 * `setsid` children included); on a timeout or abort, killing the group kills `unshare`,
 * which kills the namespace; and if mira itself dies, the parent-death signal does the same.
 *
 * `--mount-proc` gives the namespace its own `/proc` (issue 22): the command sees only its own
 * processes, so it cannot read mira's `/proc/<pid>/environ` (and the secrets in it) around the
 * environment allow-list. Where a mount namespace is not permitted, the PID namespace runs
 * without it (`privateProc: false`, said in `describeContainment`).
 *
 * Where user namespaces or `unshare` are unavailable, commands run in a process group that
 * is killed when the command ends or times out; a child that leaves the group (`setsid`)
 * is then not contained. Neither mode limits CPU, memory, files or network: the approval of
 * the exact command is the control for what it may do.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export type Containment =
  | { kind: "pid_namespace"; prefix: string[]; privateProc: boolean }
  | { kind: "process_group"; why: string };

let probed: Promise<Containment> | undefined;

/** The absolute path of an executable `name` on `searchPath`, or null. */
export function findExecutable(name: string, searchPath: string | undefined, cwd: string): string | null | "not_executable" {
  const candidates = name.includes("/") ? [path.resolve(cwd, name)] : (searchPath ?? "").split(":").filter(Boolean).map((dir) => path.resolve(cwd, dir, name));
  let sawFile = false;
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
      sawFile = true;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here, or not executable; try the next directory.
    }
  }
  return sawFile ? "not_executable" : null;
}

/** Probes once per process whether commands can run in their own PID namespace. Never throws. */
export function commandContainment(): Promise<Containment> {
  probed ??= (async (): Promise<Containment> => {
    const setpriv = findExecutable("setpriv", process.env.PATH, "/");
    const unshare = findExecutable("unshare", process.env.PATH, "/");
    const tru = findExecutable("true", process.env.PATH, "/");
    if (typeof setpriv !== "string" || typeof unshare !== "string" || typeof tru !== "string") {
      return { kind: "process_group", why: "setpriv or unshare (util-linux) is not installed" };
    }
    const base = [setpriv, "--pdeathsig", "KILL", "--", unshare, "--pid", "--fork", "--kill-child"];
    const tryPrefix = (prefix: string[]) =>
      new Promise<string | null>((resolve) =>
        execFile(prefix[0]!, [...prefix.slice(1), tru], { timeout: 5000 }, (err, _out, stderr) => resolve(err ? stderr.trim() || err.message : null)),
      );
    const privateProc = [...base, "--mount-proc", "--"];
    if ((await tryPrefix(privateProc)) === null) return { kind: "pid_namespace", prefix: privateProc, privateProc: true };
    const shared = [...base, "--"];
    const works = await tryPrefix(shared);
    return works === null ? { kind: "pid_namespace", prefix: shared, privateProc: false } : { kind: "process_group", why: `unshare --pid is not permitted here (${works.split("\n")[0]})` };
  })();
  return probed;
}

/** One line saying how commands are contained, for `tools status` and the docs. */
export function describeContainment(c: Containment): string {
  if (c.kind === "process_group") return `process group only (${c.why}); a command can see mira's /proc`;
  return c.privateProc ? "own PID namespace with its own /proc" : "own PID namespace, host /proc (no mount namespace here): a command can read mira's /proc/<pid>/environ";
}
