/**
 * Words and shapes the TaskFrame reads a clause by (state/taskFrame.ts): what a run is to confirm,
 * which files of a folder a clause takes, where quoted text goes, what a conversion makes, what a
 * message says, how a run went.
 */

/** What a run is for, when a verb says it ("to rewrite the ids in …", "来更新 …"): group 1 or 2 is that verb. */
export const RUN_PURPOSE = /\b(?:to|so\s+it)\s+([a-z]+)\b|(?:来|以便|用来)\s*(更新|修改|改写|重写|替换|改)/iu;

/** A run the request names as the check of its changes ("to confirm it's picked up", "来确认"). */
// "跑 node test.js 确认通过": a confirmation of its passing, with no 来.
export const CONFIRMS = /\bto\s+(?:confirm|verify|check|make\s+sure|ensure|prove)\b|(?:来|以|用来)(?:确认|验证|检查)|(?:确认|验证)(?:一下)?(?:通过|没问题|无误|正常)/iu;

/** Words before a folder that take the files in it ("every file from", "all the logs in"), or after it in Chinese ("下面…的文件"). */
const CONTENTS_BEFORE = /\b(?:(?:every|all|each)\s+(?:of\s+)?(?:the\s+)?(?:[\w.-]+\s+)?(?:files?|logs?|images?|pdfs?)|everything|the\s+contents?\s+of|the\s+files)\s+(?:from|in|inside|under|out\s+of|of)\s+(?:the\s+)?[`'"]?$/iu;
/** Of those words, the ones that take every file ("every file from", "all the logs in"). */
const ALL_BEFORE = /\b(?:every|all|each|everything|contents?)\b/iu;

/** After a folder in Chinese, the words that take every file in it ("下面的所有文件"). */
const ALL_AFTER = /^[`'"]?\s*(?:目录|文件夹)?\s*(?:下面|下|里面|里|中)的?(?:所有|全部)的?(?:文件|东西|内容)/u;

/** After a folder in Chinese, the words that take files in it ("里的 .tmp 文件"). */
const CONTENTS_AFTER = /^[`'"]?\s*(?:目录|文件夹)?\s*(?:下面|下|里面|里|中)的?[^，,。；;]{0,16}?(?:文件|东西|内容)/u;

/** After a folder in Chinese, a qualified part of what it holds ("文件夹里 2023 年的日志", "里 2023 开头的文件"): some of it, not all. */
const PART_AFTER = /^[`'"]?\s*(?:目录|文件夹)?\s*(?:下面|下|里面|里|中)的?\s*(?!所有|全部)[^，,。；;\s的][^，,。；;]{0,15}?的?\s*(?:文件|日志|图片|照片|记录|备份)/u;
/** Before a folder in English, a qualified part of what it holds ("the 2023 logs in", "old backups from"). */
const PART_BEFORE = /\b(?!(?:the|every|all|each|any)\b)[\w.-]+\s+(?:files?|logs?|images?|pdfs?|backups?|reports?)\s+(?:from|in|inside|under|of)\s+(?:the\s+)?[`'"]?$/iu;

/** The text before and after each place a folder's name stands alone in a clause ("the logs in the logs folder": the second). */
function around(text: string, folder: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let at = text.indexOf(folder); at >= 0; at = text.indexOf(folder, at + 1)) {
    const end = at + folder.length + (text[at + folder.length] === "/" ? 1 : 0);
    if (!/[\w.-]/.test(text[at - 1] ?? "") && !/[\w-]/.test(text[end] ?? "")) out.push([text.slice(0, at), text.slice(end)]);
  }
  return out;
}

/** Whether a clause moves the files inside the folder it names as written, not the folder. */
export function movesContents(text: string, folder: string, all = false): boolean {
  return around(text, folder).some(([before, after]) =>
    all ? (CONTENTS_BEFORE.test(before) && ALL_BEFORE.test(CONTENTS_BEFORE.exec(before)![0])) || ALL_AFTER.test(after) : CONTENTS_BEFORE.test(before) || CONTENTS_AFTER.test(after),
  );
}

/** Whether a clause takes a qualified part of what the folder it names holds, not all of it and not the folder. */
export function takesPart(text: string, folder: string): boolean {
  return around(text, folder).some(([before, after]) => PART_BEFORE.test(before) || PART_AFTER.test(after));
}

/** Text asked to open a file: "as the first line", "at the top of", "在开头", "放到第一行". */
export const LEADS = /\b(?:as|at|on)\s+(?:the\s+)?(?:very\s+)?(?:first\s+line|top|beginning|start)\b|\bprepend|开头|第一行|最前面|顶部|文件头/iu;

/** Names of a form, not text (line endings, encodings): "CRLF 改成 LF" asks for the form. */
export const FORM_NAME = /^(?:LF|CRLF|CR|UTF-?8|UTF-?16|GBK|GB2312|GB18030|ASCII|latin-?1)$/iu;

/** A conversion: what it makes is a form, not text the target holds. */
export const CONVERTS = /\bconvert(?:s|ed|ing)?\b|转换|转成|转为/iu;

/** Uncommenting a quoted line: the line without its marker is asked for. */
export const UNCOMMENT = /\buncomment|取消注释|解除注释/iu;

/** A line comment's marker and the space after it (`# `, `// `, `; `, `-- `). */
export const COMMENT_MARK = /^\s*(?:#|\/\/|;|--)\s*/u;

/** Words asking how a run went: it builds, compiles, passes (编过, 编译通过). */
export const RUN_OUTCOME = /\b(?:builds?|built|compiles?|compiled|pass(?:es)?|passed)\b|编过|编译|构建|通过/iu;

/** A clause reporting what a message says ("说 …", "saying …", "that …"). */
export const REPORTED_SPEECH = /^(?:and\s+)?(?:说|告诉(?:他|她|他们|大家)|saying|say|tell\s+(?:him|her|them)|that)(?!\p{Script=Latin})/iu;

/**
 * "把 var 全换成 let", "所有的 http 都改成 https": every occurrence of a Latin word replaced by another. A quantifier of
 * every occurrence (全, 所有) says it is no setting's key; 都 alone may mean "in both files", and a literal value
 * (`false`, `on`) is what a setting becomes.
 */
export const EVERY_WORD_REPLACED = /(所有的?\s*)?(?<![\w.:\/@-])([A-Za-z_][\w.:\/@-]*)\s*(全部?|统统)?\s*都?\s*(?:换成|改成|替换成|替换为|改为)\s*(?!(?:true|false|yes|no|on|off|null|none)\b)([A-Za-z_][\w.:\/@-]*)/iu;

/** "Replace TODO with DONE": an unquoted replaced word with code shape (capitals, digits, `_`, `.`), and what replaces it. */
export const UNQUOTED_REPLACE = /\b(?:[Rr]eplace|[Ss]ubstitute)\s+(?:the\s+)?([A-Za-z0-9_.:\/-]*[A-Z0-9_.][A-Za-z0-9_.:\/-]*)\s+(?:with|by)\s+([^\s,;]+)/u;

/** A clause that only orders a look somewhere ("查一下 src", "search in lib", "check src/"). */
export const LOOK_ORDER = /^\s*(?:请|帮我|你)?\s*(?:查|看|搜|找|翻)|^\s*(?:please\s+)?(?:look|search|check|grep)\b/iu;

/** A new extension given to files ("扩展名都改成小写 .jpg", "change the extension to .md"): group 1 is it. */
export const EXTENSION_TO = /(?:扩展名|后缀名?|\bextensions?\b)[^。；;]*?(?:改成|改为|换成|\bto\b)\s*(?:小写|大写|lower-?case|upper-?case)?\s*(?:的\s*)?(\.[A-Za-z0-9]+)(?![\w.])/iu;

/**
 * What a request says to do it with, in brackets or run by an interpreter ("(use json.tool)", "use python json.tool",
 * "用 python -m json.tool"): a dotted name after it is the instrument, not a path. Bare "用 X" also asks whether X is used.
 */
export const INSTRUMENT_BEFORE = /(?:[(（]\s*(?:use|using|via|用|使用)\s+(?:the\s+)?(?:python3?\s+(?:-m\s+)?|node\s+)?|(?:\buse|\busing|\bvia|用|使用)\s+(?:python3?\s+(?:-m\s+)?|node\s+))$/iu;

/**
 * A change to the repository itself that a git command makes, not a file ("commit the rename",
 * "git init and commit everything", "提交一下", "新建 feature/x 分支"; round 30; "建一个 x 分支",
 * "create a branch", round 32). A negation
 * before it ("we don't commit it") asks for none. Bounded gaps only: no nested quantifier.
 */
export const REPO_ACTION = /\b(?:commit|push|stash|rebase|cherry-pick)\b(?!\s+(?:message|msg|hash|id|log)s?\b)|\bgit\s+(?:init|tag|merge)\b|\binit(?:iali[sz]e)?\s+(?:a\s+|the\s+|this\s+)?(?:git|repo)|提交(?!信息|记录|历史|说明|中)|推送|打\s*(?:个\s*)?tag|初始化\s*(?:一下\s*)?git|git\s*(?:仓库)?\s*初始化|(?:新建|创建|建|切到|切换到)[^，。,;]{0,30}分支|\b(?:create|make|cut)\s+(?:a\s+)?(?:new\s+)?branch\b/iu;
const NOT_BEFORE = /(?:\b(?:don't|do\s+not|never|not|no\s+need\s+to|without)\s+(?:\w+\s+){0,2}|[不别没勿](?:要|用)?\s*)$/iu;
/** Whether a clause asks for a repository action (REPO_ACTION, not negated). */
export function asksRepoAction(text: string): boolean {
  const m = REPO_ACTION.exec(text);
  return !!m && !NOT_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index));
}

/** A clause saying a thing is not there yet ("email 目录还没有", "the logs folder doesn't exist yet"). */
const STATES_ABSENT = /^[\p{L}\p{N}_.\/-]+(?:\s+[\p{L}\p{N}_.\/-]+)?\s*(?:目录|文件夹|文件)?\s*(?:现在)?(?:还|也|都)?(?:没有|不存在|没建|没创建)(?:呢)?\s*[。.!！]?$|^(?:the\s+)?[\w.\/-]+\s+(?:folder|directory|dir|file\s+)?\s*(?:doesn't|does\s+not|isn't\s+there)(?:\s+exist)?(?:\s+yet)?\s*[.!]?$/iu;
/** A clause reporting a failure ("test_calc.py 里 test_mean 挂了"): what to do comes in the next clause. */
const STATES_FAILURE = /^[^，,。；;]{1,60}?(?:挂了|失败了|报错了|跑不过了?|没通过|不通过)\s*[，,。.!！]?$/u;
/** What the user will do with the answer, after the request ("I want to compare it with …", "我要核对"). */
const USERS_OWN = /^(?:I\s+(?:want|need|have)\s+to|I['’]d\s+like\s+to|I['’]ll|我要|我想|我得|我再)\s*(?:compare|check|verify|核对|对比|比对|比较|检查|对一下)/iu;
/** The user's own plan right after a question ("…还在用吗？想把这个依赖删了", "Is it used? I want to delete it"): why they ask, not an order (round 35). */
const PLAN_AFTER_QUESTION = /^(?:I\s+(?:want|plan|intend|am\s+going)\s+to|I['’]d\s+like\s+to|I['’]m\s+(?:going|planning|thinking\s+(?:of|about))\b|(?:我)?(?:想|打算|准备|计划)|我要)/iu;
/** Where the thing asked about is ("It's in package.json but I suspect it's unused"; round 30). */
const STATES_WHERE = /^(?:it|this|that|they)(?:['’]s|\s+is|\s+are|['’]re)\s+(?:only\s+|also\s+|still\s+|already\s+)?(?:(?:listed|declared|defined|mentioned|set|configured)\s+)?in\s+/iu;

/** Whether a clause says where the thing asked about is ("It's set in config/server.yaml"). */
export const saysWhere = (text: string): boolean => STATES_WHERE.test(text);

/**
 * Whether a clause only states a fact and asks for nothing: a thing not there yet, a failure seen,
 * and, after the first clause, what the user will do with the answer, or where the thing is when an
 * earlier clause named its own scope (without one, "it's in vite.config.ts" says where to look), or,
 * after a question, what the user plans to do.
 */
export const statesFact = (text: string, later: boolean, scoped: boolean, afterQuestion = false): boolean =>
  STATES_ABSENT.test(text) || STATES_FAILURE.test(text) || (later && (USERS_OWN.test(text) || (scoped && STATES_WHERE.test(text)))) || (afterQuestion && PLAN_AFTER_QUESTION.test(text));

/** A noun naming a column or field: the word right before it is that column's name ("mail 列名", "the email column"), not a verb (round 36). */
export const NAMES_COLUMN = /^(?:列|列名|字段|字段名|column|columns|field|fields|header)$/iu;

const WHEN_WORD = /^(?:before|after|until|till|while|once|when)$/iu;
const FIRST_PERSON = /^(?:i|we)$/iu;
const ON_THE_WAY = /^(?:start|starting|begin|beginning|will|'ll|am|are|going|to|get|can)$/iu;
/** Whether the word at `i` is the user's own act in a time clause ("before I start editing"): not what the request asks. */
export function usersOwnAct(words: string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && i - j <= 3 && ON_THE_WAY.test(words[j]!)) j--;
  return j >= 1 && FIRST_PERSON.test(words[j]!) && WHEN_WORD.test(words[j - 1]!);
}
