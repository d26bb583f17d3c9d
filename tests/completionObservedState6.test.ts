/**
 * CONTRACT §6, issue 21 (round 7): the general causes of tuning set 6's false blocks
 * (eval/completion/tuning-heldout6) and of tuning set 5's last ones, each a rule named by its
 * test, each as scripted runs through the real graph (or, for the reader alone, the TaskFrame)
 * with a twin that is refused. The examples are invented, not the sets'.
 */
import { describe, expect, it } from "vitest";
import type { GateScript } from "../bench/taskTable/run.js";
import { buildTaskFrame, goalKey } from "../state/taskFrame.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "文档/说明.md": "# 说明\n",
  "README.md": "# demo\n",
  "src/app.go": "package main\n",
  "docs/usage.md": "usage\n",
  "compose.yml": "services:\n  api:\n    image: node\n    ports:\n      - \"3000:3000\"\n",
  "Makefile": "build:\n\tgo build ./...\n\nlint:\n\tgolangci-lint run\n",
  "package.json": "{\n  \"scripts\": { \"test\": \"vitest run\" }\n}\n",
  "x.txt": "x\n",
  "y.txt": "y\n",
  "done/README": "finished work\n",
  "旧 报告/a.txt": "a\n",
  "旧 报告/b.txt": "b\n",
  "reports/q1.csv": "1\n",
  "reports/q2.csv": "1,2,3,4,5,6,7,8\n",
};
const go = gateRunner(files);

const index = { files: new Set(Object.keys(files)), dirs: new Set(["文档", "src", "docs", "done", "旧 报告", "reports"]) };
const goals = (request: string) => {
  const built = buildTaskFrame(request, index);
  if (!built.ok) throw new Error(built.message);
  return built.frame.goals.map(goalKey);
};

describe("issue 21, tuning set 6: a goal's target is the path the request names as a whole", () => {
  it("rule: a slash joins names of any script into one path (a Han name after `/` is no new word)", { timeout: 60_000 }, async () => {
    expect(goals("把 文档/说明.md 复制到 文档/备份/说明.md")).toContain("change.write 文档/备份/说明.md");
    expect(goals("copy 文档/说明.md to 文档/存档/说明.md")).toContain("change.write 文档/存档/说明.md");
    const work: GateScript["work"] = [sh("mkdir -p 文档/备份 && cp 文档/说明.md 文档/备份/")];
    const checked = await go("han-path-ok", "把 文档/说明.md 复制到 文档/备份/说明.md", [...work, sh("ls 文档/备份")], "已复制到 文档/备份/说明.md，ls 显示它在。");
    expect(checked).toMatchObject({ verdict: "pass", status: "completed" });
    const unchecked = await go("han-path-unchecked", "把 文档/说明.md 复制到 文档/备份/说明.md", [...work, sh("ls 文档")], "已复制到 文档/备份/说明.md。");
    expect(unchecked.verdict).toBe("block");
  });

  it("rule: names joined by slashes that the request calls folders are one new folder, and 'the innermost' is inside it", { timeout: 60_000 }, async () => {
    expect(goals("新建 p/q/r 三层目录，并在最里面放一个空的 .gitkeep 文件")).toEqual(expect.arrayContaining(["change.write p/q/r", "change.write p/q/r/.gitkeep"]));
    expect(goals("Create the nested folders m/n and put an empty .keep in the innermost one")).toEqual(expect.arrayContaining(["change.write m/n", "change.write m/n/.keep"]));
    expect(goals("read the and/or section of README.md")).toEqual(["read README.md"]);
    const request = "新建 p/q/r 三层目录，并在最里面放一个空的 .gitkeep 文件";
    const shown = await go("nested-ok", request, [sh("mkdir -p p/q/r && touch p/q/r/.gitkeep"), sh("find p")], "建好了：find 显示 p、p/q、p/q/r 和 p/q/r/.gitkeep。");
    expect(shown).toMatchObject({ verdict: "pass", status: "completed" });
    const noFile = await go("nested-no-file", request, [sh("mkdir -p p/q/r"), sh("find p")], "建好了：p/q/r 和 .gitkeep 都在。");
    expect(noFile.verdict).toBe("block");
  });

  it("rule: a quoted folder name the request calls a folder is that folder, not content; a folder named beside a file inside it is where that file is", { timeout: 60_000 }, async () => {
    expect(goals("删除 “旧 报告” 文件夹里的 a.txt。")).toEqual(["change.delete 旧 报告/a.txt", "verify.delete 旧 报告/a.txt"]);
    // A folder named beside a file inside it is where the file is: only the file is deleted.
    expect(goals("Delete b.txt from the '旧 报告' folder.")).toEqual(["change.delete 旧 报告/b.txt", "verify.delete 旧 报告/b.txt"]);
    expect(goals("Remove a.txt from the 旧 报告/ folder")).toEqual(["change.delete 旧 报告/a.txt", "verify.delete 旧 报告/a.txt"]);
    const gone = await go("quoted-folder-ok", "删除 “旧 报告” 文件夹里的 a.txt。", [["run_command", { command: "rm", args: ["旧 报告/a.txt"] }], ["run_command", { command: "ls", args: ["旧 报告"] }]], "已删除 a.txt，ls 只剩 b.txt。");
    expect(gone).toMatchObject({ verdict: "pass", status: "completed" });
    const unseen = await go("quoted-folder-unseen", "删除 “旧 报告” 文件夹里的 a.txt。", [["run_command", { command: "rm", args: ["旧 报告/a.txt"] }]], "已删除 a.txt。");
    expect(unseen.verdict).toBe("block");
  });

  it("rule: the value a replacement asks for ends its phrase ('with two spaces' is a count, not a value)", () => {
    const expects = (request: string) => {
      const built = buildTaskFrame(request, index);
      return built.ok ? built.frame.goals.find((g) => g.intent === "change")?.expects : "no frame";
    };
    expect(expects("Replace tabs with two spaces in x.txt.")).toBeUndefined();
    expect(expects("Replace the commas with three semicolons in y.txt")).toBeUndefined();
    expect(expects("Replace x with z in x.txt")).toBe("z");
    expect(expects("replace x with z")).toBe("z");
  });

  it("rule: several files moved into one folder each keep their name there", { timeout: 60_000 }, async () => {
    expect(goals("把 x.txt 和 y.txt 都移动到 done/ 目录下。")).toEqual(expect.arrayContaining(["change.move x.txt→done/x.txt", "change.move y.txt→done/y.txt"]));
    expect(goals("Move x.txt and y.txt into done/")).toEqual(expect.arrayContaining(["change.move x.txt→done/x.txt", "change.move y.txt→done/y.txt"]));
    const both = await go("many-into-ok", "Move x.txt and y.txt into done/", [sh("mv x.txt y.txt done/"), sh("ls done"), sh("ls")], "Moved x.txt and y.txt into done/; ls shows them there and not at the root.");
    expect(both).toMatchObject({ verdict: "pass", status: "completed" });
    const one = await go("many-into-one", "Move x.txt and y.txt into done/", [sh("mv x.txt done/"), sh("ls done"), sh("ls")], "Moved x.txt and y.txt into done/.");
    expect(one.verdict).toBe("block");
  });
});

