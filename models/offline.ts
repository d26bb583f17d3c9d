/**
 * The offline deterministic planner: a chat model with no LLM behind it, so the main job
 * runs with no key. It reads the PlannerObservationContext the Planner sends and follows
 * the goal ledger with fixed rules (locate → open → answer; write → read back → answer).
 * It only proposes; every call it makes still goes through Normalize, Policy and Evidence.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { parseRenderedContext, type EvidenceSummary, type PlannerObservationContext } from "../state/plannerContext.js";
import { mentionedPaths } from "../state/goals.js";
import { isProtocolName } from "../protocol/planner.js";
import type { Goal } from "../state/types.js";

export const OFFLINE_PREFIX = "[offline planner]";

type Call = { name: string; args: Record<string, unknown> } | { text: string };

const STOPWORDS = new Set(
  "the a an and or of in on at to for from with by is are was were be been it its this that these those what which where how why who when does do did can could should would please me my our your find show tell explain read open file files about into there their then than".split(
    " ",
  ),
);

export function keywords(task: string): string[] {
  const words = task
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\s-]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  return [...new Set(words)];
}

/** Quoted text in the request: the content of a change. */
const quoted = (task: string) => /["“'`]([^"”'`]+)["”'`]/.exec(task)?.[1];

/**
 * The next call, through the Harness: a tool that is not visible is asked for with
 * tool_search once; if it still is not visible the planner says so instead of guessing.
 */
export function planOffline(ctx: PlannerObservationContext): Call {
  const call = nextCall(ctx);
  if ("text" in call || isProtocolName(call.name) || ctx.exposedTools.some((t) => t.name === call.name)) return call;
  const searched = [...ctx.recentObservations, ctx.latestObservation].some((o) => o?.source === "harness" && o.summary.includes(`"${call.name}"`));
  if (searched) return { text: `${OFFLINE_PREFIX} The ${call.name} tool is not available to this run, so I stopped here.` };
  return { name: "tool_search", args: { query: call.name } };
}

function nextCall(ctx: PlannerObservationContext): Call {
  const goals = ctx.currentTaskFrame.goals;
  const open = (kind: Goal["kind"]) => goals.find((g) => g.kind === kind && g.status === "open");
  const evidence = ctx.latestEvidenceSummary;
  const readPaths = new Set(evidence.filter((e) => e.verified && e.kind === "content").map((e) => e.path));

  const change = open("change");
  if (change) {
    const path = change.target ?? mentionedPaths(ctx.task)[0];
    const content = quoted(ctx.task);
    if (!path || content === undefined) {
      return { name: "ask_user", args: { question: `Which file should I change, and what exact text should it contain? (quote the text)` } };
    }
    return { name: "write_file", args: { path, content: content.endsWith("\n") ? content : `${content}\n` } };
  }
  const verify = open("verify_change");
  if (verify?.target) return { name: "read_open", args: { path: verify.target } };

  const readPath = goals.find((g) => g.kind === "read_path" && g.status === "open" && g.target);
  if (readPath?.target && !failedOn(ctx, "read_open", readPath.target)) return { name: "read_open", args: { path: readPath.target } };

  if (goals.some((g) => g.kind === "read")) {
    // Open the best candidate, then follow what the read text points to (docs → config).
    const hits = evidence.filter((e) => e.kind === "locate_hit" && e.path);
    const referenced = new Set(evidence.filter((e) => e.verified && e.kind === "content").flatMap((e) => mentionedPaths(e.excerpt)));
    const next = readPaths.size === 0 ? hits[0] : hits.find((h) => referenced.has(h.path as string) && !readPaths.has(h.path));
    if (next?.path && !readPaths.has(next.path)) return { name: "read_open", args: { path: next.path } };
  }
  if (open("read")) {
    const located = ctx.recentObservations.concat(ctx.latestObservation ?? []).some((o) => o.toolId === "read_locate");
    if (!located) return { name: "read_locate", args: { query: keywords(ctx.task).join(" ") || ctx.task } };
    const retrieved = ctx.recentObservations.concat(ctx.latestObservation ?? []).some((o) => o.source === "retrieve");
    if (!retrieved) return { name: "retrieve", args: { query: ctx.task } };
  }
  return { text: composeAnswer(ctx) };
}

function failedOn(ctx: PlannerObservationContext, toolId: string, path: string): boolean {
  return [...ctx.recentObservations, ctx.latestObservation].some(
    (o) => o?.toolId === toolId && o.outcome === "failed" && o.summary.includes(path),
  );
}

function composeAnswer(ctx: PlannerObservationContext): string {
  const declined = ctx.currentTaskFrame.goals.find((g) => g.status === "declined");
  if (declined) return `${OFFLINE_PREFIX} No change was made: ${declined.description}.`;
  const terms = keywords(ctx.task);
  const read = ctx.latestEvidenceSummary.filter((e) => e.verified && (e.kind === "content" || e.kind === "passage"));
  if (read.length === 0) return `${OFFLINE_PREFIX} I found nothing in the workspace that answers: ${ctx.task}`;
  const wrote = ctx.latestEvidenceSummary.filter((e) => e.kind === "write").map((e) => e.path);
  const lead = wrote.length ? `I wrote ${wrote.join(", ")} and read it back.` : `Here is what the workspace says.`;
  const parts = read.slice(-3).map((e) => `From ${e.path}${e.lines ? ` (lines ${e.lines})` : ""} [${e.id}]:\n${relevantLines(e, terms)}`);
  return `${OFFLINE_PREFIX} ${lead}\n\n${parts.join("\n\n")}`;
}

function relevantLines(e: EvidenceSummary, terms: string[]): string {
  const lines = e.excerpt.split("\n").filter((l) => l.trim());
  const stems = terms.map((t) => (t.length >= 5 ? t.slice(0, -1) : t));
  const hits = lines.filter((l) => stems.some((t) => l.toLowerCase().includes(t)));
  return (hits.length ? hits : lines).slice(0, 6).map((l) => `  ${l.trim()}`).join("\n");
}

export class OfflinePlannerModel extends BaseChatModel {
  constructor() {
    super({});
  }

  _llmType(): string {
    return "mira-offline-planner";
  }

  /** The offline planner sees the exposed tools through the context, not through binding. */
  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1);
    const ctx = parseRenderedContext(typeof last?.content === "string" ? last.content : "");
    const call: Call = ctx ? planOffline(ctx) : { text: `${OFFLINE_PREFIX} I received no planner context.` };
    const message =
      "text" in call
        ? new AIMessage({ content: call.text, tool_calls: [{ id: `off-${ctx?.step ?? 0}-answer`, name: "answer", args: { text: call.text, citations: citationsOf(call.text) }, type: "tool_call" }] })
        : new AIMessage({ content: "", tool_calls: [{ id: `off-${ctx?.step ?? 0}`, name: call.name, args: call.args, type: "tool_call" }] });
    return { generations: [{ text: "text" in call ? call.text : "", message }] };
  }
}

const citationsOf = (text: string) => [...new Set([...text.matchAll(/\[(ev-\d+)\]/g)].map((m) => m[1] as string))];
