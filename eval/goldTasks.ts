/**
 * The fixed evaluation task set: user requests in English and Chinese, each with the one
 * tool that must become reachable (enter the model's visible space) for it to be solvable:
 * requests to the simulated services, and the everyday workspace tasks the main job runs.
 * Used by the resolution bench and the reachability tests at 60, 500 and 5,000 tools.
 */

export interface GoldTask {
  id: string;
  lang: "en" | "zh";
  task: string;
  gold: string;
}

const en = (id: string, task: string, gold: string): GoldTask => ({ id, lang: "en", task, gold });
const zh = (id: string, task: string, gold: string): GoldTask => ({ id, lang: "zh", task, gold });

export const goldTasks: readonly GoldTask[] = [
  en("pr-open", "Open a pull request for my current branch so the team can review it", "create_pull_request"),
  zh("pr-zh", "把刚改完的东西提上去给他们审一下", "create_pull_request"),
  en("diff", "Show me what changed in the working tree since the last commit", "git_diff"),
  zh("log-zh", "看看最近的提交历史", "git_log"),
  en("commit", "Commit the staged changes with the message 'fix typo'", "git_commit"),
  en("push", "Push my feature branch to origin", "git_push"),
  en("merge", "Merge pull request #42 now that it is approved", "merge_pull_request"),
  en("ci", "Did the CI pipeline pass on main?", "list_ci_runs"),
  en("release", "Create a release v1.2.0 with the changelog", "create_release"),
  en("mail-send", "Email the weekly report to alice@example.com", "send_mail"),
  zh("mail-zh", "给老板发一封邮件说明天请假", "send_mail"),
  en("mail-reply", "Reply to Bob's message about the budget", "reply_mail"),
  en("mail-search", "Find the emails from Carol about the contract", "search_mail"),
  en("meet", "Schedule a meeting with Dan next Tuesday at 3pm", "create_event"),
  zh("meet-zh", "帮我约个会议，下周二下午三点", "create_event"),
  en("free", "When are Alice and Bob both free for an hour this week?", "find_free_time"),
  en("cancel", "Cancel tomorrow's standup meeting", "cancel_event"),
  en("bug", "File a bug: the login page crashes on submit", "create_issue"),
  zh("assign-zh", "把这个工单分配给小王", "assign_issue"),
  en("close", "Close ticket PROJ-123 as fixed", "close_issue"),
  en("issue-comment", "Add a comment to issue PROJ-17 saying it is reproduced", "comment_on_issue"),
  en("web", "Search the web for the Node 20 release schedule", "web_search"),
  zh("open-zh", "打开 https://example.com 看看页面内容", "browser_open"),
  en("click", "Click the 'Sign in' button on the page", "browser_click"),
  en("shot", "Take a screenshot of the current page", "browser_screenshot"),
  en("tests", "Run the unit tests for the parser", "run_tests"),
  zh("tests-zh", "跑一下测试", "run_tests"),
  en("cpu", "Which processes are using the most CPU?", "list_processes"),
  en("ls", "List the files in the src directory", "read_list"),
  en("locate", "Which file mentions parseConfig?", "read_locate"),
  zh("grep-zh", "在项目里搜索所有包含 TODO 的行", "search_text"),
  en("rename", "Rename docs/old.md to docs/new.md", "move_path"),
  zh("delete-zh", "删除 tmp 目录下的 cache.json 文件", "delete_path"),
  en("slice", "Read lines 10 to 40 of src/index.ts", "read_slice"),
  en("inventory", "Give me an overview of this workspace: file types and sizes", "workspace_inventory"),
  en("mcp", "List the resources exposed by the filesystem MCP server", "mcp_list_resources"),
  // everyday workspace tasks (what the main job runs): paths, identifiers and question words
  en("ws-where", "Where is the retry limit configured, and what is its value?", "read_locate"),
  zh("ws-where-zh", "重试上限是在哪里配置的？", "read_locate"),
  en("ws-defined", "Where is pushEvent defined?", "read_locate"),
  en("ws-create", 'Create notes/release.md with "Retry limit reviewed: 5"', "write_file"),
  zh("ws-create-zh", "在 notes 目录下新建一个文件", "write_file"),
  en("ws-explain", "Explain how src/client.ts retries", "read_open"),
  zh("ws-explain-zh", "解释一下 src/client.ts 是怎么重试的", "read_open"),
  en("ws-summarize", "Read docs/operations.md and summarize it", "read_open"),
  zh("ws-read-zh", "看一下 src/config.ts 里的重试次数", "read_open"),
  en("ws-rename", "Rename notes/a.md to notes/b.md", "move_path"),
  zh("ws-rename-zh", "把 notes/a.md 重命名为 notes/b.md", "move_path"),
  en("ws-delete", "Delete the tmp folder", "delete_path"),
  en("ws-typo", "Fix the typo in README.md", "edit_file"),
  zh("ws-typo-zh", "修改 README.md 里的错别字", "edit_file"),
  en("ws-run", "Run the tests", "run_tests"),
];
