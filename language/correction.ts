/**
 * A request that corrects itself ("swap tabs in Makefile.inc... actually no, in styles.css",
 * "删掉 a.txt，不对，是 b.txt"): the path named after the correction replaces the last one named
 * before it, and the correction's words go. What the request asks is then read from the
 * corrected text alone, so the retracted path makes no goal.
 */
import { mentionedPaths } from "./operands.js";

const CORRECTION = /(?:\.{2,}|…|[,，;；—–-])?\s*(?:\b(?:actually|oh)\s*,?\s*no\b|\bno,?\s+wait\b|\bwait,?\s+no\b|\bsorry,?\s+I\s+meant?\b|不对|说错了|哦不|啊不)[,，:：!！.。]*\s*(?:(?:是|应该是|改成)\s*)?/iu;

export function corrected(request: string): string {
  const cue = CORRECTION.exec(request);
  if (!cue) return request;
  const head = request.slice(0, cue.index);
  const tail = request.slice(cue.index + cue[0].length);
  const retracted = mentionedPaths(head).at(-1);
  const meant = mentionedPaths(tail)[0];
  if (!retracted || !meant) return request;
  const at = head.lastIndexOf(retracted);
  // The rest of the tail after the path it names continues the request ("… actually no, in b.css, and run the tests").
  const after = tail.slice(tail.indexOf(meant) + meant.length);
  return `${head.slice(0, at)}${meant}${head.slice(at + retracted.length)}${after}`;
}
