/**
 * The checkpoint store factory: settings parse to the right backend or fail with one clear
 * line; checkpoints survive the store (and the process) that wrote them, so a run paused by
 * `interrupt()` resumes from a new process (CONTRACT §3); forks keep their own state.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { join } from "node:path";
import { Annotation, Command, END, interrupt, START, StateGraph } from "@langchain/langgraph";
import { emptyCheckpoint, type BaseCheckpointSaver, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CheckpointStoreError,
  DEFAULT_CHECKPOINTER,
  openCheckpointStore,
  parseCheckpointerSetting,
  resolveCheckpointerSetting,
  type CheckpointStore,
} from "../checkpointers/index.js";
import { BranchSafePostgresSaver } from "../checkpointers/branchSafePostgresSaver.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const postgresReachable = await isPostgresReachable();

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mira-ckpt-"));
  tempDirs.push(dir);
  return dir;
}

const opened: CheckpointStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
async function openStore(setting: string, cwd?: string): Promise<CheckpointStore> {
  const store = await openCheckpointStore(setting, { cwd });
  opened.push(store);
  return store;
}

/** Opens `setting` expecting a CheckpointStoreError and returns its message. */
async function rejectionOf(setting: string, cwd?: string): Promise<string> {
  const error = await openCheckpointStore(setting, { cwd }).then(
    (store) => store.close().then(() => undefined),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CheckpointStoreError);
  expect((error as Error).name).toBe("CheckpointStoreError");
  return (error as Error).message;
}

describe("resolveCheckpointerSetting", () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.MIRA_CHECKPOINTER;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.MIRA_CHECKPOINTER;
    else process.env.MIRA_CHECKPOINTER = saved;
  });

  it("prefers the flag, then MIRA_CHECKPOINTER, then the durable SQLite default", () => {
    process.env.MIRA_CHECKPOINTER = "postgres://db/mira";
    expect(resolveCheckpointerSetting("memory")).toBe("memory");
    expect(resolveCheckpointerSetting()).toBe("postgres://db/mira");
    delete process.env.MIRA_CHECKPOINTER;
    expect(resolveCheckpointerSetting()).toBe("sqlite:.mira/mira.db");
    expect(DEFAULT_CHECKPOINTER).toBe("sqlite:.mira/mira.db");
  });

  it("treats a blank flag or variable as absent", () => {
    process.env.MIRA_CHECKPOINTER = "";
    expect(resolveCheckpointerSetting("  ")).toBe(DEFAULT_CHECKPOINTER);
  });
});

describe("openCheckpointStore settings", () => {
  it("memory opens an in-process store", async () => {
    const store = await openStore("memory");
    expect(store.kind).toBe("memory");
    expect(store.description).toMatch(/memory/);
  });

  it("sqlite:PATH resolves against cwd, creates parent directories and the file", async () => {
    const cwd = tempDir();
    const store = await openStore("sqlite:state/nested/mira.db", cwd);
    expect(store.kind).toBe("sqlite");
    expect(store.description).toBe(`SQLite ${join(cwd, "state/nested/mira.db")}`);
    expect(existsSync(join(cwd, "state/nested/mira.db"))).toBe(true);
  });

  it.skipIf(!postgresReachable)("postgres:// opens a PostgreSQL store", async () => {
    const store = await openStore(POSTGRES_URL);
    expect(store.kind).toBe("postgres");
    expect(store.description).toMatch(/^PostgreSQL \S+:\d+\//);
  });

  it("parses postgresql:// with a password into an address and a description without it", () => {
    expect(parseCheckpointerSetting("postgresql://mira:s3cret@db.internal:6543/runs", "/repo")).toEqual({
      kind: "postgres",
      connectionString: "postgresql://mira:s3cret@db.internal:6543/runs",
      address: "db.internal:6543",
      description: "PostgreSQL mira@db.internal:6543/runs",
    });
    expect(parseCheckpointerSetting("sqlite:/var/mira.db", "/repo")).toEqual({ kind: "sqlite", path: "/var/mira.db" });
  });

  it("rejects an unknown scheme in one line", async () => {
    const message = await rejectionOf("redis://127.0.0.1:6379");
    expect(message).toBe('unknown checkpointer "redis://127.0.0.1:6379": use memory, sqlite:PATH, or postgres://user@host:port/database');
  });

  it("rejects sqlite: without a path", async () => {
    expect(await rejectionOf("sqlite:")).toMatch(/names no file/);
  });

  it("rejects a sqlite path that cannot be created (its parent is a file) in one line", async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, "plain-file"), "not a directory");
    const message = await rejectionOf("sqlite:plain-file/mira.db", cwd);
    expect(message).toMatch(new RegExp(`^cannot open SQLite checkpoint store at ${join(cwd, "plain-file/mira.db")}: (EEXIST|ENOTDIR)`));
    expect(message).not.toContain("\n");
  });

  it("rejects a file that is not a SQLite database in one line", async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, "notes.txt"), "x".repeat(4096));
    const message = await rejectionOf("sqlite:notes.txt", cwd);
    expect(message).toMatch(/^cannot open SQLite checkpoint store at .*notes\.txt: file is not a database$/);
  });

  it("rejects an unreachable PostgreSQL port quickly, in one line", async () => {
    const started = Date.now();
    const message = await rejectionOf("postgres://postgres@127.0.0.1:5999/test");
    expect(message).toBe("cannot reach PostgreSQL at 127.0.0.1:5999: connect ECONNREFUSED 127.0.0.1:5999");
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it("rejects a PostgreSQL server that accepts but never answers within the connect timeout", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const message = await rejectionOf(`postgres://postgres@127.0.0.1:${port}/test`);
      expect(message).toMatch(new RegExp(`^cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}: .*timeout`, "i"));
      expect(message).not.toContain("\n");
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
    }
  }, 10_000);

  it("rejects a malformed PostgreSQL URL in one line", async () => {
    expect(await rejectionOf("postgres://user:pw@[bad")).toBe('checkpointer "postgres://user:***@[bad" is not a valid PostgreSQL URL');
  });
});

