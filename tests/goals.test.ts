/** CONTRACT §6: goals are extracted deterministically and covered only by evidence of the right kind. */
import { describe, expect, it } from "vitest";
import { completionGate, coverGoals, extractTaskFrame, mentionedPaths } from "../state/goals.js";
import type { Evidence } from "../state/types.js";

const ev = (n: number, kind: Evidence["kind"], path: string, verified = true): Evidence => ({
  id: `ev-${n}`,
  kind,
  toolId: "t",
  toolCallId: `c${n}`,
  source: { path },
  content: "",
  verified,
});

describe("goal extraction", () => {
  it("a change task targets its path and must be verified; a question about content must read", () => {
    expect(extractTaskFrame('Create notes/a.md with "x"').goals.map((g) => [g.kind, g.target])).toEqual([["change", "notes/a.md"], ["verify_change", "notes/a.md"]]);
    expect(extractTaskFrame("Where is the retry limit configured?").goals.map((g) => g.kind)).toEqual(["read"]);
    expect(extractTaskFrame("Compare a.md and src/b.ts").goals.map((g) => g.target)).toEqual(["a.md", "src/b.ts"]);
    expect(extractTaskFrame("hello").goals).toEqual([]);
    expect(mentionedPaths("bump to 1.2.3 in package.json")).toEqual(["package.json"]);
  });
});

describe("coverage and the completion gate", () => {
  it("a locate hit is not content; the gate names the unread candidate", () => {
    const frame = coverGoals(extractTaskFrame("Where is the retry limit configured?"), [ev(1, "locate_hit", "src/c.ts", false)]);
    expect(completionGate(frame, [ev(1, "locate_hit", "src/c.ts", false)])).toEqual({
      pass: false,
      missing: ["read the content that answers the request", "located but not read: src/c.ts"],
    });
  });

  it("a write is verified only by a read of the same file after it; a newer write reopens verification", () => {
    const start = extractTaskFrame('Create notes/a.md with "x"');
    const written = coverGoals(start, [ev(1, "write", "notes/a.md", false)]);
    expect(written.goals.map((g) => g.status)).toEqual(["covered", "open"]);
    const verified = coverGoals(written, [ev(1, "write", "notes/a.md", false), ev(2, "content", "notes/a.md")]);
    expect(completionGate(verified, [])).toEqual({ pass: true });
    const rewritten = coverGoals(verified, [ev(1, "write", "notes/a.md", false), ev(2, "content", "notes/a.md"), ev(3, "write", "notes/a.md", false)]);
    expect(rewritten.goals.map((g) => g.status)).toEqual(["covered", "open"]);
  });

  it("coverage survives the evidence window: covered goals stay covered when their evidence scrolls out", () => {
    const covered = coverGoals(extractTaskFrame("Read a.md"), [ev(1, "content", "a.md")]);
    expect(coverGoals(covered, []).goals[0]?.status).toBe("covered");
  });
});
