/**
 * CONTRACT §6, issue 21 (round 12, frame side): a request whose verb the request lexicon does
 * not hold used to make no goal at all, so any answer passed, a plan or a claim with nothing
 * done included. Its verb now decides by WordNet's class (a verb of doing changes the paths
 * named, one of knowing or saying asks about them; Chinese verbs by their CC-CEDICT gloss).
 * Each rule is a scripted run through the real graph with a twin going the other way; the
 * outcome is checked on disk. The examples are invented, not a set's.
 */
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({ "names.txt": "carol\nalice\nbob\n", "logs/app.log": "started\nstopped\n", "logs/keep.txt": "keep\n", "分数.txt": "80\n90\n", "notes/a.md": "# A\n", "notes/b.md": "# B\n" });
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };

describe("issue 21, round 12: a verb the lexicon does not hold", () => {
  it("rule: an unknown verb of doing (sort) changes the file it names: a plan with the file untouched is refused, the sort observed passes", { timeout: 60_000 }, async () => {
    const request = "Alphabetize names.txt in place, please.";
    const plan = await go("sort-plan", request, [["read_open", { path: "names.txt" }]], "Reorder it as alice, bob, carol and save the file.");
    expect(plan).toMatchObject(refused);
    expect(readFileSync(join(plan.workspace, "names.txt"), "utf8")).toBe("carol\nalice\nbob\n");
    const sorted = await go("sort-done", request, [sh("sort -o names.txt names.txt"), ["read_open", { path: "names.txt" }]], "names.txt now reads alice, bob, carol.");
    expect(sorted).toMatchObject(done);
    expect(readFileSync(join(sorted.workspace, "names.txt"), "utf8")).toBe("alice\nbob\ncarol\n");
  });

  it("rule: a Chinese verb the lexicon lacks (压缩) with a path not yet in the workspace makes that path: a claim after only reading the source is refused", { timeout: 60_000 }, async () => {
    const request = "把 logs/app.log 压缩成 logs/app.log.gz";
    const claimed = await go("gzip-claimed", request, [["read_open", { path: "logs/app.log" }]], "压缩好了。");
    expect(claimed).toMatchObject(refused);
    expect(existsSync(join(claimed.workspace, "logs/app.log.gz"))).toBe(false);
    const made = await go("gzip-done", request, [["run_command", { command: "gzip", args: ["-k", "logs/app.log"] }], ["read_list", { path: "logs" }]], "已压缩为 logs/app.log.gz，logs/ 里现在有 app.log 和 app.log.gz。");
    expect(made).toMatchObject(done);
    expect(existsSync(join(made.workspace, "logs/app.log.gz"))).toBe(true);
  });

  it("rule: an unknown verb of knowing (算, compute) asks about the file it names: an answer before reading it is refused", { timeout: 60_000 }, async () => {
    const request = "算一下 分数.txt 里的平均分";
    expect(await go("mean-unread", request, [], "平均分是 85。")).toMatchObject(refused);
    expect(await go("mean-read", request, [["read_open", { path: "分数.txt" }]], "平均分是 85（80 和 90）。")).toMatchObject(done);
  });

  it("rule: asking that a state hold (make sure …) names no change of the file it mentions: checking it already holds passes", { timeout: 60_000 }, async () => {
    const checked = await go("ensure-holds", "Make sure names.txt ends with a newline.", [["run_command", { command: "tail", args: ["-c", "1", "names.txt"] }]], "It already does: the last byte of names.txt is a newline, so nothing needed changing.");
    expect(checked).toMatchObject(done);
    expect(readFileSync(join(checked.workspace, "names.txt"), "utf8")).toBe("carol\nalice\nbob\n");
  });

  it("rule: a folder written before a glob (logs/*.log) is where the pattern's files are, not a folder to delete", { timeout: 60_000 }, async () => {
    const request = "Delete logs/*.log";
    const removed = await go("glob-scope", request, [sh("rm logs/*.log"), ["read_list", { path: "logs" }]], "Deleted logs/app.log; logs/ now holds only keep.txt.");
    expect(removed).toMatchObject(done);
    expect(existsSync(join(removed.workspace, "logs/keep.txt"))).toBe(true);
    expect(existsSync(join(removed.workspace, "logs/app.log"))).toBe(false);
    // A listing still showing a match is no delete.
    expect(await go("glob-left", request, [["read_list", { path: "logs" }]], "Deleted every .log file in logs/.")).toMatchObject(refused);
  });

  it("rule: a file written right after the root is named (根目录的 all.md) is made at the root, not in the folder the request names", { timeout: 60_000 }, async () => {
    const request = "把 notes 下面的 md 合并成根目录的 all.md";
    const root = await go("root-file", request, [sh("cat notes/a.md notes/b.md > all.md"), ["read_open", { path: "all.md" }]], "已合并为 all.md：先是 # A，后是 # B。");
    expect(root).toMatchObject(done);
    expect(readFileSync(join(root.workspace, "all.md"), "utf8")).toBe("# A\n# B\n");
    expect(await go("root-file-inside", request, [sh("cat notes/a.md notes/b.md > notes/all.md"), ["read_open", { path: "notes/all.md" }]], "已合并为 notes/all.md：先是 # A，后是 # B。")).toMatchObject(refused);
  });

  it("rule: a goal guessed from an unknown verb may be an act outside the workspace: an honest 'cannot' with nothing changed passes, a claim with nothing changed does not", { timeout: 60_000 }, async () => {
    const request = "Pay the invoice in names.txt.";
    expect(await go("pay-cannot", request, [], "I can't make payments: there is no payment tool here, so nothing was paid.")).toMatchObject(done);
    expect(await go("pay-claimed", request, [["read_open", { path: "names.txt" }]], "Paid the invoice in names.txt.")).toMatchObject(refused);
  });

  it("rule: the request's own verb reports a change the lexicon has no verb for (转成大写 → 转好了), and what is gone reports a removal", { timeout: 60_000 }, async () => {
    const upper = await go("own-verb", "把 names.txt 里的名字都转成大写", [sh("tr a-z A-Z < names.txt > n.tmp && mv n.tmp names.txt"), ["read_open", { path: "names.txt" }]], "转好了：CAROL、ALICE、BOB。");
    expect(upper).toMatchObject(done);
    expect(readFileSync(join(upper.workspace, "names.txt"), "utf8")).toBe("CAROL\nALICE\nBOB\n");
    const gone = await go("removal-gone", "get rid of the `stopped` line in logs/app.log", [sh("sed -i '/^stopped$/d' logs/app.log"), ["read_open", { path: "logs/app.log" }]], "Gone: logs/app.log is down to the started line.");
    expect(gone).toMatchObject(done);
    expect(readFileSync(join(gone.workspace, "logs/app.log"), "utf8")).toBe("started\n");
  });
});
