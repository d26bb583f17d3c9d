/**
 * CONTRACT §4/§6, issue 21 (round 31): tuning-heldout30's misses, in the reading of the request,
 * in what a command observes, and in what an answer may claim. Each rule is a scripted run through
 * the real graph with a twin going the other way; outcomes are checked on disk where a change is
 * involved. The examples are invented, not the set's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateRunner, sh } from "./support/gateRuns.js";

const go = gateRunner({
  "NEWS.txt": "v1 released\n",
  "NEWS.md": "# News\n",
  ".editorconfig": "root = true\n",
  "app.ini": "[cache]\nenabled = off\nttl = 60\n",
  "package.json": JSON.stringify({ name: "demo", scripts: { build: "node -e \"console.log('built')\"", test: "node -e \"console.log('4 passing')\"" }, dependencies: { "left-pad": "1.3.0" } }, null, 2) + "\n",
  "package-lock.json": '{ "packages": { "node_modules/left-pad": { "version": "1.3.0" } } }\n',
  "gen.py": "import pathlib\npathlib.Path('out').mkdir(exist_ok=True)\npathlib.Path('out/index.html').write_text('<h1>hi</h1>')\nprint('wrote out/index.html')\n",
  "ok.py": "x = 1\n",
  ".github/workflows/ci.yml": "jobs:\n  test:\n    steps:\n      - uses: actions/setup-python@v5\n        with:\n          python-version: '3.12'\n",
  "README.md": "# demo\n",
  "src/a.js": "// FIXME: remove\nexport const a = 1;\n",
  "deploy/web.yaml": "image: web:1.4\n",
  "assets/big.bin": "x".repeat(400),
  "assets/small.bin": "x",
  "data/a.json": "{}\n",
  "data/b.json": "{}\n",
  "migrations/0001_init.sql": "create table t (id int);\n",
  "migrations/0002_add_name.sql": "alter table t add name text;\n",
  "calc.py": "def add(a, b):\n    return a + b\n",
  "tests/__init__.py": "",
  "tests/test_calc.py":
    "import unittest\nfrom calc import add\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(add(1, 1), 2)\n    def test_b(self):\n        self.assertEqual(add(0, 0), 0)\n    def test_c(self):\n        self.assertEqual(add(2, 1), 3)\n    def test_d(self):\n        self.assertEqual(add(-1, 1), 0)\n",
  "tmp/a.log": "a\n",
  "tmp/.gitkeep": "",
  "lib/job.py": "print('start')\n",
  "spec/test_job.py": "print('spec')\n",
  "bin/run.sh": "echo run\n",
  "bin/stop.sh": "echo stop\n",
  "crlf.sh": "echo hi\r\necho bye\r\n",
  "setup.py": "from setuptools import setup\nsetup(name='demo', author='Li Lei', license='BSD')\n",
  "nginx.conf": "events {\n  worker_connections 1024;\n  multi_accept on;\n}\n",
  "notes/a.markdown": "# a\n",
  "notes/b.markdown": "# b\n",
});
const done = { verdict: "pass", status: "completed" };
const refused = { verdict: "block", status: "completed" };
const text = (workspace: string, path: string) => readFileSync(join(workspace, path), "utf8");
const run = (command: string, ...args: string[]) => ["run_command", { command, args }] as Parameters<typeof go>[2][number];

describe("issue 21, round 31: what the request asks, what a command observes, what an answer may claim", () => {
  it("rule: a change a tool refused (the destination exists), reported as not done, completes; claimed as done it is refused", { timeout: 60_000 }, async () => {
    const request = "rename NEWS.txt to NEWS.md";
    const work = [["move_path", { from: "NEWS.txt", to: "NEWS.md" }], ["read_list", { path: "." }]] as Parameters<typeof go>[2];
    const honest = await go("refused-honest", request, work, "I didn't rename it: NEWS.md already exists, so the move was refused. Both files are still there.");
    expect(honest).toMatchObject(done);
    expect(existsSync(join(honest.workspace, "NEWS.txt"))).toBe(true);
    expect(text(honest.workspace, "NEWS.md")).toBe("# News\n");
    expect(await go("refused-claimed", request, work, "Renamed NEWS.txt to NEWS.md.")).toMatchObject(refused);
  });

  it("rule: a file to make only if it is missing, found there and left alone, completes; without a look it is refused", { timeout: 60_000 }, async () => {
    const request = "如果还没有 .editorconfig 就新建一个，内容 indent_size = 2；已经有的话别动";
    const answer = ".editorconfig 已经存在（里面是 root = true），按你说的没有动它。";
    const looked = await go("conditional-looked", request, [["read_open", { path: ".editorconfig" }]], answer);
    expect(looked).toMatchObject(done);
    expect(text(looked.workspace, ".editorconfig")).toBe("root = true\n");
    expect(await go("conditional-blind", request, [], answer)).toMatchObject(refused);
  });

  it("rule: a dash ends a denial's reach ('Nothing to change — app.ini already has …'); a denial of a shown line is still refused", { timeout: 60_000 }, async () => {
    const request = "If app.ini still has `enabled = on` under [cache], switch it off.";
    const read = [["read_open", { path: "app.ini" }]] as Parameters<typeof go>[2];
    expect(await go("dash-nothing", request, read, "Nothing to change — app.ini already has `enabled = off`.")).toMatchObject(done);
    expect(await go("dash-denied", request, read, "Nothing to change: app.ini has no enabled setting at all.")).toMatchObject(refused);
  });

  it("rule: a run whose program could not start, said so, completes; a success claimed for it is refused", { timeout: 60_000 }, async () => {
    const request = "run ./mvnw verify";
    const work = [run("./mvnw", "verify")];
    expect(await go("unstarted-honest", request, work, "I couldn't run it: there is no mvnw in this project (the command was not found). Nothing was run.")).toMatchObject(done);
    expect(await go("unstarted-claimed", request, work, "verify passed.")).toMatchObject(refused);
  });

  it("rule: a build file is run by its own program (package.json by npm), not only by a command naming it", { timeout: 60_000 }, async () => {
    const request = "build it (there's a package.json) and tell me what it prints";
    expect(await go("buildfile-npm", request, [run("npm", "run", "build")], "The build printed `built`.")).toMatchObject(done);
    expect(await go("buildfile-cat", request, [run("cat", "package.json")], "The build printed `built`.")).toMatchObject(refused);
  });

  it("rule: '编译一下看看有没有报错' is a run of the build; '把 X build 一下（python3 gen.py）' runs the script it names, and asks no edit of it", { timeout: 60_000 }, async () => {
    const compile = "编译一下看看有没有报错";
    expect(await go("compile-ran", compile, [run("python3", "-m", "py_compile", "ok.py")], "编译通过，没有报错。")).toMatchObject(done);
    expect(await go("compile-read", compile, [["read_open", { path: "ok.py" }]], "编译通过，没有报错。")).toMatchObject(refused);
    const site = "把站点 build 一下（python3 gen.py），看看生成了哪些页面";
    const built = await go("site-built", site, [run("python3", "gen.py"), run("ls", "out")], "build 成功，生成了 out/index.html。");
    expect(built).toMatchObject(done);
    expect(text(built.workspace, "gen.py")).toContain("write_text");
    expect(await go("site-read", site, [run("cat", "gen.py")], "build 成功，页面是 index.html。")).toMatchObject(refused);
  });

  it("rule: a repository question beside a file the request reads ('看下 ci.yml，CI 用的是哪个 python 版本') is answered from that file", { timeout: 60_000 }, async () => {
    const request = "看下 .github/workflows/ci.yml，CI 用的是哪个 python 版本";
    expect(await go("ci-file", request, [["read_open", { path: ".github/workflows/ci.yml" }]], "CI 里 setup-python 配的是 3.12。")).toMatchObject(done);
    expect(await go("ci-other", request, [["read_open", { path: "README.md" }]], "CI 里 setup-python 配的是 3.12。")).toMatchObject(refused);
  });

  it("rule: 'npm test please' asks for the test run", { timeout: 60_000 }, async () => {
    expect(await go("please-ran", "npm test please", [run("npm", "test")], "npm test ran: 4 passing.")).toMatchObject(done);
    expect(await go("please-read", "npm test please", [run("cat", "package.json")], "The test script runs node and prints 4 passing.")).toMatchObject(refused);
  });

  it("rule: an empty search that matched letter case exactly does not find the other case ('fixme' finds no FIXME)", { timeout: 60_000 }, async () => {
    const request = "Are there any FIXME markers in src/?";
    expect(await go("case-exact", request, [["search_text", { query: "fixme", path: "src", caseSensitive: true }]], "No, there are no FIXME markers in src/.")).toMatchObject(refused);
    expect(await go("case-folded", request, [["search_text", { query: "fixme", path: "src" }]], "Yes: src/a.js line 1 has `// FIXME: remove`.")).toMatchObject(done);
  });

  it("rule: a file format named in the question ('the YAML files under deploy/') is which files to search, not what to find", { timeout: 60_000 }, async () => {
    const request = "Do any of the YAML files under deploy/ still use the :edge tag?";
    expect(await go("format-deploy", request, [["search_text", { query: ":edge", path: "deploy" }]], "No — nothing under deploy/ uses `:edge`; the search came back empty.")).toMatchObject(done);
    expect(await go("format-elsewhere", request, [["search_text", { query: ":edge", path: "src" }]], "No — nothing under deploy/ uses `:edge`; the search came back empty.")).toMatchObject(refused);
  });

  it("rule: 'which file … is the biggest' asks for one file; 'which files' still asks for every one", { timeout: 60_000 }, async () => {
    expect(await go("one-biggest", "which file in assets/ is the biggest?", [run("ls", "-S", "assets")], "`assets/big.bin` — `ls -S` lists it first.")).toMatchObject(done);
    expect(await go("which-files", "which files are in assets/?", [run("ls", "assets")], "Just assets/big.bin.")).toMatchObject(refused);
  });

  it("rule: '一种' is an article, not a count: a definition is no answer to '多少个'", { timeout: 60_000 }, async () => {
    const request = "data/ 下面有多少个 json";
    const listed = [["read_list", { path: "data" }]] as Parameters<typeof go>[2];
    expect(await go("yizhong", request, listed, "JSON 是一种轻量的数据交换格式。")).toMatchObject(refused);
    expect(await go("counted", request, listed, "有 2 个：a.json 和 b.json。")).toMatchObject(done);
  });

  it("rule: the newest of numbered names is read from the names; a size compared from names alone is still refused", { timeout: 60_000 }, async () => {
    const listing = [run("ls", "migrations")];
    expect(await go("newest-name", "migrations/ 里最新的迁移是哪个", listing, "最新的是 `0002_add_name.sql`（编号最大）。")).toMatchObject(done);
    expect(await go("largest-name", "migrations/ 里最大的文件是哪个", listing, "最大的是 `0002_add_name.sql`。")).toMatchObject(refused);
  });

  it("rule: a passed or failed count that the test run's summary contradicts is refused ('3 passed' after `Ran 4 tests … OK`)", { timeout: 60_000 }, async () => {
    const work = [run("python3", "-B", "-m", "unittest", "discover", "-s", "tests", "-t", ".")];
    expect(await go("tally-wrong", "run the tests", work, "Tests pass: 3 passed, 0 failed.")).toMatchObject(refused);
    expect(await go("tally-right", "run the tests", work, "Tests pass: 4 passed, 0 failed.")).toMatchObject(done);
  });

  it("rule: a folder called empty that the last listing shows an entry in is refused; naming what stays completes", { timeout: 60_000 }, async () => {
    const request = "把 tmp/ 目录清空（目录本身保留）";
    const work = [sh("rm tmp/*.log"), run("ls", "-A", "tmp")];
    const claimed = await go("empty-claimed", request, work, "tmp/ 已经完全清空了，里面什么都没有。");
    expect(claimed).toMatchObject(refused);
    expect(existsSync(join(claimed.workspace, "tmp/.gitkeep"))).toBe(true);
    expect(await go("empty-named", request, work, "tmp/ 里的日志都删掉了，只剩 .gitkeep。")).toMatchObject(done);
  });

  it("rule: a folder kept by its bare name ('spec 别动') and 'the lockfile' are kept; a call (`logger.info(`) is not a path", { timeout: 60_000 }, async () => {
    const spec = "只把 lib/ 里的 print( 换成 logger.info(，spec 别动";
    expect(await go("bare-kept", spec, [sh("sed -i 's/print(/logger.info(/' lib/*.py spec/*.py"), ["search_text", { query: "print(", path: "lib" }]], "已替换，lib 下的 print 都换成 logger.info 了。")).toMatchObject(refused);
    const only = await go("bare-kept-only", spec, [sh("sed -i 's/print(/logger.info(/' lib/*.py"), ["search_text", { query: "print(", path: "lib" }]], "已替换，lib/job.py 里的 print 换成了 logger.info。");
    expect(only).toMatchObject(done);
    expect(text(only.workspace, "spec/test_job.py")).toContain("print(");
    const lock = "bump left-pad to 1.3.1 in package.json only — don't touch the lockfile";
    expect(await go("lock-touched", lock, [run("sed", "-i", "s/1.3.0/1.3.1/", "package.json", "package-lock.json"), run("grep", "-n", "left-pad", "package.json")], "Bumped left-pad to 1.3.1 in package.json.")).toMatchObject(refused);
    const kept = await go("lock-kept", lock, [run("sed", "-i", "s/1.3.0/1.3.1/", "package.json"), run("grep", "-n", "left-pad", "package.json")], "Bumped left-pad to 1.3.1 in package.json.");
    expect(kept).toMatchObject(done);
    expect(text(kept.workspace, "package-lock.json")).toContain("1.3.0");
  });

  it("rule: a shell pattern's changes are what it matched (`chmod +x bin/*.sh`, then `ls -l bin`)", { timeout: 60_000 }, async () => {
    const request = "bin/ 里的 .sh 都加上可执行权限";
    const seen = await go("glob-seen", request, [sh("chmod +x bin/*.sh"), run("ls", "-l", "bin")], "加好了，ls -l 里 run.sh 和 stop.sh 都是 -rwx。");
    expect(seen).toMatchObject(done);
    expect(await go("glob-unseen", request, [sh("chmod +x bin/*.sh")], "加好了，run.sh 和 stop.sh 都可执行了。")).toMatchObject(refused);
  });

  it("rule: `file` after a line-ending conversion shows the converted form", { timeout: 60_000 }, async () => {
    const request = "convert crlf.sh from CRLF to LF line endings";
    const converted = await go("file-seen", request, [run("sed", "-i", "s/\\r$//", "crlf.sh"), run("file", "crlf.sh")], "Converted: `file` no longer reports CRLF line terminators.");
    expect(converted).toMatchObject(done);
    expect(text(converted.workspace, "crlf.sh")).toBe("echo hi\necho bye\n");
    expect(await go("file-unseen", request, [run("sed", "-i", "s/\\r$//", "crlf.sh")], "Converted to LF.")).toMatchObject(refused);
  });

  it("rule: a key asked of a call's keyword argument or a directive (`author='Li Lei'`, `worker_connections 1024;`) must be the one answered", { timeout: 60_000 }, async () => {
    const author = "setup.py 里作者写的是谁";
    const setup = [["read_open", { path: "setup.py" }]] as Parameters<typeof go>[2];
    expect(await go("kwarg-other", author, setup, "许可证是 BSD。")).toMatchObject(refused);
    expect(await go("kwarg-said", author, setup, "作者是李雷（Li Lei）。")).toMatchObject(done);
    const nginx = "what's the worker connections limit in nginx.conf?";
    const conf = [["read_open", { path: "nginx.conf" }]] as Parameters<typeof go>[2];
    expect(await go("directive-other", nginx, conf, "multi_accept is on in nginx.conf.")).toMatchObject(refused);
    expect(await go("directive-said", nginx, conf, "worker_connections is 1024.")).toMatchObject(done);
  });

  it("rule: an ending named as such ('.markdown 后缀都改成 .md') is a kind of file to rename, not a path", { timeout: 60_000 }, async () => {
    const request = "把 notes/ 下面的 .markdown 后缀都改成 .md";
    const loop = sh('for f in notes/*.markdown; do mv "$f" "${f%.markdown}.md"; done');
    const renamed = await go("suffix-seen", request, [loop, run("ls", "notes")], "都改好了：a.md 和 b.md，notes/ 下已经没有 .markdown。");
    expect(renamed).toMatchObject(done);
    expect(existsSync(join(renamed.workspace, "notes/b.md"))).toBe(true);
    expect(await go("suffix-unseen", request, [loop], "都改好了：a.md 和 b.md。")).toMatchObject(refused);
  });
});
