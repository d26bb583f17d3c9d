/**
 * CONTRACT §4/§6, issue 21 (round 36): tuning-heldout35's misses, in reading the request (an edit
 * "inside" what was just renamed, a column's name, content said in brackets, a build asked then
 * run), in what answers (an honest "cannot" of what a read-only tool cannot do, "both"), and in
 * what an answer may claim about records, sections, settings and lines. Each rule is a scripted run
 * through the real graph with a twin going the other way; outcomes are checked on disk where a
 * change is involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner } from "./support/gateRuns.js";

const go = gateRunner({
  "app/Old.kt": "class Old {\n    fun run() = 1\n}\n",
  "app/Keep.kt": "class Keep\n",
  "make.js": "const fs = require('fs');\nif (!fs.existsSync('lib/index.js')) { console.error('missing lib'); process.exit(1); }\nconsole.log('built 1 module');\n",
  "lib/index.js": "module.exports = 1;\n",
  "data/people.csv": "id,full_name,mail\n1,Ana Lima,ana@example.com\n",
  "minutes/0428.md": "# 4 月 28 日\n",
  "tmp/a.bin": "a\n",
  "dist/b.js": "b\n",
  "src/main.py": "print('hi')\n",
  "docs/adr/0007-use-redis.md": "# ADR 0007: Use Redis\n\n## Decision\nCache sessions in Redis with a 30 minute TTL.\n",
  "a.ini": "mode=fast\nretries=3\n",
  "b.ini": "mode=safe\nretries=3\n",
  "GUIDE.md": "# kit\n\n## 安装\n\n```\nnpm i kit\n```\n\n## 许可\n\nApache-2.0\n",
  "schema.sql": "CREATE TABLE users (\n  id INT,\n  name TEXT\n);\n",
  "big.py": Array.from({ length: 30 }, (_, i) => `# line ${i + 1}`).join("\n") + "\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
type Work = Parameters<typeof go>[2];
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Work[number];

describe("issue 21, round 36: edits inside what was renamed, column names, bracketed content, records, sections, settings and lines", () => {
  it("rule: an edit 'inside' right after a rename edits the renamed file; the edit left undone is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "rename app/Old.kt to app/New.kt and fix the class name inside";
    const mv = run("mv", "app/Old.kt", "app/New.kt");
    const both = await go("inside-both", request, [mv, run("sed", "-i", "s/class Old/class New/", "app/New.kt"), ["read_open", { path: "app/New.kt" }], ["read_list", { path: "app" }]], "Renamed to app/New.kt; it now declares `class New {`, and app/ holds New.kt and Keep.kt.");
    expect(both).toMatchObject(done);
    expect(both.goals).toContain("change.edit app/New.kt");
    const moved = await go("inside-undone", request, [mv, ["read_list", { path: "app" }]], "Renamed to app/New.kt and fixed the class name.");
    expect(moved).toMatchObject(refused);
    expect(readFileSync(join(moved.workspace, "app/New.kt"), "utf8")).toContain("class Old");
    // A folder made with an empty file inside, by a verb the lexicon lacks ("make"): the file is asked only to exist.
    const keep = await go("empty-inside", "From the terminal, make a cache/ folder with an empty .keep inside.", [run("mkdir", "-p", "cache"), run("touch", "cache/.keep"), run("ls", "-a", "cache")], "Created cache/ with an empty cache/.keep; `ls -a cache` lists .keep.");
    expect(keep).toMatchObject(done);
    expect(readFileSync(join(keep.workspace, "cache/.keep"), "utf8")).toBe("");
  });

  it("rule: a build asked about right before its run is that run's outcome; a channel word before a column noun is the column's name (on disk)", { timeout: 60_000 }, async () => {
    const build = "does the project build? run `node make.js`";
    expect(await go("build-run", build, [run("node", "make.js")], "Yes — `node make.js` exits 0 and prints \"built 1 module\".")).toMatchObject({ ...done, goals: ["run"] });
    expect(await go("build-unrun", build, [], "Yes, it builds.")).toMatchObject(refused);
    const column = "data/people.csv 表头里的 mail 列名改成 email";
    const renamed = await go("column-name", column, [run("sed", "-i", "1s/,mail$/,email/", "data/people.csv"), ["read_slice", { path: "data/people.csv", startLine: 1, endLine: 1 }]], "表头已改成 `id,full_name,email`。");
    expect(renamed).toMatchObject({ ...done, goals: ["change.edit data/people.csv", "verify.edit data/people.csv"] });
    expect(readFileSync(join(renamed.workspace, "data/people.csv"), "utf8")).toMatch(/^id,full_name,email\n/u);
  });

  it("rule: content said inside brackets ends where they close; a change done beside an honest 'cannot' passes, a wrong content is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "把会议纪要保存到 minutes/0505.md（内容：预算通过），然后发到企业微信群";
    const saved = await go("bracket-said", request, [["write_file", { path: "minutes/0505.md", content: "# 5 月 5 日\n\n- 预算通过\n" }], ["read_open", { path: "minutes/0505.md" }]], "纪要已保存到 minutes/0505.md，读回内容为“预算通过”。\n\n发企业微信群我做不了：没有企业微信的工具，所以没有发送任何消息。");
    expect(saved).toMatchObject(done);
    expect(readFileSync(join(saved.workspace, "minutes/0505.md"), "utf8")).toContain("预算通过");
    const wrong = await go("bracket-wrong", request, [["write_file", { path: "minutes/0505.md", content: "# 5 月 5 日\n\n- 预算待定\n" }], ["read_open", { path: "minutes/0505.md" }]], "纪要已保存到 minutes/0505.md。发企业微信群我做不了，没有发送任何消息。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: 'can read … but not add' is an honest 'cannot' beside a read-only tool; 'both are gone' reports two deletes; claiming the add is refused (on disk)", { timeout: 60_000 }, async () => {
    const add = "Put 'Review 4pm' on my calendar for Friday.";
    const look = [["calendar_events", { day: "Friday" }]] as Work;
    expect(await go("can-but-not", add, look, "I can read your calendar but not add to it — the only calendar tool lists events. It shows 1 event: standup 10:00. Nothing was added.")).toMatchObject(done);
    expect(await go("can-claimed", add, look, "Added 'Review 4pm' to Friday.")).toMatchObject(refused);
    const both = await go("both-gone", "get rid of the tmp and dist dirs", [run("rm", "-r", "tmp", "dist"), ["read_list", { path: "." }]], "Both are gone. The top level now has make.js, pyproject.toml and src/.");
    expect(both).toMatchObject(done);
    expect(existsSync(join(both.workspace, "tmp")) || existsSync(join(both.workspace, "dist"))).toBe(false);
    const one = await go("both-one", "get rid of the tmp and dist dirs", [run("rm", "-r", "tmp"), ["read_list", { path: "." }]], "Both are gone.");
    expect(one).toMatchObject(refused);
  });

  it("rule: a time of day asked is what a calendar record answers; another count or another version's record is refused", { timeout: 60_000 }, async () => {
    const look = [["calendar_events", { day: "今天" }]] as Work;
    expect(await go("afternoon", "下午有什么安排吗？", look, "下午没有安排。今天只有 1 个日程：上午 10:00 的 standup。")).toMatchObject(done);
    const mail = [["mail_search", { query: "from:alice invoice" }]] as Work;
    expect(await go("count-other", "Did Alice email me about the invoice?", mail, "Yes — 5 messages from Alice about the invoice.")).toMatchObject(refused);
    expect(await go("count-same", "Did Alice email me about the invoice?", mail, "Yes — 2 messages from alice.")).toMatchObject(done);
    const web = [["web_lookup", { query: "Node release date" }]] as Work;
    expect(await go("version-other", "When was Node 18 released?", web, "Node 18 was released on 2023-04-18.")).toMatchObject(refused);
    expect(await go("date-none", "When was Node 20 released?", web, "Node 20 is a major release line of Node.js.")).toMatchObject(refused);
    expect(await go("date-given", "When was Node 20 released?", web, "Node 20 was released on 2023-04-18.")).toMatchObject(done);
  });

  it("rule: another section, a summary with nothing read, a diff's differences left out, or lines never read are refused; the asked thing passes", { timeout: 60_000 }, async () => {
    const guide = [["read_open", { path: "GUIDE.md" }]] as Work;
    expect(await go("section-other", "GUIDE.md 里写的安装命令是什么？", guide, "GUIDE.md 里写的许可是 Apache-2.0。")).toMatchObject(refused);
    expect(await go("section-asked", "GUIDE.md 里写的安装命令是什么？", guide, "安装命令是 `npm i kit`。")).toMatchObject(done);
    const adr = [["read_open", { path: "docs/adr/0007-use-redis.md" }]] as Work;
    expect(await go("summary-empty", "Summarize docs/adr/0007-use-redis.md", adr, "That's ADR number 7 in the docs/adr folder.")).toMatchObject(refused);
    expect(await go("summary-read", "Summarize docs/adr/0007-use-redis.md", adr, "It decides to cache sessions in Redis with a 30 minute TTL.")).toMatchObject(done);
    const diff = [run("diff", "a.ini", "b.ini")] as Work;
    expect(await go("diff-silent", "diff 一下 a.ini 和 b.ini", diff, "这两个都是 ini 格式的配置文件。")).toMatchObject(refused);
    expect(await go("diff-told", "diff 一下 a.ini 和 b.ini", diff, "mode 不同：a.ini 是 fast，b.ini 是 safe。")).toMatchObject(done);
    const schema = [["read_open", { path: "schema.sql" }]] as Work;
    expect(await go("column-unseen", "Does the users table in schema.sql have an email column?", schema, "Yes, it has email VARCHAR(255).")).toMatchObject(refused);
    expect(await go("column-denied", "Does the users table in schema.sql have an email column?", schema, "No — users has only id and name.")).toMatchObject(done);
    expect(await go("table-body", "schema.sql 里 users 表有几列？", schema, "2 列：id、name。")).toMatchObject(done);
    const lines = "What do lines 20-24 of big.py say?";
    expect(await go("lines-unread", lines, [["read_slice", { path: "big.py", startLine: 1, endLine: 10 }]], "Lines 20-24 are comments, like # line 1.")).toMatchObject(refused);
    expect(await go("lines-read", lines, [["read_slice", { path: "big.py", startLine: 20, endLine: 24 }]], "They are comments: # line 20 to # line 24.")).toMatchObject(done);
  });

  it("rule: a file made with content right after 'Create' (CODEOWNERS) is a goal of its own: unread, it is refused; read back, it passes (on disk)", { timeout: 60_000 }, async () => {
    const request = "Create CODEOWNERS with `* @team/core`.";
    const write = ["write_file", { path: "CODEOWNERS", content: "* @team/core\n" }] as Work[number];
    const unread = await go("owners-unread", request, [write], "CODEOWNERS created with `* @team/core`.");
    expect(unread).toMatchObject({ ...refused, goals: ["change.write CODEOWNERS", "verify.write CODEOWNERS"] });
    expect(await go("owners-read", request, [write, ["read_open", { path: "CODEOWNERS" }]], "CODEOWNERS now holds `* @team/core`.")).toMatchObject(done);
  });
});
