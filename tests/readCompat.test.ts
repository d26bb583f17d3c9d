/**
 * Issue 20, seed 000: `read {path}` is the downgrade/compatibility entry beside the five read
 * tools. It stands for read_list on a directory and read_open on a file, through the same
 * Normalize → Policy → Tool → Evidence path, gives the same evidence, and says which tool it
 * stood for. It is disclosed only when a model names it, never in the default loadout.
 */
import { describe, expect, it } from "vitest";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { realTools } from "../runtime/toolSources.js";
import { readList } from "../tools/workspace/list.js";
import { readOpen } from "../tools/workspace/read.js";
import { readCompat } from "../tools/workspace/readCompat.js";
import { answer, call, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";

const FILES = { "docs/a.md": "# A\nalpha line\n", "docs/b.txt": "bravo\n" };

describe("read stands for read_list / read_open and gives their evidence", () => {
  it("on a directory: read_list's evidence; on a file: read_open's; the summary names the stood-for tool", async () => {
    const ws = await tempWorkspace(FILES);
    const ctx = { workspaceRoot: ws };
    const viaRead = await readCompat.execute({ path: "docs" }, ctx);
    const viaList = await readList.execute(readList.schema.parse({ path: "docs" }), ctx);
    expect(viaRead.ok && viaList.ok).toBe(true);
    if (!viaRead.ok || !viaList.ok) return;
    expect(viaRead.evidence).toEqual(viaList.evidence);
    expect(viaRead.summary).toBe(`read stood for read_list: ${viaList.summary}`);

    const fileRead = await readCompat.execute({ path: "docs/a.md" }, ctx);
    const fileOpen = await readOpen.execute(readOpen.schema.parse({ path: "docs/a.md" }), ctx);
    expect(fileRead.ok && fileOpen.ok).toBe(true);
    if (!fileRead.ok || !fileOpen.ok) return;
    expect(fileRead.evidence).toEqual(fileOpen.evidence);
    expect(fileRead.summary).toMatch(/^read stood for read_open: read 2 lines of docs\/a\.md/);
  });

  it("a path outside the workspace is the same terminal security violation as read_open's; a missing one the same recoverable failure", async () => {
    const ws = await tempWorkspace(FILES);
    const escape = await readCompat.execute({ path: "../outside" }, { workspaceRoot: ws });
    expect(escape).toMatchObject({ ok: false, failure: { recoverable: false, kind: "security_violation" } });
    const missing = await readCompat.execute({ path: "docs/none.md" }, { workspaceRoot: ws });
    const missingOpen = await readOpen.execute(readOpen.schema.parse({ path: "docs/none.md" }), { workspaceRoot: ws });
    expect(missing).toMatchObject({ ok: false, failure: { recoverable: true, kind: (missingOpen as { failure: { kind: string } }).failure.kind } });
  });

  it("through the graph: asked for by name, read runs through Normalize → Policy → Tool → Evidence and its evidence equals read_list / read_open's", async () => {
    const ws = await tempWorkspace(FILES);
    const compat = makeRun({
      workspace: ws,
      extraTools: [readCompat],
      turns: [
        call("s1", "tool_search", { query: "read" }),
        call("c1", "read", { path: "docs" }),
        call("c2", "read", { path: "docs/a.md" }),
        answer("a1", "docs holds a.md and b.txt; a.md says alpha [ev-1] [ev-2]", ["ev-1", "ev-2"]),
      ],
    });
    const viaRead = await start(compat, "list docs and read docs/a.md", "t-read");
    expect(viaRead.status).toBe("completed");
    expect(compat.executions.get("read")).toBe(2);
    expect(compat.executions.get("read_list") ?? 0).toBe(0);
    const nodes = viaRead.trace.map((t: { node: string }) => t.node);
    expect(nodes.filter((n: string) => n === "Tool")).toHaveLength(2);
    expect(nodes.filter((n: string) => n === "Policy")).toHaveLength(2);
    const stoodFor = viaRead.observations.filter((o: { toolId?: string }) => o.toolId === "read").map((o: { summary: string }) => o.summary);
    expect(stoodFor[0]).toMatch(/^read stood for read_list/);
    expect(stoodFor[1]).toMatch(/^read stood for read_open/);

    const direct = makeRun({
      workspace: ws,
      turns: [call("d1", "read_list", { path: "docs" }), call("d2", "read_open", { path: "docs/a.md" }), answer("a1", "done [ev-1] [ev-2]", ["ev-1", "ev-2"])],
    });
    const viaTools = await start(direct, "list docs and read docs/a.md", "t-direct");
    const shape = (e: { kind: string; source: unknown; content: string; verified: boolean }) => ({ kind: e.kind, source: e.source, content: e.content, verified: e.verified });
    expect(viaRead.evidence.map(shape)).toEqual(viaTools.evidence.map(shape));
    expect(viaRead.evidence.map((e: { toolId: string }) => e.toolId)).toEqual(["read", "read"]);
  });
});

describe("read is disclosed only when named, never in the default loadout", () => {
  const harness = () => new Harness({ sources: [staticSource("builtin", realTools())], authority: { allow: ["*"], deny: [] } });

  it("registered (status lists it) but not in the catalog, the first disclosure, rankings, or a search that does not name it", async () => {
    const h = harness();
    expect(h.get("read")).toBeDefined();
    expect(h.status().map((s) => s.name)).toContain("read");
    expect(h.registered().map((t) => t.name)).not.toContain("read");
    for (const task of ["read docs/a.md", "read the README and tell me what it says", "list the docs directory"]) {
      expect(h.resolve(task).disclosed.map((d) => d.name)).not.toContain("read");
      expect(h.rank(task, 10)).not.toContain("read");
    }
    expect((await h.search("read a file")).disclosed.map((d) => d.name)).not.toContain("read");
    expect(h.compactCatalog()).not.toMatch(/\bread\b(?!_)/);
  });

  it("tool_search with its exact name discloses it alone; a model naming an unknown read-like tool is told it exists", async () => {
    const h = harness();
    expect((await h.search("read")).disclosed).toEqual([{ name: "read", stage: "search" }]);
    expect(h.checkExecutable("read_file", [])).toMatchObject({ ok: false, reason: expect.stringContaining('the compatibility entry "read" exists: tool_search "read"') });
    expect(h.checkExecutable("send_mail", [])).toMatchObject({ ok: false, reason: expect.not.stringContaining("compatibility") });
    expect(h.checkExecutable("read", ["read"])).toMatchObject({ ok: true });
  });
});
