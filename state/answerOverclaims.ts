/**
 * Answers that claim more than the turn did or saw (issue 21, round 25): a version-control act no
 * git command made ("committed and pushed"), a finding of none over the whole project after a look
 * at one folder ("整个项目里都没有" after a search of src), and a key's value a file shows that the
 * answer leaves out ("端口是多少？" answered with the log level beside `port: 7000`); round 27: a
 * declared constant as such a key (`const MaxRetries = 7`), and a flag's side ("Is verbose enabled?"
 * beside `verbose = false`).
 */
import { glossesOf } from "../language/glosses.js";
import { isStopword } from "../language/english.js";
import { opensWithAffirmation, opensWithDenial, statedInability } from "../language/answerWords.js";
import { hasHan, segmentWords } from "../language/segment.js";
import { commandLine, exitCode } from "./commandObservations.js";
import { holdsText } from "./textHolds.js";
import { real, seen } from "./observedState.js";
import { shownText, scopesOf } from "./answerValues.js";
import type { Evidence, TaskFrame } from "./types.js";

/** A version-control act the answer reports doing, and the git subcommands that do it. */
const GIT_ACTS: Array<{ said: RegExp; by: RegExp }> = [
  { said: /\b(?:i|we|and|then|also)\s+(?:have\s+)?committed\b|^\s*committed\b|\bcommitted\s+(?:the|it|them|this|that|these|all|everything|my|your)\b|(?<!被)(?:已提交|提交了)/iu, by: /\bgit\b.*\bcommit\b/ },
  { said: /\b(?:i|we|and|then|also)\s+(?:have\s+)?pushed\b|\bpushed\s+(?:the|it|them|this|that|to)\b|(?<!被)(?:已推送|推送了|推到了)/iu, by: /\bgit\b.*\bpush\b/ },
];

/** A commit, a push or a tag the answer says it made, with no git command of that kind in the turn, or none that succeeded (round 28). */
export function unbackedGitAct(turn: Evidence[], answer: string): string | undefined {
  const lines = turn.filter((e) => e.kind === "command" && real(e) && exitCode(e) === 0).map(commandLine);
  const act = GIT_ACTS.find((a) => a.said.test(answer) && !lines.some((l) => a.by.test(l)));
  return act ? `the answer says it ${act.said.exec(answer)![0]}, but no git command of the turn did so successfully` : undefined;
}

/** A finding stated of the whole project ("anywhere in the repo", "not used anywhere", "整个项目里"). */
const WHOLE = /\b(?:anywhere\s+in\s+the\s+(?:project|repo(?:sitory)?|codebase|workspace)|anywhere(?!\s+(?:in|inside|under|within|else)\b)|(?:the\s+)?(?:entire|whole)\s+(?:project|repo(?:sitory)?|codebase|workspace))\b|整个(?:项目|仓库|工程|代码库)|全(?:项目|仓库)|项目里都/iu;

