/**
 * Every tool has a timeout, and a command's processes do not outlive it (issue 7):
 * - a tool that never returns is abandoned at its timeout: a read is a recoverable
 *   `timeout`, a side effect is `outcome_unknown` (recorded in the ledger, never re-run);
 * - `run_command` kills what a command leaves behind when it exits, and contains `setsid`
 *   children (a PID namespace per command where the machine allows it).
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createToolNode } from "../nodes/tool.js";
import { invocationHash } from "../protocol/invocationHash.js";
import { defineTool, type ToolDefinition } from "../tools/types.js";
import { commandContainment } from "../tools/workspace/processSandbox.js";
import { workspaceTools } from "../tools/workspace/index.js";
import { config, makeRun, tempWorkspace } from "./support/harnessRuntime.js";

const hanging = (risk: "read" | "file_write"): ToolDefinition =>
  defineTool({
    name: `hang_${risk}`,
    domain: "test",
    description: "Never returns.",
    schema: z.object({}),
    risk,
    timeoutMs: () => 100,
    execute: () => new Promise(() => {}),
  });

async function runHanging(risk: "read" | "file_write") {
  const ws = await tempWorkspace({});
  const tool = hanging(risk);
  const run = makeRun({ workspace: ws, turns: [], extraTools: [tool] });
  const thread = `t-hang-${risk}`;
  await run.app.updateState(config(thread), { goal: "x" });
  const state = (await run.app.getState(config(thread))).values;
  const call = { toolId: tool.name, toolCallId: "h1", input: {}, inputHash: invocationHash(tool.name, {}, {}), riskClass: risk };
  const approval = { toolId: tool.name, toolCallId: "h1", inputHash: call.inputHash, threadId: thread, checkpointId: null, decision: "approve" as const, at: "" };
  const started = Date.now();
  const update = await createToolNode(run.rt)({ ...state, pendingToolCall: call, approvals: [approval] }, config(thread));
  return { update, elapsed: Date.now() - started, ledger: await run.ledger.list(thread) };
}

describe("every tool call has a timeout", () => {
  it("a read that never returns → recoverable timeout after its limit", async () => {
    const { update, elapsed } = await runHanging("read");
    expect(update.toolResult).toMatchObject({ ok: false, failure: { recoverable: true, kind: "timeout" } });
    expect(elapsed).toBeLessThan(2000);
  });

  it("a side effect that never returns → outcome_unknown, settled in the ledger so it is never re-run", async () => {
    const { update, ledger } = await runHanging("file_write");
    expect(update.toolResult).toMatchObject({ ok: false, failure: { recoverable: true, kind: "outcome_unknown", message: expect.stringContaining("its effect is unknown") } });
    expect(ledger).toEqual([expect.objectContaining({ toolCallId: "h1", status: "outcome_unknown" })]);
  });
});

const runCommand = workspaceTools().find((t) => t.name === "run_command")!;
const command = (ws: string, input: Record<string, unknown>) => runCommand.execute(runCommand.schema.parse(input), { workspaceRoot: ws });
/** Processes whose command line is exactly `sleep <marker>`. */
const sleepers = (marker: string) => {
  try {
    return execFileSync("pgrep", ["-f", `^sleep ${marker}$`], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

describe("a command's processes do not outlive it", () => {
  it("a background child of a command that exits normally is killed with it", async () => {
    const ws = await tempWorkspace({});
    const outcome = await command(ws, { command: "sh", args: ["-c", "sleep 41.1 & echo started"] });
    expect(outcome).toMatchObject({ ok: true, summary: expect.stringContaining("exit code 0") });
    await new Promise((r) => setTimeout(r, 200));
    expect(sleepers("41.1")).toEqual([]);
  });

  it("a setsid child is contained too: on normal exit and on timeout (PID namespace per command)", async (ctx) => {
    const containment = await commandContainment();
    if (containment.kind !== "pid_namespace") ctx.skip(); // reported in the README: setsid children are then uncontained
    const ws = await tempWorkspace({});
    await command(ws, { command: "sh", args: ["-c", "setsid sleep 41.2 & echo started"] });
    const timedOut = await command(ws, { command: "sh", args: ["-c", "setsid sleep 41.3 & sleep 30"], timeoutMs: 300 });
    expect(timedOut).toMatchObject({ ok: false, failure: { kind: "timeout" } });
    await new Promise((r) => setTimeout(r, 200));
    expect(sleepers("41.2")).toEqual([]);
    expect(sleepers("41.3")).toEqual([]);
  });

  it("a missing or non-executable program is still named as such", async () => {
    const ws = await tempWorkspace({ "script.sh": "echo hi\n" });
    expect(await command(ws, { command: "mira-no-such-program" })).toMatchObject({ ok: false, failure: { kind: "not_found" } });
    expect(await command(ws, { command: "./script.sh" })).toMatchObject({ ok: false, failure: { kind: "invalid_input", message: expect.stringContaining("is not executable") } });
  });
});
