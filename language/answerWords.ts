/**
 * How an answer reads (CONTRACT §6): what it says could not be done, whether it reports success,
 * a denial, an affirmation, a completed change, the numbers it states. The request reader's words
 * (`requestLexicon.ts`) applied to the model's answer rather than to the user's request.
 */
import { baseForms, isStopword } from "./english.js";
import { DOTFILE, PATH_TOKEN, QUOTED } from "./operands.js";
import { hasHan, isFunctionWord, segmentWords, tagWords } from "./segment.js";
import type { ChangeOp } from "./kinds.js";
import { wordnetIndex } from "./wordnet.js";
import { deniesNext, isAffirmationWord, isCapability, isCompletionWord, isDenialWord, isFailureWord, isInabilityPhrase, isInabilityWord, isNegation, isNotDoneWord, isProblemWord, isSuccessWord, lookupWord, numberWord } from "./requestLexicon.js";

/** Sentences of a text: cut after sentence punctuation (Latin before a space, so `README.md` stays whole; Chinese anywhere) and line breaks. */
export const sentences = (text: string): string[] => text.split(/(?<=[.!?;])\s+|(?<=[。！？；])\s*|\n+/u).map((s) => s.trim()).filter(Boolean);

/**
 * The sentence in which an answer says something could not be done ("I cannot send it: there is
 * no Slack tool", "没有发送邮件的工具，无法发送"), or undefined. Words, not substrings: "can't" is a
 * word, "scan" is not "can".
 */
export function statedInability(answer: string): string | undefined {
  for (const sentence of sentences(answer)) {
    const words = segmentWords(sentence);
    // A verb with 不了 joined on ("做不了", "合并不了") cannot be done, as 不了 alone says (round 35).
    if (words.some((w, i) => isInabilityWord(w) || /^\p{Script=Han}+不了$/u.test(w) || (i + 1 < words.length && isInabilityPhrase(w, words[i + 1]!)))) return sentence;
    // "I can read your calendar but not add to it": what it can do, then what it cannot (round 36).
    if (CAN_BUT_NOT.test(sentence)) return sentence;
    // A negation denying a capability later in the same clause ("我没有发送邮件的工具").
    for (const clause of sentence.split(/[,，、:：]/u)) {
      const cw = segmentWords(clause);
      if (cw.some((w, i) => isNegation(w) && cw.slice(i + 1).some((x) => isCapability(x) || ABILITY.test(x)))) return sentence;
    }
  }
  return undefined;
}

/** An ability followed by what it does not reach ("can read it but not add to it"). */
const CAN_BUT_NOT = /\bcan\s+\w+[^.;!?]{0,60}?\bbut\s+not\s+\w+/iu;

/** Nouns of being able to do something: denied, they state an inability as a missing tool does ("我没有拨打电话的能力", "no ability to call"). */
const ABILITY = /^(?:ability|abilities|capability|capabilities|能力|功能)$/iu;

/**
 * A Chinese compound is the kind of its last word (head-final): "语法错误" (syntax error) and
 * "编译失败" are problems and failures as "错误" and "失败" are, though the segmenter keeps them
 * whole. Two characters at least, so a one-character ending says nothing.
 */
const headed = (test: (w: string) => boolean) => (word: string): boolean =>
  test(word) || (hasHan(word) && [...word].some((_, i, cs) => i > 0 && cs.length - i >= 2 && test(cs.slice(i).join(""))));
const isProblem = headed(isProblemWord);
const isFailure = headed(isFailureWord);

/**
 * States a check reports itself in when it passes, beside the verbs of success: clean (nothing
 * flagged), green (a passing status light) and valid (what a validator found), in either language ("all clean",
 * "全绿", "valid JSON"; round 32).
 * An answer's reading only: in a request "clean" asks for a clean-up.
 */
const PASSING_STATE = new Set("clean green 干净 绿 全绿 绿色 fine smoothly normally 正常 顺利 valid 有效 合法".split(" "));
/** "ok" reports a state only inside a clause ("printed ok", "输出 ok"); opening one, it is a discourse marker ("OK, 0 matches"). */
const OK = /^(?:ok|okay)$/iu;
const isSuccess = (word: string, i = 1): boolean => isSuccessWord(word) || PASSING_STATE.has(word.toLowerCase()) || (i > 0 && OK.test(word));

