/**
 * CONTRACT §6, issue 21 (round 12, the reading and observed-state side): tuning-heldout10 and
 * tuning-heldout11's misses where a command's own output or a later command observed the state
 * and the gate did not see it, and where the request's words were read as another domain or
 * missed the requested state. Each rule is named by its test, a scripted run through the real
 * graph with a twin that goes the other way. The examples are invented, not the sets'.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "log/status.txt": "v1 done\n",
  "data/a.csv": "x,1\n",
  "data/b.csv": "y,2\n",
  "src/mul.mjs": "export const mul = (a, b) => a + b;\n",
  "test/mul.test.mjs": "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { mul } from '../src/mul.mjs';\n\ntest('mul', () => assert.equal(mul(2, 3), 6));\n",
  "a.txt": "alpha\n",
  "b.txt": "beta\n",
  "todo.txt": "- ship\n",
  "conf/x.bak": "old\n",
  "conf/sub/y.bak": "old\n",
  "conf/c.ini": "host = cache.local:11211\n",
  "notes/meeting.md": "# Meeting\n\nDecided: ship on Friday.\n",
  "notes/todo.md": "- write docs\n",
  "minutes/2024-05.md": "Budget: 12k approved.\n",
  "文档/部署计划.md": "1. build\n2. ship\n",
  "文档/预算.md": "12k\n",
  "conf/app.env": "PORT=80\nLOG_LEVEL=info\n",
  "compose.yaml": "ports:\n  - 11211:11211\n",
  "conf/dev.yaml": "limit: 600\n",
  "conf/prod.yaml": "limit: 120\n",
  "周记/第一周.md": "- 上线登录\n",
  "周记/第二周.md": "- 修复支付\n",
  Makefile: "site:\n\tmkdocs build\n",
});
const done = { verdict: "pass", status: "completed" };
/** A refusal: the gate refused the first answer, and the run still completed. */
const refused = { verdict: "block", status: "completed" };
const py = (code: string): Parameters<typeof go>[2][number] => ["run_command", { command: "python3", args: ["-c", code] }];

