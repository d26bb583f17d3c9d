/**
 * CONTRACT §6 (the answer must agree with the evidence that covers it): how the answer's own
 * words are read. A denied problem ("no errors", "没问题") reports success; a denied success
 * ("没通过", "didn't pass") and an undenied problem ("2 problems found") do not (tuning set 4).
 */
import { describe, expect, it } from "vitest";
import { claimedChange, claimsSuccess, reportsFailures, statedSettings } from "../language/answerWords.js";

describe("rule: an answer reports success by its success words or a denied problem", () => {
  it.each(["没问题，构建通过了。", "No errors; the check passed.", "没有报错，全部通过", "All tests passed"])("%s reports success", (answer) => {
    expect(claimsSuccess(answer)).toBe(true);
  });
  it.each(["有 3 个问题，没通过", "2 errors found", "The check didn't pass", "not all passed", "Tests passed, but one was skipped"])("%s does not", (answer) => {
    expect(claimsSuccess(answer)).toBe(false);
  });
});

describe("rule: an answer claims a change by grammar, not by the request's verbs (round 7)", () => {
  it.each(["Converted notes.txt to uppercase.", "I have removed the TODO lines.", "The file was deleted.", "greeting.txt has been rewritten.", "已清理完毕。", "注释行已全部删除。", "已把 port 改成 3307。", "旧日志已删除完成"])("%s claims a change", (answer) => {
    expect(claimedChange(answer)).toBeDefined();
  });
  it.each(["Based on the file, retry returns None.", "The limit is configured in src/config.ts.", "No changes were needed.", "I checked the file and found 3 TODOs.", "是的，仓库里已经有 LICENSE 了", "测试已通过。", "配置里 port 已经是 3307 了。", "I could not convert it: the file is binary.", "Done.", "任务已完成"])("%s does not (a bare \"done\" names no change)", (answer) => {
    expect(claimedChange(answer)).toBeUndefined();
  });
});

describe("rule: output reports failures by a failure word with a count that is not zero (round 7)", () => {
  it.each(["FAILED (failures=1)", "Tests: 1 failed, 5 passed", "通过 3，失败 1", "FAIL src/a.test.ts"])("%s reports failures", (output) => {
    expect(reportsFailures(output)).toBe(true);
  });
  it.each(["Ran 2 tests in 0.001s\n\nOK", "# pass 3\n# fail 0", "0 errors, 0 failures", "test_error_handling ... ok"])("%s does not", (output) => {
    expect(reportsFailures(output)).toBe(false);
  });
});

describe("rule: the values an answer gives names (round 7)", () => {
  it("reads key=value, key,value, key to/is value and 改成", () => {
    expect(statedSettings("Added `total,1250`; sum=16; the timeout is now 30; 把 port 改成 3307; set mode=prod; API_URL=https://a.example/v2。")).toEqual([
      { key: "total", value: "1250" },
      { key: "sum", value: "16" },
      { key: "timeout", value: "30" },
      { key: "port", value: "3307" },
      { key: "mode", value: "prod" },
      { key: "API_URL", value: "https://a.example/v2" },
    ]);
    expect(statedSettings("Changed the port from 3306 to 3307")).toEqual([]);
  });
});
