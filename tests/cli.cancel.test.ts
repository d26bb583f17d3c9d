/**
 * CONTRACT §3, the user stops a paused run: `mira cancel THREAD` ends it `cancelled`; the
 * pending write never runs (no file, no ledger row); a thread that is not paused is refused.
 * Paused inside a SubAgent, the whole run (parent and child) ends `cancelled`.
 */
import { access, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunSummary } from "../cli/summary.js";
import { miraInProcess } from "./support/cli.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const exists = (p: string) => access(p).then(() => true, () => false);

describe("mira cancel", () => {
  it("cancels a run paused for approval: status cancelled, exit 0, nothing executed, recorded in the trace", async () => {
    const ws = await tempWorkspace({});
    const script = join(ws, "script.json");
    await writeFile(script, JSON.stringify({ turns: [{ content: "", tool_calls: [{ id: "w1", name: "write_file", args: { path: "notes/x.md", content: "hi\n" } }] }] }));
    const store = `sqlite:${ws}/m.db`;
    const paused = await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "c1", "--json"]);
    expect((JSON.parse(paused.stdout) as RunSummary).status).toBe("waiting_approval");

    const cancelled = await miraInProcess(["cancel", "c1", "--reason", "changed my mind", "--checkpointer", store, "--json"]);
    expect(cancelled.code).toBe(0);
    expect((JSON.parse(cancelled.stdout) as RunSummary).status).toBe("cancelled");
    const shown = JSON.parse((await miraInProcess(["show", "c1", "--checkpointer", store, "--json"])).stdout);
    expect(JSON.stringify(shown)).toContain("changed my mind");
    expect(shown.executions ?? []).toEqual([]);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);

    const again = await miraInProcess(["cancel", "c1", "--checkpointer", store]);
    expect(again.code).toBe(64);
    expect(again.stderr).toContain("is not paused");
  });

  it("cancels a run paused inside a SubAgent: the whole run ends cancelled, parent and child; the child's write never runs", async () => {
    const ws = await tempWorkspace({});
    const script = join(ws, "script.json");
    const turn = (id: string, name: string, args: object) => ({ content: "", tool_calls: [{ id, name, args }] });
    await writeFile(script, JSON.stringify({ turns: [turn("d1", "delegate_task", { task: 'Create notes/x.md with "hi"' }), turn("w1", "write_file", { path: "notes/x.md", content: "hi\n" }), turn("p2", "answer", { text: "never" })] }));
    const store = `sqlite:${ws}/m.db`;
    const paused = await miraInProcess(["run", 'Create notes/x.md with "hi"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "c2", "--json"]);
    expect(JSON.parse(paused.stdout) as RunSummary).toMatchObject({ status: "waiting_approval", pendingToolCall: { agent: "sub-0", toolCallId: "w1@sub-0" } });

    const cancelled = await miraInProcess(["cancel", "c2", "--reason", "not now", "--checkpointer", store, "--json"]);
    expect(cancelled.code).toBe(0);
    expect((JSON.parse(cancelled.stdout) as RunSummary).status).toBe("cancelled");
    const shown = JSON.parse((await miraInProcess(["show", "c2", "--checkpointer", store, "--json"])).stdout);
    const trace = shown.trace as Array<{ agent: string; node: string; decision?: string; note?: string }>;
    expect(trace.find((t) => t.agent === "sub-0" && t.node === "Approval")).toMatchObject({ decision: "cancelled", note: expect.stringContaining("not now") });
    expect(trace.at(-1)).toMatchObject({ agent: "main", node: "Evidence", decision: "cancelled" });
    expect(shown.executions ?? []).toEqual([]);
    expect(await exists(join(ws, "notes/x.md"))).toBe(false);
  });
});
