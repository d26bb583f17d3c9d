/**
 * CONTRACT §6, issue 21 (round 13, frame side): tuning-heldout12's misses where the request's
 * reading asked for the wrong thing. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "infra/hosts.ini": "[db]\ndb1.example.org\ndb2.example.org\n",
  ".gitignore": "node_modules/\n",
  "notes/ideas.md": "- dark mode\n",
  "todo.txt": "buy milk\ncall dentist\n",
  "README.md": "# demo\n",
  "docs/index.md": "See notes/ideas.md\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 13: what the reading asks for", () => {
  it("rule: a verb the lexicon lacks, in a question (配了几台), asks about the file it names rather than changing it", { timeout: 60_000 }, async () => {
    const request = "hosts.ini 里一共配了几台数据库";
    const counted = await go("question-verb", request, [["run_command", { command: "grep", args: ["-c", "example.org", "infra/hosts.ini"] }]], "一共 2 台。");
    expect(counted).toMatchObject(done);
    expect(readFileSync(join(counted.workspace, "infra/hosts.ini"), "utf8")).toBe("[db]\ndb1.example.org\ndb2.example.org\n");
    expect(await go("question-verb-unread", request, [], "一共 2 台。")).toMatchObject(refused);
  });

  it("rule: an addition naming no quote adds the one new path beside the file it goes to: another line appended is refused", { timeout: 60_000 }, async () => {
    const request = "append the line coverage.xml to .gitignore";
    const wrong = await go("added-other", request, [sh("printf 'coverage.html\\n' >> .gitignore"), ["read_open", { path: ".gitignore" }]], "Appended coverage.xml to .gitignore.");
    expect(wrong).toMatchObject(refused);
    const right = await go("added-path", request, [sh("printf 'coverage.xml\\n' >> .gitignore"), ["read_open", { path: ".gitignore" }]], "Appended coverage.xml to .gitignore; it is the last line now.");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, ".gitignore"), "utf8")).toBe("node_modules/\ncoverage.xml\n");
  });

  it("rule: a whole-line grep pattern (^dist/$) shows its literal text held; a count of another text does not", { timeout: 60_000 }, async () => {
    const request = "Add dist/ to .gitignore";
    expect(await go("anchored-grep", request, [sh("echo 'dist/' >> .gitignore"), sh("grep -c '^dist/$' .gitignore")], "Added dist/ to .gitignore (grep -c finds 1 such line).")).toMatchObject(done);
    expect(await go("anchored-grep-other", request, [sh("echo 'dist' >> .gitignore"), sh("grep -c '^dist$' .gitignore")], "Added dist/ to .gitignore.")).toMatchObject(refused);
  });

  it("rule: `mv` is a move verb: git mv observed by a listing passes, a listing before it does not", { timeout: 60_000 }, async () => {
    const request = "git mv notes/ideas.md to notes/backlog.md";
    const init = "git init -q && git add -A && git -c user.email=a@b.c -c user.name=a commit -qm init";
    const moved = await go("git-mv", request, [sh(`${init} && git mv notes/ideas.md notes/backlog.md && ls notes`)], "Renamed with git mv: notes/ now holds backlog.md.");
    expect(moved).toMatchObject(done);
    expect(existsSync(join(moved.workspace, "notes/backlog.md"))).toBe(true);
    expect(await go("git-mv-not-run", request, [sh(`${init} && ls notes`)], "Renamed with git mv: notes/ now holds backlog.md.")).toMatchObject(refused);
  });

  it("rule: a file read inside a new folder shows the folder exists", { timeout: 60_000 }, async () => {
    const request = "帮我建个 bin 文件夹，里面放个 run.sh，内容就是 echo hi";
    const made = await go("folder-by-file", request, [sh("mkdir -p bin && printf 'echo hi\\n' > bin/run.sh && cat bin/run.sh")], "已创建 bin/run.sh，内容是 echo hi。");
    expect(made).toMatchObject(done);
    expect(readFileSync(join(made.workspace, "bin/run.sh"), "utf8")).toBe("echo hi\n");
    expect(await go("folder-by-file-beside", request, [sh("printf 'echo hi\\n' > run.sh && cat run.sh")], "已创建 bin/run.sh，内容是 echo hi。")).toMatchObject(refused);
  });

  it("rule: a line pointed at after its file (todo.txt 里 buy milk 那行) must be gone: deleting another line is refused", { timeout: 60_000 }, async () => {
    const request = "把 todo.txt 里 buy milk 那行删了";
    expect(await go("line-other", request, [sh("sed -i '/call dentist/d' todo.txt"), ["read_open", { path: "todo.txt" }]], "已删除 buy milk 这一行。")).toMatchObject(refused);
    const right = await go("line-named", request, [sh("sed -i '/buy milk/d' todo.txt"), ["read_open", { path: "todo.txt" }]], "已删除 buy milk 这一行，现在只剩 call dentist。");
    expect(right).toMatchObject(done);
    expect(readFileSync(join(right.workspace, "todo.txt"), "utf8")).toBe("call dentist\n");
  });

  it("rule: a verb made a noun by a determiner in a question (any mail from bob?) asks the mailbox; it sends nothing", { timeout: 60_000 }, async () => {
    const request = "any mail from bob about the release?";
    expect(await go("noun-verb-question", request, [["mail_search", { query: "from:bob release" }]], "Yes, the search found 2 messages from alice — none from bob.")).toMatchObject(done);
    expect(await go("noun-verb-file", request, [["read_open", { path: "README.md" }]], "No, there is no mail from bob.")).toMatchObject(refused);
  });

  it("rule: a bare new name renames a file in its own folder (把 ideas.md 改名成 backlog.md of notes/ideas.md)", { timeout: 60_000 }, async () => {
    const request = "把 ideas.md 改名成 backlog.md";
    const inPlace = await go("rename-in-place", request, [["run_command", { command: "mv", args: ["notes/ideas.md", "notes/backlog.md"] }], ["read_list", { path: "notes", depth: 1 }]], "已重命名，notes 下现在是 backlog.md。");
    expect(inPlace).toMatchObject(done);
    expect(existsSync(join(inPlace.workspace, "notes/backlog.md"))).toBe(true);
    expect(await go("rename-to-root", request, [["run_command", { command: "mv", args: ["notes/ideas.md", "backlog.md"] }], ["read_list", { path: "notes", depth: 1 }]], "已重命名为 backlog.md。")).toMatchObject(refused);
  });

  it("rule: what a folder is made 'with' (a cache folder with an empty .gitkeep) is made inside it", { timeout: 60_000 }, async () => {
    const request = "create a cache folder with an empty .gitkeep";
    const inside = await go("folder-with", request, [sh("mkdir -p cache && touch cache/.gitkeep"), ["read_list", { path: "cache", depth: 1 }]], "Created cache/ with an empty .gitkeep (0 bytes).");
    expect(inside).toMatchObject(done);
    expect(existsSync(join(inside.workspace, "cache/.gitkeep"))).toBe(true);
    expect(await go("folder-with-beside", request, [sh("mkdir -p cache && touch .gitkeep"), ["read_list", { path: ".", depth: 1 }]], "Created cache/ and an empty .gitkeep.")).toMatchObject(refused);
  });

  it("rule: with no named target, an effect that only moved another goal's file is that move's, not the other change", { timeout: 60_000 }, async () => {
    const request = "Rename notes/ideas.md to notes/backlog.md and update every link to it.";
    const moveOnly = [["run_command", { command: "mv", args: ["notes/ideas.md", "notes/backlog.md"] }], ["read_list", { path: "notes", depth: 1 }]] as Parameters<typeof go>[2];
    expect(await go("move-only", request, moveOnly, "Renamed ideas.md to backlog.md and updated all links.")).toMatchObject(refused);
    const both = await go("move-and-links", request, [...moveOnly, sh("sed -i 's#notes/ideas.md#notes/backlog.md#' docs/index.md"), ["read_open", { path: "docs/index.md" }]], "Renamed ideas.md to backlog.md; docs/index.md now links notes/backlog.md.");
    expect(both).toMatchObject(done);
    expect(readFileSync(join(both.workspace, "docs/index.md"), "utf8")).toBe("See notes/backlog.md\n");
  });
});
