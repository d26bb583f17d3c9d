/**
 * An answer describing the named part of a file a question asks about ("What does the deploy
 * target in the Makefile do?") when nothing the turn observed shows that name: an extract of the
 * build target answered for the deploy one (round 30). An answer saying there is no such part is
 * judged elsewhere (answerAbsence.ts); one that names no part is not judged here.
 */
import { mentionsName } from "../language/answerWords.js";
import { isStopword } from "../language/english.js";
import { holdsText } from "./textHolds.js";
import type { Evidence } from "./types.js";

/** A named part of a file: "the deploy target", "the `load` function", "release 配方", "main 函数". */
const PART = /(?:\bthe\s+)?[`'"]?([A-Za-z_][\w.-]{2,})[`'"]?\s+(?:target|recipe|function|method|section|key|field|setting|job|stage|rule|task|class|hook)\b/u;
const HAN_PART = /[`'"]?([A-Za-z_][\w.-]{2,})[`'"]?\s*(?:这个|那个)?\s*(?:目标|函数|方法|字段|配置项|配方|任务|类|章节)/u;
/** Negation in the answer: a part said missing is not described. */
const DENIES = /\b(?:no|not|none|never|doesn't|isn't|there's\s+no)\b|n['’]t\b|没有|不存在|找不到|并无/iu;

export function unseenPart(turn: Evidence[], answer: string, request: string): string | undefined {
  const name = (PART.exec(request) ?? HAN_PART.exec(request))?.[1];
  if (!name || isStopword(name.toLowerCase()) || !mentionsName(answer, name) || DENIES.test(answer)) return undefined;
  const seen = turn.some((e) => e.kind !== "write" && !e.simulated && holdsText(e.content, name));
  return seen ? undefined : `the answer describes ${name}, but nothing this turn observed shows ${name}`;
}
