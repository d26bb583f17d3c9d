/**
 * A line the request asks to add that the observation after the change shows only glued onto
 * another line (issue 21, round 14): `echo 'x' >> f` onto a file with no final newline leaves
 * `…110x` on the last line, so the requested line is not there as a line of its own. Only data
 * a line is made of is compared (fields holding a digit, joined by a separator, or the quoted content),
 * never prose words.
 */
import { QUOTED } from "../language/operands.js";
import { lookupWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { lastObservation, shownText } from "./answerValues.js";
import type { Evidence, TaskFrame } from "./types.js";

/** A request asking for a line or a row of its own ("add a line", "a new row", "加一行"). */
const ASKS_LINE = /\b(?:line|row)s?\b|行/iu;
/** A request putting text onto existing lines (`to line 3`, `at the end of each line`, `第 3 行`, `行尾`, `每行`): glued is what it asks. */
const ONTO_LINES = /\bline\s+\d+|\b(?:end|start|beginning)\s+of\s+(?:the\s+|each\s+|every\s+)?lines?\b|\b(?:each|every)\s+line\b|第\s*\S{1,3}\s*行|行尾|行首|每[一]?行/iu;
/** Full-width punctuation a Chinese request writes data with (`2026-11-05，east，130`): the file holds the ASCII form. */
const ascii = (text: string) => text.replace(/[，、]/gu, ",").replace(/：/gu, ":").replace(/；/gu, ";");
/** A character a value ends with: the line the requested text was glued onto. */
const VALUE_END = /[\w.,;)\]}"'-]/u;

/** Whether what stands before the text on its line is another line's value: a line number or a quote opening the text is not. */
const glued = (before: string): boolean => {
  const rest = before.replace(/^\s*(?:\d+[:\t|]\s*)?/u, "").replace(/["'`]+$/u, "");
  return rest.length > 0 && VALUE_END.test(rest.at(-1)!);
};

/** The data lines a request gives: quoted content, or an unquoted run of fields with a digit in it that names no path. */
function requestedLines(request: string): string[] {
  const quotes = [...request.matchAll(QUOTED)].map((m) => m[0].slice(1, -1).trim());
  const runs = ascii(request.replace(QUOTED, " "))
    .split(/[\s\p{Script=Han}]+/u)
    .map((w) => w.replace(/^[:;,.]+|[:;,.?!]+$/gu, ""))
    // A line of several fields (`2026-11-05,east,130`, `key=value`): a lone field may be glued to the fields before it by design.
    .filter((w) => w.length >= 5 && /\d/.test(w) && /[=,;|]/.test(w) && !/\/|^[\w-]+\.[A-Za-z]{1,5}$/.test(w));
  return [...quotes, ...quotes.map(ascii), ...runs].filter((w) => w.length >= 3);
}

/** Why an added line is not a line of its own in the observation after the change, or undefined. */
export function gluedLine(frame: TaskFrame, evidence: Evidence[], turn: Evidence[], request: string): string | undefined {
  if (!ASKS_LINE.test(request) || ONTO_LINES.test(request) || !segmentWords(request).some((w) => { const s = lookupWord(w); return s?.kind === "verb" && !!s.additive; })) return undefined;
  const lines = [...new Set(requestedLines(request))];
  if (!lines.length) return undefined;
  for (const g of frame.goals.filter((x) => x.intent === "change" && x.status === "covered" && x.target)) {
    const seenAfter = lastObservation(turn, g, frame, evidence);
    if (!seenAfter) continue;
    const text = shownText(seenAfter);
    for (const line of lines) {
      const at = [...text.matchAll(new RegExp(line.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "g"))].map((m) => m.index);
      if (at.length && at.every((i) => glued(text.slice(text.lastIndexOf("\n", i - 1) + 1, i)))) return `the answer reports the line added, but [${seenAfter.id}] shows ${JSON.stringify(line)} only at the end of another line`;
    }
  }
  return undefined;
}
