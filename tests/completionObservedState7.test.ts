/**
 * CONTRACT §6, issue 21 (round 8): the general causes of tuning set 7's misses
 * (eval/completion/tuning-heldout7), each a rule named by its test, each as scripted runs
 * through the real graph with a twin that goes the other way. The examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "notes/todo.md": "buy milk   \nwrite report\n",
  "notes/ideas.md": "colour wheel\n",
  "run/start.sh": "echo start\n",
  "app.conf": "level=info\nport=80\n",
  "keys.txt": "k=1\n",
  "scores.txt": "ann 7\nbob 9\ncid 4\n",
  "hours.txt": "a 1.5\nb 2\n",
  "img/a.gif": "g",
  "img/b.gif": "g",
  "img/c.bmp": "b",
  "page.html": "<h1>Hi</h1>\n",
  "cfg/main.ts": "export const HOST = 'http://127.0.0.1:8080';\n",
  "builds/b7/out.bin": "x",
  "文档/旧.md": "旧\n",
};
const go = gateRunner(files);
const done = { verdict: "pass", status: "completed" };

describe("issue 21, tuning set 7: what a command changes, reads and prints", () => {
  it("rule: an in-place interpreter edit (perl -pi, ruby -i) changes the files it is given", { timeout: 60_000 }, async () => {
    const request = "In notes/ideas.md replace 'colour' with 'color'.";
    const ok = await go("inplace-ok", request, [sh("perl -pi -e 's/colour/color/' notes/ideas.md"), sh("cat notes/ideas.md")], "Replaced colour with color in notes/ideas.md; it now reads 'color wheel'.");
    expect(ok).toMatchObject(done);
    // Without -i perl only prints: nothing changed, and nothing observed after a change.
    const printed = await go("inplace-none", request, [sh("perl -p -e 's/colour/color/' notes/ideas.md")], "Replaced colour with color in notes/ideas.md.");
    expect(printed.verdict).toBe("block");
  });

  it("rule: an interpreter running a script file reads it; the script is not changed by being run", { timeout: 60_000 }, async () => {
    const request = "Create greet.sh that prints hi.";
    const ok = await go("script-run-ok", request, [sh("printf 'echo hi\\n' > greet.sh && cat greet.sh && sh greet.sh")], "Created greet.sh (echo hi); running it prints hi.");
    expect(ok).toMatchObject(done);
    // Round 10: running the script observes it (what it prints is what its code does); printing "hi" by other means does not.
    const unread = await go("script-run-unread", request, [sh("printf 'echo hi\\n' > greet.sh && sh -c 'echo hi'")], "Created greet.sh; running it prints hi.");
    expect(unread.verdict).toBe("block");
  });

  it("rule: an echo piped into the next step prints nothing of its own", { timeout: 60_000 }, async () => {
    const request = "Write 'ready' to state.txt.";
    const ok = await go("piped-echo-ok", request, [sh("echo ready | tee state.txt > /dev/null && cat state.txt")], "state.txt now contains ready.");
    expect(ok).toMatchObject(done);
    // Nothing read the file after it was written: the only `ready` printed is the echo's own.
    const echoed = await go("piped-echo-own", request, [sh("echo ready > state.txt && echo ready")], "state.txt now contains ready.");
    expect(echoed.verdict).toBe("block");
  });

  it("rule: a Han character is no word edge when finding text in what was observed", { timeout: 60_000 }, async () => {
    const request = "把 文档/旧.md 里的内容改成“新版”。";
    const ok = await go("han-edge-ok", request, [sh("printf '这是新版内容\\n' > 文档/旧.md"), sh("cat 文档/旧.md")], "已改好：文档/旧.md 现在是“这是新版内容”。");
    expect(ok).toMatchObject(done);
    const missing = await go("han-edge-missing", request, [sh("printf '这是旧的\\n' > 文档/旧.md"), sh("cat 文档/旧.md")], "已改好：文档/旧.md 现在是新版。");
    expect(missing.verdict).toBe("block");
  });

  it("rule: a requested mode is judged by the mode shown, not by the file's content", { timeout: 60_000 }, async () => {
    const request = "Set the permissions of keys.txt to 640.";
    const ok = await go("mode-ok", request, [sh("chmod 640 keys.txt"), sh("stat -c %a keys.txt")], "keys.txt now has mode 640.");
    expect(ok).toMatchObject(done);
    const listed = await go("mode-ls-ok", request, [sh("chmod 640 keys.txt && ls -l keys.txt")], "keys.txt now has mode 640 (rw-r-----).");
    expect(listed).toMatchObject(done);
    const other = await go("mode-other", request, [sh("chmod 600 keys.txt"), sh("stat -c %a keys.txt")], "keys.txt now has mode 640.");
    expect(other.verdict).toBe("block");
  });

  it("rule: `{}` in a find -exec is a word, not a group the reader cannot follow", { timeout: 60_000 }, async () => {
    const request = "Strip trailing spaces from all .md files in notes/.";
    const work = sh("find notes -name '*.md' -exec sed -i 's/ *$//' {} +");
    const ok = await go("find-exec-ok", request, [work, sh("grep -c ' $' notes/todo.md notes/ideas.md")], "Stripped trailing spaces in notes/todo.md and notes/ideas.md; grep now counts 0 in each.");
    expect(ok).toMatchObject(done);
    const unseen = await go("find-exec-unseen", request, [work, sh("ls run")], "Stripped trailing spaces in notes/todo.md and notes/ideas.md.");
    expect(unseen.verdict).toBe("block");
  });

  it("rule: a command substitution that only reads changes nothing and leaves the rest of the command readable", { timeout: 60_000 }, async () => {
    const request = "Add execute permission to every .sh file under run/.";
    const work = sh("find run -name '*.sh' -exec chmod +x {} +");
    const ok = await go("subst-ok", request, [work, sh("find run -name '*.sh' ! -perm -u+x; echo \"left: $(find run -name '*.sh' ! -perm -u+x | wc -l)\"")], "Every .sh under run is executable now; the check finds 0 left.");
    expect(ok).toMatchObject(done);
    // The same check over another folder observes nothing of what changed.
    const elsewhere = await go("subst-elsewhere", request, [work, sh("find notes -name '*.sh' ! -perm -u+x; echo \"left: $(find notes -name '*.sh' ! -perm -u+x | wc -l)\"")], "Every .sh under run is executable now; the check finds 0 left.");
    expect(elsewhere.verdict).toBe("block");
  });
});

describe("issue 21, tuning set 7: what the request names", () => {
  it("rule: a new name without an extension that something is put in is a folder", { timeout: 60_000 }, async () => {
    const request = "在 notes/草稿 里新建 readme说明.md，内容写 hello。";
    const ok = await go("ext-less-folder-ok", request, [sh("mkdir -p notes/草稿 && echo hello > notes/草稿/readme说明.md"), ["read_open", { path: "notes/草稿/readme说明.md" }]], "已创建 notes/草稿/readme说明.md，内容是 hello。");
    expect(ok).toMatchObject(done);
    const folderOnly = await go("ext-less-folder-only", request, [sh("mkdir -p notes/草稿"), sh("ls notes")], "已创建 notes/草稿/readme说明.md。");
    expect(folderOnly.verdict).toBe("block");
  });

  it("rule: in 'from A to B' with A a plain word, B is the value A becomes, not a path; a place fronted in its own clause belongs to the next", { timeout: 60_000 }, async () => {
    const request = "In cfg/main.ts, change HOST from loopback to db.internal.net.";
    const ok = await go("from-to-ok", request, [sh("sed -i 's#127.0.0.1:8080#db.internal.net:8080#' cfg/main.ts"), ["read_open", { path: "cfg/main.ts" }]], "cfg/main.ts now has HOST = 'http://db.internal.net:8080'.");
    expect(ok).toMatchObject(done);
    // The whole dotted value must be what the file shows after the change, not its first label.
    const wrong = await go("from-to-wrong", request, [sh("sed -i 's#127.0.0.1#db.local#' cfg/main.ts"), ["read_open", { path: "cfg/main.ts" }]], "cfg/main.ts now points HOST at db.internal.net.");
    expect(wrong.verdict).toBe("block");
  });

  it("rule: content written with no file of its own right after a file's change is what that file must hold", { timeout: 60_000 }, async () => {
    const request = "在 notes 目录下新建 plan.txt，里面写上“周五开会”。";
    const read = await go("content-after-ok", request, [sh("printf '%s\\n' '周五开会' > notes/plan.txt"), sh("cat notes/plan.txt")], "已创建 notes/plan.txt，内容是“周五开会”。");
    expect(read).toMatchObject(done);
    // A listing shows the file is there, not what it holds.
    const listed = await go("content-after-listing", request, [sh("printf '%s\\n' '周五开会' > notes/plan.txt"), ["read_list", { path: "notes" }]], "已创建 notes/plan.txt，内容是“周五开会”。");
    expect(listed.verdict).toBe("block");
  });

  it("rule: a thing made under a name the clause gives it, beside only existing paths, is that name; the paths are its sources", { timeout: 60_000 }, async () => {
    const request = "Create a symlink named latest that points to builds/b7.";
    const ok = await go("named-ok", request, [sh("ln -s builds/b7 latest && readlink latest")], "latest now points to builds/b7.");
    expect(ok).toMatchObject(done);
    const unseen = await go("named-unseen", request, [sh("ln -s builds/b7 latest"), sh("ls builds")], "latest now points to builds/b7.");
    expect(unseen.verdict).toBe("block");
  });
});

describe("issue 21, tuning set 7: the answer against what was observed", () => {
  it("rule: an answer reports a change by naming the target and a word the covering observation showed, or by claiming it", { timeout: 60_000 }, async () => {
    const request = "Make a lowercase copy of page.html called lower.html.";
    const work = [sh("tr 'A-Z' 'a-z' < page.html > lower.html"), sh("cat lower.html")] as const;
    const shown = await go("reports-observed-ok", request, [...work], "lower.html holds <h1>hi</h1>.");
    expect(shown).toMatchObject(done);
    const claimed = await go("reports-claimed-ok", "Remove the builds/ directory entirely.", [sh("rm -rf builds"), ["read_list", { path: "." }]], "Wiped builds/ out; the root listing no longer has it.");
    expect(claimed).toMatchObject(done);
    // Naming the file with nothing observed nor any claim of the change is a description, not a report.
    const described = await go("reports-unrelated", request, [...work], "lower.html is an HTML page.");
    expect(described.verdict).toBe("block");
  });

  it("rule: a decimal a computing command printed is compared like a count; sum, average and compute ask a question", { timeout: 60_000 }, async () => {
    const request = "Sum the hours in hours.txt.";
    const work = [sh("awk '{s+=$2} END{print s}' hours.txt")];
    expect(await go("sum-ok", request, work, "Total: 3.5 hours.")).toMatchObject(done);
    expect((await go("sum-wrong", request, work, "Total: 4.5 hours.")).verdict).toBe("block");
  });

  it("rule: a size the answer states needs an observation that measured sizes", { timeout: 60_000 }, async () => {
    const request = "Count the .gif files in img/.";
    const count = [sh("find img -name '*.gif' | wc -l")];
    expect(await go("size-unmeasured", request, count, "There are 2 GIF files in img/, about 3 KB in total.")).toMatchObject({ verdict: "block" });
    expect(await go("size-count-only", request, count, "There are 2 GIF files in img/.")).toMatchObject(done);
    expect(await go("size-measured", request, [...count, sh("du -b img/a.gif img/b.gif")], "There are 2 GIF files in img/, 2 bytes in total (1 byte each).")).toMatchObject(done);
  });

  it("rule: a change the answer says it made to something nothing in the request or the turn mentions did not happen", { timeout: 60_000 }, async () => {
    const request = "Change the heading in page.html to 'Hello'.";
    const work = [sh("sed -i 's#<h1>Hi</h1>#<h1>Hello</h1>#' page.html && cat page.html")];
    expect(await go("extra-claim-ok", request, work, "The heading is now 'Hello'; I updated page.html in place.")).toMatchObject(done);
    expect((await go("extra-claim", request, work, "The heading is now 'Hello', and I also updated the footer links to match.")).verdict).toBe("block");
  });

  it("rule: a value the output printed beside a name is not given to another name", { timeout: 60_000 }, async () => {
    const request = "scores.txt 里谁的分数最高？";
    const work = [sh("sort -k2 -n scores.txt | tail -n 1")];
    expect(await go("value-name-ok", request, work, "最高的是 bob，9 分。")).toMatchObject(done);
    expect((await go("value-name-wrong", request, work, "最高的是 ann，9 分。")).verdict).toBe("block");
    // A label printed beside a sum is not a name the answer must repeat.
    expect(await go("value-label-ok", "Sum the hours in hours.txt.", [sh("awk '{s+=$2} END{print \"total\", s}' hours.txt")], "The hours add up to 3.5.")).toMatchObject(done);
  });

  it("rule: a file the answer names that a listing of its folder showed absent is not there", { timeout: 60_000 }, async () => {
    const request = "img 目录下有哪些 .gif 文件？";
    const work: Parameters<typeof go>[2] = [["read_list", { path: "img" }]];
    expect(await go("listed-ok", request, work, "有 a.gif 和 b.gif 两个。")).toMatchObject(done);
    expect((await go("listed-extra", request, work, "有 a.gif、b.gif 和 c.gif 三个。")).verdict).toBe("block");
    // A name found elsewhere by a later search is where it was found, not a name the listing denies.
    const found = await go("listed-found-elsewhere", "Where is todo.md?", [["read_list", { path: "img" }], sh("find . -name todo.md")], "todo.md is in notes/ (find printed ./notes/todo.md).");
    expect(found).toMatchObject(done);
  });
});
