/**
 * Claims of acts the turn holds no trace of (issue 21, round 12), checked whatever goals the
 * request was read into (a request read into no goal at all still gets its answer checked): a
 * send through a channel no tool of the turn sent through ("I emailed the team instead" with no
 * mail receipt, "已在钉钉群里提醒" when the only receipt is a mail), and a report of work done
 * naming a file ("Done, .env is now in .gitignore") when nothing at all was observed or changed in the thread.
 */
import { relativeDaysIn } from "../language/answerKinds.js";
import { claimedActs } from "../language/answerChannels.js";
import { isCompletionWord, lookupWord } from "../language/requestLexicon.js";
import { sentences, statedInability, withoutProposals } from "../language/answerWords.js";
import { DOTFILE, PATH_TOKEN, QUOTED } from "../language/operands.js";
import { hasHan, segmentWords, tagWords } from "../language/segment.js";
import { baseForms, isStopword } from "../language/english.js";
import { plainTerms } from "../language/terms.js";
import { isEffect, real } from "./observedState.js";
import type { Evidence, TaskFrame } from "./types.js";

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
  // A bare "Done." names nothing it did (it answers a greeting as well); one naming a file reports work on it.
  const namesFile = (s: string) => [PATH_TOKEN, DOTFILE].some((re) => new RegExp(re.source, "u").test(s.replace(/[.。!?！？]+$/u, "")));
  const sentence = sentences(withoutProposals(answer.replace(QUOTED, " "))).find((s) => namesFile(s) && segmentWords(s).some((w) => isCompletionWord(w) && FINISHED.test(w)));
  return sentence ? `the answer says "${sentence}", but nothing was read, run or changed` : undefined;
}

/** Past forms that acknowledge rather than report an act ("Noted.", "Understood"). */
const ACKNOWLEDGED = new Set("noted understood acknowledged received".split(" "));
const PAST = /^[a-z]{3,}ed$/;

