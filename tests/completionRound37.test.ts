/**
 * Issue 21, bad input (round 37): what a request leaves unclear is settled by the model's answer,
 * never chosen silently and never by stopping the run before it starts. A name several folders
 * hold, or one mixing alphabets: the answer asks which file is meant (having changed none), or says
 * by path which it is about. A request with no words: the answer asks what is wanted, having done
 * and claimed nothing. A request listing hundreds of paths: each is a goal, and one command over
 * all of them covers them. Each rule is a scripted run through the real graph with a twin going the
 * other way; outcomes are checked on disk. The examples are invented, not the sets'.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentRunState } from "../state/agentRun.js";
import { buildPlannerContext } from "../state/plannerContext.js";
import { buildTaskFrame, goalKey } from "../state/taskFrame.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const CACHE = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`cache/c${String(i + 1).padStart(3, "0")}.tmp`, "x\n"]));
const go = gateRunner({
  "api/app.ini": "port=8000\ndebug=true\n",
  "worker/app.ini": "port=9000\ndebug=true\n",
  "deploy.yaml": "image: web:v1\n",
  "notes.md": "# notes\n",
  "cache/KEEP.md": "keep\n",
  "check.js": "const fs = require('fs'), path = require('path');\nconst dir = process.argv[2];\nlet bad = 0;\nfor (const f of fs.readdirSync(dir)) if (fs.readFileSync(path.join(dir, f), 'utf8').includes('\\t')) { console.log(`${f}: tab indentation`); bad++; }\nconsole.log(`${bad} problem(s)`);\nprocess.exit(bad ? 1 : 0);\n",
  "src/ok.js": "const ok = 1;\n",
  "src/bad.js": "function bad() {\n\treturn 2;\n}\n",
  ".gitignore": "dist/\n",
  "server.log": "INFO up\nERROR a\nWARN b\nERROR c\n",
  "web/page.js": "newApi();\n",
  ...CACHE,
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
type Work = Parameters<typeof go>[2];
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Work[number];
const cached = Object.keys(CACHE);

describe("issue 21, round 37: unclear names, wordless requests and long path lists are settled by the answer", () => {
  it("rule: a name in two folders — asking which one, having changed none, answers; a change to one named by its path is that file's; a silent pick is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "Set debug=false in app.ini";
    const asked = await go("ask", request, [["read_locate", { query: "app.ini" }]], "There are two app.ini files: api/app.ini and worker/app.ini. Which one should I change, or both?");
    expect(asked).toMatchObject(done);
    // Asking after changing one of them excuses nothing: the change is judged by its own goal.
    const sed = run("sed", "-i", "s/^debug=true$/debug=false/", "api/app.ini");
    expect(await go("ask-after", request, [sed], "Which one did you mean? I changed api/app.ini already.")).toMatchObject(refused);
    const named = await go("named", request, [sed, ["read_open", { path: "api/app.ini" }]], "Set debug=false in api/app.ini (worker/app.ini is unchanged); it now reads debug=false.");
    expect(named).toMatchObject(done);
    const silent = await go("silent", request, [sed, ["read_open", { path: "api/app.ini" }]], "Done: debug=false in app.ini.");
    expect(silent).toMatchObject(refused);
    expect(silent.note).toContain("app.ini may be api/app.ini or worker/app.ini");
    expect(existsSync(join(asked.workspace, "api/app.ini")) && existsSync(join(asked.workspace, "worker/app.ini"))).toBe(true);
  });

  it("rule: a name mixing alphabets is read as the file it looks like only when the answer names that file", { timeout: 60_000 }, async () => {
    const request = "what image is in dеploy.yaml?"; // a Cyrillic е
    const read = ["read_open", { path: "deploy.yaml" }] as Work[number];
    expect(await go("mixed-named", request, [read], "Your name has a Cyrillic е; deploy.yaml sets image: web:v1.")).toMatchObject(done);
    expect(await go("mixed-asked", request, [["read_list", { path: "." }]], "No file is named exactly that (the е is Cyrillic). Did you mean deploy.yaml?")).toMatchObject(done);
    const silent = await go("mixed-silent", request, [read], "The image is web:v1.");
    expect(silent).toMatchObject(refused);
    expect(silent.note).toContain("dеploy.yaml may be deploy.yaml: the answer neither says by path");
    // A listing without the mixed name counts as its delete seen done; asking whether the look-alike was meant settles it.
    const listed = ["read_list", { path: "." }] as Work[number];
    expect(await go("mixed-delete-ask", "delete nоtes.md", [listed], "No file has exactly the name you typed (its о is Cyrillic), so I deleted nothing. Did you mean notes.md?")).toMatchObject(done);
  });

  it("rule: a request with no words gets a question back; doing something, or claiming work, is refused (nothing on disk changes by the claim)", { timeout: 60_000 }, async () => {
    expect(await go("wordless-ask", "?!…", [], "That was only punctuation. What would you like me to do?")).toMatchObject(done);
    expect(await go("wordless-claim", "!!!", [], "Done! Everything is tidied up.")).toMatchObject(refused);
    expect(await go("wordless-claim-ask", "!!!", [], "Done, all tidied up. Anything else?")).toMatchObject(refused);
    expect(await go("wordless-unsure", "？？？", [], "I'm not sure what you need from that.")).toMatchObject(done);
    expect(await go("wordless-statement", "???", [], "This is a notes project with one file.")).toMatchObject(refused);
    const acted = await go("wordless-act", "。。。", [run("rm", "notes.md")], "我把没用的 notes.md 删了。还要做什么吗？");
    expect(acted).toMatchObject(refused);
    expect(acted.note).toContain("the request has no words");
    expect(await go("wordless-read", "???", [["read_open", { path: "notes.md" }]], "notes.md only has a heading. Anything else?")).toMatchObject(refused);
  });

  it("rule: a request listing 500 paths is 500 goals; one rm over all, then a listing, covers them; one over half is refused (counted on disk)", { timeout: 120_000 }, async () => {
    const request = `Delete these cache files:\n${cached.join("\n")}`;
    const all = await go("all-500", request, [run("rm", ...cached), ["read_list", { path: "cache" }]], "Deleted all 500 listed files; cache/ now holds only KEEP.md.");
    expect(all).toMatchObject(done);
    expect(all.goals).toHaveLength(1000);
    expect(readdirSync(join(all.workspace, "cache"))).toEqual(["KEEP.md"]);
    const half = await go("half-500", request, [run("rm", ...cached.slice(0, 250)), ["read_list", { path: "cache" }]], "Deleted all 500 listed files.");
    expect(half).toMatchObject(refused);
    expect(readdirSync(join(half.workspace, "cache"))).toHaveLength(251);
    // The refusal names the first goals in full and counts the rest.
    expect(half.note).toMatch(/; and \d+ more \(check cache\/c\d+\.tmp is gone, /u);
    expect(half.note!.length).toBeLessThan(3000);
    // Counting lines across all 500 with one command reads each of them, though its line is longer than an evidence item's text.
    expect(await go("wc-500", `Total line count of these files please: ${cached.join(" ")}`, [run("wc", "-l", ...cached)], "wc -l reports 500 total: each file has 1 line.")).toMatchObject(done);
  });

  it("rule: the planner sees 40 of a long list's goals, open ones first, and counts the rest", () => {
    const built = buildTaskFrame(`Delete these cache files:\n${cached.join("\n")}`, { files: new Set(cached), dirs: new Set(["cache"]) });
    if (!built.ok) throw new Error(built.message);
    const goals = built.frame.goals.map((g, i) => (i < 600 ? { ...g, status: "covered" as const } : g));
    const state = { goal: "Delete these", taskFrame: { ...built.frame, goals }, observations: [], evidence: [], evidenceCount: 0, recovery: { attemptCount: 0, maxAttempts: 3, exhausted: false }, pendingToolCall: null, step: 1 } as unknown as AgentRunState;
    const view = buildPlannerContext(state, [], Number.POSITIVE_INFINITY).currentTaskFrame;
    expect(view.goals).toHaveLength(40);
    expect(view.goals.every((g) => g.status === "open")).toBe(true);
    expect(view.notes.at(-1)).toBe("960 more goals of the same kinds not listed here (360 of them open)");
  });

  it("rule: an order ending in a colon takes the paths listed on the lines after it", () => {
    const files = new Set(["cache/a.tmp", "cache/b.tmp", "cache/keep.txt"]);
    const built = buildTaskFrame("rm all of these, they're stale:\ncache/a.tmp\ncache/b.tmp", { files, dirs: new Set(["cache"]) });
    expect(built.ok && built.frame.goals.map(goalKey)).toEqual(expect.arrayContaining(["change.delete cache/a.tmp", "change.delete cache/b.tmp"]));
  });
});

describe("issue 21, round 37: tuning-heldout36's misses", () => {
  it("rule: the user's own act in a time clause ('before I start editing') is no goal; a comparison naming no files compares the files read (one diff covers it)", { timeout: 60_000 }, async () => {
    const backup = await go("backup", "Make a backup of deploy.yaml as deploy.yaml.bak before I start editing", [run("cp", "deploy.yaml", "deploy.yaml.bak"), run("cmp", "deploy.yaml", "deploy.yaml.bak")], "Backed up to deploy.yaml.bak; `cmp` exits 0, so it is identical.");
    expect(backup).toMatchObject(done);
    expect(backup.goals).not.toContain("change.edit deploy.yaml");
    const request = "api/app.ini 和 worker/app.ini 这两个配置有什么区别？用 diff 看看";
    expect(await go("diff-both", request, [run("diff", "api/app.ini", "worker/app.ini")], "只有端口不同：api 是 port=8000，worker 是 port=9000。")).toMatchObject(done);
    expect(await go("diff-other", request, [run("diff", "api/app.ini", "deploy.yaml")], "只有端口不同：api 是 port=8000，worker 是 port=9000。")).toMatchObject(refused);
  });

  it("rule: a count of the list it gives counts items with notes in brackets; another count is refused", { timeout: 60_000 }, async () => {
    const read = ["read_open", { path: "api/app.ini" }] as Work[number];
    expect(await go("list-count", "api/app.ini 里有哪些设置？", [read], "有 2 个设置：port（8000，端口）、debug（true）。")).toMatchObject(done);
    expect(await go("list-miscount", "api/app.ini 里有哪些设置？", [read], "有 3 个设置：port（8000，端口）、debug（true）。")).toMatchObject(refused);
  });

  it("rule: '好了' opening an answer reports the change; without any word of it done, a quoted state alone does not", { timeout: 60_000 }, async () => {
    const request = "deploy.yaml 里的 image: web:v1 改为 image: web:v2";
    const work: Work = [run("sed", "-i", "s/web:v1/web:v2/", "deploy.yaml"), run("grep", "image", "deploy.yaml")];
    expect(await go("haole", request, work, "好了，grep 显示 image: web:v2。")).toMatchObject(done);
    expect(await go("shown-only", request, work, "grep 显示 image: web:v2。")).toMatchObject(refused);
  });

  it("rule: a file inside a folder a finished command ran over may be named; a file elsewhere may not", { timeout: 60_000 }, async () => {
    const request = "Run the checker: node check.js src";
    const check = run("node", "check.js", "src");
    expect(await go("in-folder", request, [check], "The checker fails (exit 1) with 1 problem: src/bad.js uses tab indentation. src/ok.js is clean.")).toMatchObject(done);
    expect(await go("elsewhere", request, [check], "The checker fails (exit 1) with 1 problem: src/bad.js uses tab indentation. lib/util.js is clean.")).toMatchObject(refused);
    // A search piped into a count shows no file it found.
    expect(await go("piped", "how many files in src call bad()?", [sh("grep -rl 'bad()' src | wc -l")], "1 file: src/bad.js.")).toMatchObject(refused);
  });

  it("rule: 'the line' points back at what the request asked, naming nothing new; a clause giving a cause claims no change (on disk)", { timeout: 60_000 }, async () => {
    const request = "Add node_modules/ to .gitignore with a shell command";
    const work: Work = [run("sed", "-i", "$a node_modules/", ".gitignore"), ["read_open", { path: ".gitignore" }]];
    const appended = await go("the-line", request, work, "I appended the line with sed; .gitignore now ends with node_modules/.");
    expect(appended).toMatchObject(done);
    expect(readFileSync(join(appended.workspace, ".gitignore"), "utf8")).toBe("dist/\nnode_modules/\n");
    expect(await go("the-header", request, work, "I appended the line, and I also rewrote the header. .gitignore now ends with node_modules/.")).toMatchObject(refused);
    const lint = "跑一下检查 node check.js src，看看过没过";
    const check = run("node", "check.js", "src");
    expect(await go("cause", lint, [check], "没通过：node check.js src 以退出码 1 结束，1 个问题。原因是 src/bad.js 用制表符替换了空格。")).toMatchObject(done);
    expect(await go("claimed-fix", lint, [check], "没通过：node check.js src 以退出码 1 结束。我已把 src/bad.js 改成空格缩进了。")).toMatchObject(refused);
  });

  it("rule: 'count the ERROR lines' is not answered by a count of every line; a denial over the whole repository needs more than one file read", { timeout: 60_000 }, async () => {
    const count = "count the ERROR lines in server.log";
    expect(await go("wc-all", count, [run("wc", "-l", "server.log")], "server.log has 4 lines.")).toMatchObject(refused);
    expect(await go("grep-count", count, [run("grep", "-c", "ERROR", "server.log")], "There are 2 ERROR lines.")).toMatchObject(done);
    const anywhere = "整个仓库里还有调用 oldApi() 的地方吗？";
    expect(await go("one-read", anywhere, [["read_open", { path: "web/page.js" }]], "没有了，已经全部换成 newApi()。")).toMatchObject(refused);
    expect(await go("searched", anywhere, [["search_text", { query: "oldApi", path: "." }]], "没有了：在整个仓库里搜 oldApi 没有结果。")).toMatchObject(done);
  });
});
