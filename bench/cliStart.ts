/**
 * Start-up of the `mira` command beside bare `node -e 0` (issue 24, item 4), on the bin users
 * run (the JavaScript built into dist/ by `npm run build`, built first). Acceptance: each command answers
 * within node's own start + 300 ms (median, wall clock).
 *
 * What is timed, from spawning the process:
 * - `--version`, `threads`, `show THREAD`: until the process exits (the whole answer);
 * - `run` "to first step": until the run's first trace line (`    1 Planner …`) is on stdout.
 *   That line is printed when the Planner's first turn has finished, so the figure holds the
 *   start-up (modules, task frame, store, tools, runtime, graph) and one whole step of the
 *   offline planner on the demo read task: an upper bound on "reaching the first step".
 *
 * Stores: a one-thread SQLite store (that demo read run, done here first) and a store of
 * 10,000 threads (its latest checkpoint put under 10,000 thread ids through the saver), the
 * issue's bad input: `threads` pages it (100 by default, one line on stderr says how to get
 * the next page) and reads one thread at a time, so its peak memory is printed too.
 *
 * Every round runs each command once, in turn, so a load change hits them all alike; the
 * figures are medians over the rounds of the wall clock and of the CPU time the process used
 * to the same point (steadier on a loaded machine), printed with the load average before and after.
 * `npx tsx bench/cliStart.ts [ROUNDS] [--against DIR]`: DIR, another built checkout (e.g. the
 * commit before a change), is timed in the same rounds as a second column.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openCheckpointStore } from "../checkpointers/index.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
/** Acceptance: every command answers within node's start + this many ms. */
export const MAX_OVER_NODE_MS = 300;
const COPIES = 10_000;
const TASK = "Where is the retry limit configured, and what is its value?";
/** The first trace line of a run: its step number 1, then the node. */
const FIRST_STEP = /^\s*1 \w/m;
/**
 * Loaded into every timed process (`--import`): on exit it prints on stderr the CPU time
 * (user + system, every thread) it used up to its first step (with BENCH_STEP set), or to its end, and its peak
 * resident memory (VmHWM; not `resourceUsage().maxRSS`, which Linux carries across exec, so a
 * child would report the bench's own). CPU time is the steadier figure on a loaded machine.
 */
const PROBE = `import { readFileSync } from "node:fs";
const write = process.stdout.write.bind(process.stdout);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
let atStep;
process.stdout.write = (chunk, ...rest) => { if (process.env.BENCH_STEP && atStep === undefined && ${FIRST_STEP}.test(String(chunk))) atStep = cpu(); return write(chunk, ...rest); };
process.on("exit", () => process.stderr.write("\\nbench-probe " + (atStep ?? cpu()) + " " + /VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1] + "\\n"));
`;

const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Timing {
  ms: number;
  /** CPU time to the same point, ms. */
  cpuMs: number;
  /** Peak resident set, KiB. */
  rssKiB: number;
}

