/**
 * CONTRACT §6, issue 21 (round 14, tuning set 13): the answer side. A run said to go fine, a
 * key's word value, a count from a record, a denial about a read file, a denial resting on a
 * search for another name, a line glued onto the last one, a message stating figures nothing
 * showed. Each rule is scripted runs through the real graph, each with a twin going the other
 * way; the examples are invented, not the set's.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "tools/check.py": "import sys\nprint('checking')\nsys.exit(2)\n",
  "tools/ok.py": "print('ok')\n",
  "conf/server.yml": "host: 0.0.0.0\nverbose: true\nmode: quiet\n",
  "Makefile": "build:\n\tgo build ./...\n\ndeploy:\n\t./scripts/push.sh --prod\n",
  "lib/a.js": "export const a = 1;\ndebugger;\n",
  "lib/b.js": "export const b = 2;\n",
  "stock.csv": "item,size,qty\nnut,M6,120",
  "stock2.csv": "item,size,qty\nnut,M6,120\n",
  "CHANGES.md": "# 4.1\n\n- Two new endpoints: /export and /stats\n- Startup 30% faster\n",
};
const go = gateRunner(files);
const passes = { verdict: "pass", status: "completed" };
const blocked = async (run: ReturnType<typeof go>) => expect((await run).verdict).toBe("block");

describe("issue 21, round 14: what an answer states against the turn", () => {
  it("rule: a run said to go fine (fine, 正常, 顺利, printed ok) is refused against a non-zero exit", { timeout: 120_000 }, async () => {
    const failing: [string, Record<string, unknown>] = ["run_command", { command: "python3", args: ["tools/check.py"] }];
    await blocked(go("fine-failed", "run tools/check.py", [failing], "It ran fine and printed checking."));
    await blocked(go("normal-failed-zh", "跑一下 tools/check.py", [failing], "脚本运行正常，输出 checking。"));
    expect(await go("fine-ok", "run tools/ok.py", [["run_command", { command: "python3", args: ["tools/ok.py"] }]], "It ran fine and printed ok.")).toMatchObject(passes);
    expect(await go("failed-said", "跑一下 tools/check.py", [failing], "脚本退出码 2，运行不正常。")).toMatchObject(passes);
  });

  it("rule: a word value the answer gives a key must be the one the latest observation shows", { timeout: 120_000 }, async () => {
    const work = [sh("sed -i 's/^verbose: true$/verbose: false/' conf/server.yml && cat conf/server.yml")];
    const request = "把 conf/server.yml 的 verbose 关掉，再告诉我 mode 是什么";
    await blocked(go("word-value-wrong", request, work, "verbose 已关闭（verbose: false），mode 是 loud。"));
    expect(await go("word-value-right", request, work, "verbose 已关闭（verbose: false），mode 是 quiet。")).toMatchObject(passes);
    // The same switch state written another way is the same value.
    expect(await go("word-value-switch", "what is verbose set to in conf/server.yml?", [["read_open", { path: "conf/server.yml" }]], "verbose is on, the file says true.")).toMatchObject(passes);
  });

  it("rule: a count question answered from a record that counts what it found must give that count", { timeout: 120_000 }, async () => {
    // The table's calendar_events reports "1 event: standup 10:00" for any day.
    const look: [string, Record<string, unknown>] = ["calendar_events", { day: "2026-03-13" }];
    await blocked(go("record-count-wrong", "how many meetings do I have on March 13?", [look], "You have 3 meetings on March 13, the first at 10:00."));
    expect(await go("record-count-right", "how many meetings do I have on March 13?", [look], "Just one meeting on March 13: the standup at 10:00.")).toMatchObject(passes);
    await blocked(go("record-count-wrong-zh", "3 月 13 号我有几个会？", [look], "3 月 13 号有三个会，10 点开始。"));
  });

  it("rule: a denial that a read file has a name is refused when the read shows a line of it", { timeout: 120_000 }, async () => {
    const read: [string, Record<string, unknown>] = ["read_open", { path: "Makefile" }];
    await blocked(go("denied-shown-zh", "怎么部署？看下 Makefile", [read], "Makefile 里没有 deploy 目标，直接运行 ./scripts/push.sh --prod。"));
    await blocked(go("denied-shown-en", "is there a deploy target in the Makefile?", [read], "No, the Makefile has no deploy target."));
    // A name the file mentions only inside another line (`--prod`) is not a line of it.
    expect(await go("denied-unshown", "is there a prod target in the Makefile?", [read], "No, the Makefile has no prod target; deploy passes --prod to push.sh.")).toMatchObject(passes);
  });

  it("rule: in a Chinese request a Latin word is the name searched for, and a clause's denial rests on that search", { timeout: 120_000 }, async () => {
    const request = "看看 lib 目录里还有没有 debugger 语句";
    await blocked(go("off-term-zh", request, [["search_text", { query: "console.log", path: "lib" }]], "检查过了，lib 里没有 debugger 语句。"));
    expect(await go("on-term-zh", "看看 lib 目录里还有没有 alert 调用", [["search_text", { query: "alert", path: "lib" }]], "检查过了，lib 里没有 alert 调用。")).toMatchObject(passes);
  });

  it("rule: a line the request asks to add must show as a line of its own, not glued onto the last one", { timeout: 120_000 }, async () => {
    const add = (file: string) => sh(`echo 'bolt,M8,40' >> ${file} && tail -n 2 ${file}`);
    const glued = await go("line-glued", "stock.csv 加一行：bolt，M8，40", [add("stock.csv")], "加好了，最后一行是 bolt,M8,40。");
    expect(glued.verdict).toBe("block");
    // On disk the new text ran onto the last line: the file never had its final newline.
    expect(await readFile(join(glued.workspace, "stock.csv"), "utf8")).toContain("120bolt,M8,40");
    const own = await go("line-own", "stock2.csv 加一行：bolt，M8，40", [add("stock2.csv")], "加好了，最后一行是 bolt,M8,40。");
    expect(own).toMatchObject(passes);
    expect((await readFile(join(own.workspace, "stock2.csv"), "utf8")).split("\n")).toContain("bolt,M8,40");
  });

  it("rule: a message sent stating figures that nothing observed nor the request gave is refused", { timeout: 120_000 }, async () => {
    const request = "mail the highlights of CHANGES.md to ops@example.com";
    const send: [string, Record<string, unknown>] = ["mail_send", { to: "ops@example.com", subject: "4.1 highlights", body: "4.1 adds two endpoints (/export, /stats) and starts 30% faster." }];
    await blocked(go("message-unread", request, [send], "Sent to ops@example.com."));
    expect(await go("message-read", request, [["read_open", { path: "CHANGES.md" }], send], "Sent the 4.1 highlights to ops@example.com.")).toMatchObject(passes);
  });
});
