/** The input that starts a new AgentRun. */
import type { AgentRunUpdate } from "../state/agentRun.js";
import type { RunSettings } from "../state/types.js";
import { DEFAULT_MAX_ATTEMPTS } from "./createRuntime.js";

export function startRunInput(goal: string, settings: RunSettings): AgentRunUpdate {
  return { goal, settings, status: "running", recovery: { attemptCount: 0, maxAttempts: DEFAULT_MAX_ATTEMPTS, exhausted: false } };
}
