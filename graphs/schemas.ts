/**
 * Runtime schemas of the Mira graph and the SubAgent subgraph, so the LangGraph server's
 * `getSchemas` and `/assistants/{id}/subgraphs` read them from the compiled graphs instead of
 * falling back to its TypeScript extractor (slow: a worker that times out after 30 s on this
 * code base). The channels stay those of `AgentRunAnnotation` (same reducers, same defaults):
 * each becomes a zod field carrying its channel through `withLangGraph`. The field accepts
 * any value (the nodes are typed; re-validating every update would only cost time) and its
 * JSON schema is the contract type from state/types.ts where one exists. Built on first use
 * (`studioSchemas`): converting the contract types to JSON Schema is work every `mira run`
 * would pay at start for a server-only feature (issue 24, item 4).
 */
import { z } from "zod";
import { withLangGraph } from "@langchain/langgraph/zod";
import type { BinaryOperatorAggregate } from "@langchain/langgraph";
import { AgentRunAnnotation, type AgentRunState, type AgentRunUpdate } from "../state/agentRun.js";
import { ApprovalRecord, Evidence, FinishReason, Observation, PendingToolCall, RunError, RunStatus, TraceEntry } from "../state/types.js";

/** How a graph is built. */
export interface GraphOptions {
  /** Declare the state as these zod schemas, which the LangGraph server shows in Studio (the served graph only). */
  studioSchemas?: boolean;
}

type Channels = typeof AgentRunAnnotation.spec;
type Key = keyof Channels;

/** What Studio shows for each channel. */
const DESCRIPTIONS: Record<Key, string> = {
  messages: "The conversation: user turns, approval requests and decisions, questions, answers (newest 40).",
  schemaVersion: "Persisted-shape version of this run.",
  goal: "The user's request, verbatim.",
  taskFrame: "The goal ledger: the request's goals and how each is covered.",
  status: "running · waiting_user · waiting_approval · completed · failed · cancelled.",
  nextAction: "The Planner's latest decision.",
  pendingToolCall: "The frozen invocation under judgement or execution: {toolId, toolCallId, input, inputHash, riskClass}.",
  approvals: "Decisions, each bound to toolId + toolCallId + inputHash + thread + checkpoint (newest 16).",
  observations: "What each step produced, in one shape (newest 12).",
  evidence: "Facts with provenance (newest 48).",
  evidenceCount: "Evidence items ever added (ids are ev-<n>).",
  recovery: "Recoverable-failure budget: attemptCount, maxAttempts, exhausted.",
  loadout: "Tools disclosed to this agent so far.",
  delegation: "The work package a SubAgent is running.",
  workPackage: "Hand-off from a SubAgent to Evidence.",
  subagentResults: "Structured results of delegated work (newest 8).",
  finalization: "The frozen packet of evidence the answer may cite.",
  trace: "Node visits (newest 48).",
  traceCount: "Node visits ever recorded.",
  toolResult: "Hand-off from Tool or Retrieve to Evidence.",
  step: "Planner turns taken in this request.",
  turn: "The user request this thread is on.",
  modelCalls: "Model calls made by this run.",
  settings: "How the run was started (workspace, model, policy, catalog, approval shape).",
  finishReason: "stop · error · max_steps.",
  answer: "The final answer.",
  error: "The terminal failure, if any.",
};

const json = (schema: z.ZodType): Record<string, unknown> => {
  try {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
};

/** JSON schemas of the channels whose contract type is declared in zod. */
const types = (): Partial<Record<Key, Record<string, unknown>>> => ({
  goal: { type: "string" },
  status: json(RunStatus),
  pendingToolCall: json(PendingToolCall.nullable()),
  approvals: json(z.array(ApprovalRecord)),
  observations: json(z.array(Observation)),
  evidence: json(z.array(Evidence)),
  trace: json(z.array(TraceEntry)),
  finishReason: json(FinishReason.nullable()),
  answer: { type: ["string", "null"] },
  error: json(RunError.nullable()),
  step: { type: "integer" },
  turn: { type: "integer" },
});

function field(key: Key, jsonTypes: Partial<Record<Key, Record<string, unknown>>>) {
  const channel = AgentRunAnnotation.spec[key] as unknown as BinaryOperatorAggregate<unknown, unknown>;
  return withLangGraph(z.any().describe(DESCRIPTIONS[key]), {
    reducer: { fn: channel.operator },
    default: channel.initialValueFactory,
    ...(jsonTypes[key] ? { jsonSchemaExtra: jsonTypes[key] } : {}),
  });
}

const keys = Object.keys(AgentRunAnnotation.spec) as Key[];

function build() {
  const jsonTypes = types();
  /**
   * The AgentRun channels as a zod state schema (same reducers and defaults as AgentRunAnnotation),
   * typed as the Annotation's state and update so nodes and callers keep their types.
   */
  const state = z.object(Object.fromEntries(keys.map((k) => [k, field(k, jsonTypes)])) as unknown as {
    [K in Key]: z.ZodType<AgentRunState[K], Exclude<AgentRunUpdate[K], undefined>>;
  });
  return {
    state,
    /** What a SubAgent reads from its parent (see SubAgentInput in state/agentRun.ts). */
    input: state.pick({ delegation: true, turn: true, settings: true, modelCalls: true, evidenceCount: true, traceCount: true }),
    /** What a SubAgent hands back (see SubAgentOutput in state/agentRun.ts). */
    output: state.pick({ workPackage: true, trace: true, traceCount: true, modelCalls: true, evidenceCount: true }),
  };
}

export type StudioSchemas = ReturnType<typeof build>;
let built: StudioSchemas | undefined;
/** The state, SubAgent input and SubAgent output schemas, built once, when a graph first asks. */
export const studioSchemas = (): StudioSchemas => (built ??= build());