/** Whether an answer reports success with no word of failure or negation in it ("检查全部通过了", "All checks passed", "没有语法错误"). */
export function claimsSuccess(answer: string): boolean {
  const clauses = answer.split(/[,，;；。!?！？\n]|(?<=\.)\s+/u).map(segmentWords).filter((ws) => ws.length);
  let success = false;
  let failure = false;
  // A clause saying every check passed ("测试全部通过", "all tests passed"): a negated clause beside it with no word of
  // success or problem ("没有挂的", "nothing broke") restates it (round 12), and is no failure.
  const allPassed = clauses.some((ws) => ws.some(isSuccess) && claimsAll(ws.join(" ")) && !ws.some((w) => isNegation(w) || deniesNext(w)));
  for (const words of clauses) {
    // A denial consumed by the word it denies: "没问题" and "no errors" report success, "没通过" failure.
    const consumed = new Set<number>();
    // A problem a repair verb takes ("已修复 sub 的问题", "fixed the error") is what was repaired, not one left (round 12).
    const repairAt = words.findIndex((w) => [w, ...participleBases(w)].some((f) => { const s = lookupWord(f); return s?.kind === "verb" && !!s.repairs; }));
    words.forEach((w, i) => {
      const denied = i > 0 && deniesNext(words[i - 1]!);
      if (denied && (isSuccess(w, i) || isProblem(w))) consumed.add(i - 1);
      if (isProblem(w) && repairAt >= 0 && repairAt < i) consumed.add(i);
      if ((isSuccess(w, i) && !denied) || (isProblem(w) && denied)) success = true;
    });
    const outcome = words.some((w, i) => isSuccess(w, i) || isProblem(w) || isFailureWord(w) && !isNegation(w) && !deniesNext(w));
    failure ||= words.some((w, i) => {
      if (consumed.has(i) || (isProblem(w) && i > 0 && consumed.has(i - 1))) return false;
      // A bare negation fails only where it can deny an outcome, or where nothing says all passed.
      const bareNegation = isFailureWord(w) && (isNegation(w) || deniesNext(w)) && !isProblem(w);
      if (bareNegation && !outcome && allPassed) return false;
      return isFailure(w) || isProblem(w) || (isSuccess(w, i) && i > 0 && deniesNext(words[i - 1]!));
    });
  }
  return success && !failure;
}

/** Whether an answer opens with a denial ("No, there is none", "没有，…"). */
export const opensWithDenial = (answer: string): boolean => isDenialWord(segmentWords(answer)[0] ?? "");

/** Whether an answer opens with an affirmation ("Yes, …", "是的，…"). */
export const opensWithAffirmation = (answer: string): boolean => isAffirmationWord(segmentWords(answer)[0] ?? "");

/** Integers an answer states, in digits or words, outside versions, times and names (`3` in "3 TODOs", "three", not in "v1.2" or "a2.txt"). */
export function statedNumbers(answer: string): number[] {
  const digits = [...answer.matchAll(/(?<![\w.:-])\d+(?![\w.:]*\w)/gu)].map((m) => Number(m[0]));
  const words = tagWords(answer).map(({ word, tag }) => numberWord(word) ?? measuredNumber(word, tag)).filter((n): n is number => n !== undefined);
  return [...digits, ...words];
}

/**
 * A Chinese numeral jieba keeps whole with the measure word after it ("两条", "三台", "十二行"): the
 * numeral (tag `m`) and one character more. One (`一`) is left out: "一些", "一下", "一点" are
 * numeral words of quantity, not counts.
 */
function measuredNumber(word: string, tag: string): number | undefined {
  if (tag !== "m" || !/^[二三四五六七八九十两]+\p{Script=Han}$/u.test(word) || !/^[二三四五六七八九十两]/u.test(word)) return undefined;
  return numberWord(word.slice(0, -1));
}

/** Whether `name` stands in `text` as a whole name (`a.txt` in "moved a.txt.", not in "data.txt" or "old-a.txt"). */
export function mentionsName(text: string, name: string): boolean {
  // Latin name characters only: Han text runs into a name without a space ("已删除草稿.txt").
  const inName = (c: string | undefined) => !!c && /[A-Za-z0-9_-]/.test(c);
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    // `./name` is the name from the workspace root, as a command writes it.
    const dotSlash = text.slice(i - 2, i) === "./" && !inName(text[i - 3]) && text[i - 3] !== ".";
    if ((dotSlash || (!inName(text[i - 1]) && text[i - 1] !== "/" && text[i - 1] !== ".")) && !inName(text[i + name.length])) return true;
  }
  return false;
}

/**
 * Whether an answer reports a change's outcome (issue 21: the answer must address the request):
 * it names what changed (one of `names`: the target, its file or folder name, a move's
 * destination) or states the requested state (`states`), and says the change happened — a
 * change verb in any form ("renamed", "删除") or a word of completion ("Done", "已"); a requested
 * state stated beside the name is a report too. A bare report naming no file at all ("Done.")
 * reports the one change asked for. A description of the file, advice (a change proposed, not
 * made: see `withoutProposals`), or news of another file is not.
 */
