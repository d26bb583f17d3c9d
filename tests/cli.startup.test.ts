/**
 * A fast start (issue 24, item 4): the commands that only read a thread load the checkpoint
 * store and nothing of the run machinery, and `mira threads` pages a large store. Timings are
 * in `npm run bench` (bench/cliStart.ts); these tests pin what makes them possible.
 */
import { execFile } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { openCheckpointStore } from "../checkpointers/index.js";
import { miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const exec = promisify(execFile);

/** Packages only a run needs: LangChain's model integrations, the MCP SDK, jieba, the server. */
const RUN_ONLY_PACKAGES = /node_modules\/(?:@langchain\/openai|openai|langchain|@modelcontextprotocol\/sdk|@node-rs\/jieba|@langchain\/langgraph-api|@mariozechner\/pi-ai)\//;
/** This project's compiled folders and CLI modules only a run needs: the graph, runtime, Harness, tools and models. */
const DIST = `${pathToFileURL(join(process.cwd(), "dist")).href}/`;
const RUN_ONLY_MODULES = /^(?:harness|models|nodes|graphs|runtime|tools|retrieval|skills|policy)\/|^cli\/(?:commands|session)\.js$/;
const runOnly = (url: string) => RUN_ONLY_PACKAGES.test(url) || (url.startsWith(DIST) && RUN_ONLY_MODULES.test(url.slice(DIST.length)));

let ws: string;
let store: string;
let recorder: string;
const THREAD = "startup-read";

beforeAll(async () => {
  ws = await tempWorkspace({});
  cpSync("demo/workspace", ws, { recursive: true });
  store = `sqlite:${join(ws, ".mira", "mira.db")}`;
  const run = await miraInProcess(["run", "Where is the retry limit configured, and what is its value?", "--workspace", ws, "--checkpointer", store, "--thread", THREAD]);
  expect(run.code).toBe(0);
  // Records every module the process loads: ES modules through a load hook, CommonJS ones
  // (jieba, better-sqlite3) from require's cache as it exits.
  const hooks = join(ws, "hooks.mjs");
  writeFileSync(hooks, `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) { appendFileSync(process.env.MIRA_LOADED, url + "\\n"); return next(url, context); }\n`);
  recorder = join(ws, "recorder.mjs");
  writeFileSync(
    recorder,
    `import { register, createRequire } from "node:module";\nimport { appendFileSync } from "node:fs";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
      `process.on("exit", () => appendFileSync(process.env.MIRA_LOADED, Object.keys(createRequire(import.meta.url).cache).join("\\n") + "\\n"));\n`,
  );
}, 120_000);

/** The modules `mira …args` loads, run from dist/ as a user runs it. */
async function loadedBy(args: string[], name: string): Promise<string[]> {
  const list = join(ws, `${name}.loaded`);
  writeFileSync(list, "");
  await exec(process.execPath, ["--import", pathToFileURL(recorder).href, "bin/mira.js", ...args], { env: { ...process.env, MIRA_LOADED: list, MIRA_CHECKPOINTER: "" } });
  return readFileSync(list, "utf8").split("\n").filter(Boolean);
}

describe("reading commands load only the checkpoint store", () => {
  it.each([
    ["show", [`show`, THREAD]],
    ["threads", ["threads"]],
    ["approvals", ["approvals"]],
  ])("mira %s loads no model integration, Harness, graph, MCP SDK or jieba", async (name, args) => {
    const loaded = await loadedBy([...args, "--checkpointer", store], name);
    // The recorder saw the store being read, so an empty list cannot pass.
    expect(loaded).toContain(`${DIST}cli/readCommands.js`);
    expect(loaded.some((url) => url.includes("node_modules/@langchain/langgraph-checkpoint/"))).toBe(true);
    expect(loaded.some((url) => url.includes("better-sqlite3"))).toBe(true);
    expect(loaded.filter(runOnly)).toEqual([]);
  }, 60_000);

  it("mira run with the offline model loads no OpenAI integration", async () => {
    const loaded = await loadedBy(["run", "Where is the retry limit configured?", "--workspace", ws, "--checkpointer", store], "run");
    expect(loaded.some((url) => url.startsWith(`${DIST}harness/`))).toBe(true);
    expect(loaded.filter((url) => /node_modules\/(?:@langchain\/openai|openai)\//.test(url))).toEqual([]);
  }, 60_000);
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
