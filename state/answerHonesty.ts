/**
 * Whether an honest "cannot" is honest (issue 21, round 12): an answer saying it cannot act
 * through a channel while a real tool of that channel is in sight ("I'm unable to send emails"
 * with a mail-sending tool disclosed) gave up on work it could do; it is refused once, as an
 * unanswered goal is. The channel is the one the sentence names.
 */
import { channelsIn } from "../language/answerChannels.js";
import { unbackedAct } from "./answerActs.js";
import type { Evidence, Goal } from "./types.js";

/** A tool the runtime can call, as far as the gate needs it: its name, domain and risk class. */
export interface VisibleTool {
  name: string;
  domain: string;
  risk: string;
}

/**
 * A tool in sight that acts through the channel an honest "cannot" names, or undefined: a tool
 * of the channel that is not read-only.
 * When the sentence names no channel, nothing is settled.
 */
export function capableTool(reason: string, open: Goal[], tools: VisibleTool[], request: string): VisibleTool | undefined {
  const sends = open.some((g) => g.intent === "send") || !open.length;
  // A send is possible only to a recipient the request gives in the channel's own form (an address to mail, a #channel, a number to call).
  // Only the channel the sentence itself says it cannot use: a goal's domain may be a misreading ("upload to Google Drive" read as a lookup).
  // Channels listed after "only" are what it has ("no GitHub tool, only the workspace, shell, mail …"), not what it cannot use.
  const domains = channelsIn(reason.split(HAS_ONLY)[0]!).filter((d) => !sends || !RECIPIENT[d] || RECIPIENT[d]!.test(request));
  if (!domains.length) return undefined;
  // Only a tool that acts (not read-only) settles it: "I can only read calendars" beside a calendar reader is honest, and a goal read as a question may be a misreading.
  return tools.find((t) => domains.some((d) => t.domain === d || t.domain.startsWith(`${d}.`)) && t.risk !== "read");
}

const HAS_ONLY = /\b(?:only|just)\b|只有|仅有|只能/iu;

/** How a request names a recipient in a channel: a mail address, a chat channel or handle, a phone number. */
const RECIPIENT: Partial<Record<string, RegExp>> = {
  mail: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u,
  chat: /(?:^|\s)[#@][\w-]+/u,
  phone: /\+?\d[\d\s-]{6,}\d/u,
};

/**
 * Why an honest "cannot" is not accepted as it stands, or undefined: a tool of the channel is in
 * sight and the request gave what it needs, or the answer also claims an act it has no trace of
 * ("There's no Slack tool, so I emailed the team instead").
 */
export function doubtfulCannot(reason: string, open: Goal[], tools: VisibleTool[], request: string, turn: Evidence[], answer: string): string | undefined {
  const tool = capableTool(reason, open, tools, request);
  if (tool) return `the answer says it cannot, but ${tool.name} (${tool.domain}) is available`;
  return unbackedAct(turn, answer);
}
