/**
 * Answers that report work the turn never did or a reading it never made (issue 21, rounds 26–27):
 * a test run no command made ("ran the test suite, everything passes"), a change to a further file
 * "as well" that no step touched ("顺便把 README 里的年份也改了"), a count in the unit the question
 * asked that the turn only counted in another ("2 个单词" after `wc -l`), an offer of help in place
 * of an answer ("Let me know what you need"), work announced instead of done ("I'm going to grep …"),
 * a pass after a failed check, a commit message no `git commit -m` was given, and a key set
 * while another line still sets it otherwise.
 */
import { askedUnit, claimsSuccess, opensWithAffirmation, sentences, unitCounts, withoutProposals } from "../language/answerWords.js";
import { PATH_TOKEN } from "../language/operands.js";
import { assignedValues, settingKey } from "../language/requestedState.js";
import { commandLine, exitCode, readCommand } from "./commandObservations.js";
import { CHECKS, programOf, runsTests } from "./commandSteps.js";
import { holdsWord, valueWords } from "./answerGrounding.js";
import { shownText } from "./answerValues.js";
import { real } from "./observedState.js";
import type { Evidence, TaskFrame } from "./types.js";

/** A negation in the words before a claim ("didn't run the tests", "没跑测试"). */
const NEGATED = /\b(?:not|never|no)\b|n['’]t\b|[没未不]/iu;

/** A sentence's claim, unless a negation comes before it in the sentence. */
const claimed = (said: RegExp, answer: string): string | undefined => {
  for (const sentence of sentences(withoutProposals(answer))) {
    const m = said.exec(sentence);
    if (m && !NEGATED.test(sentence.slice(0, m.index))) return m[0];
  }
  return undefined;
};

/** An answer saying the tests were run, or pass. */
const TESTS_RAN = /\b(?:i|we|and|then|also)\s+(?:have\s+)?(?:re-?)?ran\s+(?:the\s+)?(?:whole\s+|full\s+)?(?:tests?|test\s+suite|suite|specs?)\b|\b(?:all\s+)?(?:the\s+)?tests?\s+(?:all\s+)?(?:now\s+)?pass(?:es|ed)?\b|\btest\s+suite\s+(?:is\s+)?(?:green|passes|passed)\b|(?:跑|运行|执行)了(?:一下|一遍|一次)?(?:全部|所有)?的?(?:测试|单测|用例)|(?:测试|单测|用例)(?:全部|都|也)?(?:已经)?(?:通过|跑通)/iu;

/** Programs that only edit, move or print files: none of them runs a project's tests. */
const NO_RUNNER = new Set("sed awk cat head tail grep egrep rg ls find wc echo printf mv cp rm mkdir rmdir touch chmod sort uniq cut tr tee diff stat du file ln".split(" "));
/** Whether a step of a command could run tests: a test runner, an interpreter, a build tool or a script; a command it cannot follow may too. */
const mayRunTests = (e: Evidence): boolean => {
  const r = e.kind === "command" ? readCommand(e) : null;
  return !!r && (r.opaque || r.steps.some((s) => runsTests(s) || !NO_RUNNER.has(programOf(s))));
};

/** Tests said to have run, or to pass, in a turn where no command could have run them and no test tool was used. */
export function unbackedTestRun(turn: Evidence[], answer: string): string | undefined {
  if (turn.some((e) => mayRunTests(e) || /test/i.test(e.toolId ?? ""))) return undefined;
  const said = claimed(TESTS_RAN, answer);
  return said ? `the answer says "${said}", but no step of the turn ran the tests` : undefined;
}

/** A further change the answer reports "as well" ("also updated", "顺便…改了", "同步改了"). */
const ALSO_CHANGED = /\b(?:also|as\s+well|too|additionally)\b[^.!?。！？]*\b(?:updated|changed|edited|modified|fixed|bumped|synced)\b|\b(?:updated|changed|edited|modified|fixed|bumped|synced)\b[^.!?。！？]*\b(?:as\s+well|too)\b|(?:也|顺便|顺手|同时|另外)[^。！？；]*(?:改了|改好|更新了|同步|修改了|修好)/iu;
/** Names of files written without an extension. */
const BARE_FILE = /\b(?:README|LICENSE|CHANGELOG|Makefile|Dockerfile|NOTICE|AUTHORS)\b/gu;

/** A file the answer says it changed as well, which neither the request nor any step of the turn names. */
export function unbackedExtraChange(turn: Evidence[], answer: string, request: string): string | undefined {
  const known = [request, ...turn.map((e) => `${e.source.path ?? ""}\n${e.from ?? ""}\n${e.kind === "command" ? commandLine(e) : ""}\n${e.content}`)].join("\n").toLowerCase();
  for (const sentence of sentences(withoutProposals(answer))) {
    const also = ALSO_CHANGED.exec(sentence);
    if (!also || NEGATED.test(sentence.slice(0, also.index + also[0].length))) continue;
    const files = [...sentence.matchAll(PATH_TOKEN), ...sentence.matchAll(BARE_FILE)].map((m) => m[0]);
    const unknown = files.find((f) => !holdsWord(known, f.toLowerCase()));
    if (unknown) return `the answer says it changed ${unknown} as well, but no step of the turn touched it`;
  }
  return undefined;
}

/** The units `wc` counts with each of its flags; with none, lines, words and bytes. */
const WC_UNITS: Record<string, string> = { l: "line", w: "word", c: "byte", m: "character" };
const wcUnits = (argv: string[]): string[] => {
  const flags = argv.slice(1).filter((a) => /^-[lwcm]+$/.test(a)).flatMap((a) => [...a.slice(1)].map((f) => WC_UNITS[f]!));
  return flags.length ? flags : ["line", "word", "byte"];
};

/**
 * A count the answer gives in the unit the question asks ("2 个单词") when the turn read nothing
 * whole and its only counts were in another unit (`wc -l`): the number is another unit's.
 */
export function otherUnitCount(turn: Evidence[], answer: string, request: string): string | undefined {
  const asked = askedUnit(request);
  if (!asked || !Object.values(WC_UNITS).includes(asked) || turn.some((e) => e.kind === "content" && real(e))) return undefined;
  // Only a count of named files: `ls | wc -l` counts what it is given, not a file's lines.
  const ofFiles = (argv: string[]) => argv.slice(1).some((a) => !a.startsWith("-"));
  const counts = turn.flatMap((e) => (readCommand(e)?.finished ? readCommand(e)!.steps.filter((s) => programOf(s) === "wc" && ofFiles(s.argv)).map((s) => ({ e, units: wcUnits(s.argv) })) : []));
  if (!counts.length || counts.some((c) => c.units.includes(asked))) return undefined;
  const given = unitCounts(answer).filter((c) => c.unit === asked).map((c) => /\d+/.exec(c.text)?.[0]).filter((n): n is string => !!n);
  const from = counts.find((c) => given.some((n) => new RegExp(`(?<!\\d)${n}(?!\\d)`).test(readCommand(c.e)!.output)));
  return from ? `the request asks for ${asked}s, but [${from.e.id}] counted ${from.units.join(", ")}s` : undefined;
}

/** An offer of help or a question back in place of an answer ("Let me know what you need", "需要我做什么"). */
const OFFERS = /\blet\s+me\s+know\s+(?:what|how|if)\s+(?:you(?:['’]d)?\s+(?:need|like|want)|i\s+can\s+help)|\bhow\s+can\s+i\s+(?:help|assist)\b|\bwhat\s+would\s+you\s+like\s+(?:me\s+)?to\s+do\b|(?:需要|想要)我(?:帮你|为你|帮您|为您)?做(?:些)?什么|有什么(?:可以|能)帮/iu;

/** An answer that offers help and states nothing the turn's observations showed beyond the request's words. */
export function offerInsteadOfAnswer(turn: Evidence[], answer: string, request: string): string | undefined {
  const offer = OFFERS.exec(answer);
  if (!offer) return undefined;
  const shown = turn.map(shownText).join("\n").toLowerCase();
  const asked = request.toLowerCase();
  if (valueWords(answer).some((w) => holdsWord(shown, w) && !holdsWord(asked, w))) return undefined;
  return `the answer offers help ("${offer[0]}") instead of answering: it states nothing the turn's observations showed`;
}

/** The answer's own next step announced ("I'm going to grep … and will report back", "我接下来去修 sum.js", "我正在逐个文件替换，替换完会告诉你"). */
const ANNOUNCED = /\b(?:I['’]m\s+going\s+to|I\s+am\s+going\s+to|I['’]ll\s+now|I\s+will\s+now|next\s+I['’]ll|next\s+I\s+will)\s+\w+|\b(?:will|I['’]ll)\s+report\s+back\b|(?:我)?(?:接下来|下一步|马上|这就|稍后|待会儿?|等一下)(?:就|再)?(?:去|会|要|来)?(?:修|改|跑|查|搜|看|处理|更新|删)|我正在(?:逐个|逐一|一个个)?(?:替换|修改|改|处理|删|跑|运行|查|搜|更新)|\bI['’]m\s+(?:currently\s+|now\s+)?(?:replacing|updating|fixing|running|working\s+on)\b|(?:完|好)(?:之?后|了)?(?:会|再|就)?(?:告诉|通知)你|\bwill\s+let\s+you\s+know\s+when\b/iu;
/** A condition or an offer around it: the step is the user's to choose ("if you want, I'll fix it"). */
const OFFERED = /\bif\s+you\b|\bwant\s+me\s+to\b|\bshall\s+I\b|需要的话|如果|要不要|是否需要/iu;

/** An answer announcing the work it has still to do instead of reporting it done. */
export function announcedWork(answer: string): string | undefined {
  for (const sentence of sentences(answer)) {
    const m = ANNOUNCED.exec(sentence);
    if (m && !OFFERED.test(sentence) && !NEGATED.test(sentence.slice(0, m.index))) return `the answer announces work still to do ("${m[0]}") instead of reporting it done`;
  }
  return undefined;
}

/**
 * A check the turn ran last (a linter, `json.tool`, `bash -n`) that failed, and an answer to a
 * question that says yes or reports success ("Yes, settings.json is valid JSON" after json.tool
 * exited 1): the check says otherwise (round 27). A `diff` or `cmp` checks sameness: "identical"
 * after it exited 1, or "they differ" after it exited 0, is refused too (round 32).
 */
export function failedCheckAffirmed(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent !== "read" && g.intent !== "question" && g.intent !== "compare")) return undefined;
  const check = turn.filter((e) => e.kind === "command" && real(e) && (CHECKS.test(commandLine(e)) || comparesFiles(e))).at(-1);
  const code = check ? exitCode(check) : null;
  if (!check || typeof code !== "number") return undefined;
  // `diff` and `cmp` check sameness: 1 says the files differ, 0 that they are the same (round 32).
  if (comparesFiles(check)) {
    // A "yes" after exit 1 says they differ when the request asks whether they differ ("有没有区别"; round 33).
    const asksDifference = DIFFERENCE.test(request) && !SAMENESS.test(request);
    if (code === 1 && ((opensWithAffirmation(answer) && !asksDifference) || saysSame(answer))) return `the answer says they are the same, but [${check.id}] found differences (exit code 1)`;
    if (code === 0 && saysDifferent(answer)) return `the answer says they differ, but [${check.id}] found none (exit code 0)`;
    // Differences found, and the answer neither says so nor names anything on a line that differs ("这两个都是 conf 格式的配置文件"; round 36).
    const changed = shownText(check).split("\n").filter((l) => /^[<>+-](?![-+]{2})/u.test(l)).flatMap((l) => l.match(/[\p{L}\p{N}_.]{2,}/gu) ?? []);
    if (code === 1 && changed.length && !saysDifferent(answer) && !changed.some((t) => answer.includes(t))) return `the answer says nothing of what [${check.id}] found different`;
    return undefined;
  }
  if (code === 0) return undefined;
  // "有没有语法错误？" answered "有" says the check failed: a yes means it passed only when the question asks whether it is fine.
  const yesPasses = opensWithAffirmation(answer) && !/\b(?:errors?|fail\w*|warnings?|problems?|issues?)\b|错误|问题|失败|警告/iu.test(request);
  return yesPasses || claimsSuccess(answer) ? `the answer says it passes, but [${check.id}] exited with code ${code}` : undefined;
}

/** A command of one `diff` or `cmp`: its status says whether what it compared is the same. */
const comparesFiles = (e: Evidence): boolean => {
  const steps = readCommand(e)?.steps ?? [];
  return steps.length === 1 && ["diff", "cmp"].includes(programOf(steps[0]!));
};
/** Words asking or saying sameness, and difference ("identical", "the same", "相同", "一致"; "differ", "不同", "区别"). */
const SAMENESS = /\b(?:identical|the\s+same|same\s+(?:content|text|file)|match(?:es)?\s+exactly)\b|相同|一致|一样|完全一样/iu;
const DIFFERENCE = /\b(?:differ(?:s|ent|ences?)?|changed)\b|不同|区别|差别|差异|不一样|不一致|改动/iu;
/** An answer saying sameness, not denied ("identical", "没有区别"; not "not identical", "不一致"). */
const saysSame = (answer: string): boolean =>
  (SAMENESS.test(answer) && !/\bnot\s+(?:\w+\s+)?(?:identical|the\s+same)\b|不(?:相同|一致|一样)/iu.test(answer) && !saysDifferent(answer)) || /\bno\s+differences?\b|没有(?:任何)?(?:区别|差别|差异|不同)/iu.test(answer);
/** An answer saying difference, not denied ("they differ", "有区别"; not "no differences"). */
const saysDifferent = (answer: string): boolean =>
  (/\b(?:differ(?:s)?|different|differences|not\s+(?:\w+\s+)?(?:identical|the\s+same))\b|不(?:相同|一致|一样)|(?<!没)有(?:区别|差别|差异|不同)|处(?:不同|差异|区别)/iu.test(answer)) && !/\bno\s+differences?\b|没有(?:任何)?(?:区别|差别|差异|不同)/iu.test(answer);

/** A commit message the answer quotes ("with the message 'fix typo'", "提交信息是 “fix typo”"). */
const SAID_MESSAGE = /\b(?:message|msg)\s*(?:of\s+|is\s+|was\s+)?[:：]?\s*[`'"“‘]([^`'"”’\n]+)[`'"”’]|(?:提交信息|提交说明|信息|说明)\s*(?:是|为|写的是)?\s*[:：]?\s*[`'"“‘「]([^`'"”’」\n]+)[`'"”’」]/iu;

/** A commit message the answer says it used that no `git commit` of the turn was given (its `-m` said otherwise). */
export function otherCommitMessage(turn: Evidence[], answer: string): string | undefined {
  const said = SAID_MESSAGE.exec(answer);
  if (!said) return undefined;
  const message = (said[1] ?? said[2])!.trim();
  const given = turn.flatMap((e) => (e.kind === "command" && real(e) ? (readCommand(e)?.steps ?? []) : []))
    .filter((s) => programOf(s) === "git" && s.argv.includes("commit"))
    .flatMap((s) => s.argv.flatMap((a, i) => (a === "-m" || a === "--message" ? [s.argv[i + 1] ?? ""] : a.startsWith("--message=") ? [a.slice(10)] : [])));
  return given.length && !given.some((m) => m.trim() === message) ? `the answer says the commit message is "${message}", but the turn committed with "${given.at(-1)}"` : undefined;
}

/**
 * A key the request sets ("Set LOG_LEVEL to warn in .env") still assigned another value in the whole
 * file read back after the change: a second line appended, the old one left first (round 28).
 */
export function keyLeftSet(frame: TaskFrame, turn: Evidence[], request: string): string | undefined {
  const set = settingKey(request);
  if (!set) return undefined;
  for (const g of frame.goals.filter((g) => g.intent === "verify" && g.op === "edit" && g.status === "covered")) {
    const read = turn.find((e) => e.id === g.coveredBy.at(-1) && e.kind === "content" && real(e) && (e.source.startLine ?? 1) === 1);
    const other = read ? assignedValues(read.content, set.key).find((v) => v !== set.value) : undefined;
    if (other !== undefined) return `the request sets ${set.key} to ${set.value}, but [${read!.id}] still shows ${set.key} set to ${other}`;
  }
  return undefined;
}

/** A digest the answer states (32 or more hex digits: an md5, a sha) that neither the request nor any observation of the turn holds (round 29), or of another length than the algorithm asked. */
export function unshownDigest(turn: Evidence[], answer: string, request: string): string | undefined {
  const known = [request, ...turn.map(shownText)].join("\n").toLowerCase();
  const digests = answer.match(/(?<![0-9a-f])[0-9a-f]{32,}(?![0-9a-f])/giu) ?? [];
  const invented = digests.find((d) => !known.includes(d.toLowerCase()));
  if (invented) return `the answer states the digest ${invented.slice(0, 12)}…, which no observation of the turn printed`;
  // A digest of another algorithm than the one asked (an md5's 32 digits given as the sha256; round 35).
  const algorithm = DIGESTS.filter(([re]) => re.test(request));
  const wrong = algorithm.length === 1 ? digests.find((d) => d.length !== algorithm[0]![1]) : undefined;
  return wrong ? `the request asks for a ${algorithm[0]![2]} digest (${algorithm[0]![1]} hex digits), but the answer gives one of ${wrong.length}` : undefined;
}

/** Digest algorithms a request names, with the hex length of their digests. */
const DIGESTS: Array<[RegExp, number, string]> = [
  [/\bmd5\b/iu, 32, "MD5"],
  [/\bsha-?1\b|\bsha1sum\b/iu, 40, "SHA-1"],
  [/\bsha-?256\b|\bsha256sum\b/iu, 64, "SHA-256"],
  [/\bsha-?512\b|\bsha512sum\b/iu, 128, "SHA-512"],
];

/** A request asking for a sum ("加起来多大", "in total"). */
const ASKS_TOTAL = /加起来|一共|总共|合计|\bin\s+total\b|\bcombined\b|\baltogether\b/iu;

/** A total the turn's last counting command printed (`wc`'s `500 total` row) that an answer to a request for a sum does not state (round 29). */
export function unstatedTotal(turn: Evidence[], answer: string, request: string): string | undefined {
  if (!ASKS_TOTAL.test(request) || !/\d/.test(answer)) return undefined;
  const counted = turn.filter((e) => e.kind === "command" && real(e) && /^\s*\d+\s+total\s*$/mu.test(shownText(e))).at(-1);
  const total = counted ? [...shownText(counted).matchAll(/^\s*(\d+)\s+total\s*$/gmu)].at(-1)![1]! : undefined;
  return total && !new RegExp(`(?<!\\d)${total}(?!\\d)`, "u").test(answer) ? `the request asks for a total, which [${counted!.id}] printed as ${total}, but the answer does not state it` : undefined;
}
