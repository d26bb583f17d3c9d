/** STYLE habit 9: persisted state carries a schema version; old-state fixtures stay resumable. */
import { readFile } from "node:fs/promises";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { readTaskFrame } from "../state/taskFrame.js";
import { AGENT_RUN_SCHEMA_VERSION, PendingToolCall, RunSettings } from "../state/types.js";
import { answer, call, config, makeRun, tempWorkspace } from "./support/harnessRuntime.js";

const FIXTURE = new URL("./fixtures/state/agentRun.v1.waiting_approval.json", import.meta.url);

describe("AgentRun schema versions: v2 is current, a v1 run still resumes", () => {
  it("the current version is 2 and a v1 run paused for approval still parses; its v1 goals migrate", async () => {
    const v1 = JSON.parse(await readFile(FIXTURE, "utf8"));
    expect(AGENT_RUN_SCHEMA_VERSION).toBe(2);
    expect(readTaskFrame(v1.taskFrame).goals.map((g) => [g.intent, g.op, g.target])).toEqual([["change", "write", "notes/todo.md"], ["verify", "write", "notes/todo.md"]]);
    expect(v1.schemaVersion).toBe(1);
    expect(PendingToolCall.parse(v1.pendingToolCall).toolCallId).toBe("w1");
    expect(RunSettings.safeParse(v1.settings).success).toBe(true);
  });

  it("a v1 paused run loaded into a checkpointer resumes with its exact identity and executes once", async () => {
    const v1 = JSON.parse(await readFile(FIXTURE, "utf8"));
    const ws = await tempWorkspace({});
    // The whole run's script: the Planner replays turn `modelCalls`, and the v1 run made one call (the write).
    const write = call("w1", "write_file", { path: "notes/todo.md", content: "ship it\n" });
    const run = makeRun({ workspace: ws, turns: [write, call("r1", "read_open", { path: "notes/todo.md" }), answer("a1", "done [ev-2]")] });
    await run.app.updateState(config("v1"), { ...v1, settings: { ...v1.settings, workspace: ws } }, "Policy");
    const paused = await run.app.invoke(null, config("v1"));
    expect(paused.status).toBe("waiting_approval");
    const snap = await run.app.getState(config("v1"));
    const intr = snap.tasks.flatMap((t) => t.interrupts)[0]!;
    const { toolCallId, inputHash } = v1.pendingToolCall;
    const out = await run.app.invoke(new Command({ resume: { [intr.id as string]: { decision: "approve", toolCallId, inputHash } } }), config("v1"));
    expect(out.error).toBeNull();
    expect(out.status).toBe("completed");
    expect(out.schemaVersion).toBe(2);
    expect(out.taskFrame.goals.map((g) => [g.intent, g.status])).toEqual([["change", "covered"], ["verify", "covered"]]);
    expect(run.executions.get("write_file")).toBe(1);
    expect(await readFile(`${ws}/notes/todo.md`, "utf8")).toBe("ship it\n");
  });
});

describe("unions defined once (issue 19): saved goals use the request reader's own zod unions", () => {
  it("a saved goal's op, domain and subject are the language layer's ChangeOp, Domain and RunSubject: an unknown domain or subject does not parse", async () => {
    const kinds = await import("../language/kinds.js");
    const types = await import("../state/types.js");
    expect(types.ChangeOp).toBe(kinds.ChangeOp);
    expect(types.Goal.shape.domain.unwrap()).toBe(kinds.Domain);
    expect(types.Goal.shape.subject.unwrap()).toBe(kinds.RunSubject);
    const goal = { id: "g1", intent: "send", description: "send the mail", status: "open" };
    expect(types.Goal.safeParse({ ...goal, domain: "mail" }).success).toBe(true);
    expect(types.Goal.safeParse({ ...goal, domain: "slack" }).success).toBe(false);
    expect(types.Goal.safeParse({ ...goal, intent: "run", subject: "deploy" }).success).toBe(false);
    expect(types.ProposedGoal.safeParse({ intent: "lookup", domain: "weather" }).success).toBe(false);
  });
});
