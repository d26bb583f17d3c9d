/**
 * The graph a server run gets when its configuration is refused (a path outside the allowed
 * roots, a policy that widens the operator's, a malformed key): it executes nothing. Run, it
 * records the refusal as the thread's state (`status: failed`, `error.message` = the one
 * line) and then fails the run with the same error, so the run reports it and
 * `GET /threads/{id}/state` shows it later; read, it serves the thread's state without
 * building the refused runtime.
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import { LRUCache } from "lru-cache";
import { AgentRunAnnotation } from "../state/agentRun.js";
import { MiraInput } from "../state/input.js";
import { terminalStep } from "../state/observations.js";

/** One compiled graph per distinct refusal; refusals repeat (a bad assistant's every run). */
const cache = new LRUCache<string, ReturnType<typeof build>>({ max: 64 });

function build(refusal: Error) {
  return new StateGraph({ state: AgentRunAnnotation, input: MiraInput })
    .addNode("Refused", () => terminalStep({ recoverable: false, kind: "invalid_request", message: refusal.message }))
    .addNode("Report", () => {
      // After "Refused" is checkpointed: the run ends in error with the original one line.
      throw refusal;
    })
    .addEdge(START, "Refused")
    .addEdge("Refused", "Report")
    .addEdge("Report", END)
    .compile();
}

export function refusedGraph(refusal: Error) {
  const key = `${refusal.name}: ${refusal.message}`;
  let graph = cache.get(key);
  if (!graph) cache.set(key, (graph = build(refusal)));
  return graph;
}