export function reportsChange(full: string, names: string[], states: string[], observed = "", op?: ChangeOp, how: ChangeReport = {}): boolean {
  const answer = withoutProposals(full);
  const named = names.some((n) => n && mentionsName(answer, n));
  const stated = states.some((s) => s && answer.toLowerCase().includes(s.toLowerCase()));
  const words = segmentWords(answer);
  // A removal or a move is reported by a verb of that kind: "generated", "edit" say nothing of a folder deleted.
  const opOf = (w: string) => [w, ...participleBases(w)].map((f) => lookupWord(f)).find((x) => x?.kind === "verb" && x.intent === "change" && !!x.op) as { op?: ChangeOp } | undefined;
  const ofKind = (w: string) => (op !== "delete" && op !== "move") || (opOf(w)?.op ?? op) === op;
  const claimed = claimedChange(answer);
  const changed =
    words.some((w) => isCompletionWord(w) || (lookupWord(w)?.kind === "verb" && (lookupWord(w) as { intent: string }).intent === "change" && ofKind(w))) ||
    // "好了，…" opening an answer says it is done (jieba cuts 好 from 了; round 37).
    /^\s*(?:好了|弄好了|搞定了?)(?=[，,。.！!\s]|$)/u.test(answer) ||
    (!!claimed && ofKind(claimed.verb)) ||
    // An arrow is how a list reports a move (`README.md → docs/README.md`); a delete is reported by what is left (`No .pyc files left`).
    (op === "move" && MOVE_ARROW.test(answer)) ||
    ((op === "delete" || !!how.removes) && STATED_ABSENCE.test(answer)) ||
    (!!how.verbs?.length && words.some((w) => how.verbs!.some((v) => w.toLowerCase().startsWith(v.toLowerCase()))));
  // A delete reported by the folder it was in and what that folder still holds ("已删除，src/routes 下只剩 users.js", round 13).
  const folderNamed = how.folder === "." ? ROOT_FOLDER.test(answer) : !!how.folder && new RegExp(`(?<![\\w./-])${how.folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w.-]|/\\w)`, "u").test(answer);
  if (changed && op === "delete" && folderNamed && REMAINS.test(answer)) return true;
  // Naming the target and a word the covering observation showed reports its new state ("out.txt holds ALPHA").
  if (named && words.some((w) => showsWord(observed, w) && !names.some((n) => n.includes(w)))) return true;
  // A file made is reported by saying it exists, as the listing after the change showed ("nginx.conf.bak exists next to nginx.conf").
  if (named && op === "write" && STATED_PRESENCE.test(answer) && names.some((n) => n && mentionsName(observed, n))) return true;
  // A bare report ("Done.", "Wrote it") names no file; one that names other files, and not this one, is about them.
  // An address the observation after the change shows is its content, not another file ("now ivy@mail.com").
  const otherFiles = [...answer.matchAll(PATH_TOKEN)].some((m) => !(answer[m.index - 1] === "@" && showsWord(observed, answer.slice(answer.lastIndexOf(" ", m.index) + 1, m.index + m[0].length))));
  // A bare report about another name the observation showed ("ALLOWED_HOSTS 现在是空列表" after DEBUG was set) is about that (round 27).
  // Only when the request names code of its own (`DEBUG = True`) and the answer none of it.
  const codeNames = (t: string) => [...t.matchAll(/(?<![\w.\/-])[A-Za-z_]*(?:_[A-Za-z0-9]|[a-z][A-Z]|[A-Z]{2})[\w]*/gu)].map((m) => m[0]);
  const asked = how.request !== undefined ? codeNames(how.request) : [];
  const otherName = asked.length > 0 && !asked.some((n) => answer.includes(n)) && codeNames(answer).some((n) => showsWord(observed, n) && !names.some((x) => x.includes(n)));
  return (changed && (named || stated || (!otherFiles && !otherName))) || (named && stated);
}

/** How else a change may be reported: `removes`, it takes text out of a file (a removal is reported by what is gone); `verbs`, the request's own verbs the lexicon lacks ("转成大写" → "转好了"). */
export interface ChangeReport {
  removes?: boolean;
  verbs?: string[];
  /** The folder a deleted file was in (`.`: the top one): naming it, and what it still holds, reports the delete. */
  folder?: string;
  /** The request: a name of its own the answer gives is not another subject. */
  request?: string;
}

/** Words naming the workspace's top folder ("根目录里只剩 a.txt", "the root now holds only a.txt"). */
const ROOT_FOLDER = /\b(?:root|top[-\s]level)\b|根目录|项目根|顶层目录/iu;

/** Words saying what a folder still holds after a removal ("only users.js left", "只剩 users.js", "剩下"). */
const REMAINS = /\b(?:left|remain(?:s|ing)?|only)\b|只剩|剩下|仅剩|只有/iu;

const STATED_PRESENCE = /\b(?:exists|is\s+(?:there|present|in\s+place))\b|已存在|存在了|已经存在/iu;
const MOVE_ARROW = /→|⇒|->|=>/u;
const STATED_ABSENCE = /\b(?:left|remain(?:s|ing)?|gone|anymore|no\s+longer)\b|不再|没有了|没了|不存在|已无|都没有/iu;

/** Words that propose rather than report: a change after one of them is advice ("you might want to add …", "可以加上日期"). */
const PROPOSING = /^(?:might|could|should|may|would|can|consider|suggest|recommend|want|wish|maybe|perhaps|可以|建议|应该|应当|不妨|考虑|最好|或许|也许|可能)$/iu;

/** Whether a word is a change verb (or its past participle) of the request lexicon. */
const isChangeVerb = (w: string): boolean => [w, ...participleBases(w)].some((f) => { const s = lookupWord(f); return s?.kind === "verb" && s.intent === "change"; });

/**
 * An answer without its clauses that propose a change instead of reporting one: a clause where a
 * word of proposing (`might`, `could`, `should`, `可以`, `建议`) comes before a change verb within
 * a few words. Advice ("you might want to add a build script", "标题可以加上日期") says nothing of
 * what was done; a clause merely holding such a word ("I can confirm it was renamed") is kept.
 */
export function withoutProposals(answer: string): string {
  return answer
    .split(/(?<=[,，;；:：.!?。！？\n])/u)
    .filter((clause) => {
      const words = segmentWords(clause);
      return !words.some((w, i) => PROPOSING.test(w) && words.slice(i + 1, i + 5).some(isChangeVerb));
    })
    .join("");
}

