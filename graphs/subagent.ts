/**
 * The SubAgent subgraph (CONTRACT §8): a child's own plan → act → observe → recover loop,
 * wired from the same contract-stage nodes as the main graph, bound per visit to the
 * child's runtime (scoped Harness, its own id; the parent's policy, approvals and ledger).
 * Added to the main graph as the node `SubAgent`; compiled without a checkpointer, so it
 * inherits the parent's and an `interrupt()` inside it pauses the whole run. Its state,
 * input and output are the Annotation's channels, as zod schemas (graphs/schemas.ts) when
 * Studio's subgraph endpoint reads them (`studioSchemas`, as in graphs/mira.ts).
 *
 * START → Start → Planner ─answer / guarded / terminal→ Report → END
 *                   ├─ask_user→ AskUser (interrupt, relayed by the parent) → Planner | AskUser (refused) | Report (cancelled)
 *                   ├─retrieve→ Retrieve → Evidence → Planner
 *                   └─use_tool→ Normalize → Policy ─allow→ Tool → Evidence → Planner
 *                                             └─ask→ Approval (interrupt) → Tool | Normalize | Planner
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import { createApprovalNode, routeAfterApproval } from "../nodes/approval.js";
import { createAskUserNode, routeAfterAskUser } from "../nodes/askUser.js";
import { createEvidenceNode, routeAfterEvidence } from "../nodes/evidence.js";
import { createNormalizeNode, routeAfterNormalize } from "../nodes/normalize.js";
import { createPlannerNode, routeAfterPlanner } from "../nodes/planner.js";
import { createPolicyNode, routeAfterPolicy } from "../nodes/policy.js";
import { createReportNode } from "../nodes/report.js";
import { createRetrieveNode } from "../nodes/retrieve.js";
import { createSubAgentStartNode } from "../nodes/subagentStart.js";
import { createToolNode, routeAfterTool } from "../nodes/tool.js";
import { forDelegation } from "./childRuntime.js";
import type { MiraRuntime } from "../nodes/runtime.js";
import { AgentRunSchema, SubAgentInputSchema, SubAgentOutputSchema, type GraphOptions } from "./schemas.js";
import { AgentRunAnnotation, SubAgentInput, SubAgentOutput } from "../state/agentRun.js";
import { reportingProgress } from "../state/trace.js";

export function buildSubAgentGraph(rt: MiraRuntime, opts: GraphOptions = {}) {
  const bind = (name: string, factory: Parameters<typeof forDelegation>[1]) => reportingProgress(forDelegation(rt, factory, name));
  const studio = { state: AgentRunSchema, input: SubAgentInputSchema, output: SubAgentOutputSchema };
  // Same channels either way; typed as the zod form.
  const schemas = opts.studioSchemas ? studio : ({ state: AgentRunAnnotation, input: SubAgentInput, output: SubAgentOutput } as unknown as typeof studio);
  return new StateGraph(schemas)
    .addNode("Start", bind("Start", createSubAgentStartNode))
    .addNode("Planner", bind("Planner", createPlannerNode))
    .addNode("AskUser", bind("AskUser", createAskUserNode))
    .addNode("Retrieve", bind("Retrieve", createRetrieveNode))
    .addNode("Normalize", bind("Normalize", createNormalizeNode))
    .addNode("Policy", bind("Policy", createPolicyNode))
    .addNode("Approval", bind("Approval", createApprovalNode))
    .addNode("Tool", bind("Tool", createToolNode))
    .addNode("Evidence", bind("Evidence", createEvidenceNode))
    .addNode("Report", bind("Report", createReportNode))
    .addEdge(START, "Start")
    .addEdge("Start", "Planner")
    .addConditionalEdges("Planner", routeAfterPlanner, {
      Normalize: "Normalize",
      Retrieve: "Retrieve",
      AskUser: "AskUser",
      Planner: "Planner",
      Generate: "Report",
      Finalize: "Report",
    })
    // A cancelled child reports; the cancel reaches the parent through its work package.
    .addConditionalEdges("AskUser", routeAfterAskUser, { AskUser: "AskUser", Planner: "Planner", [END]: "Report" })
    .addEdge("Retrieve", "Evidence")
    .addConditionalEdges("Normalize", routeAfterNormalize, { Policy: "Policy", Planner: "Planner", Finalize: "Report" })
    .addConditionalEdges("Policy", routeAfterPolicy, { Tool: "Tool", Approval: "Approval", Planner: "Planner", Finalize: "Report" })
    .addConditionalEdges("Approval", routeAfterApproval, { Approval: "Approval", Tool: "Tool", Normalize: "Normalize", Planner: "Planner", Finalize: "Report", [END]: "Report" })
    .addConditionalEdges("Tool", routeAfterTool, { Evidence: "Evidence", Finalize: "Report" })
    .addConditionalEdges("Evidence", routeAfterEvidence, { Planner: "Planner", Finalize: "Report" })
    .addEdge("Report", END);
}
