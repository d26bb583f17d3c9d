/**
 * A negative claim about a file that the file's observed content contradicts (issue 21, round
 * 14): "justfile 里没有 release 配方" after a read showing `release:` as a line of its own. Only
 * what the read settles is compared: a name written in Latin letters after the denial, and a
 * line of the file that defines or opens with that name (a key, a recipe or target, a heading, a
 * `def`/`function`/`class`, a call). A mention inside another line (`--release`) settles nothing.
 */
import { isStopword } from "../language/english.js";
import { mentionsName } from "../language/answerWords.js";
import { deniesNext, isDenialWord, isNegation } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { baseOf, evidenceNumber, isEffect, seen } from "./observedState.js";
import type { Evidence } from "./types.js";

/** Words opening a definition before its name (`def run`, `export function run`, `pub fn run`). */
const KEYWORDS = "(?:(?:export|default|pub|async|static|public|private|def|function|func|fn|class|interface|type|const|let|var|sub|struct|enum)\\s+)*";

/** Whether `text` has a line that defines or opens with `name`: `name:`, `name =`, `name(`, `name {`, `def name`, a heading `## name …`. */
export function leadsLine(text: string, name: string): boolean {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*(?:${KEYWORDS}["'\`]?${n}["'\`]?\\s*[:=({]|#+\\s*${n}\\b)`, "imu").test(text);
}

/**
 * Latin names a clause denies after its denial word (`release` in "没有专门的 release 配方", "has no
 * release recipe"), each whole as written: `old-api` is one name, not `old` and `api`.
 */
function deniedNames(clause: string): string[] {
  const words = segmentWords(clause);
  const at = words.findIndex((w) => isNegation(w) || isDenialWord(w) || deniesNext(w));
  if (at < 0) return [];
  // Where the denial word stands in the clause: the words before it are found in order.
  let from = 0;
  for (const w of words.slice(0, at + 1)) {
    const i = clause.indexOf(w, from);
    if (i >= 0) from = i + w.length;
  }
  const latin = [...clause.slice(from).matchAll(/(?<![\w.\/-])[A-Za-z_][\w-]*[\w](?![\w.\/-])/gu)].map((m) => m[0]).filter((w) => w.length >= 3 && !isStopword(w.toLowerCase()));
  // Han text right after the denial, up to 的 or a break ("没有注销账号的内容": 注销账号; round 30).
  const han = /^\s*(?:专门|关于|讲|提到|写|说)?\s*(?:怎么|如何)?\s*(\p{Script=Han}{2,12}?)(?=的|[，。,.;；、\s]|$)/u.exec(clause.slice(from))?.[1];
  return han ? [...latin, han] : latin;
}

/** Whether a heading of `text` holds a Han phrase (`## 如何注销账号？` holds 注销账号). */
const headsWith = (text: string, phrase: string): boolean => /\p{Script=Han}/u.test(phrase) && text.split("\n").some((l) => /^\s*#+\s/u.test(l) && l.includes(phrase));

/**
 * Why a denial about a read file is contradicted by its latest read, or undefined. The file is
 * the one the clause names, or the only file the turn read when the clause names none; a read
 * followed by an effect of the turn may be stale and settles nothing.
 */
export function deniedShown(turn: Evidence[], answer: string): string | undefined {
  const reads = turn.filter((e) => (e.kind === "content" || e.kind === "passage") && seen(e) && !!e.source.path);
  const files = [...new Set(reads.map((e) => e.source.path!))];
  if (!files.length) return undefined;
  // A dash or a colon ends a denial's reach: "Nothing to change — config.ini already has `legacy_mode = off`" (round 31).
  for (const clause of answer.split(/[,，;；。!?！？\n：]|(?<=\.)\s+|\s[—–]\s?|—|:\s/u)) {
    const names = deniedNames(clause);
    if (!names.length) continue;
    const named = files.filter((f) => mentionsName(clause, baseOf(f)) || mentionsName(clause, f));
    const about = named.length ? named : files.length === 1 && !/[\w-]+\.[A-Za-z]{1,5}\b/.test(clause) ? files : [];
    for (const file of about) {
      const last = reads.filter((e) => e.source.path === file).at(-1)!;
      if (turn.some((e) => isEffect(e) && evidenceNumber(e) > evidenceNumber(last))) continue;
      // The file's own name (`ops` of docs/ops.md) is what the file is, not something in it.
      const own = baseOf(file).toLowerCase().split(/[._-]/u);
      const shown = names.find((n) => !own.includes(n.toLowerCase()) && (leadsLine(last.content, n) || headsWith(last.content, n)));
      if (shown) return `the answer says ${file} has no ${shown}, but [${last.id}] shows a line of ${shown}`;
    }
  }
  return undefined;
}
