/** Test runtimes: a scripted model over a temp workspace, with counted tool executions. */
import { mkdtemp, mkdir, writeFile, realpath, rm } from "node:fs/promises";
import { afterAll } from "vitest";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { z } from "zod";
import { buildMiraGraph } from "../../graphs/mira.js";
import { Harness } from "../../harness/harness.js";
import { staticSource } from "../../harness/sources.js";
import type { ExecutionLedger } from "../../ledger/executionLedger.js";
import { createMemoryLedger } from "../../ledger/memoryLedger.js";
import { ScriptedChatModel, type ScriptedTurn } from "../../models/scripted.js";
import { Policy } from "../../policy/policy.js";
import type { SkillLibrary } from "../../skills/library.js";
import { DocumentIndex } from "../../retrieval/documentIndex.js";
import type { MiraRuntime } from "../../nodes/runtime.js";
import type { ApprovalShape } from "../../state/types.js";
import { startRunInput } from "../../runtime/startRun.js";
import { defineTool, ok, type ToolDefinition } from "../../tools/types.js";
import { workspaceTools } from "../../tools/workspace/index.js";

/** The workspaces made for a test file, removed once its tests have checked them. */
const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((w) => rm(w, { recursive: true, force: true })));
});

export async function tempWorkspace(files: Record<string, string> = {}): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "mira-ws-")));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  return root;
}

/** Wraps every tool so tests can count real executions per tool. */
export function countingTools(tools: ToolDefinition[]): { tools: ToolDefinition[]; executions: Map<string, number> } {
  const executions = new Map<string, number>();
  return {
    executions,
    tools: tools.map((t) => ({
      ...t,
      execute: async (input, ctx) => {
        executions.set(t.name, (executions.get(t.name) ?? 0) + 1);
        return t.execute(input, ctx);
      },
    })),
  };
}

export interface TestRun {
  rt: MiraRuntime;
  app: ReturnType<ReturnType<typeof buildMiraGraph>["compile"]>;
  executions: Map<string, number>;
  ledger: ExecutionLedger;
  checkpointer: BaseCheckpointSaver;
  model: ScriptedChatModel;
  workspace: string;
}

export function makeRun(opts: {
  turns: ScriptedTurn[];
  workspace: string;
  policy?: Policy;
  ledger?: ExecutionLedger;
  checkpointer?: BaseCheckpointSaver;
  extraTools?: ToolDefinition[];
  authority?: { allow: string[]; deny: string[] };
  maxSteps?: number;
  startAt?: number;
  approvalShape?: ApprovalShape;
  /** Skills the main Planner may delegate to (default: none). */
  skills?: SkillLibrary;
}): TestRun {
  const { tools, executions } = countingTools([...workspaceTools(), ...(opts.extraTools ?? [])]);
  const ledger = opts.ledger ?? createMemoryLedger();
  const checkpointer = opts.checkpointer ?? new MemorySaver();
  const model = new ScriptedChatModel(opts.turns, { startAt: opts.startAt ?? 0 });
  const rt: MiraRuntime = {
    agent: "main",
    settings: { workspace: opts.workspace, model: "scripted:test", policyFile: null, maxSteps: opts.maxSteps ?? 24, approvalShape: opts.approvalShape ?? "hitl" },
    workspaceRoot: opts.workspace,
    model,
    harness: new Harness({
      sources: [staticSource("workspace", tools)],
      authority: opts.authority ?? { allow: ["*"], deny: [] },
      ...(opts.skills ? { skills: opts.skills.profiles(opts.workspace) } : {}),
    }),
    ...(opts.skills ? { skills: opts.skills } : {}),
    policy: opts.policy ?? Policy.defaults(),
    ledger,
    documents: new DocumentIndex(opts.workspace),
    defaults: { maxSteps: opts.maxSteps ?? 24, maxAttempts: 3 },
  };
  return { rt, app: buildMiraGraph(rt).compile({ checkpointer }), executions, ledger, checkpointer, model, workspace: opts.workspace };
}

export const config = (threadId: string, recursionLimit = 200) => ({ configurable: { thread_id: threadId }, recursionLimit });

/** Starts a run; its step budget is the runtime's (`makeRun({ maxSteps })`). */
export function start(run: TestRun, goal: string, threadId: string) {
  return run.app.invoke(startRunInput(goal), config(threadId));
}

/** Node names visited, in order, from the run's trace window. */
export const visits = (state: { trace: Array<{ node: string }> }) => state.trace.map((t) => t.node);

/** Shorthand for one scripted turn with one call. */
export const call = (id: string, name: string, args: Record<string, unknown>): ScriptedTurn => ({ content: "", tool_calls: [{ id, name, args }] });
export const answer = (id: string, text: string, citations: string[] = []): ScriptedTurn => call(id, "answer", { text, citations });
