/** CONTRACT §6: the typed TaskFrame and the completion gate — goals from a real parse, coverage per intent. */
import { describe, expect, it } from "vitest";
import { completionGate, coverGoals, provenNextStep } from "../state/completionGate.js";
import { statedInability } from "../language/answerWords.js";
import { buildTaskFrame, goalKey, readTaskFrame, reviseTaskFrame, MAX_REQUEST_CHARS } from "../state/taskFrame.js";
import type { Evidence, TaskFrame } from "../state/types.js";

const ws = {
  files: new Set(["README.md", "src/client.ts", "src/config.ts", "test/calc.test.js", "docs/design notes.md", "文档/说明.md", "notes/old.md"]),
  dirs: new Set(["src", "test", "docs", "文档", "notes"]),
};

const frameOf = (request: string): TaskFrame => {
  const built = buildTaskFrame(request, ws);
  if (!built.ok) throw new Error(built.message);
  return built.frame;
};
const keys = (request: string) => frameOf(request).goals.map(goalKey);

let n = 0;
const ev = (kind: Evidence["kind"], path: string, extra: Partial<Evidence> = {}): Evidence => ({
  id: `ev-${++n}`,
  kind,
  toolId: "t",
  toolCallId: `c${n}`,
  source: { path },
  content: "",
  verified: kind !== "write" && kind !== "locate_hit",
  ...extra,
});

describe("operands are recognised against the workspace", () => {
  it("a path goal exists only for a real file or the target of a change; paths come out whole, with spaces and unicode", () => {
    expect(keys("What is in test/calc.test.js?")).toEqual(["read test/calc.test.js"]);
    expect(keys("读一下 docs/design notes.md")).toEqual(["read docs/design notes.md"]);
    expect(keys("总结 文档/说明.md 的内容")).toEqual(["read 文档/说明.md"]);
    expect(keys("How does Node.js load src/missing.ts?")).toEqual(["question"]);
    expect(keys("Create `notes/new file.md` with \"x\"")).toEqual(["change.write notes/new file.md", "verify.write notes/new file.md"]);
  });

  it("quoted content is content, never a goal, even when it looks like a version or a path", () => {
    const frame = frameOf('Create CHANGELOG.md with "v1.0.0: initial release"');
    expect(frame.goals.map(goalKey)).toEqual(["change.write CHANGELOG.md", "verify.write CHANGELOG.md"]);
    expect(frame.content).toEqual(["v1.0.0: initial release"]);
    expect(keys('Write "see README.md for details" to notes/pointer.md')).toEqual(["change.write notes/pointer.md", "verify.write notes/pointer.md"]);
  });
});

