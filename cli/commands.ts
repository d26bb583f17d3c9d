/**
 * `mira run`, `resume` and `cancel`: the commands that advance a run, so they load LangGraph,
 * the runtime and the Harness (the reading commands are in readCommands.ts). Each returns the
 * process exit code.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { Command as ResumeCommand, type StateSnapshot } from "@langchain/langgraph";
import { resolveCheckpointerSetting, type CheckpointStore } from "../checkpointers/index.js";
import { describeModel } from "../models/index.js";
import { DEFAULT_MAX_STEPS, resolveWorkspace } from "../runtime/createRuntime.js";
import { startRunInput } from "../runtime/startRun.js";
import { approvalKey, signApproval } from "../protocol/approvalSignature.js";
import { SIMULATED_CATALOG } from "../tools/catalog/index.js";
import type { AgentRunState } from "../state/agentRun.js";
import { stoppedWorkPackage } from "../state/delegation.js";
import { checkRequest } from "../nodes/planner.js";
import type { ApprovalResume, PendingToolCall, RunSettings } from "../state/types.js";
import { askAtTerminal, isInteractiveTerminal } from "./interactive.js";
import { drive, pendingInterrupts, threadConfig, withApp, type MiraApp } from "./session.js";
import { readThread, requireThread, stoppedBeforeFirstStep } from "./threadView.js";
import { report, withStore, type Output, type Printer, type StoreOpts } from "./io.js";
import { summarize, type RunSummary } from "./summary.js";
import { UsageError } from "../contract/errors.js";
import { DEFAULT_MODEL_SPEC } from "../config/models.js";

interface InteractiveOpts {
  /** False with --no-interactive; prompting also needs a TTY on stdin and stdout and no --json. */
  interactive?: boolean;
}

export interface RunOpts extends StoreOpts, InteractiveOpts {
  workspace: string;
  model?: string;
  thread?: string;
  policy?: string;
  maxSteps?: string;
  catalog?: string;
  mcp?: string;
  skills?: string;
}

export interface ResumeOpts extends StoreOpts, InteractiveOpts {
  approve?: boolean;
  reject?: boolean;
  reason?: string;
  answer?: string;
  edit?: string;
  toolCallId?: string;
  inputHash?: string;
  stopChild?: boolean;
}

/**
 * Holds the thread's single-flight lease while `fn` advances it (CONTRACT §3). A second
 * process gets ThreadBusyError (exit 75) before it reads or changes anything.
 */
async function withThreadLease<T>(store: CheckpointStore, threadId: string, fn: () => Promise<T>): Promise<T> {
  const lease = await store.claimThread(threadId);
  try {
    return await fn();
  } finally {
    await lease.release();
  }
}

/** Scripted files are stored as absolute paths so a resume from another directory finds them. */
const modelSpec = (spec: string) => (spec.startsWith("scripted:") ? `scripted:${resolve(spec.slice("scripted:".length))}` : spec);

