/**
 * The Mira graph (CONTRACT §2): one node per contract stage, wired only here.
 * Exported uncompiled so callers compile it with their own checkpointer. Every node's
 * visits are also streamed as `custom` progress events.
 *
 * START → planner ─answer→ generate → finalize → END
 *            ├─ask_user→ ask_user (interrupt) → planner
 *            ├─retrieve→ retrieve → evidence → planner
 *            ├─use_tool→ normalize → policy ─allow→ tool → evidence → planner
 *            │                          └─ask→ approval (interrupt) → tool | normalize (edit) | planner (reject) | approval (refused reply)
 *            ├─delegate_task→ SubAgent (subgraph, graphs/subagent.ts) → evidence → planner
 *            │                                        └─skill completed→ freeze → generate | planner
 *            └─fail / terminal → finalize
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import type { MiraRuntime } from "../nodes/runtime.js";
import { AgentRunAnnotation } from "../state/agentRun.js";
import { MiraInput } from "../state/input.js";
import { reportingProgress } from "../state/trace.js";
import { MiraConfigurable } from "../config/runConfig.js";
import { createApprovalNode, routeAfterApproval } from "../nodes/approval.js";
import { createAskUserNode } from "../nodes/askUser.js";
import { createEvidenceNode, routeAfterEvidence } from "../nodes/evidence.js";
import { createFinalizeNode } from "../nodes/finalize.js";
import { createFreezeNode, routeAfterFreeze } from "../nodes/freeze.js";
import { createGenerateNode } from "../nodes/generate.js";
import { createNormalizeNode, routeAfterNormalize } from "../nodes/normalize.js";
import { createPlannerNode, routeAfterPlanner } from "../nodes/planner.js";
import { createPolicyNode, routeAfterPolicy } from "../nodes/policy.js";
import { createRetrieveNode } from "../nodes/retrieve.js";
import { createToolNode, routeAfterTool } from "../nodes/tool.js";
import { buildSubAgentGraph } from "./subagent.js";

export function buildMiraGraph(rt: MiraRuntime) {
  return new StateGraph({ state: AgentRunAnnotation, input: MiraInput, context: MiraConfigurable })
    .addNode("Planner", reportingProgress(createPlannerNode(rt)))
    .addNode("AskUser", reportingProgress(createAskUserNode(rt)))
    .addNode("Retrieve", reportingProgress(createRetrieveNode(rt)))
    .addNode("Normalize", reportingProgress(createNormalizeNode(rt)))
    .addNode("Policy", reportingProgress(createPolicyNode(rt)))
    .addNode("Approval", reportingProgress(createApprovalNode(rt)))
    .addNode("Tool", reportingProgress(createToolNode(rt)))
    .addNode("Evidence", reportingProgress(createEvidenceNode(rt)))
    .addNode("SubAgent", buildSubAgentGraph(rt).compile())
    .addNode("Freeze", reportingProgress(createFreezeNode(rt)))
    .addNode("Generate", reportingProgress(createGenerateNode(rt)))
    .addNode("Finalize", reportingProgress(createFinalizeNode(rt)))
    .addEdge(START, "Planner")
    .addConditionalEdges("Planner", routeAfterPlanner, {
      Normalize: "Normalize",
      Retrieve: "Retrieve",
      AskUser: "AskUser",
      SubAgent: "SubAgent",
      Planner: "Planner",
      Generate: "Generate",
      Finalize: "Finalize",
    })
    .addEdge("AskUser", "Planner")
    .addEdge("Retrieve", "Evidence")
    .addEdge("SubAgent", "Evidence")
    .addConditionalEdges("Normalize", routeAfterNormalize, { Policy: "Policy", Planner: "Planner", Finalize: "Finalize" })
    .addConditionalEdges("Policy", routeAfterPolicy, { Tool: "Tool", Approval: "Approval", Planner: "Planner", Finalize: "Finalize" })
    .addConditionalEdges("Approval", routeAfterApproval, { Approval: "Approval", Tool: "Tool", Normalize: "Normalize", Planner: "Planner", Finalize: "Finalize" })
    .addConditionalEdges("Tool", routeAfterTool, { Evidence: "Evidence", Policy: "Policy", Finalize: "Finalize" })
    .addConditionalEdges("Evidence", routeAfterEvidence, { Planner: "Planner", Freeze: "Freeze", Finalize: "Finalize" })
    .addConditionalEdges("Freeze", routeAfterFreeze, { Generate: "Generate", Planner: "Planner" })
    .addEdge("Generate", "Finalize")
    .addEdge("Finalize", END);
}
