/**
 * CONTRACT §4/§6, issue 21 (round 22): tuning-heldout21's misses, in the reading of the request
 * and in what the answer may say. Each rule is a scripted run through the real graph with a twin
 * going the other way; outcomes are checked on disk where a change is involved. The examples are
 * invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "README.md": "# r\n",
  "conf/app.ini": "host=db.local\n",
  "conf/db.ini": "port=5432\n",
  ".ci/jobs/.keep": "",
  "ev/log.jsonl": '{"user":"a"}\n{"user":"b"}\n{"user":"a"}\n',
  "reqs.txt": "flask==3.0.0\nrequests\npytest==8.1.0\n",
  "err.log": "code=E7 x\ncode=E9 y\ncode=E7 z\n",
  "env.sample": "TOKEN=x\n",
  "compose.yml": "environment:\n  - TOKEN=${TOKEN}\n",
  "tools/fix_ids.py": "import re\np='data/rows.csv'\ns=open(p).read()\nopen(p,'w').write(re.sub(r'^(\\d)', r'ROW-\\1', s, flags=re.M))\n",
  "data/rows.csv": "1,a\n2,b\n",
  "p1/notes.txt": "a\n",
  "p1/keep.md": "k\n",
  "p2/notes.txt": "b\n",
  "p2/keep.md": "k\n",
  "p3/notes.txt": "c\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 22: what the request asks and what the answer may say", () => {
  it("rule: 'w/' is 'with', not a folder; a backticked dotfile (`.editorconfig`) is a path", { timeout: 60_000 }, async () => {
    const request = "pls put a `.prettierrc` in the root w/ semi = false";
    const right = await go("with-abbrev", request, [sh("printf 'semi = false\\n' > .prettierrc"), ["read_open", { path: ".prettierrc" }]], "Added .prettierrc with semi = false.");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.write .prettierrc", "verify.write .prettierrc"]);
    expect(text(right.workspace, ".prettierrc")).toBe("semi = false\n");
    expect(await go("with-abbrev-premature", request, [], "Added .prettierrc with semi = false.")).toMatchObject(refused);
    const bare = await go("with-abbrev-bare", "put a .prettierrc w/ semi = false", [sh("printf 'semi = false\\n' > .prettierrc"), ["read_open", { path: ".prettierrc" }]], "Added .prettierrc with semi = false.");
    expect(bare).toMatchObject(done);
    expect(bare.goals).toEqual(["change.write .prettierrc", "verify.write .prettierrc"]);
  });

  it("rule: the dot closing a dotted number's prefix before more words ('10.0. 内网') ends no clause", { timeout: 60_000 }, async () => {
    const request = "conf 目录里还有没有写死的 10.0. 内网 IP？";
    expect(await go("number-prefix", request, [["search_text", { query: "10.0.", path: "conf" }]], "没有，conf/ 下搜索 10.0. 没有匹配。")).toMatchObject(done);
    expect(await go("number-prefix-elsewhere", request, [["search_text", { query: "10.0.", path: "ev" }]], "没有，conf/ 下搜索 10.0. 没有匹配。")).toMatchObject(refused);
  });

  it("rule: 给 a folder is where something is given ('给 .ci/jobs 加一个 test.yml')", { timeout: 60_000 }, async () => {
    const request = "给 .ci/jobs 加一个 test.yml，内容就是跑 npm test";
    const body = "run: npm test\n";
    const right = await go("give-folder", request, [["write_file", { path: ".ci/jobs/test.yml", content: body }], ["read_open", { path: ".ci/jobs/test.yml" }]], "已添加 .ci/jobs/test.yml，里面跑 npm test。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write .ci/jobs/test.yml");
    expect(text(right.workspace, ".ci/jobs/test.yml")).toBe(body);
    const wrong = await go("give-folder-root", request, [["write_file", { path: "test.yml", content: body }], ["read_open", { path: "test.yml" }]], "已添加 test.yml。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: a set comprehension sets duplicates apart for a distinct count", { timeout: 60_000 }, async () => {
    const request = "how many distinct users show up in ev/log.jsonl";
    const setOf = ["run_command", { command: "python3", args: ["-c", "import json;print(len({json.loads(l)['user'] for l in open('ev/log.jsonl')}))"] }] as const;
    expect(await go("distinct-set", request, [[...setOf]], "2 distinct users.")).toMatchObject(done);
    expect(await go("distinct-lines", request, [["run_command", { command: "wc", args: ["-l", "ev/log.jsonl"] }]], "3 distinct users.")).toMatchObject(refused);
  });

  it("rule: a count of pinned versions ('几个包锁了版本') asks how many, not which version", { timeout: 60_000 }, async () => {
    const request = "reqs.txt 里一共锁了几个包的版本（== 的那种）";
    const grep = ["run_command", { command: "grep", args: ["-n", "==", "reqs.txt"] }] as const;
    expect(await go("count-pinned", request, [[...grep]], "用 == 锁定版本的有 2 个：flask 和 pytest。")).toMatchObject(done);
    // A question asking which version is still asked for one.
    expect(await go("which-version", "reqs.txt 里 flask 锁的是哪个版本？", [[...grep]], "flask 是用 == 锁定的。")).toMatchObject(refused);
  });

  it("rule: a name printed as a pair (`code=E7`) is given by its value alone", { timeout: 60_000 }, async () => {
    const request = "err.log 里出现最多的错误码是哪个？出现了几次？";
    const top = sh("grep -o 'code=[A-Z0-9]*' err.log | sort | uniq -c | sort -rn | head -1");
    expect(await go("pair-value", request, [top], "出现最多的是 E7，共 2 次。")).toMatchObject(done);
    expect(await go("pair-value-other", request, [top], "出现最多的是 E9，共 2 次。")).toMatchObject(refused);
  });

  it("rule: 'rename the env var X to Y in a and b' edits both files to hold Y; it moves no file; a grep over both shows each file only by its own lines", { timeout: 60_000 }, async () => {
    const request = "rename the env var TOKEN to API_TOKEN in env.sample and compose.yml";
    const both = sh("sed -i 's/\\bTOKEN\\b/API_TOKEN/g' env.sample compose.yml");
    const grep = ["run_command", { command: "grep", args: ["-n", "TOKEN", "env.sample", "compose.yml"] }] as const;
    const right = await go("rename-var", request, [both, [...grep]], "Renamed in both: env.sample has API_TOKEN=x and compose.yml has - API_TOKEN=${API_TOKEN}.");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.edit env.sample", "verify.edit env.sample", "change.edit compose.yml", "verify.edit compose.yml"]);
    expect(existsSync(join(right.workspace, "env.sample"))).toBe(true);
    expect(text(right.workspace, "compose.yml")).toBe("environment:\n  - API_TOKEN=${API_TOKEN}\n");
    const one = await go("rename-var-one", request, [sh("sed -i 's/\\bTOKEN\\b/API_TOKEN/g' env.sample"), [...grep]], "Renamed in both files.");
    expect(one).toMatchObject(refused);
  });

  it("rule: a run for a purpose of change ('run X to rewrite … in F') asks for F to be seen changed", { timeout: 60_000 }, async () => {
    const request = "run tools/fix_ids.py to rewrite the ids in data/rows.csv";
    const run = ["run_command", { command: "python3", args: ["tools/fix_ids.py"] }] as const;
    const unseen = await go("run-purpose-unseen", request, [[...run]], "Ran it; data/rows.csv now has ROW- ids.");
    expect(unseen).toMatchObject(refused);
    expect(unseen.goals).toContain("verify.edit data/rows.csv");
    const right = await go("run-purpose", request, [[...run], ["read_open", { path: "data/rows.csv" }]], "Ran it; data/rows.csv now reads ROW-1,a and ROW-2,b.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "data/rows.csv")).toBe("ROW-1,a\nROW-2,b\n");
  });

  it("rule: a name several files have, after the folders that hold it ('p1 和 p2 两个目录里的 notes.txt'), names those files: no question", { timeout: 60_000 }, async () => {
    const request = "把 p1 和 p2 两个目录里的 notes.txt 都删掉";
    const right = await go("named-folders", request, [["run_command", { command: "rm", args: ["p1/notes.txt", "p2/notes.txt"] }], ["read_list", { path: ".", depth: 2 }]], "p1/notes.txt 和 p2/notes.txt 都删掉了，p3 的还在。");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.delete p1/notes.txt", "verify.delete p1/notes.txt", "change.delete p2/notes.txt", "verify.delete p2/notes.txt"]);
    expect(existsSync(join(right.workspace, "p3/notes.txt"))).toBe(true);
    const one = await go("named-folders-one", request, [["run_command", { command: "rm", args: ["p1/notes.txt"] }], ["read_list", { path: ".", depth: 2 }]], "都删掉了。");
    expect(one).toMatchObject(refused);
  });
});
