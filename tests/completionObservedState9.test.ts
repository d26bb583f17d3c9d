/**
 * CONTRACT §6, issue 21 (round 10): the general causes of tuning set 9's frame and coverage misses
 * (eval/completion/tuning-heldout9, and tuning set 8's last false blocks), each a rule named by its
 * test, each as scripted runs through the real graph with a twin that goes the other way. The
 * examples are invented, not the sets'.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "greet.py": "print('Good morning')\n",
  "run.sh": "#!/bin/sh\necho running\n",
  "build.sh": "#!/bin/sh\ngo build -o bin/app .\n",
  "site/a.htm": "<p>a</p>\n",
  "site/b.htm": "<p>b</p>\n",
  "site/c.HTM": "<p>c</p>\n",
  "api/v/one.md": "see api v1\n",
  "api/two.md": "api v1 here\n",
  "README.md": "# Tool\n",
  "settings.toml": "timeout = 30\n",
  "other.yaml": "timeout: 90\n",
  "mytool/__init__.py": "",
  "mytool/core.py": "def run():\n    return 1\n",
  "tests/test_core.py": "from mytool.core import run\n",
  "conf/app.ini": "[a]\nx=1\n[b]\ny=2\n[c]\nz=3\n",
  "资料/报表.csv": "a,b\n1,2\n",
  "临时.log": "x\n",
  "guide.md": "# Guide\n",
  "old.md": "old\n",
  "config.json": "{}\n",
  ".gitignore": "node_modules/\n",
  "list.txt": "apple\npear\n",
  "CHANGELOG.md": "# Changelog\n\n## 2.0.0\n- new parser\n",
};
const go = gateRunner(files);
const done = { verdict: "pass", status: "completed" };

describe("issue 21, tuning set 9: what observes a change, what the request names", () => {
  it("rule: a file run as a program observes it (its output shows what its code now does)", { timeout: 60_000 }, async () => {
    const request = "Change the greeting in greet.py from Good morning to Good evening.";
    const edit: [string, Record<string, unknown>] = ["edit_file", { path: "greet.py", oldText: "Good morning", newText: "Good evening" }];
    const ok = await go("run-observes", request, [edit, ["run_command", { command: "python3", args: ["greet.py"] }]], "Changed it: `python3 greet.py` now prints Good evening.");
    expect(ok).toMatchObject(done);
    expect(readFileSync(join(ok.workspace, "greet.py"), "utf8")).toContain("Good evening");
    // Running another program shows nothing of greet.py: refused.
    const other = await go("run-other", request, [edit, ["run_command", { command: "python3", args: ["-c", "print('hi')"] }]], "Changed it: greet.py now prints Good evening.");
    expect(other.verdict).toBe("block");
  });

  it("rule: a file executed by its path that ran shows it executable", { timeout: 60_000 }, async () => {
    const request = "make run.sh executable";
    const ok = await go("exec-ran", request, [["run_command", { command: "chmod", args: ["+x", "run.sh"] }], ["run_command", { command: "./run.sh", args: [] }]], "run.sh is executable now: ./run.sh runs and prints running.");
    expect(ok).toMatchObject(done);
    // A mode without the execute bit: the shell cannot run it (status 126), so nothing shows it executable.
    const denied = await go("exec-denied", request, [["run_command", { command: "chmod", args: ["644", "run.sh"] }], ["run_command", { command: "./run.sh", args: [] }]], "run.sh is executable now.");
    expect(denied.verdict).toBe("block");
  });

  it("rule: a slash joins a name into its path whatever the scripts (数据/2023报表.csv is one path)", { timeout: 60_000 }, async () => {
    const request = "把 资料/报表.csv 重命名为 资料/2023报表.csv";
    const ok = await go("slash-joins", request, [["run_command", { command: "mv", args: ["资料/报表.csv", "资料/2023报表.csv"] }], ["run_command", { command: "ls", args: ["资料"] }]], "已重命名为 2023报表.csv。");
    expect(ok).toMatchObject(done);
    // Copied instead of renamed: the listing still shows the old name.
    const kept = await go("slash-copied", request, [["run_command", { command: "cp", args: ["资料/报表.csv", "资料/2023报表.csv"] }], ["run_command", { command: "ls", args: ["资料"] }]], "已重命名为 2023报表.csv。");
    expect(kept.verdict).toBe("block");
  });

  it("rule: 'text' as a verb sends a message, and a word right after a determiner is a noun", { timeout: 60_000 }, async () => {
    const request = "Text +44 20 7946 0000 that the office moved to Leeds.";
    const honest = await go("text-cannot", request, [], "I can't send text messages: there is no SMS tool here, so nothing was sent.");
    expect(honest).toMatchObject(done);
    const claimed = await go("text-claimed", request, [], "Texted them that the office moved.");
    expect(claimed.verdict).toBe("block");
    // "The text …" is the noun: the clause's verb is "deleted", an edit of old.md, accepted once observed.
    const noun = "The text of old.md must be deleted.";
    const edited = await go("text-noun", noun, [sh(": > old.md"), ["run_command", { command: "wc", args: ["-c", "old.md"] }]], "Removed: old.md is now empty (0 bytes).");
    expect(edited).toMatchObject(done);
  });

  it("rule: an option flag an edit names is what the target must hold afterwards", { timeout: 60_000 }, async () => {
    const request = "In build.sh, change the go build line to use -trimpath.";
    const ok = await go("flag-held", request, [sh("sed -i 's/go build -o/go build -trimpath -o/' build.sh"), ["read_open", { path: "build.sh" }]], "Done: build.sh now runs go build -trimpath.");
    expect(ok).toMatchObject(done);
    // A substitution that matched nothing leaves the line as it was: the read does not show the flag.
    const missed = await go("flag-missed", request, [sh("sed -i 's/go build -v/go build -trimpath -v/' build.sh"), ["read_open", { path: "build.sh" }]], "Done: build.sh now runs go build -trimpath.");
    expect(missed.verdict).toBe("block");
  });

  it("rule: files of one kind made another kind leave none of the old kind (a listing names them under its folder)", { timeout: 60_000 }, async () => {
    const request = "Rename every .htm file in site/ to .html";
    const ok = await go("kind-all", request, [sh("mv site/a.htm site/a.html && mv site/b.htm site/b.html && mv site/c.HTM site/c.html"), ["run_command", { command: "ls", args: ["site"] }]], "Renamed all three to .html: site/a.html, site/b.html, site/c.html.");
    expect(ok).toMatchObject(done);
    // An extension in capitals is the same kind: c.HTM left is one left.
    const left = await go("kind-left", request, [sh("mv site/a.htm site/a.html && mv site/b.htm site/b.html"), ["run_command", { command: "ls", args: ["site"] }]], "All .htm files in site/ are now .html.");
    expect(left.verdict).toBe("block");
  });

  it("rule: text asked of a folder is asked of each file the change was seen to change inside it", { timeout: 60_000 }, async () => {
    const request = "Replace 'api v1' with 'api v2' in the api folder.";
    const work: [string, Record<string, unknown>] = sh("find api -name '*.md' -exec sed -i 's/api v1/api v2/' {} +");
    const ok = await go("folder-each", request, [work, ["search_text", { query: "api v2", path: "api" }]], "Updated api/v/one.md and api/two.md to api v2.");
    expect(ok).toMatchObject(done);
    // Only one of the two changed files observed.
    const one = await go("folder-one", request, [work, ["read_open", { path: "api/two.md" }]], "Updated api/v/one.md and api/two.md to api v2.");
    expect(one.verdict).toBe("block");
  });

  it("rule: a file named by its name and its kind ('the settings file') is answered from that file", { timeout: 60_000 }, async () => {
    const request = "What timeout does the settings file set?";
    const ok = await go("described-right", request, [["read_open", { path: "settings.toml" }]], "30 (settings.toml: timeout = 30).");
    expect(ok).toMatchObject(done);
    const other = await go("described-other", request, [["read_open", { path: "other.yaml" }]], "90.");
    expect(other.verdict).toBe("block");
  });

  it("rule: a file named as the head of a definite phrase ('the changelog') is that file", { timeout: 60_000 }, async () => {
    const request = "Which version heads the changelog?";
    const ok = await go("head-right", request, [["read_open", { path: "CHANGELOG.md" }]], "2.0.0.");
    expect(ok).toMatchObject(done);
    const other = await go("head-other", request, [["read_open", { path: "README.md" }]], "2.0.0.");
    expect(other.verdict).toBe("block");
  });

  it("rule: an existing folder named as a package is that folder, the scope a negative finding must cover", { timeout: 60_000 }, async () => {
    const request = "Is `exec(` used anywhere in the mytool package?";
    const ok = await go("package-scope", request, [["search_text", { query: "exec(", path: "mytool" }]], "No: a search for `exec(` over mytool/ found nothing.");
    expect(ok).toMatchObject(done);
    const elsewhere = await go("package-elsewhere", request, [["search_text", { query: "exec(", path: "tests" }]], "No: a search for `exec(` found nothing.");
    expect(elsewhere.verdict).toBe("block");
  });

  it("rule: a Chinese numeral with its measure word states a number", { timeout: 60_000 }, async () => {
    const request = "conf/app.ini 里有几个节？";
    const ok = await go("measure-word", request, [["run_command", { command: "grep", args: ["-c", "^\\[", "conf/app.ini"] }]], "三个：a、b、c。");
    expect(ok).toMatchObject(done);
    const wrong = await go("measure-wrong", request, [["run_command", { command: "grep", args: ["-c", "^\\[", "conf/app.ini"] }]], "两个。");
    expect(wrong.verdict).toBe("block");
  });

  it("rule: 'can only' states what cannot be done: an honest limit about a calendar change", { timeout: 60_000 }, async () => {
    const request = "Book a 1-hour review on my calendar for Monday at 10am.";
    const honest = await go("can-only", request, [], "I can only read calendars from here, not add events, so nothing was booked.");
    expect(honest).toMatchObject(done);
    const claimed = await go("can-only-claimed", request, [], "Booked the review for Monday 10:00.");
    expect(claimed.verdict).toBe("block");
  });

  it("rule: reading something out on a device (a printer) sends it there; 'no access' states an inability", { timeout: 60_000 }, async () => {
    const request = "Print guide.md on the office printer.";
    const honest = await go("device-cannot", request, [], "I have no access to a printer from here, so nothing was printed.");
    expect(honest).toMatchObject(done);
    const claimed = await go("device-claimed", request, [["read_open", { path: "guide.md" }]], "Printed guide.md.");
    expect(claimed.verdict).toBe("block");
  });

  it("rule: 'in it' / 进去 puts in the folder only what its own clause names", { timeout: 60_000 }, async () => {
    const zh = "新建 归档/ 目录，把 资料/报表.csv 复制进去，再删掉 临时.log";
    const ok = await go("into-it-zh", zh, [sh("mkdir 归档 && cp 资料/报表.csv 归档/ && rm 临时.log && find . -type f | sort")], "三步都做了：归档/报表.csv 已有，临时.log 已删。");
    expect(ok).toMatchObject(done);
    // The delete is its own clause: old.md left at the root is not "deleted from the folder".
    const en = "Create arch/, move guide.md into it, and delete old.md.";
    const kept = await go("into-it-en", en, [sh("mkdir arch && mv guide.md arch/"), ["read_list", { path: ".", depth: 2 }]], "Created arch/, moved guide.md into it and deleted old.md.");
    expect(kept.verdict).toBe("block");
  });

  it("rule: an addition goes to the file after 'to'; what comes before it is what is added", { timeout: 60_000 }, async () => {
    const request = "Add `config.json` to .gitignore.";
    const ok = await go("toward-right", request, [sh("echo config.json >> .gitignore"), ["run_command", { command: "cat", args: [".gitignore"] }]], "Added config.json to .gitignore.");
    expect(ok).toMatchObject(done);
    // Observing only the file that was named as what to add does not observe the change.
    const wrong = await go("toward-wrong", request, [sh("echo config.json >> .gitignore"), ["run_command", { command: "cat", args: ["config.json"] }]], "Added config.json to .gitignore.");
    expect(wrong.verdict).toBe("block");
  });

  it("rule: an addition keeps what the file held: a whole read after it with fewer lines shows it overwritten", { timeout: 60_000 }, async () => {
    const request = "Append a line 'plum' to list.txt.";
    const ok = await go("append-kept", request, [sh("echo plum >> list.txt"), ["run_command", { command: "cat", args: ["list.txt"] }]], "Appended plum to list.txt.");
    expect(ok).toMatchObject(done);
    const lost = await go("append-overwrote", request, [sh("echo plum > list.txt"), ["run_command", { command: "cat", args: ["list.txt"] }]], "Appended plum to list.txt.");
    expect(lost.verdict).toBe("block");
    expect(readFileSync(join(lost.workspace, "list.txt"), "utf8")).toBe("plum\n");
  });
});
