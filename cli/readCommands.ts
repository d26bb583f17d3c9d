/**
 * `mira show`, `threads` and `approvals`: they read the store's rows and the ledger
 * (checkpointers/rowReader.ts) and never build a runtime or a checkpointer, so they load no
 * graph, Harness, model, MCP SDK, LangGraph or LangChain.
 * `threads` pages the listing (`--limit`, `--offset`): the store sorts and cuts the ids, and
 * each listed thread is read one at a time, its few listed channels only, so a store of 10,000
 * threads lists in bounded memory and time; `approvals` streams the same way.
 */
import { resolveCheckpointerSetting } from "../checkpointers/index.js";
import type { ThreadRows } from "../checkpointers/rowReader.js";
import { UsageError } from "../contract/errors.js";
import type { LedgerEntry } from "../ledger/executionLedger.js";
import type { RunStatus } from "../state/types.js";
import { copiedThreadWarning } from "./copyWarning.js";
import { DEFAULT_THREAD_LIMIT, withThreadRows, type Output, type StoreOpts } from "./io.js";
import { EXIT, exitCodeFor, formatSummary, formatTraceTree, paint, resumeHint, summarize, type RunSummary } from "./summary.js";
import { readListedThread, readThread, requireThread, stoppedBeforeFirstStep, stoppedBeforeFirstStepMessage, type ThreadView } from "./threadView.js";

/**
 * Whether a thread is settled, paused, being advanced now, or stopped mid-step because its
 * process died (`interrupted`), read from the latest checkpoint and the thread's lease.
 */
export type Progress =
  | { state: "settled" | "paused" }
  | { state: "advancing"; owner: string }
  | { state: "interrupted"; message: string };

async function progressOf(store: ThreadRows, setting: string, threadId: string, view: ThreadView): Promise<Progress> {
  if (view.state.status === "completed" || view.state.status === "failed" || view.state.status === "cancelled") return { state: "settled" };
  if (view.interrupted) return { state: "paused" };
  const owner = await store.threadOwner(threadId);
  if (owner) return { state: "advancing", owner: owner.description };
  return { state: "interrupted", message: `the process advancing this thread stopped mid-step at checkpoint ${view.checkpointId}; continue it with: mira resume ${threadId} --checkpointer ${setting}` };
}

/** A ledger entry as `mira show` reports it: a `started` entry with no live owner will be settled as outcome unknown. */
function executionView(entry: LedgerEntry, progress: Progress) {
  const { toolId, toolCallId, inputHash, status } = entry;
  const shown = status === "started" && progress.state !== "advancing" ? "outcome_unknown" : status;
  return { toolId, toolCallId, inputHash, status: shown };
}

/**
 * The run's summary, where it stands, and what the execution ledger says actually ran.
 * Exits like the run's status, except that a thread in progress or stopped mid-step exits 0:
 * showing it succeeded, and there is nothing to fail yet.
 */
export async function showCommand(threadId: string, opts: StoreOpts, io: Output): Promise<number> {
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withThreadRows(setting, async (store) => {
    const stopped = await readThread(store, threadId);
    if (stopped && stoppedBeforeFirstStep(stopped)) {
      io.out(stoppedBeforeFirstStepMessage(threadId));
      return EXIT.completed;
    }
    const view = await requireThread(store, threadId);
    // Showing needs no tools, model or MCP servers: only the checkpointer, the ledger and the lease.
    const summary = summarize(threadId, view.state, view.checkpointId, view.child);
    const progress = await progressOf(store, setting, threadId, view);
    const ledger = await store.ledger.list(threadId);
    const executions = ledger.map((e) => executionView(e, progress));
    const code = summary.status === "running" ? EXIT.completed : exitCodeFor(summary.status);
    if (opts.json) {
      io.out(JSON.stringify({ ...summary, progress, executions }, null, 2));
      return code;
    }
    const copied = copiedThreadWarning(threadId, view.state, ledger);
    if (copied) io.err(copied);
    formatTraceTree(summary.trace).forEach((line) => io.out(line));
    io.out(`executions (ledger): ${executions.length ? executions.map((x) => `${x.toolId} ${x.toolCallId} ${x.status}`).join("; ") : "none"}`);
    io.out(formatSummary(summary, setting));
    if (progress.state === "advancing") io.out(`in progress: ${progress.owner} is advancing this thread`);
    if (progress.state === "interrupted") io.out(`interrupted: ${progress.message}`);
    return code;
  });
}

