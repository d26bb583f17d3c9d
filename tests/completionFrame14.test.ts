/**
 * CONTRACT §6, issue 21 (round 14, frame side): tuning-heldout13's misses where the request's
 * reading asked for the wrong thing. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "guide/setup.md": "Install with make.\n",
  "guide/usage.md": "Run the tool.\n",
  "guide/BUILD.md": "Build the site with:\n\n    hugo --minify\n",
  "legacy/NOTES": "uses Python 2\n",
  "spec/test_math.py": "def test_add():\n    assert 1 + 1 == 2\n",
  "ops/cron.tab": "0 1 * * * /srv/rotate.sh\n*/10 * * * * /srv/ping-db.sh\n",
  ".gitignore": "node_modules/\n",
  "web/.DS_Store": "Bud1\n",
  "web/index.html": "<p>hi</p>\n",
  "app/pics/a.png": "PNG",
  "README.md": "# demo\n",
  ".env": "DB_HOST=localhost\n",
  ".env.sample": "DB_HOST=\n",
  "proxy/site.conf": "server {\n    server_name a.example;\n    keepalive_timeout 30s;\n}\n",
  "RELEASE": "3.1.4\n",
  "svc/a.env": "URL=http://old.internal/v1\n",
  "svc/b.env": "URL=http://old.internal/v2\nQ=1\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 14: what the reading asks for", () => {
  it("rule: a question naming only the folder it asks within (guide 下面) is answered by an empty search of that folder, not by content from another", { timeout: 60_000 }, async () => {
    const request = "guide 下面有提到 Python 2 的地方吗";
    expect(await go("scope-empty", request, [["search_text", { query: "Python 2", path: "guide" }]], "guide 里搜 Python 2 没有结果，没有提到。")).toMatchObject(done);
    expect(await go("scope-elsewhere", request, [["read_open", { path: "legacy/NOTES" }]], "有，提到了 Python 2。")).toMatchObject(refused);
  });

  it("rule: 'check <folder>' right after a question is that question's scope: an empty search there answers it", { timeout: 60_000 }, async () => {
    const request = "is there any test for the parser? check spec/";
    expect(await go("scope-check", request, [["search_text", { query: "parser", path: "spec" }]], "No: nothing under spec/ mentions the parser, so there is no test for it.")).toMatchObject(done);
    expect(await go("scope-check-none", request, [], "No, there is no test for the parser.")).toMatchObject(refused);
  });

  it("rule: a verb inside a determiner's noun phrase (the db ping line) is a noun; 'comment out' is the change", { timeout: 60_000 }, async () => {
    const request = "comment out the db ping line in ops/cron.tab";
    const edited = await go("comment-out", request, [sh("sed -i 's|^\\*/10|# */10|' ops/cron.tab"), ["read_open", { path: "ops/cron.tab" }]], "Commented out: ops/cron.tab line 2 is now `# */10 * * * * /srv/ping-db.sh`.");
    expect(edited).toMatchObject(done);
    expect(readFileSync(join(edited.workspace, "ops/cron.tab"), "utf8")).toBe("0 1 * * * /srv/rotate.sh\n# */10 * * * * /srv/ping-db.sh\n");
    expect(await go("comment-out-unseen", request, [sh("sed -i 's|^\\*/10|# */10|' ops/cron.tab")], "Commented out the db ping line.")).toMatchObject(refused);
  });

  it("rule: names listed before a counted folder noun (a、b、c 三个文件夹) are each a folder to make: one left out is refused", { timeout: 60_000 }, async () => {
    const request = "根目录下建 assets、scripts、vendor 三个文件夹";
    const all = await go("listed-folders", request, [["run_command", { command: "mkdir", args: ["-p", "assets", "scripts", "vendor"] }], ["read_list", { path: "." }]], "assets、scripts、vendor 三个目录都建好了，列表里能看到。");
    expect(all).toMatchObject(done);
    expect(["assets", "scripts", "vendor"].every((d) => existsSync(join(all.workspace, d)))).toBe(true);
    const two = await go("listed-folders-two", request, [["run_command", { command: "mkdir", args: ["-p", "assets", "scripts"] }], ["read_list", { path: "." }]], "assets、scripts、vendor 三个目录都建好了。");
    expect(two).toMatchObject(refused);
    expect(existsSync(join(two.workspace, "vendor"))).toBe(false);
  });

  it("rule: 'set up' makes, and a list continued after a comma keeps every name: lib/, bin/ and etc/ are each made", { timeout: 60_000 }, async () => {
    const request = "set up the folder skeleton: lib/, bin/ and etc/";
    expect(await go("set-up", request, [["run_command", { command: "mkdir", args: ["-p", "lib", "bin", "etc"] }], ["read_list", { path: "." }]], "Created lib/, bin/ and etc/; the listing shows them.")).toMatchObject(done);
    expect(await go("set-up-two", request, [["run_command", { command: "mkdir", args: ["-p", "lib", "bin"] }], ["read_list", { path: "." }]], "Created lib/, bin/ and etc/.")).toMatchObject(refused);
  });

  it("rule: an existing file in another verb's clause is not joined to that clause's folder, and a bare name added to it is a name, not a file to read", { timeout: 60_000 }, async () => {
    const request = "add .DS_Store to .gitignore and delete the stray .DS_Store file in web/";
    const right = await go("other-clause", request, [sh("echo .DS_Store >> .gitignore && rm web/.DS_Store"), ["read_open", { path: ".gitignore" }], ["read_list", { path: "web" }]], "Added .DS_Store to .gitignore and deleted web/.DS_Store; web/ holds only index.html.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, ".gitignore"), "utf8")).toBe("node_modules/\n.DS_Store\n");
    expect(existsSync(join(right.workspace, "web/.DS_Store"))).toBe(false);
    const alone = await go("bare-name-added", "add .DS_Store to .gitignore", [sh("echo .DS_Store >> .gitignore"), ["read_open", { path: ".gitignore" }]], "Added .DS_Store to .gitignore; it is the last line now.");
    expect(alone).toMatchObject(done);
    // The name added is no file to read: the frame asks for no read of web/.DS_Store.
    expect(alone.goals).toEqual(["change.edit .gitignore", "verify.edit .gitignore"]);
    expect(readFileSync(join(alone.workspace, "web/.DS_Store"), "utf8")).toBe("Bud1\n");
    expect(await go("other-clause-root-untouched", request, [sh("rm web/.DS_Store"), ["read_open", { path: ".gitignore" }], ["read_list", { path: "web" }]], "Added .DS_Store to .gitignore and deleted web/.DS_Store.")).toMatchObject(refused);
  });

  it("rule: a folder named by a name only one existing folder has (the pics folder) is that folder; renamed to a bare name, it stays beside", { timeout: 60_000 }, async () => {
    const request = "rename the pics folder to images";
    const moved = await go("folder-rename", request, [["run_command", { command: "mv", args: ["app/pics", "app/images"] }], ["read_list", { path: "app", depth: 2 }]], "Renamed app/pics to app/images (a.png is inside).");
    expect(moved).toMatchObject(done);
    expect(existsSync(join(moved.workspace, "app/images/a.png"))).toBe(true);
    expect(await go("folder-rename-elsewhere", request, [["run_command", { command: "mv", args: ["app/pics", "images"] }], ["read_list", { path: "app", depth: 2 }]], "Renamed the pics folder to images.")).toMatchObject(refused);
  });

  it("rule: a dotfile Chinese text runs into (在.env里) is the workspace's .env: a change of .env.sample instead is refused", { timeout: 60_000 }, async () => {
    const request = "在.env里加上TZ=UTC";
    const wrong = await go("han-dotfile-wrong", request, [sh("echo TZ=UTC >> .env.sample && cat .env.sample")], "加好了，.env 里现在有 TZ=UTC。");
    expect(wrong).toMatchObject(refused);
    expect(readFileSync(join(wrong.workspace, ".env"), "utf8")).toBe("DB_HOST=localhost\n");
    const right = await go("han-dotfile", request, [sh("echo TZ=UTC >> .env"), ["read_open", { path: ".env" }]], "加好了，.env 现在是 DB_HOST=localhost 和 TZ=UTC 两行。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, ".env"), "utf8")).toBe("DB_HOST=localhost\nTZ=UTC\n");
  });

  it("rule: a number set with no file named (调到 75s) must be seen in what changed; a grep of another line does not show it", { timeout: 60_000 }, async () => {
    const request = "proxy 配置里的 keepalive_timeout 调到 75s";
    const edit = sh("sed -i 's/keepalive_timeout 30s;/keepalive_timeout 75s;/' proxy/site.conf");
    expect(await go("value-other-line", request, [edit, ["run_command", { command: "grep", args: ["-n", "server_name", "proxy/site.conf"] }]], "改好了，keepalive_timeout 现在是 75s。")).toMatchObject(refused);
    const seen = await go("value-seen", request, [edit, ["run_command", { command: "grep", args: ["-n", "keepalive_timeout", "proxy/site.conf"] }]], "改好了，第 3 行现在是 keepalive_timeout 75s;。");
    expect(seen).toMatchObject(done);
    expect(readFileSync(join(seen.workspace, "proxy/site.conf"), "utf8")).toContain("keepalive_timeout 75s;");
  });

  it("rule: a one-value file set to a value (RELEASE 文件改成 3.2.0) holds only that value: an appended line is refused", { timeout: 60_000 }, async () => {
    const request = "RELEASE 文件改成 3.2.0";
    const appended = await go("whole-appended", request, [sh("echo 3.2.0 >> RELEASE"), ["run_command", { command: "cat", args: ["RELEASE"] }]], "RELEASE 已改为 3.2.0。");
    expect(appended).toMatchObject(refused);
    expect(readFileSync(join(appended.workspace, "RELEASE"), "utf8")).toBe("3.1.4\n3.2.0\n");
    const set = await go("whole-set", request, [sh("echo 3.2.0 > RELEASE"), ["run_command", { command: "cat", args: ["RELEASE"] }]], "RELEASE 已改为 3.2.0，cat 显示只有这一行。");
    expect(set).toMatchObject(done);
    expect(readFileSync(join(set.workspace, "RELEASE"), "utf8")).toBe("3.2.0\n");
  });

  it("rule: every occurrence in a folder replaced: one file left unchanged and unseen is refused; a search over the folder showing only the new text passes", { timeout: 60_000 }, async () => {
    const request = "svc 目录下所有 http://old.internal 都换成 https://new.internal";
    const one = await go("everywhere-one", request, [sh("sed -i 's#http://old.internal#https://new.internal#' svc/a.env"), ["read_open", { path: "svc/a.env" }]], "全部替换完成。");
    expect(one).toMatchObject(refused);
    expect(readFileSync(join(one.workspace, "svc/b.env"), "utf8")).toContain("http://old.internal");
    const all = await go("everywhere-all", request, [sh("sed -i 's#http://old.internal#https://new.internal#g' svc/*.env"), ["search_text", { query: "new.internal", path: "svc" }]], "两个文件都换好了，搜索 svc 只看到 https://new.internal。");
    expect(all).toMatchObject(done);
    expect(readFileSync(join(all.workspace, "svc/b.env"), "utf8")).toBe("URL=https://new.internal/v2\nQ=1\n");
    const grep = await go("everywhere-grep-left", "rename all old.internal to new.internal in svc", [sh("sed -i 's#old.internal#new.internal#' svc/a.env"), sh("grep -rn old.internal svc")], "Renamed every old.internal in svc.");
    expect(grep).toMatchObject(refused);
  });

  it("rule: a question asking for the command to build something asks what the workspace says, not for a CI record", { timeout: 60_000 }, async () => {
    const request = "whats the command to build the guide site";
    expect(await go("procedure", request, [["read_open", { path: "guide/BUILD.md" }]], "`hugo --minify` (from guide/BUILD.md).")).toMatchObject(done);
    expect(await go("procedure-unread", request, [], "Run `hugo --minify`.")).toMatchObject(refused);
  });
});