describe("intents come from segmented words, not substrings", () => {
  it("a term's meaning and text composed for the reply need no workspace evidence; a code identifier, a named file or a file to make still do", () => {
    expect(keys("What does eventual consistency mean?")).toEqual([]);
    expect(keys("这个缩写是什么意思？")).toEqual([]);
    expect(keys("What does retryCount mean?")).toEqual(["question"]);
    expect(keys("What does the header of README.md mean?")).toEqual(["read README.md"]);
    expect(keys("Write a short apology I can paste into the chat.")).toEqual([]);
    expect(keys("Write a file listing the open questions")).toEqual(["change.write", "verify.write"]);
  });

  it("a bare question right after a command asks for its outcome, so the command's exit code covers it", () => {
    expect(keys("Execute the build and tell me whether it worked")).toEqual(["run #build"]);
    expect(keys("Run the linter, then tell me which rule README.md breaks")).toEqual(["run #lint", "read README.md"]);
    expect(keys("Run the tests. Where is the retry limit configured?")).toEqual(["run #test", "question"]);
  });

  it("a bare directory name beside a directory noun is a directory operand", () => {
    expect(keys("Which files live in the notes folder?")).toEqual(["read notes"]);
    expect(keys("docs 目录下有什么？")).toEqual(["read docs"]);
    expect(keys("What docs cover retries?")).toEqual(["question"]);
  });

  it("a noun with an everyday sense (event, issue) names a non-file domain only beside an owner word", () => {
    expect(keys("How is a failed event retried?")).toEqual(["question"]);
    expect(keys("Which events are on my schedule?")).toEqual(["question @calendar"]);
    expect(keys("Is there an open ticket about retries?")).toEqual(["question @issues"]);
  });

  it("a question that contains a change verb is read-only", () => {
    expect(keys("How does the update function in src/client.ts work?")).toEqual(["read src/client.ts"]);
  });

  it("说明天 is 说 + 明天, so an email request gets a send goal and no read goal", () => {
    expect(keys("给老板发一封邮件说明天请假")).toEqual(["send @mail"]);
  });

  it("each intent: change ops, run with its subject, send, non-file questions, lookup, compare", () => {
    expect(keys("Delete notes/old.md")).toEqual(["change.delete notes/old.md", "verify.delete notes/old.md"]);
    expect(keys("Rename notes/old.md to notes/new.md")).toEqual(["change.move notes/old.md→notes/new.md", "verify.move notes/old.md→notes/new.md"]);
    expect(keys('Add a line "x" to README.md')).toEqual(["change.edit README.md", "verify.edit README.md"]);
    expect(keys("Run the tests")).toEqual(["run #test"]);
    expect(keys("跑一下测试")).toEqual(["run #test"]);
    expect(keys("Did the CI pipeline pass on main?")).toEqual(["question @code"]);
    expect(keys("Search the web for the Node 20 release date")).toEqual(["lookup @browser"]);
    expect(keys("Compare README.md and src/config.ts")).toEqual(["read README.md", "read src/config.ts", "compare README.md,src/config.ts"]);
    expect(keys("Fix the typo in README.md and run the tests")).toEqual(["change.edit README.md", "verify.edit README.md", "run #test"]);
    expect(keys("hello")).toEqual([]);
  });

  it("checking what a command runs is a run; finding things about tests is a question", () => {
    expect(keys("Check whether the tests pass")).toEqual(["run #test"]);
    expect(keys("Find the tests for the client")).toEqual(["question"]);
  });

  it("a lower-case root file without an extension is an ordinary word; README or Makefile names the file", () => {
    const root = { files: new Set(["test", "README", "src/a.ts"]), dirs: new Set(["src"]) };
    const goals = (request: string) => {
      const built = buildTaskFrame(request, root);
      return built.ok ? built.frame.goals.map(goalKey) : [];
    };
    expect(goals("How do I test the project?")).toEqual(["question"]);
    expect(goals("What does the README say?")).toEqual(["read README"]);
  });
});

describe("bad input gets one clear line, never a throw", () => {
  it("empty, too long, and too many named paths", () => {
    expect(buildTaskFrame("  ", ws)).toEqual({ ok: false, message: "the request is empty" });
    const long = buildTaskFrame("a".repeat(20_000), ws);
    expect(long).toMatchObject({ ok: false, message: expect.stringContaining(`limit is ${MAX_REQUEST_CHARS}`) });
    const many = buildTaskFrame(`Read ${Array.from({ length: 1001 }, (_, i) => `f${i}.md`).join(" ")}`, ws);
    expect(many).toMatchObject({ ok: false, message: expect.stringContaining("names 1001 paths") });
    for (const r of [long, many]) expect(r.ok ? "" : r.message).not.toContain("\n");
  });

  it("a request with no recognised word still gets a goal and says why, once", () => {
    const frame = frameOf("ཀུན་གྱིས་ལས་ཀ");
    expect(frame.goals.map(goalKey)).toEqual(["question"]);
    expect(frame.notes).toHaveLength(1);
  });
});

