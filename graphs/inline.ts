/**
 * Contract stages that follow each other within one LangGraph step (issue 24). Each stage
 * stays its own node file and its own trace entry; only checkpoints a re-run of the chain can
 * stand in for are skipped. A stage runs on the state its predecessor left (applied
 * through the channels' reducers), and the stages' updates are written as one. A stage routes
 * to the next one in the chain to continue it; any other route ends the step there, and the
 * graph follows the route of the last stage that ran: the one whose visit ends the trace
 * (every stage records exactly one). A state written "as" the chain's node (`updateState`)
 * routes as its first stage would.
 *
 * Why it keeps the crash guarantees: the chained stages are Policy (pure: it classifies a
 * frozen call), Tool (at most once per invocation through the execution ledger, whatever
 * step it runs in), Evidence (pure), and the Planner and Normalize of the next call. A process
 * killed inside the chain resumes from the checkpoint before it and runs it again: Policy
 * decides again, the ledger replays or marks `outcome_unknown` what Tool already began, and
 * nothing runs twice. The Planner never runs in the same step as the Tool it decides: a
 * chain ends with Normalize, so the next call is frozen in a checkpoint before any step runs
 * it, and a decision lost with its chain was never acted on (the Planner decides again: a
 * kill can cost one model call twice, never an effect).
 * Nothing is chained into an `interrupt()`.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { applyUpdate, mergeUpdates, type AgentRunState, type AgentRunUpdate } from "../state/agentRun.js";

type Node = (state: AgentRunState, config: LangGraphRunnableConfig) => Promise<AgentRunUpdate>;

export interface Stage<R extends string = string> {
  name: string;
  node: Node;
  route: (state: AgentRunState) => R;
}

/**
 * `merged` without the channels whose value after the chain is the very value they had before
 * it (stages hand back settings, status or the task frame as they found them): leaving them
 * out gives the same state, and a channel not written keeps its version, so the saver
 * stores nothing for it (a rewritten channel costs a serialisation and a row at every step).
 */
function unchangedDropped(merged: AgentRunUpdate, before: AgentRunState, after: AgentRunState): AgentRunUpdate {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (after[key as keyof AgentRunState] !== before[key as keyof AgentRunState]) out[key] = value;
  }
  return out as AgentRunUpdate;
}

/** One graph node running `stages` in order while each routes to the next, and the route out of it. */
export function inline<R extends string>(stages: Array<Stage<R>>) {
  const node: Node = async (state, config) => {
    let current = state;
    let merged: AgentRunUpdate = {};
    for (let i = 0; ; i++) {
      const stage = stages[i]!;
      const update = await stage.node(current, config);
      merged = mergeUpdates(merged, update);
      current = applyUpdate(current, update);
      if (stage.route(current) !== stages[i + 1]?.name) return unchangedDropped(merged, state, current);
    }
  };
  const route = (state: AgentRunState): R => {
    const last = state.trace.at(-1)?.node;
    return (stages.find((s) => s.name === last) ?? stages[0]!).route(state);
  };
  return { node, route };
}
