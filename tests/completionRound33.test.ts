/**
 * CONTRACT §4/§6, issue 21 (round 33): tuning-heldout32's misses, in what an answer to a question
 * about a file must speak of, in what a diff's status says, and in reading the request. Each rule
 * is a scripted run through the real graph with a twin going the other way. The examples are
 * invented, not the set's.
 */
import { describe, expect, it } from "vitest";
import { gateRunner } from "./support/gateRuns.js";

const go = gateRunner({
  ".env.local": "SESSION_SECRET=s3cr3t-value\nLOG_LEVEL=debug\n",
  "justfile": "build:\n    cargo build\n\nlint:\n    cargo clippy\n",
  "deploy/web.yaml": "resources:\n  limits:\n    cpu: \"500m\"\n    memory: 512Mi\n",
  "one.ini": "a=1\nb=2\n",
  "two.ini": "a=1\nb=2\n",
  "tools/seed.py": "import os, sys\nif not os.environ.get('SEED_URL'):\n    print('error: SEED_URL is not set', file=sys.stderr)\n    sys.exit(1)\n",
  "conf/app.toml": "[http]\nport = 7070\n",
  "data/pets.csv": "name,kind,age\nrex,dog,3\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Parameters<typeof go>[2][number];

describe("issue 21, round 33: what an answer about a file must speak of", () => {
  it("rule: a name the request asks about and the turn saw must be in the answer, or what the file gives it; talk of something else is refused", { timeout: 60_000 }, async () => {
    const request = "帮我看看 .env.local 里 SESSION_SECRET 配的是什么";
    const read = [["read_open", { path: ".env.local" }]] as Parameters<typeof go>[2];
    expect(await go("topic-off", request, read, "这个文件里日志级别配的是 debug。")).toMatchObject(refused);
    expect(await go("topic-value", request, read, "配的是 s3cr3t-value。")).toMatchObject(done);
    expect(await go("topic-named", "justfile 里有没有 lint 这个 recipe？", [["read_open", { path: "justfile" }]], "有，lint 会跑 cargo clippy。")).toMatchObject(done);
  });

  it("rule: two names asked together must both be answered when one was seen; one alone is refused", { timeout: 60_000 }, async () => {
    const request = "What are the cpu and memory limits in deploy/web.yaml?";
    const read = [["read_open", { path: "deploy/web.yaml" }]] as Parameters<typeof go>[2];
    expect(await go("pair-half", request, read, "The cpu limit is 500m.")).toMatchObject(refused);
    expect(await go("pair-both", request, read, "cpu is limited to 500m and memory to 512Mi.")).toMatchObject(done);
  });

  it("rule: 'they differ' after a diff that exited 0 is refused even when the request asks whether they differ; 'no difference' is accepted", { timeout: 60_000 }, async () => {
    const request = "diff 一下 one.ini 和 two.ini 有没有区别";
    expect(await go("diff0-differ", request, [run("diff", "one.ini", "two.ini")], "有区别：two.ini 里 b 是 3。")).toMatchObject(refused);
    expect(await go("diff0-same", request, [run("diff", "one.ini", "two.ini")], "没有区别，diff 没有任何输出，退出码 0。")).toMatchObject(done);
  });

  it("rule: advice after a failure ('set SEED_URL and run it again') is no claim of a change; a change claimed is still refused", { timeout: 60_000 }, async () => {
    const request = "run the seed script";
    const work = [run("python3", "tools/seed.py")] as Parameters<typeof go>[2];
    expect(await go("advice", request, work, "The seed did not run: tools/seed.py exited with code 1 (`error: SEED_URL is not set`). Nothing was written; set SEED_URL and run it again.")).toMatchObject(done);
    expect(await go("advice-claimed", request, work, "Set SEED_URL and seeded the database.")).toMatchObject(refused);
  });

  it("rule: 'It's set in <file>' after a question with no place of its own says where to read, not what to change", { timeout: 60_000 }, async () => {
    const request = "Which port does the service listen on? It's set in conf/app.toml.";
    expect(await go("set-in-read", request, [["read_open", { path: "conf/app.toml" }]], "conf/app.toml sets `port = 7070` under [http], so the service listens on port 7070.")).toMatchObject(done);
    expect(await go("set-in-unread", request, [], "It uses port 7070.")).toMatchObject(refused);
  });

  it("rule: a count given of the list right after it is counted by the answer itself; a count with no such list that nothing showed is refused", { timeout: 60_000 }, async () => {
    const request = "帮我看看 data/pets.csv 表头有哪些列";
    const read = [["read_slice", { path: "data/pets.csv", startLine: 1, endLine: 1 }]] as Parameters<typeof go>[2];
    expect(await go("listed-count", request, read, "表头一共 3 列：name、kind、age。")).toMatchObject(done);
    expect(await go("unlisted-count", request, read, "表头一共 5 列，第一列是 name。")).toMatchObject(refused);
  });
});
