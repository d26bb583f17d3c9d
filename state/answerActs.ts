/**
 * Claims of acts the turn holds no trace of (issue 21, round 12), checked whatever goals the
 * request was read into (a request read into no goal at all still gets its answer checked): a
 * send through a channel no tool of the turn sent through ("I emailed the team instead" with no
 * mail receipt, "已在钉钉群里提醒" when the only receipt is a mail), and a report of work done
 * ("Done, .env is now in .gitignore") when nothing at all was observed or changed in the thread.
 */
import { claimedActs } from "../language/answerChannels.js";
import { isCompletionWord } from "../language/requestLexicon.js";
import { sentences, withoutProposals } from "../language/answerWords.js";
import { QUOTED } from "../language/operands.js";
import { segmentWords } from "../language/segment.js";
import { real } from "./observedState.js";
import type { Evidence } from "./types.js";

/** A tool's trace in a channel's domain (its own, a sub-domain, or an MCP tool's, which may serve any). */
const inChannel = (e: Evidence, domain: string | undefined): boolean =>
  !domain || (!!e.domain && (e.domain === domain || e.domain.startsWith(`${domain}.`) || e.domain === "mcp" || e.domain.startsWith("mcp.")));

/**
 * An act the answer says it did through a channel with no trace of it this turn: a send needs a
 * receipt of that channel; another act placed in a channel (`查了邮件`, `reminded them on Slack`)
 * a receipt or a record of it. A send naming no channel needs some receipt.
 */
export function unbackedAct(turn: Evidence[], answer: string): string | undefined {
  const traces = turn.filter((e) => real(e) && (e.kind === "receipt" || e.kind === "record"));
  const act = claimedActs(answer).find((a) => !traces.some((e) => (e.kind === "receipt" || !a.sends) && inChannel(e, a.domain)));
  if (!act) return undefined;
  return `the answer says "${act.clause}", but no ${act.domain ?? "messaging"} tool ${act.sends ? "sent anything" : "acted"} in this turn`;
}

/** A word of work finished (`done`, `完成`, `搞定`), not `now` or `已`, which also state what is. */
const FINISHED = /^(?:done|finished|completed|完成|搞定|好了)$/iu;

/**
 * A report of work done (`Done, …`, `已完成`) when the thread holds no evidence at all: nothing
 * was read, run, sent or changed, in this turn or before it. The work it reports cannot have
 * happened; an answer that does not say it did something (a greeting, an explanation) is left alone.
 */
export function unbackedCompletion(evidence: Evidence[], answer: string): string | undefined {
  if (evidence.some((e) => !e.simulated)) return undefined;
  // Quoted text and advice are not the answer's report ("You could post: \"Deploy is done.\"").
  const sentence = sentences(withoutProposals(answer.replace(QUOTED, " "))).find((s) => segmentWords(s).some((w) => isCompletionWord(w) && FINISHED.test(w)));
  return sentence ? `the answer says "${sentence}", but nothing was read, run or changed` : undefined;
}
