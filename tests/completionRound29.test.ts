/**
 * CONTRACT §4/§6, issue 21 (round 29): tuning-heldout29's misses, in the reading of the request,
 * in what a command observes, and in what an answer may claim. Each rule is a scripted run through
 * the real graph with a twin going the other way; outcomes are checked on disk where a change is
 * involved. The examples are invented, not the set's.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "build/app.js": "console.log(1)\n",
  "build/maps/app.js.map": "{}\n",
  "src/keep.js": "x\n",
  "requirements.txt": "flask==3.0.2\npydantic==2.6.1\n",
  "stats.py": "def avg(xs):\n    return sum(xs) / (len(xs) - 1)\n",
  "test_stats.py": "import unittest\nfrom stats import avg\n\nclass T(unittest.TestCase):\n    def test_avg(self):\n        self.assertEqual(avg([2, 4]), 3)\n\nif __name__ == '__main__':\n    unittest.main()\n",
  "notes.md": "a\n",
  "data.bin": "payload\n",
  "lib/shapes/square.py": "def area(s):\n    return s * s\n",
  "shop/cart.js": "function sumItems(xs) { return xs.length; }\nmodule.exports = { sumItems };\nconsole.log(sumItems([1]));\n",
  "assets/a.css": "body{}\n",
  "assets/b.css": "p { color: red }\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");
type Work = Parameters<typeof go>[2];

describe("issue 21, round 29: what the request asks, what a command observes, what an answer may claim", () => {
  it("rule: a folder deleted took the files the turn saw inside it: the answer may name them as deleted", { timeout: 60_000 }, async () => {
    const work: Work = [["read_list", { path: "build", depth: 2 }], ["delete_path", { path: "build", recursive: true }], ["read_list", { path: "." }]];
    const gone = await go("folder-contents", "build 目录整个删掉", work, "已经把 build/ 连同里面的 app.js 和 maps/ 一起删了。");
    expect(gone).toMatchObject(done);
    expect(existsSync(join(gone.workspace, "build"))).toBe(false);
    expect(await go("other-file", "build 目录整个删掉", work, "已经把 build/ 删了，也顺手删了 src/keep.js。")).toMatchObject(refused);
  });

  it("rule: a pinned requirement (`pydantic==2.6.1`) shows the version without the '='", { timeout: 60_000 }, async () => {
    const request = "requirements.txt 里 pydantic 是什么版本？";
    expect(await go("pinned", request, [["read_open", { path: "requirements.txt" }]], "pydantic 是 2.6.1。")).toMatchObject(done);
    expect(await go("pinned-wrong", request, [["read_open", { path: "requirements.txt" }]], "pydantic 是 2.5.0。")).toMatchObject(refused);
  });

  it("rule: a clause reporting a failure ('test_stats.py 里 test_avg 挂了') names where it was seen, not what to change", { timeout: 60_000 }, async () => {
    const request = "test_stats.py 里 test_avg 挂了，帮我修一下 stats.py 让测试通过";
    const work: Work = [["edit_file", { path: "stats.py", oldText: "(len(xs) - 1)", newText: "len(xs)" }], ["run_command", { command: "python3", args: ["-m", "unittest", "test_stats"] }]];
    const fixed = await go("failure-fact", request, work, "stats.py 的 avg 多减了 1，改成 sum(xs) / len(xs) 后 test_stats 通过了（OK）。");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "stats.py")).toContain("sum(xs) / len(xs)");
    expect(text(fixed.workspace, "test_stats.py")).toContain("assertEqual(avg([2, 4]), 3)");
    expect(await go("failure-unfixed", request, [["run_command", { command: "python3", args: ["-m", "unittest", "test_stats"] }]], "stats.py 修好了，测试通过。")).toMatchObject(refused);
  });

  it("rule: a remark in full-width parentheses after given content is the user's, not the content", { timeout: 60_000 }, async () => {
    const request = "在 docs/zh 目录下新建 intro.md，内容写 # 开始（目录现在还没有）";
    const made = await go("remark", request, [sh("mkdir -p docs/zh && echo '# 开始' > docs/zh/intro.md"), ["read_open", { path: "docs/zh/intro.md" }]], "已创建 docs/zh/intro.md，内容是 # 开始。");
    expect(made).toMatchObject(done);
    expect(text(made.workspace, "docs/zh/intro.md")).toBe("# 开始\n");
    expect(await go("remark-wrong", request, [sh("mkdir -p docs/zh && echo '# 介绍' > docs/zh/intro.md"), ["read_open", { path: "docs/zh/intro.md" }]], "已创建 docs/zh/intro.md，内容是 # 开始。")).toMatchObject(refused);
  });

  it("rule: a digest the answer states must be one the turn printed; the user's purpose ('我要核对') asks nothing more", { timeout: 60_000 }, async () => {
    const request = "帮我算一下 data.bin 的 md5，我要核对";
    const md5 = ["run_command", { command: "md5sum", args: ["data.bin"] }] as const;
    const digest = createHash("md5").update("payload\n").digest("hex");
    expect(await go("digest-real", request, [[...md5]], `data.bin 的 md5 是 ${digest}。`)).toMatchObject(done);
    expect(await go("digest-invented", request, [[...md5]], "data.bin 的 md5 是 0123456789abcdef0123456789abcdef。")).toMatchObject(refused);
    expect(await go("purpose-en", "What's the sha1 of data.bin? I want to compare it with the release page.", [["run_command", { command: "sha1sum", args: ["data.bin"] }]], `It is ${createHash("sha1").update("payload\n").digest("hex")}.`)).toMatchObject(done);
  });

  it("rule: a change to a path the turn found absent, answered by saying it is not there, is not done for that reason", { timeout: 60_000 }, async () => {
    const said = await go("absent-said", "Rename draft_v1.md to draft.md.", [["read_list", { path: "." }]], "There is no draft_v1.md in the workspace, so I haven't renamed anything.");
    expect(said).toMatchObject(done);
    expect(said.guarded).toBe(false);
    expect(existsSync(join(said.workspace, "draft.md"))).toBe(false);
    expect(await go("absent-unlooked", "Rename draft_v1.md to draft.md.", [], "There is no draft_v1.md, so I haven't renamed anything.")).toMatchObject(refused);
  });

  it("rule: names joined by bare commas (a CSV header with `email`) are data, not a request to send mail", { timeout: 60_000 }, async () => {
    const request = "新建 people.csv，表头 id,name,email";
    const made = await go("csv-header", request, [sh("echo 'id,name,email' > people.csv"), ["read_open", { path: "people.csv" }]], "people.csv 已新建，表头是 id,name,email。");
    expect(made).toMatchObject(done);
    expect(text(made.workspace, "people.csv")).toBe("id,name,email\n");
    expect(await go("csv-unmade", request, [], "people.csv 已新建，表头是 id,name,email。")).toMatchObject(refused);
  });

  it("rule: inline Python importing a module (`from lib.shapes.square import area`) reads the module's file", { timeout: 60_000 }, async () => {
    const request = "Write lib/shapes/circle.py with area(r) returning 3*r*r, and show it works for r=2.";
    const write = ["write_file", { path: "lib/shapes/circle.py", content: "def area(r):\n    return 3 * r * r\n" }] as const;
    expect(await go("import-reads", request, [[...write], ["run_command", { command: "python3", args: ["-c", "from lib.shapes.circle import area; print(area(2))"] }]], "lib/shapes/circle.py defines area(r) = 3*r*r; importing it and calling area(2) prints 12.")).toMatchObject(done);
    expect(await go("import-other", request, [[...write], ["run_command", { command: "python3", args: ["-c", "from lib.shapes.square import area; print(area(2))"] }]], "lib/shapes/circle.py defines area(r) = 3*r*r; calling it prints 12.")).toMatchObject(refused);
  });

  it("rule: a code name renamed ('rename the function sumItems to countItems') may not be seen left in the file", { timeout: 60_000 }, async () => {
    const request = "Rename the function sumItems to countItems in shop/cart.js, including every call.";
    const all = await go("rename-all", request, [["run_command", { command: "sed", args: ["-i", "s/sumItems/countItems/g", "shop/cart.js"] }], ["run_command", { command: "grep", args: ["-n", "Items", "shop/cart.js"] }]], "Renamed sumItems to countItems on all three lines of shop/cart.js.");
    expect(all).toMatchObject(done);
    expect(text(all.workspace, "shop/cart.js")).not.toContain("sumItems");
    expect(await go("rename-first", request, [["run_command", { command: "sed", args: ["-i", "1s/sumItems/countItems/", "shop/cart.js"] }], ["run_command", { command: "grep", args: ["-n", "Items", "shop/cart.js"] }]], "Renamed sumItems to countItems everywhere in shop/cart.js.")).toMatchObject(refused);
  });

  it("rule: asked for a sum, the answer states the total the count printed, not one file's", { timeout: 60_000 }, async () => {
    const request = "assets 里的文件加起来多大？";
    const wc = sh("wc -c assets/*");
    expect(await go("total-stated", request, [wc], "一共 24 字节（a.css 7、b.css 17）。")).toMatchObject(done);
    expect(await go("total-missed", request, [wc], "一共 17 字节。")).toMatchObject(refused);
  });
});
