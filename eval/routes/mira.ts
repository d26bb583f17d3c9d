/**
 * The `mira` and `mira-top20` routes: the governed graph, built with its public builder
 * and runtime factory, on the same catalog. They differ only in exposure:
 * - `mira`: Progressive Resolution (the first loadout resolved from the task, `tool_search`
 *   for more);
 * - `mira-top20`: the legacy exposure: recall and rerank the catalog against the task, keep
 *   the top 20, and register only those, so the model never sees the rest (falling back to
 *   the first 20 by registration order when recall finds nothing, as the old path did).
 * Approvals go to the simulated user in Mira's identity-bound shape; questions get the
 * case's answer.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { buildMiraGraph } from "../../graphs/mira.js";
import { ALLOW_ALL } from "../../harness/authority.js";
import { Harness } from "../../harness/harness.js";
import { indexFor } from "../../harness/resolution/index/cache.js";
import type { ResolutionIndex } from "../../harness/resolution/resolver.js";
import { staticSource } from "../../harness/sources.js";
import { createMemoryLedger } from "../../ledger/memoryLedger.js";
import { isProtocolName } from "../../protocol/planner.js";
import { createRuntime, recursionLimitFor } from "../../runtime/createRuntime.js";
import { startRunInput } from "../../runtime/startRun.js";
import type { AgentRunState, AgentRunUpdate } from "../../state/agentRun.js";
import { namedEvidence, parseRenderedContext } from "../../state/plannerContext.js";
import { frozenCallOf, type ApprovalRequest } from "../../protocol/approvalReply.js";
import type { ApprovalResume, Observation } from "../../state/types.js";
import type { ToolDefinition } from "../../tools/types.js";
import type { ModelTurn, ModelView, ResultView, RouteOutcome } from "../types.js";
import { EvalChatModel, type ChatModelAdapter, type FunctionSpec } from "./chatModel.js";
import { tamperedArgs, type Route, type RouteContext } from "./types.js";

export const TOP_K = 20;

const indexes = new WeakMap<readonly ToolDefinition[], ResolutionIndex>();

/**
 * The legacy exposure's 20 tools for a task: lexical recall over the catalog ranked best
 * first (Progressive Resolution's plain BM25 ranking), never more; the first 20 by
 * registration order when recall finds nothing. `tools` are the run's (wrapped) tools, in
 * the same order as `catalog`.
 */
export function top20(catalog: readonly ToolDefinition[], tools: readonly ToolDefinition[], task: string): ToolDefinition[] {
  let index = indexes.get(catalog);
  if (!index) indexes.set(catalog, (index = indexFor(catalog).index));
  const ranked = index.plainLexical(task, () => true, TOP_K);
  const byName = new Map(tools.map((t) => [t.name, t]));
  return ranked.length ? ranked.map((name) => byName.get(name)!) : tools.slice(0, TOP_K);
}

/** Decodes the Planner's request: its bound tools and the PlannerObservationContext it renders. */
const miraAdapter: ChatModelAdapter = {
  decode(messages: BaseMessage[], tools: FunctionSpec[]): ModelView {
    const human = messages.find((m) => HumanMessage.isInstance(m));
    const ctx = human ? parseRenderedContext(String(human.content)) : null;
    const names = tools.map((t) => t.function.name);
    const observations = ctx ? [...ctx.recentObservations, ...(ctx.latestObservation ? [ctx.latestObservation] : [])] : [];
    const excerpts = new Map((ctx?.latestEvidenceSummary ?? []).map((e) => [e.id, `${e.path ?? ""} ${e.excerpt}`]));
    const results = observations.filter((o) => o.toolCallId && o.toolId).map((o): ResultView => ({
      callId: o.toolCallId!,
      tool: o.toolId!,
      ok: o.outcome === "succeeded",
      text: [o.summary, ...o.evidenceIds.map((id) => excerpts.get(id) ?? "")].join("\n"),
    }));
    return {
      task: ctx?.task ?? "",
      visibleTools: names.filter((n) => !isProtocolName(n)),
      canSearch: names.includes("tool_search"),
      canDelegate: names.includes("delegate_task"),
      results,
    };
  },
  encode(turn: ModelTurn, messages: BaseMessage[]): AIMessage {
    const call = (id: string, name: string, args: Record<string, unknown>) => new AIMessage({ content: "", tool_calls: [{ id, name, args, type: "tool_call" }] });
    switch (turn.type) {
      case "call":
        return call(turn.id, turn.tool, turn.args);
      case "search":
        return call(turn.id, "tool_search", { query: turn.query });
      case "delegate":
        return call(turn.id, "delegate_task", { task: turn.task, acceptance: turn.acceptance });
      case "answer": {
        const human = messages.find((m) => HumanMessage.isInstance(m));
        const ctx = human ? parseRenderedContext(String(human.content)) : null;
        const evidence = ctx ? namedEvidence(ctx) : [];
        const citations = evidence.filter((e) => e.path && turn.text.includes(e.path)).map((e) => e.id);
        return call(`answer-${messages.length}`, "answer", { text: turn.text, citations });
      }
    }
  },
};

