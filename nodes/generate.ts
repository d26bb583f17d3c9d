/**
 * Generate (CONTRACT §2, §4, §6): writes the answer from the evidence referenced by the
 * finalization packet only. Citations outside the packet are dropped and said so. The answer
 * lists each goal with the evidence that covered it (or why it was not done); a guarded
 * packet (recovery exhausted) says what failed, keeps the limited evidence and reports every
 * side effect that happened with its receipt, never faking success. Never runs after a
 * terminal failure (the graph routes around it).
 */
import type { MiraRuntime } from "./runtime.js";
import type { AgentRunState, AgentRunUpdate } from "../state/agentRun.js";
import { answerMessage } from "../state/conversation.js";
import { readTaskFrame } from "../state/taskFrame.js";
import { visit } from "../state/trace.js";
import type { Evidence, Goal } from "../state/types.js";

const describeSource = (e: Evidence) =>
  `[${e.id}] ${e.toolId} ${e.source.path ?? ""}${e.source.startLine !== undefined ? `:${e.source.startLine}-${e.source.endLine ?? e.source.startLine}` : ""}`.trim();

/** The change goal a verification goal checks. */
const changeOf = (goals: Goal[], v: Goal) => goals.find((c) => c.intent === "change" && c.op === v.op && c.target === v.target && c.to === v.to);

/**
 * One line per goal: covered (with its evidence), declined or disputed (with the reason), or
 * open. In a guarded answer a covered goal is `verified`, an open one `unverified`, and a
 * change whose effect happened but was never observed afterwards is `unverified` too: what
 * the model claims is never presented as done.
 */
function goalLine(g: Goal, goals: Goal[], guarded: boolean): string {
  const ids = g.coveredBy.length ? ` [${g.coveredBy.join(", ")}]` : "";
  switch (g.status) {
    case "covered": {
      if (!guarded) return `- done: ${g.description}${ids}`;
      const check = g.intent === "change" ? goals.find((v) => v.intent === "verify" && changeOf(goals, v) === g) : undefined;
      if (check && check.status !== "covered") return `- unverified: ${g.description} (an effect happened${ids}, but nothing observed after it shows the result)`;
      return `- verified: ${g.description}${ids}`;
    }
    case "disputed":
    case "declined":
      return `- not done: ${g.description}, because ${g.reason ?? g.status}`;
    case "open":
      return guarded ? `- unverified: ${g.description}` : `- not done: ${g.description}`;
  }
}

const effectLine = (e: Evidence) => `- ${describeSource(e)}: ${e.content.split("\n")[0]}${e.simulated ? " (simulated)" : e.verified ? "" : " (receipt, not verified)"}`;

export function createGenerateNode(rt: MiraRuntime) {
  return async function generate(state: AgentRunState): Promise<AgentRunUpdate> {
    const packet = state.finalization;
    const trace = visit(state, "Generate", rt.agent);
    if (!packet) return { answer: null, ...trace };
    const inPacket = new Set(packet.evidenceIds);
    const cited = [...packet.draft.matchAll(/\[(ev-\d+)\]/g)].map((m) => m[1] as string);
    const outside = [...new Set(cited.filter((id) => !inPacket.has(id)))];
    let text = packet.draft;
    for (const id of outside) text = text.replaceAll(`[${id}]`, "");
    const declared = state.nextAction?.type === "answer" ? state.nextAction.citations.filter((id) => inPacket.has(id)) : [];
    const sourceIds = new Set(cited.filter((id) => inPacket.has(id)).concat(declared));
    const sources = state.evidence.filter((e) => (sourceIds.size ? sourceIds.has(e.id) : inPacket.has(e.id)));
    const effectIds = new Set(packet.effectIds ?? []);
    const effects = state.evidence.filter((e) => effectIds.has(e.id));
    const goals = readTaskFrame(state.taskFrame).goals;
    const sections = [text.trim()];
    if (goals.length) sections.push(`Goals:\n${goals.map((g) => goalLine(g, goals, packet.guarded)).join("\n")}`);
    if (packet.guarded) {
      sections.push(effects.length ? `Side effects that happened:\n${effects.map(effectLine).join("\n")}` : "No side effects happened.");
      sections.push(sources.length ? "What I could establish is limited to the sources below." : "No evidence was gathered.");
    }
    if (outside.length) sections.push(`(Removed citations not backed by read evidence: ${outside.join(", ")})`);
    if (sources.length) sections.push(`Sources:\n${sources.map(describeSource).join("\n")}`);
    const answer = sections.join("\n\n");
    return { answer, messages: answerMessage(answer), ...trace };
  };
}
