/**
 * CONTRACT §3: a side-effecting tool executes at most once per `toolCallId + inputHash` within a thread (and all its forks).
 * The same ledger contract is proved against every backend the checkpoint store offers.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openCheckpointStore, type CheckpointStore } from "../checkpointers/index.js";
import type { ExecutionKey, ExecutionLedger } from "../ledger/executionLedger.js";
import { isPostgresReachable, POSTGRES_URL } from "./support/postgres.js";
import type { ToolOutcome } from "../state/types.js";

/** A claim whose approval was given in the key's own thread (the normal case). */
const ownClaim = (ledger: ExecutionLedger, key: ExecutionKey) => ledger.begin(key, { threadId: key.threadId });

const postgresReachable = await isPostgresReachable();

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshSqliteSetting(): string {
  const dir = mkdtempSync(join(tmpdir(), "mira-ledger-"));
  tempDirs.push(dir);
  return `sqlite:${join(dir, "mira.db")}`;
}

/** Each backend: how to name a fresh, empty store location for one test. */
const backends = [
  { name: "memory", freshSetting: () => "memory", skip: false },
  { name: "sqlite", freshSetting: freshSqliteSetting, skip: false },
  // Keys are unique per test, so a shared database behaves as fresh.
  { name: "postgres", freshSetting: () => POSTGRES_URL, skip: !postgresReachable },
];

function keyFor(threadId: string, toolCallId = `call-${randomUUID()}`): ExecutionKey {
  return { threadId, toolId: "write_file", toolCallId, inputHash: `sha256:${randomUUID()}` };
}

const writtenOutcome: ToolOutcome = {
  ok: true,
  summary: "wrote notes.md",
  evidence: [{ kind: "write", source: { path: "notes.md" }, content: "12 bytes", verified: false }],
};
const failedOutcome: ToolOutcome = { ok: false, failure: { recoverable: true, kind: "not_found", message: "gone" } };

describe.each(backends)("execution ledger on $name", ({ freshSetting, skip }) => {
  const open: CheckpointStore[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });
  async function openStore(setting: string): Promise<CheckpointStore> {
    const store = await openCheckpointStore(setting);
    open.push(store);
    return store;
  }

  it.skipIf(skip)("claims an invocation once: fresh, then started, then completed with the recorded outcome", async () => {
    const { ledger } = await openStore(freshSetting());
    const key = keyFor(`thread-${randomUUID()}`);

    expect(await ownClaim(ledger, key)).toEqual({ state: "fresh" });
    const second = await ownClaim(ledger, key);
    expect(second.state).toBe("started");
    expect(second.state === "started" && Number.isNaN(Date.parse(second.startedAt))).toBe(false);

    await ledger.complete(key, writtenOutcome);
    const third = await ownClaim(ledger, key);
    expect(third).toMatchObject({ state: "completed", outcome: writtenOutcome });
    expect(third.state === "completed" && Number.isNaN(Date.parse(third.completedAt))).toBe(false);
  });

  it.skipIf(skip)("keys on threadId + toolCallId + inputHash: a changed input hash, or another run reusing a call id, is a new invocation", async () => {
    const { ledger } = await openStore(freshSetting());
    const key = keyFor(`thread-${randomUUID()}`);
    await ownClaim(ledger, key);

    expect(await ownClaim(ledger, { ...key, inputHash: `${key.inputHash}-edited` })).toEqual({ state: "fresh" });
    // Call ids come from the model and repeat across runs (scripted and offline models); forks share the thread id.
    expect(await ownClaim(ledger, { ...key, threadId: `another-${randomUUID()}` })).toEqual({ state: "fresh" });
  });

  it.skipIf(skip)("keeps the first outcome when an execution is completed twice", async () => {
    const { ledger } = await openStore(freshSetting());
    const key = keyFor(`thread-${randomUUID()}`);
    await ownClaim(ledger, key);
    await ledger.complete(key, writtenOutcome);
    await ledger.complete(key, failedOutcome);

    expect(await ownClaim(ledger, key)).toMatchObject({ state: "completed", outcome: writtenOutcome });
  });

  it.skipIf(skip)("records an outcome for a key that was never claimed, so it cannot run afterwards", async () => {
    const { ledger } = await openStore(freshSetting());
    const key = keyFor(`thread-${randomUUID()}`);
    await ledger.complete(key, failedOutcome);

    expect(await ownClaim(ledger, key)).toMatchObject({ state: "completed", outcome: failedOutcome });
  });

  it.skipIf(skip)("lists one thread's entries oldest first, with outcomes for completed ones", async () => {
    const { ledger } = await openStore(freshSetting());
    const threadId = `thread-${randomUUID()}`;
    const keys = [keyFor(threadId, "call-3"), keyFor(threadId, "call-1"), keyFor(threadId, "call-2")];
    for (const key of keys) await ownClaim(ledger, key);
    await ownClaim(ledger, keyFor(`other-${randomUUID()}`));
    await ledger.complete(keys[1]!, writtenOutcome);

    expect(await ledger.list(threadId)).toEqual([
      { ...keys[0], status: "started" },
      { ...keys[1], status: "completed", outcome: writtenOutcome },
      { ...keys[2], status: "started" },
    ]);
  });

  it.skipIf(skip)("lets exactly one of many concurrent claims through", async () => {
    const setting = freshSetting();
    // Two stores on one location when durable: two connections racing, as two processes would.
    const stores = [await openStore(setting), setting === "memory" ? undefined : await openStore(setting)];
    const ledgers = stores.flatMap((store) => (store ? [store.ledger] : []));
    const key = keyFor(`thread-${randomUUID()}`);

    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => ownClaim(ledgers[i % ledgers.length]!, key)));

    expect(claims.filter((claim) => claim.state === "fresh")).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === "started")).toHaveLength(11);
  });
});

describe("execution ledger durability", () => {
  it("a second store on the same SQLite file sees the first store's entries", async () => {
    const setting = freshSqliteSetting();
    const key = keyFor(`thread-${randomUUID()}`);
    const first = await openCheckpointStore(setting);
    await ownClaim(first.ledger, key);
    await first.ledger.complete(key, writtenOutcome);
    await first.close();

    const second = await openCheckpointStore(setting);
    try {
      expect(await ownClaim(second.ledger, key)).toMatchObject({ state: "completed", outcome: writtenOutcome });
      expect(await second.ledger.list(key.threadId)).toEqual([{ ...key, status: "completed", outcome: writtenOutcome }]);
    } finally {
      await second.close();
    }
  });

  it.skipIf(!postgresReachable)("a second store on the same PostgreSQL database sees the first store's entries", async () => {
    const key = keyFor(`thread-${randomUUID()}`);
    const first = await openCheckpointStore(POSTGRES_URL);
    await ownClaim(first.ledger, key);
    await first.close();

    const second = await openCheckpointStore(POSTGRES_URL);
    try {
      expect(await ownClaim(second.ledger, key)).toMatchObject({ state: "started" });
    } finally {
      await second.close();
    }
  });
});
