/** The input that starts a new AgentRun (or a new turn of a finished thread). */
import type { MiraInput } from "../state/input.js";

export function startRunInput(goal: string): MiraInput {
  return { goal };
}
