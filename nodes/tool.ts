/**
 * Tool (CONTRACT §2, §3): executes exactly the frozen, approved invocation, at most once
 * per `toolCallId + inputHash` (the execution ledger), and hands the result to Evidence.
 * It refuses anything without a matching approval or whose input no longer hashes to the
 * approved `inputHash`. An approval given in another thread (a copied thread, a checkpoint
 * restored under a new id) does not authorize the call here: it goes back to Policy and is
 * asked again. The policy is judged again too, since it may have changed while the run was
 * paused: a call it now denies is not executed. A call the ledger saw start but never finish is `outcome_unknown`, never re-run.
 * The approval must also lie on this branch: its checkpoint must be an ancestor of the one
 * Tool runs from, so a state forked elsewhere (before the approval, or on another branch)
 * that carries a copied approval is sent back to Policy and asked again.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { redactDeep } from "../contract/redact.js";
import { visit } from "../state/trace.js";
import type { ApprovalRecord, PendingToolCall, ToolResult, ToolOutcome } from "../state/types.js";
import { APPROVAL_KEY_ENV, approvalKey, verifyApproval } from "../protocol/approvalSignature.js";
import { invocationHash } from "../protocol/invocationHash.js";
import type { ToolContext, ToolDefinition } from "../tools/types.js";
import { currentThreadId } from "./checkpointId.js";
import { onLineage } from "./interruptContext.js";

/** Trace note of a Tool visit that returned a recorded result instead of executing. */
export const REPLAYED_NOTE = "replayed from the execution ledger";

/** How long a tool may run when its definition sets no timeout of its own. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

export type ToolRoute = "Evidence" | "Policy" | "Finalize";

/** The call is still pending after Tool only when its approval did not bind this thread: ask again. */
export function routeAfterTool(state: AgentRunState): ToolRoute {
  if (state.status === "failed") return "Finalize";
  return state.pendingToolCall ? "Policy" : "Evidence";
}

const grants = (a: ApprovalRecord, call: PendingToolCall) =>
  (a.decision === "approve" || a.decision === "policy_allow") && a.toolId === call.toolId && a.toolCallId === call.toolCallId && a.inputHash === call.inputHash;

