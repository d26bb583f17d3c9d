/**
 * CONTRACT §4/§6, issue 21 (round 24): tuning-heldout23's misses, in the reading of the request
 * and in what an observation shows. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "server.py": "import os  \n\ndef main():\t\n    pass\n",
  "notes.md": "# notes\n",
  "web/i18n/en.json": '{\n  "signin": "Sign-in",\n  "tip": "Please Sign-in first"\n}\n',
  "assets/logo.svg": "<svg/>\n",
  "index.html": "<img src=assets/logo.svg>\n",
  "deploy/cron.yml": "jobs:\n  - name: backup\n    cron: '0 4 * * *'\n",
  "lib/util.js": "export const pick = (o, k) => o[k];\n",
  "lib/fmt/date.js": "export const fmt = (d) => d.toISOString();\n",
  "app.env": "LOG_LEVEL=info\nPORT=80\n",
  "etc/hosts.txt": "127.0.0.1 localhost\n",
  "src/app.js": "var a = 1; var b = 2;\nvar c = a + b;\n",
  "conf/a.yaml": "debug: true\nport: 1\n",
  "conf/b.yaml": "debug: true\nport: 2\n",
  "pics/cat.PNG": "c",
  "pics/dog.PNG": "d",
  "schemas/user.json": '{"type": "object"}\n',
  "schemas/order.json": '{"type": "array"}\n',
  "shots/a.GIF": "a",
  "shots/b.GIF": "b",
  "docs/run.md": "Run `make deploy ENV=dev` to ship.\n",
  "data.json": '{"a":1,"b":[1,2]}\n',
  ".DS_Store": "x",
  "shots/.DS_Store": "y",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 24: what the request asks and what an observation shows", () => {
  it("rule: a change that names no state is observed by an empty search over its file after it; a text removal is reported by what is gone", { timeout: 60_000 }, async () => {
    const request = "remove the trailing spaces from server.py";
    const strip = sh("sed -i 's/[[:space:]]*$//' server.py");
    const right = await go("strip-searched", request, [strip, ["search_text", { query: "[ \\t]+$", regex: true, path: "server.py" }]], "Trailing spaces are gone: a regex search for them in server.py finds nothing.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "server.py")).toBe("import os\n\ndef main():\n    pass\n");
    expect(await go("strip-searched-elsewhere", request, [strip, ["search_text", { query: "[ \\t]+$", regex: true, path: "notes.md" }]], "Trailing spaces are gone: a regex search for them finds nothing.")).toMatchObject(refused);
  });

  it("rule: a replacement seen gone, by a command that wrote the new text in its place, shows the new text there too", { timeout: 60_000 }, async () => {
    const request = '把 web/i18n/en.json 里的 "Sign-in" 都改成 "Log in"';
    const search = ["search_text", { query: "Sign-in", path: "web/i18n" }] as const;
    const right = await go("replaced-in-place", request, [sh("sed -i 's/Sign-in/Log in/g' web/i18n/en.json"), [...search]], "改好了，web/i18n 里再搜 Sign-in 已经没有了。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "web/i18n/en.json")).toContain('"Please Log in first"');
    const cut = await go("replaced-by-nothing", request, [sh("sed -i 's/Sign-in//g' web/i18n/en.json"), [...search]], "改好了，web/i18n 里再搜 Sign-in 已经没有了。");
    expect(cut).toMatchObject(refused);
    expect(text(cut.workspace, "web/i18n/en.json")).not.toContain("Log in");
  });

  it("rule: a move with no destination named is checked where its recorded move put it", { timeout: 60_000 }, async () => {
    const request = "rename the assets folder";
    const move = ["move_path", { from: "assets", to: "static" }] as const;
    const right = await go("move-unnamed-listed", request, [[...move], ["read_list", { path: "." }]], "Renamed assets/ to static/: the listing shows static/ and no assets/.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "static/logo.svg")).toBe("<svg/>\n");
    expect(await go("move-unnamed-unlisted", request, [[...move], ["read_open", { path: "index.html" }]], "Renamed assets/ to static/.")).toMatchObject(refused);
  });

  it("rule: a backticked new name of a renamed path, or one ending in a slash, is the destination itself", { timeout: 60_000 }, async () => {
    const listed = ["read_list", { path: "." }] as const;
    const ticked = await go("rename-ticked", "rename the folder `assets` to `static`", [["move_path", { from: "assets", to: "static" }], [...listed]], "assets/ is now static/.");
    expect(ticked.goals).toEqual(["change.move assets→static", "verify.move assets→static"]);
    const slashed = await go("rename-slashed", "rename assets/ to static/", [["move_path", { from: "assets", to: "static" }], [...listed]], "assets/ is now static/.");
    expect(slashed.goals).toEqual(["change.move assets→static", "verify.move assets→static"]);
    const into = await go("move-into-ticked", "move index.html into `site/`", [["move_path", { from: "index.html", to: "site/index.html" }], ["read_list", { path: "site" }]], "index.html is now site/index.html.");
    expect(into.goals).toEqual(["change.move index.html→site/index.html", "verify.move index.html→site/index.html"]);
    expect(into).toMatchObject(done);
    // A code name renamed inside a file stays an edit of that file.
    const inside = await go("rename-identifier", "rename the function `pick` to `pluck` in lib/util.js", [sh("sed -i 's/pick/pluck/' lib/util.js"), ["read_open", { path: "lib/util.js" }]], "lib/util.js now exports pluck.");
    expect(inside.goals).toEqual(["change.edit lib/util.js", "verify.edit lib/util.js"]);
  });

  it("rule: a number in an answer from matched lines is seen by its value (`04:00` restates the `4` of `0 4 * * *`)", { timeout: 60_000 }, async () => {
    const request = "what time does the backup job in deploy/cron.yml run?";
    const hit = ["search_text", { query: "cron", path: "deploy/cron.yml" }] as const;
    expect(await go("cron-value", request, [[...hit]], "It runs at 04:00 every day (`0 4 * * *`).")).toMatchObject(done);
    expect(await go("cron-value-wrong", request, [[...hit]], "It runs at 05:00 every day.")).toMatchObject(refused);
  });

  it("rule: a question naming no place, beside an order to look in one folder ('查一下 lib'), asks of that folder; a place only mentioned is not one", { timeout: 60_000 }, async () => {
    const request = "还有地方在用 lodash 吗？查一下 lib";
    const whole = await go("look-order", request, [["search_text", { query: "lodash", path: "lib" }]], "没有，lib 里搜 lodash 一处都没有。");
    expect(whole).toMatchObject(done);
    expect(whole.goals).toEqual(["question lib"]);
    expect(await go("look-order-narrow", request, [["search_text", { query: "lodash", path: "lib/fmt" }]], "没有，lib 里搜 lodash 一处都没有。")).toMatchObject(refused);
    const mentioned = "How do I format a date? There is a helper somewhere in lib/";
    expect(await go("place-mentioned", mentioned, [["read_open", { path: "lib/util.js" }]], "Call toLocaleDateString() on the date.")).toMatchObject(refused);
  });

  it("rule: a setting given with no file of its own after a change of one file ('and also add TZ=UTC') is set in that file too", { timeout: 60_000 }, async () => {
    const request = "set LOG_LEVEL=warn in app.env and also add TZ=UTC";
    const read = ["read_open", { path: "app.env" }] as const;
    const half = await go("setting-half", request, [sh("sed -i 's/LOG_LEVEL=info/LOG_LEVEL=warn/' app.env"), [...read]], "Done: LOG_LEVEL=warn and TZ=UTC are in app.env.");
    expect(half).toMatchObject(refused);
    expect(text(half.workspace, "app.env")).not.toContain("TZ=UTC");
    const both = await go("setting-both", request, [sh("sed -i 's/LOG_LEVEL=info/LOG_LEVEL=warn/' app.env && echo TZ=UTC >> app.env"), [...read]], "Done: app.env now has LOG_LEVEL=warn and TZ=UTC.");
    expect(both).toMatchObject(done);
    expect(text(both.workspace, "app.env")).toBe("LOG_LEVEL=warn\nPORT=80\nTZ=UTC\n");
  });

  it("rule: lines a Chinese request counts ('加两行：A 和 B', '加一行 10.0.0.9 cache.local') are the text to hold, not paths", { timeout: 60_000 }, async () => {
    const request = "在 etc/hosts.txt 末尾加两行：10.1.1.1 db 和 10.1.1.2 cache";
    const read = ["read_open", { path: "etc/hosts.txt" }] as const;
    const one = await go("two-lines-one", request, [sh("echo '10.1.1.1 db' >> etc/hosts.txt"), [...read]], "两行都加上了。");
    expect(one).toMatchObject(refused);
    const two = await go("two-lines-two", request, [sh("printf '10.1.1.1 db\\n10.1.1.2 cache\\n' >> etc/hosts.txt"), [...read]], "两行都加上了，etc/hosts.txt 末尾是 10.1.1.1 db 和 10.1.1.2 cache。");
    expect(two).toMatchObject(done);
    expect(text(two.workspace, "etc/hosts.txt")).toBe("127.0.0.1 localhost\n10.1.1.1 db\n10.1.1.2 cache\n");
    const named = await go("one-line-name", "在 etc/hosts.txt 最后加一行 10.0.0.9 cache.local", [sh("echo '10.0.0.9 cache.local' >> etc/hosts.txt"), ["run_command", { command: "tail", args: ["-n", "1", "etc/hosts.txt"] }]], "加好了，最后一行是 10.0.0.9 cache.local。");
    expect(named).toMatchObject(done);
    expect(named.goals).toEqual(["change.edit etc/hosts.txt", "verify.edit etc/hosts.txt"]);
  });

  it("rule: '把 X 全换成 Y' with bare Latin words replaces every X; '都改成 false' of a key sets the key", { timeout: 60_000 }, async () => {
    const request = "把 src/app.js 里的 var 全换成 let";
    const search = ["search_text", { query: "var ", path: "src/app.js" }] as const;
    const once = await go("every-word-once", request, [sh("sed -i 's/var /let /' src/app.js"), [...search]], "都换成 let 了。");
    expect(once).toMatchObject(refused);
    expect(text(once.workspace, "src/app.js")).toContain("var b");
    const all = await go("every-word-all", request, [sh("sed -i 's/var /let /g' src/app.js"), ["read_open", { path: "src/app.js" }]], "都换成 let 了，src/app.js 里已经没有 var。");
    expect(all).toMatchObject(done);
    const setting = await go("key-set", "把 conf/a.yaml 和 conf/b.yaml 里所有的 debug 都改成 false", [sh("sed -i 's/debug: true/debug: false/' conf/a.yaml conf/b.yaml"), ["read_open", { path: "conf/a.yaml" }], ["read_open", { path: "conf/b.yaml" }]], "两个文件里的 debug 都改成 false 了。");
    expect(setting).toMatchObject(done);
    expect(text(setting.workspace, "conf/b.yaml")).toBe("debug: false\nport: 2\n");
  });

  it("rule: files given another extension ('扩展名改成 .png') are each renamed to their stem with it", { timeout: 60_000 }, async () => {
    const request = "把 pics 里 cat.PNG 和 dog.PNG 的扩展名改成小写 .png";
    const ls = ["run_command", { command: "ls", args: ["pics"] }] as const;
    const both = await go("extension-both", request, [sh("cd pics && for f in *.PNG; do mv \"$f\" \"${f%.PNG}.png\"; done"), [...ls]], "改好了，ls pics 显示 cat.png 和 dog.png。");
    expect(both).toMatchObject(done);
    expect(both.goals).toContain("change.move pics/dog.PNG→pics/dog.png");
    expect(text(both.workspace, "pics/dog.png")).toBe("d");
    expect(await go("extension-one", request, [sh("mv pics/cat.PNG pics/cat.png"), [...ls]], "改好了，都是 .png 了。")).toMatchObject(refused);
  });

  it("rule: a parser run only to check files parse (`python3 -m json.tool`) is a linter run, and the files its glob ran over are named by it", { timeout: 60_000 }, async () => {
    const request = "lint the JSON files in schemas/ (just check they parse)";
    const loop = sh('for f in schemas/*.json; do python3 -m json.tool "$f" > /dev/null || exit 1; done; echo ok');
    expect(await go("json-lint", request, [loop], "Both schemas/user.json and schemas/order.json parse.")).toMatchObject(done);
    expect(await go("json-lint-unrun", request, [["run_command", { command: "ls", args: ["schemas"] }]], "Both schemas/user.json and schemas/order.json parse.")).toMatchObject(refused);
  });

  it("rule: one ending named in a clause and another in the next ('shots/ has .GIF files, rename them to lowercase .gif') makes every file of the first the second", { timeout: 60_000 }, async () => {
    const request = "shots/ has a few .GIF files, rename them to lowercase .gif";
    const listed = ["read_list", { path: "shots" }] as const;
    const all = await go("endings-all", request, [sh('for f in shots/*.GIF; do mv "$f" "${f%.GIF}.gif"; done'), [...listed]], "Renamed a.GIF → a.gif and b.GIF → b.gif in shots/.");
    expect(all).toMatchObject(done);
    expect(text(all.workspace, "shots/b.gif")).toBe("b");
    expect(await go("endings-one", request, [sh("mv shots/a.GIF shots/a.gif"), [...listed]], "Renamed them: shots/ now holds .gif files.")).toMatchObject(refused);
  });

  it("rule: the setting after the word of changing is the new one ('ENV=dev 改成 ENV=staging'), in a clause of its own too", { timeout: 60_000 }, async () => {
    const request = "docs/run.md 里 make deploy ENV=dev 改成 make deploy ENV=staging";
    const read = ["read_open", { path: "docs/run.md" }] as const;
    const right = await go("setting-after", request, [sh("sed -i 's/ENV=dev/ENV=staging/' docs/run.md"), [...read]], "改好了，docs/run.md 里现在是 make deploy ENV=staging。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "docs/run.md")).toBe("Run `make deploy ENV=staging` to ship.\n");
    expect(await go("setting-after-wrong", request, [sh("sed -i 's/ENV=dev/ENV=stage/' docs/run.md"), [...read]], "改好了，docs/run.md 里现在是 make deploy ENV=stage。")).toMatchObject(refused);
    const two = "先把 app.env 的 LOG_LEVEL=info 改成 LOG_LEVEL=warn，再把 PORT=80 改成 PORT=8080";
    const first = sh("sed -i 's/LOG_LEVEL=info/LOG_LEVEL=warn/' app.env");
    expect(await go("settings-one", two, [first, ["read_open", { path: "app.env" }]], "两项都改好了。")).toMatchObject(refused);
    const both = await go("settings-both", two, [first, sh("sed -i 's/PORT=80/PORT=8080/' app.env"), ["read_open", { path: "app.env" }]], "两项都改好了：LOG_LEVEL=warn，PORT=8080。");
    expect(both).toMatchObject(done);
    expect(text(both.workspace, "app.env")).toBe("LOG_LEVEL=warn\nPORT=8080\n");
  });

  it("rule: a setting written in brackets ends before the bracket: '（保留 PORT=）' asks for no value", { timeout: 60_000 }, async () => {
    const request = "把 app.env 里 PORT 那行的值清空（保留 PORT=）";
    const cleared = sh("sed -i 's/^PORT=.*/PORT=/' app.env");
    const right = await go("bracket-setting", request, [cleared, ["read_extract", { path: "app.env", pattern: "PORT" }]], "清空了，app.env 里现在是 PORT=，后面没有值。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "app.env")).toBe("LOG_LEVEL=info\nPORT=\n");
    expect(await go("bracket-setting-unseen", request, [cleared], "清空了，app.env 里现在是 PORT=。")).toMatchObject(refused);
  });

  it("rule: a dotted name the request says to do it with ('(use python json.tool)') is the instrument, not a file to write; bare '用 X' still asks about X", { timeout: 60_000 }, async () => {
    const request = "reformat data.json with 2-space indentation (use python json.tool)";
    const right = await go("instrument", request, [sh("python3 -m json.tool --indent 2 data.json > d.tmp && mv d.tmp data.json"), ["read_open", { path: "data.json" }]], "data.json is now indented with 2 spaces.");
    expect(right.goals).toEqual(["change.edit data.json", "verify.edit data.json"]);
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "data.json")).toContain('\n  "a": 1,');
    const asked = await go("used-name", "lib 目录下有没有用 fmt.date 的？", [["read_open", { path: "lib/util.js" }]], "没有，lib 里没有用 fmt.date。");
    expect(asked).toMatchObject(refused);
  });

  it("rule: a find over the scope counted as none (`find . -name .DS_Store | wc -l` printing 0) shows every match gone", { timeout: 60_000 }, async () => {
    const request = "删掉整个项目里所有的 .DS_Store";
    const count = sh("find . -name .DS_Store | wc -l");
    const right = await go("find-count-none", request, [["run_command", { command: "find", args: [".", "-name", ".DS_Store", "-delete"] }], count], "都删了，find 再数一遍是 0 个。");
    expect(right).toMatchObject(done);
    expect(() => text(right.workspace, "shots/.DS_Store")).toThrow();
    const left = await go("find-count-some", request, [["run_command", { command: "rm", args: [".DS_Store"] }], count], "都删了。");
    expect(left).toMatchObject(refused);
    expect(text(left.workspace, "shots/.DS_Store")).toBe("y");
    // A named file: the count of its name over a scope holding it.
    const named = await go("find-count-named", "delete shots/.DS_Store", [["run_command", { command: "rm", args: ["shots/.DS_Store"] }], sh("find shots -name .DS_Store | wc -l")], "Deleted shots/.DS_Store; find counts 0 left.");
    expect(named).toMatchObject(done);
    expect(await go("find-count-named-before", "delete shots/.DS_Store", [sh("find shots -name .DS_Store | wc -l"), ["run_command", { command: "rm", args: ["shots/.DS_Store"] }]], "Deleted shots/.DS_Store; find counts 0 left.")).toMatchObject(refused);
  });

  it("rule: a command that rewrote the target with the same bytes (its pattern matched nothing) made no change: the change is still missing", { timeout: 60_000 }, async () => {
    const request = "replace `Sign-in` with `Log in` in web/i18n/en.json";
    const read = ["read_open", { path: "web/i18n/en.json" }] as const;
    const missed = await go("rewrite-same-bytes", request, [sh("sed -i 's/Sign-In/Log in/g' web/i18n/en.json"), [...read]], "Replaced Sign-in with Log in in web/i18n/en.json.");
    expect(missed).toMatchObject(refused);
    expect(text(missed.workspace, "web/i18n/en.json")).toContain('"Sign-in"');
    const made = await go("rewrite-changed", request, [sh("sed -i 's/Sign-in/Log in/g' web/i18n/en.json"), [...read]], "Replaced Sign-in with Log in in web/i18n/en.json.");
    expect(made).toMatchObject(done);
  });
});
