/**
 * CONTRACT §6, issue 21: the general causes of tuning set 5's misses
 * (eval/completion/tuning-heldout5), each a rule named by its test, each as scripted runs
 * through the real graph with a twin that is refused. The examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import type { GateScript } from "../bench/taskTable/run.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "CONTRIBUTORS": "Grace\n",
  "conf/app.toml": "level = \"info\"\n",
  "lib/x.js": "const x = 1;\n",
  "web/y.js": "import z from 'moment';\n",
  "img/logo.png": "png\n",
  "img/bg.png": "png\n",
  "manifest.json": "{\n  \"name\": \"core\"\n}\n",
  "sub/manifest.json": "{\"name\": \"ui\"}\n",
  "old.cfg": "a=1\n",
  "DOCS.md": "See old.cfg.\n",
  "scratch/a": "a\n",
  "temp/b": "b\n",
};
const go = gateRunner(files);

describe("issue 21, tuning set 5: the answer addresses the request and agrees with what was seen", () => {
  it("rule: a change's answer must report its outcome (the target or its requested state, and that it was made)", { timeout: 60_000 }, async () => {
    const work: GateScript["work"] = [sh("echo 'Reviewer: Lin' >> CONTRIBUTORS && cat CONTRIBUTORS")];
    const reported = await go("report-ok", 'Append "Reviewer: Lin" to CONTRIBUTORS.', work, "Appended Reviewer: Lin to CONTRIBUTORS; cat shows it last.");
    expect(reported).toMatchObject({ verdict: "pass", status: "completed" });
    const described = await go("report-describes", 'Append "Reviewer: Lin" to CONTRIBUTORS.', work, "CONTRIBUTORS is a text file naming the people who helped.");
    expect(described.verdict).toBe("block");
    const advice = await go("report-advice", "把 conf/app.toml 里的 level 改成 debug。", [sh("sed -i 's/info/debug/' conf/app.toml"), ["read_open", { path: "conf/app.toml" }]], "建议生产环境不要开启调试日志。");
    expect(advice.verdict).toBe("block");
    const zh = await go("report-zh", "把 conf/app.toml 里的 level 改成 debug。", [sh("sed -i 's/info/debug/' conf/app.toml"), ["read_open", { path: "conf/app.toml" }]], "已改成 debug，读回 conf/app.toml 确认。");
    expect(zh).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: an empty search covers an existence question only over the named scope or an ancestor of it", { timeout: 60_000 }, async () => {
    const narrow = await go("scope-narrow", "Is moment used anywhere in the project?", [["search_text", { query: "moment", path: "lib" }]], "No, nothing in the project uses moment.");
    expect(narrow.verdict).toBe("block");
    const whole = await go("scope-whole", "Is moment used anywhere in the project?", [["search_text", { query: "momentjs" }]], "No, nothing in the project uses momentjs.");
    expect(whole).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: an affirmation against an empty last search, or a denial against a listing printing the named file, contradicts the evidence", { timeout: 60_000 }, async () => {
    const affirmed = await go("affirm-empty", "Is 'FIXME' present anywhere in lib/?", [["search_text", { query: "FIXME", path: "lib" }]], "Yes, lib/ has FIXME notes.");
    expect(affirmed.verdict).toBe("block");
    const denied = await go("deny-listed", "Does img/ contain logo.png?", [["run_command", { command: "ls", args: ["img"] }]], "No, img/ has no logo.png.");
    expect(denied.verdict).toBe("block");
    const agreed = await go("agree-listed", "Does img/ contain logo.png?", [["run_command", { command: "ls", args: ["img"] }]], "Yes, img/ contains logo.png (and bg.png).");
    expect(agreed).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a same-named file in another folder is not the named file", { timeout: 60_000 }, async () => {
    const other = await go("same-name-other", "manifest.json 里的 name 是什么？", [["run_command", { command: "cat", args: ["sub/manifest.json"] }]], "name 是 ui。");
    expect(other.verdict).toBe("block");
    const own = await go("same-name-own", "manifest.json 里的 name 是什么？", [["run_command", { command: "cat", args: ["manifest.json"] }]], "name 是 core。");
    expect(own).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a count stated in words is compared with the number the command printed", { timeout: 60_000 }, async () => {
    const wrong = await go("count-words", "How many lines does DOCS.md have?", [["run_command", { command: "wc", args: ["-l", "DOCS.md"] }]], "It has three lines.");
    expect(wrong.verdict).toBe("block");
    const right = await go("count-words-ok", "How many lines does DOCS.md have?", [["run_command", { command: "wc", args: ["-l", "DOCS.md"] }]], "It has one line.");
    expect(right).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: an `ls` of several folders or `-R` shows each folder's names under its own heading", { timeout: 60_000 }, async () => {
    const moved = await go("ls-recursive", "Move img/bg.png to img/old/bg.png.", [sh("mkdir -p img/old && mv img/bg.png img/old/bg.png && ls -R img")], "Moved: ls -R img shows img/old/bg.png and no img/bg.png.");
    expect(moved).toMatchObject({ verdict: "pass", status: "completed" });
    // The same listing before the move shows the old name still there.
    const early = await go("ls-recursive-early", "Move img/bg.png to img/old/bg.png.", [sh("mkdir -p img/old && cp img/bg.png img/old/bg.png && ls -R img")], "Moved: ls -R img shows img/old/bg.png.");
    expect(early.verdict).toBe("block");
  });

  it("rule: an honest partial answer (verified part, the rest declared not done by name) completes, the rest listed as not done", { timeout: 60_000 }, async () => {
    const partial = await go("partial-honest", "删除 scratch/ 和 temp/ 两个目录。", [["run_command", { command: "rm", args: ["-rf", "scratch"] }], ["run_command", { command: "ls", args: [] }]], "scratch/ 已删除（ls 不再列出）。temp/ 还没有删除。");
    expect(partial).toMatchObject({ verdict: "pass", status: "completed", guarded: false });
    // The same answer with nothing verified is premature: an explicit "not done" does not stand for work.
    const premature = await go("partial-premature", "删除 scratch/ 和 temp/ 两个目录。", [], "scratch/ 已删除。temp/ 还没有删除。");
    expect(premature.verdict).toBe("block");
    // An answer claiming both done while one is not is refused.
    const overclaim = await go("partial-overclaim", "删除 scratch/ 和 temp/ 两个目录。", [["run_command", { command: "rm", args: ["-rf", "scratch"] }], ["run_command", { command: "ls", args: [] }]], "scratch/ 和 temp/ 都已删除。");
    expect(overclaim.verdict).toBe("block");
  });
});
