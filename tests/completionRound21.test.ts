/**
 * CONTRACT §4/§6, issue 21 (round 21): tuning-heldout20's misses, in the reading of the request
 * and in what the answer may say. Each rule is a scripted run through the real graph with a twin
 * going the other way; outcomes are checked on disk where a change is involved. The examples are
 * invented, not the set's.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  Makefile: "build:\n\t@echo built\nlint:\n\t@echo linted\n",
  "t/sum.test.js": "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('adds', () => assert.equal(1 + 1, 2));\ntest('halves', () => assert.equal(7 / 2, 3));\n",
  "t/ok.test.js": "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('ok', () => assert.equal(1, 1));\n",
  "tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
  "src/http.ts": "export const DEFAULT_TIMEOUT_MS = 15000;\n",
  "lib/a.js": "1\n",
  "lib/b.js": "2\n",
  "app.js": "3\n",
  "logs/a.log": "x\n",
  "logs/b.log": "y\n",
  "access.log": "1.1.1.1 GET /\n2.2.2.2 GET /\n1.1.1.1 GET /a\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 21: what the request asks and what the answer may say", () => {
  it("rule: 挂 is a test failing: '挂了 1 个' reports a failure, '没有挂的' denies one", { timeout: 60_000 }, async () => {
    const request = "测试跑一下，有挂的告诉我是哪个";
    const run = ["run_command", { command: "node", args: ["--test", "t/sum.test.js"] }] as const;
    expect(await go("hang-failed", request, [[...run]], "跑完了，2 个测试里挂了 1 个：halves（期望 3，实际 3.5），另一个通过。退出码 1。")).toMatchObject(done);
    expect(await go("hang-denied", request, [[...run]], "测试全部通过，没有挂的。")).toMatchObject(refused);
  });

  it("rule: 'tell me whether it builds' after a run asks for that run's outcome, not for a code record", { timeout: 60_000 }, async () => {
    const request = "can you run make and tell me whether it builds";
    const right = await go("run-outcome", request, [["run_command", { command: "make", args: ["build"] }]], "Yes, it builds: make build exited 0 and printed built.");
    expect(right).toMatchObject(done);
    expect(right.goals.some((g) => g.includes("@code"))).toBe(false);
    expect(await go("run-outcome-premature", request, [], "Yes, it builds.")).toMatchObject(refused);
  });

  it("rule: a request opening with a runner and what it does ('make build 一下') runs the build; `make lint` is not the build", { timeout: 60_000 }, async () => {
    const request = "make build 一下，看看能不能编过";
    const right = await go("runner-build", request, [["run_command", { command: "make", args: ["build"] }]], "编过了：make build 退出码 0，输出 built。");
    expect(right).toMatchObject(done);
    expect(right.goals[0]).toMatch(/^run #build/);
    expect(await go("runner-lint", request, [["run_command", { command: "make", args: ["lint"] }]], "编过了。")).toMatchObject(refused);
  });

  it("rule: answering a question, a present passive ('strict is set') says how things are; a past one ('was set') claims a change", { timeout: 60_000 }, async () => {
    const request = "tsconfig.json — is strict mode on?";
    const read = ["read_open", { path: "tsconfig.json" }] as const;
    expect(await go("stative", request, [[...read]], 'Yes, `"strict": true` is set in compilerOptions.')).toMatchObject(done);
    expect(await go("eventive", request, [[...read]], 'Yes, `"strict": true` was set in compilerOptions just now.')).toMatchObject(refused);
  });

  it("rule: a number beside a unit may restate a shown one in another unit (15000 ms, 15 s), and only such a one", { timeout: 60_000 }, async () => {
    const request = "what's the default timeout in src/http.ts?";
    const read = ["read_open", { path: "src/http.ts" }] as const;
    expect(await go("unit-restated", request, [[...read]], "DEFAULT_TIMEOUT_MS is 15000 ms (15 s).")).toMatchObject(done);
    expect(await go("unit-invented", request, [[...read]], "DEFAULT_TIMEOUT_MS is 15000 ms (20 s).")).toMatchObject(refused);
  });

  it("rule: a count asked of a folder read as a read goal ('how many .js files are under lib/?') must not be counted over a wider scope", { timeout: 60_000 }, async () => {
    const request = "how many .js files are under lib/?";
    expect(await go("count-wider", request, [sh("find . -name '*.js' | wc -l")], "There are 5 .js files under lib/.")).toMatchObject(refused);
    expect(await go("count-narrow", request, [sh("find lib -name '*.js' | wc -l")], "There are 2 .js files under lib/.")).toMatchObject(done);
  });

  it("rule: a new folder made inside a named one ('logs/ 下面建一个 past 子目录') is that path, and what is moved 'in' goes there", { timeout: 60_000 }, async () => {
    const request = "logs/ 下面建一个 past 子目录，把 a.log 移进去";
    const right = await go("made-inside", request, [sh("mkdir -p logs/past && mv logs/a.log logs/past/"), ["read_list", { path: "logs", depth: 2 }]], "已移动：a.log 现在在 logs/past/ 里。");
    expect(right).toMatchObject(done);
    expect(right.goals).toContain("change.write logs/past");
    expect(existsSync(join(right.workspace, "logs/past/a.log"))).toBe(true);
    const wrong = await go("made-at-root", request, [sh("mkdir -p past && mv logs/a.log past/"), ["read_list", { path: ".", depth: 2 }]], "已移动：a.log 现在在 past/ 里。");
    expect(wrong).toMatchObject(refused);
  });

  it("rule: a count of distinct values needs a step that sets duplicates apart", { timeout: 60_000 }, async () => {
    const request = "count the unique client IPs in access.log";
    expect(await go("distinct-lines", request, [["run_command", { command: "wc", args: ["-l", "access.log"] }]], "There are 3 unique IPs in access.log.")).toMatchObject(refused);
    expect(await go("distinct-sorted", request, [sh("cut -d' ' -f1 access.log | sort -u | wc -l")], "There are 2 unique IPs in access.log.")).toMatchObject(done);
  });
});
