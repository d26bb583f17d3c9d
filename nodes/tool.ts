/**
 * Tool (CONTRACT §2, §3): executes exactly the frozen, approved invocation, at most once
 * per `toolCallId + inputHash` (the execution ledger), and hands the result to Evidence.
 * It refuses anything without a matching approval or whose input no longer hashes to the
 * approved `inputHash`.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { MiraRuntime } from "../runtime/runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import type { ToolResult } from "../state/types.js";
import { invocationHash } from "../protocol/invocationHash.js";
import type { ToolOutcome } from "../tools/types.js";

/** Trace note of a Tool visit that returned a recorded result instead of executing. */
export const REPLAYED_NOTE = "replayed from the execution ledger";

export type ToolRoute = "Evidence" | "Finalize";

export function routeAfterTool(state: AgentRunState): ToolRoute {
  return state.status === "failed" ? "Finalize" : "Evidence";
}

export function createToolNode(rt: MiraRuntime) {
  return async function tool(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const call = state.pendingToolCall;
    const trace = visit(state, "Tool", rt.agent, { toolCallId: call?.toolCallId });
    const refuse = (kind: "approval_inconsistency" | "state_corrupted", message: string) => ({ ...terminalStep({ recoverable: false, kind, message }), ...trace });
    if (!call) return refuse("state_corrupted", "Tool reached with no frozen call");

    const approved = state.approvals.some(
      (a) => (a.decision === "approve" || a.decision === "policy_allow") && a.toolId === call.toolId && a.toolCallId === call.toolCallId && a.inputHash === call.inputHash,
    );
    if (!approved) return refuse("approval_inconsistency", `no approval binds ${call.toolId} (${call.toolCallId}, ${call.inputHash.slice(0, 12)}); nothing was executed`);
    const definition = rt.harness.get(call.toolId);
    if (!definition) return refuse("state_corrupted", `approved tool ${call.toolId} is no longer registered; nothing was executed`);
    const ctx = { workspaceRoot: rt.workspaceRoot };
    const effect = definition.effectContext?.(call.input as never, ctx) ?? {};
    if (invocationHash(call.toolId, call.input, effect) !== call.inputHash) {
      return refuse("state_corrupted", `${call.toolId} (${call.toolCallId}) no longer hashes to its approved inputHash; nothing was executed`);
    }

    const key = { threadId: String(config.configurable?.thread_id ?? "unthreaded"), toolId: call.toolId, toolCallId: call.toolCallId, inputHash: call.inputHash };
    const claim = await rt.ledger.begin(key);
    let outcome: ToolOutcome;
    let replayed = false;
    if (claim.state === "completed") {
      outcome = claim.outcome;
      replayed = true;
    } else if (claim.state === "started") {
      outcome = {
        ok: false,
        failure: {
          recoverable: true,
          kind: "outcome_unknown",
          message: `${call.toolId} (${call.toolCallId}) started at ${claim.startedAt} but its result was never recorded; it is not run again — check its effect before retrying`,
        },
      };
      replayed = true;
    } else {
      outcome = await runOnce(() => definition.execute(call.input as never, ctx));
      await rt.ledger.complete(key, outcome);
    }
    const toolResult: ToolResult = outcome.ok
      ? { ok: true, toolId: call.toolId, toolCallId: call.toolCallId, summary: outcome.summary, evidence: outcome.evidence, replayed }
      : { ok: false, toolId: call.toolId, toolCallId: call.toolCallId, failure: outcome.failure, replayed };
    return { toolResult, pendingToolCall: null, ...visit(state, "Tool", rt.agent, { toolCallId: call.toolCallId, note: replayed ? REPLAYED_NOTE : outcome.ok ? outcome.summary : `failed: ${outcome.failure.message}` }) };
  };
}

/** A throwing tool is a recoverable tool error, never a crashed run. */
async function runOnce(execute: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await execute();
  } catch (err) {
    return { ok: false, failure: { recoverable: true, kind: "tool_error", message: (err as Error).message.split("\n")[0] ?? "tool threw" } };
  }
}
