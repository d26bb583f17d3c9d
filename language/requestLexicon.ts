/**
 * The curated word layer over the segmenter: what a request's words say about its intent.
 * Words are looked up whole (English lower-cased, plural and verb endings stripped by the
 * shared `stem`); Chinese words are jieba's cuts. Entries are general verbs and nouns of the
 * seven intents (question, read, compare, change, run, send, external lookup), the non-file
 * domains a question can be about, and the things a command runs.
 */
import { baseForms, singular as stem } from "./english.js";

import type { ChangeOp, Domain, RunSubject } from "./kinds.js";
type VerbIntent = "question" | "read" | "compare" | "change" | "run" | "send" | "lookup";

export type WordSense =
  /** `checks`: a check of something a command runs ("check the tests") is a run. */
  | { kind: "verb"; intent: VerbIntent; subject?: RunSubject; op?: ChangeOp; additive?: boolean; copies?: boolean; domain?: Domain; toSelf?: boolean; checks?: boolean; repairs?: boolean }
  /** A question word; English ones count only at the start of a clause, Chinese ones anywhere. */
  | { kind: "question"; anywhere?: boolean; polar?: boolean }
  /** `weak`: the noun has an everyday sense too ("event", "issue"); it names the domain only beside an owner word ("my"). */
  | { kind: "domain"; domain: Domain; weak?: boolean }
  /** Asks what a term means: answered from general knowledge unless a workspace operand is named. */
  | { kind: "meaning" }
  /** Names a file as the thing made; a write without a path but with this noun still targets the workspace. */
  | { kind: "file" }
  | { kind: "subject"; subject: RunSubject; domain?: Domain }
  /** Asks for something to stay as it is ("keep the txt", "summary.txt 留着"): no change, and no goal of its own. */
  | { kind: "keep" }
  /** Joins clauses; a strong one ("then") always starts a new clause, a weak one only before a verb. */
  | { kind: "connective"; strong?: boolean }
  | { kind: "self" }
  | { kind: "filler" };

const verb = (intent: VerbIntent, extra: Omit<Extract<WordSense, { kind: "verb" }>, "kind" | "intent"> = {}): WordSense => ({ kind: "verb", intent, ...extra });
const entries = (words: string, sense: WordSense): Array<[string, WordSense]> => words.split(" ").map((w) => [w, sense]);

const write = verb("change", { op: "write" });
const append = verb("change", { op: "write", additive: true });
const edit = verb("change", { op: "edit" });
const move = verb("change", { op: "move" });
const del = verb("change", { op: "delete" });

