/**
 * CONTRACT §6, issue 21 (round 10): what an answer must contain to answer, and claims the turn's
 * evidence does not back (the general causes of tuning sets 9 and 8's false passes). Each rule
 * is named by its test, as scripted runs through the real graph with a twin that goes the other
 * way. The examples are invented, not the sets'.
 */
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const files = {
  "inventory.csv": "sku,item,qty\n1,bolt,40\n2,nut,75\n3,washer,12\n",
  "app/settings.env": "API_PORT=8080\nCACHE_URL=redis://cache:6380/1\n",
  "notes/plan.md": "# Plan\n\n- Mei: write the migration guide\n- Tomas: upgrade Postgres to 16.2\n",
  "lib/shapes.py": "class Circle:\n    def __init__(self, r):\n        self.r = r\n",
  "src/one.txt": "year 2023\n",
  "src/two.txt": "year 2023\n",
  "src/deep/three.txt": "year 2023\n",
  "words.txt": "alpha\nbeta\ngamma\n",
  "i18n/de.json": '{\n  "cart": "Warenkorb"\n}\n',
  "tasks.md": "- FIXME tidy\n- FIXME docs\n",
  "scripts/tally.sh": "printf 'red 12\\nblue 30\\ngreen 7\\n'\n",
  "test_pair.py": "import unittest\n\n\nclass P(unittest.TestCase):\n    def test_a(self):\n        self.assertTrue(True)\n\n    def test_b(self):\n        self.assertEqual(2, 2)\n",
};
const go = gateRunner(files);
const done = { verdict: "pass", status: "completed" };
/** A refusal: the gate refused the first answer, and the run still completed (the gate alone never fails a run). */
const refused = { verdict: "block", status: "completed" };
type Work = Parameters<typeof go>[2];