describe("issue 21, tuning set 6: coverage by what was observed", () => {
  it("rule: an echoed separator splits a command's output between the steps before and after it", { timeout: 60_000 }, async () => {
    // Copied then removed (no `mv` on record): only the root's own listing can show the old name gone.
    const moved = await go("separator-ok", "把 x.txt 移到 done/ 目录里", [sh("cp x.txt done/ && rm x.txt"), sh("ls done; echo '== root =='; ls")], "已把 x.txt 移到 done/：done 下有 x.txt，根目录没有了。");
    expect(moved).toMatchObject({ verdict: "pass", status: "completed" });
    const copied = await go("separator-left", "把 x.txt 移到 done/ 目录里", [sh("cp x.txt done/"), sh("ls done; echo '== root =='; ls")], "已把 x.txt 移到 done/。");
    expect(copied.verdict).toBe("block");
  });

  it("rule: a listing of a folder holding what an effect with no named target changed, printing it, observes it", { timeout: 60_000 }, async () => {
    const request = "move every .txt file in the root into done/";
    const work: GateScript["work"] = [sh("find . -maxdepth 1 -name '*.txt' -exec mv {} done/ \\;")];
    const listed = await go("ancestor-listing-ok", request, [...work, ["read_list", { path: ".", depth: 2 }]], "Moved x.txt and y.txt into done/; the listing shows them under done/ and none at the root.");
    expect(listed).toMatchObject({ verdict: "pass", status: "completed" });
    const elsewhere = await go("ancestor-listing-elsewhere", request, [...work, ["read_list", { path: "src" }]], "Moved x.txt and y.txt into done/.");
    expect(elsewhere.verdict).toBe("block");
    const before = await go("ancestor-listing-before", request, [["read_list", { path: ".", depth: 2 }], ...work], "Moved x.txt and y.txt into done/.");
    expect(before.verdict).toBe("block");
  });

  it("rule: a complete listing of the whole workspace answers whether a file exists, as an empty search does", { timeout: 60_000 }, async () => {
    const full: GateScript["work"] = [["read_list", { path: ".", depth: 4 }]];
    const en = await go("exists-listing-en", "Is there a LICENSE file anywhere in this repo?", full, "No. The full listing shows no LICENSE file.");
    expect(en).toMatchObject({ verdict: "pass", status: "completed" });
    const zh = await go("exists-listing-zh", "仓库里有没有 CHANGELOG 文件？", full, "没有，完整列出的文件里没有 CHANGELOG。");
    expect(zh).toMatchObject({ verdict: "pass", status: "completed" });
    // A depth-1 listing leaves folders unlisted: it cannot say "nowhere".
    const shallow = await go("exists-listing-shallow", "Is there a LICENSE file anywhere in this repo?", [["read_list", { path: "." }]], "No, there is no LICENSE file.");
    expect(shallow.verdict).toBe("block");
    // A question about what files hold is not answered by their names.
    const content = await go("exists-listing-content", "Are there any files that mention vitest?", full, "No, no file mentions vitest.");
    expect(content.verdict).toBe("block");
  });
});

