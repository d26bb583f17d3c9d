/**
 * CONTRACT §4/§6, issue 21 (round 20): tuning-heldout19's misses, in the reading of the request
 * and in what an observation shows. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "lib/index.ts": "export {};\n",
  "lib/conf/base.ts": "export const base = 1;\n",
  "data/sales.csv": "day,amount\nmon,120\ntue,80\n",
  "notes/a.txt": "a\n",
  "notes/b.txt": "b\n",
  "logs/old.log": "x\ny\n",
  "logs/now.log": "z\n",
  "people.csv": "name,state\nann,on\nben,off\n",
  "app/net.js": "const host = '10.0.0.5';\n",
  "app/ui.js": "console.log('hi');\n",
  "web/a.js": "loadUser();\n",
  "web/b.js": "loadUser(1);\n",
  "tools/dev.js": "console.log('dev');\n",
  "out.log": "some text\n",
  "conf/a.ini": "k=1\n",
  "docs/x.md": "# x\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 20: what the request asks and what an observation shows", () => {
  it("rule: a new path under an existing folder that the request calls a folder ('新建 lib/util 目录，里面放 …') holds what is put in it", { timeout: 60_000 }, async () => {
    const request = "新建 lib/util 目录，里面放一个空的 index.js";
    const right = await go("new-dir-inside", request, [sh("mkdir -p lib/util && touch lib/util/index.js"), ["read_list", { path: "lib/util" }]], "建好了 lib/util/index.js（空文件）。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write lib/util/index.js");
    expect(existsSync(join(right.workspace, "lib/util/index.js"))).toBe(true);
    expect(await go("new-dir-inside-half", request, [sh("mkdir -p lib/util"), ["read_list", { path: "lib/util" }]], "建好了 lib/util/index.js（空文件）。")).toMatchObject(refused);
  });

  it("rule: a folder named right inside a place ('在 lib 里的 conf 文件夹创建 …') shares its preposition when it exists there", { timeout: 60_000 }, async () => {
    const request = "在 lib 里的 conf 文件夹创建 keys.ts，写 export const KEY = 'k1';";
    const right = await go("nested-place", request, [["write_file", { path: "lib/conf/keys.ts", content: "export const KEY = 'k1';\n" }], ["read_open", { path: "lib/conf/keys.ts" }]], "已创建 lib/conf/keys.ts，读回内容正确。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write lib/conf/keys.ts");
    expect(text(right.workspace, "lib/conf/keys.ts")).toBe("export const KEY = 'k1';\n");
    const wrong = await go("nested-place-wrong", request, [["write_file", { path: "lib/keys.ts", content: "export const KEY = 'k1';\n" }], ["read_open", { path: "lib/keys.ts" }]], "已创建 keys.ts。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: 加起来 adds numbers up: a figure is asked, nothing is added to the file", { timeout: 60_000 }, async () => {
    const request = "data/sales.csv 里 amount 这一列加起来是多少？";
    const right = await go("add-up", request, [["run_command", { command: "awk", args: ["-F,", "NR>1{s+=$2} END{print s}", "data/sales.csv"] }]], "amount 列合计 200。");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.startsWith("change"))).toBe(false);
    expect(text(right.workspace, "data/sales.csv")).toBe("day,amount\nmon,120\ntue,80\n");
    expect(await go("add-up-premature", request, [], "amount 列合计 200。")).toMatchObject(refused);
  });

  it("rule: a dot-name with a Chinese quantifier after it ('.txt 全部改成 .md') is a kind of file", { timeout: 60_000 }, async () => {
    const request = "notes 目录里的 .txt 全部改成 .md 后缀";
    const right = await go("kind-all", request, [sh("cd notes && for f in *.txt; do mv \"$f\" \"${f%.txt}.md\"; done"), ["read_list", { path: "notes" }]], "notes 下的 a.txt、b.txt 已改成 a.md、b.md。");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "notes/a.md"))).toBe(true);
    const one = await go("kind-all-one", request, [["run_command", { command: "mv", args: ["notes/a.txt", "notes/a.md"] }], ["read_list", { path: "notes" }]], "都改好了。");
    expect(one).toMatchObject(refused);
  });

  it("rule: a verb the lexicon lacks ('gzip logs/old.log') whose effect removed the target is shown by the target seen gone, and by nothing else", { timeout: 60_000 }, async () => {
    const right = await go("guessed-removed", "gzip logs/old.log", [["run_command", { command: "gzip", args: ["logs/old.log"] }], ["read_list", { path: "logs" }]], "Compressed: logs/ now holds old.log.gz and now.log.");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "logs/old.log.gz"))).toBe(true);
    expect(await go("guessed-removed-unseen", "gzip logs/old.log", [["run_command", { command: "gzip", args: ["logs/old.log"] }]], "Compressed it.")).toMatchObject(refused);
    // An effect that made two files, one of them seen: the other is not shown by it.
    const split = "Split people.csv into on.csv and off.csv by the state column (keep the header in both).";
    const awk = ["run_command", { command: "awk", args: ["-F,", 'NR==1{print > "on.csv"; print > "off.csv"; next} {print > ($2 ".csv")}', "people.csv"] }] as const;
    expect(await go("guessed-half-seen", split, [[...awk], ["run_command", { command: "cat", args: ["on.csv"] }]], "Split done: on.csv has ann, off.csv has ben.")).toMatchObject(refused);
  });

  it("rule: a dotted number asked about ('10.0. 开头的 IP') is a term; an escaped regex (`10\\.0\\.`) searches for it", { timeout: 60_000 }, async () => {
    const request = "有没有文件里写死了 10.1. 开头的 IP？";
    expect(await go("dotted-number", request, [["search_text", { query: "10\\.1\\.", regex: true }]], "没有，全项目搜不到 10.1. 开头的 IP。")).toMatchObject(done);
    expect(await go("dotted-number-off", request, [["search_text", { query: "localhost" }]], "没有，全项目搜不到 10.1. 开头的 IP。")).toMatchObject(refused);
  });

  it("rule: a file named in an aside set outside what was asked ('outside app/') is no finding of the question", { timeout: 60_000 }, async () => {
    const request = "Does app/ have any debugger statements?";
    const grep = ["run_command", { command: "grep", args: ["-rn", "debugger", "app"] }] as const;
    expect(await go("aside-outside", request, [[...grep]], "No. grep finds no debugger under app/ (tools/dev.js may have one, outside app/).")).toMatchObject(done);
    expect(await go("aside-inside", request, [[...grep]], "No. grep finds no debugger under app/; tools/dev.js has one.")).toMatchObject(refused);
  });

  it("rule: 'rename X to Y everywhere under web/' replaces X in every file of the folder", { timeout: 60_000 }, async () => {
    const request = "rename loadUser to fetchUser everywhere under web/";
    const right = await go("everywhere", request, [sh("sed -i 's/loadUser/fetchUser/g' web/*.js"), ["search_text", { query: "loadUser", path: "web" }]], "Renamed in web/a.js and web/b.js; a search of web/ finds no loadUser.");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.edit web", "verify.edit web"]);
    expect(text(right.workspace, "web/b.js")).toBe("fetchUser(1);\n");
    const one = await go("everywhere-one", request, [sh("sed -i 's/loadUser/fetchUser/g' web/a.js"), ["search_text", { query: "fetchUser", path: "web" }]], "Renamed everywhere under web/.");
    expect(one).toMatchObject(refused);
  });

  it("rule: a whole read that came back empty measured zero bytes, and only zero", { timeout: 60_000 }, async () => {
    const request = "empty out.log but keep the file itself";
    const work = [sh(": > out.log"), ["read_open", { path: "out.log" }]] as never;
    const right = await go("zero-bytes", request, work, "out.log is truncated to 0 bytes; the file still exists.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "out.log")).toBe("");
    expect(await go("three-bytes", request, work, "out.log is truncated to 3 bytes; the file still exists.")).toMatchObject(refused);
  });

  it("rule: a folder in brackets after a question naming none ('… (conf/)') is where the question asks", { timeout: 60_000 }, async () => {
    const request = "is the string 'secret_key' in any of the settings files? (conf/)";
    expect(await go("bracket-scope", request, [["search_text", { query: "secret_key", path: "conf" }]], "No, 'secret_key' appears nowhere under conf/.")).toMatchObject(done);
    expect(await go("bracket-scope-elsewhere", request, [["search_text", { query: "secret_key", path: "docs" }]], "No, 'secret_key' appears nowhere under conf/.")).toMatchObject(refused);
  });
});
