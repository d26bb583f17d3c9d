/**
 * CONTRACT §4/§6, issue 21 (round 17, answer side): tuning-heldout16's misses where what was
 * observed and what the answer says were weighed wrongly. Each rule is a scripted run through
 * the real graph with a twin going the other way. The examples are invented, not the set's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "docs/release.md": "# 发布\n\n发布前要先执行 `make dist`，再确认 CHANGELOG 已更新。\n",
  "docs/run.md": "# Running\n\nStart it with `make serve`.\n",
  "check.sh": "node --test\n",
  "test/a.test.js": "import { test } from 'node:test';\ntest('a', () => {});\n",
  "lib/a.js": "export const f = (s) => eval(s);\n",
  "src/b.js": "export const g = 1;\n",
  "COPYING": "MIT License\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 17: what the answer may say", () => {
  it("rule: what is to be checked first ('再确认 … 已更新') is an instruction the answer passes on, not a change it claims", { timeout: 60_000 }, async () => {
    const request = "发布之前要做什么？看 docs/release.md";
    const read = ["read_extract", { path: "docs/release.md", pattern: "发布前" }] as const;
    const right = await go("instruction-not-claim", request, [[...read]], "发布前要先执行 `make dist`，再确认 CHANGELOG 已更新。");
    expect(right).toMatchObject(done);
    // Said as done, with nothing changed in the turn, it is a claim.
    expect(await go("instruction-claimed", request, [[...read]], "我已更新 CHANGELOG，并执行了 make dist。")).toMatchObject(refused);
  });

  it("rule: a command that only looks at files (`cat check.sh`) runs no tests", { timeout: 60_000 }, async () => {
    const request = "run the tests please";
    const looked = await go("reader-not-run", request, [["run_command", { command: "cat", args: ["check.sh"] }]], "Ran them: all passed.");
    expect(looked).toMatchObject(refused);
    const ran = await go("tests-run", request, [["run_command", { command: "node", args: ["--test"] }]], "Ran them: all passed.");
    expect(ran).toMatchObject(done);
  });

  it("rule: a command answers a question about a folder only if it searched there", { timeout: 60_000 }, async () => {
    const request = "lib 里有没有用到 eval？";
    const elsewhere = await go("other-folder-search", request, [sh("grep -rn eval src || echo none")], "lib 里没有用到 eval。");
    expect(elsewhere).toMatchObject(refused);
    const there = await go("folder-search", request, [sh("grep -rn eval lib || echo none")], "有：lib/a.js 第 1 行用了 eval。");
    expect(there).toMatchObject(done);
  });

  it("rule: a question answered only by records that share no word with it is not answered", { timeout: 60_000 }, async () => {
    const request = "did the nightly backup job finish?";
    const unrelated = await go("unrelated-record", request, [["calendar_events", { day: "today" }]], "Yes, the nightly backup finished at 10:00.");
    expect(unrelated).toMatchObject(refused);
    // A record the question's words meet (its echoed call) may answer it.
    const related = await go("related-record", request, [["mail_search", { query: "nightly backup job" }]], "Two messages from alice mention it; nothing says it failed.");
    expect(related).toMatchObject(done);
  });

  it("rule: a how-to answer states only numbers something observed shows", { timeout: 60_000 }, async () => {
    const request = "how do I start the server? see docs/run.md";
    const read = ["read_open", { path: "docs/run.md" }] as const;
    const invented = await go("howto-invented-number", request, [[...read]], "Run `make serve`; it listens on port 8080.");
    expect(invented).toMatchObject(refused);
    expect(await go("howto-shown", request, [[...read]], "Run `make serve`.")).toMatchObject(done);
  });

  it("runner: the compatibility `read` is disclosed by tool_search with its exact name, as the runtime's hint says, and its read covers the file", { timeout: 60_000 }, async () => {
    const read = await go("compat-read", "what license is this? check COPYING", [["read", { path: "COPYING" }]], "It is the MIT License.");
    expect(read).toMatchObject(done);
    expect(read.goals).toContain("read COPYING");
    expect(readFileSync(join(read.workspace, "COPYING"), "utf8")).toBe("MIT License\n");
  });
});
