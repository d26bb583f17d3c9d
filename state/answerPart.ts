/**
 * An answer describing the named part of a file a question asks about ("What does the deploy
 * target in the Makefile do?", "an email column") when nothing the turn observed shows that name:
 * an extract of the build target answered for the deploy one (round 30), a column no read showed
 * (round 36). An answer saying there is no such part is judged elsewhere (answerAbsence.ts); one
 * that names no part is not judged here.
 */
import { mentionsName, opensWithAffirmation } from "../language/answerWords.js";
import { isStopword } from "../language/english.js";
import { holdsText } from "./textHolds.js";
import type { Evidence } from "./types.js";

/** A named part of a file: "the deploy target", "the `load` function", "release 配方", "main 函数". */
const PART = /(?:\bthe\s+)?[`'"]?([A-Za-z_][\w.-]{2,})[`'"]?\s+(?:target|recipe|function|method|section|key|field|setting|job|stage|rule|task|class|hook)\b/u;
const HAN_PART = /[`'"]?([A-Za-z_][\w.-]{2,})[`'"]?\s*(?:这个|那个)?\s*(?:目标|函数|方法|字段|配置项|配方|任务|类|章节)/u;
/** Negation in the answer: a part said missing is not described. */
const DENIES = /\b(?:no|not|none|never|doesn't|isn't|there's\s+no)\b|n['’]t\b|没有|不存在|找不到|并无/iu;

/** A column asked about in a yes/no question ("Does it add an email column?", "有 email 列吗？"). */
const COLUMN_ASKED = /^\s*(?:does|do|is|are|has|have|did)\b.*?\b([A-Za-z_][\w-]{2,})\s+column\b.*\?\s*$|([A-Za-z_][\w-]{2,})\s*(?:这一|这个)?\s*列[^？?]*(?:吗|么)[？?]?\s*$/iu;

export function unseenPart(turn: Evidence[], answer: string, request: string): string | undefined {
  // A column counts only when the answer says yes to it: a total or a drop of a column need not show its name (round 36).
  const column = opensWithAffirmation(answer) ? COLUMN_ASKED.exec(request) : null;
  const name = (PART.exec(request) ?? HAN_PART.exec(request))?.[1] ?? column?.[1] ?? column?.[2];
  if (!name || isStopword(name.toLowerCase()) || !mentionsName(answer, name) || DENIES.test(answer)) return undefined;
  const seen = turn.some((e) => e.kind !== "write" && !e.simulated && holdsText(e.content, name));
  return seen ? undefined : `the answer describes ${name}, but nothing this turn observed shows ${name}`;
}

/** Lines a request names ("lines 20-26 of server.py", "第 20 到 26 行"): the first and the last. */
const NAMED_LINES = /\blines?\s+(\d+)\s*(?:-|–|to|through)\s*(\d+)\b|第\s*(\d+)\s*(?:-|–|到|至)\s*(?:第\s*)?(\d+)\s*行/iu;

/**
 * An answer about lines a request names when nothing the turn read showed any of them: a read of
 * lines 1–10 answers nothing of lines 20–26 (round 36). Only reads that say which lines they showed count.
 */
export function unreadLines(turn: Evidence[], answer: string, request: string): string | undefined {
  const m = NAMED_LINES.exec(request);
  if (!m || DENIES.test(answer)) return undefined;
  const [from, to] = [Number(m[1] ?? m[3]), Number(m[2] ?? m[4])];
  const reads = turn.filter((e) => (e.kind === "content" || e.kind === "passage" || e.kind === "search_hit") && !e.simulated);
  const ranged = reads.filter((e) => e.source.startLine !== undefined && e.source.endLine !== undefined);
  if (!reads.length || ranged.length < reads.length) return undefined;
  return ranged.some((e) => e.source.startLine! <= to && e.source.endLine! >= from) ? undefined : `the answer describes lines ${from}–${to}, but nothing this turn read showed them`;
}
