/**
 * SubAgent Report (CONTRACT §8): the last node of a child. Turns the child's outcome into
 * one structured work package for the parent: status, a summary, its evidence with
 * provenance, artifacts and requirements. It reports; the parent judges. A skill with a
 * private runtime (a check such as the project's tests) is complete only when that check
 * ran and exited 0. A child the user cancelled while it waited reports `cancelled`; one whose
 * pause the user's new message replaced, `superseded`.
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { visit } from "../state/trace.js";
import { SUPERSEDED } from "./approval.js";
import type { Artifact, Evidence, Failure, WorkPackage } from "../state/types.js";

const EXIT_RE = /\[exit code (\d+)\][^\n]*$/;

/** The exit code recorded in command evidence, or null when it was killed or is not a command. */
const exitCodeOf = (e: Evidence): number | null => {
  const match = e.kind === "command" ? EXIT_RE.exec(e.content.trimEnd()) : null;
  return match ? Number(match[1]) : null;
};

export function createReportNode(rt: MiraRuntime) {
  return async function report(state: AgentRunState): Promise<AgentRunUpdate> {
    const d = state.delegation;
    const outcome = judge(state, rt.skill?.check);
    const verified = new Set(state.evidence.filter((e) => e.verified).map((e) => e.id));
    const unbacked = [...new Set([...outcome.summary.matchAll(/\[(ev-\d+)\]/g)].map((m) => m[1] as string))].filter((id) => !verified.has(id));
    const summary = unbacked.reduce((text, id) => text.replaceAll(`[${id}]`, ""), outcome.summary);
    const writes = state.evidence.filter((e) => e.kind === "write" && e.source.path);
    const artifacts: Artifact[] = [...new Set(writes.map((e) => e.source.path as string))].map((path) => ({ kind: "file_change", path, description: `changed ${path}` }));
    if (d?.kind === "skill" && outcome.status === "completed") artifacts.push({ kind: "report", description: summary.split("\n")[0]?.slice(0, 200) ?? "" });
    const pkg: WorkPackage = {
      id: d?.id ?? rt.agent,
      kind: d?.kind ?? "generic",
      ...(d?.skill ? { skill: d.skill } : {}),
      acceptance: d?.acceptance ?? "",
      status: outcome.status,
      summary: unbacked.length ? `${summary}\n(removed citations not backed by verified evidence: ${unbacked.join(", ")})` : summary,
      evidence: state.evidence,
      artifacts,
      requirements: [...new Set([...outcome.requirements, ...requirements(state, rt)])],
      ...(outcome.failure ? { failure: outcome.failure } : {}),
    };
    return { workPackage: pkg, ...visit(state, "Report", rt.agent, { decision: pkg.status, note: pkg.requirements.join("; ") || undefined }) };
  };
}

type Outcome = { status: WorkPackage["status"]; summary: string; requirements: string[]; failure?: Failure };

/** Terminal failures of a child that end the parent run too: governance was violated, not just the package. */
const ENDS_PARENT = new Set<string>(["security_violation", "policy_denied", "approval_inconsistency", "schema_error", "state_corrupted"]);

/**
 * Completed only with an unguarded answer (its own gate passed) and, for a skill's check,
 * exit 0. A child that gives up (`fail`) or otherwise ends its own package is the parent's
 * recoverable failure; a governance failure inside it ends the parent too.
 */
function judge(state: AgentRunState, checkTool: string | undefined): Outcome {
  // Ended by the user while it waited: the visit that ended it says how, and what was left undone.
  if (state.status === "cancelled") {
    const ended = state.trace.at(-1);
    return { status: ended?.decision === SUPERSEDED ? "superseded" : "cancelled", summary: ended?.note ?? "cancelled by the user", requirements: [] };
  }
  if (state.error?.kind === "planner_fail") return { status: "failed", summary: `gave up: ${state.error.message}`, requirements: [] };
  if (state.error && !ENDS_PARENT.has(state.error.kind)) return { status: "failed", summary: `${state.error.kind}: ${state.error.message}`, requirements: [] };
  if (state.error) return { status: "failed", summary: state.error.message, requirements: [], failure: { recoverable: false, ...state.error } };
  const packet = state.finalization;
  if (!packet) return { status: "failed", summary: "the SubAgent stopped without a result", requirements: [] };
  if (packet.guarded) return { status: "failed", summary: packet.draft, requirements: [] };
  if (checkTool) {
    const runs = state.evidence.filter((e) => e.toolId === checkTool);
    const last = runs.at(-1);
    if (!last) return { status: "failed", summary: packet.draft, requirements: [`the skill's check ${checkTool} never ran`] };
    const code = exitCodeOf(last);
    if (code !== 0) return { status: "failed", summary: packet.draft, requirements: [`the skill's check ${checkTool} did not pass (${code === null ? "no exit code" : `exit code ${code}`})`] };
  }
  return { status: "completed", summary: packet.draft, requirements: [] };
}

/** What the child could not get: goals still open, and refused tools that are still not ready (probed again now). */
function requirements(state: AgentRunState, rt: MiraRuntime): string[] {
  const open = state.finalization?.guarded ? state.taskFrame.goals.filter((g) => g.status === "open").map((g) => `open goal: ${g.description}`) : [];
  const refused = new Set(state.observations.filter((o) => o.failure?.kind === "unknown_tool" && o.toolId).map((o) => o.toolId as string));
  const notReady = [...refused].flatMap((name) => {
    const verdict = rt.harness.checkExecutable(name, [name]);
    return !verdict.ok && verdict.state === "ready" ? [verdict.reason] : [];
  });
  return [...open, ...notReady];
}
