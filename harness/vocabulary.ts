/**
 * The bilingual capability vocabulary of the structural stage: each concept is a thing a
 * tool acts on ("pull_request", "mail") or an action ("create", "send"), with the English
 * and Chinese ways people ask for it. It is what lets "把刚改完的东西提上去给他们审一下"
 * reach `create_pull_request` offline, with no model: 提上去 → create, 审 → pull request.
 * Terms are matched whole (English on token boundaries, Chinese as substrings).
 */
import { operandsOf, rawTokens } from "./text.js";

export type ConceptKind = "object" | "action";

export interface Concept {
  id: string;
  kind: ConceptKind;
  en: string[];
  zh: string[];
}

const object = (id: string, en: string[], zh: string[] = []): Concept => ({ id, kind: "object", en, zh });
const action = (id: string, en: string[], zh: string[] = []): Concept => ({ id, kind: "action", en, zh });

export const CONCEPTS: readonly Concept[] = [
  // things tools act on
  object("file", ["file", "document", "config", "configured", "configuration", "setting", "source file", "path"], ["文件", "文档", "配置"]),
  object("directory", ["directory", "folder", "dir", "tree", "path"], ["目录", "文件夹"]),
  object("line", ["line", "line range", "slice"], ["几行", "行号", "第"]),
  object("text", ["text", "string", "pattern", "regex", "grep", "occurrence", "keyword", "todo"], ["文本", "字符串", "关键字", "关键词", "正则", "包含"]),
  object("workspace", ["workspace", "project", "codebase"], ["工作区", "项目", "代码库", "仓库里"]),
  object("symbol", ["symbol", "function", "method", "class", "identifier", "variable", "constant"], ["函数", "方法", "符号", "变量", "常量"]),
  object("inventory", ["inventory", "overview", "summary", "file type", "extension", "size"], ["概况", "总览", "统计", "大小"]),
  object("command", ["command", "shell", "terminal", "script", "cli"], ["命令", "终端", "脚本"]),
  object("test", ["test", "test suite", "unit test", "spec"], ["测试", "单测", "用例"]),
  object("lint", ["lint", "linter", "style check", "static analysis", "eslint"], ["代码风格", "静态检查"]),
  object("process", ["process", "pid", "cpu", "memory"], ["进程", "占用"]),
  object("commit", ["commit", "changeset", "staged", "check in"], ["提交", "暂存"]),
  object("branch", ["branch", "feature branch"], ["分支"]),
  object("changes", ["diff", "change", "changed", "modified", "uncommitted", "working tree"], ["改动", "改完", "变更", "差异", "改了什么"]),
  object("history", ["log", "history", "recent commit"], ["历史", "日志", "记录", "最近的提交"]),
  object("repository", ["repository", "repo", "git", "origin", "remote", "upstream"], ["远端", "远程", "仓库"]),
  object("pull_request", ["pull request", "pr", "merge request", "code review", "review", "reviewer"], ["审一下", "审查", "评审", "审核", "合并请求", "拉取请求", "给他们看", "审"]),
  object("release", ["release", "changelog", "version tag"], ["发布", "发版", "版本"]),
  object("ci", ["ci", "pipeline", "workflow run", "build", "check", "continuous integration"], ["流水线", "持续集成", "构建"]),
  object("mail", ["email", "mail", "e-mail", "inbox", "message", "mailbox"], ["邮件", "邮箱", "收件箱", "来信"]),
  object("draft", ["draft"], ["草稿"]),
  object("page", ["web page", "webpage", "page", "website", "site", "url", "http", "https", "browser"], ["网页", "网站", "页面", "链接", "浏览器"]),
  object("web", ["web", "internet", "online", "google"], ["网上", "上网", "互联网"]),
  object("element", ["button", "link", "field", "input box", "element"], ["按钮", "输入框"]),
  object("form", ["form"], ["表单"]),
  object("screenshot", ["screenshot", "screen capture"], ["截图", "截屏"]),
  object("event", ["meeting", "event", "appointment", "calendar", "standup", "sync meeting"], ["会议", "日程", "日历", "约会", "开会", "例会"]),
  object("availability", ["free", "free time", "availability", "available", "slot", "busy"], ["空闲", "有空", "空档"]),
  object("invite", ["invite", "invitation", "rsvp"], ["邀请"]),
  object("issue", ["issue", "ticket", "bug"], ["工单", "问题单", "缺陷", "bug", "需求单"]),
  object("comment", ["comment", "note"], ["评论", "留言", "备注"]),
  object("mcp", ["mcp", "model context protocol", "mcp server"], []),
  object("server", ["server"], ["服务器"]),
  object("resource", ["resource"], ["资源"]),
  object("prompt", ["prompt", "prompt template"], ["提示词"]),
  // actions
  action("list", ["list", "show all", "enumerate"], ["列出", "列一下", "有哪些", "都有什么", "列表"]),
  action("create", ["create", "open", "new", "make", "add", "start", "file a", "file an", "raise", "schedule", "book", "set up"], ["创建", "新建", "建一个", "开一个", "提上去", "提一个", "提个", "新开", "发起", "约个", "安排"]),
  action("read", ["read", "open", "show", "view", "look at", "see", "content", "get", "fetch", "detail", "explain", "summarize", "summarise", "describe"], ["打开", "读", "看", "内容", "详情", "获取", "解释", "总结", "讲讲"]),
  action("find", ["find", "search", "locate", "look for", "where", "defined", "mention", "contain", "explore"], ["搜索", "查找", "找", "哪", "搜", "定义"]),
  action("extract", ["extract", "pull out", "section"], ["提取", "抽取"]),
  action("write", ["write", "save", "new file", "create"], ["写", "保存", "新建"]),
  action("edit", ["edit", "modify", "replace", "fix", "patch"], ["修改", "编辑", "替换", "改一下", "改成"]),
  action("move", ["move", "rename", "relocate"], ["移动", "重命名", "挪", "改名"]),
  action("delete", ["delete", "remove", "erase"], ["删除", "删掉", "移除", "删"]),
  action("run", ["run", "execute", "launch"], ["运行", "执行", "跑"]),
  action("send", ["send", "email", "forward"], ["发送", "发给", "发一封", "发封", "寄"]),
  action("reply", ["reply", "respond", "answer"], ["回复", "回信"]),
  action("merge", ["merge", "land"], ["合并", "合进"]),
  action("push", ["push", "upload", "publish"], ["推送", "推上去", "推到", "提上去"]),
  action("close", ["close", "resolve", "won't fix"], ["关闭", "关掉", "结掉"]),
  action("update", ["update", "change", "reschedule", "edit", "set"], ["更新", "改期", "改到", "调整"]),
  action("cancel", ["cancel", "call off"], ["取消"]),
  action("kill", ["kill", "stop", "terminate"], ["杀掉", "终止", "停止", "结束"]),
  action("click", ["click", "press", "tap"], ["点击", "点一下"]),
  action("type", ["type", "fill", "enter text", "fill in"], ["输入", "填写", "填"]),
  action("submit", ["submit", "send form"], ["提交表单"]),
  action("assign", ["assign", "assignee", "give to"], ["分配", "指派", "交给"]),
  action("sync", ["sync", "synchronize", "refresh", "force sync"], ["同步"]),
  action("request", ["request", "ask"], ["请", "找人"]),
  action("accept", ["accept", "decline", "tentative"], ["接受", "拒绝"]),
];

