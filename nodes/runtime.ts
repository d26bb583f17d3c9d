/**
 * What the nodes need besides state: the model, the Harness, the policy, the execution
 * ledger and the document index. Held in a closure by the graph builder, never in state
 * (functions and connections are not checkpointable).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Harness } from "../harness/harness.js";
import type { ExecutionLedger } from "../ledger/executionLedger.js";
import type { Policy } from "../policy/policy.js";
import type { DocumentIndex } from "../retrieval/documentIndex.js";
import type { RunSettings } from "../state/types.js";
import type { SkillLibrary } from "../skills/library.js";

export interface MiraRuntime {
  /** `main`, or a child's id; stamped on every trace entry. */
  agent: string;
  /** The settings this runtime was built from (recorded in state when a turn starts); absent in bare test runtimes. */
  settings?: RunSettings;
  /** Real path of the workspace root. */
  workspaceRoot: string;
  model: BaseChatModel;
  harness: Harness;
  policy: Policy;
  ledger: ExecutionLedger;
  documents: DocumentIndex;
  /** Defaults for a run started without settings (e.g. from LangGraph Studio). */
  defaults: { maxSteps: number; maxAttempts: number };
  /** Skills the main Planner may delegate to; absent = none. Children get none (no nesting). */
  skills?: SkillLibrary;
  /**
   * The deterministic coverage transition (CONTRACT §6); on unless set to false. Measurements
   * of the completion gate alone turn it off so the gate judges exactly the scripted work.
   */
  coverageTransition?: boolean;
  /** A skill child's skill: its loaded body (Planner instructions) and its check tool, if any. */
  skill?: { name: string; body: string; check?: string };
}
