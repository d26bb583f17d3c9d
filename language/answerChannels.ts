/**
 * What an answer says it did through a channel outside the workspace (issue 21, round 12): "I
 * emailed the team", "Posted it on Slack", "企业微信群里也通知过了", "已在钉钉群里提醒大家". A send
 * is an act with a trace of its own (a receipt); an answer claiming one must be backed by that
 * trace, whatever the request was read into. Grammar and the request lexicon, not a list of the
 * answers seen: a first-person or subjectless past of a send verb, a passive of one, or any verb
 * in a clause placing the act in a channel (a channel noun of the lexicon), marked done.
 */
import { baseForms } from "./english.js";
import type { Domain } from "./kinds.js";
import { lookupWord } from "./requestLexicon.js";
import { hanRuns, hasHan, tagWords } from "./segment.js";
import { statedInability, withoutProposals } from "./answerWords.js";
import { PATH_TOKEN, QUOTED } from "./operands.js";

/** An act the answer claims through a channel: the clause, the verb, the channel's domain (none named: any channel), whether the verb sends. */
export interface ClaimedAct {
  clause: string;
  verb: string;
  domain?: Domain;
  sends: boolean;
}

/** Channels an act can go through: a message, a call, an event, a ticket (code and the web are lookups, not channels). */
const CHANNELS = new Set<Domain>(["mail", "chat", "phone", "calendar", "issues"]);
/** Negation anywhere in a clause: it reports what was not done. */
const NEGATED = /\b(?:not|no|nothing|never|none|neither|nor|unable)\b|n['’]t\b|[没未不无]|尚未/iu;
/** Irregular past forms of send verbs (the regular ones end in -ed). */
const IRREGULAR: Record<string, string> = { sent: "send", told: "tell", forwarded: "forward" };
const SUBJECT = /^(?:i|we|i['’]ve|we['’]ve)$/i;
const AUXILIARY = /^(?:have|has|had|just|also|already|successfully|then|now|instead)$/i;
const PASSIVE = /^(?:was|were|been|is|are|has\s+been)$/i;
/** Words that open a clause and carry no subject ("so I emailed …", "and posted …"). */
const OPENER = /^(?:so|and|then|also|instead|but|therefore|thus)$/i;
/** Advice or the user's own act ("建议你直接打电话", "you could ping them", "可以在群里说"): no claim of the answerer's. */
const ADVICE = /^(?:(?:so|and|then|but)\s+)?you\b|\b(?:should|could|might|may|suggest|recommend|consider)\b|建议|可以|应该|不妨|最好|(?<![给向跟和对])[你您]/iu;
/** Prepositions that place an act in a channel ("on Slack", "via email", "to your calendar"). */
const CHANNEL_PLACE = /^(?:on|in|via|through|by|over|to|into)$/i;

/** The base forms of an English past form: irregular, or a regular -ed. */
const pastBases = (word: string): string[] => {
  const w = word.toLowerCase();
  return IRREGULAR[w] ? [IRREGULAR[w]] : /^[a-z]{3,}ed$/.test(w) ? baseForms(w).slice(1) : [];
};

/** The send verb sense of a word's base forms, or undefined. */
const sendSense = (forms: string[]) => forms.map((f) => lookupWord(f)).find((s) => s?.kind === "verb" && s.intent === "send") as { domain?: Domain } | undefined;

/** The channel a word names (`Slack`, `email`, `邮件`), strong or weak: in an answer a channel word is what it says. */
function channelOf(word: string): Domain | undefined {
  const s = lookupWord(word);
  const d = s?.kind === "domain" ? s.domain : s?.kind === "verb" ? s.domain : undefined;
  return d && CHANNELS.has(d) ? d : undefined;
}

/** Channels a Han run names: the segmenter cuts names such as 钉钉 or 企业微信 into characters, so every 2–4 character span is looked up. */
function hanChannels(text: string): Domain[] {
  const out: Domain[] = [];
  for (const run of hanRuns(text)) {
    const cs = [...run];
    for (let i = 0; i < cs.length; i++) for (let n = 2; n <= 4 && i + n <= cs.length; n++) {
      const d = channelOf(cs.slice(i, i + n).join(""));
      if (d) out.push(d);
    }
  }
  return out;
}

/** Clauses of an answer: cut at punctuation and at the conjunctions that start a new act. */
const clausesOf = (answer: string): string[] =>
  answer.split(/[,，;；。！？!?:：\n]|(?<=\.)\s+|\s+(?:and|but|then|so)\s+|并且?|然后|所以|因此|另外/u).map((c) => c?.trim() ?? "").filter(Boolean);

/** An English clause's claim: `I emailed …`, `Emailed …`, `The message was posted to Slack`, `I reminded everyone on Slack`. */
function englishAct(clause: string): ClaimedAct | undefined {
  const words = clause.split(/\s+/).map((w) => w.replace(/^["'`(]+|["'`),.:;!?]+$/g, "")).filter(Boolean);
  let i = 0;
  while (i < words.length && OPENER.test(words[i]!)) i++;
  const subject = SUBJECT.test(words[i] ?? "");
  if (subject) i++;
  while (i < words.length && AUXILIARY.test(words[i]!)) i++;
  const channels = words.map(channelOf).filter((d): d is Domain => !!d);
  // Active: the first word after the subject (or none) is a past form.
  const at = i < words.length && pastBases(words[i]!).length ? i : words.findIndex((w, j) => j > 0 && PASSIVE.test(words[j - 1]!) && pastBases(w).length > 0 && !!sendSense(pastBases(w)));
  if (at < 0) return undefined;
  const verb = words[at]!;
  const send = sendSense(pastBases(verb));
  // Any verb placed in a channel by a preposition ("reminded everyone on Slack", "added it to your calendar") acts there;
  // otherwise only a send verb claims a send. A clause naming a file acts in the workspace.
  const placed = words.findIndex((w, j) => j > 0 && CHANNEL_PLACE.test(words[j - 1]!) && !!channelOf(w)) >= 0 || words.some((w, j) => j > 1 && CHANNEL_PLACE.test(words[j - 2]!) && /^(?:the|a|an|your|our|my|team|#\S+)$/i.test(words[j - 1]!) && !!channelOf(w));
  const domain = send?.domain ?? (send || placed ? channels[0] : undefined);
  if (!send && (!domain || new RegExp(PATH_TOKEN.source, "u").test(clause))) return undefined;
  return { clause, verb, ...(domain ? { domain } : {}), sends: !!send };
}

/** A Chinese clause's claim: a verb marked done (已 before it, 了/过 after it) that sends, or any verb in a clause naming a channel. */
function chineseAct(clause: string): ClaimedAct | undefined {
  const tagged = tagWords(clause).filter((t) => t.tag !== "x");
  // 了 ending the clause reports it done too, whatever it follows ("用邮件发给全组了"; round 35).
  const done = tagged.some((t) => /^(?:已|已经|现已)$/u.test(t.word)) || tagged.some((t, j) => j > 0 && /^(?:了|过)$/u.test(t.word) && (tagged[j - 1]!.tag.startsWith("v") || j === tagged.length - 1 || /^[。.!！]$/u.test(tagged[j + 1]?.word ?? "")));
  if (!done) return undefined;
  const verbAt = tagged.findIndex((t) => (t.tag.startsWith("v") && t.tag !== "vn") || lookupWord(t.word)?.kind === "verb");
  if (verbAt < 0) return undefined;
  // A person or another party before the verb did it ("Alice 已经发了邮件", "他已通知"): not the answerer's act.
  if (tagged.slice(0, verbAt).some((t) => /^nr/.test(t.tag) || /^(?:他|她|他们|她们|对方)$/u.test(t.word) || (t.tag === "eng" && /^[A-Z][a-z]/.test(t.word) && !channelOf(t.word)))) return undefined;
  const sending = tagged.slice(verbAt).find((t) => sendSense([t.word]));
  const domain = (sending ? sendSense([sending.word])?.domain : undefined) ?? hanChannels(clause)[0] ?? tagged.map((t) => channelOf(t.word)).find(Boolean);
  // Another verb acts in a channel only where the clause places it there (在钉钉群里, 群里, 邮件中) and names no file.
  const placed = !!domain && /[里上中内]/u.test(clause) && !new RegExp(PATH_TOKEN.source, "u").test(clause);
  if (!sending && !placed) return undefined;
  return { clause, verb: (sending ?? tagged[verbAt]!).word, ...(domain ? { domain } : {}), sends: !!sending };
}

const SLASHED_PATH = /(?<![\p{Script=Latin}\p{N}_.:\/-])[\p{Script=Latin}\p{N}_.-]+(?:\/[\p{Script=Latin}\p{N}_.-]+)+\/?/gu;

/**
 * The acts an answer claims through a channel, clause by clause. A negated clause, an honest
 * "cannot" and a question claim nothing.
 */
export function claimedActs(answer: string): ClaimedAct[] {
  const out: ClaimedAct[] = [];
  // Quoted text is what was written or said, not the answer's own words ("Created a.md with 'Open an issue first.'").
  // A path is a place in the workspace, whatever its words (`templates/email`): it stands as a plain file name.
  // A file name's words are no verbs of the answer's (`my_first_post.md` sends nothing; round 32).
  for (const clause of clausesOf(withoutProposals(answer.replace(QUOTED, " ").replace(SLASHED_PATH, "path.txt").replace(new RegExp(PATH_TOKEN.source, "gu"), (m, at: number, all: string) => (all[at - 1] === "@" ? m : "path.txt"))))) {
    if (NEGATED.test(clause) || statedInability(clause) || /[?？]$/u.test(clause) || ADVICE.test(clause)) continue;
    const act = hasHan(clause) ? chineseAct(clause) : englishAct(clause);
    if (act) out.push(act);
  }
  return out;
}

/** The channels a text names (`email`, `Slack`, `电话`, `钉钉`): what an honest "cannot" says it cannot act through. */
export function channelsIn(text: string): Domain[] {
  const words = text.split(/[\s,.;:!?，。；：！？]+/u).filter(Boolean);
  return [...new Set([...words.map(channelOf).filter((d): d is Domain => !!d), ...hanChannels(text)])];
}