describe("coverage: each intent is covered only by its evidence kinds", () => {
  it("a locate hit is not content; the gate names the unread candidate and the tools that would cover it", () => {
    const frame = frameOf("Where is the retry limit configured?");
    const evidence = [ev("locate_hit", "src/config.ts")];
    const verdict = completionGate(coverGoals(frame, evidence), evidence);
    expect(verdict.pass).toBe(false);
    expect(!verdict.pass && verdict.message).toMatch(/answer from what the workspace says — needs .*read_open.*located but not read: src\/config\.ts/);
  });

  it("a write is verified only by a later read of the same file; a newer write reopens it", () => {
    const frame = frameOf('Create notes/a.md with "x"');
    const w = ev("write", "notes/a.md", { op: "write" });
    const written = coverGoals(frame, [w]);
    expect(written.goals.map((g) => g.status)).toEqual(["covered", "open"]);
    // The read must show the requested content: a read of the file without "x" shows it is not there.
    const without = ev("content", "notes/a.md", { content: "y\n" });
    expect(coverGoals(written, [w, without]).goals.map((g) => g.status)).toEqual(["covered", "open"]);
    const r = ev("content", "notes/a.md", { content: "x\n" });
    const verified = coverGoals(written, [w, r]);
    expect(completionGate(verified, [])).toEqual({ pass: true });
    expect(coverGoals(verified, [w, r, ev("write", "notes/a.md", { op: "write" })]).goals.map((g) => g.status)).toEqual(["covered", "open"]);
  });

  it("a delete is verified by a listing of its directory without the file, never by reading it back", () => {
    const frame = frameOf("Delete notes/old.md");
    const d = ev("write", "notes/old.md", { op: "delete", content: "deleted file notes/old.md" });
    expect(coverGoals(frame, [d, ev("listing", "notes", { content: "old.md  (3 bytes)" })]).goals[1]?.status).toBe("open");
    expect(coverGoals(frame, [d, ev("listing", "notes", { content: "other.md  (3 bytes)" })]).goals[1]?.status).toBe("covered");
  });

  it("a command goal needs a real command result with an exit code that runs the subject; simulated evidence never counts", () => {
    const frame = frameOf("Run the tests");
    expect(coverGoals(frame, [ev("command", ".", { content: "$ ls\n[exit code 0]" })]).goals[0]?.status).toBe("open");
    expect(coverGoals(frame, [ev("receipt", "simulated://terminal/run_tests/1", { verified: false, simulated: true, domain: "terminal" })]).goals[0]?.status).toBe("open");
    expect(coverGoals(frame, [ev("command", ".", { content: "$ node --test\nnot ok 1\n[exit code 1]" })]).goals[0]?.status).toBe("covered");
  });

  it("a non-file question is covered by its domain's record; a send by its receipt", () => {
    expect(coverGoals(frameOf("Did the CI pipeline pass on main?"), [ev("record", "ci/1", { domain: "code.ci" })]).goals[0]?.status).toBe("covered");
    expect(coverGoals(frameOf("Did the CI pipeline pass on main?"), [ev("content", "README.md")]).goals[0]?.status).toBe("open");
    expect(coverGoals(frameOf("Email the team that we ship"), [ev("receipt", "mail/1", { domain: "mail" })]).goals[0]?.status).toBe("covered");
    expect(coverGoals(frameOf("Email the team that we ship"), [ev("record", "mail/1", { domain: "mail" })]).goals[0]?.status).toBe("open");
  });

  it("coverage survives the evidence window: covered goals stay covered when their evidence scrolls out", () => {
    const covered = coverGoals(frameOf("Read README.md"), [ev("content", "README.md")]);
    expect(coverGoals(covered, []).goals[0]?.status).toBe("covered");
  });
});