describe("issue 21, round 10: an answer must answer, with what the evidence showed", () => {
  it("rule: an answer to a value question states a value the evidence showed beyond the request's words", { timeout: 60_000 }, async () => {
    const grep: Work = [["run_command", { command: "grep", args: ["CACHE_URL", "app/settings.env"] }]];
    expect(await go("value-given", "What is CACHE_URL in app/settings.env?", grep, "It is redis://cache:6380/1.")).toMatchObject(done);
    // Describing the command instead of giving what it printed does not answer.
    expect(await go("value-described", "What is CACHE_URL in app/settings.env?", grep, "I ran grep for CACHE_URL in app/settings.env to find it.")).toMatchObject(refused);
    const read: Work = [["read_open", { path: "notes/plan.md" }]];
    expect(await go("value-zh-given", "notes/plan.md 里 Mei 负责什么？", read, "Mei 负责写 migration guide。")).toMatchObject(done);
    // A description of the file's form states nothing it showed.
    expect(await go("value-zh-form", "notes/plan.md 里 Mei 负责什么？", read, "这份计划是 Markdown 列表，每人一行。")).toMatchObject(refused);
    // What code does may be explained in the answer's own words, in another language than the code.
    expect(await go("value-zh-explains", "lib/shapes.py 里的 Circle 是做什么的？", [["read_open", { path: "lib/shapes.py" }]], "它表示一个圆，创建时保存半径。")).toMatchObject(done);
  });

  it("rule: a count in another unit than the question asks answers another question", { timeout: 60_000 }, async () => {
    const lines = await go("unit-lines", "How many lines does words.txt have?", [["run_command", { command: "wc", args: ["-l", "words.txt"] }]], "words.txt has 3 lines.");
    expect(lines).toMatchObject(done);
    const bytes = await go("unit-bytes", "How many lines does words.txt have?", [["run_command", { command: "wc", args: ["-c", "words.txt"] }]], "words.txt is 17 bytes.");
    expect(bytes).toMatchObject(refused);
    // A which-question answered by a line count, and by the name the read showed.
    expect(await go("unit-which-count", "lib/shapes.py 里定义了哪个类？", [["run_command", { command: "wc", args: ["-l", "lib/shapes.py"] }]], "lib/shapes.py 一共 3 行。")).toMatchObject(refused);
    expect(await go("unit-which-name", "lib/shapes.py 里定义了哪个类？", [["read_open", { path: "lib/shapes.py" }]], "定义了 Circle 类。")).toMatchObject(done);
  });

  it("rule: a number an answer to a value question gives must be one the evidence grounds", { timeout: 60_000 }, async () => {
    const sum: Work = [["run_command", { command: "awk", args: ["-F,", "NR>1{s+=$3}END{print s}", "inventory.csv"] }]];
    // The operands of arithmetic whose result was printed were computed from it.
    expect(await go("number-sum", "What is the total qty in inventory.csv?", sum, "The total is 127 (40 + 75 + 12).")).toMatchObject(done);
    expect(await go("number-unshown", "What is the total qty in inventory.csv?", sum, "The total is 127 (40 + 75 + 13).")).toMatchObject(refused);
    // A figure of a column the read showed (its mean) is computed off the lines seen.
    expect(await go("number-mean", "What is the average qty in inventory.csv?", [["read_open", { path: "inventory.csv" }]], "The average qty is 42.33.")).toMatchObject(done);
    expect(await go("number-mean-wrong", "What is the average qty in inventory.csv?", [["read_open", { path: "inventory.csv" }]], "The average qty is 45.5.")).toMatchObject(refused);
    const count: Work = [["run_command", { command: "grep", args: ["-c", "^- ", "notes/plan.md"] }]];
    expect(await go("number-zh-count", "notes/plan.md 里有几条任务？", count, "共 2 条。")).toMatchObject(done);
    // A version no observation showed, beside the right count.
    expect(await go("number-zh-detail", "notes/plan.md 里有几条任务？", count, "共 2 条：Mei 写迁移指南，Tomas 把 Postgres 升级到 16.1。")).toMatchObject(refused);
  });

  it("rule: advice is no report of a change (a proposing word before a change verb)", { timeout: 60_000 }, async () => {
    const request = "Rename the key API_PORT in app/settings.env to PORT.";
    const work: Work = [["run_command", { command: "sed", args: ["-i", "s/API_PORT/PORT/", "app/settings.env"] }], ["run_command", { command: "cat", args: ["app/settings.env"] }]];
    expect(await go("advice-report", request, work, "Renamed API_PORT to PORT in app/settings.env.")).toMatchObject(done);
    expect(await go("advice-only", request, work, "You might also want to add a HOST entry next to it.")).toMatchObject(refused);
    const zh = "把 notes/plan.md 里的 Postgres 改成 PostgreSQL";
    const zhWork: Work = [["run_command", { command: "sed", args: ["-i", "s/Postgres/PostgreSQL/", "notes/plan.md"] }], ["read_open", { path: "notes/plan.md" }]];
    expect(await go("advice-zh-report", zh, zhWork, "已改成 PostgreSQL。")).toMatchObject(done);
    expect(await go("advice-zh-only", zh, zhWork, "另外，计划的标题可以加上日期。")).toMatchObject(refused);
  });

  it("rule: a path the answer says it changed that no effect of the turn changed is an overclaim", { timeout: 60_000 }, async () => {
    const request = "Move words.txt to archive/words.txt and delete logs/old.log.";
    const work: Work = [sh("mkdir -p archive && mv words.txt archive/words.txt; rm logs/old.log"), ["run_command", { command: "ls", args: ["-R", "."] }]];
    expect(await go("claim-honest", request, work, "Moved words.txt to archive/words.txt; logs/old.log did not exist, so there was nothing to delete.")).toMatchObject(done);
    // The failed rm changed nothing: "deleted logs/old.log" claims what did not happen.
    expect(await go("claim-failed-rm", request, work, "Moved words.txt to archive/words.txt and deleted logs/old.log.")).toMatchObject(refused);
    const zh = "把 src/two.txt 里的 2023 改成 2024";
    const zhWork: Work = [["run_command", { command: "sed", args: ["-i", "s/2023/2024/", "src/two.txt"] }], ["run_command", { command: "ls", args: ["src"] }], ["run_command", { command: "cat", args: ["src/two.txt"] }]];
    expect(await go("claim-zh-honest", zh, zhWork, "已把 src/two.txt 改成 2024。")).toMatchObject(done);
    expect(await go("claim-zh-other", zh, zhWork, "已把 src/two.txt 改成 2024，并删除了 src/one.txt。")).toMatchObject(refused);
  });

  it("rule: the number of files an answer says changed must be the number the records show changed", { timeout: 60_000 }, async () => {
    const request = "Change 2023 to 2024 in every .txt file under src.";
    const work: Work = [sh("sed -i 's/2023/2024/' src/*.txt"), ["run_command", { command: "grep", args: ["-rn", "year", "src"] }]];
    expect(await go("files-counted", request, work, "2 .txt files under src now say 2024: src/one.txt and src/two.txt; src/deep/three.txt was not reached.")).toMatchObject(done);
    // The glob did not reach src/deep: "all 3" claims a file the records show unchanged.
    expect(await go("files-overcounted", request, work, "All 3 .txt files under src now say 2024.")).toMatchObject(refused);
  });

  it("rule: a count of a kind given in Chinese is compared with the output's count of that kind", { timeout: 60_000 }, async () => {
    const run: Work = [["run_command", { command: "python3", args: ["-m", "unittest", "-v", "test_pair"] }]];
    expect(await go("tests-zh-right", "跑一下测试，告诉我结果", run, "2 个测试全部通过。")).toMatchObject(done);
    expect(await go("tests-zh-wrong", "跑一下测试，告诉我结果", run, "4 个测试全部通过。")).toMatchObject(refused);
  });

  it("rule: answering from records, a clock time no record shows is unbacked, even when the records show no time", { timeout: 60_000 }, async () => {
    const work: Work = [["mail_search", { query: "from:alice" }]];
    expect(await go("times-none", "Check my mail: anything from alice?", work, "Yes, two messages from alice.")).toMatchObject(done);
    expect(await go("times-unshown", "Check my mail: anything from alice?", work, "Yes, alice wrote at 14:30.")).toMatchObject(refused);
  });

  it("rule: a superlative given a name must go to the extreme of the name/number table the command printed", { timeout: 60_000 }, async () => {
    const request = "Run scripts/tally.sh and tell me which team scored highest.";
    const work: Work = [["run_command", { command: "sh", args: ["scripts/tally.sh"] }]];
    expect(await go("table-right", request, work, "blue scored highest, with 30.")).toMatchObject(done);
    expect(await go("table-wrong", request, work, "red scored highest, with 12.")).toMatchObject(refused);
  });

  it("rule: text a question's answer quotes as the workspace's must be text an observation showed", { timeout: 60_000 }, async () => {
    const request = "Does i18n/de.json have a checkout key?";
    const work: Work = [["read_extract", { path: "i18n/de.json", pattern: "checkout" }]];
    expect(await go("quote-none", request, work, "No, there is no checkout key in i18n/de.json.")).toMatchObject(done);
    expect(await go("quote-unshown", request, work, "No. Its cart label is \"Shopping basket\", which you may want to align.")).toMatchObject(refused);
  });

  it("rule: 'A 改成 B' for every A: a line still showing A without B is one left", { timeout: 60_000 }, async () => {
    const request = "把 tasks.md 里的每个 FIXME 都改成 TODO";
    const answer = "已把 tasks.md 里的 FIXME 全部改成 TODO。";
    expect(await go("every-all", request, [sh("sed -i 's/FIXME/TODO/g' tasks.md"), ["read_open", { path: "tasks.md" }]], answer)).toMatchObject(done);
    expect(await go("every-first", request, [sh("sed -i '0,/FIXME/s//TODO/' tasks.md"), ["read_open", { path: "tasks.md" }]], answer)).toMatchObject(refused);
    // A key that keeps its name beside its new value was changed.
    const key = await go("every-key", "把 app/settings.env 里所有的 API_PORT 都改成 9090", [sh("sed -i 's/API_PORT=8080/API_PORT=9090/' app/settings.env"), ["read_open", { path: "app/settings.env" }]], "已把 API_PORT 全部改成 9090。");
    expect(key).toMatchObject(done);
  });

  it("rule: a yes/no question is answered by taking a side or stating what the evidence showed", { timeout: 60_000 }, async () => {
    const work: Work = [["run_command", { command: "grep", args: ["bolt", "inventory.csv"] }]];
    expect(await go("polar-yes", "Is bolt in stock in inventory.csv?", work, "Yes, 40 of them.")).toMatchObject(done);
    expect(await go("polar-stated", "Is bolt in stock in inventory.csv?", work, "There are 40 in stock.")).toMatchObject(done);
    expect(await go("polar-restated", "Is bolt in stock in inventory.csv?", work, "You are asking about bolt stock; inventory.csv has a column for that.")).toMatchObject(refused);
  });
});

