/**
 * Runs the completion-gate request table (rows.ts): each row is a scripted run through the
 * real graph over a fresh copy of a small workspace, with every approval granted. Its goals
 * are the TaskFrame the Planner built; its verdict is what the gate did with the answer that
 * followed the scripted work (`pass`: a finalization was frozen; `block`: the gate returned
 * an incomplete_goals observation). The coverage transition is off and every tool is
 * disclosed, so the gate judges exactly the scripted work.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { buildMiraGraph } from "../../graphs/mira.js";
import { Harness } from "../../harness/harness.js";
import { isCompatEntry } from "../../harness/resources.js";
import { staticSource } from "../../harness/sources.js";
import { createMemoryLedger } from "../../ledger/memoryLedger.js";
import { ScriptedChatModel, type ScriptedTurn } from "../../models/scripted.js";
import { Policy } from "../../policy/policy.js";
import { DocumentIndex } from "../../retrieval/documentIndex.js";
import type { MiraRuntime } from "../../nodes/runtime.js";
import { startRunInput } from "../../runtime/startRun.js";
import { goalKey, readTaskFrame } from "../../state/taskFrame.js";
import { entryToTool, simulatedEntries } from "../../tools/catalog/index.js";
import { defineTool, ok, type ToolDefinition } from "../../tools/types.js";
import { workspaceTools } from "../../tools/workspace/index.js";
import { readCompat } from "../../tools/workspace/readCompat.js";
import { TABLE, type TableRow } from "./rows.js";

export const TABLE_FILES: Record<string, string> = {
  "README.md": "# Calc\n\nA tiny calculater.\n\nRun the tests with `npm test`.\n",
  "package.json": `${JSON.stringify({ name: "calc", type: "module", scripts: { test: "node --test" } })}\n`,
  "src/client.ts": "import { config } from './config.js';\n\n/** Sends an update, retrying up to config.maxRetries times. */\nexport async function update(send: () => Promise<void>) {\n  for (let i = 0; ; i++) {\n    try { return await send(); } catch (e) { if (i >= config.maxRetries) throw e; }\n  }\n}\n",
  "src/config.ts": "export const config = {\n  maxRetries: 5,\n};\n",
  "src/calc.js": "export function add(a, b) {\n  return a + b;\n}\n\nexport function parseExpr(text) {\n  return text.split(' ');\n}\n",
  "src/format.js": "import { parseExpr } from './calc.js';\n\nexport const show = (t) => parseExpr(t).join(' ');\n",
  "test/calc.test.js": "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/calc.js';\n\ntest('add', () => assert.equal(add(2, 3), 5));\n",
  "docs/operations.md": "# Operations\n\nThe retry limit lives in src/config.ts (maxRetries). Retries back off exponentially.\n",
  "docs/design notes.md": "# Design notes\n\nKeep the calculator small.\n",
  "文档/说明.md": "# 说明\n\n这是一个小计算器。\n",
  "notes/old.md": "old notes\n",
};

/** Test doubles of configured integrations (CI, mail, calendar, web): real tools, not simulated backends. */
const integration = (name: string, domain: string, risk: ToolDefinition["risk"], shape: Record<string, string>, says: string): ToolDefinition =>
  defineTool({
    name,
    domain,
    description: `${says} (test double of a configured integration).`,
    schema: z.object(Object.fromEntries(Object.entries(shape).map(([k, d]) => [k, z.string().describe(d)]))),
    risk,
    execute: async (input) => ok(`${name}: ${says}`, [{ kind: "record", source: { path: `${domain}://${name}` }, content: `${says} ${JSON.stringify(input)}`, verified: true }]),
  });

export function tableTools(): ToolDefinition[] {
  const simulated = simulatedEntries.filter((e) => ["run_tests", "list_ci_runs", "send_mail"].includes(e.name)).map(entryToTool);
  return [
    // The compatibility `read` too, which the runtime offers a model that names it (runtime/toolSources.ts).
    ...workspaceTools(),
    readCompat,
    integration("ci_status", "code.ci", "read", { branch: "Branch name." }, "pipeline on main: passed"),
    integration("mail_send", "mail", "mail_send", { to: "Recipient.", subject: "Subject.", body: "Body." }, "sent, message id m-1"),
    integration("mail_search", "mail", "read", { query: "Search query." }, "2 messages from alice"),
    integration("calendar_events", "calendar", "read", { day: "Day." }, "1 event: standup 10:00"),
    integration("web_lookup", "browser", "read", { query: "Search query." }, "Node 20 was released on 2023-04-18"),
    ...simulated,
  ];
}

/** A fresh temp workspace holding `files` (the table's own files by default). */
export async function tableWorkspace(files: Record<string, string> = TABLE_FILES): Promise<string> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "mira-table-")));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  return root;
}

export interface RowResult {
  row: TableRow;
  goals: string[];
  verdict: "pass" | "block" | "error";
  note?: string;
}

const turn = (id: string, name: string, args: Record<string, unknown>): ScriptedTurn => ({ content: "", tool_calls: [{ id, name, args }] });

/** One scripted run of the gate: a request, the work done for it, and the answers that follow. */
export interface GateScript {
  id: string;
  request: string;
  files: Record<string, string>;
  work: Array<[tool: string, args: Record<string, unknown>]>;
  /** The model's answers after the work, in order (a second one shows what follows a refusal). */
  answers: string[];
}

export interface GateOutcome {
  goals: string[];
  /** `pass`: the first answer was accepted; `block`: the gate refused it; `error`: neither. */
  verdict: "pass" | "block" | "error";
  /** How the run ended. */
  status: string;
  guarded: boolean;
  note?: string;
  /** The run's workspace, left for a test to check what is on disk. */
  workspace: string;
}

