/**
 * CONTRACT §6, issue 21 (round 13, tuning set 12): the answer side. Numbers written as Chinese
 * numerals with a measure word, success stated as a passing state, sends that miss an address,
 * denials resting on a search for something else. Each rule is scripted runs through the real
 * graph, each with a twin going the other way; the examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "deploy/servers.txt": "# Servers\n- db1.internal\n- db2.internal\n- cache1.internal\n",
  "scripts/lint.sh": "#!/bin/sh\necho 'lint: 3 warnings'\nexit 1\n",
  "scripts/ok.sh": "#!/bin/sh\necho 'lint: ok'\n",
  "src/net.ts": "export const RetryLimit = 5;\n",
  "src/use.ts": "import { RetryLimit } from './net';\nconsole.log(RetryLimit);\n",
  "README.md": "# Shop\n\nRun `npm start` to serve it; `npm run release` publishes a release.\n",
  "src/jobs/mail.js": "export const mail = 1;\n",
  "src/jobs/sms.js": "export const sms = 1;\n",
  "etc/mirrors.list": "[eu]\neu1.mirror.net\n",
};
const go = gateRunner(files);
const passes = { verdict: "pass", status: "completed" };
const blocked = async (run: ReturnType<typeof go>) => expect((await run).verdict).toBe("block");

describe("issue 21, round 13: what an answer states against the turn", () => {
  it("rule: a Chinese numeral with its measure word is a stated number, and a counted item no observation shows is refused", { timeout: 120_000 }, async () => {
    const read: [string, Record<string, unknown>] = ["read_open", { path: "deploy/servers.txt" }];
    expect(await go("count-han", "servers.txt 里列了几台服务器？", [read], "三台：db1.internal、db2.internal 和 cache1.internal。")).toMatchObject(passes);
    await blocked(go("count-han-invented", "servers.txt 里列了几台服务器？", [read], "一共四台：db1.internal、db2.internal、cache1.internal 和 web1.internal。"));
  });

  it("rule: 'clean', 'green', '干净', '全绿' report success, refused against a failed run", { timeout: 120_000 }, async () => {
    await blocked(go("clean-failed", "run scripts/lint.sh, is the code clean?", [["run_command", { command: "sh", args: ["scripts/lint.sh"] }]], "Yes, all clean."));
    expect(await go("clean-ok", "run scripts/ok.sh, is the code clean?", [["run_command", { command: "sh", args: ["scripts/ok.sh"] }]], "Yes, all clean: lint printed ok.")).toMatchObject(passes);
    await blocked(go("green-failed", "跑一下 scripts/lint.sh", [sh("sh scripts/lint.sh")], "跑完了，全绿。"));
    expect(await go("green-ok", "跑一下 scripts/ok.sh", [sh("sh scripts/ok.sh")], "跑完了，全绿。")).toMatchObject(passes);
  });

  it("rule: a send must reach every address the request gives", { timeout: 120_000 }, async () => {
    const request = "mail ops@example.com that the backup is done, cc dana@example.com";
    await blocked(go("send-missed-cc", request, [["mail_send", { to: "ops@example.com", subject: "Backup", body: "The backup is done." }]], "Mailed ops@example.com and copied Dana."));
    await blocked(go("send-wrong-to", request, [["mail_send", { to: "opps@example.com, dana@example.com", subject: "Backup", body: "The backup is done." }]], "Mailed ops@example.com and copied dana@example.com."));
    expect(await go("send-all", request, [["mail_send", { to: "ops@example.com, dana@example.com", subject: "Backup", body: "The backup is done." }]], "Mailed ops@example.com, cc dana@example.com: the backup is done.")).toMatchObject(passes);
  });

  it("rule: an empty search answers an existence question only if it searched for the term asked", { timeout: 120_000 }, async () => {
    // The table's search tool reports the query of an empty search; a misspelled one says nothing of the term asked.
    const request = "does anything reference RetryTimeout besides its definition?";
    await blocked(go("search-typo", request, [["search_text", { query: "RetryTimout", path: "." }]], "No, RetryTimeout isn't referenced anywhere."));
    expect(await go("search-term", request, [["search_text", { query: "retrytimeout", path: "." }]], "No, RetryTimeout isn't referenced anywhere.")).toMatchObject(passes);
  });

  it("rule: a delete is reported by naming its folder and what that folder still holds", { timeout: 120_000 }, async () => {
    const request = "把 src/jobs 下面的 sms.js 删掉";
    const list: [string, Record<string, unknown>] = ["read_list", { path: "src/jobs", depth: 1 }];
    expect(await go("delete-left", request, [["run_command", { command: "rm", args: ["src/jobs/sms.js"] }], list], "已删除，src/jobs 下只剩 mail.js。")).toMatchObject(passes);
    // Another folder named is not the deleted file's: the answer reports nothing of it.
    await blocked(go("delete-other-folder", request, [["run_command", { command: "rm", args: ["src/jobs/sms.js"] }], list], "已删除，etc 下只剩 mirrors.list。"));
    // The same report with nothing deleted is refused by coverage and the observed listing.
    await blocked(go("delete-none", request, [list], "已删除，src/jobs 下只剩 mail.js。"));
  });

  it("rule: a requested value shaped like a file name, naming no file, states the edit", { timeout: 120_000 }, async () => {
    const request = "add eu2.mirror.net to the eu group in etc/mirrors.list";
    const append = sh("sed -i '/^eu1.mirror.net$/a eu2.mirror.net' etc/mirrors.list && cat etc/mirrors.list");
    expect(await go("value-added", request, [append], "Added eu2.mirror.net under [eu], right after eu1.")).toMatchObject(passes);
    // A report of another file the thread knows (src/jobs/mail.js) is still not a report of this one.
    await blocked(go("value-other-file", request, [append], "Updated src/jobs/mail.js."));
  });

  it("rule: a how-to answer's command must be one an observation shows", { timeout: 120_000 }, async () => {
    const read: [string, Record<string, unknown>] = ["read_open", { path: "README.md" }];
    await blocked(go("howto-invented", "how do I release this?", [read], "Run `make release`; it publishes a release."));
    expect(await go("howto-shown", "how do I release this?", [read], "Run `npm run release`; the README says it publishes a release.")).toMatchObject(passes);
    await blocked(go("howto-invented-zh", "怎么启动这个项目？", [read], "运行 `yarn dev` 就可以启动。"));
    expect(await go("howto-shown-zh", "怎么启动这个项目？", [read], "运行 `npm start` 就可以启动。")).toMatchObject(passes);
  });

  it("rule: an outside record reporting on another branch answers nothing about the one asked", { timeout: 120_000 }, async () => {
    // The table's ci_status reports "pipeline on main: passed" whatever branch it is asked about.
    await blocked(go("ci-other-branch", "did CI pass on hotfix/2.1?", [["ci_status", { branch: "hotfix/2.1" }]], "Yes, hotfix/2.1 passed."));
    expect(await go("ci-same-branch", "did CI pass on main?", [["ci_status", { branch: "main" }]], "Yes, main passed.")).toMatchObject(passes);
    await blocked(go("ci-other-branch-zh", "hotfix/2.1 分支的 CI 过了吗", [["ci_status", { branch: "hotfix/2.1" }]], "过了，流水线通过。"));
  });
});
