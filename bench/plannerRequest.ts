/**
 * What a chat model really receives on a Planner call, counted the way the evaluation matrix
 * counts it (`eval/tokens.ts`, o200k_base): the system prompt, the rendered
 * PlannerObservationContext, and every function spec bound to the call (the protocol actions
 * and the disclosed tools given full schemas), each as sent. The Planner node itself builds
 * the request; a capturing model records it and ends the run, so nothing here restates what
 * the Planner shows.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { MemorySaver } from "@langchain/langgraph";
import { messageText } from "../eval/routes/chatModel.js";
import { requestTokens } from "../eval/tokens.js";
import { buildMiraGraph } from "../graphs/mira.js";
import type { Harness } from "../harness/harness.js";
import { createMemoryLedger } from "../ledger/memoryLedger.js";
import { createRuntime, recursionLimitFor } from "../runtime/createRuntime.js";
import { startRunInput } from "../runtime/startRun.js";

export interface PlannerRequest {
  messages: BaseMessage[];
  /** Function specs bound to the call, in the order sent. */
  tools: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
}

/** Records the first request it gets and answers `fail`, so the run ends after one Planner call. */
class CapturingModel extends BaseChatModel {
  constructor(
    readonly captured: PlannerRequest[],
    private readonly tools: PlannerRequest["tools"] = [],
  ) {
    super({});
  }

  _llmType(): string {
    return "capture";
  }

  override bindTools(tools: unknown[]): this {
    return new CapturingModel(this.captured, tools as PlannerRequest["tools"]) as this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.captured.push({ messages, tools: this.tools });
    const message = new AIMessage({ content: "", tool_calls: [{ id: "measure", name: "fail", args: { reason: "measured" }, type: "tool_call" }] });
    return { generations: [{ text: "", message }] };
  }
}

/** The first Planner request of a run on `task`, with `harness` as its tools and `workspace` as its workspace. */
export async function firstPlannerRequest(harness: Harness, task: string, workspace: string): Promise<PlannerRequest> {
  const captured: PlannerRequest[] = [];
  const settings = { workspace, model: "offline", policyFile: null, maxSteps: 4 };
  const rt = { ...(await createRuntime(settings, createMemoryLedger(), { harness })), model: new CapturingModel(captured), coverageTransition: false };
  const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
  await app.invoke(startRunInput(task), { configurable: { thread_id: "measure" }, recursionLimit: recursionLimitFor(4) });
  const first = captured[0];
  if (!first) throw new Error(`the Planner made no model call for "${task}"`);
  return first;
}

/** Prompt tokens of a request as sent (the evaluation matrix's count). */
export const promptTokens = (request: PlannerRequest): number => requestTokens(request.messages.map(messageText), request.tools);