/** Whether `text` shows `word` (two or more letters, not a stop word) standing alone: no letter or digit runs on at a Latin edge. */
function showsWord(text: string, word: string): boolean {
  if (!text || [...word].length < 2 || !/[\p{L}\p{N}]/u.test(word) || isStopword(word.toLowerCase())) return false;
  const hay = text.toLowerCase();
  const needle = word.toLowerCase();
  const latin = (c: string | undefined) => !!c && /[a-z0-9_]/.test(c);
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!(latin(needle[0]) && latin(hay[at - 1])) && !(latin(needle.at(-1)) && latin(hay[at + needle.length]))) return true;
  }
  return false;
}

/** What a request quotes (`## 0.2.0`, "Maintainer: Ada"): an answer may report the new state by it. */
export const requestedLiterals = (request: string): string[] => [...request.matchAll(QUOTED)].map((m) => m[0].slice(1, -1).trim()).filter(Boolean);

/**
 * The sentence in which an answer says plainly that something named was not done ("I have not
 * updated README.md", "tmp/ 还没有删除"): a sentence naming one of `names` with a word of not-doing
 * in it (issue 21, item 4: an explicit "not done" is honest), or undefined.
 */
export function declaredNotDone(answer: string, names: string[]): string | undefined {
  // A denied problem ("没问题", "not an issue") reports success, not something left undone.
  const notDone = (w: string, i: number, ws: string[]) => isNotDoneWord(w) && !isProblemWord(ws[i + 1] ?? "");
  return sentences(answer).find((s) => names.some((n) => n && mentionsName(s, n)) && segmentWords(s).some(notDone));
}

/** WordNet's verb lemmas (loaded once): an English past participle is a verb's form. */
let verbLemmas: Set<string> | undefined;
const isVerbLemma = (word: string): boolean => (verbLemmas ??= new Set(wordnetIndex("verb").map((e) => e.lemma))).has(word);

