/** CONTRACT §3, §7: a live MCP tool is disclosed like any tool, asks for approval (external_mcp), and its result becomes evidence. */
import path from "node:path";
import { Command } from "@langchain/langgraph";
import { afterAll, describe, expect, it } from "vitest";
import { answer, call, config, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";
import { mcpSources } from "./support/mcp.js";

const { connect, closeAll } = mcpSources();
afterAll(closeAll);

describe("MCP tools go through Normalize → Policy → Approval → Tool → Evidence", () => {
  it("an external_mcp call pauses for approval, runs once after approval, and its text becomes evidence", async () => {
    const source = await connect("fake", { command: process.execPath, args: [path.resolve("tests/fixtures/mcp/fakeServer.mjs")] });
    const ws = await tempWorkspace({});
    const run = makeRun({
      workspace: ws,
      extraTools: source.tools(),
      turns: [call("m1", "mcp__fake__shout", { text: "hello" }), answer("a1", "The server said [ev-1]", ["ev-1"])],
    });
    const paused = await start(run, "use mcp__fake__shout on hello", "t-mcp");
    expect(paused.status).toBe("waiting_approval");
    expect(paused.pendingToolCall).toMatchObject({ toolId: "mcp__fake__shout", riskClass: "external_mcp" });
    expect(run.executions.get("mcp__fake__shout") ?? 0).toBe(0);

    const snap = await run.app.getState(config("t-mcp"));
    const id = snap.tasks.flatMap((t) => t.interrupts)[0]!.id as string;
    const { toolCallId, inputHash } = paused.pendingToolCall!;
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId, inputHash } } }), config("t-mcp"));
    expect(out.status).toBe("completed");
    expect(run.executions.get("mcp__fake__shout")).toBe(1);
    expect(out.evidence[0]).toMatchObject({ toolId: "mcp__fake__shout", content: "HELLO", source: { path: "mcp://fake/shout" } });
  });
});
