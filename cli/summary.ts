/**
 * The AgentRun summary the CLI prints (`--json`) and its readable form. Built from a
 * LangGraph state snapshot, so `run`, `resume` and `show` report the same shape.
 */
import { styleText } from "node:util";
import type { AgentRunState } from "../state/agentRun.js";
import type { Evidence, PendingToolCall, RunStatus, TraceEntry } from "../state/types.js";

export interface RunSummary {
  threadId: string;
  status: RunStatus;
  finishReason: string | null;
  /** The frozen call waiting for approval; `agent` is `main` or the SubAgent whose call it is. */
  pendingToolCall: (Pick<PendingToolCall, "toolId" | "toolCallId" | "input" | "inputHash" | "riskClass" | "provenance"> & { agent: string }) | null;
  question: string | null;
  /** Who asks `question`: `main` or a SubAgent (the parent relays it). */
  questionFrom: string | null;
  answer: string | null;
  error: { kind: string; message: string } | null;
  evidence: Evidence[];
  /** The newest node visits (a window; see WINDOWS.trace). */
  trace: TraceEntry[];
  /** Node visits in the whole run. */
  traceCount: number;
  /** The main agent's Planner steps, and the model calls of the whole run (SubAgents' included). */
  plannerSteps: number;
  modelCalls: number;
  checkpointId: string | null;
}

/** What a summary reads of a state: not the messages (`mira show` reads them as stored data, not message objects). */
type RunValues = Omit<AgentRunState, "messages">;

/**
 * Summary of a thread's latest state; `checkpointId` is the checkpoint it was read from.
 * While a SubAgent is paused inside the run, `child` is its state: the run is waiting on
 * the child's call or question, and the child's steps so far join the trace.
 */
export function summarize(threadId: string, values: RunValues, checkpointId: string | null, child: RunValues | null = null): RunSummary {
  const waiting = child && (child.status === "waiting_approval" || child.status === "waiting_user") ? child : values;
  const agent = waiting === values ? "main" : (child?.delegation?.id ?? "main");
  const status = waiting.status;
  return {
    threadId,
    status,
    finishReason: values.finishReason ?? null,
    pendingToolCall: status === "waiting_approval" && waiting.pendingToolCall ? { ...waiting.pendingToolCall, agent } : null,
    question: status === "waiting_user" && waiting.nextAction?.type === "ask_user" ? waiting.nextAction.question : null,
    questionFrom: status === "waiting_user" ? agent : null,
    answer: values.answer ?? null,
    error: values.error ?? null,
    evidence: (values.evidence ?? []).concat(child?.evidence ?? []),
    trace: (values.trace ?? []).concat(child?.trace ?? []),
    traceCount: child?.traceCount ?? values.traceCount ?? 0,
    plannerSteps: values.step ?? 0,
    modelCalls: values.modelCalls ?? 0,
    checkpointId,
  };
}

/** The exact command that continues a paused run. */
export function resumeHint(summary: RunSummary, checkpointer: string): string | null {
  const store = `--checkpointer ${shellQuote(checkpointer)}`;
  if (summary.status === "waiting_approval" && summary.pendingToolCall) {
    const { toolCallId, inputHash } = summary.pendingToolCall;
    return `mira resume ${summary.threadId} --approve --tool-call-id ${shellQuote(toolCallId)} --input-hash ${inputHash} ${store}`;
  }
  if (summary.status === "waiting_user") return `mira resume ${summary.threadId} --answer "<your answer>" ${store}`;
  return null;
}

/** One node visit; a SubAgent's visits are indented under the parent's, marked with its id. */
export function formatTraceEntry(e: TraceEntry): string {
  const nested = e.agent !== "main";
  const head = `${nested ? "    │ " : "  "}${String(e.seq).padStart(3)} ${e.node.padEnd(9)}`;
  const parts = [head, nested ? `(${e.agent})` : "", e.decision ?? "", e.toolCallId ? `call=${e.toolCallId}` : "", e.note ? `— ${e.note}` : ""];
  return parts.filter(Boolean).join(" ");
}

/**
 * The lines for one visit in the trace tree, given the agent of the visit before it: a
 * SubAgent's visits open under a header and close before the parent's next visit.
 */
