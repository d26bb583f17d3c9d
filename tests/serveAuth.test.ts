/**
 * Who may act (CONTRACT §3): `mira serve` authenticates its clients through LangGraph's own
 * custom-auth mechanism (`langgraph.json` → `server/auth.ts`), scopes every thread, run and
 * store item by owner, lets a reviewer answer approvals only on threads shared with it,
 * records who approved, and refuses to listen on a public address without auth.
 * Driven through `@langchain/langgraph-sdk` against one real `mira serve` on PostgreSQL.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnServe, type ServeProcess } from "../server/cluster.js";
import type { PendingToolCall, TraceEntry, ApprovalRecord } from "../state/types.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = connect(6379, "127.0.0.1", () => (socket.end(), resolve(true)));
  socket.on("error", () => resolve(false));
});
const reachable = (await isPostgresReachable()) && redisUp;

/**
 * A database of its own: instances on one database form one service and share one run
 * queue, so a `mira serve` of another test file (other settings, no auth) would otherwise
 * execute this file's runs.
 */
const AUTH_DB_URL = POSTGRES_URL.replace(/\/[^/?]*(\?|$)/, "/mira_serveauth$1");
async function ownDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query("CREATE DATABASE mira_serveauth");
  } catch (err) {
    if ((err as { code?: string }).code !== "42P04") throw err; // already exists
  } finally {
    await admin.end();
  }
}

interface RunValues {
  status: string;
  pendingToolCall: PendingToolCall | null;
  trace: TraceEntry[];
  approvals: ApprovalRecord[];
}

// User ids unique to this run: the test database outlives it, and ownership is by id.
const RUN = Math.random().toString(36).slice(2, 8);
const ID = { alice: `alice-${RUN}`, bob: `bob-${RUN}`, carol: `carol-${RUN}`, dave: `dave-${RUN}` };
const KEYS = {
  alice: `alice-key-${RUN}-0123456789`,
  bob: `bob-key-${RUN}-0123456789`,
  carol: `carol-key-${RUN}-0123456789`,
  dave: `dave-key-${RUN}-0123456789`,
};
const keyFile = (users: Array<keyof typeof KEYS>) =>
  JSON.stringify(users.map((user) => ({ user: ID[user], key: KEYS[user], ...(user === "carol" ? { roles: ["reviewer"] } : {}) })));