/**
 * The store's thread ids from the `start`th, newest first, a page at a time: the first page as
 * large as the caller expects to need, each next one 4× larger, so the store sorts a few times.
 */
async function* pagedIds(store: ThreadRows, start: number, first: number): AsyncGenerator<string> {
  for (let offset = start, limit = first; ; offset += limit, limit *= 4) {
    const ids = await store.threadIds({ offset, limit });
    yield* ids;
    if (ids.length < limit) return;
  }
}

/** The threads' listing summaries, read one at a time (only the summary is kept). */
async function* threadSummaries(store: ThreadRows, threadIds: AsyncIterable<string>): AsyncGenerator<{ goal: string; summary: RunSummary }> {
  for await (const threadId of threadIds) {
    const view = await readListedThread(store, threadId);
    if (view) yield { goal: view.state.goal ?? "", summary: summarize(threadId, view.state, view.checkpointId, view.child) };
  }
}

interface ThreadsOpts extends StoreOpts {
  status?: RunStatus;
  limit?: string;
  offset?: string;
}

function count(raw: string | undefined, flag: string, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

/**
 * One line per thread, newest first: status, pending call or question, and the goal. At most
 * `--limit` threads after skipping `--offset` matching ones; a cut listing says so on stderr.
 */
export async function threadsCommand(opts: ThreadsOpts, io: Output): Promise<number> {
  const limit = count(opts.limit, "--limit", DEFAULT_THREAD_LIMIT, 1);
  const offset = count(opts.offset, "--offset", 0, 0);
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withThreadRows(setting, async (store) => {
    // Unfiltered, the first `offset` threads all match: the store skips them, unread.
    const start = opts.status ? 0 : offset;
    const skip = offset - start;
    const rows = [];
    let matched = 0;
    let scanned = start;
    for await (const { goal, summary } of threadSummaries(store, pagedIds(store, start, skip + limit))) {
      scanned++;
      if (opts.status && summary.status !== opts.status) continue;
      if (matched++ < skip) continue;
      rows.push({ threadId: summary.threadId, status: summary.status, goal, pendingToolCall: summary.pendingToolCall, question: summary.question });
      if (rows.length === limit) break;
    }
    const total = rows.length === limit ? await store.threadCount() : scanned;
    const more = rows.length === limit && scanned < total;
    if (more) io.err(`mira: listed ${rows.length} thread(s) of ${total} in the store, newest first${offset ? ` after the first ${offset}` : ""}; the next page: --offset ${offset + rows.length} (or a larger --limit)`);
    if (opts.json) {
      io.out(JSON.stringify(rows, null, 2));
      return EXIT.completed;
    }
    if (rows.length === 0) io.out(`no threads${opts.status ? ` with status ${opts.status}` : ""}${offset ? ` after the first ${offset}` : ""} in ${store.description}`);
    for (const r of rows) {
      const waiting = r.pendingToolCall ? ` ${r.pendingToolCall.toolId} ${r.pendingToolCall.toolCallId}` : r.question ? ` "${r.question}"` : "";
      io.out(`${r.threadId}  ${paint(statusStyle(r.status), r.status)}${waiting}  ${r.goal.split("\n")[0]!.slice(0, 80)}`);
    }
    return EXIT.completed;
  });
}

/** Every call waiting for approval, with the exact command that decides it. */
export async function approvalsCommand(opts: StoreOpts, io: Output): Promise<number> {
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withThreadRows(setting, async (store) => {
    const pending = [];
    for await (const { summary } of threadSummaries(store, pagedIds(store, 0, DEFAULT_THREAD_LIMIT))) {
      if (summary.pendingToolCall) pending.push({ threadId: summary.threadId, pendingToolCall: summary.pendingToolCall, resume: resumeHint(summary, setting) });
    }
    if (opts.json) {
      io.out(JSON.stringify(pending, null, 2));
      return EXIT.completed;
    }
    if (pending.length === 0) io.out(`no calls waiting for approval in ${store.description}`);
    for (const p of pending) {
      const c = p.pendingToolCall;
      io.out(`${p.threadId}  ${c.toolId} [${c.riskClass}] call ${c.toolCallId}  ${JSON.stringify(c.input).slice(0, 100)}`);
      io.out(`  ${p.resume}`);
    }
    return EXIT.completed;
  });
}

const statusStyle = (status: RunStatus) => (status === "completed" ? "green" : status === "failed" ? "red" : "yellow");
