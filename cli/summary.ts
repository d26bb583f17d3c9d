/**
 * The AgentRun summary the CLI prints (`--json`) and its readable form. Built from a
 * LangGraph state snapshot, so `run`, `resume` and `show` report the same shape.
 */
import type { AgentRunState } from "../state/agentRun.js";
import type { Evidence, PendingToolCall, RunStatus, TraceEntry } from "../state/types.js";

export interface RunSummary {
  threadId: string;
  status: RunStatus;
  finishReason: string | null;
  pendingToolCall: Pick<PendingToolCall, "toolId" | "toolCallId" | "input" | "inputHash" | "riskClass"> | null;
  question: string | null;
  answer: string | null;
  error: { kind: string; message: string } | null;
  evidence: Evidence[];
  /** The newest node visits (a window; see WINDOWS.trace). */
  trace: TraceEntry[];
  /** Node visits in the whole run. */
  traceCount: number;
  checkpointId: string | null;
}

/** Summary of a thread's latest state; `checkpointId` is the checkpoint it was read from. */
export function summarize(threadId: string, values: AgentRunState, checkpointId: string | null): RunSummary {
  return {
    threadId,
    status: values.status,
    finishReason: values.finishReason ?? null,
    pendingToolCall: values.status === "waiting_approval" && values.pendingToolCall ? values.pendingToolCall : null,
    question: values.status === "waiting_user" && values.nextAction?.type === "ask_user" ? values.nextAction.question : null,
    answer: values.answer ?? null,
    error: values.error ?? null,
    evidence: values.evidence ?? [],
    trace: values.trace ?? [],
    traceCount: values.traceCount ?? 0,
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

export function formatTraceEntry(e: TraceEntry): string {
  const parts = [`  ${String(e.seq).padStart(3)} ${e.node.padEnd(9)}`, e.agent !== "main" ? `(${e.agent})` : "", e.decision ?? "", e.toolCallId ? `call=${e.toolCallId}` : "", e.note ? `— ${e.note}` : ""];
  return parts.filter(Boolean).join(" ");
}

export function formatSummary(summary: RunSummary, checkpointer: string): string {
  const lines = [`thread ${summary.threadId}: ${summary.status}${summary.finishReason ? ` (${summary.finishReason})` : ""}`];
  if (summary.pendingToolCall) {
    const c = summary.pendingToolCall;
    lines.push(`waiting for approval of ${c.toolId} [${c.riskClass}]`, `  call id:    ${c.toolCallId}`, `  input hash: ${c.inputHash}`, `  input:      ${JSON.stringify(c.input)}`);
  }
  if (summary.question) lines.push(`question: ${summary.question}`);
  if (summary.error) lines.push(`error (${summary.error.kind}): ${summary.error.message}`);
  if (summary.answer) lines.push("", summary.answer);
  const hint = resumeHint(summary, checkpointer);
  if (hint && checkpointer === "memory") lines.push("", "note: the memory checkpointer ends with this process, so this run cannot be resumed; use sqlite:PATH or postgres://… to pause and resume.");
  else if (hint) lines.push("", "to continue:", `  ${hint}`, ...(summary.pendingToolCall ? [`  (or --reject --reason "...", or --edit '<new input as JSON>' to change the call and be asked again)`] : []));
  return lines.join("\n");
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** 75 is sysexits EX_TEMPFAIL: the thread is busy now; the same command may succeed later. */
export const EXIT = { completed: 0, failed: 1, waiting: 2, usage: 64, busy: 75 } as const;

export function exitCodeFor(status: RunStatus): number {
  if (status === "completed") return EXIT.completed;
  if (status === "failed") return EXIT.failed;
  if (status === "running") return EXIT.failed;
  return EXIT.waiting;
}
