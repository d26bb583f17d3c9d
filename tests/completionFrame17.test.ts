/**
 * CONTRACT §6, issue 21 (round 17, frame side): tuning-heldout16's misses where the request's
 * reading asked for the wrong thing. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "web/static/logo.svg": "<svg/>\n",
  "NOTICE": "v1\n",
  "CHANGES.txt": "- first\n",
  "a.css": "p {\n\tcolor: red;\n}\n",
  "b.css": "h1 {\n\tmargin: 0;\n}\n",
  "cache.db": "rows\n",
  ".gitignore": "node_modules/\n",
  "old.log": "x\n",
  "keep.log": "y\n",
  "build/out.js": "1\n",
  "build/out.map": "2\n",
  "dos.txt": "one\r\ntwo\r\n",
  "tools/old/gen.sh": "echo gen\n",
  "pkg/app.tgz": "bytes\n",
  "i18n/greeting.txt": "hi = 你好\n",
  "main.js": "run();\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const cat = (path: string) => ["run_command", { command: "cat", args: [path] }] as const;

describe("issue 21, round 17: what the reading asks for", () => {
  it("rule: `./web/static` names the existing folder, so a file made in it is one path", { timeout: 60_000 }, async () => {
    const request = "在 ./web/static 里新建 robots.txt，内容是 User-agent: *";
    const make = sh("printf 'User-agent: *\\n' > web/static/robots.txt");
    const right = await go("dot-slash-folder", request, [make, [...cat("web/static/robots.txt")]], "建好了 web/static/robots.txt，内容是 User-agent: *");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write web/static/robots.txt");
    expect(readFileSync(join(right.workspace, "web/static/robots.txt"), "utf8")).toBe("User-agent: *\n");
    // The same file made at the top level is not what was asked.
    const wrong = await go("dot-slash-folder-root", request, [sh("printf 'User-agent: *\\n' > robots.txt"), [...cat("robots.txt")]], "建好了 robots.txt。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: 'a directory structure: a/b/c with an x.ts inside' names a/b/c/x.ts", { timeout: 60_000 }, async () => {
    const request = "Set up a folder structure: lib/widgets/Card with a card.ts inside that exports Card";
    const make = sh("mkdir -p lib/widgets/Card && echo 'export const Card = 1;' > lib/widgets/Card/card.ts");
    const right = await go("structure-inside", request, [make, ["read_open", { path: "lib/widgets/Card/card.ts" }]], "Created lib/widgets/Card/card.ts exporting Card.");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write lib/widgets/Card/card.ts");
    expect(existsSync(join(right.workspace, "lib/widgets/Card/card.ts"))).toBe(true);
    expect(await go("structure-inside-unseen", request, [make], "Created lib/widgets/Card/card.ts exporting Card.")).toMatchObject(refused);
  });

  it("rule: 'overwrite' writes the file", { timeout: 60_000 }, async () => {
    const request = "overwrite NOTICE with v2";
    const right = await go("overwrite", request, [["write_file", { path: "NOTICE", content: "v2\n", overwrite: true }], ["read_open", { path: "NOTICE" }]], "NOTICE now says v2.");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write NOTICE");
    expect(readFileSync(join(right.workspace, "NOTICE"), "utf8")).toBe("v2\n");
    // A write is a change: its own result is no observation of it.
    expect(await go("overwrite-unseen", request, [["write_file", { path: "NOTICE", content: "v2\n", overwrite: true }]], "NOTICE now says v2.")).toMatchObject(refused);
  });

  it("rule: a rename to a bare name ending its clause before 'and' moves the file there", { timeout: 60_000 }, async () => {
    const request = "Rename CHANGES.txt to CHANGELOG and then make sure it's there";
    const mv = ["run_command", { command: "mv", args: ["CHANGES.txt", "CHANGELOG"] }] as const;
    const right = await go("rename-bare-and", request, [[...mv], ["read_list", { path: "." }]], "Renamed: the listing shows CHANGELOG and no CHANGES.txt.");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.move CHANGES.txt→CHANGELOG");
    expect(existsSync(join(right.workspace, "CHANGELOG"))).toBe(true);
    expect(existsSync(join(right.workspace, "CHANGES.txt"))).toBe(false);
    // A copy leaves the old name: the listing shows the rename not done.
    const copied = await go("rename-bare-and-copied", request, [["run_command", { command: "cp", args: ["CHANGES.txt", "CHANGELOG"] }], ["read_list", { path: "." }]], "Renamed to CHANGELOG.");
    expect(copied).toMatchObject(refused);
  });

  it("rule: a request that corrects itself ('… actually no, in b.css') asks only for the corrected path", { timeout: 60_000 }, async () => {
    const request = "indent a.css with 2 spaces instead of tabs... actually no, b.css";
    const edit = sh("sed -i 's/\\t/  /g' b.css");
    const right = await go("self-correction", request, [edit, [...cat("b.css")]], "Done in b.css only; it now indents with two spaces.");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.includes("a.css"))).toBe(false);
    expect(readFileSync(join(right.workspace, "b.css"), "utf8")).toBe("h1 {\n  margin: 0;\n}\n");
    expect(readFileSync(join(right.workspace, "a.css"), "utf8")).toContain("\t");
    // The corrected file changed with nothing seen after it is still unverified.
    expect(await go("self-correction-unseen", request, [edit], "Done in b.css.")).toMatchObject(refused);
  });

  it("rule: a forbidden verb ('but don't delete it') asks for nothing to be done to its object", { timeout: 60_000 }, async () => {
    const request = "add cache.db to .gitignore, but don't delete cache.db";
    const add = sh("echo cache.db >> .gitignore");
    const right = await go("forbidden-verb", request, [add, [...cat(".gitignore")], ["read_list", { path: "." }]], "Added: .gitignore now lists cache.db, and cache.db is still there.");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.includes("delete"))).toBe(false);
    expect(existsSync(join(right.workspace, "cache.db"))).toBe(true);
    expect(await go("forbidden-verb-unseen", request, [add], "Added cache.db to .gitignore.")).toMatchObject(refused);
  });

  it("rule: 'X 不要了' deletes X; its own clause, not the rename before it", { timeout: 60_000 }, async () => {
    const request = "old.log 不要了，删掉；keep.log 改名成 kept.log。弄完列一下目录";
    const work = [["run_command", { command: "rm", args: ["old.log"] }], ["run_command", { command: "mv", args: ["keep.log", "kept.log"] }], ["read_list", { path: "." }]] as const;
    const right = await go("no-longer-wanted", request, work.map((w) => [...w]) as never, "old.log 删了，keep.log 改名成了 kept.log，目录里已看不到 old.log 和 keep.log。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.delete old.log");
    expect(existsSync(join(right.workspace, "old.log"))).toBe(false);
    // Only the rename done: the unwanted file is still listed.
    const half = await go("no-longer-wanted-kept", request, [["run_command", { command: "mv", args: ["keep.log", "kept.log"] }], ["read_list", { path: "." }]], "都弄好了。");
    expect(half).toMatchObject(refused);
  });

  it("rule: what is inside a folder deleted, the folder kept: a listing of it showing it empty", { timeout: 60_000 }, async () => {
    const request = "把 build 目录里的东西都清掉，目录本身留着";
    const right = await go("folder-contents", request, [sh("rm -rf build/*"), ["read_list", { path: "build" }]], "清好了，build 还在，现在是空的。");
    expect(right).toMatchObject(done);
    expect(readdirSync(join(right.workspace, "build"))).toEqual([]);
    // One file removed, one left: the listing shows it not done.
    const partial = await go("folder-contents-partial", request, [sh("rm build/out.js"), ["read_list", { path: "build" }]], "清好了，build 现在是空的。");
    expect(partial).toMatchObject(refused);
  });

  it("rule: what a conversion makes is a form ('from CRLF to LF'), not text the file must hold", { timeout: 60_000 }, async () => {
    const request = "convert dos.txt from CRLF to LF";
    const edit = sh("sed -i 's/\\r$//' dos.txt");
    const right = await go("conversion", request, [edit, sh("od -c dos.txt | head -n 2")], "Converted: od shows only \\n line ends now.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "dos.txt"), "utf8")).toBe("one\ntwo\n");
    expect(await go("conversion-unseen", request, [edit], "Converted dos.txt to LF.")).toMatchObject(refused);
  });

  it("rule: a destination under a new folder inside an existing one (`tools/archive/old`) is a path", { timeout: 60_000 }, async () => {
    const request = "把 tools/old 挪到 tools/archive/old";
    const mv = sh("mkdir -p tools/archive && mv tools/old tools/archive/old");
    const right = await go("nested-destination", request, [mv, ["read_list", { path: "tools", depth: 3 }]], "挪好了：tools 下现在是 archive/old/gen.sh，原来的 tools/old 不在了。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.move tools/old→tools/archive/old");
    expect(existsSync(join(right.workspace, "tools/archive/old/gen.sh"))).toBe(true);
    expect(existsSync(join(right.workspace, "tools/old"))).toBe(false);
    // Copied, not moved: the listing still shows the old one.
    const copied = await go("nested-destination-copied", request, [sh("mkdir -p tools/archive && cp -r tools/old tools/archive/old"), ["read_list", { path: "tools", depth: 3 }]], "挪好了。");
    expect(copied).toMatchObject(refused);
  });

  it("rule: 'give me the md5 of X' asks for an answer about X, which a command's output gives", { timeout: 60_000 }, async () => {
    const request = "give me the md5 of pkg/app.tgz for the release notes";
    const right = await go("give-me", request, [["run_command", { command: "md5sum", args: ["pkg/app.tgz"] }]], "md5(pkg/app.tgz) is in the output above.");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.startsWith("change"))).toBe(false);
    expect(readFileSync(join(right.workspace, "pkg/app.tgz"), "utf8")).toBe("bytes\n");
    // Nothing observed: the figure is a guess.
    expect(await go("give-me-unseen", request, [], "It is 3f1e0b.")).toMatchObject(refused);
  });

  it("rule: Han text set apart after 改成 and ending the clause is the text the file must hold", { timeout: 60_000 }, async () => {
    const request = "把 i18n/greeting.txt 里 hi 的翻译改成 您好呀";
    // The sed misses (the file has 你好, not 您好): the cat shows the old text.
    const missed = await go("han-value-missed", request, [sh("sed -i 's/= 您好$/= 您好呀/' i18n/greeting.txt"), [...cat("i18n/greeting.txt")]], "已改成「您好呀」。");
    expect(missed).toMatchObject(refused);
    expect(readFileSync(join(missed.workspace, "i18n/greeting.txt"), "utf8")).toBe("hi = 你好\n");
    const right = await go("han-value", request, [sh("sed -i 's/= 你好$/= 您好呀/' i18n/greeting.txt"), [...cat("i18n/greeting.txt")]], "已改成「您好呀」。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "i18n/greeting.txt"), "utf8")).toBe("hi = 您好呀\n");
  });

  it("rule: quoted text asked to open a file ('as the first line') must be its first line", { timeout: 60_000 }, async () => {
    const request = "put 'use strict'; as the first line of main.js";
    const appended = await go("leads-appended", request, [sh("printf \"'use strict';\\n\" >> main.js"), [...cat("main.js")]], "main.js now starts with 'use strict';.");
    expect(appended).toMatchObject(refused);
    expect(readFileSync(join(appended.workspace, "main.js"), "utf8")).toBe("run();\n'use strict';\n");
    const right = await go("leads", request, [sh("sed -i \"1i 'use strict';\" main.js"), [...cat("main.js")]], "main.js now starts with 'use strict';.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "main.js"), "utf8")).toBe("'use strict';\nrun();\n");
  });
});
