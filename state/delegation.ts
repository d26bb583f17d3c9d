/**
 * Delegation bookkeeping (CONTRACT §8): opening a work package from the Planner's
 * `delegate_task`, and taking a finished package back into the parent's AgentRun. Pure
 * functions over state; the SubAgent subgraph does the work in between.
 */
import { AIMessage } from "@langchain/core/messages";
import type { AgentRunState, AgentRunUpdate } from "./agentRun.js";
import { coverGoals } from "./completionGate.js";
import { readTaskFrame } from "./taskFrame.js";
import { recoverableStep, terminalStep } from "./observations.js";
import type { Delegation, PlannerDecision, WorkPackage } from "./types.js";

/** Characters of a package's summary the parent keeps (Freeze drafts the answer from it). */
const SUMMARY_CHARS = 4000;

/** A child's own Planner-turn budget; its recovery budget is the run's default. */
const CHILD_MAX_STEPS = 8;

type DelegateDecision = Extract<PlannerDecision, { type: "delegate_task" }>;

/**
 * The work package a `delegate_task` opens, or why it cannot be opened. A skill must be one
 * the Planner was shown; the child's budget never exceeds the parent's remaining turns.
 */
export function openDelegation(
  state: Pick<AgentRunState, "step" | "settings">,
  decision: DelegateDecision,
  opts: { skills: string[]; maxAttempts: number; maxSteps: number },
): { ok: true; delegation: Delegation } | { ok: false; message: string } {
  if (decision.skill !== undefined && !opts.skills.includes(decision.skill)) {
    const known = opts.skills.length ? opts.skills.join(", ") : "none";
    return { ok: false, message: `no skill named "${decision.skill}" (skills: ${known}); delegate without a skill or pick a listed one` };
  }
  const remaining = opts.maxSteps - state.step;
  return {
    ok: true,
    delegation: {
      id: `sub-${state.step}`,
      kind: decision.skill ? "skill" : "generic",
      task: decision.task,
      acceptance: decision.acceptance,
      ...(decision.skill ? { skill: decision.skill } : {}),
      ...(decision.tools ? { tools: decision.tools } : {}),
      maxSteps: Math.max(1, Math.min(CHILD_MAX_STEPS, remaining)),
      maxAttempts: opts.maxAttempts,
    },
  };
}

/** The child's goal: its task and acceptance only, never the parent's request. */
export const childGoal = (d: Delegation) => (d.acceptance ? `${d.task}\nAcceptance: ${d.acceptance}` : d.task);

/**
 * Takes a work package into the parent: its evidence (ids already in the parent's sequence,
 * provenance kept) joins the parent's, the parent's goals are re-covered, and one
 * observation tells the Planner what came back. `completed` is a finished package, not a
 * finished task; a failed one is a recoverable failure of the parent (C contract) unless
 * the child failed terminally, which ends the parent run too. A cancelled one ends the
 * parent's request as `cancelled`; a superseded one hands the turn to the user's new message.
 */
export function ingestWorkPackage(state: AgentRunState, pkg: WorkPackage): AgentRunUpdate {
  const ids = { toolId: "delegate_task", toolCallId: pkg.id };
  const evidenceIds = pkg.evidence.map((e) => e.id);
  const base: AgentRunUpdate = {
    workPackage: null,
    delegation: null,
    evidence: pkg.evidence,
    taskFrame: coverGoals(readTaskFrame(state.taskFrame), state.evidence.concat(pkg.evidence)),
    subagentResults: {
      id: pkg.id,
      kind: pkg.kind,
      ...(pkg.skill ? { skill: pkg.skill } : {}),
      status: pkg.status,
      summary: pkg.summary.slice(0, SUMMARY_CHARS),
      evidenceIds,
      artifacts: pkg.artifacts,
      requirements: pkg.requirements,
    },
  };
  const who = pkg.skill ? `${pkg.id} (skill ${pkg.skill})` : pkg.id;
  // The user's new message replaced the request while the child waited: `step: 0` makes the
  // Planner start a turn from that message (the conversation ends with it).
  if (pkg.status === "superseded") return { ...base, step: 0, observations: { step: state.step, source: "subagent", ...ids, outcome: "rejected", summary: `${who} stopped: ${pkg.summary}`, evidenceIds } };
  // The user's cancel ends the whole request, parent and child; nothing pending runs.
  if (pkg.status === "cancelled") return { ...base, status: "cancelled", pendingToolCall: null, nextAction: null, messages: new AIMessage(`Run cancelled: ${who} ${pkg.summary}.`) };
  const needs = pkg.requirements.length ? ` Requirements: ${pkg.requirements.join("; ")}.` : "";
  if (pkg.status === "failed") {
    if (pkg.failure && !pkg.failure.recoverable) return { ...base, ...terminalStep({ ...pkg.failure, message: `${who}: ${pkg.failure.message}` }) };
    const message = `${who} did not finish its work package: ${firstLine(pkg.summary)}.${needs}`;
    return { ...base, ...recoverableStep(state, "subagent", { recoverable: true, kind: "delegation_failed", message }, ids) };
  }
  const acceptance = pkg.acceptance ? ` Judge it against its acceptance: ${pkg.acceptance}.` : "";
  const summary = `${who} completed its work package (evidence ${evidenceIds.join(", ") || "none"}): ${firstLine(pkg.summary)}.${acceptance}${needs} A finished package does not finish the task; answer only when every goal is covered.`;
  return { ...base, observations: { step: state.step, source: "subagent", ...ids, outcome: "succeeded", summary, evidenceIds } };
}

/**
 * The parent stopping a paused child (the user asked it to): the child's outcome as the
 * SubAgent node's output, written by the parent in the child's place. The call the child was
 * waiting on never runs; what the child gathered so far comes back with its provenance.
 */
export function stoppedWorkPackage(child: AgentRunState, reason: string): AgentRunUpdate {
  const d = child.delegation;
  const note = `stopped by the user: ${reason}`;
  const workPackage: WorkPackage = {
    id: d?.id ?? "sub-unknown",
    kind: d?.kind ?? "generic",
    ...(d?.skill ? { skill: d.skill } : {}),
    acceptance: d?.acceptance ?? "",
    status: "failed",
    summary: note,
    evidence: child.evidence,
    artifacts: [],
    requirements: [],
  };
  const seq = child.traceCount + 1;
  return {
    workPackage,
    trace: child.trace.concat({ seq, node: "Stop", agent: "main", at: new Date().toISOString(), decision: "stopped", toolCallId: workPackage.id, note }),
    traceCount: seq,
    modelCalls: child.modelCalls,
    evidenceCount: child.evidenceCount,
  };
}

const firstLine = (text: string) => (text.split("\n").find((l) => l.trim()) ?? "").trim().slice(0, 300);