const LEXICON = new Map<string, WordSense>([
  // change
  ...entries("create write overwrite save generate put 创建 新建 建 建立 写 写入 生成 保存 放", write),
  // A copy's requested state is that it exists: its content is the source's, not described by the request.
  ...entries("copy duplicate backup cp 复制 拷贝 备份", verb("change", { op: "write", copies: true })),
  ...entries("add append insert tack 添加 新增 加 加上 追加 插入 补充 补 补上", append),
  ...entries("edit modify change update set bump rewrite refactor patch increase decrease strip trim uncomment enable disable swap 修改 编辑 更新 换 改 改成 改为 设置 设为 调整 empty clear truncate 清空", edit),
  // A repair names what is wrong: a lone quote after it is the fault to remove, not the text to hold.
  ...entries("fix correct 修复 修正 更正 修 修好", verb("change", { op: "edit", repairs: true })),
  // So does a replacement: a lone quote it takes is what is replaced, unless a result word introduces it ("replace … with '…'", "替换为").
  ...entries("replace substitute 替换", verb("change", { op: "edit", repairs: true })),
  ...entries("move rename relocate mv 移动 移 重命名 改名 挪 搬 搬到", move),
  ...entries("delete remove erase rm 删除 删掉 删 移除 清除 清掉 去掉", del),
  ...entries("keep retain preserve 保留 留 留着 留下", { kind: "keep" }),
  // run or check
  ...entries("run execute rerun 运行 执行 跑", verb("run")),
  // A restart runs the service's own command ("restart the service", "重启服务").
  ...entries("restart reload 重启", verb("run", { subject: "service" })),
  ...entries("check verify confirm 检查 确认", verb("question", { checks: true })),
  // send or communicate
  // "text" as a verb sends a text message (a determiner before it makes it the noun: request.ts).
  ...entries("send notify forward reply inform ping post announce text 发 发送 发给 寄 通知 回复 转发", verb("send")),
  // A booking is made with someone else's system, as a message is sent: done only with its receipt.
  ...entries("book reserve 预订 预约 订", verb("send")),
  ...entries("email mail 发邮件", verb("send", { domain: "mail" })),
  ...entries("sms 发短信 打电话 致电 拨打", verb("send", { domain: "phone" })),
  ...entries("tell 告诉", verb("send", { toSelf: true })),
  // compare, read, find, look up
  ...entries("compare diff contrast 比较 对比 比对", verb("compare")),
  ...entries("read open show summarize summarise explain describe list view print display cat inspect review look see 读 阅读 打开 看 看看 查看 总结 概括 解释 说明 列出 显示 展示", verb("read")),
  // Computing a figure from the workspace asks a question its answer gives.
  ...entries("find locate count sum average compute calculate 找 查找 寻找 统计 计算 求和 合计", verb("question")),
  ...entries("search browse lookup 搜索 搜 查询 查", verb("lookup")),
  ...entries("google", verb("lookup", { domain: "browser" })),
  // question words
  ...entries("what which where when who whom whose why how is are was were do does did has have had can could will would should", { kind: "question" }),
  ...entries("什么 啥 咋 哪 哪个 哪里 哪儿 哪些 怎么 怎样 怎么样 如何 为什么 为何 多少 几 几个 几点 几时 何时 多久 谁 请问", { kind: "question", anywhere: true }),
  // Yes/no particles: a polite request can end in one ("能帮我跑一下测试吗"), so they never make a verb's object the question.
  ...entries("吗 是否 是不是 有没有", { kind: "question", anywhere: true, polar: true }),
  // non-file domains
  ...entries("ci pipeline workflow github pr commit branch 流水线 持续集成 分支", { kind: "domain", domain: "code" }),
  ...entries("inbox mailbox e-mail 邮件 邮箱 收件箱", { kind: "domain", domain: "mail" }),
  ...entries("calendar meeting appointment agenda 日历 日程 会议 开会 会议室", { kind: "domain", domain: "calendar" }),
  ...entries("event 事件", { kind: "domain", domain: "calendar", weak: true }),
  ...entries("ticket 工单", { kind: "domain", domain: "issues" }),
  ...entries("slack discord mattermost telegram whatsapp 钉钉 飞书 企业微信 微信群 频道 群聊 群", { kind: "domain", domain: "chat" }),
  ...entries("channel teams", { kind: "domain", domain: "chat", weak: true }),
  ...entries("issue", { kind: "domain", domain: "issues", weak: true }),
  ...entries("web internet online website webpage 网上 网页 网站 上网 互联网", { kind: "domain", domain: "browser" }),
  ...entries("phone telephone 短信 短讯 电话 手机", { kind: "domain", domain: "phone" }),
  // A device a file is sent to: "print … on the printer" sends, it does not read.
  ...entries("printer fax 打印机 传真机", { kind: "domain", domain: "device" }),
  // what a command runs
  ...entries("test spec 测试 单测 用例", { kind: "subject", subject: "test" }),
  ...entries("build compile 编译 构建", { kind: "subject", subject: "build", domain: "code" }),
  ...entries("lint linter eslint", { kind: "subject", subject: "lint" }),
  // definitions, and what a write makes
  ...entries("mean meaning definition 意思 含义 意味着", { kind: "meaning" }),
  ...entries("file 文件", { kind: "file" }),
  // glue
  ...entries("then 然后 接着 随后", { kind: "connective", strong: true }),
  ...entries("and also 并 并且 再 同时", { kind: "connective" }),
  // A contrast starts a clause of its own before a verb or a word asking to keep something ("…, but keep …").
  ...entries("but 但 但是 不过", { kind: "connective" }),
  ...entries("me us myself 我 我们", { kind: "self" }),
  ...entries("please pls kindly just 请 帮 帮忙 麻烦 一下", { kind: "filler" }),
]);

