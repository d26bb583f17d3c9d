/**
 * Runs the fifteen offline-planner tasks (tasks.ts): each on a fresh copy of the project,
 * with the offline planner, the default real tools, every approval granted with the frozen
 * call's exact identity, and the coverage transition on — as `mira run` would, minus the
 * human. A task is solved when the run completes without a guarded answer and its checks
 * hold on disk and in the answer.
 */
import { access, mkdir, mkdtemp, readFile, realpath, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { buildMiraGraph } from "../../graphs/mira.js";
import { createMemoryLedger } from "../../ledger/memoryLedger.js";
import { OfflinePlannerModel } from "../../models/offline.js";
import { catalogHarness } from "../../runtime/createRuntime.js";
import { Policy } from "../../policy/policy.js";
import { DocumentIndex } from "../../retrieval/documentIndex.js";
import type { MiraRuntime } from "../../nodes/runtime.js";
import { startRunInput } from "../../runtime/startRun.js";
import { OFFLINE_TASKS, PROJECT, type OfflineTask } from "./tasks.js";

export interface TaskResult {
  task: OfflineTask;
  solved: boolean;
  why: string;
  modelCalls: number;
  steps: number;
}

async function projectCopy(): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "mira-offline-")));
  for (const [rel, text] of Object.entries(PROJECT)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  return root;
}

const exists = (p: string) => access(p).then(() => true, () => false);

export async function runOfflineTask(task: OfflineTask): Promise<TaskResult> {
  const workspace = await projectCopy();
  const rt: MiraRuntime = {
    agent: "main",
    workspaceRoot: workspace,
    model: new OfflinePlannerModel(),
    harness: catalogHarness({ catalog: null }),
    policy: Policy.defaults(),
    ledger: createMemoryLedger(),
    documents: new DocumentIndex(workspace),
    defaults: { maxSteps: 24, maxAttempts: 3 },
  };
  const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: task.id }, recursionLimit: 250 };
  let state = await app.invoke(startRunInput(task.request), config);
  for (let pauses = 0; state.status === "waiting_approval" && state.pendingToolCall && pauses < 10; pauses++) {
    const id = (await app.getState(config)).tasks.flatMap((t) => t.interrupts)[0]?.id as string;
    const { toolCallId, inputHash } = state.pendingToolCall;
    state = await app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId, inputHash } } }), config);
  }
  const result = (solved: boolean, why: string): TaskResult => ({ task, solved, why, modelCalls: state.modelCalls, steps: state.step });
  if (state.status !== "completed") return result(false, `ended ${state.status}${state.error ? `: ${state.error.message}` : ""}`);
  if (state.finalization?.guarded) return result(false, "guarded answer");
  const answer = state.answer ?? "";
  for (const text of task.expect.answerIncludes ?? []) if (!answer.includes(text)) return result(false, `answer lacks ${JSON.stringify(text)}`);
  for (const [file, texts] of Object.entries(task.expect.contains ?? {})) {
    const body = await readFile(join(workspace, file), "utf8").catch(() => null);
    if (body === null) return result(false, `${file} is missing`);
    for (const text of texts) if (!body.includes(text)) return result(false, `${file} lacks ${JSON.stringify(text)}`);
  }
  for (const file of task.expect.absent ?? []) if (await exists(join(workspace, file))) return result(false, `${file} still exists`);
  for (const file of task.expect.exists ?? []) if (!(await exists(join(workspace, file)))) return result(false, `${file} does not exist`);
  if (task.expect.exitCode !== undefined) {
    const ran = state.evidence.some((e) => e.kind === "command" && e.content.includes(`[exit code ${task.expect.exitCode}]`));
    if (!ran) return result(false, `no command ended with exit code ${task.expect.exitCode}`);
  }
  return result(true, "solved");
}

export async function runOfflineTasks(tasks: OfflineTask[] = OFFLINE_TASKS): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  for (const task of tasks) results.push(await runOfflineTask(task));
  return results;
}

/** The offline planner's report for `npm run bench`. */
export async function runOfflineBench(): Promise<string> {
  const results = await runOfflineTasks();
  const solved = results.filter((r) => r.solved).length;
  const calls = results.reduce((n, r) => n + r.modelCalls, 0);
  const steps = results.reduce((n, r) => n + r.steps, 0);
  const lines = [
    "Offline planner on 15 tasks against a small Node project (written before the planner's policy; a development figure, not held-out):",
    ...results.map((r) => `  ${r.solved ? "solved" : "FAILED"} ${r.task.id} ${JSON.stringify(r.task.request)}${r.solved ? "" : ` — ${r.why}`} (${r.modelCalls} model calls / ${r.steps} planner steps)`),
    `planner steps ${steps}, model calls ${calls}: ${steps - calls} steps taken by the deterministic coverage transition`,
    `${solved === results.length ? "PASS" : "FAIL"} offline planner solved ${solved}/${results.length} (need all: tests/offlinePlanner.test.ts pins the list)`,
  ];
  return lines.join("\n");
}
