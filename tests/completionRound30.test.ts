/**
 * CONTRACT §4/§6, issue 21 (round 30): tuning-heldout29's misses, in the reading of the request,
 * in what a command observes, and in what an answer may claim. Each rule is a scripted run through
 * the real graph with a twin going the other way; outcomes are checked on disk where a change is
 * involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "web/App.tsx": "export const App = () => null;\n",
  "env/a.env": "HOST=localhost\nPORT=80\n",
  "env/b.env": "HOST=db.internal\nPORT=80\n",
  "src/Util.js": "module.exports = {};\n",
  "notes.md": "sprint notes\n",
  "old.log": "started\nstopped\n",
  "lib/a.py": "foo = 1\n",
  "lib/b.py": "import os\nimport path\n",
  "lib/c.py": "import path\n",
  "spec/test_a.py": "from lib.a import foo\n",
  "cache/x.tmp": "t\n",
  "cache/keep.db": "d\n",
  "package.json": '{ "dependencies": { "left-pad": "1.3.0" } }\n',
  "stats.py": "def total(xs):\n    return sum(xs) + 1\n",
  "test_stats.py": "import unittest\nfrom stats import total\n\nclass T(unittest.TestCase):\n    def test_total(self):\n        self.assertEqual(total([1, 2]), 3)\n",
  "docs/help.md": "# 帮助\n\n## 如何退订？\n在设置里关闭订阅。\n",
  "docs/about.md": "# 关于\n\n我们是一个小团队。\n",
  Makefile: "build:\n\tgo build ./...\n\nrelease:\n\tscp bin/app host:/srv\n",
  "check.py": "import sys, pathlib\nbad = [p for p in pathlib.Path(sys.argv[1]).glob('*.py') if '\\t' in p.read_text()]\nprint('\\n'.join(map(str, bad)))\nsys.exit(1 if bad else 0)\n",
  "tabbed/x.py": "def f():\n\treturn 1\n",
  "sum.js": "function sum(xs) {\n  let t = 1;\n  for (const x of xs) t += x;\n  return t;\n}\nmodule.exports = { sum };\n",
  "test_sum.js": "const assert = require('assert');\nconst { sum } = require('./sum');\nassert.strictEqual(sum([]), 0);\nconsole.log('sum ok');\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");
type Work = Parameters<typeof go>[2];

describe("issue 21, round 30: what the request asks, what a command observes, what an answer may claim", () => {
  it("rule: files listed side by side after their place ('在 web/widgets 下面建 Card.tsx 和 List.tsx') are each made", { timeout: 60_000 }, async () => {
    const request = "在 web/widgets 下面建 Card.tsx 和 List.tsx 两个文件，各自导出一个空组件";
    const both = sh("mkdir -p web/widgets && for n in Card List; do echo \"export const $n = () => null;\" > web/widgets/$n.tsx; done");
    const made = await go("side-by-side", request, [both, sh("head -n 2 web/widgets/*.tsx")], "web/widgets/Card.tsx 和 web/widgets/List.tsx 都建好了，各导出一个空组件。");
    expect(made).toMatchObject(done);
    expect(text(made.workspace, "web/widgets/List.tsx")).toContain("export const List");
    const one = sh("mkdir -p web/widgets && echo 'export const Card = () => null;' > web/widgets/Card.tsx");
    expect(await go("side-by-side-one", request, [one, sh("head -n 2 web/widgets/Card.tsx")], "web/widgets/Card.tsx 建好了。")).toMatchObject(refused);
  });

  it("rule: one command that read both files (`diff a b`, exit 1: they differ) compared them", { timeout: 60_000 }, async () => {
    const request = "对比一下 env/a.env 和 env/b.env，有哪些不同？";
    expect(await go("diff", request, [["run_command", { command: "diff", args: ["env/a.env", "env/b.env"] }]], "只有 HOST 不同：a 是 localhost，b 是 db.internal。")).toMatchObject(done);
    expect(await go("diff-one", request, [["run_command", { command: "cat", args: ["env/a.env"] }]], "只有 HOST 不同：a 是 localhost，b 是 db.internal。")).toMatchObject(refused);
  });

  it("rule: a repository action ('git init … and commit everything') is a run of git that changes the repository", { timeout: 60_000 }, async () => {
    const request = "git init this folder and commit everything as 'first'";
    const git = (...args: string[]) => ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args] }] as Work[number];
    const committed = await go("repo-action", request, [git("init", "-q"), git("add", "-A"), git("commit", "-q", "-m", "first"), git("log", "--oneline")], "Initialised the repository and committed everything as 'first'; git log shows that one commit.");
    expect(committed).toMatchObject(done);
    expect(existsSync(join(committed.workspace, ".git"))).toBe(true);
    expect(await go("repo-action-claimed", request, [], "Done.")).toMatchObject(refused);
    expect(await go("repo-action-only-read", request, [git("status")], "Done.")).toMatchObject(refused);
  });

  it("rule: `git mv a b` moves as `mv` does, and `git ls-files` printing b shows it there", { timeout: 60_000 }, async () => {
    const request = "Use git to rename src/Util.js to src/util.js, then commit the rename.";
    const git = (...args: string[]) => ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args] }] as Work[number];
    const setup = [git("init", "-q"), git("add", "-A"), git("commit", "-q", "-m", "init")];
    const renamed = await go("git-mv", request, [...setup, git("mv", "src/Util.js", "src/util.js"), git("commit", "-q", "-m", "rename"), git("ls-files", "src")], "git mv renamed src/Util.js to src/util.js and I committed it; git ls-files lists src/util.js.");
    expect(renamed).toMatchObject(done);
    expect(readFileSync(join(renamed.workspace, "src/util.js"), "utf8")).toBe("module.exports = {};\n");
    expect(await go("git-mv-none", request, [...setup, git("ls-files", "src")], "git mv renamed src/Util.js to src/util.js and I committed it.")).toMatchObject(refused);
  });

  it("rule: a second send in another channel ('同时发到 Teams 群里') is a goal of its own, not a repeat of the first", { timeout: 60_000 }, async () => {
    const mail: Work = [["read_open", { path: "notes.md" }], ["mail_send", { to: "ann@example.com", subject: "notes", body: "sprint notes" }]];
    expect(await go("second-channel", "把 notes.md 的内容发邮件给 ann@example.com，同时发到 Teams 群里", mail, "都发好了。")).toMatchObject(refused);
    expect(await go("one-channel", "把 notes.md 的内容发邮件给 ann@example.com", mail, "邮件已发给 ann@example.com。")).toMatchObject(done);
  });

  it("rule: a new file 'that contains exactly 3.1.0' must hold that value", { timeout: 60_000 }, async () => {
    const request = "Make a file VERSION.txt that contains exactly 3.1.0";
    const right = await go("holds-value", request, [sh("echo 3.1.0 > VERSION.txt"), ["run_command", { command: "cat", args: ["VERSION.txt"] }]], "VERSION.txt now contains 3.1.0.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "VERSION.txt")).toBe("3.1.0\n");
    expect(await go("holds-value-wrong", request, [sh("echo 3.0.9 > VERSION.txt"), ["run_command", { command: "cat", args: ["VERSION.txt"] }]], "VERSION.txt now contains 3.1.0.")).toMatchObject(refused);
  });

  it("rule: a change left undone because its condition did not hold, after looking, and said in so many words, is answered", { timeout: 60_000 }, async () => {
    const request = "Delete old.log if it's empty; otherwise leave it and tell me.";
    const wc: Work = [["run_command", { command: "wc", args: ["-c", "old.log"] }]];
    const left = await go("looked-left", request, wc, "old.log isn't empty (wc reports 16 bytes), so I left it in place and deleted nothing.");
    expect(left).toMatchObject(done);
    expect(existsSync(join(left.workspace, "old.log"))).toBe(true);
    expect(await go("unlooked-left", request, [], "old.log isn't empty, so I left it in place and deleted nothing.")).toMatchObject(refused);
    expect(await go("looked-unsaid", request, wc, "old.log has 16 bytes in it; old.log should not be committed to the repository.")).toMatchObject(refused);
  });

  it("rule: a path the request says to keep ('spec/ must keep foo', 'keep the rest') may not be changed by the run", { timeout: 60_000 }, async () => {
    const request = "Replace foo with bar in lib/ only — spec/ must keep foo.";
    const everywhere = await go("kept-changed", request, [["run_command", { command: "find", args: [".", "-name", "*.py", "-exec", "sed", "-i", "s/foo/bar/g", "{}", "+"] }], ["run_command", { command: "grep", args: ["-rn", "foo", "lib"] }]], "Replaced foo with bar in lib/; spec/ was left alone.");
    expect(everywhere).toMatchObject(refused);
    expect(text(everywhere.workspace, "spec/test_a.py")).toContain("bar");
    const scoped = await go("kept-kept", request, [["run_command", { command: "sed", args: ["-i", "s/foo/bar/g", "lib/a.py"] }], ["run_command", { command: "grep", args: ["-rn", "foo", "lib"] }]], "Replaced foo with bar in lib/a.py; grep finds no foo left in lib/, and spec/ was not touched.");
    expect(scoped).toMatchObject(done);
    expect(text(scoped.workspace, "spec/test_a.py")).toContain("foo");
    const rest = "Remove only the .tmp files in cache/, keep the rest.";
    expect(await go("rest-removed", rest, [["run_command", { command: "rm", args: ["-r", "cache"] }], ["read_list", { path: "." }]], "Removed the .tmp files from cache/.")).toMatchObject(refused);
    const kept = await go("rest-kept", rest, [sh("rm cache/*.tmp"), ["read_list", { path: "cache" }]], "Removed cache/x.tmp; cache/ now holds only keep.db.");
    expect(kept).toMatchObject(done);
    expect(existsSync(join(kept.workspace, "cache/keep.db"))).toBe(true);
  });

  it("rule: several new files, each with its own quote after it, must each hold their own", { timeout: 60_000 }, async () => {
    const request = "create notes/a.md with '# Alpha' and notes/b.md with '# Beta'";
    const right = await go("own-quote", request, [sh("mkdir -p notes && echo '# Alpha' > notes/a.md && echo '# Beta' > notes/b.md"), ["run_command", { command: "head", args: ["notes/a.md", "notes/b.md"] }]], "Created notes/a.md (# Alpha) and notes/b.md (# Beta).");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "notes/b.md")).toBe("# Beta\n");
    expect(await go("own-quote-swapped", request, [sh("mkdir -p notes && echo '# Beta' > notes/a.md && echo '# Alpha' > notes/b.md"), ["run_command", { command: "head", args: ["notes/a.md", "notes/b.md"] }]], "Created notes/a.md and notes/b.md.")).toMatchObject(refused);
  });

  it("rule: a later sentence saying where the thing is ('It's in package.json') is context, not a read asked for", { timeout: 60_000 }, async () => {
    const request = "Is left-pad imported anywhere in lib/? It's in package.json but I think it's unused.";
    expect(await go("where-context", request, [["search_text", { query: "left-pad", path: "lib" }]], "No: the search over lib/ finds no left-pad, so it is listed in package.json without being used.")).toMatchObject(done);
    expect(await go("where-unsearched", request, [], "No: nothing in lib/ imports left-pad.")).toMatchObject(refused);
  });

  it("rule: a function the answer writes as a call (`total()`), defined in the file read, names the edited file", { timeout: 60_000 }, async () => {
    const request = "test_stats.py 里 test_total 挂了，帮我修一下 stats.py 让测试通过";
    const work: Work = [["read_open", { path: "stats.py" }], ["edit_file", { path: "stats.py", oldText: "sum(xs) + 1", newText: "sum(xs)" }], ["run_command", { command: "python3", args: ["-m", "unittest", "test_stats"] }]];
    const fixed = await go("defined-name", request, work, "total() 多加了 1（sum(xs) + 1），改成 sum(xs) 后测试通过（OK）。");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "stats.py")).not.toContain("+ 1");
    expect(await go("defined-name-none", request, work, "多加了 1（sum(xs) + 1），改成 sum(xs) 后测试通过（OK）。")).toMatchObject(refused);
    // "修一下" asks for a repair: a read alone does not make it.
    expect(await go("repair-word", "stats.py 算出来的和多了 1，帮我修一下 stats.py", [["read_open", { path: "stats.py" }]], "看过 stats.py 了。")).toMatchObject(refused);
  });

  it("rule: the new text a covering `sed` substitution wrote is a state the answer may report the change by", { timeout: 60_000 }, async () => {
    const request = "sum.js 的测试在 test_sum.js 里，帮我修好 sum.js 让 node test_sum.js 跑通";
    const test = ["run_command", { command: "node", args: ["test_sum.js"] }] as Work[number];
    const work: Work = [test, ["run_command", { command: "sed", args: ["-i", "s/let t = 1;/let t = 0;/", "sum.js"] }], test];
    const fixed = await go("substituted", request, work, "原来 sum() 的初始值写成了 1；用 sed 改成 let t = 0; 后再跑 node test_sum.js，输出 sum ok。");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "sum.js")).toContain("let t = 0;");
    expect(await go("substituted-unsaid", request, work, "原来 sum() 的初始值写成了 1；用 sed 改了之后再跑 node test_sum.js，输出 sum ok。")).toMatchObject(refused);
  });

  it("rule: an answer to 'which files' that names some of the files the listing printed and leaves others out is refused", { timeout: 60_000 }, async () => {
    const request = "lib 里哪些文件 import 了 path？全部列出来";
    const grep: Work = [["run_command", { command: "grep", args: ["-rl", "import path", "lib"] }]];
    expect(await go("listed-part", request, grep, "只有 lib/b.py。")).toMatchObject(refused);
    expect(await go("listed-all", request, grep, "lib/b.py 和 lib/c.py 两个文件。")).toMatchObject(done);
  });

  it("rule: a Chinese denial ('没有讲退订') is contradicted by a heading of the file that holds it", { timeout: 60_000 }, async () => {
    expect(await go("han-denied-shown", "docs/help.md 里有没有讲怎么退订？", [["read_open", { path: "docs/help.md" }]], "没有，help.md 里没有退订的内容。")).toMatchObject(refused);
    expect(await go("han-denied-absent", "docs/about.md 里有没有讲怎么退订？", [["read_open", { path: "docs/about.md" }]], "没有，about.md 里没有退订的内容。")).toMatchObject(done);
  });

  it("rule: an answer describing the named part of a file ('the release target') must rest on something that shows it", { timeout: 60_000 }, async () => {
    const request = "What does the release target in the Makefile do?";
    const extract = (pattern: string): Work => [["read_extract", { path: "Makefile", pattern, regex: true, context: 1 }]];
    expect(await go("part-unseen", request, extract("^build:"), "The release target runs `go build ./...`.")).toMatchObject(refused);
    expect(await go("part-seen", request, extract("^release:"), "The release target copies bin/app to host:/srv with scp.")).toMatchObject(done);
  });

  it("rule: a command that failed before a fix and exits 0 when run again after it observes the fix", { timeout: 60_000 }, async () => {
    const request = "Run `python3 check.py tabbed` and fix anything it reports.";
    const check = ["run_command", { command: "python3", args: ["check.py", "tabbed"] }] as Work[number];
    const fix = ["run_command", { command: "sed", args: ["-i", "s/\\t/    /", "tabbed/x.py"] }] as Work[number];
    const green = await go("green-rerun", request, [check, fix, check], "check.py flagged a tab in tabbed/x.py; I replaced it with spaces and check.py now exits 0.");
    expect(green).toMatchObject(done);
    expect(text(green.workspace, "tabbed/x.py")).not.toContain("\t");
    expect(await go("no-rerun", request, [check, fix], "check.py flagged a tab in tabbed/x.py; I replaced it with spaces.")).toMatchObject(refused);
    // The same for a fix of a named file.
    const named = "Run `python3 check.py tabbed`, then fix tabbed/x.py so it passes.";
    expect(await go("green-rerun-named", named, [check, fix, check], "check.py flagged a tab in tabbed/x.py; I replaced it with spaces and check.py now exits 0.")).toMatchObject(done);
    expect(await go("no-rerun-named", named, [check, fix], "check.py flagged a tab in tabbed/x.py; I replaced it with spaces.")).toMatchObject(refused);
  });

  it("rule: a file named after 'into' beside a place of the things read ('the files under lib/') is the file as written", { timeout: 60_000 }, async () => {
    const request = "Write the list of files under lib/ into INDEX.txt (sorted).";
    const root = await go("own-place", request, [sh("find lib -type f | sort > INDEX.txt"), ["read_open", { path: "INDEX.txt" }]], "INDEX.txt now lists the three files: lib/a.py, lib/b.py, lib/c.py.");
    expect(root).toMatchObject(done);
    expect(text(root.workspace, "INDEX.txt")).toBe("lib/a.py\nlib/b.py\nlib/c.py\n");
    expect(await go("own-place-inside", request, [sh("find lib -type f | sort > lib/INDEX.txt"), ["read_open", { path: "lib/INDEX.txt" }]], "lib/INDEX.txt now lists the files.")).toMatchObject(refused);
  });
});
