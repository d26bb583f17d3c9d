/**
 * Content a request gives after a word of saying and a colon, unquoted ("a file that just says:
 * Please open an issue before sending a PR.", "内容写着：…"): what follows is text to hold, not
 * words of the request, so nothing in it is a verb, a domain or a path of the request (CONTRACT
 * §6: quoted content is content, never a goal). Used by the request reader (request.ts).
 */

/** A word of saying or holding right before a colon: what follows it, to the end of the line, is the content. */
const SAID = /(?:\b(?:says?|saying|reads?|reading|contains?|containing|with\s+(?:the\s+)?(?:text|line|content|contents|message|words?))|内容(?:是|为|写)?|写着|写上|写成|写入|写)\s*[:：]\s*/giu;

/** The spans of said content in `text`: the text after the colon up to the end of its line, without a closing period. */
export function saidContent(text: string): Array<{ text: string; at: number; end: number }> {
  const out: Array<{ text: string; at: number; end: number }> = [];
  for (const m of text.matchAll(SAID)) {
    const at = m.index + m[0].length;
    const lineEnd = text.indexOf("\n", at);
    const end = lineEnd === -1 ? text.length : lineEnd;
    const said = text.slice(at, end).trim().replace(/[.。]$/u, "").trim();
    // Quoted content is read as a quote already.
    if (said && !/^["'`“‘「]/u.test(said)) out.push({ text: said, at, end });
  }
  return out;
}
