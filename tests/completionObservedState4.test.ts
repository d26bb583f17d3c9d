/**
 * CONTRACT §6, issue 21 (coverage by observed state, whatever the means): the general causes of
 * tuning set 4's misses (eval/completion/tuning-heldout4), each a rule named by its test, each
 * as scripted runs through the real graph with a twin that is refused (premature, or observed
 * showing another state than the one requested). The examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "build/cache.tmp": "x\n",
  "build/keep.txt": "k\n",
  "notes.txt": "n\n",
  "settings.ini": "[main]\nworkers = 4\nlevel = v3\n",
  "media/a.jpg": "A",
  "media/b.jpg": "B",
  "spec/x.spec.js": "it.skip('x', () => {});\n",
  "lib/y.js": "export {};\n",
  "tools/check.sh": "echo 'found 3 issues'\nexit 1\n",
  "tools/ok.sh": "echo 'all clean'\n",
  "tools/run.sh": "#!/bin/sh\necho run\n",
  "app.cfg": "name=x\n# verbose=on\n",
};
const go = gateRunner(files);

describe("issue 21, tuning set 4: what a command's output settles, and what the request asks", () => {
  it("rule: which branch of `test … && echo A || echo B` printed settles the test's status", { timeout: 60_000 }, async () => {
    const gone = await go("branch-gone", "Delete build/cache.tmp", [sh("rm build/cache.tmp"), sh("test -e build/cache.tmp && echo still-here || echo removed")], "Deleted; the check printed removed.");
    expect(gone).toMatchObject({ verdict: "pass", status: "completed" });
    const still = await go("branch-still", "Delete build/cache.tmp", [sh("rm build/keep.txt"), sh("test -e build/cache.tmp && echo still-here || echo removed")], "Deleted it.");
    expect(still.verdict).toBe("block");
  });

  it("rule: a listing step whose status the trace does not show, that printed no failure, succeeded", { timeout: 60_000 }, async () => {
    const ok = await go("ls-semicolon", "Delete notes.txt", [sh("rm notes.txt"), sh("ls; cat settings.ini")], "Deleted notes.txt; the listing no longer shows it.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const premature = await go("ls-semicolon-early", "Delete notes.txt", [sh("ls; cat settings.ini"), sh("rm notes.txt")], "Deleted notes.txt.");
    expect(premature.verdict).toBe("block");
  });

  it("rule: a requested value is held only as a whole word (8 is not in 80)", { timeout: 60_000 }, async () => {
    const wrong = await go("value-80", "Set workers in settings.ini to 8", [sh("sed -i 's/workers = 4/workers = 80/' settings.ini"), ["read_open", { path: "settings.ini" }]], "workers is now 8.");
    expect(wrong.verdict).toBe("block");
    const right = await go("value-8", "Set workers in settings.ini to 8", [sh("sed -i 's/workers = 4/workers = 8/' settings.ini"), ["read_open", { path: "settings.ini" }]], "workers is now 8.");
    expect(right).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: 'replace A with B' asks for B: a read still without B refuses the answer", { timeout: 60_000 }, async () => {
    const missed = await go("replace-miss", "Replace v3 with v4 in settings.ini", [sh("sed -i 's/V3/v4/' settings.ini"), ["read_open", { path: "settings.ini" }]], "settings.ini now says v4.");
    expect(missed.verdict).toBe("block");
    const done = await go("replace-ok", "Replace v3 with v4 in settings.ini", [sh("sed -i 's/v3/v4/' settings.ini"), ["read_open", { path: "settings.ini" }]], "settings.ini now says v4.");
    expect(done).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a path through a dot-folder is one folder, and a file made in it is that folder's file", { timeout: 60_000 }, async () => {
    const ok = await go("dot-folder", "在 .config/tool 里新建 prefs.ini，内容写 mode=dark", [sh("mkdir -p .config/tool && printf 'mode=dark\\n' > .config/tool/prefs.ini && cat .config/tool/prefs.ini")], "已创建 .config/tool/prefs.ini，内容 mode=dark。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    expect(ok.goals).toContain("change.write .config/tool/prefs.ini");
    const other = await go("dot-folder-other", "在 .config/tool 里新建 prefs.ini，内容写 mode=dark", [sh("mkdir -p .config/tool && printf 'mode=light\\n' > .config/tool/prefs.ini && cat .config/tool/prefs.ini")], "已创建，内容 mode=dark。");
    expect(other.verdict).toBe("block");
  });

  it("rule: a file moved into a folder also named as a folder moves from where it is", { timeout: 60_000 }, async () => {
    const ok = await go("move-into", "Move notes.txt into an old/ folder", [sh("mkdir -p old && mv notes.txt old/ && ls old && ls")], "Moved; old lists notes.txt and the root no longer does.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    expect(ok.goals).toContain("change.move notes.txt→old/notes.txt");
    const premature = await go("move-into-blind", "Move notes.txt into an old/ folder", [sh("mkdir -p old && cp notes.txt old/")], "Moved it.");
    expect(premature.verdict).toBe("block");
  });

  it("rule: a question about a name in a named folder is asked of that folder: a listing of it answers, a search elsewhere does not", { timeout: 60_000 }, async () => {
    const listed = await go("folder-question", "media 文件夹里有没有 .png 文件？", [["read_list", { path: "media" }]], "没有，media 里只有 a.jpg 和 b.jpg。");
    expect(listed).toMatchObject({ verdict: "pass", status: "completed" });
    const elsewhere = await go("folder-question-elsewhere", "spec 文件夹里有没有 .skip 的用例？", [["search_text", { query: ".skip", path: "lib" }]], "spec 里没有 .skip。");
    expect(elsewhere.verdict).toBe("block");
  });

  it("rule: a denied problem ('no problems', '没问题') reports success, so it is refused against a failed run", { timeout: 60_000 }, async () => {
    const failed = await go("no-problem-failed", "跑一下 tools/check.sh 看看有没有问题", [["run_command", { command: "sh", args: ["tools/check.sh"] }]], "没问题，检查通过了。");
    expect(failed.verdict).toBe("block");
    const clean = await go("no-problem-clean", "跑一下 tools/ok.sh 看看有没有问题", [["run_command", { command: "sh", args: ["tools/ok.sh"] }]], "没问题，检查通过了。");
    expect(clean).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a chat service (Slack, 钉钉) is a domain of its own: a mail receipt does not cover a post there", { timeout: 60_000 }, async () => {
    const mailed = await go("chat-by-mail", "Post 'build is green' to the #dev channel on Slack.", [["mail_send", { to: "dev@example.com", subject: "build is green", body: "build is green" }]], "Posted it to #dev on Slack.");
    expect(mailed.verdict).toBe("block");
    const honest = await go("chat-cannot", "Post 'build is green' to the #dev channel on Slack.", [], "I cannot post to Slack: there is no Slack tool here, so nothing was posted.");
    expect(honest).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a change the request's reading did not foresee is still to be observed after it", { timeout: 60_000 }, async () => {
    const seen = await go("unforeseen-seen", "Toggle on the verbose line of app.cfg somehow", [sh("sed -i 's/^# verbose=on/verbose=on/' app.cfg && cat app.cfg")], "Uncommented; app.cfg now has verbose=on.");
    expect(seen).toMatchObject({ verdict: "pass", status: "completed" });
    const before = await go("unforeseen-before", "Toggle on the verbose line of app.cfg somehow", [sh("grep verbose app.cfg; sed -i 's/^# verbose=on/verbose=on/' app.cfg")], "Done; app.cfg has verbose=on.");
    expect(before.verdict).toBe("block");
    expect(before.note).toMatch(/app\.cfg/);
  });

  it("rule: a clause giving the content (内容写 …) is what the file before it must hold; a file named in it is content", { timeout: 60_000 }, async () => {
    const ok = await go("content-clause", "新建 tools/init.sh，内容就写一行 sh tools/run.sh", [sh("printf 'sh tools/run.sh\\n' > tools/init.sh"), ["read_open", { path: "tools/init.sh" }]], "已创建 tools/init.sh，内容是 sh tools/run.sh。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    expect(ok.goals).not.toContain("change.write tools/run.sh");
    const other = await go("content-clause-other", "新建 tools/init.sh，内容就写一行 sh tools/run.sh", [sh("printf 'echo hi\\n' > tools/init.sh"), ["read_open", { path: "tools/init.sh" }]], "已创建 tools/init.sh。");
    expect(other.verdict).toBe("block");
  });

  it("rule: a folder emptied and given a file is observed by a listing of it after both changes", { timeout: 60_000 }, async () => {
    const ok = await go("empty-folder", "把 build 文件夹清空，然后在里面放一个 .keep", [sh("rm -f build/* && touch build/.keep && ls -a build")], "build 已清空，只剩 .keep。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const early = await go("empty-folder-early", "把 build 文件夹清空，然后在里面放一个 .keep", [sh("ls -a build; rm -f build/* && touch build/.keep")], "build 已清空，只剩 .keep。");
    expect(early.verdict).toBe("block");
  });

  it("rule: a version the answer states must be one the command printed", { timeout: 60_000 }, async () => {
    const right = await go("version-right", "Which version of node runs here?", [["run_command", { command: "node", args: ["--version"] }]], `node --version printed ${process.version}.`);
    expect(right).toMatchObject({ verdict: "pass", status: "completed" });
    const wrong = await go("version-wrong", "Which version of node runs here?", [["run_command", { command: "node", args: ["--version"] }]], "node --version printed v12.0.1.");
    expect(wrong.verdict).toBe("block");
  });

  it("rule: a file given to a command as its input (`grep p < f`) is a file the command read", { timeout: 60_000 }, async () => {
    const ok = await go("input-redirect", "Toggle on the verbose line of app.cfg somehow", [sh("sed -i 's/^# verbose=on/verbose=on/' app.cfg && grep verbose < app.cfg")], "verbose=on is now set.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const other = await go("input-redirect-other", "Toggle on the verbose line of app.cfg somehow", [sh("sed -i 's/^# verbose=on/verbose=on/' app.cfg && grep workers < settings.ini")], "verbose=on is now set.");
    expect(other.verdict).toBe("block");
  });

  it("rule: a stop word called a folder ('the done folder') is that folder's name", { timeout: 60_000 }, async () => {
    const ok = await go("stopword-folder", "Move notes.txt into the done folder", [sh("mkdir -p done && mv notes.txt done/ && ls done && ls")], "Moved notes.txt into done.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    expect(ok.goals).toContain("change.move notes.txt→done/notes.txt");
    const blind = await go("stopword-folder-blind", "Move notes.txt into the done folder", [sh("mkdir -p done && mv notes.txt done/")], "Moved notes.txt into done.");
    expect(blind.verdict).toBe("block");
  });

  it("rule: a place named inside another (目录下的 … 子目录里) is one nested place", { timeout: 60_000 }, async () => {
    const ok = await go("nested-place", "在 build 目录下的 out 子目录里建一个 run.log", [sh("mkdir -p build/out && touch build/out/run.log && ls build/out")], "已在 build/out 里建好 run.log。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    expect(ok.goals).toContain("change.write build/out/run.log");
    const outer = await go("nested-place-outer", "在 build 目录下的 out 子目录里建一个 run.log", [sh("touch build/run.log && ls build")], "已建好 run.log。");
    expect(outer.verdict).toBe("block");
  });

  it("rule: a new file whose content the request does not describe is asked only to exist; one whose content it describes must be read", { timeout: 60_000 }, async () => {
    const bare = await go("new-bare", "Create todo.md", [sh("touch todo.md && ls")], "Created todo.md; the listing shows it.");
    expect(bare).toMatchObject({ verdict: "pass", status: "completed" });
    const described = await go("new-described", "Create todo.md with a note saying the release is on hold", [sh("printf '# Todo\\nRelease on hold.\\n' > todo.md && ls")], "Created todo.md with the note.");
    expect(described.verdict).toBe("block");
  });

  it("rule: new folders named side by side are each made", { timeout: 60_000 }, async () => {
    const both = await go("side-by-side", "帮我建好 build/x 和 build/y 两个空目录", [sh("mkdir -p build/x build/y && ls build")], "已建好 build/x 和 build/y。");
    expect(both).toMatchObject({ verdict: "pass", status: "completed" });
    const one = await go("side-by-side-one", "帮我建好 build/x 和 build/y 两个空目录", [sh("mkdir -p build/x && ls build")], "已建好 build/x 和 build/y。");
    expect(one.verdict).toBe("block");
  });
});
