/**
 * CONTRACT §4/§6, issue 21 (round 23): tuning-heldout22's misses, in the reading of the request
 * and in what an observation shows. Each rule is a scripted run through the real graph with a
 * twin going the other way; outcomes are checked on disk where a change is involved. The
 * examples are invented, not the set's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "notes.md": "# n\n",
  "ci/build.yml": "steps:\n  - uses: actions/setup-node@v4\n    with:\n      python-version: 3.12\n",
  "todo.md": "- TODO a, TODO b\n",
  ".npmignore": "dist/\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");

describe("issue 21, round 23: what the request asks and what an observation shows", () => {
  it("rule: a git command that looks into the repository answers a question about its code (the branch, the last commit)", { timeout: 60_000 }, async () => {
    const request = "现在在哪个 git 分支上？";
    const look = sh("git init -q -b topic/x . && git branch --show-current");
    expect(await go("git-branch", request, [look], "当前分支是 topic/x。")).toMatchObject(done);
    expect(await go("git-branch-unlooked", request, [sh("git init -q -b topic/x .")], "当前分支是 topic/x。")).toMatchObject(refused);
  });

  it("rule: a key printed with its separator (`python-version: 3.12`) labels the value; it is no other name's", { timeout: 60_000 }, async () => {
    const request = "看下 ci/build.yml 用的是哪个 python 版本";
    const grep = ["run_command", { command: "grep", args: ["python-version", "ci/build.yml"] }] as const;
    expect(await go("key-label", request, [[...grep]], "ci/build.yml 里用的是 python 3.12。")).toMatchObject(done);
    expect(await go("key-label-wrong", request, [[...grep]], "ci/build.yml 里用的是 python 3.11。")).toMatchObject(refused);
  });

  it("rule: 'Replace TODO with DONE' (unquoted, code-like) asks for TODO gone too: a sed without g leaves the second on a line", { timeout: 60_000 }, async () => {
    const request = "Replace TODO with DONE in todo.md";
    const once = await go("bare-replace-once", request, [sh("sed -i 's/TODO/DONE/' todo.md"), ["read_open", { path: "todo.md" }]], "Replaced TODO with DONE in todo.md.");
    expect(once).toMatchObject(refused);
    expect(text(once.workspace, "todo.md")).toBe("- DONE a, TODO b\n");
    const all = await go("bare-replace-all", request, [sh("sed -i 's/TODO/DONE/g' todo.md"), ["read_open", { path: "todo.md" }]], "Replaced both: todo.md now reads - DONE a, DONE b.");
    expect(all).toMatchObject(done);
  });

  it("rule: 补 appends: a path-shaped entry added to a file that exists ('在 .npmignore 里补一条 coverage/') is text the file must hold", { timeout: 60_000 }, async () => {
    const request = "在 .npmignore 里补一条 coverage/";
    const right = await go("entry-added", request, [sh("echo 'coverage/' >> .npmignore"), ["read_open", { path: ".npmignore" }]], ".npmignore 已加上 coverage/。");
    expect(right).toMatchObject(done);
    expect(right.goals).toEqual(["change.edit .npmignore", "verify.edit .npmignore"]);
    expect(text(right.workspace, ".npmignore")).toBe("dist/\ncoverage/\n");
    expect(await go("entry-added-other", request, [sh("echo 'build/' >> .npmignore"), ["read_open", { path: ".npmignore" }]], ".npmignore 已加上 coverage/。")).toMatchObject(refused);
  });
});
