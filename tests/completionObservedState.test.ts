/**
 * CONTRACT §6, issue 21 item 2 (coverage by observed state, whatever the means): the general
 * causes of the first blind set's misses, each as a scripted run through the real graph.
 * - A command's output is an observation like a listing: a name printed by a command over the
 *   target's directory shows it present; a finished command over that directory that does not
 *   print it shows it gone (`commandListingShows`).
 * - A delete with no named target (a pattern) is observed by a later finished command over
 *   the same scope (`observesScopeOf`), and its goal never reads "check  is gone".
 * - A folder moved with no destination named is a move whose old name must be gone, not a
 *   file to read back.
 * Each pass case has a premature twin (no observation after the effect) that is refused.
 */
import { describe, expect, it } from "vitest";
import { runGateScript, type GateScript } from "../bench/taskTable/run.js";
import { describeGoal } from "../state/taskFrame.js";

const files = { "web/img/a.png": "x", "web/img/b.png": "y", "web/index.html": "<html></html>", "logs/one.log": "1", "logs/two.log": "2", "logs/keep.txt": "k", "notes/old-name.md": "# n\n" };
const run = (id: string, request: string, work: GateScript["work"], answer: string) => runGateScript({ id, request, files, work, answers: [answer, answer] });

describe("coverage by observed state: a command's output observes like a listing", () => {
  it("a file renamed by a command, then a command listing its folder without the old name: passes", { timeout: 60_000 }, async () => {
    const out = await run("mv-ls", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "mv", args: ["notes/old-name.md", "notes/new-name.md"] }], ["run_command", { command: "ls", args: ["notes"] }]], "Renamed it; notes now holds new-name.md only.");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
  });

  it("the same rename with no observation after it is refused, and the refusal names no change tool", { timeout: 60_000 }, async () => {
    const out = await run("mv-only", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "mv", args: ["notes/old-name.md", "notes/new-name.md"] }]], "Renamed it.");
    expect(out.verdict).toBe("block");
    expect(out.note).not.toMatch(/move_path|write_file/);
  });

  it("a listing command that still prints the old name contradicts the move: refused", { timeout: 60_000 }, async () => {
    const out = await run("cp-ls", "rename notes/old-name.md to notes/new-name.md", [["run_command", { command: "cp", args: ["notes/old-name.md", "notes/new-name.md"] }], ["run_command", { command: "ls", args: ["notes"] }]], "Renamed it.");
    expect(out.verdict).toBe("block");
  });
});

describe("a delete with no named target", () => {
  it("files deleted by a pattern, then a command over the same folder: passes", { timeout: 60_000 }, async () => {
    const out = await run("rm-pattern", "delete the log files in logs, keep the txt", [["run_command", { command: "sh", args: ["-c", "rm logs/*.log"] }], ["run_command", { command: "ls", args: ["logs"] }]], "Deleted one.log and two.log; logs holds keep.txt.");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
    expect(out.goals.join(" ")).not.toMatch(/check\s+is gone/);
  });

  it("the same delete with no observation after it is refused, and the goal names what was deleted, not an empty name", { timeout: 60_000 }, async () => {
    const out = await run("rm-only", "delete the log files in logs, keep the txt", [["run_command", { command: "sh", args: ["-c", "rm logs/*.log"] }]], "Deleted them.");
    expect(out.verdict).toBe("block");
    expect(out.note).not.toMatch(/check\s+is gone/);
    expect(describeGoal({ intent: "verify", op: "delete" })).toBe("check what was deleted is gone");
  });
});

describe("a folder as a change target", () => {
  it("a folder renamed by a command (no destination named), then a listing of its parent without it: passes", { timeout: 60_000 }, async () => {
    const out = await run("dir-mv", "把 web/img 目录改名", [["run_command", { command: "mv", args: ["web/img", "web/images"] }], ["read_list", { path: "web" }]], "已把 web/img 改名为 web/images，web 下已没有 img。");
    expect(out).toMatchObject({ verdict: "pass", status: "completed" });
    expect(out.note ?? "").not.toMatch(/read back web\/img/);
  });

  it("the same folder rename with no observation after it is refused", { timeout: 60_000 }, async () => {
    const out = await run("dir-mv-only", "把 web/img 目录改名", [["run_command", { command: "mv", args: ["web/img", "web/images"] }]], "已改名。");
    expect(out.verdict).toBe("block");
  });
});

describe("a Chinese verb with its complement is read as the verb", () => {
  it("发到 (send to) makes a send goal, so a premature 'sent' answer with no receipt is refused", { timeout: 60_000 }, async () => {
    const out = await run("send-zh", "把 notes/old-name.md 发到 a@example.com", [], "已发送到 a@example.com。");
    expect(out.goals.some((g) => g.startsWith("send"))).toBe(true);
    expect(out.verdict).toBe("block");
  });
});
