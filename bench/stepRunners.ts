/**
 * The runners the step benchmark and the storage-budget test compare, each on its own SQLite
 * file and the same scripted, zero-latency trajectory of N tool calls then an answer:
 *   - `mira`: the governed loop (Planner → Normalize → Policy → Tool → Evidence) on Mira's
 *     SQLite store, `durability: "sync"` as `mira run` uses; the tool is a no-op (`noop`)
 *     or a real file read (`read`, `read_open` over a workspace of text files);
 *   - `bare`: the floor, a bare 5-node LangGraph loop with the same node shape and the
 *     stock SqliteSaver, also `durability: "sync"`;
 *   - `createAgent`: LangChain's `createAgent` on the stock SqliteSaver.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import Database from "better-sqlite3";
import { tool } from "@langchain/core/tools";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { createAgent } from "langchain";
import { z } from "zod";
import { openCheckpointStore, type CheckpointStore } from "../checkpointers/index.js";
import { buildMiraGraph } from "../graphs/mira.js";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { ScriptedChatModel, type ScriptedTurn } from "../models/scripted.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { Policy } from "../policy/policy.js";
import { DocumentIndex } from "../retrieval/documentIndex.js";
import { recursionLimitFor } from "../runtime/createRuntime.js";
import { startRunInput } from "../runtime/startRun.js";
import { readOpen } from "../tools/workspace/read.js";
import { noopTool } from "./noopTool.js";

/** A measured run that did not finish its trajectory: its numbers would be meaningless. */
export class BenchRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export type Runner = "mira" | "mira-read" | "bare" | "createAgent";

/** What one run left in its SQLite file. */
export interface Footprint {
  /** Bytes of every value stored in every table (checkpoints, blobs, writes, bodies, trace, ledger). */
  totalBytes: number;
  /** The newest root checkpoint row plus the channel blobs it references: what a resume loads. */
  latestCheckpointBytes: number;
  checkpointRows: number;
}

export interface StepRun {
  runner: Runner;
  steps: number;
  totalMs: number;
  /** performance.now() at each tool completion. */
  completions: number[];
  /** This process's CPU time (user + system, ms) at each tool completion: less disturbed by other load than wall time. */
  cpu: number[];
  footprint: Footprint;
}

/** Files the read trajectory cycles through, each about this many bytes of text. */
const READ_FILES = 40;
const READ_FILE_BYTES = 6000;

function trajectory(steps: number, call: (i: number) => { name: string; args: Record<string, unknown> }, finalTurn: ScriptedTurn): ScriptedTurn[] {
  const calls = Array.from({ length: steps }, (_, i): ScriptedTurn => ({ content: "", tool_calls: [{ id: `c${i}`, ...call(i) }] }));
  return [...calls, finalTurn];
}

/** Sum of the stored bytes of every column of every table: an honest "what was written". */
export function footprint(dbPath: string): Footprint {
  const db = new Database(dbPath, { readonly: true });
  try {
    let totalBytes = 0;
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>;
      const sum = columns.map((c) => `COALESCE(SUM(LENGTH("${c.name}")), 0)`).join(" + ");
      totalBytes += (db.prepare(`SELECT ${sum} AS bytes FROM "${name}"`).get() as { bytes: number }).bytes;
    }
    const rows = (db.prepare("SELECT COUNT(*) AS n FROM checkpoints").get() as { n: number }).n;
    const latest = db.prepare("SELECT thread_id, type, checkpoint, LENGTH(checkpoint) + LENGTH(metadata) AS bytes FROM checkpoints WHERE checkpoint_ns = '' ORDER BY checkpoint_id DESC LIMIT 1").get() as
      | { thread_id: string; type: string; checkpoint: Buffer; bytes: number }
      | undefined;
    let latestCheckpointBytes = latest?.bytes ?? 0;
    const hasBlobs = tables.some((t) => t.name === "checkpoint_blobs");
    if (latest && hasBlobs) {
      const text = (latest.type.startsWith("z+") ? inflateRawSync(latest.checkpoint) : latest.checkpoint).toString();
      const versions = (JSON.parse(text) as { channel_versions: Record<string, unknown> }).channel_versions;
      const blob = db.prepare("SELECT LENGTH(blob) AS bytes FROM checkpoint_blobs WHERE thread_id = ? AND checkpoint_ns = '' AND channel = ? AND version = ?");
      for (const [channel, version] of Object.entries(versions)) latestCheckpointBytes += (blob.get(latest.thread_id, channel, String(version)) as { bytes: number | null } | undefined)?.bytes ?? 0;
    }
    return { totalBytes, latestCheckpointBytes, checkpointRows: rows };
  } finally {
    db.close();
  }
}

