/**
 * CONTRACT §4/§6, issue 21 (round 27): tuning-heldout27's misses, in the reading of the request,
 * in what a command observes, and in what an answer may claim. Each rule is a scripted run through
 * the real graph with a twin going the other way; outcomes are checked on disk where a change is
 * involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "lib/a.js": "const x = run(code);\n",
  "lib/b.js": "const y = eval(code);\n",
  "LICENSE": "MIT\n\nCopyright 2023 Foo\n",
  "NOTICE": "Foo\n\n(c) 2023 Foo\n",
  "notes.md": "# plan\ndraft line\n- ship\n",
  "bin/run.sh": "#!/bin/sh\necho run\n",
  "smoke.js": "const { half } = require('./half');\nif (half(4) !== 2) { console.error('bad'); process.exit(1); }\nconsole.log('ok');\n",
  "half.js": "exports.half = (x) => x * 2;\n",
  "pool.go": "package pool\n\nconst MaxConnections = 20\n",
  "app.ini": "[app]\ncache = false\nworkers = 4\n",
  "data.json": "{\n  \"a\": 1\n  \"b\": 2\n}\n",
  "scripts/check.sh": "#!/bin/sh\necho 'check: 1 problem'\nexit 1\n",
  "scripts/fmt.sh": "#!/bin/sh\necho 'fmt ok'\n",
  "web/index.html": "<img src='https://cdn1.example.org/a.png'>\n",
  "web/parts/nav.html": "<img src='https://cdn1.example.org/n.png'>\n",
  "sq.py": "def sq(x):\n    return x + x\n",
  "test_sq.py": "import unittest\nfrom sq import sq\n\nclass T(unittest.TestCase):\n    def test_sq(self):\n        self.assertEqual(sq(3), 9)\n\nif __name__ == '__main__':\n    unittest.main()\n",
  "m1.py": "MAX_ITEMS = 10\n",
  "m2.py": "from m1 import MAX_ITEMS\nprint(MAX_ITEMS)\n",
  "app.cfg": "DEBUG = True\nHOSTS = []\n",
  "tasks.md": "- [x] buy milk\n- [ ] call bob\n- [x] pay rent\n",
  "checks/__init__.py": "",
  "checks/test_units.py": "import unittest\n\nclass U(unittest.TestCase):\n    def test_one(self):\n        self.assertEqual(1, 1)\n",
  "checks/test_slow.py": "import unittest\n\nclass S(unittest.TestCase):\n    def test_slow(self):\n        self.assertTrue(True)\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");
type Work = Parameters<typeof go>[2];

describe("issue 21, round 27: what a command observes, what the request takes, what an answer may claim", () => {
  it("rule: an answer announcing the work still to do ('I'm going to …', '我接下来去修') is not a report of it done", { timeout: 60_000 }, async () => {
    const search = ["search_text", { query: "eval(", path: "lib" }] as const;
    expect(await go("announced", "does anything in lib call eval()?", [[...search]], "I'm going to search lib/ for eval( and will report back.")).toMatchObject(refused);
    expect(await go("reported", "does anything in lib call eval()?", [[...search]], "Yes: lib/b.js calls eval(code).")).toMatchObject(done);
    const run = ["run_command", { command: "node", args: ["smoke.js"] }] as const;
    expect(await go("announced-zh", "跑一下 node smoke.js，有问题就修好", [[...run]], "跑了，smoke.js 报 bad，我接下来去修 half.js。")).toMatchObject(refused);
  });

  it("rule: a denial after a grep that printed matching lines is contradicted; after one that printed nothing it is not", { timeout: 60_000 }, async () => {
    const request = "lib 里有没有用到 eval 的？";
    expect(await go("grep-hit-denied", request, [["run_command", { command: "grep", args: ["-rn", "eval", "lib"] }]], "没有，lib 里没有用到 eval。")).toMatchObject(refused);
    expect(await go("grep-none-denied", "lib 里有没有用到 exec 的？", [["run_command", { command: "grep", args: ["-rn", "exec", "lib"] }]], "没有，lib 里没有用到 exec。")).toMatchObject(done);
  });

  it("rule: `LICENSE:3` beside grep's `LICENSE:3:…` is a file and its line, not a setting; another line number is no such locator", { timeout: 60_000 }, async () => {
    const request = "Update the year from 2023 to 2024 in both LICENSE and NOTICE.";
    const work: Work = [["run_command", { command: "sed", args: ["-i", "s/2023/2024/", "LICENSE", "NOTICE"] }], ["run_command", { command: "grep", args: ["-n", "2024", "LICENSE", "NOTICE"] }]];
    const both = await go("locator", request, work, "Both now say 2024: grep shows LICENSE:3 and NOTICE:3.");
    expect(both).toMatchObject(done);
    expect(text(both.workspace, "NOTICE")).toContain("2024");
    expect(await go("locator-wrong", request, work, "Both now say 2024: grep shows LICENSE:3 and NOTICE:5.")).toMatchObject(refused);
  });

  it("rule: 'notes.md 第二行删掉' deletes a line of the file, not the file", { timeout: 60_000 }, async () => {
    const work: Work = [["run_command", { command: "sed", args: ["-i", "2d", "notes.md"] }], ["read_open", { path: "notes.md" }]];
    const line = await go("line-delete", "把 notes.md 第二行删掉", work, "第二行 draft line 已删掉，现在是标题加一条要点。");
    expect(line).toMatchObject(done);
    expect(text(line.workspace, "notes.md")).toBe("# plan\n- ship\n");
    expect(await go("file-delete", "把 notes.md 删掉", work, "notes.md 已删掉。")).toMatchObject(refused);
  });

  it("rule: a find filtering by mode (`-perm -u+x`) that prints the file shows it executable; one printing nothing does not", { timeout: 60_000 }, async () => {
    const request = "make bin/run.sh executable";
    const made = await go("perm-shown", request, [["run_command", { command: "chmod", args: ["+x", "bin/run.sh"] }], ["run_command", { command: "find", args: ["bin", "-name", "run.sh", "-perm", "-u+x"] }]], "bin/run.sh is executable now: find -perm -u+x lists it.");
    expect(made).toMatchObject(done);
    expect(statSync(join(made.workspace, "bin/run.sh")).mode & 0o100).toBeTruthy();
    expect(await go("perm-unshown", request, [["run_command", { command: "chmod", args: ["+x", "bin/run.sh"] }], ["run_command", { command: "find", args: ["bin", "-name", "other.sh", "-perm", "-u+x"] }]], "bin/run.sh is executable now.")).toMatchObject(refused);
  });

  it("rule: '跑 node smoke.js 确认通过' names the run that confirms the change: passing after it, it observes the rewrite", { timeout: 60_000 }, async () => {
    const request = "把 half.js 里的计算错误修掉，然后跑 node smoke.js 确认通过";
    const fix = ["write_file", { path: "half.js", content: "exports.half = (x) => x / 2;\n", overwrite: true }] as const;
    const fixed = await go("confirming-run", request, [[...fix], ["run_command", { command: "node", args: ["smoke.js"] }]], "half.js 现在返回 x / 2，node smoke.js 输出 ok。");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "half.js")).toContain("x / 2");
    const wrong = ["write_file", { path: "half.js", content: "exports.half = (x) => x / 3;\n", overwrite: true }] as const;
    expect(await go("confirming-run-fails", request, [[...wrong], ["run_command", { command: "node", args: ["smoke.js"] }]], "half.js 已修好，node smoke.js 也跑了。")).toMatchObject(refused);
  });

  it("rule: a declared constant (`const MaxConnections = 20`) is a key a question names by its words; the answer must give its value", { timeout: 60_000 }, async () => {
    const request = "What's the max connections value in pool.go?";
    const read = ["read_open", { path: "pool.go" }] as const;
    expect(await go("decl-left-out", request, [[...read]], "Go declares constants with const; this file is package pool.")).toMatchObject(refused);
    expect(await go("decl-given", request, [[...read]], "It is 20 (MaxConnections).")).toMatchObject(done);
  });

  it("rule: whether a flag is on, asked of a key seen `false`, is answered no; a yes is contradicted", { timeout: 60_000 }, async () => {
    const request = "Is the cache enabled in app.ini?";
    const read = ["read_open", { path: "app.ini" }] as const;
    expect(await go("flag-yes", request, [[...read]], "Yes, cache is enabled.")).toMatchObject(refused);
    expect(await go("flag-no", request, [[...read]], "No, app.ini has cache = false.")).toMatchObject(done);
  });

  it("rule: `git rev-list` reads the repository, so it answers a question of the code domain; a commit alone does not", { timeout: 60_000 }, async () => {
    const request = "How many commits does this repo have after you initialise it and commit the current files as 'start'?";
    const init: Work = [["run_command", { command: "git", args: ["init", "-q"] }], ["run_command", { command: "git", args: ["add", "-A"] }], ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start"] }]];
    const counted = await go("rev-list", request, [...init, ["run_command", { command: "git", args: ["rev-list", "--count", "HEAD"] }]], "Committed everything as 'start'; git rev-list --count HEAD prints 1, so there is one commit.");
    expect(counted).toMatchObject(done);
    expect(existsSync(join(counted.workspace, ".git"))).toBe(true);
    expect(await go("rev-list-unread", request, init, "There is one commit.")).toMatchObject(refused);
  });

  it("rule: a check that failed (json.tool exiting 1) contradicts an answer saying it passes; an answer reporting the failure stands", { timeout: 60_000 }, async () => {
    const request = "Is data.json valid JSON? Don't change it.";
    const check = ["run_command", { command: "python3", args: ["-m", "json.tool", "data.json"] }] as const;
    expect(await go("check-failed-yes", request, [[...check]], "Yes, data.json is valid JSON.")).toMatchObject(refused);
    expect(await go("check-failed-no", request, [[...check]], "No: json.tool stops at line 3, a comma is missing after \"a\": 1.")).toMatchObject(done);
  });

  it("rule: a Python file the request runs is run by its module name too (`-m unittest checks.test_units`); another module is not it", { timeout: 60_000 }, async () => {
    const request = "Run only the unit tests in checks/test_units.py";
    expect(await go("module-run", request, [["run_command", { command: "python3", args: ["-B", "-m", "unittest", "checks.test_units"] }]], "checks/test_units.py passes: 1 test, OK.")).toMatchObject(done);
    expect(await go("module-other", request, [["run_command", { command: "python3", args: ["-B", "-m", "unittest", "checks.test_slow"] }]], "checks/test_units.py passes: 1 test, OK.")).toMatchObject(refused);
  });

  it("rule: to 'is there a syntax error?' a 'yes' after a failed check reports the error, not a pass", { timeout: 60_000 }, async () => {
    const check = ["run_command", { command: "python3", args: ["-m", "json.tool", "data.json"] }] as const;
    expect(await go("error-yes", "data.json 有没有语法错误？", [[...check]], "有：json.tool 报第 3 行缺逗号，退出码 1。")).toMatchObject(done);
    expect(await go("fine-yes", "data.json 格式没问题吧？", [[...check]], "没问题，格式是对的。")).toMatchObject(refused);
  });

  it("rule: a file named twice ('the check script scripts/check.sh') is the one run asked for: another script's run does not answer", { timeout: 60_000 }, async () => {
    const request = "Run the check script scripts/check.sh and tell me if it's clean.";
    expect(await go("other-script", request, [["run_command", { command: "sh", args: ["scripts/fmt.sh"] }]], "It is clean.")).toMatchObject(refused);
    expect(await go("named-script", request, [["run_command", { command: "sh", args: ["scripts/check.sh"] }]], "Not clean: scripts/check.sh printed 'check: 1 problem' and exited 1.")).toMatchObject(done);
  });

  it("rule: 'Replace the old CDN base URL X with Y in every file under web/' asks every X gone there", { timeout: 60_000 }, async () => {
    const request = "Replace the old CDN base URL https://cdn1.example.org with https://cdn2.example.org in every file under web/.";
    const one = await go("url-one", request, [["run_command", { command: "sed", args: ["-i", "s#https://cdn1.example.org#https://cdn2.example.org#g", "web/index.html"] }], ["run_command", { command: "grep", args: ["-rn", "example.org", "web"] }]], "Updated the CDN URL everywhere under web/.");
    expect(one).toMatchObject(refused);
    expect(text(one.workspace, "web/parts/nav.html")).toContain("cdn1");
    const all = await go("url-all", request, [sh("sed -i 's#https://cdn1.example.org#https://cdn2.example.org#g' web/index.html web/parts/nav.html"), ["run_command", { command: "grep", args: ["-rn", "example.org", "web"] }]], "Both files under web/ now use https://cdn2.example.org; grep shows no cdn1 left.");
    expect(all).toMatchObject(done);
  });

  it("rule: a sentence stating a fact ('The tests in test_sq.py fail.') fronts no file for the change that follows", { timeout: 60_000 }, async () => {
    const request = "The tests in test_sq.py fail. Fix the bug in sq.py and make sure the tests pass.";
    const fix = ["run_command", { command: "sed", args: ["-i", "s/return x + x/return x * x/", "sq.py"] }] as const;
    const run = ["run_command", { command: "python3", args: ["-B", "-m", "unittest", "test_sq"] }] as const;
    const fixed = await go("fact-sentence", request, [[...fix], [...run]], "sq() in sq.py added instead of multiplying; it now returns x * x and the test run prints OK.");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "test_sq.py")).toContain("assertEqual(sq(3), 9)");
    expect(await go("fact-sentence-unrun", request, [[...fix]], "sq() in sq.py now returns x * x.")).toMatchObject(refused);
  });

  it("rule: the new name of a rename in several places ('to ITEM_LIMIT in m1.py and in m2.py') is what each file must hold", { timeout: 60_000 }, async () => {
    const request = "Rename the constant MAX_ITEMS to ITEM_LIMIT in m1.py and in m2.py.";
    const both = await go("rename-both", request, [["run_command", { command: "sed", args: ["-i", "s/MAX_ITEMS/ITEM_LIMIT/g", "m1.py", "m2.py"] }], ["search_text", { query: "ITEM" }]], "Renamed in both: m1.py defines ITEM_LIMIT = 10 and m2.py imports ITEM_LIMIT; no MAX_ITEMS is left.");
    expect(both).toMatchObject(done);
    expect(existsSync(join(both.workspace, "m1.py"))).toBe(true);
    expect(await go("rename-one", request, [["run_command", { command: "sed", args: ["-i", "s/MAX_ITEMS/ITEM_LIMIT/g", "m1.py"] }], ["search_text", { query: "ITEM" }]], "Renamed it in both files.")).toMatchObject(refused);
  });

  it("rule: a bare report about another name the read showed (HOSTS) does not report the change asked (DEBUG)", { timeout: 60_000 }, async () => {
    const request = "把 app.cfg 里的 DEBUG = True 改成 False";
    const work: Work = [["run_command", { command: "sed", args: ["-i", "s/DEBUG = True/DEBUG = False/", "app.cfg"] }], ["read_open", { path: "app.cfg" }]];
    expect(await go("other-name", request, work, "HOSTS 现在是空列表，上线前记得填。")).toMatchObject(refused);
    const told = await go("asked-name", request, work, "DEBUG 现在是 False。");
    expect(told).toMatchObject(done);
    expect(text(told.workspace, "app.cfg")).toContain("DEBUG = False");
  });

  it("rule: a commit message the answer says it used must be the one the turn's `git commit -m` was given", { timeout: 60_000 }, async () => {
    const request = "Initialise git here and commit everything with the message 'release 1.2'.";
    const commit = (m: string): Work => [["run_command", { command: "git", args: ["init", "-q"] }], ["run_command", { command: "git", args: ["add", "-A"] }], ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", m] }], ["run_command", { command: "git", args: ["log", "--format=%s"] }]];
    expect(await go("message-other", request, commit("wip"), "Committed everything with the message 'release 1.2'.")).toMatchObject(refused);
    expect(await go("message-same", request, commit("release 1.2"), "Committed everything with the message 'release 1.2'; git log shows it.")).toMatchObject(done);
  });

  it("rule: a lone mark ('- [x] 开头的') is no word to look for after a removal reported complete", { timeout: 60_000 }, async () => {
    const request = "把 tasks.md 里勾掉的项（- [x] 开头的）都删掉";
    const removed = await go("lone-mark", request, [["run_command", { command: "sed", args: ["-i", "/^- \\[x\\]/d", "tasks.md"] }], ["read_open", { path: "tasks.md" }]], "都删掉了，只剩“call bob”这一条没勾的。");
    expect(removed).toMatchObject(done);
    expect(text(removed.workspace, "tasks.md")).toBe("- [ ] call bob\n");
  });

  it("rule: a question about a path the turn found missing is answered by an honest 'cannot'; a summary of it is not", { timeout: 60_000 }, async () => {
    const request = "Summarize docs/plan.md.";
    const work: Work = [["read_open", { path: "docs/plan.md" }], ["read_list", { path: "." }]];
    expect(await go("missing-cannot", request, work, "I can't: docs/plan.md does not exist — opening it failed and there is no docs folder.")).toMatchObject(done);
    expect(await go("missing-summary", request, work, "The plan covers three milestones and a launch in May.")).toMatchObject(refused);
  });
});