export function treeLines(previousAgent: string, e: TraceEntry): string[] {
  const lines: string[] = [];
  if (previousAgent !== "main" && previousAgent !== e.agent) lines.push(`    └ end of ${previousAgent}`);
  if (e.agent !== "main" && e.agent !== previousAgent) lines.push(`    ┌ SubAgent ${e.agent}`);
  lines.push(formatTraceEntry(e));
  return lines;
}

/** The trace as a tree: each SubAgent's visits under a header, nested in the parent's. */
export function formatTraceTree(entries: TraceEntry[]): string[] {
  return entries.flatMap((e, i) => treeLines(entries[i - 1]?.agent ?? "main", e));
}

export function formatSummary(summary: RunSummary, checkpointer: string): string {
  const deterministic = summary.plannerSteps - summary.modelCalls;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  // Model calls count every agent's (a SubAgent's too); planner steps are the main agent's.
  const steps = `${plural(summary.plannerSteps, "planner step")}, ${plural(summary.modelCalls, "model call")}${deterministic > 0 ? ` (${deterministic} deterministic)` : ""}`;
  const lines = [`thread ${summary.threadId}: ${summary.status}${summary.finishReason ? ` (${summary.finishReason})` : ""} · ${steps}`];
  if (summary.pendingToolCall) {
    const c = summary.pendingToolCall;
    lines.push(`waiting for approval of ${c.toolId} [${c.riskClass}]${c.agent !== "main" ? ` requested by SubAgent ${c.agent}` : ""}`, `  call id:    ${c.toolCallId}`, `  input hash: ${c.inputHash}`, `  input:      ${JSON.stringify(c.input)}`, ...provenanceLines(c.provenance));
  }
  if (summary.question) lines.push(`question${summary.questionFrom && summary.questionFrom !== "main" ? ` from SubAgent ${summary.questionFrom}` : ""}: ${summary.question}`);
  if (summary.error) lines.push(`error (${summary.error.kind}): ${summary.error.message}`);
  if (summary.answer) lines.push("", summary.answer);
  const hint = resumeHint(summary, checkpointer);
  if (hint && checkpointer === "memory") lines.push("", "note: the memory checkpointer ends with this process, so this run cannot be resumed; use sqlite:PATH or postgres://… to pause and resume.");
  else if (hint) lines.push("", "to continue:", `  ${hint}`, ...(summary.pendingToolCall ? [`  (or --reject --reason "...", or --edit '<new input as JSON>' to change the call and be asked again)`] : []));
  return lines.join("\n");
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** Colour only for a terminal, and never when `NO_COLOR` is set (https://no-color.org). */
export function paint(style: "bold" | "dim" | "red" | "green" | "yellow", text: string): string {
  const enabled = process.stdout.isTTY && !process.env.NO_COLOR;
  return enabled ? styleText(style, text) : text;
}

/** 75 is sysexits EX_TEMPFAIL: the thread is busy now; the same command may succeed later. */
export const EXIT = { completed: 0, failed: 1, waiting: 2, usage: 64, busy: 75 } as const;

export function exitCodeFor(status: RunStatus): number {
  // A cancel is what the user asked for: the command succeeded.
  if (status === "completed" || status === "cancelled") return EXIT.completed;
  if (status === "failed") return EXIT.failed;
  if (status === "running") return EXIT.failed;
  return EXIT.waiting;
}

/**
 * What led to a call, printed under the approval request: the observations the Planner had
 * just seen and their evidence. An instruction that arrived inside a tool's output shows up here.
 */
function provenanceLines(provenance: PendingToolCall["provenance"]): string[] {
  if (!provenance) return [];
  if (provenance.observations.length === 0) return ["  proposed after: the request itself (no observation yet)"];
  const lines = ["  proposed after:"];
  for (const o of provenance.observations) lines.push(`    ${o.source}${o.toolId ? ` ${o.toolId}` : ""}${o.toolCallId ? ` (${o.toolCallId})` : ""}: ${o.summary}`);
  for (const e of provenance.evidence) lines.push(`    [${e.id}] ${e.toolId}${e.path ? ` ${e.path}` : ""}: ${JSON.stringify(e.excerpt.length > 160 ? `${e.excerpt.slice(0, 160)}…` : e.excerpt)}`);
  return lines;
}
