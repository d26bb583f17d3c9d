/**
 * CONTRACT §4/§6, issue 21 (round 26): tuning-heldout26's misses, in the reading of the request,
 * in what a test run observes, and in what an answer may claim. Each rule is a scripted run
 * through the real graph with a twin going the other way; outcomes are checked on disk where a
 * change is involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const TESTS = "import unittest\nfrom tax import net\n\nclass T(unittest.TestCase):\n    def test_net(self):\n        self.assertEqual(net(100), 80)\n\nif __name__ == '__main__':\n    unittest.main()\n";
const go = gateRunner({
  "notes/a.txt": "1\n2\n",
  "notes/b.txt": "1\n2\n3\n4\n5\n",
  "notes/c.txt": "1\n",
  "tax.py": "def net(x):\n    return x * 0.7\n",
  "test_tax.py": TESTS,
  "fmt.py": "def join(items, sep=','):\n    return sep.join(items)\n",
  "data.csv": "a,b\n1,2\n3,4\n",
  "Thumbs.db": "x\n",
  "a.txt": "a\n",
  "backups/2022-01.tar": "1\n",
  "backups/2022-02.tar": "2\n",
  "backups/2023-01.tar": "3\n",
  "site/index.html": "<a href='http://cdn1.example.org'>x</a>\n",
  "site/about.html": "<a href='http://cdn1.example.org/about'>y</a>\n",
  "greet.py": "def greet():\n    print('helo')\n",
  "poem.txt": "roses are red\nviolets are blue\n",
  "NEWS.md": "## 2.0\n- dark mode\n## 1.9\n- faster search\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 26: what a test run observes, what the request takes, what an answer may claim", () => {
  it("rule: the `total` row `wc` prints for several files is no entry of the table an answer singles one out of", { timeout: 60_000 }, async () => {
    const request = "notes 里哪个文件行数最多？";
    const count = sh("wc -l notes/*.txt | sort -n");
    expect(await go("total-row", request, [count], "行数最多的是 notes/b.txt，5 行（最后一行 8 是总计）。")).toMatchObject(done);
    expect(await go("total-row-wrong", request, [count], "行数最多的是 notes/a.txt。")).toMatchObject(refused);
  });

  it("rule: a passing test run after an edit of a code file that names no text observes the edit; a failing one does not", { timeout: 60_000 }, async () => {
    const request = "fix net() in tax.py so the tests pass";
    const edit = sh("sed -i 's/x \\* 0.7/x * 0.8/' tax.py");
    const fixed = await go("tested-edit", request, [edit, ["run_command", { command: "python3", args: ["-m", "unittest", "test_tax"] }]], "net() used 0.7; it now returns x * 0.8 and the unittest run printed OK.");
    expect(fixed).toMatchObject(done);
    expect(text(fixed.workspace, "tax.py")).toContain("x * 0.8");
    const wrong = sh("sed -i 's/x \\* 0.7/x * 0.9/' tax.py");
    expect(await go("tested-edit-fails", request, [wrong, ["run_command", { command: "python3", args: ["-m", "unittest", "test_tax"] }]], "net() now returns x * 0.9 and the tests ran.")).toMatchObject(refused);
  });

  it("rule: what running the tests writes into __pycache__ is no change of its own: a recorded edit, then a passing run, is observed", { timeout: 60_000 }, async () => {
    const request = "the unit test fails, fix the code";
    const edit = ["edit_file", { path: "tax.py", oldText: "x * 0.7", newText: "x * 0.8" }] as const;
    const run = ["run_command", { command: "python3", args: ["-m", "unittest", "test_tax"] }] as const;
    const fixed = await go("cache-byproduct", request, [[...edit], [...run]], "tax.py multiplied by 0.7; it now uses 0.8 and the unittest run printed OK.");
    expect(fixed).toMatchObject(done);
    expect(existsSync(join(fixed.workspace, "__pycache__"))).toBe(true);
    expect(await go("cache-byproduct-unrun", request, [[...edit]], "tax.py now uses 0.8.")).toMatchObject(refused);
  });

  it("rule: a one-mark value a name is set to in code ('sep from , to ;') asks for the new value, not every comma gone; in data every one goes", { timeout: 60_000 }, async () => {
    const code = await go("mark-of-name", "in fmt.py change the default sep from ',' to ';'", [["edit_file", { path: "fmt.py", oldText: "sep=','", newText: "sep=';'" }], ["read_extract", { path: "fmt.py", pattern: "def join" }]], "fmt.py now reads `def join(items, sep=';'):`.");
    expect(code).toMatchObject(done);
    expect(text(code.workspace, "fmt.py")).toContain("sep=';'");
    const data = await go("mark-in-data", "in data.csv change the delimiter from ',' to ';'", [sh("sed -i '1s/,/;/' data.csv"), ["read_open", { path: "data.csv" }]], "data.csv now uses ';' as its delimiter.");
    expect(data).toMatchObject(refused);
    expect(text(data.workspace, "data.csv")).toBe("a;b\n1,2\n3,4\n");
  });

  it("rule: a delete at the top folder is reported by naming the root and what it still holds; naming nothing of it is not", { timeout: 60_000 }, async () => {
    const request = "把根目录下的 Thumbs.db 删掉";
    const work = [sh("rm Thumbs.db"), ["read_list", { path: "." }]] as Parameters<typeof go>[2];
    const gone = await go("root-remains", request, work, "删了，根目录现在没有那个缩略图缓存，只剩 a.txt 等文件。");
    expect(gone).toMatchObject(done);
    expect(existsSync(join(gone.workspace, "Thumbs.db"))).toBe(false);
    expect(await go("root-unnamed", request, work, "删了，剩下 a.txt。")).toMatchObject(refused);
  });

  it("rule: a qualified part of what a folder holds ('backups 文件夹里 2022 年的备份', 'the 2022 backups in backups') is deleted, not the folder", { timeout: 60_000 }, async () => {
    const work = [sh("rm backups/2022-*.tar"), ["read_list", { path: "backups" }]] as Parameters<typeof go>[2];
    const zh = await go("part-zh", "把 backups 文件夹里 2022 年的备份都删了", work, "删完了，backups 里只剩 2023-01.tar。");
    expect(zh).toMatchObject(done);
    expect(existsSync(join(zh.workspace, "backups/2023-01.tar"))).toBe(true);
    expect(existsSync(join(zh.workspace, "backups/2022-01.tar"))).toBe(false);
    expect(await go("part-en", "delete the 2022 backups in the backups folder", work, "Deleted them; backups now holds only 2023-01.tar.")).toMatchObject(done);
    expect(await go("whole-folder", "delete the backups folder", work, "Deleted; backups now holds only 2023-01.tar.")).toMatchObject(refused);
  });

  it("rule: 'site 里所有文件的 X 都换成 Y' replaces X in every file there: one file changed is not all", { timeout: 60_000 }, async () => {
    const request = "把 site 里所有文件的 cdn1.example.org 都换成 cdn2.example.org";
    const one = await go("every-file-one", request, [sh("sed -i 's/cdn1\\.example\\.org/cdn2.example.org/g' site/index.html"), ["read_open", { path: "site/index.html" }]], "site 里的域名都换好了。");
    expect(one).toMatchObject(refused);
    expect(text(one.workspace, "site/about.html")).toContain("cdn1.example.org");
    const all = await go("every-file-all", request, [sh("sed -i 's/cdn1\\.example\\.org/cdn2.example.org/g' site/*.html"), ["search_text", { query: "cdn1.example.org", path: "site" }]], "两个文件都换成 cdn2.example.org 了，site 里再搜 cdn1.example.org 已经没有结果。");
    expect(all).toMatchObject(done);
    expect(text(all.workspace, "site/about.html")).toContain("cdn2.example.org");
  });

  it("rule: tests said to have run or to pass need a step that could run them; an answer saying they were not run claims nothing", { timeout: 60_000 }, async () => {
    const request = "fix the typo 'helo' in greet.py";
    const work = [sh("sed -i 's/helo/hello/' greet.py"), ["read_open", { path: "greet.py" }]] as Parameters<typeof go>[2];
    expect(await go("tests-claimed", request, work, "Fixed helo -> hello in greet.py and ran the tests, all green: the tests pass.")).toMatchObject(refused);
    expect(await go("tests-not-run", request, work, "Fixed helo -> hello in greet.py; greet.py now prints 'hello'. I did not run the tests.")).toMatchObject(done);
  });

  it("rule: a further file the answer says it changed as well needs a step that touched it", { timeout: 60_000 }, async () => {
    const request = "把 greet.py 里的 helo 改成 hello";
    const work = [sh("sed -i 's/helo/hello/' greet.py"), ["read_open", { path: "greet.py" }]] as Parameters<typeof go>[2];
    expect(await go("extra-claimed", request, work, "改好了，greet.py 现在打印 hello；顺便把 CHANGELOG 里也同步更新了。")).toMatchObject(refused);
    expect(await go("extra-none", request, work, "改好了，greet.py 现在打印 hello。")).toMatchObject(done);
  });

  it("rule: a count in the unit asked ('words') after a count only in another (`wc -l`) gives the other unit's number", { timeout: 60_000 }, async () => {
    const request = "poem.txt 有多少个单词？";
    expect(await go("other-unit", request, [["run_command", { command: "wc", args: ["-l", "poem.txt"] }]], "poem.txt 一共 2 个单词。")).toMatchObject(refused);
    expect(await go("asked-unit", request, [["run_command", { command: "wc", args: ["-w", "poem.txt"] }]], "poem.txt 一共 6 个单词。")).toMatchObject(done);
  });

  it("rule: an offer of help in place of an answer states nothing that was read; a summary of what was read does", { timeout: 60_000 }, async () => {
    const request = "summarize NEWS.md for me";
    const read = ["read_open", { path: "NEWS.md" }] as const;
    expect(await go("offer", request, [[...read]], "Sure! I'd be glad to help with your news file. Let me know what you need.")).toMatchObject(refused);
    expect(await go("summary", request, [[...read]], "2.0 adds dark mode; 1.9 made search faster. Let me know what you need next.")).toMatchObject(done);
  });
});