describe("issue 21, round 12: what a command observes, and what the request names", () => {
  it("rule: inline code that reads back and prints the file after writing it observes the write", { timeout: 60_000 }, async () => {
    const request = "Append the line 'v2 done' to log/status.txt.";
    const answer = "Appended 'v2 done' to log/status.txt; the script printed the file after writing it.";
    const ok = await go("readback-inline", request, [py("p='log/status.txt';open(p,'a').write('v2 done\\n');print(open(p).read())")], answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "log/status.txt"), "utf8")).toBe("v1 done\nv2 done\n");
    // Printing a message instead of the file read back observes nothing.
    expect(await go("readback-message", request, [py("p='log/status.txt';open(p,'a').write('v2 done\\n');print('ok')")], answer)).toMatchObject(refused);
  });

  it("rule: listing an archive (tar -t) after making it reads the archive", { timeout: 60_000 }, async () => {
    const request = "把 data 目录打包成 data.tgz";
    const answer = "已打包为 data.tgz，tar -tzf 列出了 data/a.csv 和 data/b.csv。";
    const ok = await go("tar-list", request, [["run_command", { command: "tar", args: ["-czf", "data.tgz", "data"] }], ["run_command", { command: "tar", args: ["-tzf", "data.tgz"] }]], answer);
    expect(ok).toMatchObject(done);
    expect(existsSync(join(ok.workspace, "data.tgz"))).toBe(true);
    // Listing the folder packed, not the archive, does not observe the archive.
    expect(await go("tar-unlisted", request, [["run_command", { command: "tar", args: ["-czf", "data.tgz", "data"] }], ["run_command", { command: "ls", args: ["data"] }]], answer)).toMatchObject(refused);
  });

  it("rule: a test run that passes after a fix observes the fixed code under its directory", { timeout: 60_000 }, async () => {
    const request = "Fix the bug in mul and run the tests again.";
    const answer = "Changed `a + b` to `a * b` in src/mul.mjs; node --test: 1 test, 1 pass, exit code 0.";
    const ok = await go("tests-observe", request, [sh("sed -i 's/a + b/a * b/' src/mul.mjs"), ["run_command", { command: "node", args: ["--test"] }]], answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "src/mul.mjs"), "utf8")).toContain("a * b");
    // A run that fails observes nothing done.
    expect(await go("tests-fail", request, [sh("sed -i 's/a + b/a - b/' src/mul.mjs"), ["run_command", { command: "node", args: ["--test"] }]], answer)).toMatchObject(refused);
  });

  it("rule: a listing deep enough to enter a folder shows what the folder holds", { timeout: 60_000 }, async () => {
    const request = "Move the two text notes into an archive/ directory.";
    const answer = "Moved a.txt and b.txt into archive/; todo.txt stays at the root.";
    const work = (depth: number): Parameters<typeof go>[2] => [sh("mkdir archive && mv a.txt b.txt archive/"), ["read_list", { path: ".", depth }]];
    const ok = await go("deep-listing", request, work(2), answer);
    expect(ok).toMatchObject(done);
    expect(existsSync(join(ok.workspace, "archive/a.txt"))).toBe(true);
    // A listing of depth 1 shows the folder, not what it holds.
    expect(await go("shallow-listing", request, work(1), answer)).toMatchObject(refused);
  });

  it("rule: a glob star before a dot-name (*.bak) names files by kind: a find printing none left observes the delete", { timeout: 60_000 }, async () => {
    const request = "Delete every *.bak file under conf.";
    const answer = "Deleted conf/x.bak and conf/sub/y.bak; a second find prints no .bak file.";
    const ok = await go("glob-delete", request, [["run_command", { command: "find", args: ["conf", "-name", "*.bak", "-delete"] }], ["run_command", { command: "find", args: ["conf", "-name", "*.bak"] }]], answer);
    expect(ok).toMatchObject(done);
    expect(existsSync(join(ok.workspace, "conf/sub/y.bak"))).toBe(false);
    // One left, and printed by the check: refused.
    expect(await go("glob-left", request, [["run_command", { command: "rm", args: ["conf/x.bak"] }], ["run_command", { command: "find", args: ["conf", "-name", "*.bak"] }]], answer)).toMatchObject(refused);
  });

  it("rule: a name before a folder noun is a folder even when absent, so a listing without it answers its delete", { timeout: 60_000 }, async () => {
    const request = "Delete the dist folder before I rebuild.";
    const answer = "There is no dist/ folder (ls -a shows none), so there was nothing to delete.";
    expect(await go("absent-folder", request, [["run_command", { command: "ls", args: ["-a"] }]], answer)).toMatchObject(done);
    // A listing of another folder says nothing of it.
    expect(await go("absent-unlisted", request, [["run_command", { command: "ls", args: ["conf"] }]], answer)).toMatchObject(refused);
  });

  it("rule: unquoted text after a word of saying and a colon is content: its words ask for nothing, and the file must hold it", { timeout: 60_000 }, async () => {
    const request = "Create notes/README.txt that just says: Ask before you send a PR.";
    const answer = "Created notes/README.txt; cat shows the sentence.";
    const write = (text: string): Parameters<typeof go>[2] => [sh(`printf '${text}\\n' > notes/README.txt`), ["run_command", { command: "cat", args: ["notes/README.txt"] }]];
    const ok = await go("said-content", request, write("Ask before you send a PR."), answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "notes/README.txt"), "utf8")).toBe("Ask before you send a PR.\n");
    // Other text than said is refused.
    expect(await go("said-other", request, write("Ask first."), answer)).toMatchObject(refused);
  });

  it("rule: a file named by a definite description whose words are its path's words or their glosses (the deployment plan → 文档/部署计划.md) is read, not something else", { timeout: 60_000 }, async () => {
    const request = "Read the deployment plan and list its steps in STEPS.md.";
    const answer = "Wrote STEPS.md with the two steps of 文档/部署计划.md: build, then ship.";
    const write: Parameters<typeof go>[2] = [["write_file", { path: "STEPS.md", content: "1. build\n2. ship\n" }], ["read_open", { path: "STEPS.md" }]];
    expect(await go("described-read", request, [["read_open", { path: "文档/部署计划.md" }], ...write], answer)).toMatchObject(done);
    // Never reading the plan is refused.
    expect(await go("described-unread", request, write, answer)).toMatchObject(refused);
  });

  it("rule: a domain noun modifying a written thing (meeting minutes) names a document; the calendar is asked only of meetings", { timeout: 60_000 }, async () => {
    const read: Parameters<typeof go>[2] = [["read_open", { path: "minutes/2024-05.md" }]];
    expect(await go("minutes-workspace", "What do the meeting minutes say about the budget?", read, "minutes/2024-05.md says the budget of 12k was approved.")).toMatchObject(done);
    // A question about the user's meetings needs the calendar, not a file.
    expect(await go("meetings-calendar", "Which meetings do I have about the budget?", read, "You have one budget meeting.")).toMatchObject(refused);
  });

  it("rule: a how-to question asks for a procedure the workspace holds, not the domain its subject implies", { timeout: 60_000 }, async () => {
    const read: Parameters<typeof go>[2] = [["read_open", { path: "Makefile" }]];
    expect(await go("howto-build", "How do I build the docs site?", read, "Run `make site`; it runs `mkdocs build`.")).toMatchObject(done);
    // Whether a build passed is CI's to say.
    expect(await go("build-status", "Did the last build pass?", read, "Yes, the last build passed.")).toMatchObject(refused);
  });

  it("rule: a value shaped like a path (host:port) is the value an edit sets; a sed that did not match leaves it unseen", { timeout: 60_000 }, async () => {
    const request = "Change the cache host in conf/c.ini to cache.prod.internal:11211.";
    const answer = "conf/c.ini now points the cache at cache.prod.internal:11211.";
    const edit = (from: string): Parameters<typeof go>[2] => [sh(`sed -i 's/${from}/cache.prod.internal/' conf/c.ini`), ["run_command", { command: "grep", args: ["host", "conf/c.ini"] }]];
    const ok = await go("value-host", request, edit("cache.local"), answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "conf/c.ini"), "utf8")).toBe("host = cache.prod.internal:11211\n");
    expect(await go("value-nomatch", request, edit("cache.lan"), answer)).toMatchObject(refused);
  });

  it("rule: a line a delete names by its key (LOG_LEVEL 那一行) must be gone", { timeout: 60_000 }, async () => {
    const request = "把 conf/app.env 里的 LOG_LEVEL 那一行删掉";
    const answer = "LOG_LEVEL 那一行已经删除，cat 显示只剩 PORT=80。";
    const drop = (key: string): Parameters<typeof go>[2] => [sh(`sed -i '/^${key}=/d' conf/app.env`), ["run_command", { command: "cat", args: ["conf/app.env"] }]];
    const ok = await go("line-key", request, drop("LOG_LEVEL"), answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "conf/app.env"), "utf8")).toBe("PORT=80\n");
    // Another line deleted, the named one still shown: refused.
    expect(await go("line-key-other", request, drop("PORT"), answer)).toMatchObject(refused);
  });

  it("rule: KEY=value set 'in the copy' is the requested state of the copy the clause before made", { timeout: 60_000 }, async () => {
    const request = "Copy conf/app.env to conf/local.env and set LOG_LEVEL=debug in the copy.";
    const answer = "Copied conf/app.env to conf/local.env and set LOG_LEVEL=debug there.";
    const cp: Parameters<typeof go>[2][number] = ["run_command", { command: "cp", args: ["conf/app.env", "conf/local.env"] }];
    const cat: Parameters<typeof go>[2][number] = ["run_command", { command: "cat", args: ["conf/local.env"] }];
    const ok = await go("copy-set", request, [cp, sh("sed -i 's/LOG_LEVEL=info/LOG_LEVEL=debug/' conf/local.env"), cat], answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "conf/local.env"), "utf8")).toContain("LOG_LEVEL=debug");
    // The copy made, the setting never changed: refused (an answer naming no value, so only the requested state can refuse it).
    expect(await go("copy-unset", request, [cp, cat], "Done: conf/local.env is the copy, with the setting changed as asked.")).toMatchObject(refused);
  });

  it("rule: a copy's bare new name (复制成 app.env.bak) lies beside its source", { timeout: 60_000 }, async () => {
    const request = "备份一下 conf/app.env（复制成 app.env.bak）";
    const answer = "已备份为 conf/app.env.bak，ls conf 可以看到它。";
    const ok = await go("copy-beside", request, [["run_command", { command: "cp", args: ["conf/app.env", "conf/app.env.bak"] }], ["run_command", { command: "ls", args: ["conf"] }]], answer);
    expect(ok).toMatchObject(done);
    expect(existsSync(join(ok.workspace, "conf/app.env.bak"))).toBe(true);
    // The copy made at the root instead is not beside its source.
    expect(await go("copy-root", request, [["run_command", { command: "cp", args: ["conf/app.env", "app.env.bak"] }], ["run_command", { command: "ls", args: ["conf"] }]], answer)).toMatchObject(refused);
  });

  it("rule: a Latin name before a Chinese localizer (compose 里) is the one file of that name, so its change is asked", { timeout: 60_000 }, async () => {
    const request = "把 conf/c.ini 的端口 11211 改成 11311，compose 里的映射也一起改";
    const answer = "conf/c.ini 和 compose.yaml 的端口都改成了 11311。";
    const both = await go("localizer-both", request, [sh("sed -i 's/11211/11311/g' conf/c.ini compose.yaml"), ["run_command", { command: "cat", args: ["conf/c.ini", "compose.yaml"] }]], answer);
    expect(both).toMatchObject(done);
    expect(readFileSync(join(both.workspace, "compose.yaml"), "utf8")).toContain("11311:11311");
    // Only one of the two changed: refused.
    expect(await go("localizer-one", request, [sh("sed -i 's/11211/11311/' conf/c.ini"), ["run_command", { command: "cat", args: ["conf/c.ini"] }]], answer)).toMatchObject(refused);
  });

  it("rule: two coordinated names (the dev and prod limits) name the one file of each, and each needs evidence", { timeout: 60_000 }, async () => {
    const request = "How do the dev and prod limits differ?";
    const answer = "dev allows 600 and prod 120.";
    const read = (path: string): Parameters<typeof go>[2][number] => ["read_open", { path }];
    expect(await go("coordinated-both", request, [read("conf/dev.yaml"), read("conf/prod.yaml")], answer)).toMatchObject(done);
    // One side never read: refused.
    expect(await go("coordinated-one", request, [read("conf/prod.yaml")], "prod allows 120 and dev is unlimited.")).toMatchObject(refused);
  });

  it("rule: 会 after a determiner or a measure word (什么会, 几个会) is a meeting: the calendar answers, not a file", { timeout: 60_000 }, async () => {
    const request = "我下午有什么会？";
    expect(await go("meeting-calendar", request, [["calendar_events", { day: "today" }]], "下午有一个会：10:00 的 standup。")).toMatchObject(done);
    // Answered from a notes file instead (a value the notes showed, so only the domain refuses it): refused.
    expect(await go("meeting-notes", request, [["read_open", { path: "notes/meeting.md" }]], "Meeting：ship on Friday。")).toMatchObject(refused);
  });

  it("rule: a numeral and a measure word before a folder holding that many files (两份周记) name each file, so each is to be read", { timeout: 60_000 }, async () => {
    const request = "读一下两份周记，把要点写进 要点.md";
    const answer = "已把两份周记的要点写进 要点.md：上线登录、修复支付。";
    const write: Parameters<typeof go>[2] = [["write_file", { path: "要点.md", content: "- 上线登录\n- 修复支付\n" }], ["read_open", { path: "要点.md" }]];
    const ok = await go("counted-both", request, [["read_open", { path: "周记/第一周.md" }], ["read_open", { path: "周记/第二周.md" }], ...write], answer);
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "要点.md"), "utf8")).toContain("修复支付");
    // One of the two never read: refused.
    expect(await go("counted-one", request, [["read_open", { path: "周记/第一周.md" }], ...write], answer)).toMatchObject(refused);
  });
});
