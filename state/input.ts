/**
 * What a client sends to start (or continue) a thread: a goal, or chat messages. The other
 * AgentRun channels are the run's own and are not input (Studio shows only these two).
 */
import { z } from "zod";

export const MiraInput = z.object({
  goal: z.string().optional().describe("The user's request, as plain text."),
  messages: z
    .array(z.any())
    .optional()
    .describe('Chat input, e.g. [{"role":"user","content":"…"}]; the newest user message is the request of a new turn.'),
});
export type MiraInput = z.infer<typeof MiraInput>;
