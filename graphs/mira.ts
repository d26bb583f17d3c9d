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
 *                       │    (policy → tool → evidence → planner → normalize, tool → … → normalize after an
 *                       │     approval, and planner → normalize each run as one step: graphs/inline.ts; a
 *                       │     governed step is one checkpoint, not five: its outcome with the next frozen call)
 *                       ├─delegate_task→ SubAgent (subgraph, graphs/subagent.ts) → evidence → planner | END (child cancelled)
 *                       │                                        └─skill completed→ freeze → generate | planner
 *                       └─fail / terminal → finalize
 *
 * `incoming` settles new input that arrives while the thread waits (nodes/incoming.ts).
 * Input and context are zod schemas. The state is `AgentRunAnnotation`'s channels, declared
 * as a zod schema only for the LangGraph server (`studioSchemas`, graphs/schemas.ts), which
 * reads it at runtime: on a zod state LangGraph re-validates every node's update against a
 * partial schema it builds per write, which cost a governed step more than its checkpoint
 * (issue 24), and the channels accept any value anyway. A cancel ends the run from Approval,
 * AskUser or (a cancelled SubAgent) Evidence; graphs/pausedRun.ts reads the UIs' "Mark as
 * resolved" as a cancel.
 */
import { END, START, StateGraph } from "@langchain/langgraph";
import type { MiraRuntime } from "../nodes/runtime.js";
import { MiraInput } from "../state/input.js";
import { reportingProgress } from "../state/trace.js";
import { MiraConfigurable } from "../config/runConfig.js";
import { createApprovalNode, routeAfterApproval } from "../nodes/approval.js";
import { createAskUserNode, routeAfterAskUser } from "../nodes/askUser.js";
import { createIncomingNode, routeFromStart } from "../nodes/incoming.js";
import { AgentRunAnnotation } from "../state/agentRun.js";
import { studioSchemas, type GraphOptions, type StudioSchemas } from "./schemas.js";
import { createEvidenceNode, routeAfterEvidence, type EvidenceRoute } from "../nodes/evidence.js";
import { createFinalizeNode } from "../nodes/finalize.js";
import { createFreezeNode, routeAfterFreeze } from "../nodes/freeze.js";
import { createGenerateNode } from "../nodes/generate.js";
import { createNormalizeNode, routeAfterNormalize, type NormalizeRoute } from "../nodes/normalize.js";
import { createPlannerNode, routeAfterPlanner, type PlannerRoute } from "../nodes/planner.js";
import { createPolicyNode, routeAfterPolicy, type PolicyRoute } from "../nodes/policy.js";
import { createRetrieveNode } from "../nodes/retrieve.js";
import { createToolNode, routeAfterTool, type ToolRoute } from "../nodes/tool.js";
import { buildSubAgentGraph } from "./subagent.js";
import { inline, type Stage } from "./inline.js";

export function buildMiraGraph(rt: MiraRuntime, opts: GraphOptions = {}) {
  // Same channels either way; typed as the zod form.
  const state = opts.studioSchemas ? studioSchemas().state : (AgentRunAnnotation as unknown as StudioSchemas["state"]);
  const planner: Stage<PlannerRoute> = { name: "Planner", node: reportingProgress(createPlannerNode(rt)), route: routeAfterPlanner };
  const normalize: Stage<NormalizeRoute> = { name: "Normalize", node: reportingProgress(createNormalizeNode(rt)), route: routeAfterNormalize };
  const policy: Stage<PolicyRoute> = { name: "Policy", node: reportingProgress(createPolicyNode(rt)), route: routeAfterPolicy };
  const tool: Stage<ToolRoute> = { name: "Tool", node: reportingProgress(createToolNode(rt)), route: routeAfterTool };
  const evidence: Stage<EvidenceRoute> = { name: "Evidence", node: reportingProgress(createEvidenceNode(rt)), route: routeAfterEvidence };
  const plannerStep = inline<PlannerRoute | NormalizeRoute>([planner, normalize]);
  const policyStep = inline<PolicyRoute | ToolRoute | EvidenceRoute | PlannerRoute | NormalizeRoute>([policy, tool, evidence, planner, normalize]);
  const toolStep = inline<ToolRoute | EvidenceRoute | PlannerRoute | NormalizeRoute>([tool, evidence, planner, normalize]);
  // Where a chain ending after Evidence, the Planner or Normalize leads.
  const afterPlanning = { Normalize: "Normalize", Retrieve: "Retrieve", AskUser: "AskUser", SubAgent: "SubAgent", Generate: "Generate" } as const;
  return new StateGraph({ state, input: MiraInput, context: MiraConfigurable })
    .addNode("Incoming", reportingProgress(createIncomingNode(rt)))
    .addNode("Planner", plannerStep.node)
    .addNode("AskUser", reportingProgress(createAskUserNode(rt)))
    .addNode("Retrieve", reportingProgress(createRetrieveNode(rt)))
    .addNode("Normalize", normalize.node)
    .addNode("Policy", policyStep.node)
    .addNode("Approval", reportingProgress(createApprovalNode(rt)))
    .addNode("Tool", toolStep.node)
    .addNode("Evidence", evidence.node)
    .addNode("SubAgent", buildSubAgentGraph(rt, opts).compile())
    .addNode("Freeze", reportingProgress(createFreezeNode(rt)))
    .addNode("Generate", reportingProgress(createGenerateNode(rt)))
    .addNode("Finalize", reportingProgress(createFinalizeNode(rt)))
    .addConditionalEdges(START, routeFromStart, { Incoming: "Incoming", Planner: "Planner" })
    .addEdge("Incoming", "Planner")
    .addConditionalEdges("Planner", plannerStep.route, {
      Normalize: "Normalize",
      Policy: "Policy",
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
    .addConditionalEdges("Policy", policyStep.route, { ...afterPlanning, Tool: "Tool", Approval: "Approval", Planner: "Planner", Finalize: "Finalize", Policy: "Policy", Evidence: "Evidence", Freeze: "Freeze", [END]: END })
    .addConditionalEdges("Approval", routeAfterApproval, { Approval: "Approval", Tool: "Tool", Normalize: "Normalize", Planner: "Planner", Finalize: "Finalize", [END]: END })
    .addConditionalEdges("Tool", toolStep.route, { ...afterPlanning, Evidence: "Evidence", Policy: "Policy", Finalize: "Finalize", Planner: "Planner", Freeze: "Freeze", [END]: END })
    .addConditionalEdges("Evidence", routeAfterEvidence, { Planner: "Planner", Freeze: "Freeze", Finalize: "Finalize", [END]: END })
    .addConditionalEdges("Freeze", routeAfterFreeze, { Generate: "Generate", Planner: "Planner" })
    .addEdge("Generate", "Finalize")
    .addEdge("Finalize", END);
}
