/**
 * The end-to-end request table of the completion gate (issue 11): each row is a request, the
 * scripted work a planner did for it, the goals the TaskFrame must hold, and whether the gate
 * must accept the answer that follows (`pass`: the work is complete) or stop it (`block`: the
 * answer is premature). Both splits were written before the TaskFrame and the gate were
 * built; only the tuning rows were looked at while building them. The held-out rows are
 * reported separately and were never used to change a rule or a lexicon entry.
 *
 * Goal keys: `intent[.op] [target][→to] [@domain] [#subject]`; compare targets joined by ",".
 */
export interface TableRow {
  id: string;
  split: "tuning" | "held-out";
  request: string;
  goals: string[];
  /** Tool calls, in order; the answer is appended by the runner. */
  work: Array<[tool: string, args: Record<string, unknown>]>;
  verdict: "pass" | "block";
}

const read = (path: string): [string, Record<string, unknown>] => ["read_open", { path }];
const list = (path: string): [string, Record<string, unknown>] => ["read_list", { path }];
const runTests: [string, Record<string, unknown>] = ["run_command", { command: "node", args: ["--test"] }];

export const TABLE: TableRow[] = [
  // ---- tuning: the failures the issue lists, and their neighbours ----
  { id: "t01", split: "tuning", request: "How does the update function in src/client.ts work?", goals: ["read src/client.ts"], work: [read("src/client.ts")], verdict: "pass" },
  { id: "t02", split: "tuning", request: "How does the update function in src/client.ts work?", goals: ["read src/client.ts"], work: [], verdict: "block" },
  { id: "t03", split: "tuning", request: 'Create CHANGELOG.md with "v1.0.0: initial release"', goals: ["change.write CHANGELOG.md", "verify.write CHANGELOG.md"], work: [["write_file", { path: "CHANGELOG.md", content: "v1.0.0: initial release\n" }], read("CHANGELOG.md")], verdict: "pass" },
  { id: "t04", split: "tuning", request: 'Create CHANGELOG.md with "v1.0.0: initial release"', goals: ["change.write CHANGELOG.md", "verify.write CHANGELOG.md"], work: [["write_file", { path: "CHANGELOG.md", content: "v1.0.0: initial release\n" }]], verdict: "block" },
  { id: "t05", split: "tuning", request: "Delete notes/old.md", goals: ["change.delete notes/old.md", "verify.delete notes/old.md"], work: [["delete_path", { path: "notes/old.md" }], list("notes")], verdict: "pass" },
  { id: "t06", split: "tuning", request: "Delete notes/old.md", goals: ["change.delete notes/old.md", "verify.delete notes/old.md"], work: [["delete_path", { path: "notes/old.md" }]], verdict: "block" },
  { id: "t07", split: "tuning", request: "What is in test/calc.test.js?", goals: ["read test/calc.test.js"], work: [read("test/calc.test.js")], verdict: "pass" },
  { id: "t08", split: "tuning", request: "Did the CI pipeline pass on main?", goals: ["question @code"], work: [["ci_status", { branch: "main" }]], verdict: "pass" },
  { id: "t09", split: "tuning", request: "Did the CI pipeline pass on main?", goals: ["question @code"], work: [read("README.md")], verdict: "block" },
  { id: "t10", split: "tuning", request: "给老板发一封邮件说明天请假", goals: ["send @mail"], work: [["mail_send", { to: "boss@example.com", subject: "请假", body: "明天请假" }]], verdict: "pass" },
  { id: "t11", split: "tuning", request: "给老板发一封邮件说明天请假", goals: ["send @mail"], work: [["send_mail", { to: ["boss@example.com"], subject: "请假", body: "明天请假" }]], verdict: "block" },
  { id: "t12", split: "tuning", request: "Run the tests", goals: ["run #test"], work: [list(".")], verdict: "block" },
  { id: "t13", split: "tuning", request: "Run the tests", goals: ["run #test"], work: [runTests], verdict: "pass" },
  { id: "t14", split: "tuning", request: "Run the tests", goals: ["run #test"], work: [["run_tests", { path: "." }]], verdict: "block" },
  { id: "t15", split: "tuning", request: "Where is the retry limit configured?", goals: ["question"], work: [["read_locate", { query: "retry limit" }], read("src/config.ts")], verdict: "pass" },
  { id: "t16", split: "tuning", request: "Where is the retry limit configured?", goals: ["question"], work: [["read_locate", { query: "retry limit" }]], verdict: "block" },
  { id: "t17", split: "tuning", request: "Summarize README.md", goals: ["read README.md"], work: [read("README.md")], verdict: "pass" },
  { id: "t18", split: "tuning", request: "Compare src/config.ts and docs/operations.md", goals: ["read src/config.ts", "read docs/operations.md", "compare src/config.ts,docs/operations.md"], work: [read("src/config.ts"), read("docs/operations.md")], verdict: "pass" },
  { id: "t19", split: "tuning", request: 'Add a line "- retry: 5" to README.md', goals: ["change.edit README.md", "verify.edit README.md"], work: [["edit_file", { path: "README.md", oldText: "# Calc\n", newText: "# Calc\n- retry: 5\n" }], read("README.md")], verdict: "pass" },
  { id: "t20", split: "tuning", request: 'Create notes/plan.md with "ship v1.2 on Friday"', goals: ["change.write notes/plan.md", "verify.write notes/plan.md"], work: [["write_file", { path: "notes/plan.md", content: "ship v1.2 on Friday\n" }], read("notes/plan.md")], verdict: "pass" },
  { id: "t21", split: "tuning", request: "修改 src/config.ts，把重试次数改成 7", goals: ["change.edit src/config.ts", "verify.edit src/config.ts"], work: [["edit_file", { path: "src/config.ts", oldText: "maxRetries: 5", newText: "maxRetries: 7" }], read("src/config.ts")], verdict: "pass" },
  { id: "t22", split: "tuning", request: "src/config.ts 里的重试次数是多少？", goals: ["read src/config.ts"], work: [read("src/config.ts")], verdict: "pass" },
  { id: "t23", split: "tuning", request: "Check my inbox for messages from Alice", goals: ["question @mail"], work: [["mail_search", { query: "from:alice" }]], verdict: "pass" },
  { id: "t24", split: "tuning", request: "Search the web for the Node 20 release date", goals: ["lookup @browser"], work: [["web_lookup", { query: "Node 20 release date" }]], verdict: "pass" },
  { id: "t25", split: "tuning", request: "Move docs/design notes.md to docs/design.md", goals: ["change.move docs/design notes.md→docs/design.md", "verify.move docs/design notes.md→docs/design.md"], work: [["move_path", { from: "docs/design notes.md", to: "docs/design.md" }], read("docs/design.md")], verdict: "pass" },
  { id: "t26", split: "tuning", request: "hello", goals: [], work: [], verdict: "pass" },
  { id: "t27", split: "tuning", request: "Fix the typo in README.md and run the tests", goals: ["change.edit README.md", "verify.edit README.md", "run #test"], work: [["edit_file", { path: "README.md", oldText: "calculater", newText: "calculator" }], read("README.md"), runTests], verdict: "pass" },
  { id: "t28", split: "tuning", request: "Fix the typo in README.md and run the tests", goals: ["change.edit README.md", "verify.edit README.md", "run #test"], work: [["edit_file", { path: "README.md", oldText: "calculater", newText: "calculator" }], read("README.md")], verdict: "block" },
  { id: "t29", split: "tuning", request: "打开 README.md 看看", goals: ["read README.md"], work: [read("README.md")], verdict: "pass" },
  { id: "t30", split: "tuning", request: "What's on my calendar tomorrow?", goals: ["question @calendar"], work: [["calendar_events", { day: "tomorrow" }]], verdict: "pass" },
  // tuning, added after the evaluation matrix (issue 8) showed false blocks of four shapes; own phrasings
  { id: "t31", split: "tuning", request: "Write a two-line welcome message for new contributors.", goals: [], work: [], verdict: "pass" },
  { id: "t32", split: "tuning", request: "Write a new file docs/welcome.md with a welcome message", goals: ["change.write docs/welcome.md", "verify.write docs/welcome.md"], work: [], verdict: "block" },
  { id: "t33", split: "tuning", request: "What does idempotent mean?", goals: [], work: [], verdict: "pass" },
  { id: "t34", split: "tuning", request: "幂等是什么意思？", goals: [], work: [], verdict: "pass" },
  { id: "t35", split: "tuning", request: "What does maxRetries mean in src/config.ts?", goals: ["read src/config.ts"], work: [], verdict: "block" },
  { id: "t36", split: "tuning", request: "Run the tests, then tell me if anything failed", goals: ["run #test"], work: [runTests], verdict: "pass" },
  { id: "t37", split: "tuning", request: "Run the tests, then tell me if anything failed", goals: ["run #test"], work: [read("test/calc.test.js")], verdict: "block" },
  { id: "t38", split: "tuning", request: "What is inside the test folder?", goals: ["read test"], work: [list("test")], verdict: "pass" },
  { id: "t39", split: "tuning", request: "What is inside the test folder?", goals: ["read test"], work: [list(".")], verdict: "block" },
  { id: "t40", split: "tuning", request: "列出 docs 目录里的文件", goals: ["read docs"], work: [list("docs")], verdict: "pass" },
  { id: "t41", split: "tuning", request: "How is an event handled once all its retries are used up?", goals: ["question"], work: [["read_locate", { query: "retry" }], read("src/client.ts")], verdict: "pass" },
  { id: "t42", split: "tuning", request: "How is an event handled once all its retries are used up?", goals: ["question"], work: [], verdict: "block" },
  { id: "t43", split: "tuning", request: "Any events on my calendar this week?", goals: ["question @calendar"], work: [read("README.md")], verdict: "block" },

  // ---- held-out: written with the tuning rows, never used while building ----
  { id: "h01", split: "held-out", request: "What does src/config.ts export?", goals: ["read src/config.ts"], work: [read("src/config.ts")], verdict: "pass" },
  { id: "h02", split: "held-out", request: "What does src/config.ts export?", goals: ["read src/config.ts"], work: [list("src")], verdict: "block" },
  { id: "h03", split: "held-out", request: "Rename notes/old.md to notes/archive.md", goals: ["change.move notes/old.md→notes/archive.md", "verify.move notes/old.md→notes/archive.md"], work: [["move_path", { from: "notes/old.md", to: "notes/archive.md" }], list("notes")], verdict: "pass" },
  { id: "h04", split: "held-out", request: "Rename notes/old.md to notes/archive.md", goals: ["change.move notes/old.md→notes/archive.md", "verify.move notes/old.md→notes/archive.md"], work: [["move_path", { from: "notes/old.md", to: "notes/archive.md" }]], verdict: "block" },
  { id: "h05", split: "held-out", request: "Please update the retry limit in src/config.ts to 7", goals: ["change.edit src/config.ts", "verify.edit src/config.ts"], work: [["edit_file", { path: "src/config.ts", oldText: "maxRetries: 5", newText: "maxRetries: 7" }], read("src/config.ts")], verdict: "pass" },
  { id: "h06", split: "held-out", request: "删除 notes/old.md", goals: ["change.delete notes/old.md", "verify.delete notes/old.md"], work: [["delete_path", { path: "notes/old.md" }], list("notes")], verdict: "pass" },
  { id: "h07", split: "held-out", request: "删除 notes/old.md", goals: ["change.delete notes/old.md", "verify.delete notes/old.md"], work: [["delete_path", { path: "notes/old.md" }], read("README.md")], verdict: "block" },
  { id: "h08", split: "held-out", request: "Has the build on main gone green yet?", goals: ["question @code"], work: [["ci_status", { branch: "main" }]], verdict: "pass" },
  { id: "h09", split: "held-out", request: "Did the last CI run on main succeed?", goals: ["question @code"], work: [["list_ci_runs", { repo: "calc", branch: "main" }]], verdict: "block" },
  { id: "h10", split: "held-out", request: "Email the team that the release is delayed", goals: ["send @mail"], work: [["mail_send", { to: "team@example.com", subject: "Release", body: "The release is delayed." }]], verdict: "pass" },
  { id: "h11", split: "held-out", request: "Email the team that the release is delayed", goals: ["send @mail"], work: [], verdict: "block" },
  { id: "h12", split: "held-out", request: "运行测试", goals: ["run #test"], work: [runTests], verdict: "pass" },
  { id: "h13", split: "held-out", request: "跑一下测试", goals: ["run #test"], work: [read("package.json")], verdict: "block" },
  { id: "h14", split: "held-out", request: "Compare README.md and docs/operations.md", goals: ["read README.md", "read docs/operations.md", "compare README.md,docs/operations.md"], work: [read("README.md")], verdict: "block" },
  { id: "h15", split: "held-out", request: "Compare README.md and docs/operations.md", goals: ["read README.md", "read docs/operations.md", "compare README.md,docs/operations.md"], work: [read("README.md"), read("docs/operations.md")], verdict: "pass" },
  { id: "h16", split: "held-out", request: "读一下 docs/design notes.md", goals: ["read docs/design notes.md"], work: [read("docs/design notes.md")], verdict: "pass" },
  { id: "h17", split: "held-out", request: "总结 文档/说明.md 的内容", goals: ["read 文档/说明.md"], work: [read("文档/说明.md")], verdict: "pass" },
  { id: "h18", split: "held-out", request: 'Write "see docs/operations.md for details" to notes/pointer.md', goals: ["change.write notes/pointer.md", "verify.write notes/pointer.md"], work: [["write_file", { path: "notes/pointer.md", content: "see docs/operations.md for details\n" }], read("notes/pointer.md")], verdict: "pass" },
  { id: "h19", split: "held-out", request: "Do I have any meetings on Friday?", goals: ["question @calendar"], work: [["calendar_events", { day: "Friday" }]], verdict: "pass" },
  { id: "h20", split: "held-out", request: "Which file defines parseExpr?", goals: ["question"], work: [["read_locate", { query: "parseExpr" }]], verdict: "block" },
  { id: "h21", split: "held-out", request: "Which file defines parseExpr?", goals: ["question"], work: [["search_text", { pattern: "function parseExpr" }], read("src/calc.js")], verdict: "pass" },
  { id: "h22", split: "held-out", request: "把 src/calc.js 里的 add 函数改名为 sum，然后运行测试", goals: ["change.edit src/calc.js", "verify.edit src/calc.js", "run #test"], work: [["edit_file", { path: "src/calc.js", oldText: "function add(", newText: "function sum(" }], read("src/calc.js"), runTests], verdict: "pass" },
  { id: "h23", split: "held-out", request: "Explain what test/calc.test.js checks and how docs/operations.md describes retries", goals: ["read test/calc.test.js", "read docs/operations.md"], work: [read("test/calc.test.js")], verdict: "block" },
  { id: "h24", split: "held-out", request: "Tell the team by email that v2.0 ships today", goals: ["send @mail"], work: [["mail_send", { to: "team@example.com", subject: "v2.0", body: "v2.0 ships today" }]], verdict: "pass" },
];
