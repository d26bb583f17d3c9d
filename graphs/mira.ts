/**
 * The Mira graph (CONTRACT §2): one node per contract stage, wired only here.
 * Exported uncompiled so callers compile it with their own checkpointer.
 *
 * START → planner ─answer→ generate → finalize → END
 *            ├─ask_user→ ask_user (interrupt) → planner
 *            ├─retrieve→ retrieve → evidence → planner
 *            ├─use_tool→ normalize → policy ─allow→ tool → evidence → planner
 *            │                          └─ask→ approval (interrupt) → tool | normalize (edit) | planner (reject)
 *            └─fail / terminal → finalize
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import type { MiraRuntime } from "../runtime/runtime.js";
import { AgentRunAnnotation } from "../state/agentRun.js";
import { createApprovalNode, routeAfterApproval } from "../nodes/approval.js";
import { createAskUserNode } from "../nodes/askUser.js";
import { createEvidenceNode, routeAfterEvidence } from "../nodes/evidence.js";
import { createFinalizeNode } from "../nodes/finalize.js";
import { createGenerateNode } from "../nodes/generate.js";
import { createNormalizeNode, routeAfterNormalize } from "../nodes/normalize.js";
import { createPlannerNode, routeAfterPlanner } from "../nodes/planner.js";
import { createPolicyNode, routeAfterPolicy } from "../nodes/policy.js";
import { createRetrieveNode } from "../nodes/retrieve.js";
import { createToolNode, routeAfterTool } from "../nodes/tool.js";

export function buildMiraGraph(rt: MiraRuntime) {
  return new StateGraph(AgentRunAnnotation)
    .addNode("planner", createPlannerNode(rt))
    .addNode("ask_user", createAskUserNode(rt))
    .addNode("retrieve", createRetrieveNode(rt))
    .addNode("normalize", createNormalizeNode(rt))
    .addNode("policy", createPolicyNode(rt))
    .addNode("approval", createApprovalNode(rt))
    .addNode("tool", createToolNode(rt))
    .addNode("evidence", createEvidenceNode(rt))
    .addNode("generate", createGenerateNode(rt))
    .addNode("finalize", createFinalizeNode(rt))
    .addEdge(START, "planner")
    .addConditionalEdges("planner", routeAfterPlanner, {
      normalize: "normalize",
      retrieve: "retrieve",
      ask_user: "ask_user",
      planner: "planner",
      generate: "generate",
      finalize: "finalize",
    })
    .addEdge("ask_user", "planner")
    .addEdge("retrieve", "evidence")
    .addConditionalEdges("normalize", routeAfterNormalize, { policy: "policy", planner: "planner", finalize: "finalize" })
    .addConditionalEdges("policy", routeAfterPolicy, { tool: "tool", approval: "approval", planner: "planner", finalize: "finalize" })
    .addConditionalEdges("approval", routeAfterApproval, { tool: "tool", normalize: "normalize", planner: "planner", finalize: "finalize" })
    .addConditionalEdges("tool", routeAfterTool, { evidence: "evidence", finalize: "finalize" })
    .addConditionalEdges("evidence", routeAfterEvidence, { planner: "planner", finalize: "finalize" })
    .addEdge("generate", "finalize")
    .addEdge("finalize", END);
}
