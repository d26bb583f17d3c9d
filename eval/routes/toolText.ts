import type { ToolOutcome } from "../../state/types.js";
/** How a plain loop shows a tool's outcome to its model: the summary, then each evidence text. */

export function outcomeText(outcome: Extract<ToolOutcome, { ok: true }>): string {
  return [outcome.summary, ...outcome.evidence.map((e) => `${e.source.path ? `${e.source.path}:\n` : ""}${e.content}`)].join("\n");
}

/** A failed outcome as the error text a plain loop gives its model. */
export const failureText = (outcome: Extract<ToolOutcome, { ok: false }>) => `${outcome.failure.kind}: ${outcome.failure.message}`;

/** The system prompt both plain loops get: a coding agent with every tool. */
export const PLAIN_LOOP_PROMPT = `You are a helpful agent working in the user's workspace. Use the tools to do the task.
Some tools need the user's approval; a rejected call comes back as an error. Answer in plain text when the task is done, citing the files you read.`;
