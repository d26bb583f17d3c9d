/**
 * Whether an answer gives the kind of value its question asks for, and whether the calendar
 * facts it states were observed (issue 21, round 12). A question naming the kind of value it
 * wants (a version, an address, a date) is answered by a value of that kind when the turn's
 * evidence showed one; a month, a year or a day relative to today that an answer states must be
 * one the evidence or the request shows.
 */
import { askedKind, monthsIn, relativeDaysIn, statesKind, yearsIn } from "../language/answerKinds.js";
import { asksCount, opensWithDenial, sentences, statedInability, statedNumbers, withoutProposals } from "../language/answerWords.js";
import { DOTFILE, PATH_TOKEN } from "../language/operands.js";
import { asksForValue } from "./answerGrounding.js";
import { SEARCHES, shownText } from "./answerValues.js";
import { commandSteps, programOf } from "./commandSteps.js";
import { baseOf, isEffect, real, seen, within } from "./observedState.js";
import { commandLine, exitCode, ranOverGlob } from "./commandObservations.js";
import type { Evidence, TaskFrame } from "./types.js";

/** Negation anywhere in a sentence: a file it names is not stated as found. */
const NEGATED = /\b(?:not|no|nothing|never|none|neither|nor)\b|n['’]t\b|[没未不无]/iu;
/** An aside set outside what was asked ("(scripts/dev.js has one, outside src/)"): no finding of the question's scope. */
const OUTSIDE_SCOPE = /\boutside\b|之外|以外/iu;

/** Whether `text` shows `name` as a path's last part (`render.py` in `invoices/render.py:3`, not in `prerender.py`). */
const shownName = (text: string, name: string): boolean => new RegExp(`(?<![\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "u").test(text);

/** A file name's extension, lower-cased (`py` of `app.py`). */
const extOf = (path: string): string => /\.([A-Za-z0-9]+)$/.exec(baseOf(path))?.[1]?.toLowerCase() ?? "";

/** All the text an observation holds (a command's transcript, a read's lines, a record). */
const heldText = (e: Evidence): string => (seen(e) || real(e) ? e.content : "");

/**
 * A question asking for a version, an address or a date, answered with no value of that kind
 * although the turn's evidence showed one: "The dependencies are click>=8 and pyyaml" to "which
 * Python version", "连接池大小是 5" to "数据库地址是什么", "Python 3 … see output above" after a
 * command printed `Python 3.11.4`. A denial, an honest "cannot" and an answer citing what it
 * read (`[ev-1]`) are left to the other checks.
 */
export function unansweredKind(turn: Evidence[], answer: string, request: string): string | undefined {
  const kind = askedKind(request);
  // "几个包锁了版本" asks how many, not which version.
  // A date is asked of a lookup's record only ("When was Node 20 released?"; round 36): a file's dates are judged by unshownDate.
  if (!kind || (kind === "date" && !turn.some((e) => e.kind === "record" && real(e))) || (!asksForValue(request) && kind !== "date") || asksCount(request) || opensWithDenial(answer) || statedInability(answer)) return undefined;
  if (turn.some((e) => answer.includes(`[${e.id}]`))) return undefined;
  const shown = turn.some((e) => statesKind(shownText(e), kind));
  if (!shown || statesKind(withoutProposals(answer), kind)) return undefined;
  // A host name the evidence sets as a host (`DB_HOST=pg.internal.lan`, `host: db.lan`) is an address too (round 35).
  if (kind === "address" && hostValues(turn).some((h) => answer.includes(h))) return undefined;
  return `the request asks for ${kind === "address" ? "an address" : `a ${kind}`}, but the answer states none, though [${turn.find((e) => statesKind(shownText(e), kind))!.id}] shows one`;
}

/**
 * A month, a year or a day relative to today (`October 2023`, `yesterday`, `昨天`) that an answer
 * to a question states and neither the request nor any observation of the thread shows: the
 * lookup said `2023-04-18`, a mail search said only `2 messages`. A change's report may date
 * what it wrote; it is left to its verification.
 */
export function unshownDate(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent === "change") || turn.some(isEffect) || !turn.some((e) => seen(e) || real(e))) return undefined;
  const held = [request, ...evidence.map(heldText)].join("\n");
  const months = monthsIn(held);
  const years = new Set(yearsIn(held));
  const relative = new Set(relativeDaysIn(held));
  for (const sentence of sentences(withoutProposals(answer))) {
    // A date inside a file's name (`minutes/2024-05.md`) names the file; it states no date.
    const stated = sentence.replace(PATH_TOKEN, " ");
    const month = [...monthsIn(stated)].find((m) => !months.has(m));
    const year = yearsIn(stated).find((y) => !years.has(y));
    const day = relativeDaysIn(stated).find((d) => !relative.has(d));
    const unshown = month ? `month ${month}` : year ?? day;
    if (unshown) return `the answer states ${unshown} ("${sentence}"), but no observation of this run shows it`;
  }
  return undefined;
}

/**
 * The parts of a sentence that state on their own: an aside in parentheses or brackets, and what
 * follows a contrast (`but`, `however`, `但`, `不过`) or a semicolon. "No. find found nothing (there's
 * only config/.env.example)" states the file in its aside whatever the sentence denies (round 15).
 */
const statingParts = (sentence: string): string[] => {
  const asides = [...sentence.matchAll(/[(（\[]([^()（）\[\]]*)[)）\]]/gu)].map((m) => m[1]!);
  const rest = sentence.replace(/[(（\[][^()（）\[\]]*[)）\]]/gu, " ");
  return [...rest.split(/[;；]|,?\s*\b(?:but|however|though)\b|但是|但|不过|然而/iu), ...asides].map((p) => p.trim()).filter(Boolean);
};

/** A file's name written with the folder it is in (`src/api/users.ts`, `config/.env.example`): a path whatever its kind. */
const FOLDERED = /\/[^/\s]*\.[A-Za-z][A-Za-z0-9]*$/u;

/**
 * A file an answer to a question names that nothing of the thread showed: not the request, not a
 * path an observation came from, not a name any observation printed or a command named ("used in
 * three places, including app.py" after a search whose hits were all in render.py; "2 TODOs, one in
 * src/api/users.ts" after a command that printed only the count). A file named in a negated part of
 * a sentence or in advice is not stated as found; a change's report is left alone.
 */
export function unshownPath(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent === "change" || g.intent === "verify") || turn.some(isEffect) || !turn.some((e) => seen(e) || real(e))) return undefined;
  const known = [request, ...evidence.flatMap((e) => [e.source.path ?? "", e.content])].join("\n");
  // A dotted name is a file only when files of its kind are in sight (`app.py` beside `render.py`; `database.pool` is a key),
  // or when it is written inside a folder (`src/ui/App.tsx`): a key or a version has no folder part.
  const fileKinds = new Set(evidence.map((e) => e.source.path ?? "").filter(Boolean).map(extOf));
  const isFile = (p: string) => fileKinds.has(extOf(p)) || FOLDERED.test(p);
  for (const sentence of sentences(withoutProposals(answer))) {
    for (const part of statingParts(sentence)) {
      if (NEGATED.test(part) || OUTSIDE_SCOPE.test(part)) continue;
      const names = [...part.matchAll(PATH_TOKEN), ...[...part.matchAll(DOTFILE)].filter((m) => m[0].includes("/"))].map((m) => m[0]);
      // A file a command ran over (`for f in config/*.json`) is one it named.
      // So is a file inside a folder a finished command ran over (`node tools/lint.js src`: "src/a.js is clean"; round 37), not the whole workspace.
      // One command, not a search: a search's output shows what it found, and a piped one shows less still (`grep -r TODO src | wc -l`).
      const operands = (e: Evidence) => {
        const steps = e.kind === "command" && exitCode(e) !== null ? commandSteps(commandLine(e)).steps : [];
        return steps.length === 1 && !SEARCHES.has(programOf(steps[0]!)) ? steps[0]!.argv.slice(1).map((w) => w.replace(/^\.\/|\/$/gu, "")) : [];
      };
      const ranOver = (p: string) => turn.some((e) => operands(e).some((o) => o && o !== "." && !o.startsWith("-") && o !== p && within(p, o)));
      const name = names.find((p) => isFile(p) && !known.includes(p) && !shownName(known, baseOf(p)) && !turn.some((e) => ranOverGlob(e, p)) && !ranOver(p));
      if (name) return `the answer names ${name} ("${sentence}"), but no observation of this run shows it`;
    }
  }
  return undefined;
}

/** A number that dates or times something (`12 月`, `7 号`, `10 点`, `3pm`), not a count. */
const DATING = /^\s*(?:点|时|号|日|月|年|分|am\b|pm\b|o['’]clock)/iu;

/**
 * A count question answered from an outside record that opens by counting what it found ("1
 * event: standup 10:00"), with a count the record does not give ("两个会"): the numbers the answer
 * states, beyond those dating something, must include the record's (round 14).
 */
export function recordCountMismatch(turn: Evidence[], answer: string, request: string): string | undefined {
  const record = turn.filter((e) => e.kind === "record" && seen(e)).at(-1);
  const found = record ? /^\s*(\d+)\s+(\p{L}+)/u.exec(record.content) : null;
  if (!record || !found) return undefined;
  // Unasked, a count of the very things the record counted ("3 unread messages" after "2 messages") is still a count (round 36).
  if (!asksCount(request)) {
    const said = new RegExp(`(?<![\\d.])(\\d+)\\s+(?:[\\p{L}-]+\\s+)?${found[2]!}`, "iu").exec(answer);
    return said && said[1] !== found[1] ? `the answer counts ${said[1]} ${found[2]}, but [${record.id}] found ${found[1]}` : undefined;
  }
  // Numbers dating something are blanked where they stand: the same value may also be the count ("3 月 13 号有三个会").
  const counts = statedNumbers(answer.replace(/\d+/gu, (n, at: number) => (DATING.test(answer.slice(at + n.length)) ? " " : n)));
  if (counts.length && !counts.includes(Number(found[1]))) return `the answer counts ${counts.join(", ")}, but [${record.id}] found ${found[1]}`;
  return undefined;
}

/** The values of host settings the turn showed (`DB_HOST=pg.internal.lan`, `host: "db.lan"`). */
const hostValues = (turn: Evidence[]): string[] =>
  turn.flatMap((e) => [...shownText(e).matchAll(/host(?:name)?["']?\s*[=:]\s*["']?([A-Za-z0-9][\w.-]*\.[A-Za-z][\w-]*)/giu)].map((m) => m[1]!));
