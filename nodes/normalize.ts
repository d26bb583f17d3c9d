/**
 * Normalize (CONTRACT §2, §3): the freeze line between the model's idea and the call the
 * system will run. Checks the decision is `use_tool`, the tool is executable for this
 * agent, it has a schema and the input passes it; then freezes `pendingToolCall` with its
 * `inputHash`. It never decides completion and never "repairs" a toolId into another tool.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import type { MiraRuntime } from "../runtime/runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { provenanceOf } from "../state/provenance.js";
import { visit } from "../state/trace.js";
import { invocationHash } from "../protocol/invocationHash.js";
import { currentThreadId } from "./checkpointId.js";

export type NormalizeRoute = "Policy" | "Planner" | "Finalize";

export function routeAfterNormalize(state: AgentRunState): NormalizeRoute {
  if (state.status === "failed") return "Finalize";
  return state.pendingToolCall ? "Policy" : "Planner";
}

/**
 * The id a call is frozen under: the model's, or `<id>~2`, `~3`… when an earlier invocation of
 * this thread was already claimed under it. Model call ids are not unique across turns or
 * agents (the offline planner and some OpenAI-compatible servers number them from 0 again),
 * and the ledger would otherwise replay that earlier outcome instead of running this call.
 */
async function threadUniqueCallId(rt: MiraRuntime, threadId: string, id: string): Promise<string> {
  if (!(await rt.ledger.hasCallId(threadId, id))) return id;
  for (let n = 2; ; n += 1) if (!(await rt.ledger.hasCallId(threadId, `${id}~${n}`))) return `${id}~${n}`;
}

export function createNormalizeNode(rt: MiraRuntime) {
  return async function normalize(state: AgentRunState, config: RunnableConfig): Promise<AgentRunUpdate> {
    const decision = state.nextAction;
    if (decision?.type !== "use_tool") {
      const message = `Normalize received a "${decision?.type ?? "missing"}" decision; only use_tool may be frozen`;
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message }), ...visit(state, "Normalize", rt.agent, { note: message }) };
    }
    const ids = { toolId: decision.toolId, toolCallId: decision.toolCallId };
    const trace = visit(state, "Normalize", rt.agent, { toolCallId: decision.toolCallId });
    const refuse = (kind: "unknown_tool" | "invalid_input", message: string): AgentRunUpdate => ({
      pendingToolCall: null,
      ...recoverableStep(state, "tool", { recoverable: true, kind, message }, ids),
      ...trace,
    });

    const check = rt.harness.checkExecutable(decision.toolId, state.loadout);
    if (!check.ok) return refuse("unknown_tool", check.reason);
    const tool = check.tool;
    if (!tool.schema) {
      return { ...terminalStep({ recoverable: false, kind: "schema_error", message: `tool "${tool.name}" has no input schema` }), ...trace };
    }
    const input = decision.input;
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return refuse("invalid_input", `input for ${tool.name} must be a JSON object, got ${Array.isArray(input) ? "an array" : typeof input}`);
    }
    const parsed = tool.schema.safeParse(input);
    if (!parsed.success) {
      return refuse("invalid_input", `input for ${tool.name} fails its schema: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
    }
    const frozenInput = parsed.data as Record<string, unknown>;
    const effect = tool.effectContext?.(frozenInput, { workspaceRoot: rt.workspaceRoot }) ?? {};
    const toolCallId = await threadUniqueCallId(rt, currentThreadId(config), decision.toolCallId);
    return {
      pendingToolCall: {
        toolId: tool.name,
        toolCallId,
        input: frozenInput,
        inputHash: invocationHash(tool.name, frozenInput, effect),
        riskClass: tool.risk,
        provenance: provenanceOf(state),
      },
      loadout: rt.harness.touch(state.loadout, tool.name),
      ...(toolCallId === decision.toolCallId
        ? trace
        : visit(state, "Normalize", rt.agent, { toolCallId, note: `call id ${decision.toolCallId} was already used in this thread; frozen as ${toolCallId}` })),
    };
  };
}
