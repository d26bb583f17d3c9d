/**
 * Evidence (CONTRACT §2, §4, §6, §8): turns a tool or retrieval result — success or failure —
 * or a SubAgent's work package into evidence with provenance and one observation for the Planner, advances the
 * recovery budget on recoverable failures, and updates goal coverage. It never declares
 * the task complete.
 */
import { END } from "@langchain/langgraph";
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { coverGoals } from "../state/completionGate.js";
import { ingestWorkPackage } from "../state/delegation.js";
import { readTaskFrame } from "../state/taskFrame.js";
import { absenceFinding, failureStep, terminalStep } from "../state/observations.js";
import { visit } from "../state/trace.js";
import { redactDeep } from "../contract/redact.js";
import type { Evidence, Observation, RiskClass } from "../state/types.js";

/** Evidence content kept in state per item; the rest stays in the workspace. */
export const EVIDENCE_CONTENT_CHARS = 4000;

/**
 * Content cut to its first EVIDENCE_CONTENT_CHARS; a command's closing status line (`[exit code 1]`) is kept, or its outcome
 * would be lost with its tail, and so is its whole command line: what it ran on (`rm` of 500 listed files) is what it observed.
 */
function clipped(content: string, kind: Evidence["kind"]): string {
  const line = kind === "command" ? content.slice(0, content.indexOf("\n") + 1 || content.length) : "";
  const body = content.slice(line.length);
  if (body.length <= EVIDENCE_CONTENT_CHARS) return content;
  const last = body.slice(body.lastIndexOf("\n") + 1);
  return `${line}${body.slice(0, EVIDENCE_CONTENT_CHARS)}\n…[truncated]${/^\[(?:exit code -?\d+|killed by \w+)\]/.test(last) ? `\n${last}` : ""}`;
}

/**
 * What a non-file tool's result is: a `record` it returned, or — when the tool has an effect
 * (any risk class but read) — the `receipt` of that effect. File kinds stay as the tool said.
 */
function kindOf(kind: Evidence["kind"], risk: RiskClass | undefined): Evidence["kind"] {
  if (kind !== "other" && kind !== "record") return kind;
  return risk && risk !== "read" ? "receipt" : "record";
}

export type EvidenceRoute = "Planner" | "Freeze" | "Finalize" | typeof END;

/** A completed skill package goes to Freeze (no Planner call); a cancelled child ends the run; everything else to the Planner. */
export function routeAfterEvidence(state: AgentRunState): EvidenceRoute {
  if (state.status === "cancelled") return END;
  if (state.status === "failed") return "Finalize";
  const last = state.observations.at(-1);
  const result = state.subagentResults.at(-1);
  if (last?.source === "subagent" && last.outcome === "succeeded" && result?.id === last.toolCallId && result?.kind === "skill") return "Freeze";
  return "Planner";
}

export function createEvidenceNode(rt: MiraRuntime) {
  return async function evidence(state: AgentRunState): Promise<AgentRunUpdate> {
    const pkg = state.workPackage;
    if (pkg) return { ...ingestWorkPackage(state, pkg), ...visit(state, "Evidence", rt.agent, { toolCallId: pkg.id, decision: pkg.status }) };
    // Every result (Retrieve and SubAgent ones too) is redacted before it becomes evidence.
    const result = state.toolResult && redactDeep(state.toolResult);
    const trace = visit(state, "Evidence", rt.agent, { toolCallId: result?.toolCallId });
    if (!result) return { ...terminalStep({ recoverable: false, kind: "state_corrupted", message: "Evidence reached with no result" }), ...trace };
    const source = result.toolId === "retrieve" ? "retrieve" : "tool";
    const ids = { toolId: result.toolId, toolCallId: result.toolCallId };
    const tool = rt.harness.get(result.toolId);
    if (!result.ok) {
      const found = absenceFinding(state, result, tool?.risk, tool?.domain);
      const step = failureStep(state, source, result.failure, ids);
      if (!found) return { toolResult: null, ...step, ...trace };
      const window = state.evidence.concat(found);
      const observations = { ...(step.observations as Observation), evidenceIds: [found.id] };
      // An empty search is a finding, no failed attempt: three of a thorough "nowhere" must not exhaust recovery (a missing path read still counts).
      const recovery = result.failure.kind === "empty_result" ? state.recovery : step.recovery;
      return { toolResult: null, ...step, recovery, observations, evidence: [found], evidenceCount: state.evidenceCount + 1, taskFrame: coverGoals(readTaskFrame(state.taskFrame), window), ...trace };
    }

    const items: Evidence[] = result.evidence.map((draft, i) => ({
      ...draft,
      kind: kindOf(draft.kind, tool?.risk),
      content: clipped(draft.content, draft.kind),
      id: `ev-${state.evidenceCount + i + 1}`,
      toolId: result.toolId,
      toolCallId: result.toolCallId,
      ...(tool ? { domain: tool.domain } : {}),
      ...(rt.agent !== "main" ? { agent: rt.agent } : {}),
    }));
    const window = state.evidence.concat(items);
    return {
      toolResult: null,
      evidence: items,
      evidenceCount: state.evidenceCount + items.length,
      taskFrame: coverGoals(readTaskFrame(state.taskFrame), window),
      observations: {
        step: state.step,
        source,
        ...ids,
        outcome: "succeeded",
        summary: result.replayed ? `${result.summary} (recorded result; not executed again)` : result.summary,
        evidenceIds: items.map((e) => e.id),
      },
      ...trace,
    };
  };
}