/** Durable backends: `setting()` names a location two stores can share within one test. */
const durableBackends = [
  {
    name: "sqlite",
    skip: false,
    setting: () => `sqlite:${join(tempDir(), "mira.db")}`,
  },
  { name: "postgres", skip: !postgresReachable, setting: () => POSTGRES_URL },
];

describe.each(durableBackends)("checkpoints on $name survive the store that wrote them", ({ skip, setting }) => {
  it.skipIf(skip)("a checkpoint put through one store is read back by a second store", async () => {
    const location = setting();
    const threadId = `put-${randomUUID()}`;
    const checkpoint: Checkpoint = { ...emptyCheckpoint(), channel_values: { note: "kept" }, channel_versions: { note: 1 } };
    const writer = await openStore(location);
    await writer.checkpointer.put(
      { configurable: { thread_id: threadId, checkpoint_ns: "" } },
      checkpoint,
      { source: "update", step: 0, parents: {} },
      { note: 1 },
    );
    await writer.close();

    const reader = await openStore(location);
    const tuple = await reader.checkpointer.getTuple({ configurable: { thread_id: threadId } });
    expect(tuple?.checkpoint.id).toBe(checkpoint.id);
    expect(tuple?.checkpoint.channel_values).toEqual({ note: "kept" });
    expect(tuple?.metadata).toMatchObject({ source: "update", step: 0 });
  });

  it.skipIf(skip)("a graph paused by interrupt() resumes from a new store with Command({ resume })", async () => {
    const location = setting();
    const config = { configurable: { thread_id: `interrupt-${randomUUID()}` } };
    const visits: string[] = [];
    const State = Annotation.Root({ answer: Annotation<string>() });
    const buildGraph = () =>
      new StateGraph(State)
        .addNode("ask", () => {
          visits.push("ask");
          return { answer: interrupt<string, string>("which file?") };
        })
        .addNode("done", () => {
          visits.push("done");
          return {};
        })
        .addEdge(START, "ask")
        .addEdge("ask", "done")
        .addEdge("done", END);

    const first = await openStore(location);
    await buildGraph().compile({ checkpointer: first.checkpointer }).invoke({ answer: "" }, config);
    await first.close();

    const second = await openStore(location);
    const graph = buildGraph().compile({ checkpointer: second.checkpointer });
    const paused = await graph.getState(config);
    expect(paused.next).toEqual(["ask"]);
    expect(paused.tasks.flatMap((task) => task.interrupts.map((pending) => pending.value))).toEqual(["which file?"]);
    const finished = await graph.invoke(new Command({ resume: "x" }), config);

    expect(finished).toEqual({ answer: "x" });
    expect((await graph.getState(config)).next).toEqual([]);
    // "ask" re-runs from its start on resume (CONTRACT §3); "done" runs once.
    expect(visits).toEqual(["ask", "ask", "done"]);
  });
});