/** Runs `body` with a fresh SQLite path and a workspace directory, removed afterwards. */
async function withTempDir<T>(body: (paths: { dbPath: string; workspace: string }) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "mira-bench-"));
  try {
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    return await body({ dbPath: join(dir, "checkpoints.db"), workspace });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Chunk = Record<string, unknown>;
/** The update of node `name`. */
const nodeRan = (name: string) => (chunk: Chunk) => name in chunk;
/** An update recording a visit of Mira's Tool stage (which may share its step with Policy and Evidence). */
export const miraToolRan = (chunk: Chunk) =>
  Object.values(chunk).some((update) => ([] as Array<{ node?: string }>).concat((update as { trace?: [] } | null)?.trace ?? []).some((e) => e.node === "Tool"));

/** Wall-clock and CPU timestamps of each tool completion in an `updates` stream. */
async function toolCompletions(stream: AsyncIterable<Chunk>, toolRan: (chunk: Chunk) => boolean): Promise<{ completions: number[]; cpu: number[] }> {
  const completions: number[] = [];
  const cpu: number[] = [];
  for await (const chunk of stream) {
    if (!toolRan(chunk)) continue;
    completions.push(performance.now());
    cpu.push(cpuMs());
  }
  return { completions, cpu };
}

/** Distinct text files for the read trajectory: numbered lines, so no two bodies are equal. */
export function writeReadWorkspace(workspace: string): void {
  for (let f = 0; f < READ_FILES; f++) {
    const lines: string[] = [];
    for (let n = 1, size = 0; size < READ_FILE_BYTES; n++) {
      const line = `// file ${f} line ${n}: const value${n} = compute(${f}, ${n}); // keeps the text realistic`;
      lines.push(line);
      size += line.length + 1;
    }
    writeFileSync(join(workspace, `src${f}.ts`), `${lines.join("\n")}\n`);
  }
}

export interface MiraRunOptions {
  steps: number;
  read?: boolean;
  /** Keep the database here instead of a temporary directory (the storage-budget test reads it). */
  dbPath?: string;
  workspace?: string;
}

/**
 * The governed loop compiled on `store` for the scripted trajectory of `steps` tool calls
 * (`read_open` over `writeReadWorkspace`'s files, or `noop`), its start input and run config.
 */
export function miraApp(store: CheckpointStore, opts: { steps: number; read?: boolean; workspace: string; threadId?: string }) {
  const { steps } = opts;
  const maxSteps = steps + 5;
  const call = opts.read ? (i: number) => ({ name: "read_open", args: { path: `src${i % READ_FILES}.ts` } }) : (i: number) => ({ name: "noop", args: { n: i } });
  const final: ScriptedTurn = { content: "", tool_calls: [{ id: "final", name: "answer", args: { text: `done after ${steps} steps`, citations: [] } }] };
  const rt: MiraRuntime = {
    agent: "main",
    workspaceRoot: opts.workspace,
    model: new ScriptedChatModel(trajectory(steps, call, final)),
    harness: new Harness({ sources: [staticSource("bench", [opts.read ? readOpen : noopTool])], authority: { allow: ["*"], deny: [] } }),
    policy: Policy.defaults(),
    ledger: store.ledger,
    documents: new DocumentIndex(opts.workspace),
    defaults: { maxSteps, maxAttempts: 3 },
  };
  const app = buildMiraGraph(rt).compile({ checkpointer: store.checkpointer });
  const goal = opts.read ? `read each source file, ${steps} reads in all` : `call noop for each number up to ${steps}`;
  const config = { configurable: { thread_id: opts.threadId ?? "bench" }, recursionLimit: recursionLimitFor(maxSteps) };
  return { app, input: startRunInput(goal), config };
}

/** The governed loop for N tool steps; throws BenchRunError unless it completes all of them. */
export async function runMira(opts: MiraRunOptions): Promise<StepRun> {
  const go = async ({ dbPath, workspace }: { dbPath: string; workspace: string }): Promise<StepRun> => {
    if (opts.read) writeReadWorkspace(workspace);
    const store = await openCheckpointStore(`sqlite:${dbPath}`);
    try {
      const { steps } = opts;
      const { app, input, config } = miraApp(store, { steps, read: opts.read, workspace });
      const started = performance.now();
      const stream = await app.stream(input, { ...config, streamMode: "updates", durability: "sync" });
      const { completions, cpu } = await toolCompletions(stream as AsyncIterable<Chunk>, miraToolRan);
      const totalMs = performance.now() - started;
      const state = await app.getState(config);
      if (state.values.status !== "completed" || completions.length !== steps) {
        throw new BenchRunError(`mira bench run did not complete: status ${state.values.status}, ${completions.length}/${steps} tool steps`);
      }
      return { runner: opts.read ? "mira-read" : "mira", steps, totalMs, completions, cpu, footprint: footprint(dbPath) };
    } finally {
      await store.close();
    }
  };
  if (opts.dbPath && opts.workspace) return go({ dbPath: opts.dbPath, workspace: opts.workspace });
  return withTempDir(go);
}

/** The floor's state: a call slot, a bounded log of results, a step counter. */
const BareState = Annotation.Root({
  call: Annotation<{ id: string; name: string; args: Record<string, unknown> } | null>({ reducer: (_, u) => u, default: () => null }),
  result: Annotation<string | null>({ reducer: (_, u) => u, default: () => null }),
  log: Annotation<string[], string[]>({ reducer: (c, u) => c.concat(u).slice(-48), default: () => [] }),
  step: Annotation<number>({ reducer: (_, u) => u, default: () => 0 }),
  answer: Annotation<string | null>({ reducer: (_, u) => u, default: () => null }),
});

/**
 * The bare loop: plan (one model call) → normalize → policy → tool → evidence → plan, with
 * no governance in the nodes. The same five supersteps per tool call as Mira's loop.
 */
export async function runBare(steps: number): Promise<StepRun> {
  return withTempDir(async ({ dbPath }) => {
    const db = new Database(dbPath);
    db.pragma("journal_mode = WAL");
    try {
      const model = new ScriptedChatModel(trajectory(steps, (i) => ({ name: "noop", args: { n: i } }), { content: `counted to ${steps}`, tool_calls: [] }));
      type S = typeof BareState.State;
      const graph = new StateGraph(BareState)
        .addNode("plan", async (s: S) => {
          const reply = await model.invoke([{ role: "user", content: `step ${s.step}` }]);
          const c = reply.tool_calls?.[0];
          return c ? { call: { id: c.id ?? "", name: c.name, args: c.args }, step: s.step + 1 } : { call: null, answer: String(reply.content) };
        })
        .addNode("normalize", async (s: S) => ({ call: s.call && { ...s.call, args: { ...s.call.args } } }))
        .addNode("policy", async (s: S) => ({ log: [`allow ${s.call?.id}`] }))
        .addNode("tool", async (s: S) => ({ result: await noopTool.execute({ n: Number(s.call?.args.n) }, { workspaceRoot: "" } as never).then((r) => (r.ok ? r.summary : "failed")) }))
        .addNode("evidence", async (s: S) => ({ log: [`${s.call?.id}: ${s.result}`], result: null }))
        .addEdge(START, "plan")
        .addConditionalEdges("plan", (s: S) => (s.call ? "normalize" : END))
        .addEdge("normalize", "policy")
        .addEdge("policy", "tool")
        .addEdge("tool", "evidence")
        .addEdge("evidence", "plan")
        .compile({ checkpointer: new SqliteSaver(db) });
      const started = performance.now();
      const stream = await graph.stream({}, { configurable: { thread_id: "bench" }, recursionLimit: steps * 5 + 10, streamMode: "updates", durability: "sync" });
      const { completions, cpu } = await toolCompletions(stream as AsyncIterable<Chunk>, nodeRan("tool"));
      const totalMs = performance.now() - started;
      if (completions.length !== steps) throw new BenchRunError(`bare loop did not complete: ${completions.length}/${steps} tool steps`);
      return { runner: "bare", steps, totalMs, completions, cpu, footprint: footprint(dbPath) };
    } finally {
      db.close();
    }
  });
}

const langchainNoop = tool(async ({ n }: { n: number }) => `noop ${n}`, {
  name: "noop",
  description: "Does nothing and says so.",
  schema: z.object({ n: z.number().int().describe("A step number.") }),
});

export async function runCreateAgent(steps: number): Promise<StepRun> {
  return withTempDir(async ({ dbPath }) => {
    const db = new Database(dbPath);
    db.pragma("journal_mode = WAL");
    try {
      const agent = createAgent({
        model: new ScriptedChatModel(trajectory(steps, (i) => ({ name: "noop", args: { n: i } }), { content: `counted to ${steps}`, tool_calls: [] })),
        tools: [langchainNoop],
        checkpointer: new SqliteSaver(db),
      });
      const config = { configurable: { thread_id: "bench" }, recursionLimit: steps * 2 + 10, streamMode: "updates" as const };
      const started = performance.now();
      const stream = await agent.stream({ messages: [{ role: "user", content: `count to ${steps}` }] }, config);
      const { completions, cpu } = await toolCompletions(stream as AsyncIterable<Chunk>, nodeRan("tools"));
      const totalMs = performance.now() - started;
      if (completions.length !== steps) throw new BenchRunError(`createAgent bench run did not complete: ${completions.length}/${steps} tool steps`);
      return { runner: "createAgent", steps, totalMs, completions, cpu, footprint: footprint(dbPath) };
    } finally {
      db.close();
    }
  });
}

export function run(runner: Runner, steps: number): Promise<StepRun> {
  switch (runner) {
    case "mira":
      return runMira({ steps });
    case "mira-read":
      return runMira({ steps, read: true });
    case "bare":
      return runBare(steps);
    case "createAgent":
      return runCreateAgent(steps);
  }
}