/** The clause of an answer that reports an act done, in the past form that opens it ("Scheduled …", "I uploaded …", "Backup uploaded to …", "已安排"), or undefined. */
export function reportedDeed(answer: string): string | undefined {
  for (const clause of sentences(withoutProposals(answer.replace(QUOTED, " ")))) {
    // A clause that delivers its work after a colon did it in the reply ("Translated: Hola").
    if (NEGATED_DEED.test(clause) || statedInability(clause) || /:\s|：/u.test(clause) || /[?？]\s*$/u.test(clause)) continue;
    if (hasHan(clause)) {
      const tagged = tagWords(clause).filter((t) => t.tag !== "x");
      const verbAt = tagged.findIndex((t, j) => t.tag.startsWith("v") && (/^(?:已|已经|现已)$/u.test(tagged[j - 1]?.word ?? "") || /^(?:了|好了|完)$/u.test(tagged[j + 1]?.word ?? "")));
      const sense = verbAt >= 0 ? lookupWord(tagged[verbAt]!.word) : undefined;
      if (verbAt >= 0 && !(sense?.kind === "verb" && READING.has(sense.intent))) return clause;
      continue;
    }
    const words = clause.split(/\s+/).map((w) => w.replace(/^["'`(]+|["'`),.;!?]+$/g, "").toLowerCase()).filter(Boolean);
    let i = /^(?:i|we)$/.test(words[0] ?? "") ? 1 : 0;
    while (/^(?:have|has|just|also|already|successfully)$/.test(words[i] ?? "")) i++;
    // A past form opening the clause, or right after its first word, a noun it reports on ("Backup uploaded").
    const at = PAST.test(words[i] ?? "") ? i : i === 0 && PAST.test(words[1] ?? "") && !isStopword(words[0]!) ? 1 : -1;
    if (at < 0 || ACKNOWLEDGED.has(words[at]!)) continue;
    const sense = baseForms(words[at]!).map((f) => lookupWord(f)).find((x) => x?.kind === "verb");
    if (!(sense?.kind === "verb" && READING.has(sense.intent))) return clause;
  }
  return undefined;
}
const NEGATED_DEED = /\b(?:not|no|nothing|never|none|unable)\b|n['’]t\b|[没未不无]/iu;
const READING = new Set(["read", "question", "lookup", "compare"]);

/**
 * An act reported done although the request was read into no goal and the turn changed and sent
 * nothing (round 32): "Scheduled your 1:1 with Sam for Friday" after only a calendar lookup,
 * "Backup uploaded to s3://…" with nothing run. A turn that ran a command acted; a request in question form, and an answer that
 * reports no act (an explanation, a greeting), are left alone.
 */
export function unbackedDeed(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.length || /[?？]\s*$/u.test(request.trim()) || turn.some((e) => isEffect(e) || e.kind === "receipt" || e.kind === "command")) return undefined;
  const clause = reportedDeed(answer);
  return clause ? `the answer says "${clause}", but nothing was changed or sent in this turn` : undefined;
}

/** Work handed to the user (`you can run …`, `just paste that order`, `你可以在终端运行`): advice, not a report. */
const HANDED_BACK = /\byou\s+(?:can|could|should|might|may|need\s+to|just)\b|\bjust\s+(?:paste|run|copy|replace|use|reorder|add)\b|你可以|您可以|你需要|你只需|您只需|建议你|建议您/iu;

/**
 * An answer that hands the asked work back to the user (round 12): the request asks for
 * something done (no question form, no verb of reading, explaining or looking up), nothing was
 * changed or sent in the turn, and the answer tells the user how to do it instead of doing it
 * ("To sort them you can reorder the list as …", "你可以在终端运行 `cat …` 来合并"). An honest
 * "cannot" with advice is left to the gate's "not done".
 */
export function handedBack(turn: Evidence[], answer: string, request: string): string | undefined {
  // An answer that delivers content of its own (several lines: a translation, a draft) did the work in the reply.
  const delivers = answer.split("\n").filter((l) => l.trim()).length > 2;
  if (delivers || /[?？]\s*$/u.test(request.trim()) || statedInability(answer) || turn.some((e) => isEffect(e) || e.kind === "receipt")) return undefined;
  const words = segmentWords(request);
  const asks = words.some((w, i) => {
    const s = lookupWord(w);
    return (s?.kind === "question" && (s.anywhere || i === 0)) || (s?.kind === "verb" && ["read", "question", "lookup", "compare"].includes(s.intent));
  });
  const sentence = asks ? undefined : sentences(answer).find((s) => HANDED_BACK.test(s));
  return sentence ? `the request asks for the work done, but the answer hands it back ("${sentence}") and nothing was changed` : undefined;
}

/** Mail addresses a text names (`alice@example.com`), lower-cased. */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu;
/** A word before an address that makes it where something came from, not where it goes ("mail from bob@…", "bob@… 发来的"). */
const SOURCE_BEFORE = /(?:\bfrom|来自|收到)\s*$/iu;
const SOURCE_AFTER = /^\s*(?:发来|寄来|的来信)/u;

/**
 * A send that did not reach every address the request gives it (round 13): when the turn sent
 * something, each address the request names as a recipient (to, cc, 抄送) must stand in some
 * receipt of the turn (its recipients or body); `alicia@…` does not reach `alice@…`. An answer
 * saying it could not reach them is honest and left to coverage.
 */
export function unreachedAddress(turn: Evidence[], answer: string, request: string): string | undefined {
  const receipts = turn.filter((e) => real(e) && e.kind === "receipt");
  if (!receipts.length || statedInability(answer)) return undefined;
  const sent = new Set(receipts.flatMap((e) => [...e.content.matchAll(ADDRESS)].map((m) => m[0].toLowerCase())));
  const asked = [...request.matchAll(ADDRESS)].filter((m) => !SOURCE_BEFORE.test(request.slice(0, m.index)) && !SOURCE_AFTER.test(request.slice(m.index + m[0].length)));
  const missed = asked.map((m) => m[0].toLowerCase()).find((a) => !sent.has(a));
  return missed ? `the request sends to ${missed}, but no receipt of this turn shows it among the recipients (${[...sent].join(", ") || "none"})` : undefined;
}

/** The scope a request asks about in an outside system: a branch or ref ("on release/1.4", "feature/login 分支", "branch dev"). */
const ASKED_SCOPE = /\b(?:on|for)\s+(?:the\s+)?(?:branch\s+)?`?([\w][\w./-]*[\w])`?\s*(?:branch\b)?|`?([\w][\w./-]*[\w])`?\s*(?:分支|\bbranch\b)|(?:分支|\bbranch)\s*`?([\w][\w./-]*[\w])`?/iu;
/** The scope an outside record reports on ("pipeline on main: passed"). */
const RECORD_SCOPE = /\bon\s+`?([\w][\w./-]*[\w])`?\s*[:,]/iu;

/**
 * An answer about a scope the outside record does not report on (round 13): the request asks
 * about one branch (`release/1.4`), the turn's last record reports on another (`pipeline on main`)
 * and never names the one asked. The record answers nothing about it; an answer saying so is left alone.
 */
export function otherScopeRecord(turn: Evidence[], answer: string, request: string): string | undefined {
  const record = turn.filter((e) => real(e) && e.kind === "record").at(-1);
  const asked = ASKED_SCOPE.exec(request);
  const scope = asked ? (asked[1] ?? asked[2] ?? asked[3])! : undefined;
  const reported = record ? RECORD_SCOPE.exec(record.content)?.[1] : undefined;
  if (!record || !scope || !reported || statedInability(answer)) return undefined;
  const low = (s: string) => s.toLowerCase();
  // The call's own arguments, echoed after the result (`{"branch":"release/1.4"}`), are what was asked, not what was reported.
  const result = record.content.replace(/\s*\{[^{}]*\}\s*$/u, "");
  if (low(reported) === low(scope) || low(result).includes(low(scope)) || low(answer).includes(low(reported))) return undefined;
  return `the request asks about ${scope}, but [${record.id}] reports on ${reported} only`;
}

/**
 * An answer about a numbered thing the request names ("Node 22") from a record that names the same
 * thing with another number only ("Node 20 was released …"): the record is about another one (round 36).
 */
export function otherNumberRecord(turn: Evidence[], answer: string, request: string): string | undefined {
  const record = turn.filter((e) => real(e) && e.kind === "record").at(-1);
  if (!record || statedInability(answer)) return undefined;
  const result = record.content.replace(/\s*\{[^{}]*\}\s*$/u, "");
  for (const m of request.matchAll(/\b([A-Z][\w.+-]*)\s+v?(\d+(?:\.\d+)*)\b/gu)) {
    const shown = [...result.matchAll(new RegExp(`\\b${m[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+v?(\\d+(?:\\.\\d+)*)\\b`, "gu"))].map((x) => x[1]!);
    if (shown.length && !shown.includes(m[2]!) && answer.includes(`${m[1]} ${m[2]}`)) return `the request asks about ${m[1]} ${m[2]}, but [${record.id}] is about ${m[1]} ${shown[0]}`;
  }
  return undefined;
}

/** What a receipt says was sent: the values of the tool's input it records, its recipients left out; undefined when it records none. */
function sentText(e: Evidence): string | undefined {
  const at = e.content.indexOf("{");
  if (at < 0) return undefined;
  try {
    const input = JSON.parse(e.content.slice(at)) as Record<string, unknown>;
    return Object.entries(input).filter(([k, v]) => typeof v === "string" && !/^(?:to|cc|bcc|recipients?|channel|chat|phone)$/i.test(k)).map(([, v]) => v as string).join("\n");
  } catch {
    return undefined;
  }
}

/**
 * A message sent stating numbers (`2.3`, `3.8`, `42`) that neither the request nor any evidence
 * the thread observed before it shows (round 14): a summary of a file sent without reading the
 * file. Where a figure in a message came from must be something seen; the prose around it is the
 * model's own and is not compared.
 */
export function unbackedMessage(evidence: Evidence[], turn: Evidence[], request: string): string | undefined {
  for (const receipt of turn.filter((e) => real(e) && e.kind === "receipt")) {
    const text = sentText(receipt);
    if (!text) continue;
    const seenText = [request, ...evidence.filter((e) => e !== receipt && e.kind !== "receipt").map((e) => e.content)].join("\n");
    // A figure is a decimal, a version, a time or a number of two digits or more: a lone digit may number a list ("1. …").
    const figure = [...text.replace(ADDRESS, " ").matchAll(/(?<![\w.])\d+(?:[.:]\d+)*(?![\w.]*\w)/gu)].map((m) => m[0]).filter((n) => /[.:]|\d\d/.test(n)).find((n) => !seenText.includes(n));
    if (figure) return `[${receipt.id}] sent ${JSON.stringify(figure)}, which neither the request nor anything observed shows`;
  }
  return undefined;
}

/** Times of day a question may ask about ("this afternoon", "下午"). */
const TIME_OF_DAY = /\b(?:morning|afternoon|evening|tonight|noon)\b|上午|下午|中午|晚上|早上|今晚/iu;

/**
 * A question answered only from outside records that share no word with it (round 17): a
 * calendar listing for "did the staging deploy job pass?". Its call's echoed arguments count
 * ("what's on today?" and `{"day":"today"}`), so a record fetched for the question is never judged
 * unrelated by its wording; an answer saying it cannot tell is left alone.
 */
export function unrelatedRecords(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  const seenNow = turn.filter((e) => real(e) && !e.simulated);
  // A question of a named domain ("我明天有什么会？") is answered by that domain's records, whatever their words or language.
  if (!/[?？]\s*$/u.test(request.trim()) || frame.goals.some((g) => g.domain) || !seenNow.length || seenNow.some((e) => e.kind !== "record" || hasHan(e.content) !== hasHan(request)) || statedInability(answer)) return undefined;
  const asked = new Set(plainTerms(request));
  // A question of a time of day or a day ("下午有什么安排吗？") is what a calendar's records answer (round 36).
  const timed = relativeDaysIn(request).length > 0 || TIME_OF_DAY.test(request);
  const shared = seenNow.some((e) => plainTerms(`${e.content} ${e.toolId ?? ""}`).some((t) => asked.has(t)) || (timed && (e.domain === "calendar" || (e.source.path ?? "").startsWith("calendar:"))));
  return shared ? undefined : `[${seenNow.at(-1)!.id}] shares nothing with the question: it does not answer it`;
}
