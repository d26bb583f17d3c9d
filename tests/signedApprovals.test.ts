/**
 * Signed approvals (optional; issue 7): with MIRA_APPROVAL_HMAC_KEY set, an approval must
 * carry an HMAC over toolId + toolCallId + inputHash + thread + checkpoint. Unsigned, or
 * signed for another binding, it is refused (nothing executes) and the run keeps waiting on
 * the same call (issue 22: a reply that fails its signature never ends the run); the CLI
 * signs its own.
 */
import { join } from "node:path";
import { writeFile } from "node:fs/promises";
import { Command } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import type { RunSummary } from "../cli/summary.js";
import { APPROVAL_KEY_ENV, signApproval } from "../protocol/approvalSignature.js";
import type { FrozenApproval } from "../protocol/approvalReply.js";
import { answer, call, config, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";

afterEach(() => {
  delete process.env[APPROVAL_KEY_ENV];
});

async function paused(thread: string) {
  const ws = await tempWorkspace({});
  const run = makeRun({ workspace: ws, turns: [call("w1", "write_file", { path: "a.md", content: "a\n" }), call("r1", "read_open", { path: "a.md" }), answer("a1", "Wrote a.md [ev-2]", ["ev-2"])] });
  await start(run, 'Create a.md with "a"', thread);
  const snap = await run.app.getState(config(thread));
  const intr = snap.tasks.flatMap((t) => t.interrupts)[0]!;
  return { run, id: intr.id as string, request: intr.value as FrozenApproval };
}

describe("signed approvals fail closed when the key is set", () => {
  it("an unsigned approval is refused with a note; the run keeps waiting on the same call; nothing executed", async () => {
    process.env[APPROVAL_KEY_ENV] = "test-key";
    const { run, id, request } = await paused("t-unsigned");
    const out = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: request.toolCallId, inputHash: request.inputHash } } }), config("t-unsigned"));
    expect(out.status).toBe("waiting_approval");
    expect(out.pendingToolCall).toMatchObject({ toolCallId: request.toolCallId, inputHash: request.inputHash });
    expect(String(out.messages.at(-1)?.content)).toContain("not signed");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
  });

  it("a signature for another thread → refused; the right signature → executed once", async () => {
    process.env[APPROVAL_KEY_ENV] = "test-key";
    const { run, id, request } = await paused("t-signed");
    const binding = { toolId: request.toolId, toolCallId: request.toolCallId, inputHash: request.inputHash, checkpointId: request.checkpointId };
    const wrong = signApproval("test-key", { ...binding, threadId: "t-other" });
    const refused = await run.app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId: binding.toolCallId, inputHash: binding.inputHash, signature: wrong } } }), config("t-signed"));
    expect(refused.status).toBe("waiting_approval");
    expect(run.executions.get("write_file") ?? 0).toBe(0);
    // Still waiting on the same call: its right signature now runs it, once.
    const snap = await run.app.getState(config("t-signed"));
    const next = snap.tasks.flatMap((t) => t.interrupts)[0]!;
    const right = signApproval("test-key", { ...binding, checkpointId: (next.value as FrozenApproval).checkpointId, threadId: "t-signed" });
    const ran = await run.app.invoke(new Command({ resume: { [next.id as string]: { decision: "approve", toolCallId: binding.toolCallId, inputHash: binding.inputHash, signature: right } } }), config("t-signed"));
    expect(ran.status).toBe("completed");
    expect(run.executions.get("write_file")).toBe(1);

    const again = await paused("t-signed-ok");
    const good = signApproval("test-key", { ...binding, inputHash: again.request.inputHash, checkpointId: again.request.checkpointId, threadId: "t-signed-ok" });
    const out = await again.run.app.invoke(new Command({ resume: { [again.id]: { decision: "approve", toolCallId: binding.toolCallId, inputHash: again.request.inputHash, signature: good } } }), config("t-signed-ok"));
    expect(out.status).toBe("completed");
    expect(again.run.executions.get("write_file")).toBe(1);
  });

  it("mira resume --approve signs with the key from the environment", async () => {
    process.env[APPROVAL_KEY_ENV] = "cli-key";
    const ws = await tempWorkspace({});
    const script = join(ws, "script.json");
    await writeFile(script, JSON.stringify({ turns: [call("w1", "write_file", { path: "a.md", content: "a\n" }), call("r1", "read_open", { path: "a.md" }), answer("a1", "Wrote a.md [ev-2]", ["ev-2"])] }));
    const store = `sqlite:${join(ws, "mira.db")}`;
    const io = () => {
      const out: string[] = [];
      return { out, io: { out: (s: string) => out.push(s), err: (s: string) => out.push(s) } };
    };
    const first = io();
    expect(await main(["run", 'Create a.md with "a"', "--workspace", ws, "--model", `scripted:${script}`, "--checkpointer", store, "--thread", "t-cli-signed", "--json"], first.io)).toBe(2);
    const c = (JSON.parse(first.out.join("\n")) as RunSummary).pendingToolCall!;
    const second = io();
    expect(await main(["resume", "t-cli-signed", "--approve", "--tool-call-id", c.toolCallId, "--input-hash", c.inputHash, "--checkpointer", store, "--json"], second.io)).toBe(0);
  });
});