function parseMaxSteps(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_MAX_STEPS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--max-steps must be a positive integer, got "${raw}"`);
  return n;
}

/** `builtin-simulated` names the evaluation catalog; anything else is a catalog file. */
const catalogSetting = (catalog: string | undefined) => (!catalog ? null : catalog === SIMULATED_CATALOG ? SIMULATED_CATALOG : resolve(catalog));

export async function runCommand(task: string, opts: RunOpts, io: Output): Promise<number> {
  if (!task.trim()) throw new UsageError("the task is empty");
  const settings: RunSettings = {
    workspace: resolveWorkspace(opts.workspace),
    model: modelSpec(opts.model ?? DEFAULT_MODEL_SPEC),
    policyFile: opts.policy ? resolve(opts.policy) : null,
    maxSteps: parseMaxSteps(opts.maxSteps),
    catalog: catalogSetting(opts.catalog),
    mcpConfig: opts.mcp ? resolve(opts.mcp) : null,
    skills: opts.skills ? resolve(opts.skills) : null,
  };
  // A request that cannot make a task frame is refused before any run exists.
  const frame = await checkRequest(task, settings.workspace);
  if (!frame.ok) throw new UsageError(frame.message);
  for (const note of frame.frame.notes) io.err(`mira: note: ${note}`);
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withStore(setting, async (store) => {
    const threadId = opts.thread ?? `run-${randomUUID().slice(0, 8)}`;
    return withThreadLease(store, threadId, async () => {
      const existing = opts.thread ? await readThread(store, threadId) : null;
      // A thread whose first step was never saved ran nothing: it is started again, not refused.
      if (existing && !stoppedBeforeFirstStep(existing)) {
        throw new UsageError(`thread "${threadId}" already exists; continue it with mira resume or inspect it with mira show`);
      }
      return withApp(store, settings, 0, async (app) => {
        if (!opts.json) io.out(`mira: thread ${threadId} · ${describeModel(settings.model)} · checkpointer ${store.description}`);
        const summary = await drive(app, startRunInput(task), threadId, settings.maxSteps, opts.json ? null : io.out);
        return report(await decideWhilePaused(app, summary, threadId, settings.maxSteps, opts, io), setting, opts, io);
      });
    });
  });
}

/**
 * Answers a paused thread (exactly one decision flag), or continues one whose process died
 * mid-step (no decision flag): LangGraph re-runs the unfinished step from the last
 * checkpoint, and the ledger turns a call left `started` into `outcome_unknown`.
 */
export async function resumeCommand(threadId: string, opts: ResumeOpts, io: Output): Promise<number> {
  const chosen = [opts.approve, opts.reject, opts.edit !== undefined, opts.answer !== undefined, opts.stopChild].filter(Boolean).length;
  if (chosen > 1) throw new UsageError("give at most one of --approve, --reject, --edit JSON, --answer TEXT or --stop-child");
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withStore(setting, async (store) =>
    withThreadLease(store, threadId, async () => {
      const { state, settings, child } = await requireThread(store, threadId);
      // Paused inside a SubAgent: the child answers, and the script continues at its model call.
      const waiting = summarize(threadId, state, null, child);
      return withApp(store, settings, child?.modelCalls ?? state.modelCalls, async (app) => {
        const snapshot = (await app.getState(threadConfig(threadId, settings.maxSteps))) as StateSnapshot;
        const interrupts = pendingInterrupts(snapshot);
        const print = opts.json ? null : io.out;
        if (interrupts.length === 0) {
          // `tasks`, not `next`: a step whose writes were saved but whose checkpoint was not (the
          // process died in between) is left out of `next`, yet the run has not moved past it.
          if (snapshot.tasks.length === 0) throw new UsageError(`thread "${threadId}" is not paused (status: ${state.status}); nothing was resumed or executed`);
          if (chosen > 0) throw new UsageError(`thread "${threadId}" is not waiting for a decision: its process stopped mid-step; continue it with mira resume ${threadId} and no decision flag`);
          print?.(`mira: continuing thread ${threadId} from checkpoint ${snapshot.config.configurable?.checkpoint_id ?? "?"} (its process stopped before ${snapshot.tasks.map((t) => t.name).join(", ")} was checkpointed) · ${describeModel(settings.model)}`);
          return report(await drive(app, null, threadId, settings.maxSteps, print), setting, opts, io);
        }
        if (chosen === 0) throw new UsageError(`thread "${threadId}" is waiting (${waiting.status}): give one of --approve, --reject, --edit JSON or --answer TEXT`);
        if (opts.stopChild) {
          if (!child) throw new UsageError(`thread "${threadId}" is not paused inside a SubAgent; --stop-child stops a paused SubAgent (nothing was changed)`);
          // The parent writes the child's outcome in its place; the pending call never runs.
          await app.updateState(threadConfig(threadId, settings.maxSteps), stoppedWorkPackage(child, opts.reason ?? "no reason given"), "SubAgent");
          print?.(`mira: stopped SubAgent ${child.delegation?.id ?? "?"} of thread ${threadId}; the parent continues · ${describeModel(settings.model)}`);
          return report(await drive(app, null, threadId, settings.maxSteps, print), setting, opts, io);
        }
        const value = signedIfRequired(resumeValue(threadId, waiting.status, waiting.pendingToolCall, opts), threadId, snapshot, waiting.pendingToolCall);
        print?.(`mira: resuming thread ${threadId} · ${describeModel(settings.model)}`);
        const summary = await resumeWith(app, interrupts, value, threadId, settings.maxSteps, print);
        return report(await decideWhilePaused(app, summary, threadId, settings.maxSteps, opts, io), setting, opts, io);
      });
    }),
  { mustExist: true });
}

/**
 * Cancels a paused run (`mira cancel THREAD`): the pending call or question is answered with
 * Mira's cancel reply, so the run ends `cancelled` and nothing pending executes; the same as
 * `Command({goto: END})` ("Mark as resolved") on a server.
 */
export async function cancelCommand(threadId: string, opts: StoreOpts & { reason?: string }, io: Output): Promise<number> {
  const setting = resolveCheckpointerSetting(opts.checkpointer);
  return withStore(setting, async (store) =>
    withThreadLease(store, threadId, async () => {
      const { state, settings, child } = await requireThread(store, threadId);
      return withApp(store, settings, child?.modelCalls ?? state.modelCalls, async (app) => {
        const snapshot = (await app.getState(threadConfig(threadId, settings.maxSteps))) as StateSnapshot;
        const interrupts = pendingInterrupts(snapshot);
        if (interrupts.length === 0) throw new UsageError(`thread "${threadId}" is not paused (status: ${state.status}); nothing was cancelled`);
        const print = opts.json ? null : io.out;
        print?.(`mira: cancelling thread ${threadId}`);
        return report(await resumeWith(app, interrupts, { cancel: true, reason: opts.reason ?? "cancelled with mira cancel" }, threadId, settings.maxSteps, print), setting, opts, io);
      });
    }),
  { mustExist: true });
}

function resumeWith(app: MiraApp, interrupts: string[], value: unknown, threadId: string, maxSteps: number, print: Printer | null) {
  return drive(app, new ResumeCommand({ resume: Object.fromEntries(interrupts.map((id) => [id, value])) }), threadId, maxSteps, print);
}

/**
 * In a terminal, a paused run is decided on the spot and continued, as often as it pauses
 * (an edit is asked again); elsewhere the summary is returned as it is, with its resume command.
 */
async function decideWhilePaused(app: MiraApp, summary: RunSummary, threadId: string, maxSteps: number, opts: StoreOpts & InteractiveOpts, io: Output): Promise<RunSummary> {
  if (opts.json || opts.interactive === false || !isInteractiveTerminal()) return summary;
  let current = summary;
  while (current.status === "waiting_approval" || current.status === "waiting_user") {
    const snapshot = (await app.getState(threadConfig(threadId, maxSteps))) as StateSnapshot;
    const reply = await askAtTerminal(current, snapshot.values as AgentRunState, io.out);
    if (reply === null) break;
    current = await resumeWith(app, pendingInterrupts(snapshot), reply, threadId, maxSteps, io.out);
  }
  return current;
}

/** Checks the flags against what the thread waits for; a wrong identity never reaches the run. */
function resumeValue(threadId: string, status: string, pending: { toolCallId: string; inputHash: string } | null, opts: ResumeOpts): ApprovalResume | string {
  if (status === "waiting_user") {
    if (opts.answer === undefined) throw new UsageError(`thread "${threadId}" is waiting for an answer: use --answer TEXT`);
    return opts.answer;
  }
  if (status !== "waiting_approval" || !pending) throw new UsageError(`thread "${threadId}" is not waiting for approval (status: ${status})`);
  if (opts.answer !== undefined) throw new UsageError(`thread "${threadId}" is waiting for an approval: use --approve or --reject`);
  if (!opts.toolCallId || !opts.inputHash) throw new UsageError("an approval needs --tool-call-id and --input-hash of the pending call (see mira show)");
  if (opts.toolCallId !== pending.toolCallId || opts.inputHash !== pending.inputHash) {
    throw new UsageError(
      `the identity given (${opts.toolCallId} / ${opts.inputHash}) is not the pending call's (${pending.toolCallId} / ${pending.inputHash}); nothing was approved or executed`,
    );
  }
  const identity = { toolCallId: pending.toolCallId, inputHash: pending.inputHash, reason: opts.reason };
  if (opts.edit !== undefined) return { decision: "edit", ...identity, input: parseEditInput(opts.edit) };
  return opts.approve ? { decision: "approve", ...identity } : { decision: "reject", ...identity };
}

/**
 * With MIRA_APPROVAL_HMAC_KEY set, the CLI is a trusted client: it signs its approval over
 * the call, the thread and the checkpoint the run paused at (the interrupt's payload).
 */
function signedIfRequired(value: ApprovalResume | string, threadId: string, snapshot: StateSnapshot, pending: Pick<PendingToolCall, "toolId"> | null): ApprovalResume | string {
  const key = approvalKey();
  if (!key || typeof value === "string" || value.decision !== "approve" || !pending) return value;
  const payloads = snapshot.tasks.flatMap((t) => t.interrupts ?? []).map((i) => i.value as { kind?: string; checkpointId?: string | null });
  const checkpointId = payloads.find((p) => p?.kind === "approval")?.checkpointId ?? null;
  return { ...value, signature: signApproval(key, { toolId: pending.toolId, toolCallId: value.toolCallId, inputHash: value.inputHash, threadId, checkpointId }) };
}

/** `--edit` takes the whole new input as a JSON object; the tool stays the same. */
function parseEditInput(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`--edit must be the new input as a JSON object: ${(err as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError("--edit must be a JSON object (the whole new input)");
  return value as Record<string, unknown>;
}