/** The HTTP status an SDK call failed with (the SDK puts it in the error message). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (err) {
    const status = (err as { status?: number }).status ?? Number(/HTTP (\d{3})|(\d{3})/.exec(String(err))?.slice(1).find(Boolean));
    return status;
  }
}

describe.skipIf(!reachable)("mira serve with auth: ownership, review and refusals (CONTRACT §3: who may act)", () => {
  let server: ServeProcess;
  let dir: string;
  let workspace: string;
  const pool = new pg.Pool({ connectionString: AUTH_DB_URL });
  const as = (user: keyof typeof KEYS | string) => new Client({ apiUrl: server.url, apiKey: KEYS[user as keyof typeof KEYS] ?? user });
  let thread: string;

  beforeAll(async () => {
    await ownDatabase();
    dir = await realpath(await mkdtemp(join(tmpdir(), "mira-auth-")));
    workspace = join(dir, "workspace");
    await cp(join(REPO_ROOT, "demo/workspace"), workspace, { recursive: true });
    await writeFile(join(dir, "keys.json"), keyFile(["alice", "bob", "carol", "dave"]));
    // The operator's policy (the floor) denies file deletes; a run may choose policies under dir.
    await writeFile(join(dir, "floor.json"), JSON.stringify({ risks: { file_delete: "deny" } }));
    await writeFile(join(dir, "widen.json"), JSON.stringify({ risks: { file_delete: "ask" } }));
    server = await spawnServe({
      checkpointer: AUTH_DB_URL,
      env: {
        MIRA_WORKSPACE: workspace,
        MIRA_WORKSPACE_ROOTS: dir,
        MIRA_MODEL_SPEC: "offline",
        MIRA_POLICY: join(dir, "floor.json"),
        MIRA_AUTH: "apikey",
        MIRA_API_KEYS: join(dir, "keys.json"),
      },
    });
    // Alice's run waits for approval of a write; carol and dave are listed as its reviewers.
    const alice = as("alice");
    const created = await alice.threads.create({ metadata: { reviewers: [ID.carol, ID.dave] } });
    thread = created.thread_id;
    await alice.runs.wait(thread, "mira", { input: { goal: 'Create notes/owned.md with "hi"' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pool.end();
  }, 30_000);

  const approveCommand = async () => {
    const state = await as("alice").threads.getState<RunValues>(thread);
    const interrupt = state.tasks.flatMap((t) => t.interrupts)[0]!;
    const { toolCallId, inputHash } = state.values.pendingToolCall!;
    return { command: { resume: { [interrupt.id!]: { decision: "approve", toolCallId, inputHash } } } };
  };
  const stillWaiting = async () => {
    const state = await as("alice").threads.getState<RunValues>(thread);
    expect(state.values.status).toBe("waiting_approval");
    expect(state.values.trace.filter((t) => t.node === "Tool")).toHaveLength(0);
    await expect(stat(join(workspace, "notes/owned.md"))).rejects.toThrow();
    const rows = await pool.query("SELECT 1 FROM mira_executions WHERE thread_id = $1", [thread]);
    expect(rows.rowCount).toBe(0);
  };

  it("the owner's thread is stamped with its owner and readable by the owner", async () => {
    const t = await as("alice").threads.get(thread);
    expect(t.metadata).toMatchObject({ owner: ID.alice, reviewers: [ID.carol, ID.dave] });
    expect((await as("alice").threads.getState<RunValues>(thread)).values.status).toBe("waiting_approval");
  });

  it("user B cannot list, read, resume, approve, cancel or delete user A's thread (404), and the run keeps waiting", async () => {
    const bob = as("bob");
    expect((await bob.threads.search({ limit: 100 })).map((t) => t.thread_id)).not.toContain(thread);
    expect(await bob.threads.count()).toBe(0);
    expect(await statusOf(bob.threads.get(thread))).toBe(404);
    expect(await statusOf(bob.threads.getState(thread))).toBe(404);
    expect(await statusOf(bob.threads.getHistory(thread))).toBe(404);
    expect(await statusOf(bob.runs.list(thread))).toBe(404);
    expect(await statusOf(bob.runs.wait(thread, "mira", await approveCommand()))).toBe(404);
    expect(await statusOf(bob.runs.wait(thread, "mira", { input: { goal: "Where is the retry limit configured?" } }))).toBe(404);
    expect(await statusOf(bob.threads.update(thread, { metadata: { owner: "bob" } }))).toBe(404);
    expect(await statusOf(bob.threads.updateState(thread, { values: { status: "completed" } }))).toBe(404);
    expect(await statusOf(bob.threads.copy(thread))).toBe(409);
    expect(await statusOf(bob.threads.delete(thread))).toBe(404);
    const runs = await as("alice").runs.list(thread);
    expect(await statusOf(bob.runs.get(thread, runs[0]!.run_id))).toBe(404);
    expect(await statusOf(bob.runs.cancel(thread, runs[0]!.run_id))).toBe(404);
    await stillWaiting();
  }, 60_000);

  it("an approval from a user listed as reviewer but without the reviewer role is refused; the run keeps waiting", async () => {
    expect(await statusOf(as("dave").runs.wait(thread, "mira", await approveCommand()))).toBe(404);
    await stillWaiting();
  }, 30_000);

  it("a reviewer sees the shared thread but may not start work, create threads or use the store", async () => {
    const carol = as("carol");
    expect((await carol.threads.search()).map((t) => t.thread_id)).toEqual([thread]);
    expect((await carol.threads.getState<RunValues>(thread)).values.status).toBe("waiting_approval");
    expect(await statusOf(carol.runs.wait(thread, "mira", { input: { goal: "Delete notes" } }))).toBe(403);
    expect(await statusOf(carol.threads.create())).toBe(403);
    expect(await statusOf(carol.threads.delete(thread))).toBe(403);
    expect(await statusOf(carol.store.putItem(["x"], "k", { v: 1 }))).toBe(403);
    // Alice's other threads are not shared with carol.
    const other = await as("alice").threads.create();
    expect(await statusOf(carol.threads.get(other.thread_id))).toBe(404);
    await stillWaiting();
  }, 30_000);

  it("the reviewer's approval runs the call once; the approval and the ledger row name the approver", async () => {
    await as("carol").runs.wait(thread, "mira", await approveCommand());
    const state = await as("alice").threads.getState<RunValues>(thread);
    expect(state.values.status).toBe("completed");
    expect(await readFile(join(workspace, "notes/owned.md"), "utf8")).toBe("hi\n");
    expect(state.values.approvals.filter((a) => a.decision === "approve")).toEqual([expect.objectContaining({ toolId: "write_file", approvedBy: ID.carol })]);
    const rows = await pool.query("SELECT status, approved_by FROM mira_executions WHERE thread_id = $1 AND tool_id = 'write_file'", [thread]);
    expect(rows.rows).toEqual([{ status: "completed", approved_by: ID.carol }]);
  }, 60_000);

  it("an assistant is its owner's: another user can neither see nor run it", async () => {
    const mine = await as("alice").assistants.create({ graphId: "mira", config: { configurable: { maxSteps: 3 } } });
    expect(mine.metadata).toMatchObject({ owner: ID.alice });
    expect(await statusOf(as("bob").assistants.get(mine.assistant_id))).toBe(404);
    expect((await as("bob").assistants.search({ limit: 100 })).map((a) => a.assistant_id)).not.toContain(mine.assistant_id);
    const bobs = await as("bob").threads.create();
    expect(await statusOf(as("bob").runs.wait(bobs.thread_id, mine.assistant_id, { input: { goal: "hi" } }))).toBe(404);
    // The graph's own assistant stays usable by everyone, and changeable by no one.
    const system = (await as("bob").assistants.search({ graphId: "mira", limit: 100 })).find((a) => a.metadata?.created_by === "system")!;
    expect(system).toBeTruthy();
    expect(await statusOf(as("bob").assistants.delete(system.assistant_id))).toBe(403);
  }, 30_000);

  it("store items are per user: bob can neither read, overwrite, delete nor find alice's item", async () => {
    await as("alice").store.putItem([`notes-${RUN}`], "k1", { text: "alice's" });
    expect(await statusOf(as("bob").store.getItem([`notes-${RUN}`], "k1"))).toBe(404);
    expect(await statusOf(as("bob").store.putItem([`notes-${RUN}`], "k1", { text: "bob's" }))).toBe(404);
    expect(await statusOf(as("bob").store.deleteItem([`notes-${RUN}`], "k1"))).toBe(404);
    await as("bob").store.putItem([`notes-${RUN}`], "k2", { text: "bob's" });
    expect((await as("alice").store.getItem([`notes-${RUN}`], "k1"))?.value).toEqual({ text: "alice's", owner: ID.alice });
    expect((await as("bob").store.searchItems([`notes-${RUN}`])).items.map((i) => i.key)).toEqual(["k2"]);
    expect((await as("alice").store.searchItems([`notes-${RUN}`])).items.map((i) => i.key)).toEqual(["k1"]);
  });

  it("bad input: no key, unknown key, a malformed key → 401 with one line; 10 MB metadata → 413; nothing stored", async () => {
    const before = await as("alice").threads.count();
    const attempts: Array<Record<string, string>> = [{}, { "x-api-key": "not-a-key" }, { "x-api-key": "k".repeat(5000) }];
    for (const headers of attempts) {
      const res = await fetch(`${server.url}/threads/search`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });
      expect(res.status).toBe(401);
      expect((await res.text()).split("\n")).toHaveLength(1);
    }
    const big = { blob: "x".repeat(10 * 1024 * 1024) };
    expect(await statusOf(as("alice").threads.create({ metadata: big }))).toBe(413);
    expect(await as("alice").threads.count()).toBe(before);
    // Internal routes (truncate) are closed to every client.
    const truncate = await fetch(`${server.url}/internal/truncate`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": KEYS.alice }, body: JSON.stringify({ threads: true }) });
    expect(truncate.status).toBe(403);
    expect(await as("alice").threads.count()).toBe(before);
  }, 60_000);

  it("a run cannot widen the operator's policy: one line, nothing runs, and the thread reads over HTTP with the reason", async () => {
    const alice = as("alice");
    const t = await alice.threads.create();
    const widened = alice.runs.wait(t.thread_id, "mira", { input: { goal: "Delete README.md" }, config: { configurable: { policy: join(dir, "widen.json") } } });
    await expect(widened).rejects.toThrow(/would widen the operator's policy .*risks\.file_delete: ask \(operator: deny\)/);
    const state = await alice.threads.getState<RunValues & { error: { kind: string; message: string } }>(t.thread_id);
    expect(state.values.status).toBe("failed");
    expect(state.values.error.kind).toBe("invalid_request");
    expect(state.values.error.message.split("\n")).toHaveLength(1);
    expect(state.values.error.message).toMatch(/would widen/);
    await expect(stat(join(workspace, "README.md"))).resolves.toBeTruthy();
    expect((await pool.query("SELECT 1 FROM mira_executions WHERE thread_id = $1", [t.thread_id])).rowCount).toBe(0);
  }, 60_000);

  it("a user removed from the key file is refused at the next request", async () => {
    expect(await statusOf(as("bob").threads.search())).toBe(200);
    await writeFile(join(dir, "keys.json"), keyFile(["alice", "carol", "dave"]));
    expect(await statusOf(as("bob").threads.search())).toBe(401);
  });
});

describe("mira serve refuses a public address without auth (one line, nothing started)", () => {
  it("--host 0.0.0.0 without MIRA_AUTH exits 1 with one line", async () => {
    const port = await freePort();
    const env = { ...process.env, MIRA_AUTH: "", LOG_LEVEL: "warn" };
    const child = spawn(process.execPath, ["bin/mira.js", "serve", "--host", "0.0.0.0", "--port", String(port), "--checkpointer", POSTGRES_URL], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toMatch(/refusing to listen on 0\.0\.0\.0 without authentication/);
    expect(await fetch(`http://127.0.0.1:${port}/ok`).then(() => "up", () => "down")).toBe("down");
  }, 90_000);

  it("a bad auth setting (MIRA_AUTH=jwt without a key) exits 1 with one line", async () => {
    const env = { ...process.env, MIRA_AUTH: "jwt", MIRA_JWT_SECRET: "", MIRA_JWT_PUBLIC_KEY: "", LOG_LEVEL: "warn" };
    const child = spawn(process.execPath, ["bin/mira.js", "serve", "--port", String(await freePort()), "--checkpointer", POSTGRES_URL], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    expect(await new Promise<number | null>((resolve) => child.on("exit", resolve))).toBe(1);
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toMatch(/MIRA_AUTH=jwt needs MIRA_JWT_SECRET/);
  }, 90_000);
});
