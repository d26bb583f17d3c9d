/**
 * The Mira graph (CONTRACT §2): one node per contract stage, wired only here.
 * Exported uncompiled so callers compile it with their own checkpointer. Every node's
 * visits are also streamed as `custom` progress events.
 *
 * START → (incoming, only when the thread waits) → planner ─answer→ generate → finalize → END
 *                       ├─ask_user→ ask_user (interrupt) → planner | ask_user (refused reply) | END (cancelled)
 *                       ├─retrieve→ retrieve → evidence → planner
 *                       ├─use_tool→ normalize → policy ─allow→ tool → evidence → planner
 *                       │                          └─ask→ approval (interrupt) → tool | normalize (edit) | planner (reject)
 *                       │                                                  | approval (refused reply) | END (cancelled)
 *                       ├─delegate_task→ SubAgent (subgraph, graphs/subagent.ts) → evidence → planner | END (child cancelled)
 *                       │                                        └─skill completed→ freeze → generate | planner
 *                       └─fail / terminal → finalize
 *
 * `incoming` settles new input that arrives while the thread waits (nodes/incoming.ts).
 * State, input, output and context are zod schemas (graphs/schemas.ts), so the LangGraph
 * server reads them at runtime. A cancel ends the run from Approval, AskUser or (a cancelled
 * SubAgent) Evidence; graphs/pausedRun.ts reads the UIs' "Mark as resolved" as a cancel.
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import type { MiraRuntime } from "../nodes/runtime.js";
import { MiraInput } from "../state/input.js";
import { reportingProgress } from "../state/trace.js";
import { MiraConfigurable } from "../config/runConfig.js";
import { createApprovalNode, routeAfterApproval } from "../nodes/approval.js";
import { createAskUserNode, routeAfterAskUser } from "../nodes/askUser.js";
import { createIncomingNode, routeFromStart } from "../nodes/incoming.js";
import { AgentRunSchema } from "./schemas.js";
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
  return new StateGraph({ state: AgentRunSchema, input: MiraInput, context: MiraConfigurable })
    .addNode("Incoming", reportingProgress(createIncomingNode(rt)))
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
    .addConditionalEdges(START, routeFromStart, { Incoming: "Incoming", Planner: "Planner" })
    .addEdge("Incoming", "Planner")
    .addConditionalEdges("Planner", routeAfterPlanner, {
      Normalize: "Normalize",
      Retrieve: "Retrieve",
      AskUser: "AskUser",
      SubAgent: "SubAgent",
      Planner: "Planner",
      Generate: "Generate",
      Finalize: "Finalize",
    })
    .addConditionalEdges("AskUser", routeAfterAskUser, { AskUser: "AskUser", Planner: "Planner", [END]: END })
    .addEdge("Retrieve", "Evidence")
    .addEdge("SubAgent", "Evidence")
    .addConditionalEdges("Normalize", routeAfterNormalize, { Policy: "Policy", Planner: "Planner", Finalize: "Finalize" })
    .addConditionalEdges("Policy", routeAfterPolicy, { Tool: "Tool", Approval: "Approval", Planner: "Planner", Finalize: "Finalize" })
    .addConditionalEdges("Approval", routeAfterApproval, { Approval: "Approval", Tool: "Tool", Normalize: "Normalize", Planner: "Planner", Finalize: "Finalize", [END]: END })
    .addConditionalEdges("Tool", routeAfterTool, { Evidence: "Evidence", Policy: "Policy", Finalize: "Finalize" })
    .addConditionalEdges("Evidence", routeAfterEvidence, { Planner: "Planner", Freeze: "Freeze", Finalize: "Finalize", [END]: END })
    .addConditionalEdges("Freeze", routeAfterFreeze, { Generate: "Generate", Planner: "Planner" })
    .addEdge("Generate", "Finalize")
    .addEdge("Finalize", END);
}