export function createToolNode(rt: MiraRuntime) {
  return async function tool(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const call = state.pendingToolCall;
    const trace = visit(state, "Tool", rt.agent, { toolCallId: call?.toolCallId });
    const refuse = (kind: "approval_inconsistency" | "state_corrupted", message: string) => ({ ...terminalStep({ recoverable: false, kind, message }), ...trace });
    if (!call) return refuse("state_corrupted", "Tool reached with no frozen call");

    const threadId = currentThreadId(config);
    const matching = state.approvals.filter((a) => grants(a, call));
    if (matching.length === 0) return refuse("approval_inconsistency", `no approval binds ${call.toolId} (${call.toolCallId}, ${call.inputHash.slice(0, 12)}); nothing was executed`);
    // The newest decision in this thread: an older one may be a copy from another branch.
    const approval = [...matching].reverse().find((a) => a.threadId === threadId);
    if (!approval) {
      const from = matching.at(-1)?.threadId;
      const note = `the approval of ${call.toolCallId} was given in ${from ? `thread "${from}"` : "no recorded thread"}, not this one; asking again`;
      return { status: "running", ...visit(state, "Tool", rt.agent, { toolCallId: call.toolCallId, decision: "rebind", note }) };
    }
    if (approval.checkpointId && (await onLineage(config, approval.checkpointId)) === "no") {
      const note = `the approval of ${call.toolCallId} was given at checkpoint ${approval.checkpointId}, which is not on this branch; asking again`;
      return { status: "running", ...visit(state, "Tool", rt.agent, { toolCallId: call.toolCallId, decision: "rebind", note }) };
    }
    const key = approvalKey();
    if (key && approval.decision === "approve" && !verifyApproval(key, { ...approval, threadId }, approval.signature)) {
      return refuse("approval_inconsistency", `the approval of ${call.toolId} (${call.toolCallId}) is not signed with ${APPROVAL_KEY_ENV}; signed approvals are required, so nothing was executed`);
    }
    // The policy may have changed while the run was paused (a resume loads it afresh): judge again.
    const verdict = rt.policy.classify(call);
    if (verdict.outcome === "deny") {
      const message = `${call.toolId} (${call.toolCallId}) ${verdict.reason} (policy changed since it was approved); nothing was executed`;
      if (verdict.terminal) return { ...terminalStep({ recoverable: false, kind: "policy_denied", message }), ...trace };
      return { pendingToolCall: null, ...recoverableStep(state, "policy", { recoverable: true, kind: "rejected", message }, call), ...trace };
    }
    if (verdict.outcome === "ask" && approval.decision === "policy_allow") {
      return { status: "running", ...visit(state, "Tool", rt.agent, { toolCallId: call.toolCallId, decision: "rebind", note: `the policy now asks for ${call.toolId}; asking again` }) };
    }
    const definition = rt.harness.get(call.toolId);
    if (!definition) return refuse("state_corrupted", `approved tool ${call.toolId} is no longer registered; nothing was executed`);
    const ctx = { workspaceRoot: rt.workspaceRoot };
    const effect = definition.effectContext?.(call.input as never, ctx) ?? {};
    if (invocationHash(call.toolId, call.input, effect) !== call.inputHash) {
      return refuse("state_corrupted", `${call.toolId} (${call.toolCallId}) no longer hashes to its approved inputHash; nothing was executed`);
    }

    const entry = { threadId, toolId: call.toolId, toolCallId: call.toolCallId, inputHash: call.inputHash };
    const claim = await rt.ledger.begin(entry, { threadId: approval.threadId, ...(approval.approvedBy ? { approvedBy: approval.approvedBy } : {}) });
    let outcome: ToolOutcome;
    let replayed = false;
    switch (claim.state) {
      case "refused":
        return refuse("approval_inconsistency", `${claim.reason}; nothing was executed`);
      case "completed":
        outcome = claim.outcome;
        replayed = true;
        break;
      case "started":
        // Only one process advances a thread, so a claim still `started` belongs to one that died.
        outcome = {
          ok: false,
          failure: {
            recoverable: true,
            kind: "outcome_unknown",
            message: `${call.toolId} (${call.toolCallId}) started at ${claim.startedAt} but the process running it stopped before its result was recorded; its outcome is unknown and it is not run again — check its effect before retrying`,
          },
        };
        await rt.ledger.complete(entry, outcome);
        replayed = true;
        break;
      case "fresh":
        // Secrets are redacted before the result is recorded anywhere (ledger, evidence, trace).
        outcome = redactDeep(await runOnce(definition, call.input, ctx));
        await rt.ledger.complete(entry, outcome);
        break;
    }
    const toolResult: ToolResult = outcome.ok
      ? { ok: true, toolId: call.toolId, toolCallId: call.toolCallId, summary: outcome.summary, evidence: outcome.evidence, replayed }
      : { ok: false, toolId: call.toolId, toolCallId: call.toolCallId, failure: outcome.failure, replayed };
    const note = replayed && outcome.ok ? REPLAYED_NOTE : outcome.ok ? outcome.summary : `failed: ${outcome.failure.message}`;
    return { toolResult, pendingToolCall: null, ...visit(state, "Tool", rt.agent, { toolCallId: call.toolCallId, note }) };
  };
}

/**
 * Runs the tool once under its timeout. A throwing tool is a recoverable tool error, never a
 * crashed run. A tool that overruns is abandoned (its signal aborted): a read is a `timeout`,
 * anything with effects is `outcome_unknown`, since it may have acted before it was stopped.
 */
async function runOnce(definition: ToolDefinition, input: unknown, base: ToolContext): Promise<ToolOutcome> {
  const timeoutMs = definition.timeoutMs?.(input as never) ?? DEFAULT_TOOL_TIMEOUT_MS;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<ToolOutcome>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      const message = `${definition.name} did not finish within ${timeoutMs} ms and was abandoned`;
      resolve({ ok: false, failure: { recoverable: true, kind: definition.risk === "read" ? "timeout" : "outcome_unknown", message: definition.risk === "read" ? message : `${message}; its effect is unknown` } });
    }, timeoutMs);
  });
  const run = (async (): Promise<ToolOutcome> => {
    try {
      return await definition.execute(input as never, { ...base, signal: abort.signal });
    } catch (err) {
      return { ok: false, failure: { recoverable: true, kind: "tool_error", message: (err as Error).message.split("\n")[0] ?? "tool threw" } };
    }
  })();
  try {
    return await Promise.race([run, overrun]);
  } finally {
    clearTimeout(timer);
  }
}