/** Two-word phrases whose sense is not the sum of their words. */
const PHRASES = new Map<string, WordSense>([
  ["look up", verb("lookup")],
  ["get rid", del],
  ["comment out", edit],
  // A file's name changed is a rename ("把 a.csv 的名字改成 b.csv").
  ["名字 改成", move],
  ["名字 改为", move],
  ["文件名 改成", move],
  ["文件名 改为", move],
  ["set up", write],
  // jieba cuts 调到 into 调 + 到; 调 alone ("调小") is too loose to be an edit.
  // 加起来 adds numbers up: a figure asked, no addition to a file ("amount 这一列加起来是多少").
  ["加 起来", verb("question")],
  ["调 到", edit],
  ["调 成", edit],
  ["调 为", edit],
  // 执行权限 is the execute permission granted, not a run ("给它执行权限").
  ["执行 权限", edit],
  ["pull request", { kind: "domain", domain: "code" }],
  ["unit test", { kind: "subject", subject: "test" }],
  // A smoke test runs the program itself, not a test runner.
  ["smoke test", verb("run")],
  ["冒烟 测试", verb("run")],
  // "c.txt 不要了": no longer wanted, so deleted.
  ["不要 了", del],
  // "give me the sha256 of …" asks for an answer.
  ["give me", verb("question")],
  ["can you", { kind: "filler" }],
  ["could you", { kind: "filler" }],
  ["would you", { kind: "filler" }],
  ["will you", { kind: "filler" }],
  ["help me", { kind: "filler" }],
]);

/**
 * Words an answer uses to say something could not be done ("I cannot send it", "无法发送"):
 * an honest "cannot" is reported as not done, with the sentence as its reason.
 */
const INABILITY = new Set("cannot can't can’t couldn't couldn’t unable impossible 无法 不能 没法 做不到 办不到 不了 无从".split(" "));
/** Two-word forms of the same ("not able", "no tool", "没有 工具"). */
/** "can only" states the limit of what can be done ("I can only read your calendar"). */
const INABILITY_PHRASES = new Set(["not able", "no tool", "no tools", "no way", "not possible", "not available", "can only", "没有 工具", "没有 权限", "没有 办法"]);
/** A negation, and what it may deny later in the same clause: "没有发送邮件的工具", "don't have a mail tool", "no access to a printer". */
const NEGATIONS = new Set("don't don’t doesn't doesn’t lack no without 没有 没 无".split(" "));
const CAPABILITIES = new Set("tool tools access permission permissions integration 工具 权限 办法 途径 接口".split(" "));

export const isInabilityWord = (word: string): boolean => INABILITY.has(word.toLowerCase());
export const isInabilityPhrase = (first: string, second: string): boolean => INABILITY_PHRASES.has(`${first.toLowerCase()} ${second.toLowerCase()}`);
export const isNegation = (word: string): boolean => NEGATIONS.has(word.toLowerCase());
export const isCapability = (word: string): boolean => CAPABILITIES.has(word.toLowerCase());

