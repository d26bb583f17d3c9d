import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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

describe("an English request never loads jieba (loading it cost a run's first step 160 ms)", () => {
  it("rule: the task frame of English requests, words after their verbs included, leaves jieba unloaded; a Chinese one loads it", () => {
    // A fresh process: this file's other tests load jieba themselves.
    const script = `
      import { createRequire } from "node:module";
      import { buildTaskFrame } from "./state/taskFrame.ts";
      const index = { files: new Set(["config.ini", "src/app.js"]), dirs: new Set(["src"]) };
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("@node-rs/jieba"));
      for (const r of ["Where is the retry limit configured, and what is its value?", "Update the port to 9090 in config.ini, then tell me which files changed?", "How many lines does src/app.js have?"]) buildTaskFrame(r, index);
      const english = loaded();
      buildTaskFrame("把 config.ini 里的端口改成 9090", index);
      console.log(JSON.stringify({ english, chinese: loaded() }));`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ english: false, chinese: true });
  }, 60_000);
});
