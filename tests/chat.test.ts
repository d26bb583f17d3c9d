/**
 * A run as a chat thread (CONTRACT §1, §7): `messages` input starts a run, the answer with
 * its sources is appended as an AI message, and a new user message on a completed thread
 * starts a new turn of the same thread: a new goal and TaskFrame, the loadout (progressive
 * state, CONTRACT §7) and the evidence kept.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { entryToTool, simulatedEntries } from "../tools/catalog/index.js";
import { answer, call, config, makeRun, tempWorkspace, type TestRun } from "./support/harnessRuntime.js";

const user = (content: string) => ({ messages: [{ role: "user", content }] });

describe("a chat thread", () => {
  it("two turns: the second keeps the loadout and evidence of the first and has its own goal and TaskFrame", async () => {
    const ws = await tempWorkspace({ "notes.md": "retry limit: 5\n" });
    // 62 tools: more than the loadout cap, so the loadout is resolved progressively.
    const run = makeRun({
      workspace: ws,
      extraTools: simulatedEntries.map(entryToTool),
      turns: [
        call("s1", "tool_search", { query: "open a pull request on GitHub" }),
        call("r1", "read_open", { path: "notes.md" }),
        answer("a1", "The retry limit is 5 [ev-1]", ["ev-1"]),
        answer("a2", "Yes, still 5 [ev-1]", ["ev-1"]),
      ],
    });
    const threadId = "chat-two-turns";

    const first = await run.app.invoke(user("What does notes.md say?"), config(threadId));
    expect(first.status).toBe("completed");
    expect(first.goal).toBe("What does notes.md say?");
    expect(first.loadout).toContain("create_pull_request");
    const firstLoadout = [...first.loadout];
    expect(first.messages.map((m) => m.getType())).toEqual(["human", "ai"]);
    expect(String(first.messages[1]!.content)).toBe(first.answer);
    expect(first.answer).toContain("[ev-1] read_open notes.md");

    const second = await run.app.invoke(user("Is it still five?"), config(threadId));
    expect(second.status).toBe("completed");
    expect(second.goal).toBe("Is it still five?");
    expect(second.taskFrame).not.toEqual(first.taskFrame);
    for (const name of firstLoadout) expect(second.loadout).toContain(name);
    expect(second.evidence.map((e) => e.id)).toContain("ev-1");
    expect(second.messages.map((m) => [m.getType(), String(m.content).split("\n")[0]])).toEqual([
      ["human", "What does notes.md say?"],
      ["ai", "The retry limit is 5 [ev-1]"],
      ["human", "Is it still five?"],
      ["ai", "Yes, still 5 [ev-1]"],
    ]);
    // One thread: the trace continues, the step budget started again.
    expect(second.traceCount).toBeGreaterThan(first.traceCount);
    expect(second.step).toBe(1);
  });

  it("a {goal} input on a completed thread is a new turn too, and joins the conversation as the user's message", async () => {
    const ws = await tempWorkspace({ "a.md": "alpha\n" });
    const run = makeRun({ workspace: ws, turns: [call("r1", "read_open", { path: "a.md" }), answer("a1", "alpha [ev-1]", ["ev-1"]), answer("a2", "still alpha [ev-1]", ["ev-1"])] });
    await run.app.invoke({ goal: "What does a.md say?" }, config("chat-goal"));
    const out = await run.app.invoke({ goal: "What does a.md say now?" }, config("chat-goal"));
    expect(out.status).toBe("completed");
    expect(out.messages.map((m) => String(m.content).split("\n")[0])).toEqual(["What does a.md say?", "alpha [ev-1]", "What does a.md say now?", "still alpha [ev-1]"]);
  });

  it("input with neither goal nor a user message fails the run with a clear error", async () => {
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [answer("a1", "never")] });
    const out = await run.app.invoke({ messages: [] }, config("chat-empty"));
    expect(out.status).toBe("failed");
    expect(out.error?.message).toContain("{goal} or {messages");
  });

  it("a call id the model reuses in a later turn is a new invocation (scoped to the turn): asked again, executed again, both in the ledger", async () => {
    const ws = await tempWorkspace({});
    const write = () => call("w1", "write_file", { path: "todo.md", content: "ship it\n" });
    const run = makeRun({
      workspace: ws,
      turns: [write(), call("r1", "read_open", { path: "todo.md" }), answer("a1", "Wrote it [ev-2]", ["ev-2"]), write(), call("r1", "read_open", { path: "todo.md" }), answer("a2", "Wrote it again [ev-4]", ["ev-4"])],
    });
    const approvePending = async (threadId: string) => {
      const snap = await run.app.getState(config(threadId));
      const call = snap.values.pendingToolCall!;
      const id = snap.tasks.flatMap((t) => t.interrupts)[0]!.id!;
      return { call, out: await (run as TestRun).app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: call.toolCallId, inputHash: call.inputHash } } }), config(threadId)) };
    };
    const ask = 'Write todo.md with "ship it"';

    await run.app.invoke({ goal: ask }, config("chat-reused-id"));
    const first = await approvePending("chat-reused-id");
    expect(first.call.toolCallId).toBe("w1");
    expect(first.out.status).toBe("completed");
    await rm(join(ws, "todo.md"));

    await run.app.invoke({ goal: ask }, config("chat-reused-id"));
    const second = await approvePending("chat-reused-id");
    expect(second.call.toolCallId).toBe("w1@t2");
    expect(second.call.inputHash).toBe(first.call.inputHash);
    expect(second.out.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(2);
    expect(await readFile(join(ws, "todo.md"), "utf8")).toBe("ship it\n");
    const ledger = await run.ledger.list("chat-reused-id");
    expect(ledger.filter((e) => e.toolId === "write_file").map((e) => e.toolCallId)).toEqual(["w1", "w1@t2"]);
  });
});