/** A concept occurrence with how strongly it was expressed (1 = name or task, less = description). */
export type ConceptHits = Map<string, number>;

interface CompiledTerm {
  concept: Concept;
  tokens: string[];
}

const compiledEnglish: CompiledTerm[] = CONCEPTS.flatMap((concept) =>
  concept.en.map((term) => ({ concept, tokens: rawTokens(term) })),
);
const firstTokenIndex = new Map<string, CompiledTerm[]>();
for (const term of compiledEnglish) {
  const first = term.tokens[0];
  if (first === undefined) continue;
  firstTokenIndex.set(first, [...(firstTokenIndex.get(first) ?? []), term]);
}
const englishTokens = new Map(CONCEPTS.map((concept) => [concept.id, new Set(concept.en.flatMap((term) => rawTokens(term)))]));
const chineseTerms = CONCEPTS.flatMap((concept) => concept.zh.map((term) => ({ concept, term })));
const chineseConceptCount = new Map<string, number>();
for (const { term } of chineseTerms) chineseConceptCount.set(term, (chineseConceptCount.get(term) ?? 0) + 1);

const vocabularyTokens = new Set(compiledEnglish.filter((term) => term.tokens.length === 1).map((term) => term.tokens[0]));

/** Whether a word alone names a concept of the vocabulary (a vendor name like "s3", "box" or "jira" does not). */
export const isVocabularyWord = (token: string): boolean => vocabularyTokens.has(token);

