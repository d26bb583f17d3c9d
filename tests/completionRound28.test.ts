/**
 * CONTRACT §4/§6, issue 21 (round 28): tuning-heldout28's misses, in the reading of the request,
 * in what a command observes, and in what an answer may claim. Each rule is a scripted run through
 * the real graph with a twin going the other way; outcomes are checked on disk where a change is
 * involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "tmp/x.log": "x\n",
  "out/y.bin": "y\n",
  "keep/z.txt": "z\n",
  "draft.txt": "first draft\n",
  "check.js": "const { twice } = require('./twice');\nif (twice(3) !== 6) { console.log('wrong'); process.exit(1); }\nconsole.log('fine');\n",
  "twice.js": "exports.twice = (x) => x + 2;\n",
  "site/base.html": "<p>base</p>\n",
  ".gitlab-ci.yml": "test:\n  image: python\n  parallel:\n    matrix:\n      - python: [3.11, 3.12]\n",
  "pad.txt": "one  \ntwo \nthree\n",
  "api.md": "Call OldApi, then OldApi again.\nThe oldapi package wraps OldApi.\n",
  "cfg/a.ini": "level=1.0\n",
  "cfg/b.ini": "level=1.0\n",
  "util.js": "export function legacyFormat(x) { return x; }\n",
  "main.js": "import { legacyFormat } from './util.js';\nlegacyFormat(1);\n",
  ".env": "LOG_MODE=text\nPORT=80\n",
  "hi.py": "print('hi')\n",
  "say.txt": "hello\n",
  "data/rows.csv": "a,b\n1,2\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");
type Work = Parameters<typeof go>[2];
const git: Work = [
  ["run_command", { command: "git", args: ["init", "-q"] }],
  ["run_command", { command: "git", args: ["add", "-A"] }],
  ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start"] }],
];
const commit = (message: string): Work[number] => ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", message] }];

describe("issue 21, round 28: what the request names, what a command observes, what an answer may claim", () => {
  it("rule: folders listed before one folder noun ('tmp、out 两个目录', 'these few') are each a target of the delete", { timeout: 60_000 }, async () => {
    const both = await go("listed-both", "把 tmp、out 两个目录都删掉", [sh("rm -rf tmp out"), ["read_list", { path: "." }]], "tmp 和 out 两个目录都删掉了，keep 还在。");
    expect(both).toMatchObject(done);
    expect([existsSync(join(both.workspace, "tmp")), existsSync(join(both.workspace, "out")), existsSync(join(both.workspace, "keep"))]).toEqual([false, false, true]);
    expect(await go("listed-one", "把 tmp、out 两个目录都删掉", [sh("rm -rf tmp"), ["read_list", { path: "." }]], "tmp 和 out 两个目录都删掉了。")).toMatchObject(refused);
    // "这几个" counts the folders; it asks nothing.
    expect(await go("these-few", "把 tmp、out 这几个目录删了", [sh("rm -rf tmp out"), ["read_list", { path: "." }]], "这几个目录都删了，keep 还在。")).toMatchObject(done);
  });

  it("rule: a name in capitals beside a file noun is a new file ('新建一个 AUTHORS 文件'), and '内容 X' is what it must hold", { timeout: 60_000 }, async () => {
    const request = "新建一个 AUTHORS 文件，内容 alice";
    const right = await go("capitals-file", request, [sh("echo alice > AUTHORS"), ["read_open", { path: "AUTHORS" }]], "AUTHORS 已新建，内容是 alice。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "AUTHORS")).toBe("alice\n");
    expect(await go("capitals-wrong", request, [sh("echo bob > AUTHORS"), ["read_open", { path: "AUTHORS" }]], "AUTHORS 已新建，内容是 alice。")).toMatchObject(refused);
  });

  it("rule: a build file's name is a path without a noun, so a listing of the root answers whether it exists", { timeout: 60_000 }, async () => {
    expect(await go("build-file-listed", "项目里有 Jenkinsfile 吗？", [["read_list", { path: ".", depth: 4 }]], "没有，整个项目里都没有 Jenkinsfile。")).toMatchObject(done);
    expect(await go("build-file-unlooked", "项目里有 Jenkinsfile 吗？", [], "没有 Jenkinsfile。")).toMatchObject(refused);
  });

  it("rule: '把 a 改成 b' between a file and a new file name is a rename, judged by the new name there and the old gone", { timeout: 60_000 }, async () => {
    const request = "把 draft.txt 改成 final.txt";
    const moved = await go("rename-zh", request, [["run_command", { command: "mv", args: ["draft.txt", "final.txt"] }], ["read_list", { path: "." }]], "已改名为 final.txt，draft.txt 不在了。");
    expect(moved).toMatchObject(done);
    expect([existsSync(join(moved.workspace, "final.txt")), existsSync(join(moved.workspace, "draft.txt"))]).toEqual([true, false]);
    expect(await go("rename-copied", request, [["run_command", { command: "cp", args: ["draft.txt", "final.txt"] }], ["read_list", { path: "." }]], "已改名为 final.txt。")).toMatchObject(refused);
  });

  it("rule: 'make `node check.js` pass' is a run goal: a passing run after the fix covers it, a failing one does not", { timeout: 60_000 }, async () => {
    const request = "Make `node check.js` pass.";
    const fix = sh("sed -i 's/x + 2/x * 2/' twice.js");
    const fixed = await go("makes-pass", request, [["run_command", { command: "node", args: ["check.js"] }], fix, ["run_command", { command: "node", args: ["check.js"] }]], "twice() added 2 instead of doubling; fixed it, and `node check.js` now prints fine.");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "twice.js")).toContain("x * 2");
    expect(await go("still-failing", request, [["run_command", { command: "node", args: ["check.js"] }]], "Fixed: `node check.js` passes now.")).toMatchObject(refused);
  });

  it("rule: a clause that only says a folder is not there yet ('mail 目录还没有') asks for nothing of its own", { timeout: 60_000 }, async () => {
    const request = "把 site/base.html 复制一份到 site/mail/base.html，mail 目录还没有";
    const copied = await go("absent-fact", request, [sh("mkdir -p site/mail && cp site/base.html site/mail/base.html"), ["read_open", { path: "site/mail/base.html" }]], "已经建好 site/mail 目录并复制了 base.html，内容一样。");
    expect(copied).toMatchObject(done);
    expect(text(copied.workspace, "site/mail/base.html")).toBe("<p>base</p>\n");
    expect(await go("absent-not-copied", request, [["run_command", { command: "mkdir", args: ["-p", "site/mail"] }], ["read_list", { path: "site" }]], "已经建好 site/mail 目录并复制了 base.html。")).toMatchObject(refused);
  });

  it("rule: a key set to a list (`python: [3.11, 3.12]`) has no one value the answer must state", { timeout: 60_000 }, async () => {
    const request = "看下 .gitlab-ci.yml 里测的是哪几个 python 版本";
    expect(await go("list-value", request, [["read_open", { path: ".gitlab-ci.yml" }]], "矩阵里是 3.11 和 3.12 两个版本。")).toMatchObject(done);
    expect(await go("list-value-unread", request, [], "是 3.11 和 3.12。")).toMatchObject(refused);
  });

  it("rule: a path in an answer is a place, not a channel ('site/mail 目录'); a claim of sending mail still needs a mail tool", { timeout: 60_000 }, async () => {
    const request = "在 site/mail 目录里新建 index.html，写上 hi";
    const work: Work = [sh("mkdir -p site/mail && echo hi > site/mail/index.html"), ["read_open", { path: "site/mail/index.html" }]];
    expect(await go("path-not-channel", request, work, "已经建好 site/mail/index.html，内容是 hi。")).toMatchObject(done);
    expect(await go("mail-claimed", request, work, "已经建好 site/mail/index.html，内容是 hi，也已经发邮件通知了团队。")).toMatchObject(refused);
  });

  it("rule: a grep exiting 1 (`grep -c` printing 0) answers no; it is not a failed last command", { timeout: 60_000 }, async () => {
    const request = "pad.txt has trailing spaces. Strip them.";
    const strip = sh("sed -i 's/[[:space:]]*$//' pad.txt");
    const stripped = await go("grep-none", request, [strip, ["run_command", { command: "grep", args: ["-c", " $", "pad.txt"] }], ["read_open", { path: "pad.txt" }]], "Stripped pad.txt: grep -c for a trailing space now prints 0, and the lines read back clean: one/two/three.");
    expect(stripped).toMatchObject(done);
    expect(text(stripped.workspace, "pad.txt")).toBe("one\ntwo\nthree\n");
    expect(await go("python-failed", request, [strip, ["read_open", { path: "pad.txt" }], ["run_command", { command: "python3", args: ["-c", "raise SystemExit('no such check')"] }]], "Stripped all trailing spaces successfully.")).toMatchObject(refused);
  });

  it("rule: a change to a file the turn found missing ends with an honest cannot, not a refusal", { timeout: 60_000 }, async () => {
    const missing = await go("cannot-missing", "把 HISTORY.md 里的错别字改一下", [["read_list", { path: "." }]], "工作区里没有 HISTORY.md，根目录也找不到，所以没法改，什么都没动。");
    expect(missing).toMatchObject(done);
    expect(missing.guarded).toBe(false);
    // The file is there: a "cannot" is no answer to a change that could be made.
    expect(await go("cannot-present", "把 draft.txt 里的错别字改一下", [["read_list", { path: "." }]], "没法改 draft.txt，什么都没动。")).toMatchObject(refused);
  });

  it("rule: a command reading a new file (`tar tf` of an archive) shows it there", { timeout: 60_000 }, async () => {
    const request = "Make an archive cfg.tar of the cfg folder.";
    const packed = await go("tar-listed", request, [["run_command", { command: "tar", args: ["cf", "cfg.tar", "cfg"] }], sh("tar tf cfg.tar | sort")], "Created cfg.tar; tar tf lists cfg/a.ini and cfg/b.ini.");
    expect(packed).toMatchObject(done);
    expect(existsSync(join(packed.workspace, "cfg.tar"))).toBe(true);
    expect(await go("tar-unlooked", request, [["run_command", { command: "tar", args: ["cf", "cfg.tar", "cfg"] }]], "Created cfg.tar.")).toMatchObject(refused);
  });

  it("rule: a commit message is no file content, and `git show` of the file shows the lines it gained", { timeout: 60_000 }, async () => {
    const request = "把 say.txt 里的 hello 改成 howdy，然后提交一下，提交信息写 “greet”";
    const work: Work = [...git, sh("sed -i s/hello/howdy/ say.txt"), commit("greet"), ["run_command", { command: "git", args: ["show", "--format=", "HEAD", "--", "say.txt"] }]];
    const shown = await go("git-show", request, work, "say.txt 里已改成 howdy 并提交，提交信息 greet；git show HEAD 里是 -hello +howdy。");
    expect(shown).toMatchObject(done);
    expect(text(shown.workspace, "say.txt")).toBe("howdy\n");
    // The sed matched nothing: the commit fails, and no diff shows the change.
    const unchanged: Work = [...git, sh("sed -i s/helo/howdy/ say.txt"), commit("greet"), ["run_command", { command: "git", args: ["show", "--format=", "HEAD", "--", "say.txt"] }]];
    expect(await go("git-show-none", request, unchanged, "say.txt 里已改成 howdy 并提交，提交信息 greet。")).toMatchObject(refused);
  });

  it("rule: a camel-case name is matched in its case: a lower-case package name is not the replaced name left", { timeout: 60_000 }, async () => {
    const request = "api.md 里的 OldApi 全部换成 NewApi";
    const all = await go("camel-all", request, [["run_command", { command: "sed", args: ["-i", "s/OldApi/NewApi/g", "api.md"] }], ["read_open", { path: "api.md" }]], "api.md 里三处 OldApi 都换成了 NewApi，小写的包名 oldapi 没动。");
    expect(all).toMatchObject(done);
    expect(text(all.workspace, "api.md")).toBe("Call NewApi, then NewApi again.\nThe oldapi package wraps NewApi.\n");
    expect(await go("camel-first", request, [["run_command", { command: "sed", args: ["-i", "s/OldApi/NewApi/", "api.md"] }], ["read_open", { path: "api.md" }]], "api.md 里的 OldApi 都换成了 NewApi。")).toMatchObject(refused);
  });

  it("rule: a recursive grep over a folder shows each file it printed a line of", { timeout: 60_000 }, async () => {
    const request = "Bump level from 1.0 to 2.0 in cfg/a.ini and cfg/b.ini.";
    const sed = ["run_command", { command: "sed", args: ["-i", "s/1\\.0/2.0/", "cfg/a.ini", "cfg/b.ini"] }] as const;
    const bumped = await go("grep-folder", request, [[...sed], ["run_command", { command: "grep", args: ["-rn", "level", "cfg"] }]], "Both files now say level=2.0 (grep -rn over cfg).");
    expect(bumped).toMatchObject(done);
    expect(text(bumped.workspace, "cfg/b.ini")).toBe("level=2.0\n");
    const one = ["run_command", { command: "sed", args: ["-i", "s/1\\.0/2.0/", "cfg/a.ini"] }] as const;
    expect(await go("grep-folder-left", request, [[...one], ["run_command", { command: "grep", args: ["-rn", "level", "cfg"] }]], "Both files now say level=2.0.")).toMatchObject(refused);
  });

  it("rule: a commit the answer claims needs a git commit that succeeded", { timeout: 60_000 }, async () => {
    const request = "Commit everything in a new repo with message 'init'.";
    const init = ["run_command", { command: "git", args: ["init", "-q"] }] as const;
    const failed = ["run_command", { command: "git", args: ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-m", "init"] }] as const;
    expect(await go("commit-failed", request, [[...init], [...failed]], "Committed everything as 'init'.")).toMatchObject(refused);
    const made = await go("commit-made", request, [[...init], ["run_command", { command: "git", args: ["add", "-A"] }], [...failed]], "Committed everything as 'init'.");
    expect(made).toMatchObject(done);
    expect(existsSync(join(made.workspace, ".git"))).toBe(true);
  });

  it("rule: 'I couldn't delete X' after X was deleted and seen gone is contradicted; a cannot about another channel is not", { timeout: 60_000 }, async () => {
    const work: Work = [["run_command", { command: "rm", args: ["hi.py"] }], ["read_list", { path: "." }]];
    const gone = await go("cannot-contradicted", "Delete hi.py.", work, "I couldn't delete hi.py: it seems locked, so it's still there.");
    expect(gone).toMatchObject(refused);
    expect(existsSync(join(gone.workspace, "hi.py"))).toBe(false);
    expect(await go("cannot-other", "Delete hi.py, then tell me on Telegram.", work, "Deleted hi.py; the listing no longer shows it. I can't message you on Telegram: no tool for that here, so nothing was sent.")).toMatchObject(done);
  });

  it("rule: 'not used anywhere' after a search of one file is a finding the turn did not make", { timeout: 60_000 }, async () => {
    const request = "Is legacyFormat used anywhere?";
    expect(await go("anywhere-one-file", request, [["search_text", { query: "legacyFormat(", path: "util.js" }]], "It is only defined in util.js and not used anywhere.")).toMatchObject(refused);
    expect(await go("anywhere-searched", request, [["search_text", { query: "legacyFormat", path: "." }]], "Yes: main.js imports it and calls legacyFormat(1); util.js defines it.")).toMatchObject(done);
  });

  it("rule: a key set to a value is not set while another line still sets it otherwise (an appended second line)", { timeout: 60_000 }, async () => {
    const request = "Set LOG_MODE to json in .env.";
    const appended = await go("key-appended", request, [sh("echo 'LOG_MODE=json' >> .env"), ["read_open", { path: ".env" }]], "LOG_MODE is json now.");
    expect(appended).toMatchObject(refused);
    expect(text(appended.workspace, ".env")).toBe("LOG_MODE=text\nPORT=80\nLOG_MODE=json\n");
    const replaced = await go("key-replaced", request, [["run_command", { command: "sed", args: ["-i", "s/^LOG_MODE=.*/LOG_MODE=json/", ".env"] }], ["read_open", { path: ".env" }]], "LOG_MODE is json now.");
    expect(replaced).toMatchObject(done);
    expect(text(replaced.workspace, ".env")).toBe("LOG_MODE=json\nPORT=80\n");
  });

  it("rule: work announced as under way ('我正在逐个替换，替换完会告诉你') is not reported done", { timeout: 60_000 }, async () => {
    const request = "把 cfg 目录里所有 ini 文件里的 1.0 改成 2.0";
    const work: Work = [["run_command", { command: "sed", args: ["-i", "s/1\\.0/2.0/", "cfg/a.ini", "cfg/b.ini"] }], ["run_command", { command: "grep", args: ["-rn", "level", "cfg"] }]];
    expect(await go("under-way", request, work, "我正在逐个文件替换，替换完会告诉你结果。")).toMatchObject(refused);
    expect(await go("reported-done", request, work, "cfg/a.ini 和 cfg/b.ini 里的 1.0 都改成了 2.0，grep 显示 level=2.0。")).toMatchObject(done);
  });

  it("rule: a successful `make` run reads the Makefile it ran, so it shows the new Makefile there", { timeout: 60_000 }, async () => {
    const request = "写一个 Makefile，里面有 hi 目标执行 python3 hi.py";
    const made = await go("make-ran", request, [sh("printf 'hi:\\n\\tpython3 hi.py\\n' > Makefile"), ["run_command", { command: "make", args: ["hi"] }]], "Makefile 已写好，make hi 跑了一遍，输出 hi。");
    expect(made).toMatchObject(done);
    expect(text(made.workspace, "Makefile")).toBe("hi:\n\tpython3 hi.py\n");
    expect(await go("make-failed", request, [sh("printf 'hi:\\n\\tpython3 nope.py\\n' > Makefile"), ["run_command", { command: "make", args: ["hi"] }]], "Makefile 已写好，make hi 跑通了。")).toMatchObject(refused);
  });

  it("rule: a search hit in a new file shows it there", { timeout: 60_000 }, async () => {
    const request = "Add a CODEOWNERS file that gives everything to @core.";
    const write = ["write_file", { path: "CODEOWNERS", content: "* @core\n" }] as const;
    expect(await go("hit-shows", request, [[...write], ["search_text", { query: "@core", path: "CODEOWNERS" }]], "Added CODEOWNERS with `* @core`.")).toMatchObject(done);
    expect(await go("hit-elsewhere", request, [[...write], ["search_text", { query: "@core", path: "data" }]], "Added CODEOWNERS with `* @core`.")).toMatchObject(refused);
  });
});
