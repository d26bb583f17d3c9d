/**
 * CONTRACT §6, issue 21 (round 9): the general causes of tuning set 8's misses
 * (eval/completion/tuning-heldout8), each a rule named by its test, each as scripted runs
 * through the real graph with a twin that goes the other way. The examples are invented, not the set's.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "srv/trace.out": "line one\nline two\n",
  "srv/keep.cfg": "a=1\n",
  "conf/x.ini": "host=10.0.0.9\n",
  "conf/y.ini": "host=10.0.0.9\nport=1\n",
  "old/a.txt": "x\n",
  "旧资料/说明.md": "# 旧\n",
  "items.txt": "pear\nplum\nfig\n",
  "变更记录/v3.md": "# v3\n\n- 调整了登录超时\n",
};
const go = gateRunner(files);
const done = { verdict: "pass", status: "completed" };

describe("issue 21, tuning set 8: observations of a change, answers that answer", () => {
  it("rule: a listing showing a file of 0 bytes observes its (empty) content", { timeout: 60_000 }, async () => {
    const request = "Truncate srv/trace.out to zero length.";
    const ok = await go("zero-listed", request, [sh(": > srv/trace.out"), ["read_list", { path: "srv" }]], "Truncated srv/trace.out; it is now 0 bytes.");
    expect(ok).toMatchObject(done);
    // A listing that shows the file still holding bytes does not observe it emptied.
    const full = await go("zero-not-emptied", request, [sh("true > srv/other.out"), ["read_list", { path: "srv" }]], "Truncated srv/trace.out; it is now 0 bytes.");
    expect(full.verdict).toBe("block");
  });

  it("rule: a search hit in a file a target-less change was seen to change observes it", { timeout: 60_000 }, async () => {
    const request = "把所有 ini 配置里的“10.0.0.9”换成“db-local”";
    const ok = await go("hit-observes", request, [sh("sed -i 's/10.0.0.9/db-local/' conf/*.ini"), ["search_text", { query: "host=", path: "conf" }]], "两个 ini 文件都改成了 host=db-local。");
    expect(ok).toMatchObject(done);
    // Without any observation after the change, the same answer is refused.
    const unseen = await go("hit-none", request, [sh("sed -i 's/10.0.0.9/db-local/' conf/*.ini")], "两个 ini 文件都改成了 host=db-local。");
    expect(unseen.verdict).toBe("block");
  });

  it("rule: a read that finds no such path observes it absent", { timeout: 60_000 }, async () => {
    const request = "Delete srv/keep.cfg.";
    const ok = await go("notfound-gone", request, [sh("rm srv/keep.cfg"), ["read_open", { path: "srv/keep.cfg" }]], "Deleted srv/keep.cfg; opening it now fails with not found.");
    expect(ok).toMatchObject(done);
    expect(existsSync(join(ok.workspace, "srv/keep.cfg"))).toBe(false);
    // A read that found it still there shows it present: refused.
    const kept = await go("notfound-present", request, [sh("rm -f srv/nothing.cfg"), ["read_open", { path: "srv/keep.cfg" }]], "Deleted srv/keep.cfg.");
    expect(kept.verdict).toBe("block");
  });

  it("rule: a removal is reported by a verb of removal, not by another kind of change", { timeout: 60_000 }, async () => {
    const request = "Remove the folder old/.";
    const work: Array<[string, Record<string, unknown>]> = [sh("rm -rf old"), ["read_list", { path: "." }]];
    const ok = await go("delete-reported", request, work, "Removed old/; the listing no longer shows it.");
    expect(ok).toMatchObject(done);
    const other = await go("delete-other-kind", request, work, "old/ is created by the exporter and updated on each run; edit the exporter instead.");
    expect(other.verdict).toBe("block");
  });

  it("rule: a change with no named target is reported by what was seen to change", { timeout: 60_000 }, async () => {
    const request = "旧资料 这个目录不用了，删掉";
    const work: Array<[string, Record<string, unknown>]> = [sh("rm -rf 旧资料"), ["read_list", { path: "." }]];
    const ok = await go("untargeted-reported", request, work, "已删除 旧资料 目录，根目录里已经没有它了。");
    expect(ok).toMatchObject(done);
    const other = await go("untargeted-other", request, work, "根目录下有 conf、srv 和 items.txt。");
    expect(other.verdict).toBe("block");
  });

  it("rule: a question asking for a quantity is answered only by a number (or a denial)", { timeout: 60_000 }, async () => {
    const request = "How many lines does items.txt have?";
    const work: Array<[string, Record<string, unknown>]> = [["read_open", { path: "items.txt" }]];
    const ok = await go("count-given", request, work, "items.txt has 3 lines.");
    expect(ok).toMatchObject(done);
    const suggested = await go("count-suggested", request, work, "You can find out by running `wc -l items.txt`.");
    expect(suggested.verdict).toBe("block");
  });

  it("rule: a wh-word after a change verb in a clause asking a question makes it a question", { timeout: 60_000 }, async () => {
    const request = "变更记录/v3.md 里说调整了什么？";
    const ok = await go("wh-after-change", request, [["read_open", { path: "变更记录/v3.md" }]], "调整了登录超时。");
    expect(ok).toMatchObject(done);
    expect(ok.goals.some((g) => g.startsWith("change"))).toBe(false);
    // A question about the file is still answered only from it.
    const unread = await go("wh-after-change-unread", request, [["read_open", { path: "items.txt" }]], "调整了登录超时。");
    expect(unread.verdict).toBe("block");
  });
  it("rule: a lone quote a replacing verb takes is what is replaced, so it must be gone", { timeout: 60_000 }, async () => {
    const request = "Replace 'plum' in items.txt.";
    const ok = await go("replace-lone-ok", request, [sh("sed -i 's/plum/kiwi/' items.txt"), sh("cat items.txt")], "Replaced plum in items.txt; it now lists kiwi.");
    expect(ok).toMatchObject(done);
    // A substitution that matched nothing leaves it there: the read after it shows it, so the answer is refused.
    const left = await go("replace-lone-left", request, [sh("sed -i 's/plumm/kiwi/' items.txt"), sh("cat items.txt")], "Replaced plum in items.txt.");
    expect(left.verdict).toBe("block");
  });
  it("rule: a count the answer gives a kind of thing must be the one the command output printed for that kind", { timeout: 60_000 }, async () => {
    const request = "Run the checker and tell me how it went.";
    const work: Array<[string, Record<string, unknown>]> = [sh("echo 'checked 4 modules, 0 warnings'")];
    const ok = await go("count-kind-ok", request, work, "The checker went through 4 modules with 0 warnings.");
    expect(ok).toMatchObject(done);
    const wrong = await go("count-kind-wrong", request, work, "The checker went through 6 modules with 0 warnings.");
    expect(wrong.verdict).toBe("block");
  });
  it("rule: a contrast before a word asking to keep something starts a clause of its own, which adds no goal", { timeout: 60_000 }, async () => {
    const request = "Remove the .out files in srv but keep keep.cfg.";
    const ok = await go("contrast-keep", request, [sh("rm srv/*.out"), ["read_list", { path: "srv" }]], "Removed the .out files; srv now holds only keep.cfg.");
    expect(ok).toMatchObject(done);
    expect(ok.goals.some((g) => g.includes("keep.cfg"))).toBe(false);
    // Nothing observed after the removal: refused.
    const unseen = await go("contrast-keep-unseen", request, [sh("rm srv/*.out")], "Removed the .out files; srv now holds only keep.cfg.");
    expect(unseen.verdict).toBe("block");
  });
});
