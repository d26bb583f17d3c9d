/**
 * CONTRACT §6 (the answer must agree with the evidence that covers it): how the answer's own
 * words are read. A denied problem ("no errors", "没问题") reports success; a denied success
 * ("没通过", "didn't pass") and an undenied problem ("2 problems found") do not (tuning set 4).
 */
import { describe, expect, it } from "vitest";
import { claimsSuccess } from "../language/answerWords.js";

describe("rule: an answer reports success by its success words or a denied problem", () => {
  it.each(["没问题，构建通过了。", "No errors; the check passed.", "没有报错，全部通过", "All tests passed"])("%s reports success", (answer) => {
    expect(claimsSuccess(answer)).toBe(true);
  });
  it.each(["有 3 个问题，没通过", "2 errors found", "The check didn't pass", "not all passed", "Tests passed, but one was skipped"])("%s does not", (answer) => {
    expect(claimsSuccess(answer)).toBe(false);
  });
});
