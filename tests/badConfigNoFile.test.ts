/**
 * A bad configuration creates no file (issue 22, item 7): a run refused before its first step
 * (a malformed policy, catalog or MCP config) leaves no SQLite file, WAL file or `.mira`
 * directory behind; a database that did store something is kept, and so is a file that existed before.
 */
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../checkpointers/sqliteStore.js";
import { miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

describe("a bad configuration creates no checkpoint file", () => {
  it.each([
    ["a malformed policy file", "--policy", "policy.json", "{ not json"],
    ["an MCP config with an unknown field", "--mcp", "mcp.json", JSON.stringify({ servers: { a: { command: "x", args: [], bogus: 1 } } })],
    ["a catalog file that does not parse", "--catalog", "catalog.json", "[1, 2"],
  ])("%s: refused in one line, no .mira directory, no database file", { timeout: 60_000 }, async (_label, flag, name, content) => {
    const ws = await tempWorkspace({ "README.md": "hello\n", [name]: content });
    const db = path.join(ws, ".mira/state/mira.db");
    const r = await miraInProcess(["run", "read README.md", "--workspace", ws, flag, path.join(ws, name), "--checkpointer", `sqlite:${db}`]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(existsSync(path.join(ws, ".mira"))).toBe(false);
  });

  it("a database that stored a row is kept; a pre-existing empty file is never removed", async () => {
    const ws = await tempWorkspace();
    const used = path.join(ws, "used.db");
    const store = openSqliteStore(used);
    await store.ledger.begin({ threadId: "t", toolId: "x", toolCallId: "c", inputHash: "h" }, { threadId: "t" });
    await store.close();
    expect(existsSync(used)).toBe(true);
    const existing = path.join(ws, "existing.db");
    await fs.writeFile(existing, "");
    await openSqliteStore(existing).close();
    expect(existsSync(existing)).toBe(true);
  });
});