export const conceptById = new Map(CONCEPTS.map((concept) => [concept.id, concept]));

/**
 * Concepts in a token sequence, each with its weight: every matched term adds 1, shared
 * equally among the concepts it can mean ("email" is half mail, half send). English terms
 * match whole on token boundaries, Chinese terms as substrings. Also returns the English tokens of every
 * matched concept (all its terms, so "changed" explains a tool named `git_diff`), which the
 * structural stage uses to explain a tool's name tokens.
 */
export function conceptsIn(text: string, textTokens: string[] = rawTokens(text)): { concepts: ConceptHits; termTokens: Set<string> } {
  const concepts: ConceptHits = new Map();
  const add = (id: string, share: number) => concepts.set(id, (concepts.get(id) ?? 0) + share);
  let coveredUntil = 0;
  textTokens.forEach((token, index) => {
    const matching = (firstTokenIndex.get(token) ?? []).filter((term) =>
      term.tokens.every((t, offset) => textTokens[index + offset] === t),
    );
    const longest = Math.max(0, ...matching.map((term) => term.tokens.length));
    // A token inside a longer match ("tree" in "working tree") does not start a shorter one.
    if (longest === 0 || (index < coveredUntil && index + longest <= coveredUntil)) return;
    const chosen = matching.filter((term) => term.tokens.length === longest);
    for (const term of chosen) add(term.concept.id, 1 / chosen.length);
    coveredUntil = Math.max(coveredUntil, index + longest);
  });
  const lower = text.toLowerCase();
  for (const { concept, term } of chineseTerms) {
    if (lower.includes(term)) add(concept.id, 1 / (chineseConceptCount.get(term) ?? 1));
  }
  return { concepts, termTokens: termTokensOf(concepts) };
}

/** The English tokens of every term of the concepts: what explains a tool's name words. */
function termTokensOf(concepts: ConceptHits): Set<string> {
  const termTokens = new Set<string>();
  for (const id of concepts.keys()) for (const token of englishTokens.get(id) ?? []) termTokens.add(token);
  return termTokens;
}

/**
 * What an operand of each kind says about the capability asked for, concept → weight per
 * operand: a path names a file of the workspace, an identifier a symbol of its code. The
 * workspace itself is half-weighted: it says where, not what, so "commit src/index.ts" still
 * means the commit.
 */
const OPERAND_CONCEPTS = {
  path: { file: 1, workspace: 0.5 },
  identifier: { symbol: 1, workspace: 0.5 },
} as const satisfies Record<string, Record<string, number>>;

/**
 * The concepts of a user task: those of its request words (`conceptsIn` over the task with
 * its operands blanked, see `operandsOf`), plus one hit per operand for each concept its kind
 * stands for; and that request text. `isToolName` keeps a tool's own name out of the operands.
 */
export function taskConceptsIn(task: string, isToolName: (word: string) => boolean): { concepts: ConceptHits; termTokens: Set<string>; request: string } {
  const { paths, identifiers, request } = operandsOf(task, isToolName);
  const { concepts } = conceptsIn(request);
  const add = (weights: Record<string, number>, count: number) => {
    for (const [id, weight] of Object.entries(weights)) if (count > 0) concepts.set(id, (concepts.get(id) ?? 0) + weight * count);
  };
  add(OPERAND_CONCEPTS.path, paths.length);
  add(OPERAND_CONCEPTS.identifier, identifiers.length);
  return { concepts, termTokens: termTokensOf(concepts), request };
}

/** English words that stand for the concepts: the Chinese → English bridge of the lexical stage. */
export const englishOf = (conceptIds: Iterable<string>): string[] =>
  [...conceptIds].flatMap((id) => conceptById.get(id)?.en.slice(0, 2) ?? []);
