/**
 * CONTRACT §6, issue 21 (round 11, frame side): tuning-heldout10's false blocks where the
 * request's reading asked for the wrong thing. Each rule is named by its test, a scripted run
 * through the real graph with a twin that goes the other way. The examples are invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({ "tools/fmt.py": "def fmt(x):\n    return str(x)\n", "tools/notes.txt": "notes\n", "conf/a.ini": "timeout = 30\n", "conf/b.ini": "timeout = 45\n", "纪要/2024-01.md": "讨论了发布计划\n", "docs/guide.md": "# Guide\n" });
const done = { verdict: "pass", status: "completed" };
/** A refusal: the gate refused the first answer, and the run still completed. */
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 11: what the reading asks for", () => {
  it("rule: a cache an interpreter writes while running code (__pycache__) is a byproduct, not a change to observe", { timeout: 60_000 }, async () => {
    const request = "看看 tools/fmt.py 有没有语法错误";
    const answer = "没有语法错误：py_compile 退出码 0。";
    expect(await go("byproduct-cache", request, [["run_command", { command: "python3", args: ["-m", "py_compile", "tools/fmt.py"] }]], answer)).toMatchObject(done);
    // A change of a real file on the way is still to be observed.
    expect(await go("byproduct-real", request, [sh("python3 -m py_compile tools/fmt.py && echo checked >> tools/notes.txt")], answer)).toMatchObject(refused);
  });

  it("rule: a text message (发短信, SMS) is a send through the phone and the SMS channel (短信) is the phone's, so an honest 'cannot' is not done, not a workspace question", { timeout: 60_000 }, async () => {
    const request = "发短信给运维组，让他们看看短信网关的告警";
    expect(await go("sms-cannot", request, [], "抱歉，我没有发短信的工具，没法替你发送，也没有发出任何消息。")).toMatchObject(done);
    // Claiming it was sent with nothing run is refused.
    expect(await go("sms-claimed", request, [], "已经发短信给运维组了。")).toMatchObject(refused);
  });

  it("rule: an edit naming nothing, right after a check of one named file, edits that file; a state already as asked needs no change", { timeout: 60_000 }, async () => {
    const check = (file: string) => [["run_command", { command: "grep", args: ["-n", "timeout", file] }]] as Parameters<typeof go>[2];
    expect(await go("conditional-satisfied", "确认一下 conf/a.ini 的 timeout 是 30，不是的话改成 30", check("conf/a.ini"), "已经是 30 了（第 1 行 `timeout = 30`），不需要修改。")).toMatchObject(done);
    // The file holds another value: saying it is already so is refused.
    expect(await go("conditional-other", "确认一下 conf/b.ini 的 timeout 是 30，不是的话改成 30", check("conf/b.ini"), "已经是 30 了，不需要修改。")).toMatchObject(refused);
  });

  it("rule: a clause opening with 里面 puts what it names in the folder the clause before it made", { timeout: 60_000 }, async () => {
    const request = "新建一个 docs 目录，里面放 a.md 和 b.md 两个空文件";
    const answer = "已创建 docs/a.md 和 docs/b.md，ls docs 显示两个文件都在。";
    expect(await go("inside-folder", request, [sh("mkdir -p docs && touch docs/a.md docs/b.md"), ["run_command", { command: "ls", args: ["docs"] }]], answer)).toMatchObject(done);
    // The files made beside the folder instead are not what was asked.
    expect(await go("inside-beside", request, [sh("mkdir -p docs && touch a.md b.md"), ["run_command", { command: "ls", args: ["docs"] }]], answer)).toMatchObject(refused);
  });

  it("rule: a Han folder name before a localizer (纪要里) is the place a question asks about, so an empty search there answers it", { timeout: 60_000 }, async () => {
    const request = "纪要里有没有提到“预算”？";
    const answer = "没有。在 纪要/ 目录里搜索「预算」没有任何结果。";
    expect(await go("han-scope", request, [["search_text", { query: "预算", path: "纪要" }]], answer)).toMatchObject(done);
    // An empty search of another folder says nothing of this one.
    expect(await go("han-scope-other", request, [["search_text", { query: "预算", path: "docs" }]], answer)).toMatchObject(refused);
  });

  it("rule: an empty search is a finding, not a failed attempt: several in a row do not exhaust recovery into a guarded answer", { timeout: 60_000 }, async () => {
    const searches = ["budget", "Budget", "预算", "cost"].map((query) => ["search_text", { query, path: "." }] as Parameters<typeof go>[2][number]);
    const answer = "No. None of budget, Budget, 预算 or cost appears anywhere in the workspace.";
    expect(await go("empty-searches", "Does anything in the workspace mention a budget?", searches, answer)).toMatchObject({ ...done, guarded: false });
  });
});
