/**
 * What a request leaves unclear (issue 21, bad input), settled by the model's answer instead of
 * stopping the run before it starts. A name several folders hold, or one mixing alphabets, may
 * mean more than one file: the answer either asks which is meant, or
 * says by path which it is about, and its goals become that file's. An answer naming none chose
 * silently and is refused (a change made meanwhile is judged by its own goal). A request with no
 * words asks nothing: the answer asks what is wanted, with no tool used and nothing claimed done.
 */
import { claimedChange, sentences } from "../language/answerWords.js";
import { isCompletionWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { coverGoals } from "./completionGate.js";
import { evidenceNumber } from "./observedState.js";
import type { Evidence, Goal, TaskFrame } from "./types.js";

type Unclear = NonNullable<TaskFrame["unclear"]>[number];

// A sentence asking which file is meant: a "which" word, or "是 … 吗" naming one.
const WHICH = /\bwhich\b|\b(?:did|do)\s+you\s+mean\b|\bthe\s+one\s+you\b|\bor\s+both\b|哪(?:一|个|些|份|里)|还是|是.{0,40}吗/iu;
const ASKING = /[?？]\s*$|请确认|请告诉|告诉我|\blet\s+me\s+know\b|\btell\s+me\b|\bconfirm\b/iu;

// Saying the request was not understood asks for it again.
const UNSURE = /\bnot\s+sure\s+what\b|\bno\s+idea\s+what\b|不确定|没法判断|无法判断|不清楚你|不知道你/iu;

/** The sentence of an answer asking which of several files is meant, if it asks. */
function asksWhich(answer: string): string | undefined {
  return sentences(answer).find((s) => WHICH.test(s) && ASKING.test(s));
}

/** Whether an answer names a path: the whole path, or its last two or more segments, standing alone. */
function namesPath(answer: string, path: string): boolean {
  const parts = path.split("/");
  const forms = parts.length === 1 ? [path] : parts.slice(0, -1).map((_, i) => parts.slice(i).join("/"));
  return forms.some((form) => {
    for (let at = answer.indexOf(form); at >= 0; at = answer.indexOf(form, at + 1)) {
      const before = answer[at - 1] ?? " ";
      const after = answer[at + form.length] ?? " ";
      if (!/[\w./-]/u.test(before) && !/[\w/-]/u.test(after)) return true;
    }
    return false;
  });
}

const mentionsName = (g: Goal, name: string) => g.target === name || g.to === name || !!g.targets?.includes(name);
const renamed = (g: Goal, name: string, path: string): Goal => ({
  ...g,
  ...(g.target === name ? { target: path } : {}),
  ...(g.to === name ? { to: path } : {}),
  ...(g.targets ? { targets: g.targets.map((t) => (t === name ? path : t)) } : {}),
  description: g.description.split(name).join(path),
});

/**
 * The frame as the answer settles its unclear names: goals of a name the answer asks about are
 * set aside with its question as the reason; goals of a name it answers by path become that
 * file's (the one its evidence covers, when it names several). `unsettled` says what the answer
 * left unchosen.
 */
export function settleUnclear(frame: TaskFrame, answer: string, evidence: Evidence[]): { frame: TaskFrame; unsettled?: string } {
  let settled = frame;
  const unsettled: string[] = [];
  for (const u of frame.unclear ?? []) {
    // A goal of the bare name may count as covered by what the name does not mean (a listing without it): it is settled too.
    const of = (g: Goal) => (g.status === "open" || g.status === "covered") && mentionsName(g, u.name);
    if (!settled.goals.some(of)) continue;
    // A change made meanwhile is judged by its own goal (effectGoals.ts), whatever the answer asks.
    const question = asksWhich(answer);
    if (question) {
      settled = { ...settled, goals: settled.goals.map((g) => (of(g) ? { ...g, status: "disputed" as const, reason: `the model asked which file is meant: ${question}` } : g)) };
      continue;
    }
    const named = u.candidates.filter((c) => namesPath(answer, c));
    if (!named.length) {
      unsettled.push(`${u.name} may be ${u.candidates.join(" or ")}: the answer neither says by path which file it is about nor asks which is meant`);
      continue;
    }
    settled = best(settled, u, named, evidence);
  }
  return { frame: settled, ...(unsettled.length ? { unsettled: unsettled.join("; ") } : {}) };
}

/** The frame with the unclear name read as the named file whose evidence covers the most of its goals. */
function best(frame: TaskFrame, u: Unclear, named: string[], evidence: Evidence[]): TaskFrame {
  const reopened = (g: Goal): Goal => ({ ...g, status: "open", coveredBy: [] });
  const options = named.map((path) => coverGoals({ ...frame, goals: frame.goals.map((g) => ((g.status === "open" || g.status === "covered") && mentionsName(g, u.name) ? reopened(renamed(g, u.name, path)) : g)) }, evidence));
  const score = (f: TaskFrame) => f.goals.filter((g) => g.status === "covered").length;
  return options.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/**
 * Why an answer to a request with no words is refused: a tool was used, or work is claimed done,
 * or nothing is asked back. Undefined when it asks what is wanted and did nothing.
 */
export function wordlessAnswer(frame: TaskFrame, answer: string, evidence: Evidence[]): string | undefined {
  if (!frame.wordless) return undefined;
  const used = evidence.some((e) => evidenceNumber(e) > (frame.since ?? 0));
  const claims = sentences(answer).some((s) => !ASKING.test(s) && (!!claimedChange(s) || segmentWords(s).some(isCompletionWord)));
  const asks = sentences(answer).some((s) => ASKING.test(s) || UNSURE.test(s));
  if (!used && !claims && asks) return undefined;
  return "the request has no words (only punctuation or symbols), so it asks for nothing: do nothing, claim nothing, and ask the user what they want";
}
