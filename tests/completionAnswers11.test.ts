/**
 * CONTRACT §6, issue 21 (round 11, tuning set 10's false passes): the answer's claims checked
 * against what the turn observed. Each rule is scripted runs through the real graph, each with a
 * twin that passes; the examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import type { GateScript } from "../bench/taskTable/run.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "tool/broken.sh": "#!/bin/sh\nif true; then\n  echo x\n",
  "tool/build.sh": "#!/bin/sh\necho 'main.c:3: error: expected ;' >&2\nexit 2\n",
  "tool/fine.sh": "#!/bin/sh\necho 'built main.o'\n",
  "config/app.env": "PORT=3000\n",
  "src/main.js": "const port = process.env.PORT ?? 3000;\n",
};
const go = gateRunner(files);
const syntax = (path: string): GateScript["work"][number] => ["run_command", { command: "sh", args: ["-n", path] }];
const passes = { verdict: "pass", status: "completed" };

describe("issue 21, round 11: the answer's claims against what the turn observed", () => {
  it("rule: a Chinese compound is the kind of its last word, so '没有语法错误' reports success a failed run contradicts", { timeout: 90_000 }, async () => {
    expect((await go("compound-fail", "运行 tool/build.sh", [sh("sh tool/build.sh")], "运行完了，没有语法错误。")).verdict).toBe("block");
    expect(await go("compound-ok", "运行 tool/fine.sh", [sh("sh tool/fine.sh")], "运行完了，没有语法错误，生成了 main.o。")).toMatchObject(passes);
  });

  it("rule: success claimed while the turn's last command failed and said why contradicts it, whatever goal it covered", { timeout: 90_000 }, async () => {
    expect((await go("last-fail", "Check tool/broken.sh for syntax errors.", [syntax("tool/broken.sh")], "Checked it: no errors, the script is fine.")).verdict).toBe("block");
    expect(await go("last-ok", "Check tool/fine.sh for syntax errors.", [syntax("tool/fine.sh")], "Checked it: no errors, the script is fine.")).toMatchObject(passes);
    // A silent non-zero exit is a search's or a test's answer, not a failure: grep finding nothing.
    expect(await go("last-silent", "Does tool/fine.sh mention TODO?", [sh("grep -n TODO tool/fine.sh")], "No, there are no TODOs in tool/fine.sh; no problems there.")).toMatchObject(passes);
  });

  it("rule: after 把 a path is the object of the verb closing the phrase, so a claimed change to an untouched file is caught", { timeout: 90_000 }, async () => {
    const edit = sh("sed -i 's/^PORT=3000$/PORT=4000/' config/app.env && cat config/app.env");
    expect((await go("ba-untouched", "把 config/app.env 里的 PORT 改成 4000", [edit], "已改为 PORT=4000，并且把 src/main.js 里的默认端口也改成了 4000。")).verdict).toBe("block");
    expect(await go("ba-touched", "把 config/app.env 里的 PORT 改成 4000", [edit], "已改为 PORT=4000，src/main.js 会读取这个值。")).toMatchObject(passes);
  });

  it("rule: a denial contradicts an outside lookup that counted what it found", { timeout: 90_000 }, async () => {
    // The table's calendar tool reports "1 event: standup 10:00".
    expect((await go("lookup-denied", "Do I have any meetings tomorrow?", [["calendar_events", { day: "tomorrow" }]], "No, your calendar is clear tomorrow.")).verdict).toBe("block");
    expect(await go("lookup-told", "Do I have any meetings tomorrow?", [["calendar_events", { day: "tomorrow" }]], "Yes, one: the standup at 10:00.")).toMatchObject(passes);
  });
});