/** A denial stated of the whole project after looks at narrower places only. */
export function wholeScopeDenial(turn: Evidence[], answer: string): string | undefined {
  if (!opensWithDenial(answer) && !/没有|\b(?:no(?:ne|thing|t)?|never)\b|n't\b/iu.test(answer)) return undefined;
  const said = WHOLE.exec(answer);
  const looked = [...new Set(turn.flatMap(scopesOf))];
  if (!said || !looked.length || looked.some((s) => s === ".")) return undefined;
  return `the answer says none "${said[0]}", but the turn looked only at ${looked.slice(0, 3).join(", ")}`;
}

/** `key: value`, `KEY=value`, `"key": value`, `pkg==1.2` lines, and declarations (`const MaxRetries = 7`): the key and its value on its own line; a list or map (`node: [18, 20]`, `with:` over nested lines) is no one value. */
const KEY_LINE = /^\s*(?:-\s*)?(?:(?:export\s+)?(?:const|let|var|final|static)\s+)?["']?([A-Za-z_][\w.-]*)["']?[ \t]*(?:==|>=|~=|[:=])[ \t]*["']?([^"'\s#,;}[{][^"'\s#,;}]*)/gmu;

/** A call's keyword argument with a quoted value (`setup(name='mosaic', author='Chen Yu')`) and a directive ending in `;` (`client_max_body_size 25m;`); round 31. */
const KEYWORD_ARG = /[(,]\s*([A-Za-z_]\w*)\s*=\s*(?:"([^"\n]+)"|'([^'\n]+)')/gu;
const DIRECTIVE = /^\s*([A-Za-z_][\w.-]*)\s+([^\s;{}#]+)\s*;\s*$/gmu;

/** Each key a text shows with a value: `key: value` lines, keyword arguments and directives. */
const shownKeys = (text: string): Array<[key: string, value: string]> => [
  ...[...text.matchAll(KEY_LINE)].map((m): [string, string] => [m[1]!, m[2]!]),
  ...[...text.matchAll(KEYWORD_ARG)].map((m): [string, string] => [m[1]!, m[2] ?? m[3]!]),
  ...[...text.matchAll(DIRECTIVE)].map((m): [string, string] => [m[1]!, m[2]!]),
];

/** The names a request may give a key, each with the word it wrote: its Latin words, and the one-word English glosses of its Chinese words (端口 → port, 作者 → author of "author; writer"). */
function askedKeys(request: string): Map<string, string> {
  const words = segmentWords(request).filter((w) => /[\p{L}]/u.test(w));
  const latin = words.filter((w) => /^[A-Za-z_][\w-]*$/.test(w) && w.length > 2 && !isStopword(w.toLowerCase())).map((w): [string, string] => [w.toLowerCase(), w]);
  const han = words.filter(hasHan).flatMap((w) => glossesOf(w).flatMap((g) => g.split(/;\s*/u)).filter((g) => /^[a-z]+$/.test(g) && !isStopword(g)).map((g): [string, string] => [g, w]));
  return new Map([...latin, ...han]);
}

/**
 * A value asked of a key the turn saw in a file ("config/server.yaml 里端口是多少？" beside `port: 7000`):
 * when the key is shown with one value holding a digit, an answer that does not state it answers
 * something else. A change, a denial and an honest "cannot" are left alone.
 */
export function keyUnanswered(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent !== "read" && g.intent !== "question") || opensWithDenial(answer) || statedInability(answer)) return undefined;
  const asked = askedKeys(request);
  const found = new Map<string, Set<string>>();
  const naming = new Map<string, string[]>();
  for (const e of turn.filter((x) => seen(x) || real(x))) {
    for (const [key, value] of shownKeys(shownText(e))) {
      // A camel-case key's words too (`MaxRetries` ends in retries).
      const parts = key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[_.-]/);
      const by = [...asked].filter(([k]) => parts.at(-1) === k);
      if (!by.length) continue;
      found.set(key, new Set([...(found.get(key) ?? []), value]));
      naming.set(key, by.flatMap(([k, w]) => [k, w]));
    }
  }
  // One key the request names, shown with one value; several keys it may name leave the question open.
  const [only] = found.size === 1 ? [...found] : [];
  const value = only && only[1].size === 1 ? [...only[1]][0]! : undefined;
  if (!value || holdsText(answer, value)) return undefined;
  // A value of words may be put in other words ("作者是陈宇"): an answer naming the key asked about is left alone.
  // And only a question asks for one: a request read as no goal at all asks no key.
  if (!/\d/.test(value) && (!frame.goals.length || naming.get(only![0])!.some((w) => answer.toLowerCase().includes(w.toLowerCase())))) return undefined;
  return `the request asks for ${only![0]}, which the turn saw as ${value}, but the answer does not state it`;
}

/** Words asking whether a flag is on ("enabled", "turned on", "开着"), or off. */
const ASKS_ON = /\b(?:enabled|on|active|turned\s+on|set)\b|开启|打开|启用|开着/iu;
const ASKS_OFF = /\b(?:disabled|off|inactive|turned\s+off)\b|关闭|关掉|禁用|关着/iu;
const TRUE_VALUE = /^(?:true|on|yes|enabled|1)$/iu;
const FALSE_VALUE = /^(?:false|off|no|disabled|0)$/iu;

/**
 * Whether a flag is on, asked of a key the turn saw with one true or false value ("Is verbose
 * enabled?" beside `verbose = false`): an answer opening with yes or no must take the side the
 * value gives (round 27).
 */
export function flagMisread(frame: TaskFrame, turn: Evidence[], answer: string, request: string): string | undefined {
  if (frame.goals.some((g) => g.intent !== "read" && g.intent !== "question")) return undefined;
  const on = ASKS_ON.test(request);
  if (on === ASKS_OFF.test(request)) return undefined;
  const asked = askedKeys(request);
  const values = new Set<string>();
  for (const e of turn.filter((x) => seen(x) || real(x)))
    for (const m of shownText(e).matchAll(KEY_LINE)) if (asked.has(m[1]!.toLowerCase()) && (TRUE_VALUE.test(m[2]!) || FALSE_VALUE.test(m[2]!))) values.add(m[2]!.toLowerCase());
  if (values.size !== 1) return undefined;
  const value = [...values][0]!;
  const yes = opensWithAffirmation(answer);
  if (!yes && !opensWithDenial(answer)) return undefined;
  return yes !== (TRUE_VALUE.test(value) === on) ? `the answer says ${yes ? "yes" : "no"}, but the turn saw the flag set to ${value}` : undefined;
}
