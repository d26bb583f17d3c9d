/**
 * CONTRACT §4/§6, issue 21 (round 34): tuning-heldout33's misses, in reading the request, in what
 * a command observes, and in what an answer may claim. Each rule is a scripted run through the real
 * graph with a twin going the other way; outcomes are checked on disk where a change is involved.
 * The examples are invented, not the set's.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "README.md": "# mono\n",
  "run.py": "import argparse\np = argparse.ArgumentParser()\np.add_argument('--force', action='store_true', help='overwrite existing output')\np.add_argument('--quiet', action='store_true', help='print nothing')\n",
  "NOTICE": "Copyright 2024\nExample Corp. All rights reserved.\n",
  "config.py": "import os\n\nMAX_ITEMS = int(os.getenv(\"MAX_ITEMS\", \"40\"))\n",
  "templates/app.ini": "[server]\nport = 8000\n",
  "var/trace.log": "trace\n".repeat(50),
  "var/keep.log": "keep\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Parameters<typeof go>[2][number];

describe("issue 21, round 34: reading the request, what a command observes, what an answer may claim", () => {
  it("rule: folders listed after a folder noun and a colon are each made; two of three made is refused (on disk)", { timeout: 60_000 }, async () => {
    const request = "create three folders: alpha, beta and gamma";
    const all = await go("colon-all", request, [run("mkdir", "alpha", "beta", "gamma"), ["read_list", { path: "." }]], "Created alpha/, beta/ and gamma/; the listing shows all three.");
    expect(all).toMatchObject(done);
    expect(["alpha", "beta", "gamma"].every((d) => existsSync(join(all.workspace, d)))).toBe(true);
    const two = await go("colon-two", request, [run("mkdir", "alpha", "beta"), ["read_list", { path: "." }]], "All three folders are created.");
    expect(two).toMatchObject(refused);
    expect(existsSync(join(two.workspace, "gamma"))).toBe(false);
  });

  it("rule: a flag the question names (`--force`) is a name the answer must speak of; another flag's help is refused", { timeout: 60_000 }, async () => {
    const request = "What does the --force flag do in run.py?";
    const read = [["read_open", { path: "run.py" }]] as Parameters<typeof go>[2];
    expect(await go("flag-other", request, read, "The --quiet flag makes it print nothing.")).toMatchObject(refused);
    expect(await go("flag-asked", request, read, "--force overwrites existing output.")).toMatchObject(done);
  });

  it("rule: a quote may run across a line break of what was shown; a quote nothing showed is refused", { timeout: 60_000 }, async () => {
    const request = "what does the NOTICE file say?";
    const read = [["read_slice", { path: "NOTICE", startLine: 1, endLine: 2 }]] as Parameters<typeof go>[2];
    expect(await go("quote-lines", request, read, 'It says "Copyright 2024 Example Corp. All rights reserved."')).toMatchObject(done);
    expect(await go("quote-unshown", request, read, 'It says "Copyright 2025 Example Inc."')).toMatchObject(refused);
  });

  it("rule: a value written inside an expression on the key's line is shown there, and 'unless … is set' claims no change; another value is refused", { timeout: 60_000 }, async () => {
    const request = "what's the default value of MAX_ITEMS in config.py";
    const read = [["read_extract", { path: "config.py", pattern: "MAX_ITEMS", context: 0 }]] as Parameters<typeof go>[2];
    expect(await go("expr-value", request, read, "40: `MAX_ITEMS = int(os.getenv(\"MAX_ITEMS\", \"40\"))`, so 40 unless the env var is set.")).toMatchObject(done);
    expect(await go("expr-other", request, read, "MAX_ITEMS is 50 by default.")).toMatchObject(refused);
  });

  it("rule: 'the local folder may not exist yet' is a fact about a folder of the path written, not another folder to make; the copy unobserved is refused", { timeout: 60_000 }, async () => {
    const request = "把 templates/app.ini 拷一份到 conf/local/app.ini，local 目录可能还没有";
    const copy = run("install", "-D", "-m", "644", "templates/app.ini", "conf/local/app.ini");
    const seen = await go("copy-seen", request, [copy, ["read_open", { path: "conf/local/app.ini" }]], "用 install -D 复制好了，顺带建了 conf/local/；conf/local/app.ini 的内容和模板一致：port = 8000。");
    expect(seen).toMatchObject(done);
    expect(readFileSync(join(seen.workspace, "conf/local/app.ini"), "utf8")).toBe("[server]\nport = 8000\n");
    expect(await go("copy-unseen", request, [copy], "复制好了。")).toMatchObject(refused);
  });

  it("rule: a long listing showing size 0 shows a file emptied (on disk); one showing another size is refused", { timeout: 60_000 }, async () => {
    const request = "var/trace.log is huge, empty it but keep the file around";
    const emptied = await go("size-zero", request, [run("truncate", "-s", "0", "var/trace.log"), run("ls", "-l", "var/trace.log")], "Emptied var/trace.log; ls -l shows it still there with size 0.");
    expect(emptied).toMatchObject(done);
    expect(statSync(join(emptied.workspace, "var/trace.log")).size).toBe(0);
    const missed = await go("size-left", request, [run("truncate", "-s", "0", "var/keep.log"), run("ls", "-l", "var/trace.log")], "Emptied var/trace.log; it is still there.");
    expect(missed).toMatchObject(refused);
    expect(statSync(join(missed.workspace, "var/trace.log")).size).toBe(300);
  });
});
