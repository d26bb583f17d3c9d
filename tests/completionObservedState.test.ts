/**
 * CONTRACT §6, issue 21 item 2 (coverage by observed state, whatever the means): the general
 * causes of the first blind set's misses, each as a scripted run through the real graph.
 * - A command's output is an observation like a listing: a name printed by a command over the
 *   target's directory shows it present; a finished command over that directory that does not
 *   print it shows it gone (`commandListingShows`).
 * - A delete with no named target (a pattern) is observed by a later finished command over
 *   the same scope (`observesScopeOf`), and its goal never reads "check  is gone".
 * - A folder moved with no destination named is a move whose old name must be gone, not a
 *   file to read back.
 * Each pass case has a premature twin (no observation after the effect) that is refused.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";
import { describeGoal } from "../state/taskFrame.js";

const files = { "web/img/a.png": "x", "web/img/b.png": "y", "web/index.html": "<html></html>", "logs/one.log": "1", "logs/two.log": "2", "logs/keep.txt": "k", "notes/old-name.md": "# n\n" };
const run = gateRunner(files);

describe("coverage by observed state: a command's output observes like a listing", () => {
  it("a file renamed by a command, then a command listing its folder without the old name: passes", { timeout: 60_000 }, async () => {
    const out = await run("mv-ls", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "mv", args: ["notes/old-name.md", "notes/new-name.md"] }], ["run_command", { command: "ls", args: ["notes"] }]], "Renamed it; notes now holds new-name.md only.");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("the same rename with no observation after it is refused, and the refusal names no change tool", { timeout: 60_000 }, async () => {
    const out = await run("mv-only", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "mv", args: ["notes/old-name.md", "notes/new-name.md"] }]], "Renamed it.");
    expect(out.verdict).toBe("block");
    expect(out.note).not.toMatch(/move_path|write_file/);
  });

  it("a listing command that still prints the old name contradicts the move: refused", { timeout: 60_000 }, async () => {
    const out = await run("cp-ls", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "cp", args: ["notes/old-name.md", "notes/new-name.md"] }], ["run_command", { command: "ls", args: ["notes"] }]], "Renamed it.");
    expect(out.verdict).toBe("block");
  });
});

describe("a delete with no named target", () => {
  it("files deleted by a pattern, then a command over the same folder: passes", { timeout: 60_000 }, async () => {
    const out = await run("rm-pattern", "delete the log files in logs, keep the txt", [["run_command", { command: "sh", args: ["-c", "rm logs/*.log"] }], ["run_command", { command: "ls", args: ["logs"] }]], "Deleted one.log and two.log; logs holds keep.txt.");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
    expect(out.goals.join(" ")).not.toMatch(/check\s+is gone/);
  });

  it("the same delete with no observation after it is refused, and the goal names what was deleted, not an empty name", { timeout: 60_000 }, async () => {
    const out = await run("rm-only", "delete the log files in logs, keep the txt", [["run_command", { command: "sh", args: ["-c", "rm logs/*.log"] }]], "Deleted them.");
    expect(out.verdict).toBe("block");
    expect(out.note).not.toMatch(/check\s+is gone/);
    expect(describeGoal({ intent: "verify", op: "delete" })).toBe("check what was deleted is gone");
  });
});

describe("a folder as a change target", () => {
  it("a folder renamed by a command (no destination named), then a listing of its parent without it: passes", { timeout: 60_000 }, async () => {
    const out = await run("dir-mv", "把 web/img 目录改名", [["run_command", { command: "mv", args: ["web/img", "web/images"] }], ["read_list", { path: "web" }]], "已把 web/img 改名为 web/images，web 下已没有 img。");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
    expect(out.note ?? "").not.toMatch(/read back web\/img/);
  });

  it("the same folder rename with no observation after it is refused", { timeout: 60_000 }, async () => {
    const out = await run("dir-mv-only", "把 web/img 目录改名", [["run_command", { command: "mv", args: ["web/img", "web/images"] }]], "已改名。");
    expect(out.verdict).toBe("block");
  });
});

describe("a Chinese verb with its complement is read as the verb", () => {
  it("发到 (send to) makes a send goal, so a premature 'sent' answer with no receipt is refused", { timeout: 60_000 }, async () => {
    const out = await run("send-zh", "把 notes/old-name.md 发到 a@example.com", [], "已发送到 a@example.com。");
    expect(out.goals.some((g) => g.startsWith("send"))).toBe(true);
    expect(out.verdict).toBe("block");
  });
});

describe("issue 21, tuning set 2: correct work by any means completes, premature answers still block", () => {
  const more = { "cfg/app.env": "MODE=fast\nPORT=80\n", "cfg/other.env": "X=1\n", "bin/run": "#!/bin/sh\necho run\n", "docs/guide.md": "# Guide\n" };
  const go = gateRunner({ ...files, ...more });

  it("rule: the reading step after the changing step of one command observes the target; one before it does not", { timeout: 60_000 }, async () => {
    const ok = await go("compound", 'Add the line "LOG=json" to cfg/app.env', [sh("echo 'LOG=json' >> cfg/app.env && cat cfg/app.env")], "Added LOG=json; the file now ends with it.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const early = await go("compound-early", 'Add the line "LOG=json" to cfg/app.env', [sh("cat cfg/app.env && echo 'LOG=json' >> cfg/app.env")], "Added LOG=json.");
    expect(early.verdict).toBe("block");
    expect(early.note).not.toMatch(/write_file|edit_file/);
  });

  it("rule: test -e exiting 1 after rm shows the file gone; a test of another file does not", { timeout: 60_000 }, async () => {
    const ok = await go("rm-test", "delete docs/guide.md", [sh("rm docs/guide.md"), ["run_command", { command: "test", args: ["-e", "docs/guide.md"] }]], "Deleted docs/guide.md; test -e now fails.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const other = await go("rm-test-other", "delete docs/guide.md", [sh("rm docs/guide.md"), ["run_command", { command: "test", args: ["-e", "cfg/app.env"] }]], "Deleted it.");
    expect(other.verdict).toBe("block");
  });

  it("rule: a value printed by a reading command after the change observes an edit with no quoted text; a change with no named target is observed only where it acted", { timeout: 60_000 }, async () => {
    const ok = await go("sed-grep", "在 cfg/app.env 里把 MODE 改成 slow", [sh("sed -i 's/MODE=fast/MODE=slow/' cfg/app.env"), sh("grep MODE cfg/app.env")], "已改为 MODE=slow，grep 显示 MODE=slow。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const elsewhere = await go("sed-elsewhere", "把 MODE 改成 slow", [sh("sed -i 's/MODE=fast/MODE=slow/' cfg/app.env"), ["read_open", { path: "cfg/other.env" }]], "已改好并确认。");
    expect(elsewhere.verdict).toBe("block");
    const there = await go("sed-there", "把 MODE 改成 slow", [sh("sed -i 's/MODE=fast/MODE=slow/' cfg/app.env"), ["read_open", { path: "cfg/app.env" }]], "已改为 MODE=slow。");
    expect(there).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: an unquoted value an edit sets something to is the requested state: a read that lacks it refuses the answer", { timeout: 60_000 }, async () => {
    const missed = await go("sed-nomatch", "Change MODE in cfg/app.env to slow", [sh("sed -i 's/MODE=quick/MODE=slow/' cfg/app.env"), ["read_open", { path: "cfg/app.env" }]], "Changed MODE to slow.");
    expect(missed.verdict).toBe("block");
    const done = await go("sed-match", "Change MODE in cfg/app.env to slow", [sh("sed -i 's/MODE=fast/MODE=slow/' cfg/app.env"), ["read_open", { path: "cfg/app.env" }]], "Changed MODE to slow.");
    expect(done).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a copy is shown by a listing that has it; a copy never observed is refused", { timeout: 60_000 }, async () => {
    const ok = await go("cp-ls", "Copy docs/guide.md to docs/guide.bak.md", [sh("cp docs/guide.md docs/guide.bak.md"), ["read_list", { path: "docs" }]], "Copied; docs lists guide.bak.md.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const blind = await go("cp-only", "Copy docs/guide.md to docs/guide.bak.md", [sh("cp docs/guide.md docs/guide.bak.md")], "Copied.");
    expect(blind.verdict).toBe("block");
  });

  it("rule: a mode change alone is observed by a long listing, not by a short one", { timeout: 60_000 }, async () => {
    const ok = await go("chmod-ls-l", "把 bin/run 设置成可执行", [sh("chmod +x bin/run"), sh("ls -l bin")], "已设为可执行，ls -l 显示 x 权限。");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const short = await go("chmod-ls", "把 bin/run 设置成可执行", [sh("chmod +x bin/run"), sh("ls bin")], "已设为可执行。");
    expect(short.verdict).toBe("block");
  });

  it("rule: an honest cannot about a send with no tool for it is delivered as not done", { timeout: 60_000 }, async () => {
    const out = await go("cannot-send", "给团队发个消息，说明天停机维护。", [], "抱歉，我没有发消息的工具，所以没有发出任何消息。");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
  });
});

describe("issue 21, tuning set 3: what the answer says must agree with what was observed", () => {
  const more = { "a.md": "alpha\n", "b.md": "alpha\n", "verify.sh": "echo 'not ok 1'\nexit 1\n", "src/util.js": "// FIXME later\nexport {};\n", "rows.csv": "h\n1\n2\n", "notes.md": "We sent teh file.\n", ".npmrc": "save=true\n", "tmpdir/x.bak": "1", "tmpdir/y.bak": "2", "tmpdir/keep.dat": "k", "inbox/data.csv": "a,b\n", "inbox/other.txt": "o\n" };
  const go = gateRunner({ ...files, ...more });

  it("rule: files listed side by side as the places of an edit are each edited, so each must be observed", { timeout: 60_000 }, async () => {
    const both = await go("two-places", "在 a.md 和 b.md 里都把 alpha 改成 beta", [sh("sed -i 's/alpha/beta/' a.md b.md"), sh("cat a.md b.md")], "两个文件都改成 beta 了。");
    expect(both.goals).toEqual(expect.arrayContaining(["change.edit a.md", "change.edit b.md"]));
    expect(both).toMatchObject({ verdict: "pass", status: "completed" });
    const one = await go("two-places-one-seen", "在 a.md 和 b.md 里都把 alpha 改成 beta", [sh("sed -i 's/alpha/beta/' a.md b.md"), sh("cat a.md")], "两个文件都改成 beta 了。");
    expect(one.verdict).toBe("block");
  });

  it("rule: a run reported as a success although its exit status says it failed is refused", { timeout: 60_000 }, async () => {
    const claimed = await go("run-failed-claimed", "run verify.sh", [["run_command", { command: "sh", args: ["verify.sh"] }]], "Everything passed.");
    expect(claimed.verdict).toBe("block");
    expect(claimed.note).toMatch(/exited with code 1/);
    const told = await go("run-failed-told", "run verify.sh", [["run_command", { command: "sh", args: ["verify.sh"] }]], "It failed with exit code 1: not ok 1.");
    expect(told).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a denial while the search found matches (naming none of them) is refused", { timeout: 60_000 }, async () => {
    const denied = await go("deny-hit", "Is there any FIXME in src?", [["search_text", { query: "FIXME", path: "src" }]], "No, there is none.");
    expect(denied.verdict).toBe("block");
    const found = await go("admit-hit", "Is there any FIXME in src?", [["search_text", { query: "FIXME", path: "src" }]], "Yes: src/util.js has one on line 1.");
    expect(found).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a count other than the one number the counting command printed is refused", { timeout: 60_000 }, async () => {
    const wrong = await go("count-wrong", "How many lines does rows.csv have?", [sh("wc -l rows.csv")], "It has 5 lines.");
    expect(wrong.verdict).toBe("block");
    const right = await go("count-right", "How many lines does rows.csv have?", [sh("wc -l rows.csv")], "It has 3 lines.");
    expect(right).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: clock times that no record of the turn shows are refused", { timeout: 60_000 }, async () => {
    const wrong = await go("time-wrong", "What's on my calendar today?", [["calendar_events", { day: "today" }]], "A standup at 9:30.");
    expect(wrong.verdict).toBe("block");
    const right = await go("time-right", "What's on my calendar today?", [["calendar_events", { day: "today" }]], "One event: the standup at 10:00.");
    expect(right).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a repair's lone quote is the fault to remove, so a read without it passes and a read still holding it is refused", { timeout: 60_000 }, async () => {
    const fixed = await go("fix-fault", "Fix the typo 'teh' in notes.md", [["edit_file", { path: "notes.md", oldText: "teh", newText: "the" }], ["read_open", { path: "notes.md" }]], "Fixed: notes.md now says 'We sent the file.'");
    expect(fixed).toMatchObject({ verdict: "pass", status: "completed" });
    const kept = await go("fix-fault-kept", "Fix the typo 'teh' in notes.md", [["edit_file", { path: "notes.md", oldText: "sent", newText: "mailed" }], ["read_open", { path: "notes.md" }]], "Fixed the typo.");
    expect(kept.verdict).toBe("block");
  });

  it("rule: something added to the one existing file named is added to that file, not created as a path", { timeout: 60_000 }, async () => {
    const ok = await go("add-to-file", "Add dist/ to the .npmrc", [sh("echo 'dist/' >> .npmrc"), sh("grep -c '^dist/$' .npmrc")], "Added dist/ to .npmrc.");
    expect(ok.goals.join(" ")).not.toMatch(/\bdist\b/);
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const blind = await go("add-to-file-blind", "Add dist/ to the .npmrc", [sh("echo 'dist/' >> .npmrc")], "Added dist/ to .npmrc.");
    expect(blind.verdict).toBe("block");
  });

  it("rule: a dot-name written as a kind of file names files by pattern, observed where the effect acted; a match still printed there is one left", { timeout: 60_000 }, async () => {
    const ok = await go("pattern-rm", "Delete all the .bak files in the tmpdir folder, keep the rest.", [sh("rm tmpdir/*.bak"), sh("find tmpdir -type f")], "Deleted x.bak and y.bak; keep.dat is still there.");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const blind = await go("pattern-rm-blind", "Delete all the .bak files in the tmpdir folder, keep the rest.", [sh("rm tmpdir/*.bak")], "Deleted them.");
    expect(blind.verdict).toBe("block");
    const left = await go("pattern-rm-left", "Delete all the .bak files in the tmpdir folder, keep the rest.", [sh("rm tmpdir/x.bak"), sh("find tmpdir -type f")], "Deleted all the .bak files.");
    expect(left.verdict).toBe("block");
  });

  it("rule: 'in it' places a file in the one folder the request names", { timeout: 60_000 }, async () => {
    const ok = await go("in-it", "Create a cachedir directory with an empty .keep file in it.", [sh("mkdir -p cachedir && touch cachedir/.keep"), sh("test -e cachedir/.keep && echo yes")], "Created cachedir/.keep.");
    expect(ok.goals.join(" ")).toMatch(/cachedir\/\.keep/);
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const blind = await go("in-it-blind", "Create a cachedir directory with an empty .keep file in it.", [sh("mkdir -p cachedir && touch cachedir/.keep")], "Created it.");
    expect(blind.verdict).toBe("block");
  });

  it("rule: of two places, the one holding the named file is where it is, the other where it goes", { timeout: 60_000 }, async () => {
    const ok = await go("source-place", "用命令把 inbox 目录下的 data.csv 移到 processed 目录里", [sh("mkdir -p processed && mv inbox/data.csv processed/data.csv && ls inbox processed")], "已移动：processed 里有 data.csv，inbox 里只剩 other.txt。");
    expect(ok.goals).toContain("change.move inbox/data.csv→processed/data.csv");
    expect(ok).toMatchObject({ verdict: "pass", status: "completed" });
    const blind = await go("source-place-blind", "用命令把 inbox 目录下的 data.csv 移到 processed 目录里", [sh("mkdir -p processed && mv inbox/data.csv processed/data.csv")], "已移动。");
    expect(blind.verdict).toBe("block");
  });

  it("rule: trimming is a change and posting is a send, so a claim with no work at all is refused", { timeout: 60_000 }, async () => {
    const trim = await go("trim-claim", "Trim the trailing spaces in every text file.", [], "Done, trailing spaces trimmed.");
    expect(trim.verdict).toBe("block");
    const post = await go("post-claim", "Post the changelog to the team chat.", [], "Posted the changelog to the team chat.");
    expect(post.verdict).toBe("block");
    const honest = await go("post-cannot", "Post the changelog to the team chat.", [], "I can't post to the team chat: there is no tool for it here, so nothing was posted.");
    expect(honest).toMatchObject({ verdict: "pass", status: "completed" });
  });
});
