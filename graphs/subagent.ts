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
 *
 * As in the main graph (graphs/inline.ts), Planner → Normalize and Policy → Tool → Evidence →
 * Planner → Normalize (Tool → … → Normalize after an approval) each run as one step: a child's
 * tool call is one checkpoint in its namespace, not five.
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
import { studioSchemas, type GraphOptions, type StudioSchemas } from "./schemas.js";
import { AgentRunAnnotation, SubAgentInput, SubAgentOutput, type AgentRunState } from "../state/agentRun.js";
import { reportingProgress } from "../state/trace.js";
import { inline, type Stage } from "./inline.js";

export function buildSubAgentGraph(rt: MiraRuntime, opts: GraphOptions = {}) {
  const bind = (name: string, factory: Parameters<typeof forDelegation>[1]) => reportingProgress(forDelegation(rt, factory, name));
  // Same channels either way; typed as the zod form.
  const schemas = opts.studioSchemas ? studioSchemas() : ({ state: AgentRunAnnotation, input: SubAgentInput, output: SubAgentOutput } as unknown as StudioSchemas);
  const stage = <R extends string>(name: string, factory: Parameters<typeof forDelegation>[1], route: (state: AgentRunState) => R): Stage<R> => ({ name, node: bind(name, factory), route });
  const planner = stage("Planner", createPlannerNode, routeAfterPlanner);
  const normalize = stage("Normalize", createNormalizeNode, routeAfterNormalize);
  const policy = stage("Policy", createPolicyNode, routeAfterPolicy);
  const tool = stage("Tool", createToolNode, routeAfterTool);
  const evidence = stage("Evidence", createEvidenceNode, routeAfterEvidence);
  const plannerStep = inline<string>([planner, normalize]);
  const policyStep = inline<string>([policy, tool, evidence, planner, normalize]);
  const toolStep = inline<string>([tool, evidence, planner, normalize]);
  // Every route out of Planner, Normalize, Policy, Tool and Evidence in a child; the answer, a failure and a cancel report.
  const routes = {
    Normalize: "Normalize",
    Retrieve: "Retrieve",
    AskUser: "AskUser",
    Planner: "Planner",
    Policy: "Policy",
    Tool: "Tool",
    Approval: "Approval",
    Evidence: "Evidence",
    Generate: "Report",
    Finalize: "Report",
    [END]: "Report",
  } as const;
  return new StateGraph(schemas)
    .addNode("Start", bind("Start", createSubAgentStartNode))
    .addNode("Planner", plannerStep.node)
    .addNode("AskUser", bind("AskUser", createAskUserNode))
    .addNode("Retrieve", bind("Retrieve", createRetrieveNode))
    .addNode("Normalize", normalize.node)
    .addNode("Policy", policyStep.node)
    .addNode("Approval", bind("Approval", createApprovalNode))
    .addNode("Tool", toolStep.node)
    .addNode("Evidence", evidence.node)
    .addNode("Report", bind("Report", createReportNode))
    .addEdge(START, "Start")
    .addEdge("Start", "Planner")
    .addConditionalEdges("Planner", plannerStep.route, routes)
    // A cancelled child reports; the cancel reaches the parent through its work package.
    .addConditionalEdges("AskUser", routeAfterAskUser, { AskUser: "AskUser", Planner: "Planner", [END]: "Report" })
    .addEdge("Retrieve", "Evidence")
    .addConditionalEdges("Normalize", routeAfterNormalize, { Policy: "Policy", Planner: "Planner", Finalize: "Report" })
    .addConditionalEdges("Policy", policyStep.route, routes)
    .addConditionalEdges("Approval", routeAfterApproval, { Approval: "Approval", Tool: "Tool", Normalize: "Normalize", Planner: "Planner", Finalize: "Report", [END]: "Report" })
    .addConditionalEdges("Tool", toolStep.route, routes)
    .addConditionalEdges("Evidence", routeAfterEvidence, { Planner: "Planner", Finalize: "Report" })
    .addEdge("Report", END);
}
