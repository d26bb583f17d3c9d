/**
 * Normalize (CONTRACT §2, §3): the freeze line between the model's idea and the call the
 * system will run. Checks the decision is `use_tool`, the tool is executable for this
 * agent, it has a schema and the input passes it; then freezes `pendingToolCall` with its
 * `inputHash`. It never decides completion and never "repairs" a toolId into another tool.
 */
import { z } from "zod";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { recoverableStep, terminalStep } from "../state/observations.js";
import { provenanceOf } from "../state/provenance.js";
import { visit } from "../state/trace.js";
import { invocationHash } from "../protocol/invocationHash.js";

export type NormalizeRoute = "Policy" | "Planner" | "Finalize";

export function routeAfterNormalize(state: AgentRunState): NormalizeRoute {
  if (state.status === "failed") return "Finalize";
  return state.pendingToolCall ? "Policy" : "Planner";
}

/**
 * The id a call is frozen under: the model's, scoped to the turn (after the first) and to the
 * SubAgent that made it. A model's call ids are unique only within one agent's turn (the
 * offline planner and some OpenAI-compatible servers number them from 0 again), and the
 * ledger would otherwise answer a new request's call with an earlier turn's receipt. Within a
 * turn the id is kept, so a call the model sends again is the same invocation and runs once.
 */
function scopedCallId(modelCallId: string, turn: number, agent: string): string {
  const scope = [turn > 1 ? `t${turn}` : null, agent === "main" ? null : agent].filter((part) => part !== null);
  return scope.length ? `${modelCallId}@${scope.join(".")}` : modelCallId;
}

export function createNormalizeNode(rt: MiraRuntime) {
  return async function normalize(state: AgentRunState): Promise<AgentRunUpdate> {
    const decision = state.nextAction;
    if (decision?.type !== "use_tool") {
      const message = `Normalize received a "${decision?.type ?? "missing"}" decision; only use_tool may be frozen`;
      return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message }), ...visit(state, "Normalize", rt.agent, { note: message }) };
    }
    const toolCallId = scopedCallId(decision.toolCallId, state.turn, rt.agent);
    const ids = { toolId: decision.toolId, toolCallId };
    const trace = visit(state, "Normalize", rt.agent, { toolCallId });
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
      ...trace,
    };
  };
}
