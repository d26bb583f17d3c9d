/**
 * CONTRACT §6, issue 21 (round 15, tuning set 14): the answer side. Files an answer names that no
 * observation showed (written with their folder, or in an aside of a denial), a change reported by
 * quoting its new line, a count over a wider scope than the folder asked. Each rule is scripted
 * runs through the real graph, each with a twin going the other way; the examples are invented,
 * not the set's.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "lib/parse/tokens.py": "# FIXME: unicode\nTOKENS = []\n",
  "lib/parse/tree.py": "TREE = None\n",
  "lib/io/disk.py": "# FIXME: fsync\n# FIXME: retries\n",
  "notes/todo.md": "FIXME: write the guide\n",
  "deploy/app.yaml.sample": "replicas: 1\n",
  "app/limits.py": "MAX_USERS = 50\n",
  "data/visits.tsv": "day\tvisits\nmon\t12\ntue\t9\nwed\t15\n",
};
const go = gateRunner(files);
const passes = { verdict: "pass", status: "completed" };
const blocked = async (run: ReturnType<typeof go>) => expect((await run).verdict).toBe("block");

describe("issue 21, round 15: what an answer states against the turn", () => {
  it("rule: a file named with its folder is stated as found, and must be one an observation shows", { timeout: 120_000 }, async () => {
    const request = "how many FIXMEs are there in lib?";
    // The command printed only the number: the files the answer places them in were never shown.
    await blocked(go("foldered-unshown", request, [sh("grep -r FIXME lib | wc -l")], "3 FIXMEs in lib: one in lib/parse/tokens.py and two in lib/io/disk.py."));
    // A command that printed the matching files shows them.
    expect(await go("foldered-shown", request, [sh("grep -rc FIXME lib")], "3 FIXMEs in lib: one in lib/parse/tokens.py and two in lib/io/disk.py.")).toMatchObject(passes);
  });

  it("rule: an aside of a denial states what it names on its own", { timeout: 120_000 }, async () => {
    const request = "is there an app.yaml anywhere in the repo?";
    const find: [string, Record<string, unknown>] = ["run_command", { command: "find", args: [".", "-name", "app.yaml"] }];
    await blocked(go("aside-unshown", request, [find], "No, nothing called app.yaml (the closest is deploy/app.yaml.sample)."));
    // The same aside after a listing that showed the file.
    const list: [string, Record<string, unknown>] = ["run_command", { command: "find", args: [".", "-name", "app.yaml*"] }];
    expect(await go("aside-shown", request, [find, list], "No, nothing called app.yaml (the closest is deploy/app.yaml.sample).")).toMatchObject(passes);
    // A denial with no aside is what the empty search says.
    expect(await go("aside-none", request, [find], "No, there is no app.yaml anywhere.")).toMatchObject(passes);
  });

  it("rule: quoting the changed line with the requested value reports the edit", { timeout: 120_000 }, async () => {
    const request = "set MAX_USERS to 75 in app/limits.py and show me the line";
    const edit = sh("sed -i 's/MAX_USERS = 50/MAX_USERS = 75/' app/limits.py && grep -n MAX_USERS app/limits.py");
    const done = await go("quoted-new-line", request, [edit], "There: `1:MAX_USERS = 75`");
    expect(done).toMatchObject(passes);
    expect(await readFile(join(done.workspace, "app/limits.py"), "utf8")).toBe("MAX_USERS = 75\n");
    // A sed that matched nothing: the line quoted is the old one, without the requested value.
    const missed = sh("sed -i 's/MAX_USER = 50/MAX_USERS = 75/' app/limits.py && grep -n MAX_USERS app/limits.py");
    const old = await go("quoted-old-line", request, [missed], "There: `1:MAX_USERS = 50`");
    expect(old.verdict).toBe("block");
    expect(await readFile(join(old.workspace, "app/limits.py"), "utf8")).toBe("MAX_USERS = 50\n");
  });

  it("rule: a count over a scope wider than the folder asked does not answer it", { timeout: 120_000 }, async () => {
    const request = "how many FIXMEs in lib";
    // `grep -r FIXME .` also counts notes/todo.md.
    await blocked(go("count-wider", request, [sh("grep -r FIXME . | wc -l")], "There are 4 FIXMEs in lib."));
    expect(await go("count-scoped", request, [sh("grep -r FIXME lib | wc -l")], "There are 3 FIXMEs in lib.")).toMatchObject(passes);
    // A wider search narrowed to the folder by a filter counts the folder.
    expect(await go("count-filtered", request, [sh("grep -r FIXME . | grep '^./lib/' | wc -l")], "There are 3 FIXMEs in lib.")).toMatchObject(passes);
  });

  it("rule: a count asked to leave something out is not the number a command printed leaving nothing out", { timeout: 120_000 }, async () => {
    const request = "how many days are in data/visits.tsv, not counting the header line?";
    const wc: [string, Record<string, unknown>] = ["run_command", { command: "wc", args: ["-l", "data/visits.tsv"] }];
    // wc printed 4, the header included.
    await blocked(go("uncut-count", request, [wc], "There are 4 days."));
    // The answer took the header off itself.
    expect(await go("uncut-less-one", request, [wc], "There are 3 days (4 lines less the header).")).toMatchObject(passes);
    // A command that left the header out printed the answer itself.
    expect(await go("cut-count", request, [sh("tail -n +2 data/visits.tsv | wc -l")], "There are 3 days.")).toMatchObject(passes);
  });
});
