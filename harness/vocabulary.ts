/**
 * The bilingual capability vocabulary of the structural stage: each concept is a thing a
 * tool acts on ("pull_request", "mail") or an action ("create", "send"), with the English
 * and Chinese ways people ask for it. It is what lets "把刚改完的东西提上去给他们审一下"
 * reach `create_pull_request` offline, with no model: 提上去 → create, 审 → pull request.
 * Terms are matched whole (English on token boundaries, Chinese as substrings).
 */
import { rawTokens } from "./text.js";

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
  object("file", ["file", "document", "config", "source file"], ["文件", "文档", "配置"]),
  object("directory", ["directory", "folder", "dir", "tree", "path"], ["目录", "文件夹"]),
  object("line", ["line", "line range", "exact lines"], ["几行", "行号", "第"]),
  object("text", ["text", "string", "pattern", "regex", "grep", "occurrence", "keyword", "todo"], ["文本", "字符串", "关键字", "关键词", "正则", "包含"]),
  object("workspace", ["workspace", "project", "codebase"], ["工作区", "项目", "代码库", "仓库里"]),
  object("inventory", ["inventory", "overview", "summary", "file type", "extension", "size"], ["概况", "总览", "统计", "大小"]),
  object("command", ["command", "shell", "terminal", "script", "cli"], ["命令", "终端", "脚本"]),
  object("test", ["test", "test suite", "unit test", "spec"], ["测试", "单测", "用例"]),
  object("lint", ["lint", "linter", "style check", "static analysis", "eslint"], ["代码风格", "静态检查"]),
  object("process", ["process", "pid", "cpu", "memory"], ["进程", "占用"]),
  object("commit", ["commit", "changeset", "staged"], ["提交", "暂存"]),
  object("branch", ["branch", "feature branch"], ["分支"]),
  object("changes", ["diff", "change", "changed", "modified", "uncommitted", "working tree"], ["改动", "改完", "变更", "差异", "改了什么"]),
  object("history", ["log", "history", "recent commit"], ["历史", "日志", "记录"]),
  object("repository", ["repository", "repo", "origin", "remote", "upstream", "github", "gitlab"], ["远端", "远程", "仓库"]),
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
  object("issue", ["issue", "ticket", "bug", "jira"], ["工单", "问题单", "缺陷", "bug", "需求单"]),
  object("comment", ["comment", "note"], ["评论", "留言", "备注"]),
  object("mcp", ["mcp", "model context protocol", "mcp server"], []),
  object("server", ["server"], ["服务器"]),
  object("resource", ["resource"], ["资源"]),
  object("prompt", ["prompt", "prompt template"], ["提示词"]),
  // actions
  action("list", ["list", "show all", "enumerate", "which"], ["列出", "列一下", "有哪些", "都有什么", "列表"]),
  action("create", ["create", "open", "new", "make", "add", "start", "file a", "file an", "raise", "schedule", "book", "set up"], ["创建", "新建", "建一个", "开一个", "提上去", "提一个", "提个", "新开", "发起", "约个", "安排"]),
  action("read", ["read", "open", "show", "view", "look at", "see", "content", "get", "fetch", "detail"], ["打开", "读", "看一下", "看看", "查看", "内容", "详情", "获取"]),
  action("find", ["find", "search", "locate", "look for", "where", "defined"], ["搜索", "查找", "找", "在哪", "哪里", "搜"]),
  action("extract", ["extract", "pull out", "section"], ["提取", "抽取"]),
  action("write", ["write", "save", "new file"], ["写入", "保存", "写一个"]),
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
  action("comment", ["comment", "reply to issue"], ["评论", "留言"]),
  action("commit", ["commit", "check in", "record"], ["提交"]),
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
const chineseTerms = CONCEPTS.flatMap((concept) => concept.zh.map((term) => ({ concept, term })));

export const conceptById = new Map(CONCEPTS.map((concept) => [concept.id, concept]));

/**
 * Concepts expressed by a token sequence (English terms, matched whole on token boundaries)
 * and by raw text (Chinese terms, as substrings). Also returns the English tokens of every
 * matched term, which the structural stage uses to explain a tool's name tokens.
 */
export function conceptsIn(text: string, textTokens: string[] = rawTokens(text)): { concepts: Set<string>; termTokens: Set<string> } {
  const concepts = new Set<string>();
  const termTokens = new Set<string>();
  textTokens.forEach((token, index) => {
    for (const term of firstTokenIndex.get(token) ?? []) {
      if (term.tokens.every((t, offset) => textTokens[index + offset] === t)) {
        concepts.add(term.concept.id);
        term.tokens.forEach((t) => termTokens.add(t));
      }
    }
  });
  const lower = text.toLowerCase();
  for (const { concept, term } of chineseTerms) {
    if (lower.includes(term)) concepts.add(concept.id);
  }
  return { concepts, termTokens };
}

/** English words that stand for the concepts: the Chinese → English bridge of the lexical stage. */
export const englishOf = (conceptIds: Iterable<string>): string[] =>
  [...conceptIds].flatMap((id) => conceptById.get(id)?.en.slice(0, 2) ?? []);
