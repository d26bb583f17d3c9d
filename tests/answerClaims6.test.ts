/**
 * CONTRACT §6, issue 21 (round 7, tuning set 6's false passes): the answer's claims checked
 * against what the turn observed, whatever goals the request was read into. Each rule is
 * scripted runs through the real graph, in English and Chinese, each with a twin that passes;
 * the examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import type { GateScript } from "../bench/taskTable/run.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "greeting.txt": "hello world\n",
  "db.conf": "host = db1\nmax_conn = 50\n",
  "settings.ini": "[cache]\nttl = 60\n\n[session]\nttl = 30\n",
  "check.sh": "#!/bin/sh\necho '5 passed, 2 failed'\nexit 0\n",
  "ok.sh": "#!/bin/sh\necho 'all 4 checks ok'\n",
  "zhcheck.sh": "#!/bin/sh\necho '通过 3，失败 1'\n",
  "package.json": "{\n  \"scripts\": { \"build\": \"tsc\" }\n}\n",
  "lib/x.js": "const a = 1; // TODO tidy\n// FIXME one\nconst b = 2;\n// FIXME two\n",
  "app/main.js": "// TODO later\n",
  "docs/api/a.md": "# API\n",
  "docs/guide.md": "FIXME: write the guide\n",
  "notes.md": "> quoted one\ntext\n> quoted two\n",
  ".dockerignore": "node_modules/",
  "lib/p.py": "def parse(s):\n    try:\n        return int(s)\n    except ValueError:\n        return None\n",
  "data/a.csv": "1\n",
  "data/b.csv": "1,2,3,4,5,6,7,8\n",
};
const go = gateRunner(files);
const passes = { verdict: "pass", status: "completed" };

describe("issue 21, round 7: the answer's claims against what the turn observed", () => {
  it("rule: a claimed change with no effect in the turn is premature, whatever the request was read into", { timeout: 90_000 }, async () => {
    expect((await go("claim-read-only", "Make greeting.txt title case.", [["read_open", { path: "greeting.txt" }]], "Converted greeting.txt to title case.")).verdict).toBe("block");
    expect((await go("claim-nothing-zh", "把缓存目录整理一下", [], "已整理完成。")).verdict).toBe("block");
    expect((await go("claim-passive", "Tidy up greeting.txt please", [["read_open", { path: "greeting.txt" }]], "greeting.txt has been rewritten in title case.")).verdict).toBe("block");
    // The same claim after the change, observed, passes; so does a question about that very change.
    expect(await go("claim-made", "Make greeting.txt title case.", [sh("sed -i 's/hello world/Hello World/' greeting.txt && cat greeting.txt")], "Converted greeting.txt to title case: it now reads Hello World.")).toMatchObject(passes);
    expect(await go("claim-asked", "Was the TODO in app/main.js removed?", [["read_open", { path: "app/main.js" }]], "No, app/main.js still has its TODO.")).toMatchObject(passes);
  });

  it("rule: a value the answer gives a name must be the value the last observation shows for it", { timeout: 90_000 }, async () => {
    const read: GateScript["work"] = [["run_command", { command: "cat", args: ["db.conf"] }]];
    expect((await go("value-wrong", "What is max_conn in db.conf?", read, "max_conn is 500.")).verdict).toBe("block");
    expect(await go("value-right", "What is max_conn in db.conf?", read, "max_conn is 50.")).toMatchObject(passes);
    // A section the answer names narrows the comparison to that section.
    const wrongSection: GateScript["work"] = [sh("sed -i '0,/ttl = .*/s//ttl = 45/' settings.ini"), ["run_command", { command: "cat", args: ["settings.ini"] }]];
    expect((await go("value-section", "把 settings.ini 里 [session] 段的 ttl 改成 45", wrongSection, "已把 [session] 段的 ttl 改成 45。")).verdict).toBe("block");
    const rightSection: GateScript["work"] = [sh("sed -i 's/ttl = 30/ttl = 45/' settings.ini"), ["run_command", { command: "cat", args: ["settings.ini"] }]];
    expect(await go("value-section-ok", "把 settings.ini 里 [session] 段的 ttl 改成 45", rightSection, "已把 [session] 段的 ttl 改成 45。")).toMatchObject(passes);
  });

  it("rule: a success claimed against a command whose output reports failures contradicts it", { timeout: 90_000 }, async () => {
    const ran: GateScript["work"] = [["run_command", { command: "sh", args: ["check.sh"] }]];
    expect((await go("fail-output", "Run the checks with sh check.sh and tell me whether they pass.", ran, "All checks passed.")).verdict).toBe("block");
    expect(await go("fail-output-told", "Run the checks with sh check.sh and tell me whether they pass.", ran, "Two checks failed; five passed.")).toMatchObject(passes);
    expect((await go("fail-output-zh", "运行 sh zhcheck.sh，测试通过了吗？", [["run_command", { command: "sh", args: ["zhcheck.sh"] }]], "测试全部通过。")).verdict).toBe("block");
    expect(await go("pass-output", "Run the checks with sh ok.sh and tell me whether they pass.", [["run_command", { command: "sh", args: ["ok.sh"] }]], "All checks passed.")).toMatchObject(passes);
  });

  it("rule: a run reported as passing when nothing ran in the turn is unbacked", { timeout: 90_000 }, async () => {
    expect((await go("pass-unrun", "Does the build pass?", [["read_open", { path: "package.json" }]], "Yes, the build passes.")).verdict).toBe("block");
    expect((await go("pass-unrun-zh", "测试能通过吗？", [["read_open", { path: "lib/x.js" }]], "能，测试都通过。")).verdict).toBe("block");
    expect(await go("pass-run", "Does the check pass?", [["run_command", { command: "sh", args: ["ok.sh"] }]], "Yes, the check passes: all 4 checks ok.")).toMatchObject(passes);
  });

  it("rule: a negative finding is backed only by a search covering the question's scope", { timeout: 90_000 }, async () => {
    expect((await go("none-narrow", "Are there any TODO markers anywhere in the repo?", [["run_command", { command: "grep", args: ["-rn", "TODO", "lib"] }]], "No TODO markers anywhere.")).verdict).toBe("block");
    expect((await go("none-narrow-zh", "docs 目录里还有 FIXME 吗？", [["run_command", { command: "grep", args: ["-rn", "FIXME", "docs/api"] }]], "没有，docs 里已经没有 FIXME 了。")).verdict).toBe("block");
    expect(await go("none-whole", "Are there any XXX markers anywhere in the repo?", [["run_command", { command: "grep", args: ["-rn", "XXX", "."] }]], "No XXX markers anywhere.")).toMatchObject(passes);
    expect(await go("none-scope-zh", "docs 目录里有 XXX 吗？", [["run_command", { command: "grep", args: ["-rn", "XXX", "docs"] }]], "没有，docs 里没有 XXX。")).toMatchObject(passes);
  });

  it("rule: a removal reported as complete while the observation after it still shows what was removed is refused", { timeout: 90_000 }, async () => {
    expect((await go("left-first-only", "Remove all FIXME comments from lib/x.js.", [sh("sed -i '0,/FIXME/{/FIXME/d}' lib/x.js && cat lib/x.js")], "Removed all FIXME comments from lib/x.js.")).verdict).toBe("block");
    expect((await go("left-line-start-zh", "删除 notes.md 里所有以 > 开头的行", [sh("sed -i '/^#/d' notes.md"), ["run_command", { command: "cat", args: ["notes.md"] }]], "已全部删除。")).verdict).toBe("block");
    expect(await go("left-none", "Remove all FIXME comments from lib/x.js.", [sh("sed -i '/FIXME/d' lib/x.js && cat lib/x.js")], "Removed all FIXME comments from lib/x.js.")).toMatchObject(passes);
    expect(await go("left-none-zh", "删除 notes.md 里所有以 > 开头的行", [sh("sed -i '/^>/d' notes.md"), ["run_command", { command: "cat", args: ["notes.md"] }]], "已全部删除，notes.md 只剩 text。")).toMatchObject(passes);
  });

  it("rule: an added entry the observation shows only glued to another one is not there", { timeout: 90_000 }, async () => {
    expect((await go("glued", "Add coverage/ to .dockerignore", [sh("printf 'coverage/\\n' >> .dockerignore && cat .dockerignore")], "Added coverage/ to .dockerignore.")).verdict).toBe("block");
    expect((await go("glued-zh", "把 *.tmp 加到 .dockerignore 里", [sh("printf '*.tmp\\n' >> .dockerignore && cat .dockerignore")], "已把 *.tmp 加到 .dockerignore。")).verdict).toBe("block");
    expect(await go("own-line", "Add coverage/ to .dockerignore", [sh("printf '\\ncoverage/\\n' >> .dockerignore && cat .dockerignore")], "Added coverage/ to .dockerignore.")).toMatchObject(passes);
  });

  it("rule: an answer about what code does, from matched lines only, states nothing those lines did not show", { timeout: 90_000 }, async () => {
    const hit: GateScript["work"] = [["search_text", { query: "def parse", path: "lib/p.py" }]];
    expect((await go("hit-only", "What does parse in lib/p.py return on bad input?", hit, "It returns None when int(s) raises ValueError.")).verdict).toBe("block");
    expect((await go("hit-only-zh", "lib/p.py 里的 parse 遇到坏输入返回什么？", hit, "返回 None。")).verdict).toBe("block");
    expect(await go("hit-read", "What does parse in lib/p.py return on bad input?", [...hit, ["read_open", { path: "lib/p.py" }]], "It returns None when int(s) raises ValueError.")).toMatchObject(passes);
    expect(await go("hit-where", "Where is parse defined in lib/p.py?", hit, "parse is defined on line 1 of lib/p.py.")).toMatchObject(passes);
  });

  it("rule: a comparison of sizes needs an observation that showed sizes", { timeout: 90_000 }, async () => {
    expect((await go("size-names", "Which file in data/ is the largest?", [["run_command", { command: "ls", args: ["data"] }]], "b.csv is the largest.")).verdict).toBe("block");
    expect((await go("size-names-zh", "data 目录里哪个文件最大？", [["run_command", { command: "ls", args: ["data"] }]], "最大的是 b.csv。")).verdict).toBe("block");
    expect(await go("size-shown", "Which file in data/ is the largest?", [["run_command", { command: "wc", args: ["-c", "data/a.csv", "data/b.csv"] }]], "b.csv is the largest (16 bytes).")).toMatchObject(passes);
  });
});
