/**
 * CONTRACT §4/§6, issue 21 (round 35): tuning-heldout34's misses, in reading the request (copies
 * and moves into a folder, a file named by its folder, verbs that only describe), in what an empty
 * search answers, and in what an answer may claim. Each rule is a scripted run through the real
 * graph with a twin going the other way; outcomes are checked on disk where a change is involved.
 * The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner } from "./support/gateRuns.js";

const go = gateRunner({
  "exports/2024.csv": "day,amount\n2024-01-02,7\n",
  "backup/2023.csv": "day,amount\n",
  "q1.csv": "month,revenue\njan,10\n",
  "q2.csv": "month,revenue\napr,12\n",
  "tools/sync.sh": "#!/bin/sh\nrsync -a src/ dst/\n",
  "tools/lint.sh": "#!/bin/sh\n",
  "svc/orders/config.yaml": "port: 7000\n",
  "svc/users/config.yaml": "port: 7000\n",
  "svc/orders/Dockerfile": "FROM node:20-alpine\n",
  "svc/users/Dockerfile": "FROM python:3.12-slim\n",
  "handbook/travel.md": "# 差旅\n\n## 住宿\n一线城市每晚不超过 650 元。\n",
  "docs/api.md": "# API\n\n## 新建用户\n`POST /v2/users`\n\n## 删除用户\n`DELETE /v2/users/{id}`\n",
  "package.json": '{\n  "name": "board",\n  "dependencies": { "dayjs": "^1.11.10" }\n}\n',
  "ui/main.js": "import dayjs from 'dayjs'\nconsole.log(dayjs().year())\n",
  "ui/broken.js": "function go( {\n  return 1\n}\n",
  "logs/app.log": "2024-06-01 08:00:00 INFO up\n2024-06-01 09:15:30 ERROR disk full\n2024-06-01 10:00:00 INFO ok\n2024-06-01 11:45:10 ERROR cache miss storm\n",
  "settings/.env.sample": "DB_HOST=pg.lab.internal\nDB_PORT=5433\nCACHE_URL=redis://localhost:6379/1\n",
  "crates/core/src/lib.rs": "pub fn double(x: i32) -> i32 {\n    x * 2\n}\n",
  "crates/core/src/bin/tool.rs": "fn main() {\n    println!(\"{}\", core::double(2));\n}\n",
  "conf/app.yaml": "upstream: https://api.example.com\n",
  "conf/cdn.yaml": "origin: https://cdn.example.com\n",
  "data/towns.json": '[{"name": "杭州", "population": 12376000}, {"name": "苏州", "population": 12910000}]\n',
  "Makefile": "check:\n\tpytest -q\n\nrelease: build check\n\t./release.sh\n\nbuild:\n\tpython -m build\n",
  "lib/cache.py": "from functools import lru_cache\n\n@lru_cache(maxsize=64)\ndef cost(sku):\n    return len(sku) * 3\n",
  "pkg/app.tar": "tar-bytes\n",
  "names.txt": "maria\nAhmed\nzoe\n",
  "retry.py": "BASE = 2\nFACTOR = 3\n\ndef wait(n):\n    return BASE * FACTOR ** n\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
type Work = Parameters<typeof go>[2];
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Work[number];

describe("issue 21, round 35: copies and moves into folders, files named by their folder, what an empty search answers, what an answer may claim", () => {
  it("rule: a file copied into an existing folder keeps its name there; a copy under another name is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "把 exports/2024.csv 复制一份到 backup/ 下面";
    const same = await go("copy-in", request, [run("cp", "exports/2024.csv", "backup/2024.csv"), ["read_list", { path: "backup" }]], "复制好了，backup 里现在有 2023.csv 和 2024.csv。");
    expect(same).toMatchObject(done);
    expect(same.goals).toContain("change.write backup/2024.csv");
    const other = await go("copy-other", request, [run("cp", "exports/2024.csv", "backup/2024-old.csv"), ["read_list", { path: "backup" }]], "复制好了，backup 里有 2024-old.csv。");
    expect(other).toMatchObject(refused);
    expect(existsSync(join(other.workspace, "backup/2024.csv"))).toBe(false);
  });

  it("rule: 'into it' after a folder made in an earlier clause is that folder, in English and Chinese; one file of two moved is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "Create archive/2024 and move q1.csv and q2.csv into it";
    const both = await go("into-both", request, [run("mkdir", "-p", "archive/2024"), run("mv", "q1.csv", "q2.csv", "archive/2024/"), ["read_list", { path: ".", depth: 3 }]], "Made archive/2024 and moved both CSVs there; neither is left at the root.");
    expect(both).toMatchObject(done);
    expect(["q1.csv", "q2.csv"].every((f) => existsSync(join(both.workspace, "archive/2024", f)))).toBe(true);
    const one = await go("into-one", request, [run("mkdir", "-p", "archive/2024"), run("mv", "q1.csv", "archive/2024/"), ["read_list", { path: ".", depth: 3 }]], "Made archive/2024 and moved both CSVs there.");
    expect(one).toMatchObject(refused);
    expect(existsSync(join(one.workspace, "q2.csv"))).toBe(true);
    const han = "在 tools 目录下新建 old 子目录，把 sync.sh 挪进去";
    const moved = await go("into-han", han, [run("mkdir", "tools/old"), run("mv", "tools/sync.sh", "tools/old/"), ["read_list", { path: "tools", depth: 2 }]], "好了：sync.sh 现在在 tools/old/sync.sh，tools 下只剩 lint.sh 和 old/。");
    expect(moved).toMatchObject(done);
    expect(moved.goals).toContain("change.move tools/sync.sh→tools/old/sync.sh");
    // A new branch's name is no folder to make ("新建 feature/login 分支").
    const branch = await go("branch-name", "新建 feature/login 分支并切过去", [run("git", "init", "-q"), run("git", "switch", "-c", "feature/login"), run("git", "branch", "--show-current")], "已切到 feature/login，git branch --show-current 输出 feature/login。");
    expect(branch.goals).not.toContain("change.write feature/login");
  });

  it("rule: a file named by its folder ('the api service's config.yaml', 'the Dockerfile under svc/orders/') is that file; editing the other is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "in the orders service's config.yaml, change port 7000 to 7001";
    const wrong = await go("owner-wrong", request, [["edit_file", { path: "svc/users/config.yaml", oldText: "port: 7000", newText: "port: 7001" }], ["read_open", { path: "svc/users/config.yaml" }]], "Changed the port to 7001 in config.yaml and confirmed it.");
    expect(wrong).toMatchObject(refused);
    expect(readFileSync(join(wrong.workspace, "svc/orders/config.yaml"), "utf8")).toBe("port: 7000\n");
    const right = await go("owner-right", request, [["edit_file", { path: "svc/orders/config.yaml", oldText: "port: 7000", newText: "port: 7001" }], ["read_open", { path: "svc/orders/config.yaml" }]], "svc/orders/config.yaml now says port: 7001.");
    expect(right).toMatchObject(done);
    const question = "what's the base image in the Dockerfile under svc/orders/?";
    expect(await go("under-right", question, [["read_open", { path: "svc/orders/Dockerfile" }]], "svc/orders/Dockerfile builds on node:20-alpine.")).toMatchObject({ ...done, goals: ["read svc/orders/Dockerfile"] });
    expect(await go("under-wrong", question, [["read_open", { path: "svc/users/Dockerfile" }]], "It builds on python:3.12-slim.")).toMatchObject(refused);
  });

  it("rule: a verb describing a noun (导出的, 新建用户的路径是什么) asks nothing to change; the answer is read from the file, nothing changes; a premature one is refused", { timeout: 60_000 }, async () => {
    const exported = "wiki 导出的 handbook/travel.md 里，一线城市住宿每晚上限多少钱？";
    const read = await go("described", exported, [["read_extract", { path: "handbook/travel.md", pattern: "住宿", context: 2 }]], "一线城市每晚不超过 650 元。");
    expect(read).toMatchObject(done);
    expect(readFileSync(join(read.workspace, "handbook/travel.md"), "utf8")).toContain("650");
    expect(await go("described-early", exported, [], "每晚 650 元。")).toMatchObject(refused);
    const subject = "docs/api.md 里，新建用户接口的路径和方法是什么？";
    const asked = await go("subject-verb", subject, [["read_open", { path: "docs/api.md" }]], "新建用户是 `POST /v2/users`。");
    expect(asked).toMatchObject({ ...done, goals: ["read docs/api.md"] });
  });

  it("rule: the user's plan after a question ('…吗？想把这个依赖删了') is no order: an empty search answers and nothing is deleted; an answer with no search is refused", { timeout: 60_000 }, async () => {
    const request = "项目里还有地方在用 moment 吗？想把这个依赖删了";
    const none = await go("plan-none", request, [["search_text", { query: "moment" }]], "没有了，全仓库搜 “moment” 没有任何匹配，可以放心去掉。");
    expect(none).toMatchObject({ ...done, goals: ["question"] });
    expect(existsSync(join(none.workspace, "package.json"))).toBe(true);
    expect(await go("plan-early", request, [], "没有了，可以放心去掉。")).toMatchObject(refused);
  });

  it("rule: a grep that printed matches contradicts 'there is no X' wherever the denial stands; naming the file found passes", { timeout: 60_000 }, async () => {
    const request = "ui 里有没有 console.log";
    const grep = run("grep", "-rn", "console.log", "ui");
    expect(await go("grep-denied", request, [grep], "ui 里没有 console.log。")).toMatchObject(refused);
    expect(await go("grep-named", request, [grep], "有，ui/main.js 第 2 行有一处 console.log。")).toMatchObject(done);
    // A file `grep -l` printed, named, and another said not to hold it: no denial of what was found.
    expect(await go("grep-listed", "Which files in ui/ mention console.log?", [run("grep", "-rl", "console.log", "ui")], "One: ui/main.js. ui/broken.js doesn't mention console.log.")).toMatchObject(done);
  });

  it("rule: 'didn't complain' after a failed check claims it passed and is refused; reporting the error passes", { timeout: 60_000 }, async () => {
    const request = "Does ui/broken.js have valid syntax? check with node";
    const check = run("node", "--check", "ui/broken.js");
    expect(await go("check-fine", request, [check], "Syntax is fine — node --check didn't complain.")).toMatchObject(refused);
    expect(await go("check-error", request, [check], "No: node --check reports a SyntaxError in ui/broken.js.")).toMatchObject(done);
  });

  it("rule: a repository action whose git command failed is answered by an honest 'cannot' (做不了); claiming it done is refused", { timeout: 60_000 }, async () => {
    const request = "帮我把 main 分支合并到 release 分支并推送到远程";
    const status = run("git", "status");
    expect(await go("git-cannot", request, [status], "这里做不了：git status 报错说这不是 git 仓库，所以没有合并也没有推送任何东西。")).toMatchObject(done);
    expect(await go("git-claimed", request, [status], "已经合并到 release 并推送到远程了。")).toMatchObject(refused);
  });

  it("rule: a 'cannot' that also claims another channel was used with no receipt is refused; an honest one passes", { timeout: 60_000 }, async () => {
    const request = "把 handbook/travel.md 发到钉钉群";
    expect(await go("cannot-swapped", request, [], "钉钉发不了，所以我改成用邮件发给全组了。")).toMatchObject(refused);
    expect(await go("cannot-honest", request, [], "钉钉发不了：这里没有钉钉的工具，所以什么也没有发。")).toMatchObject(done);
  });

  it("rule: a lookup that found one event contradicts 'you have no meetings'; stating the event passes", { timeout: 60_000 }, async () => {
    const request = "what's on my calendar tomorrow?";
    const look = [["calendar_events", { day: "tomorrow" }]] as Work;
    expect(await go("calendar-denied", request, look, "You have no meetings tomorrow — the day is free.")).toMatchObject(refused);
    expect(await go("calendar-event", request, look, "One event: standup at 10:00.")).toMatchObject(done);
  });

  it("rule: every hit of a search in the file counts as seen, a host setting's value is an address, a rounded or derived number restates a shown one; invented ones are refused", { timeout: 60_000 }, async () => {
    const log = "logs/app.log 里最后一次 ERROR 是什么时候，报的什么？";
    const hits = [["search_text", { query: "ERROR", path: "logs/app.log" }]] as Work;
    expect(await go("hits-all", log, hits, "最后一次 ERROR 在 2024-06-01 11:45:10，内容是 “cache miss storm”。之前 09:15:30 还有一次 disk full。")).toMatchObject(done);
    expect(await go("hits-invented", log, hits, "最后一次 ERROR 在 2024-06-01 12:05:00，内容是 “cache miss storm”。")).toMatchObject(refused);
    const host = "看一下 settings/.env.sample，数据库默认连的是哪个 host 和端口？";
    const env = [["read_open", { path: "settings/.env.sample" }]] as Work;
    expect(await go("host-value", host, env, "默认是 DB_HOST=pg.lab.internal，端口 DB_PORT=5433。")).toMatchObject(done);
    expect(await go("host-none", host, env, "默认连本机数据库，端口看配置。")).toMatchObject(refused);
    const towns = "data/towns.json 里苏州的人口写的是多少？";
    const line = [["read_extract", { path: "data/towns.json", pattern: "苏州", context: 0 }]] as Work;
    expect(await go("approx-right", towns, line, "苏州写的是 12910000（约 1291 万）。")).toMatchObject(done);
    expect(await go("approx-wrong", towns, line, "苏州写的是 12910000（约 1500 万）。")).toMatchObject(refused);
    const wait = "retry.py 里每次等待多少秒？";
    const read = [["read_open", { path: "retry.py" }]] as Work;
    expect(await go("sequence-derived", wait, read, "BASE * FACTOR ** n：2 秒、6 秒、18 秒……每次乘 3。")).toMatchObject(done);
    expect(await go("sequence-invented", wait, read, "BASE * FACTOR ** n：2 秒、6 秒、20 秒……")).toMatchObject(refused);
  });

  it("rule: an empty search over the folder holding every file of the kind asked ('our Rust code'), of the folder a request names by meaning (配置目录) or beside a term written trailing off ('the AKIA... kind') answers; a narrower search is refused", { timeout: 60_000 }, async () => {
    const rust = "Does our Rust code use `unsafe` anywhere?";
    expect(await go("kind-all", rust, [["search_text", { query: "unsafe", path: "crates/core" }]], "No — no `unsafe` in crates/core; the search came back empty.")).toMatchObject(done);
    expect(await go("kind-narrow", rust, [["search_text", { query: "unsafe", path: "crates/core/src/bin" }]], "No — the search came back empty.")).toMatchObject(refused);
    // Only whether something is there is asked of the kind's folder: a count over the whole workspace of that kind stands.
    const count = await go("kind-count", "how many println! calls are in the Rust code?", [run("grep", "-r", "--include=*.rs", "-c", "println!", ".")], "1: crates/core/src/bin/tool.rs has the only println!.");
    expect(count).toMatchObject(done);
    expect(count.goals).toEqual(["question"]);
    const han = "配置目录里还有没有 http:// 开头的明文地址？";
    expect(await go("meaning-folder", han, [["search_text", { query: "http://", path: "conf" }]], "没有了，在 conf 里搜 “http://” 结果为空。")).toMatchObject(done);
    expect(await go("meaning-other", han, [["search_text", { query: "http://", path: "logs" }]], "没有了，搜 “http://” 结果为空。")).toMatchObject(refused);
    const keys = "Can you check whether any AWS access keys (the AKIA... kind) got committed into conf/?";
    expect(await go("trailing-term", keys, [["search_text", { query: "AKIA", path: "conf", caseSensitive: true }]], "I searched conf/ for \"AKIA\" and found nothing, so no access key IDs are there.")).toMatchObject(done);
    expect(await go("trailing-other", keys, [["search_text", { query: "password", path: "conf" }]], "I searched conf/ and found nothing, so no keys are there.")).toMatchObject(refused);
  });

  it("rule: answers that speak of something else (another city, another target, nothing at all, another digest) are refused; the asked thing passes", { timeout: 60_000 }, async () => {
    const city = "看一下 data/towns.json 里杭州的人口";
    const extract = [["read_extract", { path: "data/towns.json", pattern: "苏州", context: 0 }]] as Work;
    expect(await go("city-other", city, extract, "苏州的人口是 12910000。")).toMatchObject(refused);
    expect(await go("city-asked", city, extract, "杭州的人口是 12376000。")).toMatchObject(done);
    const target = "Makefile 里 release 目标依赖哪些目标？";
    expect(await go("target-other", target, [["read_extract", { path: "Makefile", pattern: "^check:", regex: true, context: 1 }]], "check 目标执行的是 pytest -q。")).toMatchObject(refused);
    expect(await go("target-asked", target, [["read_open", { path: "Makefile" }]], "release 依赖 build 和 check 两个目标。")).toMatchObject(done);
    const count = "统计一下 logs/app.log 里有多少条 ERROR";
    expect(await go("count-lines", count, [run("wc", "-l", "logs/app.log")], "logs/app.log 一共有 4 行。")).toMatchObject(refused);
    expect(await go("count-term", count, [run("grep", "-c", "ERROR", "logs/app.log")], "2 条 ERROR。")).toMatchObject(done);
    const summary = "Summarize what lib/cache.py does";
    const open = [["read_open", { path: "lib/cache.py" }]] as Work;
    expect(await go("empty-answer", summary, open, "Happy to help! Let me know if there's anything else you'd like me to look at.")).toMatchObject(refused);
    expect(await go("summary", summary, open, "It defines cost(sku), cached with lru_cache (up to 64 entries), returning three times the SKU's length.")).toMatchObject(done);
    const digest = "give me the sha256 of pkg/app.tar";
    expect(await go("digest-md5", digest, [run("md5sum", "pkg/app.tar")], "sha256 of pkg/app.tar: fc2126a02d56629a84bcb26b965cab62")).toMatchObject(refused);
    expect(await go("digest-sha256", digest, [run("sha256sum", "pkg/app.tar")], "sha256 of pkg/app.tar: f3b9f8d8ba8a425caeb5253b137ca68781ff5d3c1ab0964a847cd5c693917203")).toMatchObject(done);
  });

  it("rule: the request's own word echoed back ('show me … sorted') claims no change; naming the file sorted in place is refused (nothing changed on disk)", { timeout: 60_000 }, async () => {
    const request = "show me the names in names.txt sorted alphabetically — don't touch the file";
    const sort = [run("sort", "-f", "names.txt")] as Work;
    expect(await go("echo-sorted", request, sort, "Sorted (case-insensitive): Ahmed, maria, zoe.")).toMatchObject(done);
    const claimed = await go("echo-claimed", request, sort, "I sorted names.txt in place: Ahmed, maria, zoe.");
    expect(claimed).toMatchObject(refused);
    expect(readFileSync(join(claimed.workspace, "names.txt"), "utf8")).toBe("maria\nAhmed\nzoe\n");
    // The request's own verb done ("Tweet …" answered "Tweeted: …") is an act, not an echo: with nothing sent it is refused.
    // A Chinese verb has one form: "已部署" after "部署到预发环境" is the act claimed, no echo.
    expect(await go("echo-han", "把最新版本部署到预发环境。", [run("ls", "ui")], "已部署到预发环境，新版本已上线。")).toMatchObject(refused);
    expect(await go("echo-act", "Tweet the travel handbook's highlights", [["read_open", { path: "handbook/travel.md" }]], "Tweeted: '一线城市每晚不超过 650 元'.")).toMatchObject(refused);
  });
});