/** Spawns `node args` in `cwd`; resolves with the time until `marker` appears on stdout (or until exit). */
function timed(probe: string, args: string[], cwd: string, marker?: RegExp): Promise<Timing> {
  return new Promise((done, fail) => {
    const began = performance.now();
    let at: number | undefined;
    let out = "";
    let err = "";
    const child = spawn(process.execPath, ["--import", probe, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", ...(marker ? { BENCH_STEP: "1" } : {}) } });
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      if (marker && at === undefined && marker.test(out)) at = performance.now();
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", fail);
    child.on("close", (code) => {
      const end = performance.now();
      if (code !== 0 && code !== 2) return fail(new Error(`node ${args.join(" ")} exited ${code}: ${err.trim().split("\n")[0]}`));
      if (marker && at === undefined) return fail(new Error(`node ${args.join(" ")} never printed its first step`));
      const [, cpuMs, rssKiB] = /bench-probe ([\d.]+) (\d+)/.exec(err) ?? [];
      done({ ms: (at ?? end) - began, cpuMs: Number(cpuMs), rssKiB: Number(rssKiB) });
    });
  });
}

/** A one-thread store (the demo read run, offline) and a 10,000-thread store made from it. */
async function makeStores(dir: string, bin: string): Promise<{ one: string; many: string; thread: string }> {
  const workspace = join(dir, "workspace");
  cpSync(join(REPO, "demo", "workspace"), workspace, { recursive: true });
  const one = join(dir, "one.db");
  const thread = "start-bench";
  execFileSync(process.execPath, [bin, "run", TASK, "--workspace", workspace, "--checkpointer", `sqlite:${one}`, "--thread", thread], { stdio: "ignore" });
  const many = join(dir, "many.db");
  const source = await openCheckpointStore(`sqlite:${one}`, { mustExist: true });
  const target = await openCheckpointStore(`sqlite:${many}`);
  try {
    const tuple = (await source.checkpointer.getTuple({ configurable: { thread_id: thread } }))!;
    for (let i = 0; i < COPIES; i++) {
      await target.checkpointer.put({ configurable: { thread_id: `copy-${String(i).padStart(5, "0")}`, checkpoint_ns: "" } }, tuple.checkpoint, tuple.metadata!, tuple.checkpoint.channel_versions);
    }
  } finally {
    await source.close();
    await target.close();
  }
  return { one, many, thread };
}

interface Row {
  name: string;
  args: (bin: string) => string[];
  marker?: RegExp;
}

export async function runCliStartBench(rounds = 7, against?: string): Promise<string> {
  const builds = [REPO, ...(against ? [resolve(against)] : [])];
  // Each checkout's own build (tsc, and the bundle where its build makes one), as `npm ci` runs it.
  for (const root of builds) execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const dir = mkdtempSync(join(tmpdir(), "mira-start-"));
  try {
    const probe = pathToFileURL(join(dir, "probe.mjs")).href;
    writeFileSync(join(dir, "probe.mjs"), PROBE);
    const loadBefore = load();
    const stores = await makeStores(dir, join(REPO, "bin/mira.js"));
    const workspace = join(dir, "workspace");
    let n = 0;
    const rows: Row[] = [
      { name: "node -e 0", args: () => ["-e", "0"] },
      { name: "mira --version", args: (bin) => [bin, "--version"] },
      { name: "mira run → 1st step", args: (bin) => [bin, "run", TASK, "--workspace", workspace, "--checkpointer", `sqlite:${join(dir, `run-${n++}.db`)}`], marker: FIRST_STEP },
      { name: "threads (1 thread)", args: (bin) => [bin, "threads", "--checkpointer", `sqlite:${stores.one}`] },
      { name: "show (1 thread)", args: (bin) => [bin, "show", stores.thread, "--checkpointer", `sqlite:${stores.one}`] },
      { name: `threads (${COPIES})`, args: (bin) => [bin, "threads", "--checkpointer", `sqlite:${stores.many}`] },
      { name: `show (${COPIES})`, args: (bin) => [bin, "show", "copy-05000", "--checkpointer", `sqlite:${stores.many}`] },
    ];
    const times = rows.map(() => builds.map(() => [] as Timing[]));
    for (let r = 0; r < rounds; r++) {
      for (const [i, row] of rows.entries()) {
        for (const [b, root] of builds.entries()) {
          if (i === 0 && b > 0) continue; // one node column
          times[i]![b]!.push(await timed(probe, row.args(join(root, "bin/mira.js")), root, row.marker));
        }
      }
    }
    const node = median(times[0]![0]!.map((t) => t.ms));
    const nodeCpu = median(times[0]![0]!.map((t) => t.cpuMs));
    const cell = (ts: Timing[]) => `${median(ts.map((t) => t.ms)).toFixed(0).padStart(6)} ms ${median(ts.map((t) => t.cpuMs)).toFixed(0).padStart(5)} ms`;
    const head = `  ${"".padEnd(22)}${"this build: wall   cpu".padStart(22)}${against ? `${"--against: wall   cpu".padStart(23)}` : ""}   wall over node   cpu over node  peak RSS`;
    const lines = [`command start-up, median of ${rounds} interleaved rounds (wall clock), load average ${loadBefore} before, ${load()} after:`, head];
    const checks: string[] = [];
    for (const [i, row] of rows.entries()) {
      const mine = times[i]![0]!;
      const ms = median(mine.map((t) => t.ms));
      const other = against && i > 0 ? `  ${cell(times[i]![1]!).padStart(21)}` : against ? `  ${"".padStart(21)}` : "";
      const over = i === 0 ? "" : `node + ${(ms - node).toFixed(0)} ms`;
      const overCpu = i === 0 ? "" : `node + ${(median(mine.map((t) => t.cpuMs)) - nodeCpu).toFixed(0)} ms`;
      lines.push(`  ${row.name.padEnd(22)}   ${cell(mine)}${other}   ${over.padEnd(16)} ${overCpu.padEnd(15)} ${(median(mine.map((t) => t.rssKiB)) / 1024).toFixed(0).padStart(4)} MB`);
      if (i > 0) checks.push(`${ms - node <= MAX_OVER_NODE_MS ? "PASS" : "FAIL"} ${row.name}: node + ${(ms - node).toFixed(0)} ms (limit node + ${MAX_OVER_NODE_MS} ms)`);
    }
    return [...lines, ...checks].join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--against");
  const against = at >= 0 ? args.splice(at, 2)[1] : undefined;
  console.log(await runCliStartBench(args[0] ? Number(args[0]) : 7, against));
}