/** Words an answer reports success with, and words of failure or negation that undo such a report ("not all passed", "没有通过"). */
const SUCCESS = new Set("pass passed passes passing succeed succeeded succeeds success successful successfully 通过 成功".split(" "));
// 挂 is how a test fails in speech ("挂了 1 个"; "没有挂的" denies it, as 没问题 does).
const FAILURE = new Set("fail failed fails failing failure error errors broken not no never isn't didn't doesn't don't aren't wasn't but except 没 没有 未 不 失败 错误 报错 出错 挂 挂了 但 但是 除了".split(" "));
/** Words that open a denial ("No, …", "None …", "没有，…"). */
const DENIAL = new Set("no none nope nothing 没有 没 无 不".split(" "));
/** What a check reports when something is wrong; denied ("no problems", "没有报错") it reports a success. */
const PROBLEM = new Set("problem problems issue issues error errors warning warnings failure failures complain complains complained complaint complaints 问题 错误 报错 警告 失败 挂 挂了".split(" "));
/** Words that deny the word right after them ("no errors", "没通过", "didn't pass"). */
const DENIES_NEXT = new Set("no not never zero 0 without didn't doesn't don't isn't wasn't aren't 没 没有 未 不 无".split(" "));
/** Words that open an affirmation ("Yes, …", "是的，…", "有，…"). */
const AFFIRMATION = new Set("yes yeah yep 是 是的 对 有 有的".split(" "));
/** Words an answer says a change was made with besides the change's own verb ("Done", "已", "完成"), or reports the state it left ("now holds"). */
const COMPLETION = new Set("done finished completed complete now wrote written made 完成 已 已经 已将 已把 好了 搞定 现在 现已".split(" "));
/** Number words, English and Chinese, to the integers they state ("three", "两"). */
const NUMBER_WORDS = new Map<string, number>([
  ..."zero one two three four five six seven eight nine ten eleven twelve".split(" ").map((w, i): [string, number] => [w, i]),
  ..."零 一 二 三 四 五 六 七 八 九 十".split(" ").map((w, i): [string, number] => [w, i]),
  ["两", 2],
]);
/** Words an answer says something was not done with ("I have not updated README.md", "tmp/ 还没有删除"). */
const NOT_DONE = new Set("not never nothing haven't hasn't didn't wasn't weren't couldn't cannot can't unable 没 没有 未 不 尚未 还没 还没有 无法 没能".split(" "));
export const isNotDoneWord = (word: string): boolean => NOT_DONE.has(word.toLowerCase());
export const isAffirmationWord = (word: string): boolean => AFFIRMATION.has(word.toLowerCase());
export const isCompletionWord = (word: string): boolean => COMPLETION.has(word.toLowerCase());
/** Chinese digits, and a measure word that may follow a numeral ("两个", "三种"): jieba keeps them as one numeral word. */
const HAN_DIGITS = "零一二三四五六七八九";
const MEASURE = /[个种项处位件]$/u;
/** A Chinese numeral below a hundred (十二, 二十, 两), with or without its measure word. */
function hanNumber(word: string): number | undefined {
  // "一种" is the article of a description ("CSV 是一种…格式"), not a count (round 31).
  if (word === "一种") return undefined;
  const m = /^([一二三四五六七八九两]?)(十?)([一二三四五六七八九]?)$/u.exec(word.replace(MEASURE, ""));
  if (!m || !(m[1] || m[2] || m[3]) || (!m[2] && m[1] && m[3])) return undefined;
  const digit = (d: string) => (d === "两" ? 2 : HAN_DIGITS.indexOf(d));
  return m[2] ? (m[1] ? digit(m[1]) : 1) * 10 + (m[3] ? digit(m[3]) : 0) : digit(m[1] || m[3]!);
}
/** The integer a number word states: English, a Chinese numeral, or a Chinese numeral with its measure word ("两个" is 2). */
export const numberWord = (word: string): number | undefined => NUMBER_WORDS.get(word.toLowerCase()) ?? hanNumber(word);
export const isSuccessWord = (word: string): boolean => SUCCESS.has(word.toLowerCase());
export const isProblemWord = (word: string): boolean => PROBLEM.has(word.toLowerCase());
export const deniesNext = (word: string): boolean => DENIES_NEXT.has(word.toLowerCase());
export const isFailureWord = (word: string): boolean => FAILURE.has(word.toLowerCase());
export const isDenialWord = (word: string): boolean => DENIAL.has(word.toLowerCase());

