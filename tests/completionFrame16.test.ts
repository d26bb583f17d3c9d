/**
 * CONTRACT §6, issue 21 (round 16, frame side): tuning-heldout15's misses where the request's
 * reading asked for the wrong thing. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "users.csv": "name,mail\nAda,ADA@Example.ORG\n",
  "notes.md": "# Notes\n",
  "stats.txt": "status: green\n",
  "svc.ini": "workers = 2\n",
  "bin/restart.sh": "echo restarted\n",
  "bin/deploy": "echo deploy\n",
  "media/pics/a.png": "P",
  "site/index.html": "<p>hi</p>\n",
  "outbox/a.txt": "a\n",
  "outbox/b.txt": "b\n",
  "reports/weekly/w1.md": "w1\n",
  "reports/old/o1.md": "o1\n",
  "src/app.js": "import { go } from './rout.js';\ngo();\n",
  "src/route.js": "export const go = () => console.log('went');\n",
  "conf/.env": "MODE=dev\n",
  "check.sh": ". conf/.env\necho \"mode is $MODE\"\n",
  "ops/oncall.md": "Call Ana: +1 555 0100\n",
  "ops/备份.md": "1. tar logs\n2. copy to s3\n",
  "api/keys.py": "KEY = env('KEY')\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 16: what the reading asks for", () => {
  it("rule: a noun-verb right before a plain noun modifies it ('every email address', 'a text editor'): no send goal", { timeout: 60_000 }, async () => {
    const request = "lowercase every email address in users.csv, with awk and not a text editor";
    const edit = sh("awk -F, 'BEGIN{OFS=\",\"} NR>1{$2=tolower($2)} {print}' users.csv > u.tmp && mv u.tmp users.csv");
    const right = await go("noun-modifier", request, [edit, ["read_open", { path: "users.csv" }]], "Lowercased: users.csv now lists ada@example.org.");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.startsWith("send"))).toBe(false);
    // "lowercase", unknown to the lexicon, opens the order before its object: it asks for the edit.
    expect(right.goals).toContain("change.edit users.csv");
    expect(readFileSync(join(right.workspace, "users.csv"), "utf8")).toBe("name,mail\nAda,ada@example.org\n");
    // The verb the lexicon lacks still asks for the change: an answer with no observation is refused.
    expect(await go("noun-modifier-unseen", request, [edit], "Lowercased the addresses in users.csv.")).toMatchObject(refused);
  });

  it("rule: 发给我看看 / 'send me' with no channel asks for the reply, not a message sent", { timeout: 60_000 }, async () => {
    const request = "把 notes.md 的标题改成 # Log，然后把整个文件发给我看看";
    const edit = sh("sed -i 's/^# Notes$/# Log/' notes.md");
    const shown = await go("send-to-me", request, [edit, ["read_open", { path: "notes.md" }]], "改好了，notes.md 现在是：\n\n# Log");
    expect(shown).toMatchObject(done);
    expect(shown.goals).not.toContain("send");
    expect(await go("send-to-me-unseen", request, [edit], "改好了，标题是 # Log。")).toMatchObject(refused);
  });

  it("rule: 搬到 moves the folder; the move is observed where it went", { timeout: 60_000 }, async () => {
    const request = "把 media/pics 整个搬到 site/ 下面";
    const mv = sh("mv media/pics site/");
    const seen = await go("ban-move", request, [mv, ["read_list", { path: "site", depth: 2 }]], "搬好了，现在在 site/pics 下，有 a.png。");
    expect(seen).toMatchObject(done);
    expect(existsSync(join(seen.workspace, "site/pics/a.png"))).toBe(true);
    expect(await go("ban-move-unseen", request, [mv], "搬好了，在 site/pics 下。")).toMatchObject(refused);
  });

  it("rule: 写死的 describes a noun and 里写了 says what a file holds: questions, not writes", { timeout: 60_000 }, async () => {
    const empty = await go("hardcoded-question", "api 目录下还有没有写死的密钥（sk- 开头的）？", [["search_text", { query: "sk-", path: "api" }]], "没有，api 目录里搜不到 sk- 开头的密钥。");
    expect(empty).toMatchObject(done);
    expect(empty.goals.some((g) => g.startsWith("change"))).toBe(false);
    const request = "备份日志的步骤是啥？ops/备份.md 里写了";
    const read = await go("says-there", request, [["read_open", { path: "ops/备份.md" }]], "两步：先 tar logs，再 copy to s3。");
    expect(read).toMatchObject(done);
    expect(read.goals.some((g) => g.startsWith("change"))).toBe(false);
    expect(await go("says-there-unread", request, [], "先 tar logs，再 copy to s3。")).toMatchObject(refused);
  });

  it("rule: a message sent from a named file reads that file before the send", { timeout: 60_000 }, async () => {
    const request = "mail ana@example.org the status from stats.txt";
    const send = ["mail_send", { to: "ana@example.org", subject: "Status", body: "status: green" }] as const;
    expect(await go("send-from-file", request, [["read_open", { path: "stats.txt" }], [...send]], "Sent ana@example.org the status from stats.txt: green (message m-1).")).toMatchObject(done);
    expect(await go("send-from-file-unread", request, [[...send]], "Sent ana@example.org the status from stats.txt: green (message m-1).")).toMatchObject(refused);
  });

  it("rule: restarting the service is a run of its own; a verified edit alone does not do it", { timeout: 60_000 }, async () => {
    const request = "set workers to 4 in svc.ini and restart the service";
    const edit = sh("sed -i 's/workers = 2/workers = 4/' svc.ini");
    // Shown by a command: a run of its own, but not the service's.
    const read = ["run_command", { command: "cat", args: ["svc.ini"] }] as const;
    expect(await go("restart-claimed", request, [edit, [...read]], "workers = 4 now, and the service was restarted.")).toMatchObject(refused);
    expect(await go("restart-run", request, [edit, [...read], ["run_command", { command: "sh", args: ["bin/restart.sh"] }]], "workers = 4 in svc.ini; bin/restart.sh printed restarted.")).toMatchObject(done);
  });

  it("rule: a folder called `x` with a file in it names x/<file>; the file made elsewhere is not it", { timeout: 60_000 }, async () => {
    const request = "create a folder called `seeds` with an empty `users.json` containing []";
    const right = await go("called-folder", request, [sh("mkdir seeds && echo '[]' > seeds/users.json"), ["run_command", { command: "cat", args: ["seeds/users.json"] }]], "Created seeds/users.json holding [].");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "seeds/users.json"), "utf8")).toBe("[]\n");
    const wrong = await go("called-folder-root", request, [sh("mkdir seeds && echo '[]' > users.json"), ["run_command", { command: "cat", args: ["users.json"] }]], "Created users.json holding [].");
    expect(wrong).toMatchObject(refused);
    expect(existsSync(join(wrong.workspace, "seeds/users.json"))).toBe(false);
  });

  it("rule: the files inside a folder moved ('every file from outbox/') must be seen moved, none left", { timeout: 60_000 }, async () => {
    const request = "move every file from outbox/ into sent/";
    const all = await go("contents-move", request, [sh("mkdir -p sent && mv outbox/* sent/"), ["read_list", { path: "sent" }], ["read_list", { path: "outbox" }]], "Moved a.txt and b.txt into sent/; outbox/ is empty now.");
    expect(all).toMatchObject(done);
    expect(readdirSync(join(all.workspace, "outbox"))).toEqual([]);
    const partial = await go("contents-move-partial", request, [sh("mkdir -p sent && mv outbox/a.txt sent/"), ["read_list", { path: "outbox" }]], "Moved a.txt and b.txt into sent/.");
    expect(partial).toMatchObject(refused);
    expect(existsSync(join(partial.workspace, "outbox/b.txt"))).toBe(true);
  });

  it("rule: a named kind of file in a folder (bin/ 里那个 deploy 脚本) is that file; 改名叫 renames it in place", { timeout: 60_000 }, async () => {
    const request = "把 bin/ 里那个 deploy 脚本改名叫 ship";
    const right = await go("named-script", request, [["run_command", { command: "mv", args: ["bin/deploy", "bin/ship"] }], ["run_command", { command: "ls", args: ["bin"] }]], "改好了，bin 下面现在是 restart.sh 和 ship。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.move bin/deploy→bin/ship");
    expect(existsSync(join(right.workspace, "bin/ship"))).toBe(true);
    expect(await go("named-script-other", request, [["run_command", { command: "mv", args: ["bin/restart.sh", "bin/ship"] }], ["run_command", { command: "ls", args: ["bin"] }]], "改好了，bin 下面有 ship。")).toMatchObject(refused);
  });

  it("rule: a folder renamed onto a name already taken is no rename (mv puts it inside)", { timeout: 60_000 }, async () => {
    const taken = await go("rename-taken", "把 reports/old 目录改名为 weekly", [["run_command", { command: "mv", args: ["reports/old", "reports/weekly"] }], ["run_command", { command: "ls", args: ["reports/weekly"] }]], "已把 reports/old 改名为 weekly。");
    expect(taken).toMatchObject(refused);
    expect(existsSync(join(taken.workspace, "reports/weekly/old/o1.md"))).toBe(true);
    expect(await go("rename-free", "把 reports/old 目录改名为 archive", [["run_command", { command: "mv", args: ["reports/old", "reports/archive"] }], ["run_command", { command: "ls", args: ["reports"] }]], "已把 reports/old 改名为 archive。")).toMatchObject(done);
  });

  it("rule: what someone is asked to do ('ask them to restart') is theirs: an honest cannot answers the call", { timeout: 60_000 }, async () => {
    const request = "Call the on-call person in ops/oncall.md and ask them to restart the service.";
    const honest = await go("asked-someone", request, [["read_open", { path: "ops/oncall.md" }]], "I can't make phone calls: there is no telephony tool here, so nobody was called. ops/oncall.md lists Ana at +1 555 0100.");
    expect(honest).toMatchObject(done);
    expect(honest.goals.some((g) => g.startsWith("run"))).toBe(false);
    expect(await go("asked-someone-claimed", request, [["read_open", { path: "ops/oncall.md" }]], "Called Ana at +1 555 0100; she is restarting the service.")).toMatchObject(refused);
  });

  it("rule: \"'A' not 'B'\" wants A; a smoke test runs the program", { timeout: 60_000 }, async () => {
    const request = "Fix the import in src/app.js (it should be './route.js' not './rout.js') and run the smoke test";
    const fix = sh("sed -i 's#./rout.js#./route.js#' src/app.js");
    const smoke = ["run_command", { command: "node", args: ["src/app.js"] }] as const;
    const right = await go("not-quote", request, [fix, ["read_open", { path: "src/app.js" }], [...smoke]], "Fixed: src/app.js imports from './route.js', and `node src/app.js` printed went.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "src/app.js"), "utf8")).toContain("'./route.js'");
    expect(await go("not-quote-unrun", request, [fix, ["read_open", { path: "src/app.js" }]], "Fixed: src/app.js imports from './route.js'.")).toMatchObject(refused);
  });

  it("rule: what an addition adds after its colon is content, not a run to do (末尾加一行：运行 …)", { timeout: 60_000 }, async () => {
    const request = "在 notes.md 末尾加一步：2. 运行 make test 检查";
    const add = sh("echo '2. 运行 make test 检查' >> notes.md");
    const seen = await go("colon-content", request, [add, ["read_open", { path: "notes.md" }]], "加好了，notes.md 最后一步是：2. 运行 make test 检查");
    expect(seen).toMatchObject(done);
    expect(seen.goals.some((g) => g.startsWith("run"))).toBe(false);
    expect(readFileSync(join(seen.workspace, "notes.md"), "utf8")).toBe("# Notes\n2. 运行 make test 检查\n");
    expect(await go("colon-content-unseen", request, [add], "加好了。")).toMatchObject(refused);
  });

  it("rule: a run the request names to confirm its change observes it when it succeeds after the change", { timeout: 60_000 }, async () => {
    const request = "Set MODE=prod in conf/.env and then run ./check.sh to confirm it's picked up";
    const edit = sh("sed -i 's/^MODE=dev$/MODE=prod/' conf/.env");
    const check = ["run_command", { command: "sh", args: ["check.sh"] }] as const;
    const after = await go("confirming-run", request, [edit, [...check]], "MODE is prod in conf/.env; check.sh prints `mode is prod`.");
    expect(after).toMatchObject(done);
    expect(readFileSync(join(after.workspace, "conf/.env"), "utf8")).toBe("MODE=prod\n");
    expect(await go("confirming-run-before", request, [[...check], edit], "MODE is prod in conf/.env; check.sh confirmed it.")).toMatchObject(refused);
  });
});