describe("the deterministic coverage transition", () => {
  it("a write proves the read-back, a delete proves the listing, one located file proves its read; several candidates prove nothing", () => {
    const w = ev("write", "notes/a.md", { op: "write" });
    expect(provenNextStep(coverGoals(frameOf('Create notes/a.md with "x"'), [w]), [w], [w.id])).toMatchObject({ toolId: "read_open", input: { path: "notes/a.md" } });
    const d = ev("write", "notes/old.md", { op: "delete" });
    expect(provenNextStep(coverGoals(frameOf("Delete notes/old.md"), [d]), [d], [d.id])).toMatchObject({ toolId: "read_list", input: { path: "notes" } });
    const one = ev("locate_hit", "src/config.ts");
    expect(provenNextStep(frameOf("Where is the retry limit configured?"), [one], [one.id])).toMatchObject({ toolId: "read_open", input: { path: "src/config.ts" } });
    const two = [ev("locate_hit", "src/config.ts"), ev("locate_hit", "docs/ops.md")];
    expect(provenNextStep(frameOf("Where is the retry limit configured?"), two, two.map((e) => e.id))).toBeNull();
  });
});

describe("revise_goals: the Planner proposes, the deterministic layer validates", () => {
  it("accepts a goal on a real path, refuses quoted content and unknown paths, records disputes with their reason", () => {
    const request = 'Create notes/a.md with "see src/ghost.ts" and explain src/client.ts';
    const frame = frameOf(request);
    const revision = reviseTaskFrame(
      frame,
      {
        goals: [{ intent: "read", target: "src/config.ts" }, { intent: "read", target: "src/ghost.ts" }, { intent: "read", target: "nowhere.md" }],
        disputes: [{ goalId: "g1", reason: "the user only wants an explanation" }, { goalId: "g99", reason: "x" }],
      },
      request,
      ws,
    );
    expect(revision.accepted).toHaveLength(1);
    expect(revision.rejected.join("\n")).toMatch(/src\/ghost\.ts appears only in quoted content/);
    expect(revision.rejected.join("\n")).toMatch(/nowhere\.md does not exist/);
    expect(revision.rejected.join("\n")).toMatch(/g99: no such goal/);
    expect(revision.frame.goals.find((g) => g.id === "g1")).toMatchObject({ status: "disputed", reason: "the user only wants an explanation" });
    expect(revision.frame.goals.length).toBe(frame.goals.length + 1);
    expect(completionGate(revision.frame, []).pass).toBe(false);
  });
});

describe("persisted frames from schema v1 migrate", () => {
  it("v1 goal kinds become intents", () => {
    const v1 = { goals: [{ id: "g-change", kind: "change", description: "d", target: "a.md", status: "covered" }, { id: "g-verify", kind: "verify_change", description: "d", target: "a.md", status: "open" }, { id: "g-read", kind: "read", description: "d", status: "open" }] };
    expect(readTaskFrame(v1).goals.map(goalKey)).toEqual(["change.write a.md", "verify.write a.md", "question"]);
    expect(readTaskFrame(v1).goals[0]?.status).toBe("covered");
  });
});