/** Words right before a quote that make it the result of a repair ("fix it to say 'x'", "改成 'x'"), not its fault. */
const RESULT_BEFORE = /(?:\b(?:to|into|as|with|say|says|read|reads)|[成为用])\s*$/iu;
export const introducesResult = (before: string): boolean => RESULT_BEFORE.test(before);

/** What may stand between two operands listed together ("a.md and b.md", "a.md and the CI workflow", "a.md、b.md", "a.md 和 b.md"). */
const COORDINATOR = /^\s*(?:[,，、]\s*)?(?:and|&|和|与|及|以及|跟)?\s*(?:the\s+)?$/iu;
export const isCoordinator = (gap: string): boolean => COORDINATOR.test(gap);

/** Words that make a request about the user's own things ("my", "我们的"), so a weak domain noun counts. */
const OWNER = new Set("my our mine ours i we 我 我的 我们 我们的".split(" "));

/** Nouns that, next to a bare directory name, make it a directory operand ("the src folder", "src 目录"). */
export const DIRECTORY_NOUNS = ["directory", "folder", "dir", "subfolder", "subdirectory", "目录", "文件夹", "子目录", "子文件夹"];

const SOCIAL = new Set("hello hi hey thanks thank you good morning evening bye ok okay 你好 您好 谢谢 多谢 早上好 晚上好 再见 好的".split(" "));

/** English forms reduced to a lexicon key: lower case, no possessive, then the shared base forms. */
const keysOf = (word: string): string[] => baseForms(word.toLowerCase().replace(/['’]s$/, ""));

/**
 * Chinese resultative and directional complements jieba may keep on a verb ("发到", "挪到",
 * "改成"), and a localizer it may glue before one ("里加" in "在 a.md 里加一行").
 */
const COMPLEMENT = /^(\p{Script=Han}+?)[为成到进入至去]$|^[里中内上下](\p{Script=Han}+)$/u;

export function lookupWord(word: string): WordSense | undefined {
  for (const key of keysOf(word)) {
    const sense = LEXICON.get(key);
    if (sense) return sense;
  }
  // A verb with its complement means the verb: the complement only says where or into what.
  const m = COMPLEMENT.exec(word);
  const stemmed = m?.[1] ?? m?.[2];
  const sense = stemmed ? LEXICON.get(stemmed) : undefined;
  return sense?.kind === "verb" ? sense : undefined;
}

export function phraseSense(first: string, second: string): WordSense | undefined {
  return PHRASES.get(`${first.toLowerCase()} ${stem(second.toLowerCase())}`);
}

/** A word that says what to do or how to ask (a verb, a question word, filler), not what it is about. */
export const isRequestWord = (word: string): boolean => {
  const kind = lookupWord(word)?.kind;
  return kind !== undefined && kind !== "domain" && kind !== "subject";
};

export const isOwnerWord = (word: string): boolean => OWNER.has(word.toLowerCase());

/** True when every word is a greeting or thanks (and there is at least one). */
export const isSocialOnly = (words: string[]): boolean => words.length > 0 && words.every((w) => SOCIAL.has(w.toLowerCase()));

/** Words that say what something made is to hold, without quoting it ("with a note saying …", "内容是…", "写上说明"). */
export const DESCRIBES = /\b(?:with|saying|says|say|containing|contains|contain|listing|describing|explaining|about|that\s+(?:says|lists|explains|describes))\b|内容|说明|写上|写着|写明|介绍|包含|记录/iu;

/** Words that ask for something empty ("an empty file", "空目录"). */
export const EMPTY_WORDS = new Set(["empty", "blank", "空", "空白"]);
