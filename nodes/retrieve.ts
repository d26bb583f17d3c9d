/**
 * Retrieve (CONTRACT §2): answers the Planner's `retrieve` decision from the workspace's
 * document index and hands the passages, with their sources, to Evidence.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import type { ToolResult } from "../state/types.js";

export function createRetrieveNode(rt: MiraRuntime) {
  return async function retrieve(state: AgentRunState): Promise<AgentRunUpdate> {
    const decision = state.nextAction;
    const toolCallId = `retrieve-${state.step}`;
    const trace = visit(state, "Retrieve", rt.agent, { toolCallId });
    if (decision?.type !== "retrieve") {
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "Retrieve reached without a retrieve decision" }), ...trace };
    }
    const passages = await rt.documents.search(decision.query);
    const toolResult: ToolResult = passages.length
      ? {
          ok: true,
          toolId: "retrieve",
          toolCallId,
          replayed: false,
          summary: `retrieved ${passages.length} passage(s) for "${decision.query}" from ${[...new Set(passages.map((p) => p.path))].join(", ")}`,
          evidence: passages.map((p) => ({ kind: "passage" as const, source: { path: p.path, startLine: p.startLine, endLine: p.endLine }, content: p.text, verified: true })),
        }
      : { ok: false, toolId: "retrieve", toolCallId, replayed: false, failure: { recoverable: true, kind: "empty_result", message: `no document passage matches "${decision.query}"` } };
    return { toolResult, ...trace };
  };
}