/**
 * Runs one script through the real graph over a fresh workspace; approvals are granted with
 * the frozen call's exact identity. The coverage transition is off and every tool is
 * disclosed, so the gate judges exactly the scripted work.
 */
export async function runGateScript(script: GateScript): Promise<GateOutcome> {
  const workspace = await tableWorkspace(script.files);
  const tools = tableTools();
  // A compatibility entry is disclosed only by its exact name (harness/resources.ts): a model
  // calling one does as the runtime's hint says, tool_search with that name first.
  const compat = new Set(tools.filter(isCompatEntry).map((t) => t.name));
  const work = script.work.flatMap(([tool, args], i) => {
    const call = turn(`w${i + 1}`, tool, args);
    return compat.delete(tool) ? [turn(`s${i + 1}`, "tool_search", { query: tool }), call] : [call];
  });
  const turns = [...work, ...script.answers.map((text, i) => turn(`answer${i + 1}`, "answer", { text }))];
  const rt: MiraRuntime = {
    agent: "main",
    workspaceRoot: workspace,
    model: new ScriptedChatModel(turns),
    // Every tool fits in the loadout, so the scripted work never needs tool_search.
    harness: new Harness({ sources: [staticSource("table", tools)], authority: { allow: ["*"], deny: [] }, loadoutCap: tools.length }),
    policy: Policy.defaults(),
    ledger: createMemoryLedger(),
    documents: new DocumentIndex(workspace),
    defaults: { maxSteps: 24, maxAttempts: 3 },
    coverageTransition: false,
  };
  const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: script.id }, recursionLimit: 200 };
  let state = await app.invoke(startRunInput(script.request), config);
  for (let pauses = 0; state.status === "waiting_approval" && state.pendingToolCall && pauses < 20; pauses++) {
    const snapshot = await app.getState(config);
    const id = snapshot.tasks.flatMap((t) => t.interrupts)[0]?.id as string;
    const { toolCallId, inputHash } = state.pendingToolCall;
    state = await app.invoke(new Command({ resume: { [id]: { decision: "approve", toolCallId, inputHash } } }), config);
  }
  const goals = readTaskFrame(state.taskFrame).goals.map(goalKey);
  const gate = state.observations.find((o) => o.source === "gate" && o.failure?.kind === "incomplete_goals");
  const ended = { status: state.status, guarded: !!state.finalization?.guarded, workspace };
  if (gate) return { goals, verdict: "block", note: gate.summary, ...ended };
  if (state.finalization && !state.finalization.guarded) return { goals, verdict: "pass", ...ended };
  return { goals, verdict: "error", note: state.error?.message ?? `ended ${state.status}`, ...ended };
}

/** Runs one row (its answer once: a refused row's run stops there). */
export async function runRow(row: TableRow): Promise<RowResult> {
  const out = await runGateScript({ id: row.id, request: row.request, files: TABLE_FILES, work: row.work, answers: ["Done."] });
  await rm(out.workspace, { recursive: true, force: true });
  return { row, goals: out.goals, verdict: out.verdict, ...(out.note ? { note: out.note } : {}) };
}

export interface TableReport {
  results: RowResult[];
  split: Record<TableRow["split"], { rows: number; goalsRight: number; falseBlocks: number; shouldPass: number; falsePasses: number; shouldBlock: number; errors: number }>;
}

export async function runTable(rows: TableRow[] = TABLE): Promise<TableReport> {
  const results: RowResult[] = [];
  for (const row of rows) results.push(await runRow(row));
  const split = {} as TableReport["split"];
  for (const name of ["tuning", "held-out"] as const) {
    const mine = results.filter((r) => r.row.split === name);
    split[name] = {
      rows: mine.length,
      goalsRight: mine.filter((r) => JSON.stringify(r.goals) === JSON.stringify(r.row.goals)).length,
      shouldPass: mine.filter((r) => r.row.verdict === "pass").length,
      falseBlocks: mine.filter((r) => r.row.verdict === "pass" && r.verdict !== "pass").length,
      shouldBlock: mine.filter((r) => r.row.verdict === "block").length,
      falsePasses: mine.filter((r) => r.row.verdict === "block" && r.verdict === "pass").length,
      errors: mine.filter((r) => r.verdict === "error").length,
    };
  }
  return { results, split };
}

/** The table's report for `npm run bench`. */
export async function runGateBench(): Promise<string> {
  const { results, split } = await runTable();
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "n/a");
  const lines = ["Completion gate on the request table (the tuning table: scripted runs through the graph; its held-out rows were written with it and have since been seen while tuning):", "split     rows  goals right  false-block  false-pass"];
  for (const [name, s] of Object.entries(split)) {
    lines.push(`${name.padEnd(9)} ${String(s.rows).padStart(4)}  ${`${s.goalsRight}/${s.rows}`.padStart(11)}  ${`${s.falseBlocks}/${s.shouldPass} ${pct(s.falseBlocks, s.shouldPass)}`.padStart(11)}  ${`${s.falsePasses}/${s.shouldBlock} ${pct(s.falsePasses, s.shouldBlock)}`.padStart(10)}`);
  }
  for (const r of results.filter((r) => r.verdict !== r.row.verdict || JSON.stringify(r.goals) !== JSON.stringify(r.row.goals))) {
    lines.push(`  miss ${r.row.id} (${r.row.split}) ${JSON.stringify(r.row.request)}: goals ${JSON.stringify(r.goals)} (expected ${JSON.stringify(r.row.goals)}), verdict ${r.verdict} (expected ${r.row.verdict})`);
  }
  const ok = Object.values(split).every((s) => s.falseBlocks === 0 && s.falsePasses === 0);
  lines.push(`${ok ? "PASS" : "FAIL"} gate false-block and false-pass rates are 0 on both splits`);
  return lines.join("\n");
}
