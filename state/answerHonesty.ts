/**
 * Whether an honest "cannot" is honest (issue 21, round 12): an answer saying it cannot act
 * through a channel while a real tool of that channel is in sight ("I'm unable to send emails"
 * with a mail-sending tool disclosed) gave up on work it could do; it is refused once, as an
 * unanswered goal is. The channel is the open goals' domain, or the one the sentence names.
 */
import { channelsIn } from "../language/answerChannels.js";
import type { Goal } from "./types.js";

/** A tool the runtime can call, as far as the gate needs it: its name, domain and risk class. */
export interface VisibleTool {
  name: string;
  domain: string;
  risk: string;
}

/**
 * A tool in sight that acts through the channel an honest "cannot" names, or undefined: a
 * send needs a tool of the channel that is not read-only, a lookup or a question any tool of it.
 * When neither the goals nor the sentence name a channel, nothing is settled.
 */
export function capableTool(reason: string, open: Goal[], tools: VisibleTool[]): VisibleTool | undefined {
  const domains = [...new Set([...open.map((g) => g.domain).filter((d): d is NonNullable<Goal["domain"]> => !!d), ...channelsIn(reason)])];
  if (!domains.length) return undefined;
  const sends = open.some((g) => g.intent === "send") || !open.length;
  return tools.find((t) => domains.some((d) => t.domain === d || t.domain.startsWith(`${d}.`)) && (!sends || t.risk !== "read"));
}
