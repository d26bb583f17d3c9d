/**
 * CONTRACT §4/§6, issue 21 (round 18): tuning-heldout17's misses, in the reading of the request
 * and in what the answer may say. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "bin/.keep": "",
  "assets/a/.tmp": "x",
  "assets/b/.tmp": "y",
  "locale/fr.json": '{ "save": "Sauver en cours" }\n',
  "fixtures/a.json": "{}\n",
  "fixtures/a.json.bak": "{}\n",
  "fixtures/b.json.bak": "{}\n",
  "run.py": "print(1)\r\nprint(2)\r\n",
  "people.csv": "name,mail\nJo,jo@x.io\n",
  "conf/app.yaml": "debug: false\n",
  "conf/db.yaml": "pool: 5\n",
  "账单/bill.txt": "42\n",
  "todo.md": "- 待办 a，待办 b\n",
  ".cache/x": "1\n",
  "README.md": "# r\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const cat = (path: string) => ["run_command", { command: "cat", args: [path] }] as const;

describe("issue 21, round 18: what the request asks and what the answer may say", () => {
  it("rule: ASCII punctuation running into a path (`#!/bin/sh`) ends no clause, so a path inside content is content", { timeout: 60_000 }, async () => {
    const request = "在 bin 文件夹里新建 go.sh，内容是 #!/bin/sh 加一行 tar czf out.tgz src";
    const make = sh("printf '#!/bin/sh\\ntar czf out.tgz src\\n' > bin/go.sh");
    const right = await go("shebang-content", request, [make, ["read_open", { path: "bin/go.sh" }]], "建好了 bin/go.sh，读回是两行：#!/bin/sh 和 tar czf out.tgz src。");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.includes("out.tgz"))).toBe(false);
    expect(readFileSync(join(right.workspace, "bin/go.sh"), "utf8")).toBe("#!/bin/sh\ntar czf out.tgz src\n");
    expect(await go("shebang-content-unseen", request, [make], "建好了 bin/go.sh。")).toMatchObject(refused);
  });

  it("rule: 那几个 points at some files; it does not ask how many", { timeout: 60_000 }, async () => {
    const request = "把所有 .tmp 文件清掉（就在 assets 下面那几个）";
    const work = [["run_command", { command: "find", args: ["assets", "-name", ".tmp", "-delete"] }], ["run_command", { command: "find", args: ["assets", "-name", ".tmp"] }]] as const;
    const right = await go("those-few", request, work.map((w) => [...w]) as never, "assets 下的 .tmp 都删了，再用 find 查已经没有输出。");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "assets/a/.tmp"))).toBe(false);
    expect(await go("those-few-unseen", request, [[...work[0]]], "assets 下的 .tmp 都删了。")).toMatchObject(refused);
  });

  it("rule: '写成了 X' reports what the file says now; the order after it ('改回 Y') edits that file", { timeout: 60_000 }, async () => {
    const request = "locale/fr.json 里 “save” 的翻译写成了“Sauver en cours”，改回“Sauver”";
    const edit = ["run_command", { command: "sed", args: ["-i", "s/Sauver en cours/Sauver/", "locale/fr.json"] }] as const;
    const right = await go("written-as", request, [[...edit], ["read_open", { path: "locale/fr.json" }]], "改好了，save 现在是 “Sauver”。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.edit locale/fr.json");
    expect(readFileSync(join(right.workspace, "locale/fr.json"), "utf8")).toBe('{ "save": "Sauver" }\n');
    expect(await go("written-as-unseen", request, [[...edit]], "改好了。")).toMatchObject(refused);
  });

  it("rule: a verb done again ('reopened') is that verb's act: reading again claims no change", { timeout: 60_000 }, async () => {
    const request = "Add `export EDITOR=vim` to README.md";
    const add = sh("echo 'export EDITOR=vim' >> README.md");
    const right = await go("reopened", request, [add, ["read_open", { path: "README.md" }]], "README.md now ends with export EDITOR=vim; I reopened the file to check.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "README.md"), "utf8")).toBe("# r\nexport EDITOR=vim\n");
    // Rewriting is a change verb done again: a claim of it with nothing that mentions what it rewrote is checked.
    const rewrote = await go("rewrote-unmentioned", request, [add, ["read_open", { path: "README.md" }]], "Added it, and I rewrote the introduction paragraph too.");
    expect(rewrote).toMatchObject(refused);
  });

  it("rule: files described by their ending ('that end in .bak') are a kind of file, not a path", { timeout: 60_000 }, async () => {
    const request = "Remove the fixture files under fixtures that end in .bak";
    const rm = sh("rm fixtures/*.bak");
    const right = await go("ending-in", request, [rm, ["read_list", { path: "fixtures" }]], "Deleted a.json.bak and b.json.bak; fixtures now holds only a.json.");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "fixtures/a.json.bak"))).toBe(false);
    expect(existsSync(join(right.workspace, "fixtures/a.json"))).toBe(true);
    // One of them left: the listing shows it.
    const one = await go("ending-in-partial", request, [sh("rm fixtures/a.json.bak"), ["read_list", { path: "fixtures" }]], "Deleted the .bak files.");
    expect(one).toMatchObject(refused);
  });

  it("rule: a line ending's name ('CRLF 改成 LF') is a form, not text the file must hold", { timeout: 60_000 }, async () => {
    const request = "把 run.py 的 CRLF 换行改成 LF";
    const edit = ["run_command", { command: "sed", args: ["-i", "s/\\r$//", "run.py"] }] as const;
    const right = await go("form-name", request, [[...edit], ["run_command", { command: "grep", args: ["-c", "\r", "run.py"] }]], "换行已改为 LF：grep 统计 \\r 的行数为 0。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "run.py"), "utf8")).toBe("print(1)\nprint(2)\n");
    expect(await go("form-name-unseen", request, [[...edit]], "换行已改为 LF。")).toMatchObject(refused);
  });

  it("rule: spacing beside a separator is formatting: the row 'Ann Lee,ann@x.io' holds 'Ann Lee, ann@x.io'", { timeout: 60_000 }, async () => {
    const request = "Add a row for 'Ann Lee, ann@x.io' at the bottom of people.csv";
    const right = await go("separator-spacing", request, [sh("echo 'Ann Lee,ann@x.io' >> people.csv"), ["run_command", { command: "tail", args: ["-n", "1", "people.csv"] }]], "Added Ann Lee,ann@x.io as the last row.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "people.csv"), "utf8")).toBe("name,mail\nJo,jo@x.io\nAnn Lee,ann@x.io\n");
    // Another name is not the row asked for.
    const other = await go("separator-spacing-other", request, [sh("echo 'Ann Li,ann@x.io' >> people.csv"), ["run_command", { command: "tail", args: ["-n", "1", "people.csv"] }]], "Added the row.");
    expect(other).toMatchObject(refused);
  });

  it("rule: a term in brackets trailing off ('(SECRET...)') is the term an empty search must look for", { timeout: 60_000 }, async () => {
    const request = "Is there any hard-coded token (SECRET...) anywhere in conf?";
    const found = await go("bracketed-term", request, [["search_text", { query: "SECRET", path: "conf" }]], "No: searching conf for SECRET finds nothing.");
    expect(found).toMatchObject(done);
    // A search for something else says nothing of it.
    expect(await go("bracketed-term-other", request, [["search_text", { query: "password", path: "conf" }]], "No: there is none in conf.")).toMatchObject(refused);
  });

  it("rule: a question asked inside a place that names files ('conf 目录下的 yaml 里') is asked within its deepest existing folder", { timeout: 60_000 }, async () => {
    const request = "conf 目录下的 yaml 里有没有写 debug: true 的？";
    const right = await go("deepest-folder", request, [["search_text", { query: "debug: true", path: "conf" }]], "没有，conf 下搜索 debug: true 没有匹配。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("question conf");
    // A search of one file in it does not say "none in the folder".
    expect(await go("deepest-folder-narrow", request, [["search_text", { query: "debug: true", path: "conf/db.yaml" }]], "没有。")).toMatchObject(refused);
  });

  it("rule: a file '改成' another file name is renamed; the new name must be seen", { timeout: 60_000 }, async () => {
    const request = "把 账单 目录下的 bill.txt 改成 账单-03.txt";
    const mv = ["run_command", { command: "mv", args: ["账单/bill.txt", "账单/账单-03.txt"] }] as const;
    const right = await go("rename-by-gaicheng", request, [[...mv], ["read_list", { path: "账单" }]], "改好了：账单 里现在是 账单-03.txt，bill.txt 不在了。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.move 账单/bill.txt→账单/账单-03.txt");
    expect(existsSync(join(right.workspace, "账单/账单-03.txt"))).toBe(true);
    expect(await go("rename-by-gaicheng-unseen", request, [[...mv]], "改好了。")).toMatchObject(refused);
  });

  it("rule: '全改成' replaces every one: the old text still seen after a replacement without g shows it not done", { timeout: 60_000 }, async () => {
    const request = "把 todo.md 里的“待办”全改成“完成”";
    const once = await go("all-replaced-once", request, [["run_command", { command: "sed", args: ["-i", "s/待办/完成/", "todo.md"] }], ["read_open", { path: "todo.md" }]], "全部改成“完成”了。");
    expect(once).toMatchObject(refused);
    expect(readFileSync(join(once.workspace, "todo.md"), "utf8")).toBe("- 完成 a，待办 b\n");
    const all = await go("all-replaced", request, [["run_command", { command: "sed", args: ["-i", "s/待办/完成/g", "todo.md"] }], ["read_open", { path: "todo.md" }]], "全部改成“完成”了。");
    expect(all).toMatchObject(done);
  });

  it("rule: a full-width colon ends a heading clause ('清空缓存：把 .cache 整个删掉')", { timeout: 60_000 }, async () => {
    const request = "清空缓存：把 .cache 整个删掉";
    const rm = ["run_command", { command: "rm", args: ["-r", ".cache"] }] as const;
    const right = await go("colon-heading", request, [[...rm], ["read_list", { path: "." }]], ".cache 已整个删除。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.delete .cache");
    expect(existsSync(join(right.workspace, ".cache"))).toBe(false);
    expect(await go("colon-heading-unseen", request, [[...rm]], ".cache 已整个删除。")).toMatchObject(refused);
  });
});