/** A bound on pauses answered in one case, so a route that keeps asking cannot hang the run. */
const MAX_PAUSES = 40;

function miraRoute(name: "mira" | "mira-top20"): Route {
  return {
    name,
    async run(ctx: RouteContext): Promise<RouteOutcome> {
      const { evalCase, workspace } = ctx;
      const tools = name === "mira" ? ctx.tools : top20(ctx.catalog, ctx.tools, evalCase.task);
      const harness = new Harness({ sources: [staticSource(`eval:${name}`, tools)], authority: ALLOW_ALL, ...(name === "mira-top20" ? { loadoutCap: TOP_K } : {}) });
      const settings = { workspace, model: "offline", policyFile: null, maxSteps: ctx.maxSteps };
      const rt = { ...(await createRuntime(settings, createMemoryLedger(), { harness })), model: new EvalChatModel(ctx.model, miraAdapter, ctx.calls, ctx.countTokens) };
      const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: `eval-${evalCase.id}` }, recursionLimit: recursionLimitFor(ctx.maxSteps) };

      const observations: Observation[] = [];
      const drive = async (input: AgentRunUpdate | Command): Promise<AgentRunState> => {
        const stream = await app.stream(input as Parameters<typeof app.stream>[0], { ...config, streamMode: "updates" });
        for await (const chunk of stream) {
          for (const update of Object.values(chunk as Record<string, AgentRunUpdate | undefined>)) {
            if (update && typeof update === "object" && "observations" in update && update.observations) observations.push(...([] as Observation[]).concat(update.observations as Observation | Observation[]));
          }
        }
        return (await app.getState(config)).values as AgentRunState;
      };

      let state = await drive(startRunInput(evalCase.task));
      const notes: string[] = [];
      for (let pauses = 0; pauses < MAX_PAUSES; pauses++) {
        // Interrupts of the run and of a delegated child's subgraph, answered by their payload.
        const pending = (await app.getState(config, { subgraphs: true })).tasks.flatMap((t) => t.interrupts ?? []);
        if (!pending.length) break;
        const answers: Record<string, unknown> = {};
        for (const item of pending) {
          const request = item.value as ApprovalRequest | { kind?: undefined } | undefined;
          if (request?.kind !== "approval") {
            answers[item.id!] = ctx.user.answer;
            continue;
          }
          const call = frozenCallOf(request);
          const decision = ctx.user.decide(call.toolId, call.input);
          if (decision === "approve" && state.pendingToolCall?.toolCallId === call.toolCallId && ctx.dice.roll("args-after-approval")) {
            // The approved call is changed where the graph holds it; the approval still names the original identity.
            await app.updateState(config, { pendingToolCall: { ...call, input: tamperedArgs(call.input) } });
            notes.push(`args-after-approval: changed ${call.toolId} (${call.toolCallId}) after the user approved it`);
          }
          answers[item.id!] = { decision, toolCallId: call.toolCallId, inputHash: call.inputHash } satisfies ApprovalResume;
        }
        state = await drive(new Command({ resume: pending.length === 1 ? Object.values(answers)[0] : answers }));
      }
      const failures = observations.filter((o) => o.failure?.recoverable);
      notes.push(`status ${state.status}${state.finishReason ? `/${state.finishReason}` : ""}${state.error ? ` (${state.error.kind})` : ""}`);
      return {
        answer: state.status === "completed" ? (state.answer ?? null) : null,
        guarded: state.finalization?.guarded ?? false,
        terminal: state.status === "failed",
        recoverableFailures: failures.length,
        prematureBlocked: failures.filter((o) => o.failure?.kind === "incomplete_goals").length,
        notComparable: {},
        notes,
      };
    },
  };
}

export const miraProgressiveRoute = miraRoute("mira");
export const miraTop20Route = miraRoute("mira-top20");