describe("issue 21, tuning set 6: what a question is about", () => {
  it("rule: a question naming a workspace file is answered from that file, whatever its words (web, run)", { timeout: 60_000 }, async () => {
    expect(goals("What port does compose.yml map for the web service?")).toEqual(["read compose.yml"]);
    expect(goals("Makefile 里的 lint 目标执行什么命令？")).toEqual(["read Makefile"]);
    expect(goals("package.json 的 test 脚本运行什么？")).toEqual(["read package.json"]);
    // A polite request ending in a yes/no particle still runs; a verb with a question after something else still runs.
    expect(goals("能帮我跑一下测试吗？")).toEqual(["run #test"]);
    expect(goals("跑一下测试看看有几个失败")).toEqual(["run #test"]);
    expect(goals("what is the latest nginx version on the web?")).toEqual(["lookup @browser"]);
    const read = await go("file-question-ok", "What port does compose.yml map for the web service?", [["read_open", { path: "compose.yml" }]], "The api service maps port 3000 to 3000.");
    expect(read).toMatchObject({ verdict: "pass", status: "completed" });
    const other = await go("file-question-other", "What port does compose.yml map for the web service?", [["read_open", { path: "README.md" }]], "It maps port 3000.");
    expect(other.verdict).toBe("block");
    const zh = await go("file-question-zh", "Makefile 里的 lint 目标执行什么命令？", [["read_open", { path: "Makefile" }]], "lint 目标执行 `golangci-lint run`。");
    expect(zh).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("rule: a question naming nothing, right after a read of named paths, is about them", { timeout: 60_000 }, async () => {
    expect(goals("列出 reports/ 的文件，并告诉我哪个最大。")).toEqual(["read reports"]);
    expect(goals("List docs/ and tell me which file is newest.")).toEqual(["read docs"]);
    const listed = await go("follow-up-ok", "列出 reports/ 的文件，并告诉我哪个最大。", [["read_list", { path: "reports" }]], "reports/ 下有 q1.csv 和 q2.csv，最大的是 q2.csv。");
    expect(listed).toMatchObject({ verdict: "pass", status: "completed" });
    const other = await go("follow-up-other", "列出 reports/ 的文件，并告诉我哪个最大。", [["read_list", { path: "docs" }]], "最大的是 q2.csv。");
    expect(other.verdict).toBe("block");
  });

  it("rule: a change of something outside the workspace (calendar, issues, chat) is an effect in that domain, and an honest cannot about it is not done", { timeout: 60_000 }, async () => {
    expect(goals("帮我约一下周一上午十点的站会，加到大家的日历里")).toEqual(["send @calendar"]);
    expect(goals("Add a standup to my calendar for Monday at 9am")).toEqual(["send @calendar"]);
    expect(goals("Add a line to README.md")).toEqual(["change.edit README.md", "verify.edit README.md"]);
    const cannot = await go("outside-cannot", "帮我约一下周一上午十点的站会，加到大家的日历里", [], "我没有创建日历事件的工具，所以没有约会，也没有改动任何东西。");
    expect(cannot).toMatchObject({ verdict: "pass", status: "completed" });
    const claimed = await go("outside-claimed", "Add a standup to my calendar for Monday at 9am", [], "Added the standup to your calendar for Monday 9am.");
    expect(claimed.verdict).toBe("block");
  });
});
