/**
 * CONTRACT §6, issue 21 (round 15, frame side): tuning-heldout14's misses where the request's
 * reading asked for the wrong thing. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "conf/app.ini": "port=8080\nhost=127.0.0.1\n",
  "team/roster.csv": "id,name\n1,Ana\n2,Raj\n3,Lee\n",
  "data/名单.csv": "张三,1\n李四,2\n",
  "运维/恢复说明.md": "先停服务，再运行 restore.sh。\n",
  "运维/监控.md": "看 grafana。\n",
  "web/app.py": "print('hello')\n",
  "home/.bashrc": "alias ll='ls -l'\n# export EDITOR=vim\n",
  "srv/confg.yaml": "a: 1\n",
  "pics/a.jpg": "J",
  "pics/b.jpg": "J",
  "README.md": "# demo\n",
  "bin/check.sh": "echo checked\n",
  "junk.log": "x\n",
  "menu.md": "# Menu\n- bread\n",
  "apps/a/package.json": "{ \"react\": \"18.2.0\" }\n",
  "apps/b/package.json": "{ \"react\": \"18.3.1\" }\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 15: what the reading asks for", () => {
  it("rule: a value shaped like a path (改成 db.internal) is the value set, not a file to make", { timeout: 60_000 }, async () => {
    const request = "把 conf/app.ini 里的 port 改成 9090，host 改成 db.internal";
    const edit = sh("sed -i -e 's/port=8080/port=9090/' -e 's/host=127.0.0.1/host=db.internal/' conf/app.ini");
    const right = await go("value-path", request, [edit, ["read_open", { path: "conf/app.ini" }]], "两处都改了：port=9090，host=db.internal。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "conf/app.ini"), "utf8")).toBe("port=9090\nhost=db.internal\n");
    expect(existsSync(join(right.workspace, "db.internal"))).toBe(false);
    expect(await go("value-path-unseen", request, [edit], "两处都改了。")).toMatchObject(refused);
  });

  it("rule: what a message says after the send (说 …改到…) is its content, not a change to make", { timeout: 60_000 }, async () => {
    const request = "给 raj@example.org 发封邮件，说周会改到周四";
    const sent = await go("reported-speech", request, [["mail_send", { to: "raj@example.org", subject: "周会改期", body: "周会改到周四。" }]], "邮件已发给 raj@example.org，id m-1。");
    expect(sent).toMatchObject(done);
    expect(sent.goals).toEqual(["send @mail"]);
    expect(await go("reported-speech-unsent", request, [], "邮件已发给 raj@example.org。")).toMatchObject(refused);
  });

  it("rule: content after 写上 is what the new file must hold: a listing alone does not show it", { timeout: 60_000 }, async () => {
    const request = "在 team 文件夹里创建 note.txt，写上hi there";
    const listed = await go("written-content-listed", request, [["write_file", { path: "team/note.txt", content: "hi there\n" }], ["read_list", { path: "team" }]], "team/note.txt 已创建，内容 hi there。");
    expect(listed).toMatchObject(refused);
    const read = await go("written-content-read", request, [["write_file", { path: "team/note.txt", content: "hi there\n" }], ["read_open", { path: "team/note.txt" }]], "team/note.txt 已创建，读回来是 hi there。");
    expect(read).toMatchObject(done);
    expect(readFileSync(join(read.workspace, "team/note.txt"), "utf8")).toBe("hi there\n");
  });

  it("rule: a plain name removed from a file (remove Raj from …) must be gone: a read still showing it is refused, an empty search for it passes", { timeout: 60_000 }, async () => {
    const request = "remove Raj from team/roster.csv";
    const wrong = await go("removed-name-wrong", request, [sh("sed -i '/Lee/d' team/roster.csv"), ["read_open", { path: "team/roster.csv" }]], "Raj's row is removed from team/roster.csv.");
    expect(wrong).toMatchObject(refused);
    const right = await go("removed-name-search", request, [sh("sed -i '/,Raj$/d' team/roster.csv"), ["search_text", { query: "Raj", path: "team" }]], "Removed Raj's row; a search for Raj under team/ finds nothing now.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "team/roster.csv"), "utf8")).toBe("id,name\n1,Ana\n3,Lee\n");
  });

  it("rule: 把 X 那行从 F 删了 names the line removed; an empty search for X over F's folder shows it gone", { timeout: 60_000 }, async () => {
    const request = "把李四那行从 data/名单.csv 删了";
    const right = await go("removed-line-zh", request, [sh("sed -i '/^李四,/d' data/名单.csv"), ["search_text", { query: "李四", path: "data" }]], "删好了，data 里已经搜不到李四。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "data/名单.csv"), "utf8")).toBe("张三,1\n");
    expect(await go("removed-line-zh-other", request, [sh("sed -i '/^张三,/d' data/名单.csv"), ["read_open", { path: "data/名单.csv" }]], "删好了。")).toMatchObject(refused);
  });

  it("rule: a listing of a new folder itself shows the folder made", { timeout: 60_000 }, async () => {
    const request = "建个 archive 目录，把 team/roster.csv 复制进去";
    const copied = await go("listed-folder", request, [sh("mkdir archive && cp team/roster.csv archive/"), ["read_list", { path: "archive" }]], "好了，archive/roster.csv 已经在了。");
    expect(copied).toMatchObject(done);
    expect(readFileSync(join(copied.workspace, "archive/roster.csv"), "utf8")).toBe("id,name\n1,Ana\n2,Raj\n3,Lee\n");
    expect(await go("listed-folder-none", request, [sh("mkdir archive"), ["read_list", { path: "archive" }]], "好了，archive/roster.csv 已经在了。")).toMatchObject(refused);
  });

  it("rule: 清掉 deletes: one of the files still listed is refused", { timeout: 60_000 }, async () => {
    const request = "把 pics 目录下所有 .jpg 文件清掉";
    const one = await go("cleared-one", request, [sh("rm pics/a.jpg"), ["read_list", { path: "pics" }]], "pics 下的 .jpg 都删掉了。");
    expect(one).toMatchObject(refused);
    expect(existsSync(join(one.workspace, "pics/b.jpg"))).toBe(true);
    const cleared = await go("cleared", request, [sh("rm pics/*.jpg"), ["read_list", { path: "pics" }]], "pics 下的 .jpg 都删掉了，目录现在是空的。");
    expect(cleared).toMatchObject(done);
    expect(existsSync(join(cleared.workspace, "pics/a.jpg"))).toBe(false);
  });

  it("rule: a word called like a function (print('…')) is code, not the request's verb: the change is asked", { timeout: 60_000 }, async () => {
    const request = "用python把 web/app.py 里的 print('hello') 改成 print('你好')";
    expect(await go("call-word-read-only", request, [["read_open", { path: "web/app.py" }]], "改好啦，现在会打印你好。")).toMatchObject(refused);
    const edited = await go("call-word", request, [sh("python3 -c \"import pathlib;p=pathlib.Path('web/app.py');p.write_text(p.read_text().replace(\\\"'hello'\\\",\\\"'你好'\\\"))\""), ["read_open", { path: "web/app.py" }]], "改好了，web/app.py 现在是 print('你好')。");
    expect(edited).toMatchObject(done);
    expect(readFileSync(join(edited.workspace, "web/app.py"), "utf8")).toBe("print('你好')\n");
  });

  it("rule: a Chinese path written right after Chinese words (看下运维/恢复说明.md) is that file: another file read does not answer", { timeout: 60_000 }, async () => {
    const request = "怎么恢复？看下运维/恢复说明.md";
    expect(await go("han-path-other", request, [["read_open", { path: "运维/监控.md" }]], "先停服务再恢复。")).toMatchObject(refused);
    expect(await go("han-path", request, [["read_open", { path: "运维/恢复说明.md" }]], "先停服务，再运行 restore.sh（运维/恢复说明.md）。")).toMatchObject(done);
  });

  it("rule: a clause opening with a verb the lexicon lacks (raise … to 25) asks its own change beside the next clause's run", { timeout: 60_000 }, async () => {
    const request = "raise port to 9999 in conf/app.ini, then run cat conf/app.ini";
    // The change made but never observed after (cat ran before it): only the change goal asks for an observation.
    const unseen = await go("headed-clause-unseen", request, [["run_command", { command: "cat", args: ["conf/app.ini"] }], sh("sed -i 's/port=8080/port=9999/' conf/app.ini")], "Ran cat conf/app.ini and raised the port.");
    expect(unseen).toMatchObject(refused);
    expect(readFileSync(join(unseen.workspace, "conf/app.ini"), "utf8")).toBe("port=9999\nhost=127.0.0.1\n");
    const raised = await go("headed-clause", request, [sh("sed -i 's/port=8080/port=9999/' conf/app.ini"), ["run_command", { command: "cat", args: ["conf/app.ini"] }]], "Raised: conf/app.ini now has port=9999 (cat shows it).");
    expect(raised).toMatchObject(done);
    expect(readFileSync(join(raised.workspace, "conf/app.ini"), "utf8")).toBe("port=9999\nhost=127.0.0.1\n");
  });

  it("rule: uncommenting a quoted line asks for the line without its marker and the commented one gone", { timeout: 60_000 }, async () => {
    const request = "uncomment the line '# export EDITOR=vim' in home/.bashrc";
    const right = await go("uncomment", request, [sh("sed -i 's|^# export EDITOR=|export EDITOR=|' home/.bashrc"), ["read_open", { path: "home/.bashrc" }]], "Uncommented: line 2 is now `export EDITOR=vim`.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "home/.bashrc"), "utf8")).toBe("alias ll='ls -l'\nexport EDITOR=vim\n");
    expect(await go("uncomment-not", request, [sh("echo 'export EDITOR=vim' >> home/.bashrc"), ["read_open", { path: "home/.bashrc" }]], "Uncommented the EDITOR line.")).toMatchObject(refused);
  });

  it("rule: 'rename it to' right after a clause naming one file renames that file", { timeout: 60_000 }, async () => {
    const request = "srv/confg.yaml has a typo in its name, rename it to config.yaml";
    const moved = await go("rename-it", request, [["run_command", { command: "mv", args: ["srv/confg.yaml", "srv/config.yaml"] }], ["read_list", { path: "srv" }]], "Renamed srv/confg.yaml → srv/config.yaml; srv/ lists config.yaml only.");
    expect(moved).toMatchObject(done);
    expect(existsSync(join(moved.workspace, "srv/config.yaml"))).toBe(true);
    expect(await go("rename-it-copied", request, [["run_command", { command: "cp", args: ["srv/confg.yaml", "srv/config.yaml"] }], ["read_list", { path: "srv" }]], "Renamed it to config.yaml.")).toMatchObject(refused);
  });

  it("rule: several files moved into one folder each keep their name there: one left behind is refused", { timeout: 60_000 }, async () => {
    const request = "把 pics 目录里的 a.jpg b.jpg 都挪到 pics/old 里";
    const both = await go("moved-in", request, [sh("mkdir -p pics/old && mv pics/a.jpg pics/b.jpg pics/old/"), ["read_list", { path: "pics", depth: 2 }]], "都挪过去了，pics/old 下有 a.jpg 和 b.jpg。");
    expect(both).toMatchObject(done);
    expect(existsSync(join(both.workspace, "pics/old/b.jpg"))).toBe(true);
    expect(await go("moved-in-one", request, [sh("mkdir -p pics/old && mv pics/a.jpg pics/old/"), ["read_list", { path: "pics", depth: 2 }]], "都挪过去了。")).toMatchObject(refused);
  });

  it("rule: a run of one named file (then run bin/check.sh) needs a command naming it; another command's exit does not cover it", { timeout: 60_000 }, async () => {
    const request = "raise port to 9999 in conf/app.ini, then run bin/check.sh";
    const edit = sh("sed -i 's/port=8080/port=9999/' conf/app.ini");
    expect(await go("run-named-not-run", request, [edit, ["read_open", { path: "conf/app.ini" }]], "Raised port to 9999 and the check passes.")).toMatchObject(refused);
    const ran = await go("run-named", request, [edit, ["read_open", { path: "conf/app.ini" }], ["run_command", { command: "sh", args: ["bin/check.sh"] }]], "Raised: conf/app.ini has port=9999; bin/check.sh printed checked and exited 0.");
    expect(ran).toMatchObject(done);
    expect(readFileSync(join(ran.workspace, "conf/app.ini"), "utf8")).toBe("port=9999\nhost=127.0.0.1\n");
  });

  it("rule: the request's own verb in its past form (made) with ./name reports a guessed change", { timeout: 60_000 }, async () => {
    const request = "make bin/check.sh executable and run it";
    const made = await go("made-verb", request, [["run_command", { command: "chmod", args: ["+x", "bin/check.sh"] }], ["run_command", { command: "./bin/check.sh", args: [] }]], "Made it executable and ran `./bin/check.sh`: it printed checked and exited 0.");
    expect(made).toMatchObject(done);
    expect(await go("made-verb-other", request, [["run_command", { command: "chmod", args: ["+x", "bin/check.sh"] }], ["run_command", { command: "./bin/check.sh", args: [] }]], "It printed checked and exited 0.")).toMatchObject(refused);
  });

  it("rule: 'delete a.log from the repo root' deletes the file, not a name inside one", { timeout: 60_000 }, async () => {
    const request = "delete junk.log from the repo root";
    const gone = await go("delete-file-from", request, [["run_command", { command: "rm", args: ["junk.log"] }], ["read_list", { path: "." }]], "Deleted junk.log; the root listing no longer shows it.");
    expect(gone).toMatchObject(done);
    expect(existsSync(join(gone.workspace, "junk.log"))).toBe(false);
  });

  it("rule: a clause with an unknown verb beside one that makes a new file reads its source (翻成中文，保存为): the source is not edited", { timeout: 60_000 }, async () => {
    const request = "把 menu.md 翻成中文，保存为 menu.zh.md";
    const saved = await go("translated", request, [["read_open", { path: "menu.md" }], ["write_file", { path: "menu.zh.md", content: "# 菜单\n- 面包\n" }], ["read_open", { path: "menu.zh.md" }]], "已译成中文，保存为 menu.zh.md。");
    expect(saved).toMatchObject(done);
    expect(readFileSync(join(saved.workspace, "menu.md"), "utf8")).toBe("# Menu\n- bread\n");
    expect(await go("translated-unread", request, [["write_file", { path: "menu.zh.md", content: "# 菜单\n" }], ["read_open", { path: "menu.zh.md" }]], "已译成中文，保存为 menu.zh.md。")).toMatchObject(refused);
  });

  it("rule: an edit repeated with a value of its own sets it in the same file: one value left unset is refused", { timeout: 60_000 }, async () => {
    const request = "把 conf/app.ini 里的 port 改成 7070，host 改成 10.0.0.5";
    const one = await go("two-values-one", request, [sh("sed -i 's/port=8080/port=7070/' conf/app.ini"), ["read_open", { path: "conf/app.ini" }]], "两个都改好了。");
    expect(one).toMatchObject(refused);
    expect(readFileSync(join(one.workspace, "conf/app.ini"), "utf8")).toBe("port=7070\nhost=127.0.0.1\n");
    const both = await go("two-values", request, [sh("sed -i -e 's/port=8080/port=7070/' -e 's/host=127.0.0.1/host=10.0.0.5/' conf/app.ini"), ["read_open", { path: "conf/app.ini" }]], "两个都改好了：port=7070，host=10.0.0.5。");
    expect(both).toMatchObject(done);
  });

  it("rule: a name several files have, asked of all of them (both package.json files), names each: no question, and each must be read", { timeout: 60_000 }, async () => {
    const request = "read both package.json files and tell me if the react versions match";
    const both = await go("every-one", request, [["read_open", { path: "apps/a/package.json" }], ["read_open", { path: "apps/b/package.json" }]], "They don't match: apps/a has react 18.2.0, apps/b has 18.3.1.");
    expect(both).toMatchObject(done);
    expect(both.goals).toEqual(["read apps/a/package.json", "read apps/b/package.json"]);
    expect(await go("every-one-half", request, [["read_open", { path: "apps/a/package.json" }]], "apps/a has react 18.2.0; they match.")).toMatchObject(refused);
  });
});