describe("issue 21: the request reader's rules for change targets", () => {
  const at = (files: string[], request: string) => {
    const dirs = new Set(files.flatMap((f) => f.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
    const built = buildTaskFrame(request, { files: new Set(files), dirs });
    return built.ok ? { goals: built.frame.goals, unclear: built.frame.unclear, wordless: built.frame.wordless } : { goals: [], message: built.message };
  };

  it("rule: removing something from inside a file edits the file (a from-preposition before it, a localizer after it)", () => {
    expect(keys("从 notes/old.md 里去掉所有空行")).toEqual(["change.edit notes/old.md", "verify.edit notes/old.md"]);
    expect(keys("remove the TODO lines from notes/old.md")).toEqual(["change.edit notes/old.md", "verify.edit notes/old.md"]);
    expect(keys("delete notes/old.md")).toEqual(["change.delete notes/old.md", "verify.delete notes/old.md"]);
  });

  it("rule: a folder the clause puts something in need not be path-shaped; a new folder written with a slash is a folder", () => {
    expect(keys("把 notes/ 整个目录挪到 archive 下面")).toEqual(["change.move notes→archive/notes", "verify.move notes→archive/notes"]);
    expect(keys("move notes/old.md into a new folder notes/past/")).toEqual(["change.move notes/old.md→notes/past/old.md", "verify.move notes/old.md→notes/past/old.md"]);
  });

  it("rule: an unquoted value an edit sets something to is what the target must hold; an addition has none", () => {
    const expects = (request: string) => frameOf(request).goals.find((g) => g.intent === "verify")?.expects;
    expect(expects("Bump the version in notes/old.md to 1.2.0")).toBe("1.2.0");
    expect(expects("把 README.md 里的 mode 改成 slow")).toBe("slow");
    expect(expects("Add a line to README.md")).toBeUndefined();
    expect(expects("Change the title of README.md to something shorter")).toBeUndefined();
  });

  it("rule: a Chinese verb right before 的 describes a noun, so a question about a file stays a question", () => {
    expect(keys("notes/old.md 里写的日期是哪天？")).toEqual(["read notes/old.md"]);
  });

  it("rule: only path-shaped or existing operands are targets; a bare folder name in backticks is a word", () => {
    expect(keys("add a `test` step to README.md")).toEqual(["change.edit README.md", "verify.edit README.md"]);
  });

  it("rule: a copy, an empty file or a folder is asked only to exist; dotfiles and names under an existing folder are paths", () => {
    const copy = at(["README.md", "src/a.ts"], "Copy src/a.ts to src/a2");
    expect(copy.goals.map(goalKey)).toEqual(["change.write src/a2", "verify.write src/a2", "read src/a.ts"]);
    expect(copy.goals.filter((g) => g.intent === "verify").every((g) => g.existence)).toBe(true);
    const empty = at(["README.md", "notes/a.md"], "新建一个空文件 notes/.keep");
    expect(empty.goals.map(goalKey)).toEqual(["change.write notes/.keep", "verify.write notes/.keep"]);
    expect(empty.goals[1]!.existence).toBe(true);
    expect(at(["README.md"], 'create notes.md with "hi"').goals[1]!.existence).toBeUndefined();
  });

  it("rule: a clause asking to keep something adds no goal and does not continue the change before it", () => {
    expect(keys("把 src 下的 ts 文件都删了，src/config.ts 留着")).not.toContain("change.delete src/config.ts");
    expect(keys("delete the ts files in src, keep src/config.ts")).not.toContain("change.delete src/config.ts");
  });

  it("rule: a bare name joined to the folder the request gives is not ambiguous", () => {
    const files = ["a/x.md", "b/x.md"];
    expect(at(files, "Open x.md").unclear).toEqual([{ name: "x.md", candidates: ["a/x.md", "b/x.md"] }]);
    expect(at(files, "In the a folder, update x.md").unclear).toBeUndefined();
  });

  it("bad input: a path mixing alphabets in one word is unclear, with the file it looks like; never read as that file", () => {
    const mixed = at(["config.json", "conf.json"], "Open c\u043enfig.json");
    expect(mixed.unclear).toEqual([{ name: "c\u043enfig.json", candidates: ["config.json"] }]);
    expect(mixed.goals.map(goalKey)).toEqual(["question c\u043enfig.json"]);
    // Han running into a Latin name is ordinary writing: cut at the change of script.
    expect(at(["config.json"], "打开config.json看看")).toEqual({ goals: [expect.objectContaining({ intent: "read", target: "config.json" })], unclear: undefined, wordless: undefined });
    expect(at(["config.json"], "…?!")).toEqual({ goals: [], unclear: undefined, wordless: true });
  });
});

describe("issue 21: an honest cannot", () => {
  it("rule: a negation denying a capability later in the same clause states an inability", () => {
    expect(statedInability("抱歉，我没有发消息的工具，所以什么也没有发出。")).toBe("抱歉，我没有发消息的工具，所以什么也没有发出。");
    expect(statedInability("I don't have a chat integration here, so nothing was posted.")).toBeDefined();
    // Separate clauses: no inability.
    expect(statedInability("文件里没有错误，工具检查通过。")).toBeUndefined();
  });
});