/** a → b → c, each node overwriting `value` and appending to `log`. */
const ForkState = Annotation.Root({
  value: Annotation<string>(),
  log: Annotation<string[]>({ reducer: (left, right) => left.concat(right), default: () => [] }),
});
const buildLinearGraph = () =>
  new StateGraph(ForkState)
    .addNode("a", () => ({ value: "a", log: ["a"] }))
    .addNode("b", () => ({ value: "b", log: ["b"] }))
    .addNode("c", () => ({ value: "c", log: ["c"] }))
    .addEdge(START, "a")
    .addEdge("a", "b")
    .addEdge("b", "c")
    .addEdge("c", END);

/**
 * Runs a → b → c, then forks at the checkpoint after "a" with an edit and runs the fork on.
 * Returns what the fork saw right after the edit, what the fork finished with, and the
 * original branch's final values.
 */
async function forkAfterFirstNode(checkpointer: BaseCheckpointSaver) {
  const graph = buildLinearGraph().compile({ checkpointer });
  const config = { configurable: { thread_id: `fork-${randomUUID()}` } };
  const original = await graph.invoke({ value: "start" }, config);
  const history = [];
  for await (const snapshot of graph.getStateHistory(config)) history.push(snapshot);
  const afterA = history.find((snapshot) => snapshot.next.join() === "b");
  expect(afterA?.values).toEqual({ value: "a", log: ["a"] });

  const forkConfig = await graph.updateState(afterA!.config, { value: "edited", log: ["edited"] }, "a");
  const forkAfterEdit = (await graph.getState(forkConfig)).values;
  const forkFinal = await graph.invoke(null, forkConfig);
  const originalAfterFork = (await graph.getState(history[0]!.config)).values;
  return { original, forkAfterEdit, forkFinal, originalAfterFork };
}

const allBackends = [{ name: "memory", skip: false, setting: () => "memory" }, ...durableBackends];

describe.each(allBackends)("forks on $name keep their own state", ({ skip, setting }) => {
  it.skipIf(skip)("a fork edited at an earlier checkpoint sees its own values, and the original branch is intact", async () => {
    const store = await openStore(setting());
    const result = await forkAfterFirstNode(store.checkpointer);

    expect(result.original).toEqual({ value: "c", log: ["a", "b", "c"] });
    expect(result.forkAfterEdit).toEqual({ value: "edited", log: ["a", "edited"] });
    expect(result.forkFinal).toEqual({ value: "c", log: ["a", "edited", "b", "c"] });
    expect(result.originalAfterFork).toEqual({ value: "c", log: ["a", "b", "c"] });
  });

  it.skipIf(skip)("replaying from an earlier checkpoint id re-runs the later nodes on that state", async () => {
    const store = await openStore(setting());
    const graph = buildLinearGraph().compile({ checkpointer: store.checkpointer });
    const threadId = `replay-${randomUUID()}`;
    await graph.invoke({ value: "start" }, { configurable: { thread_id: threadId } });

    const history = [];
    for await (const snapshot of graph.getStateHistory({ configurable: { thread_id: threadId } })) history.push(snapshot);
    const afterA = history.find((snapshot) => snapshot.next.join() === "b")!;
    const replayed = await graph.invoke(null, {
      configurable: { thread_id: threadId, checkpoint_id: afterA.config.configurable?.checkpoint_id },
    });

    expect(replayed).toEqual({ value: "c", log: ["a", "b", "c"] });
  });
});

describe("why the PostgreSQL store uses BranchSafePostgresSaver", () => {
  /**
   * A canary for langgraphjs#1812: if an upgrade of @langchain/langgraph-checkpoint-postgres
   * makes this fail, the stock saver keeps fork state and BranchSafePostgresSaver can go.
   */
  it.skipIf(!postgresReachable)("the stock PostgresSaver loses a fork's edit to the original branch's values", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL });
    try {
      const stock = new PostgresSaver(pool);
      await stock.setup();
      const result = await forkAfterFirstNode(stock);
      expect(result.forkAfterEdit).toEqual({ value: "b", log: ["a", "b"] });
      expect(result.forkFinal).toEqual({ value: "b", log: ["a", "b"] });
    } finally {
      await pool.end();
    }
  });

  it("numbers versions so they sort by counter and differ between branches", () => {
    const saver = new BranchSafePostgresSaver(new pg.Pool());
    const first = saver.getNextVersion(undefined);
    const branchA = saver.getNextVersion(first);
    const branchB = saver.getNextVersion(first);
    expect(String(first)).toMatch(/^0{31}1\.[0-9a-f]{16}$/);
    expect(branchA > first).toBe(true);
    expect(branchA).not.toBe(branchB);
    expect(String(saver.getNextVersion(41))).toMatch(/^0{30}42\./);
  });
});
