/**
 * How many tests passed and failed, as a test run printed it and as an answer says it (issue 21,
 * round 31): "3 passed, 0 failed" after unittest printed `Ran 4 tests … OK` counts a run that did
 * not happen. Only a runner's own summary is read: unittest's `Ran N tests` with `OK` or
 * `FAILED (failures=…, errors=…)`, pytest's closing `=== … passed … ===` line, cargo's `test
 * result:` lines, and jest's or vitest's `Tests` line.
 */
import { numberWord } from "../language/requestLexicon.js";
import { shownText } from "./answerValues.js";
import { real } from "./observedState.js";
import type { Evidence } from "./types.js";

export interface Tally {
  passed?: number;
  failed?: number;
}

const count = (line: string, word: RegExp): number | undefined => {
  const m = new RegExp(`(\\d+)\\s+(?:${word.source})`, "u").exec(line);
  return m ? Number(m[1]) : undefined;
};

/** The tally a runner's summary printed, or undefined when the text holds none. */
export function printedTally(text: string): Tally | undefined {
  const ran = /^Ran (\d+) tests?\b/mu.exec(text);
  if (ran) {
    const total = Number(ran[1]);
    const outcome = /^(OK|FAILED)\b(?:\s*\(([^)]*)\))?/mu.exec(text.slice(ran.index));
    if (!outcome) return undefined;
    const of = (k: string) => Number(new RegExp(`\\b${k}=(\\d+)`, "u").exec(outcome[2] ?? "")?.[1] ?? 0);
    const failed = of("failures") + of("errors");
    // Skipped and expected failures are neither: the passed count is left open.
    const open = of("skipped") + of("expected failures") + of("unexpected successes") > 0;
    return { failed, ...(open ? {} : { passed: total - failed }) };
  }
  const cargo = [...text.matchAll(/^test result: \w+\. (\d+) passed; (\d+) failed/gmu)];
  if (cargo.length) return { passed: cargo.reduce((n, m) => n + Number(m[1]), 0), failed: cargo.reduce((n, m) => n + Number(m[2]), 0) };
  const line = text.split("\n").reverse().find((l) => /^=+ .*\b\d+ (?:passed|failed)\b.* =+$/u.test(l.trim()) || /^\s*Tests:?\s+.*\b\d+ (?:passed|failed)\b/u.test(l));
  if (!line) return undefined;
  const passed = count(line, /passed/);
  const failed = count(line, /failed/);
  return { passed: passed ?? 0, failed: failed ?? 0 };
}

/** A count, not the total of "1 of 2 fail". */
const NUMBER = String.raw`(?<!\bof\s)(\d+|[A-Za-z]+|[一二三四五六七八九十两]+)`;
const PASSED = new RegExp(`${NUMBER}\\s*(?:个|条)?\\s*(?:(?:unit\\s+)?tests?\\s+|测试(?:用例)?\\s*|用例\\s*)?(?:passed|passing|pass|succeeded|通过|成功)`, "giu");
const FAILED = new RegExp(`${NUMBER}\\s*(?:个|条)?\\s*(?:(?:unit\\s+)?tests?\\s+|测试(?:用例)?\\s*|用例\\s*)?(?:failed|failing|fail|failures?|失败)|${NUMBER}\\s+of\\s+\\d+\\s+(?:tests?\\s+)?fail`, "giu");

const stated = (answer: string, re: RegExp): number | undefined => {
  for (const m of answer.matchAll(re)) {
    const word = m[1] ?? m[2]!;
    const n = /^\d+$/u.test(word) ? Number(word) : numberWord(word);
    if (n !== undefined) return n;
  }
  return undefined;
};

/** The passed and failed counts an answer states ("3 passed, 0 failed", "2 个测试失败"). */
export const saidTally = (answer: string): Tally => ({ passed: stated(answer, PASSED), failed: stated(answer, FAILED) });

/** A passed or failed count the answer states that no test summary of the turn printed (a report may tell a run before the fix too). */
export function miscountedTests(turn: Evidence[], answer: string): string | undefined {
  const runs = turn
    .filter((e) => e.kind === "command" && real(e))
    .map((e) => ({ e, tally: printedTally(shownText(e)) }))
    .filter((r): r is { e: Evidence; tally: Tally } => !!r.tally);
  const last = runs.at(-1);
  if (!last) return undefined;
  const said = saidTally(answer);
  for (const k of ["passed", "failed"] as const) {
    const n = said[k];
    if (n === undefined || last.tally[k] === undefined || runs.some((r) => r.tally[k] === n)) continue;
    return `the answer says ${n} ${k}, but [${last.e.id}] printed ${last.tally[k]} ${k}`;
  }
  return undefined;
}