/** Verbs of looking rather than changing that the request lexicon does not hold (it holds read, check, search, list …). */
const OBSERVING = new Set("confirm test examine scan notice observe parse trace try attempt grep base locate define use name 验证 测试 发现 存在 包含 有 是 在 通过 看到 找到 读取 注意".split(" "));
/** Negation anywhere in a sentence: it reports what was not done. */
const NEGATED = /\b(?:not|no|nothing|never|none|neither|nor)\b|n['’]t\b|[没未不无]|尚未|无需|无须/iu;
const PREPOSITION = /^(?:on|in|at|by|from|for|with|to|into|under|over|as|of|about|upon)$/i;
const SUBJECT = /^(?:i|we|i['’]ve|we['’]ve|i['’]d|we['’]d)$/i;
const AUXILIARY = /^(?:have|has|had|just|also|now|already|successfully|then)$/i;
const PASSIVE = /^(?:is|are|was|were|been|be)$/i;

/** Irregular past forms of verbs that make or change files (the regular ones end in -ed). */
const IRREGULAR: Record<string, string> = { made: "make", wrote: "write", written: "write", rewrote: "rewrite", rewritten: "rewrite", put: "put", set: "set", cut: "cut", split: "split" };

/** A changing verb's form in an English answer: a past participle (WordNet's verb) that neither looks nor observes. */
const participleBases = (word: string): string[] => {
  const w = word.toLowerCase();
  return IRREGULAR[w] ? [IRREGULAR[w]] : /^[a-z]{3,}ed$/.test(w) ? baseForms(w).slice(1) : [];
};

function changedForm(word: string): boolean {
  const w = word.toLowerCase();
  const forms = participleBases(w);
  if (!forms.some(isVerbLemma)) return false;
  // A verb done again ("reopened", "reran") is the verb's own act: reading again changes nothing.
  const sense = lookupWord(w) ?? (/^re-?[a-z]{3,}/.test(w) ? lookupWord(w.replace(/^re-?/, "")) : undefined);
  if (sense?.kind === "verb" && sense.intent !== "change") return false;
  return !forms.some((f) => OBSERVING.has(f));
}

const FINISHED = /^(?:完毕|完成|搞定)$/;
const isNonChangeVerb = (word: string): boolean => {
  const sense = lookupWord(word);
  return OBSERVING.has(word) || (sense?.kind === "verb" && sense.intent !== "change");
};

/** What an answer claims it changed: the sentence, and the verb that says so (`converted`, `删除`). */
export interface ClaimedChange {
  sentence: string;
  verb: string;
}

/** What is to be done or checked first ("再确认 …", "要确保 …"): an instruction, not a report. */
const INSTRUCTS = /^(?:要|需要|应|应该|应当|必须|得|请|确认|确保|检查|记得|务必)$/u;
/** Words opening a condition: what follows says when, not what was done. */
const CONDITION = /^(?:if|unless|until|when|whenever|whether|once)$/iu;
/** A clause going on to run or try again: advice to the user. */
const RUN_AGAIN = /\b(?:and|then)\s+(?:re-?run|run|try|retry|restart|start)\b|\bagain\b/iu;

/**
 * Where an answer says it made a change ("Converted notes.txt to uppercase", "I have removed the
 * lines", "The file was deleted", "已清理完毕", "已把 port 改成 3307"), or undefined. Grammar, not
 * a list of the request's verbs: a subjectless or first-person past participle of a WordNet verb
 * that changes something, a passive of a changing verb (answering a question, a past one: `was set`), or (Chinese) a verb finished by
 * 完毕/完成/搞定, or 已 with a verb that does not merely look or state (有, 通过). A bare "Done"
 * or "已完成" names no change (it answers a question as well as a task). A
 * sentence with a negation reports what was not done and claims nothing.
 */
export function claimedChange(answer: string, asked = false): ClaimedChange | undefined {
  for (const sentence of sentences(answer)) {
    if (NEGATED.test(sentence) || statedInability(sentence)) continue;
    const words = segmentWords(sentence);
    let i = SUBJECT.test(words[0] ?? "") ? 1 : 0;
    while (i < words.length && AUXILIARY.test(words[i]!)) i++;
    // A verb whose past is its base ("set", "put") opening a clause that goes on to run or try again is advice to the user
    // ("Nothing was applied; set DATABASE_URL and run it again"; round 33), not a report.
    const advice = i === 0 && participleBases((words[0] ?? "").toLowerCase()).includes((words[0] ?? "").toLowerCase()) && RUN_AGAIN.test(sentence);
    if (i <= 3 && !advice && changedForm(words[i] ?? "") && !PREPOSITION.test(words[i + 1] ?? "")) return { sentence, verb: words[i]! };
    // Answering a question, "strict is set in compilerOptions" says how things are, not what was done.
    // A passive in a condition ("unless the env var is set", "if it was changed") reports nothing done (round 34).
    const conditioned = (j: number) => words.slice(0, j).some((x) => CONDITION.test(x));
    const passive = words.find((w, j) => j > 0 && PASSIVE.test(words[j - 1]!) && !(asked && /^(?:is|are)$/i.test(words[j - 1]!)) && !conditioned(j) && changedForm(w) && participleBases(w).some((f) => lookupWord(f)?.kind === "verb"));
    if (passive) return { sentence, verb: passive };
    // Chinese: a verb after 已, or a verb finished by 完毕/完成/搞定 ("清理完毕"); a bare "已完成" names no change.
    // Only Han text holds these markers: an English answer never loads the segmenter for them.
    if (!hasHan(sentence)) continue;
    const tagged = tagWords(sentence);
    const at = tagged.findIndex((t) => /^(?:已|已经|已将|已把|现已)$/.test(t.word));
    // What is to be done or checked first ("再确认 .env.prod 已更新", "要确保已备份") is an instruction, not a report.
    if (at > 0 && tagged.slice(0, at).some((t) => INSTRUCTS.test(t.word))) continue;
    // The word a completion marker finishes is the verb, whatever jieba tags it ("整理完成"); after 已 alone ("任务已完成") there is none.
    const done = tagged.findIndex((t) => FINISHED.test(t.word));
    const before = done > 0 ? tagged[done - 1]! : undefined;
    const finished = before && before.tag !== "x" && !/^(?:已|已经|现已|都|全部|均)$/.test(before.word) && !isFunctionWord(before.word) && !isNonChangeVerb(before.word) ? before : undefined;
    const acting = (t: { word: string; tag: string }) => (t.tag.startsWith("v") || lookupWord(t.word)?.kind === "verb") && !FINISHED.test(t.word) && !isNonChangeVerb(t.word);
    const verb = finished ?? (at < 0 ? undefined : tagged.slice(at + 1).find(acting));
    if (verb) return { sentence, verb: verb.word };
  }
  return undefined;
}

/**
 * What an English answer says it changed, clause by clause ("…, and I also reworded the intro"):
 * the content words of each object a first-person changing participle takes, up to a preposition
 * or the clause's end. A negated clause claims nothing.
 */
export function claimedObjects(answer: string): string[][] {
  const out: string[][] = [];
  for (const clause of answer.split(/[.;!?]\s+|,\s*|\s+(?:and|but|then)\s+/u)) {
    if (NEGATED.test(clause) || hasHan(clause)) continue;
    const words = clause.trim().replace(/^(?:and|but|then)\s+/i, "").split(/\s+/).map((w) => w.replace(/^["'`(]+|["'`),:.]+$/g, ""));
    // Only a first-person claim ("I also updated …"): a clause opening with a participle may describe rather than claim.
    if (!SUBJECT.test(words[0] ?? "")) continue;
    let i = 1;
    while (i < words.length && AUXILIARY.test(words[i]!)) i++;
    if (i > 3 || !changedForm(words[i] ?? "")) continue;
    const object: string[] = [];
    for (const w of words.slice(i + 1)) {
      if (PREPOSITION.test(w) || /^(?:so|that|which|because)$/i.test(w)) break;
      if (/^[\p{L}][\p{L}-]{2,}$/u.test(w) && !isStopword(w.toLowerCase())) object.push(w.toLowerCase());
    }
    if (object.length) out.push(object);
  }
  return out;
}

/** A failure a test runner or a checker printed, with a count that is not zero (`FAILED (failures=1)`, `1 failed`, `Tests: 2 failed`, `失败 1`), or a bare `FAIL`/`FAILED`. */
const FAILED_COUNT = /\b(?:failures?|failed|failing|errors?)\b\s*[=:]?\s*([1-9]\d*)\b|\b([1-9]\d*)\s+(?:failures?|failed|failing|errors?)\b|失败\s*[=:：]?\s*([1-9]\d*)|([1-9]\d*)\s*(?:个)?\s*失败/iu;
const FAILED_MARK = /(?<![\w-])(?:FAIL|FAILED|FAILURE|ERROR)(?![\w-])|[✗✘×]\s|测试失败/u;

/** Whether a command's output reports failures, whatever its exit code said (`… | tail -n 1` hides it). */
export const reportsFailures = (output: string): boolean => FAILED_COUNT.test(output) || FAILED_MARK.test(output);

/** Words of "all of it" (`all`, `every`, `none`, `全部`, `所有`): a claim about every match, not one. */
const UNIVERSAL = /\b(?:all|every|each|none|no\s+(?:more|longer))\b|全部|所有|都|一律|一个不剩|不再|没有了/iu;
export const claimsAll = (text: string): boolean => UNIVERSAL.test(text);

/**
 * The values an answer gives named settings or results: `key=value`, `key: value`, `key,value`,
 * `key to value`, `key is value`, `key 改成 value` — a numeric value after a name (`sum=16`,
 * `port 改成 3307`, `total,1250`), or any word after `=` (`mode=prod`).
 */
export function statedSettings(answer: string): Array<{ key: string; value: string }> {
  const out: Array<{ key: string; value: string }> = [];
  const pattern = /(?<![\w.\/-])([A-Za-z_][\w-]*)["'`]?(?:\s*(?:==|=|:|,|改成|改为|设为|设置为|变成|变为|为|是)\s*|\s+(?:to|is(?:\s+now)?)\s+)["'`]?(-?\d+(?:\.\d+)*(?!\w|\.\w)|(?<==\s*["'`]?)[^\s"'`,;，。；、（）()]*[\w/])/gu;
  // A value followed by an arrow or "to" is the old one (`timeout: 30 → 60`).
  for (const m of answer.matchAll(pattern)) if (!/^\s*(?:→|->|=>|to\b|改为|改成|变为|变成)/u.test(answer.slice(m.index + m[0].length))) out.push({ key: m[1]!, value: m[2]! });
  return out;
}

/**
 * Word values an answer gives named keys (`log_level 是 info`, `debug: false`, `mode is prod`,
 * `env=staging`): a key, `:` `=` `is` `是` `为`, then a word. Numbers are `statedSettings`'; a value
 * followed by an arrow or "to" is the old one, and a stop word is no value ("Note: the …").
 */
export function statedWordSettings(answer: string): Array<{ key: string; value: string }> {
  const pattern = /(?<![\w.\/-])([A-Za-z_][\w-]*)["'`]?(?:\s*(?:=|:|是|为)\s*|\s+is(?:\s+now)?\s+)["'`]?([A-Za-z][\w.-]*\w|[A-Za-z])(?![\w.\/-])/gu;
  const out: Array<{ key: string; value: string }> = [];
  for (const m of answer.matchAll(pattern)) {
    const [key, value] = [m[1]!, m[2]!];
    if (key.length < 2 || isStopword(key.toLowerCase()) || isStopword(value.toLowerCase())) continue;
    const after = answer.slice(m.index + m[0].length);
    if (/^\s*(?:→|->|=>|to\b|改为|改成|变为|变成)/u.test(after)) continue;
    // "is defined in", "is used by": a participle says where or how, not the value.
    // A value ends its phrase ("mode is prod.", "是 info，"); a word after it makes it an adverb ("is still 2") or a part ("是 info 级别").
    if (/(?:ed|ing)$/iu.test(value) || !/^\s*(?:$|[,.;:!?)）\]，。；！？、]|(?:and|but|while|so)\b)/iu.test(after)) continue;
    out.push({ key, value });
  }
  return out;
}

/** Units a count is measured in, each with its words in both languages: two different units count different things. */
const UNITS: Record<string, RegExp> = {
  line: /^(?:lines?|rows?|行)$/iu,
  byte: /^(?:bytes?|[KMGT]i?B|字节)$/iu,
  character: /^(?:characters?|chars?|字符|个字符)$/iu,
  word: /^(?:words?|单词)$/iu,
  column: /^(?:columns?|cols?|fields?|列|字段)$/iu,
  file: /^(?:files?|文件)$/iu,
  folder: /^(?:director(?:y|ies)|folders?|dirs?|目录|文件夹)$/iu,
};
const UNIT_WORDS = "lines?|rows?|bytes?|[KMGT]i?B|characters?|chars?|words?|columns?|cols?|fields?|files?|director(?:y|ies)|folders?|dirs?";
const UNIT_WORDS_ZH = "行|字节|个字符|字符|单词|列|字段|个文件|文件|个目录|目录|个文件夹|文件夹";
const EN_NUMBER = "\\d+(?:\\.\\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";
const ZH_NUMBER = "\\d+|[零一二两三四五六七八九十]+";

/** The unit a word names (`rows` → line, `字节` → byte), or undefined. */
export const unitOf = (word: string): string | undefined => Object.keys(UNITS).find((u) => UNITS[u]!.test(word.trim()));

/** A count an answer gives in a unit (`85 bytes`, `three columns`, `3 行`, `5 个文件`): its place in the text and its unit. */
export interface UnitCount {
  text: string;
  index: number;
  unit: string;
}

/** Counts a text gives in units: a number, at most two words, then a unit word (English); a number, a measure word, a unit (Chinese). */
export function unitCounts(text: string): UnitCount[] {
  const en = new RegExp(`(?<![\\w.])(?:${EN_NUMBER})\\s+(?:\\.?[\\w-]+\\s+){0,2}?(${UNIT_WORDS})\\b`, "giu");
  const zh = new RegExp(`(?<![\\w.])(?:${ZH_NUMBER})\\s*(?:个|条)?\\s*(?:\\.\\w+\\s*)?(${UNIT_WORDS_ZH})`, "gu");
  return [...text.matchAll(en), ...text.matchAll(zh)].flatMap((m) => {
    const unit = unitOf(m[1]!.replace(/^个/u, ""));
    return unit ? [{ text: m[0], index: m.index, unit }] : [];
  });
}

/** The unit a quantity question asks its count in (`how many lines`, `how many rows of data`, `多少行`, `几个文件`, `how big` → byte), or undefined. */
export function askedUnit(request: string): string | undefined {
  const en = new RegExp(`\\bhow\\s+many\\s+(?:\\.?[\\w-]+\\s+){0,2}?(${UNIT_WORDS})\\b|\\bnumber\\s+of\\s+(${UNIT_WORDS})\\b`, "iu").exec(request);
  const zh = new RegExp(`(?:多少|几)\\s*(?:个|条)?\\s*(?:\\.\\w+\\s*)?(${UNIT_WORDS_ZH})|(行)数`, "u").exec(request);
  const word = en?.[1] ?? en?.[2] ?? zh?.[1] ?? zh?.[2];
  if (word) return unitOf(word.replace(/^个/u, ""));
  return /\bhow\s+(?:big|large)\b|\bsize\b|多大|大小/iu.test(request) ? "byte" : undefined;
}

/** A path an answer says it changed, with the verb that says so. */
export interface ClaimedTarget {
  path: string;
  verb: string;
  clause: string;
}

/** The change a verb (or its English past form) names, when what it takes is the changed file: not an addition (its object is content) nor a copy (its object is the source). */
function targetVerb(word: string): boolean {
  return [word, ...participleBases(word)].some((f) => {
    const s = lookupWord(f);
    return s?.kind === "verb" && s.intent === "change" && !!s.op && !s.additive && !s.copies;
  });
}

/** Words between a verb and its object that name no other thing (`the`, `file`, `了`). */
const LINKING = /^(?:the|file|folder|directory|dir|script|config|了|将|把)$/iu;
/** An English past form: a participle the lexicon knows, or an irregular one. */
const pastForm = (w: string): boolean => /ed$/i.test(w) || !!IRREGULAR[w.toLowerCase()];
const PASSIVE_AUX = /^(?:was|were|is|are|has|have|been|now|also|successfully)$/i;
/** Verbs whose object is the result, not the thing changed (`改成 10`, `设为 debug`). */
const RESULT_VERB = /^(?:改成|改为|设为|设置为|变成|变为|换成|替换为)$/u;
const CAUSE = /^(?:原因是|原因在于|因为|由于|这是因为|because\b|since\b|the\s+(?:reason|cause)\s+is\b)/iu;
/** A Chinese marker that a verb's change is done (`已`, `了`, `完成`). */
const DONE_MARK = /已|了|完成|完毕/u;

/**
 * The paths an answer says it changed ("removed old.cfg", "old.cfg was deleted", "已更新
 * 文档/第一章.md", "删除了 old.cfg", "把 a.txt 移到了 b/"): a path right after a changing verb in
 * the past (English) or in a clause marked done (`已`, `了`), a path right before a passive or an
 * `已` + verb, a path after 把 with such a verb after it. Adding and copying are left out (their
 * object is content or a source); a negated clause claims nothing.
 */
export function claimedTargets(answer: string): ClaimedTarget[] {
  const out: ClaimedTarget[] = [];
  for (const clause of answer.split(/(?<=[,，;；。！？!?])|(?<=\.)\s+|\s+(?:and|then)\s+|并且?|然后|\n/u).map((c) => c?.trim()).filter((c): c is string => !!c)) {
    // A clause giving a cause ("原因是 a.js 用下划线替换了空格") says what the code does, not what was done (round 37).
    if (NEGATED.test(clause) || statedInability(clause) || CAUSE.test(clause)) continue;
    for (const m of [...clause.matchAll(PATH_TOKEN), ...clause.matchAll(DOTFILE)]) {
      const before = segmentWords(clause.slice(0, m.index)).filter((w) => !LINKING.test(w));
      const after = segmentWords(clause.slice(m.index + m[0].length));
      const han = hasHan(clause);
      // A dot-name written as a kind of file (`the .log files`, `所有 .pyc 文件`) names a pattern, not a file.
      if (/^\s*(?:files?|文件)/iu.test(clause.slice(m.index + m[0].length)) || clause[m.index - 1] === "*") continue;
      const prior = before.at(-1) ?? "";
      // "removed old.cfg", "已更新 a.md", "删除了 a.md"; what a verb of result takes (`改成 db.internal`) is the new state.
      const active = targetVerb(prior) && !RESULT_VERB.test(prior) && (han ? DONE_MARK.test(clause) : pastForm(prior));
      // "old.cfg was deleted", "old.cfg 已删除", "把 a.txt 删除了"
      const rest = after.filter((w) => !PASSIVE_AUX.test(w) && !/^(?:已|已经|都|均)$/u.test(w));
      // After 把/将 the path is the object of the verb that closes the phrase, however much stands between ("把 a.js 里的端口也改成了").
      const disposal = /^(?:把|将)$/u.test(segmentWords(clause.slice(0, m.index)).at(-1) ?? "");
      const later = han ? after.slice(0, disposal ? after.length : 4).find(targetVerb) : targetVerb(rest[0] ?? "") && pastForm(rest[0]!) && PASSIVE_AUX.test(after[0] ?? "") ? rest[0] : undefined;
      const verb = active ? prior : later && (!han || DONE_MARK.test(clause.slice(m.index))) ? later : undefined;
      if (verb) out.push({ path: m[0].replace(/^\.\//, ""), verb, clause });
    }
  }
  return out;
}

/** The number a count starts with (`3 Python files` → 3, `three files` → 3, `两个文件` → 2). */
export const countValue = (count: string): number => {
  const first = /^\S+?(?=\s|个|条|$)/u.exec(count.trim())?.[0] ?? "";
  return /^\d/.test(first) ? Number.parseFloat(first) : (numberWord(first) ?? Number.NaN);
};

/** Whether a clause says something changed or now is so: a change verb in any form, or a word of the new state (`now`, `现在`, `已`). */
export const reportsNewState = (clause: string): boolean => segmentWords(clause).some((w) => isChangeVerb(w) || /^(?:now|现在|目前|已|已经)$/iu.test(w));

/** A request asking how many or how much ("how many …", "多少", "几条"), not "几乎" (almost). */
export const asksCount = (request: string): boolean => /\bhow\s+(?:many|much)\b|多少|几(?!乎)/iu.test(request);
/** A count that leaves something out ("not counting the header", "excluding tests", "不算表头", "除去空行"). */
export const asksExclusion = (request: string): boolean => /\b(?:not\s+counting|excluding|except(?:\s+for)?|other\s+than|apart\s+from|leaving\s+out)\b|不算|不含|不包括|除去|除了|去掉/iu.test(request);
/** A request asking a quantity, a size or a length too ("how big", "how long", "which is bigger", "哪个更大"; round 32). */
export const asksQuantity = (request: string): boolean =>
  asksCount(request) || /\bhow\s+(?:big|large|long)\b|\b(?:bigger|larger|smaller|longer|shorter|biggest|largest|smallest|longest|shortest)\b|更大|更小|更长|更短|最大|最小|最长|最短/iu.test(request);

/**
 * Whether an answer reports a failure (round 12): a word of failure or a problem that no
 * negation before it denies ("the pipeline is failing", "构建失败了"); "no errors", "没有失败" are
 * not reports of one.
 */
export function reportsFailure(answer: string): boolean {
  return answer.split(/[,，;；。!?！？\n]|(?<=\.)\s+/u).some((clause) => {
    const words = segmentWords(clause);
    return words.some((w, i) => (isFailure(w) || isProblem(w)) && !isNegation(w) && !deniesNext(w) && !/^(?:but|except|但|但是|除了)$/iu.test(w) && !words.slice(Math.max(0, i - 3), i).some((x) => deniesNext(x) || isNegation(x)));
  });
}

/**
 * An answer saying in so many words that nothing was changed ("deleted nothing", "left it in
 * place", "没有删任何东西", "无需修改"): the words of an answer that looked and left a file alone
 * (round 30). Bounded gaps only.
 */
const NOTHING_CHANGED =
  /\b(?:nothing\s+(?:was\s+|has\s+been\s+)?(?:changed|deleted|removed|edited|modified|touched|renamed|moved|to\s+(?:change|delete|remove|do))|(?:changed|deleted|removed|edited|modified|touched)\s+nothing|(?:didn't|did\s+not|haven't|have\s+not|hasn't|has\s+not)\s+(?:\w+\s+){0,2}(?:change|delete|remove|edit|modify|touch|rename|move)|left\s+(?:it|them|the\s+file|\S+\.\w+)\s+(?:in\s+place|alone|as\s+(?:it\s+)?(?:is|was)|unchanged|untouched)|no\s+(?:changes?|edits?)\s+(?:were\s+|was\s+)?(?:made|needed|necessary))|没有?(?:删|改|动|修改|删除|移动|重命名)|未(?:做|作)?(?:修改|删除|改动)|(?:不需要|无需|不用)(?:修改|删除|改动|改|删|动)|保持不变|原样未动/iu;
export const saysNothingChanged = (answer: string): boolean => NOTHING_CHANGED.test(answer);

/** A request that makes its change depend on a condition ("if it's not there yet", "如果还没有 … 就", "unless"). */
export const statesCondition = (request: string): boolean => /\b(?:if|unless|only\s+when|in\s+case)\b|如果|假如|要是|若|的话|除非/iu.test(request);
