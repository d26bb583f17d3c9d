import { describe, expect, it } from "vitest";
import { hasHan, segmentWords } from "../language/segment.js";

describe("word segmentation (one segmenter for every language)", () => {
  it("cuts Chinese into dictionary words, so 说明 is not read out of 说明天", () => {
    expect(segmentWords("给老板发一封邮件说明天请假")).toEqual(["给", "老板", "发", "一封", "邮件", "说", "明天", "请假"]);
  });

  it("keeps Latin, Cyrillic and mixed text on Unicode word boundaries and drops punctuation", () => {
    expect(segmentWords("Where is the timeout set? 打车去外滩, снег идёт")).toEqual(["Where", "is", "the", "timeout", "set", "打车", "去", "外滩", "снег", "идёт"]);
  });

  it("returns no words for empty or punctuation-only text", () => {
    expect(segmentWords("")).toEqual([]);
    expect(segmentWords(" ?!… ")).toEqual([]);
    expect(hasHan("abc")).toBe(false);
    expect(hasHan("读")).toBe(true);
  });
});
