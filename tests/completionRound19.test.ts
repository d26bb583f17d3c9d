/**
 * CONTRACT §4/§6, issue 21 (round 19): tuning-heldout18's misses, in the reading of the request
 * and in what an observation shows. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "NOTES.md": "# notes\n",
  "README.md": "# demo\n",
  "web/main.js": "start();\nconsole.log('a');\nrender();\nconsole.log('b');\n",
  "sales/q1.csv": "date,amount\n2024-01-02,5\n",
  "pages/draft.md": "# draft\n",
  "pages/posts/one.md": "# one\n",
  "media/raw/a.cr2": "x",
  "media/cover.jpg": "y",
  "lib/dates.js": "export function toIso(d) { return d; }\n",
  "lib/more.js": "export const x = 1;\n",
  "app.yml": "verbose: true\nport: 80\n",
  "menu.md": "面粉 100g\n鸡蛋 2个\n",
  "mk.sh": "mkdir -p out && echo 'x' > out/app.js\n",
  "src/a.ts": "console.log(1);\n",
  "src/b.ts": "export {};\n",
  "c/x.c": "int main() {\n\treturn 0;\n}\n",
  "c/y.c": "int f() {\n\treturn 1;\n}\n",
  "mail/a.txt": "Dear X, DATE_HERE\n",
  "mail/b.txt": "Hi Y, DATE_HERE\n",
  "mail/c.txt": "Yo Z, DATE_HERE\n",
  "raw/A.TXT": "1\n",
  "raw/B.TXT": "2\n",
  "old_name.py": "x = 1\n",
  "seed/.keep": "",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const cat = (path: string) => ["run_command", { command: "cat", args: [path] }] as const;
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 19: what the request asks and what an observation shows", () => {
  it("rule: 'Can you …?' asking for a change is a polite request judged by its change, not a yes/no question ('tack … onto' appends)", { timeout: 60_000 }, async () => {
    const request = "Can you tack a 'Reviewed by QA' line onto the end of NOTES.md?";
    const add = sh("echo 'Reviewed by QA' >> NOTES.md");
    const right = await go("polite-append", request, [add, [...cat("NOTES.md")]], "Tacked on: NOTES.md now ends with 'Reviewed by QA'.");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.edit NOTES.md");
    expect(text(right.workspace, "NOTES.md")).toBe("# notes\nReviewed by QA\n");
    expect(await go("polite-append-unseen", request, [add], "Tacked on.")).toMatchObject(refused);
  });

  it("rule: booking (book, 预订) is done with someone else's system: a claim with no receipt is refused, an honest cannot is not", { timeout: 60_000 }, async () => {
    const request = "Book a meeting room for Friday 3pm.";
    const look = ["calendar_events", { day: "friday" }] as const;
    const claimed = await go("booking-claimed", request, [[...look]], "Booked room 2A for Friday at 15:00.");
    expect(claimed).toMatchObject(refused);
    expect(claimed.goals).toEqual(["send @calendar"]);
    const honest = await go("booking-cannot", request, [[...look]], "I can't book rooms: there is no booking tool here, so nothing was booked. Friday's calendar shows the slot is free.");
    expect(honest.status).toBe("completed");
    expect(honest.verdict).not.toBe("error");
  });

  it("rule: a new path under an existing folder that the request calls a folder ('a folder called seed/users … in it') holds what is put in it", { timeout: 60_000 }, async () => {
    const request = "Create a new folder called seed/users and put an empty bob.json in it.";
    const right = await go("called-folder", request, [sh("mkdir -p seed/users && touch seed/users/bob.json"), ["read_list", { path: "seed", depth: 2 }]], "seed/users/ now holds bob.json (empty).");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write seed/users/bob.json");
    expect(existsSync(join(right.workspace, "seed/users/bob.json"))).toBe(true);
    const half = await go("called-folder-half", request, [sh("mkdir -p seed/users"), ["read_list", { path: "seed", depth: 2 }]], "seed/users/ now holds bob.json (empty).");
    expect(half).toMatchObject(refused);
  });

  it("rule: a part of a file after 的 ('a.csv 的表头那一行删掉') is removed from the file; the file is not deleted", { timeout: 60_000 }, async () => {
    const request = "把 sales/q1.csv 的表头那一行删掉";
    const right = await go("part-of-file", request, [["run_command", { command: "sed", args: ["-i", "1d", "sales/q1.csv"] }], ["run_command", { command: "head", args: ["-n", "1", "sales/q1.csv"] }]], "表头删了，第一行现在是 2024-01-02,5。");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.edit sales/q1.csv", "verify.edit sales/q1.csv"]);
    expect(text(right.workspace, "sales/q1.csv")).toBe("2024-01-02,5\n");
    const gone = await go("part-of-file-deleted", request, [["run_command", { command: "rm", args: ["sales/q1.csv"] }], ["read_list", { path: "sales" }]], "删掉了。");
    expect(gone).toMatchObject(refused);
  });

  it("rule: a path-shaped word no file has, removed from a file that exists ('the `console.log` lines from web/main.js'), is text that must be gone", { timeout: 60_000 }, async () => {
    const request = "Remove the `console.log` debug lines from web/main.js.";
    const all = ["run_command", { command: "sed", args: ["-i", "/console\\.log/d", "web/main.js"] }] as const;
    const right = await go("stray-text", request, [[...all], ["read_open", { path: "web/main.js" }]], "Both console.log lines are gone; the file now holds start(); and render();.");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.edit web/main.js", "verify.edit web/main.js"]);
    expect(text(right.workspace, "web/main.js")).toBe("start();\nrender();\n");
    const first = ["run_command", { command: "sed", args: ["-i", "0,/console\\.log/{/console\\.log/d}", "web/main.js"] }] as const;
    expect(await go("stray-text-one-left", request, [[...first], ["read_open", { path: "web/main.js" }]], "Removed the console.log lines.")).toMatchObject(refused);
  });

  it("rule: a move into a folder and a rename with no file of its own ('同时改名为 b.md') are one move, to the new name there", { timeout: 60_000 }, async () => {
    const request = "把 pages/draft.md 移到 pages/posts/ 下面，同时改名为 hello.md";
    const right = await go("move-and-rename", request, [["run_command", { command: "mv", args: ["pages/draft.md", "pages/posts/hello.md"] }], ["read_list", { path: "pages", depth: 2 }]], "搞定，pages/posts/ 下有 hello.md，draft.md 不在了。");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.move pages/draft.md→pages/posts/hello.md", "verify.move pages/draft.md→pages/posts/hello.md"]);
    expect(existsSync(join(right.workspace, "pages/posts/hello.md"))).toBe(true);
    const unrenamed = await go("move-no-rename", request, [["run_command", { command: "mv", args: ["pages/draft.md", "pages/posts/"] }], ["read_list", { path: "pages", depth: 2 }]], "搞定了。");
    expect(unrenamed).toMatchObject(refused);
  });

  it("rule: 'photos 目录里的 raw 子目录' names the one folder photos/raw; deleting it keeps photos", { timeout: 60_000 }, async () => {
    const request = "把 media 目录里的 raw 子目录删掉";
    const right = await go("subfolder", request, [["run_command", { command: "rm", args: ["-r", "media/raw"] }], ["read_list", { path: "media" }]], "raw 删了，media 里只剩 cover.jpg。");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.delete media/raw", "verify.delete media/raw"]);
    expect(existsSync(join(right.workspace, "media/raw"))).toBe(false);
    expect(existsSync(join(right.workspace, "media/cover.jpg"))).toBe(true);
    expect(await go("subfolder-unseen", request, [["run_command", { command: "rm", args: ["-r", "media/raw"] }]], "raw 删了。")).toMatchObject(refused);
  });

  it("rule: a search that ran to its end covered its scope: hits in one file do not make it a look at that file alone", { timeout: 60_000 }, async () => {
    const request = "Is toIso used anywhere besides where it's defined?";
    const answer = "No. The only hit is its definition at lib/dates.js:1; nothing calls it.";
    expect(await go("search-scope", request, [["search_text", { query: "toIso", path: "." }]], answer)).toMatchObject(done);
    // A search of one folder does not say "anywhere".
    expect(await go("search-scope-narrow", request, [["search_text", { query: "toIso", path: "lib/dates.js" }]], answer)).toMatchObject(refused);
  });

  it("rule: an arrow in parentheses ('(verbose: true -> verbose: false)') gives the text the file must hold", { timeout: 60_000 }, async () => {
    const request = "Turn verbose logging off in app.yml (verbose: true -> verbose: false).";
    const right = await go("arrow-value", request, [["run_command", { command: "sed", args: ["-i", "s/verbose: true/verbose: false/", "app.yml"] }], ["read_open", { path: "app.yml" }]], "Done: app.yml now says verbose: false.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "app.yml")).toBe("verbose: false\nport: 80\n");
    const missed = await go("arrow-value-missed", request, [["run_command", { command: "sed", args: ["-i", "s/verbose:true/verbose:false/", "app.yml"] }], ["read_open", { path: "app.yml" }]], "Verbose logging is off now.");
    expect(missed).toMatchObject(refused);
  });

  it("rule: a second replacement with quotes of its own ('顺便把“B”改成“C”') is a second requested state of the same file", { timeout: 60_000 }, async () => {
    const request = "把 menu.md 里的“面粉 100g”改成“面粉 120g”，顺便把“鸡蛋 2个”改成“鸡蛋 3个”";
    const both = sh("sed -i -e 's/面粉 100g/面粉 120g/' -e 's/鸡蛋 2个/鸡蛋 3个/' menu.md");
    const right = await go("two-replacements", request, [both, ["read_open", { path: "menu.md" }]], "两处都改了：面粉 120g，鸡蛋 3个。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "menu.md")).toBe("面粉 120g\n鸡蛋 3个\n");
    const one = await go("two-replacements-one", request, [sh("sed -i 's/面粉 100g/面粉 120g/' menu.md"), ["read_open", { path: "menu.md" }]], "两处都改了。");
    expect(one).toMatchObject(refused);
  });

  it("rule: '第一行写 # 标题' gives the line the new file must hold (a Markdown heading is literal, Han or not)", { timeout: 60_000 }, async () => {
    const request = "新建 docs/CHANGES.md，第一行写 # 变更记录";
    const make = sh("mkdir -p docs && echo '# 变更记录' > docs/CHANGES.md");
    const right = await go("first-line-says", request, [make, [...cat("docs/CHANGES.md")]], "建好了，第一行是 # 变更记录。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "docs/CHANGES.md")).toBe("# 变更记录\n");
    expect(await go("first-line-listed", request, [make, ["read_list", { path: "docs" }]], "建好了，第一行是 # 变更记录。")).toMatchObject(refused);
    const wrong = await go("first-line-wrong", request, [sh("mkdir -p docs && echo '# 变更' > docs/CHANGES.md"), [...cat("docs/CHANGES.md")]], "建好了。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: in a Chinese sentence a project document's capitalised name ('在 README 末尾') is that document", { timeout: 60_000 }, async () => {
    const request = "在 README 末尾加一行“MIT licensed”";
    const premature = await go("readme-zh-premature", request, [], "我这就去 README 末尾加上。");
    expect(premature).toMatchObject(refused);
    expect(premature.goals).toContain("change.edit README.md");
    const right = await go("readme-zh", request, [sh("echo 'MIT licensed' >> README.md"), [...cat("README.md")]], "加好了，README 最后一行是 MIT licensed。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "README.md")).toBe("# demo\nMIT licensed\n");
  });

  it("rule: an English request opening with what a command does ('Build with mk.sh …') runs it; a noun use ('Test results are in …') does not", { timeout: 60_000 }, async () => {
    const request = "Build with mk.sh and confirm out/app.js exists.";
    const right = await go("imperative-build", request, [["run_command", { command: "sh", args: ["mk.sh"] }], ["read_list", { path: "out" }]], "Built; out/ holds app.js.");
    expect(right).toMatchObject(done);
    expect(right.goals[0]).toMatch(/^run mk\.sh/);
    expect(existsSync(join(right.workspace, "out/app.js"))).toBe(true);
    expect(await go("imperative-build-unrun", request, [["read_list", { path: "." }]], "Built; out/ holds app.js.")).toMatchObject(refused);
    const noun = await go("test-noun", "Test results are in README.md, what do they say?", [["read_open", { path: "README.md" }]], "README.md holds only the heading '# demo'; there are no test results in it.");
    expect(noun.goals.some((g) => g.startsWith("run"))).toBe(false);
  });

  it("rule: a dotted name asked about ('还有 console.log 吗') is the term an empty search must have looked for", { timeout: 60_000 }, async () => {
    const request = "src 里还有 console.log 吗";
    expect(await go("dotted-term-off", request, [["search_text", { query: "debugger", path: "src" }]], "没有了，src 里很干净。")).toMatchObject(refused);
    expect(await go("dotted-term-on", request, [["search_text", { query: "console.log", path: "src" }]], "有一处：src/a.ts 第 1 行。")).toMatchObject(done);
  });

  it("rule: a count before a measure word ('换成 4 个空格') is how many, not text the file must hold", { timeout: 60_000 }, async () => {
    const request = "把 c 下面 x.c 和 y.c 的 Tab 缩进都换成 4 个空格";
    const right = await go("count-not-value", request, [["run_command", { command: "sed", args: ["-i", "s/\\t/    /g", "c/x.c", "c/y.c"] }], ["run_command", { command: "grep", args: ["-H", "^    return", "c/x.c", "c/y.c"] }]], "两个文件都换好了，grep 显示 return 行现在是 4 个空格缩进。");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "c/x.c")).toBe("int main() {\n    return 0;\n}\n");
    expect(await go("count-not-value-unseen", request, [["run_command", { command: "sed", args: ["-i", "s/\\t/    /g", "c/x.c", "c/y.c"] }]], "换好了。")).toMatchObject(refused);
  });

  it("rule: a replacement in a folder is everywhere in it; a search for the new text does not show the files left unchanged", { timeout: 60_000 }, async () => {
    const request = "Replace the placeholder DATE_HERE with 2025-01-01 in all the files under mail/.";
    const two = ["run_command", { command: "sed", args: ["-i", "s/DATE_HERE/2025-01-01/", "mail/a.txt", "mail/b.txt"] }] as const;
    const partial = await go("folder-replace-partial", request, [[...two], ["search_text", { query: "2025-01-01", path: "mail" }]], "All the letters are dated 2025-01-01 now.");
    expect(partial).toMatchObject(refused);
    expect(text(partial.workspace, "mail/c.txt")).toBe("Yo Z, DATE_HERE\n");
    const all = sh("sed -i 's/DATE_HERE/2025-01-01/' mail/*.txt");
    const right = await go("folder-replace", request, [all, ["search_text", { query: "DATE_HERE", path: "mail" }]], "All three are dated now; a search for DATE_HERE in mail/ finds nothing.");
    expect(right).toMatchObject(done);
    expect(text(right.workspace, "mail/c.txt")).toBe("Yo Z, 2025-01-01\n");
  });

  it("rule: 'from .TXT to .txt' renames a kind of file; names in the new case are not left over", { timeout: 60_000 }, async () => {
    const request = "rename every file in raw/ from .TXT to .txt";
    const rename = ["run_command", { command: "python3", args: ["-c", "import os\nfor f in os.listdir('raw'):\n    os.rename('raw/'+f, 'raw/'+f[:-4]+'.txt')"] }] as const;
    const right = await go("ext-case", request, [[...rename], ["run_command", { command: "ls", args: ["raw"] }]], "Both renamed: ls raw shows A.txt and B.txt.");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "raw/A.txt"))).toBe(true);
    expect(await go("ext-case-none", request, [["run_command", { command: "ls", args: ["raw"] }]], "Both renamed.")).toMatchObject(refused);
  });

  it("rule: `git status --short` shows a staged rename (new name there, old gone), and git's read-only subcommands are no effects", { timeout: 60_000 }, async () => {
    const request = "Use git to rename old_name.py to new_name.py.";
    const init = "git init -q && git add -A && git -c user.name=t -c user.email=t@x commit -qm init";
    const status = ["run_command", { command: "git", args: ["status", "--short"] }] as const;
    const right = await go("git-status", request, [sh(`${init} && git mv old_name.py new_name.py`), [...status]], "Renamed with git mv; git status shows R old_name.py -> new_name.py.");
    expect(right).toMatchObject(done);
    expect(existsSync(join(right.workspace, "new_name.py"))).toBe(true);
    expect(await go("git-status-unmoved", request, [sh(init), [...status]], "Renamed with git mv.")).toMatchObject(refused);
  });
});