describe("issue 21, round 10: how a list reports a move and a delete by pattern", () => {
  const run = gateRunner({ "config.yml": "port: 1\n", "logs/a.log": "x\n", "logs/deep/b.log": "y\n", "logs/keep.txt": "k\n" });

  it("rule: an arrow from the old name to the new one reports a move", { timeout: 60_000 }, async () => {
    const work: Work = [sh("mv config.yml settings.yml"), ["read_list", { path: "." }]];
    expect(await run("arrow-move", "Rename config.yml to settings.yml.", work, "- config.yml → settings.yml")).toMatchObject(done);
    // Naming both files says nothing of what became of them.
    expect(await run("arrow-missing", "Rename config.yml to settings.yml.", work, "- config.yml, settings.yml")).toMatchObject(refused);
  });

  it("rule: a delete by pattern is reported by the pattern and what is left", { timeout: 60_000 }, async () => {
    const work: Work = [sh("find logs -name '*.log' -delete"), ["run_command", { command: "find", args: ["logs", "-name", "*.log"] }]];
    expect(await run("absence-left", "Delete all the *.log files under logs.", work, "No .log files left; keep.txt stays.")).toMatchObject(done);
    expect(await run("absence-zh", "删掉 logs 下面所有的 .log 文件", work, "已经没有 .log 文件了。")).toMatchObject(done);
    // Naming the pattern without saying what became of the files does not report the delete.
    expect(await run("absence-unsaid", "Delete all the *.log files under logs.", work, "The .log files were under logs.")).toMatchObject(refused);
  });
});
