/**
 * CONTRACT §6, issue 21: a command's effects are what it was seen to change. `run_command`
 * snapshots the workspace before and after the program and records the difference on its
 * evidence (tools/workspace/commandChanges.ts); the gate takes that record over its reading
 * of the command's words (state/seenChanges.ts). Each rule as real tool calls or scripted
 * runs through the real graph, checked on disk.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { observedChanges } from "../state/effectGoals.js";
import type { Evidence, ToolOutcome } from "../state/types.js";
import { MAX_RECORDED_CHANGES } from "../tools/workspace/commandChanges.js";
import { workspaceTools } from "../tools/workspace/index.js";
import type { GateScript } from "../bench/taskTable/run.js";
import { gateRunner, sh } from "./support/gateRuns.js";

const runCommand = workspaceTools().find((t) => t.name === "run_command")!;
let ws: string;

async function run(script: string): Promise<Extract<ToolOutcome, { ok: true }>["evidence"][number]> {
  const outcome = await runCommand.execute(runCommand.schema.parse({ command: "sh", args: ["-c", script] }), { workspaceRoot: ws });
  if (!outcome.ok) throw new Error(outcome.failure.message);
  return outcome.evidence[0]!;
}

describe("run_command records what the program changed in the workspace", () => {
  beforeEach(async () => {
    ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "mira-seen-")));
    await fs.mkdir(path.join(ws, "src"));
    await fs.writeFile(path.join(ws, "src/a.txt"), "a\n");
    await fs.writeFile(path.join(ws, "old.md"), "old\n");
    await fs.writeFile(path.join(ws, "gone.log"), "x\n");
    await fs.mkdir(path.join(ws, "lib/node_modules/pkg"), { recursive: true });
    await fs.writeFile(path.join(ws, "lib/node_modules/pkg/index.js"), "1\n");
  });
  afterEach(async () => {
    await fs.rm(ws, { recursive: true, force: true });
  });

  it("rule: created, modified, mode, moved and deleted paths are recorded, whatever program made them", async () => {
    const e = await run("mkdir out && echo b > out/b.txt && echo more >> src/a.txt && chmod 600 old.md && mv old.md new.md && rm gone.log");
    expect(e.changes).toEqual([
      { path: "gone.log", change: "deleted" },
      { path: "new.md", change: "moved", from: "old.md" },
      { path: "out", change: "created" },
      { path: "out/b.txt", change: "created" },
      { path: "src/a.txt", change: "modified" },
    ]);
    expect(await fs.readFile(path.join(ws, "src/a.txt"), "utf8")).toBe("a\nmore\n");
    const mode = await run("chmod 600 src/a.txt");
    expect(mode.changes).toEqual([{ path: "src/a.txt", change: "mode" }]);
  });

  it("rule: a file the command names, rewritten with the same bytes (`sed -i` matching nothing), is not modified; changed bytes are", async () => {
    const none = await run("sed -i 's/zzz/yyy/' src/a.txt");
    expect(none.changes).toEqual([]);
    expect(await fs.readFile(path.join(ws, "src/a.txt"), "utf8")).toBe("a\n");
    const some = await run("sed -i 's/a/b/' src/a.txt");
    expect(some.changes).toEqual([{ path: "src/a.txt", change: "modified" }]);
    // Same bytes and a new mode: the mode alone changed.
    const mode = await run("sed -i 's/zzz/yyy/' src/a.txt && chmod 600 src/a.txt");
    expect(mode.changes).toEqual([{ path: "src/a.txt", change: "mode" }]);
  });

  it("rule: a command that changed nothing records no change; one that fails halfway records what it did", async () => {
    expect((await run("cat src/a.txt; mkdir -p src; rm -f missing.txt")).changes).toEqual([]);
    const half = await run("echo x > made.txt && false && echo y > never.txt");
    expect(half.changes).toEqual([{ path: "made.txt", change: "created" }]);
  });

  it("rule: a folder no walk enters is seen removed, though not walked", async () => {
    const e = await run("rm -rf lib/node_modules");
    expect(e.changes).toEqual([{ path: "lib/node_modules", change: "deleted" }]);
  });

  it("rule: the snapshot never follows a symlink out of the workspace: a change made through it is not listed", async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "mira-seen-outside-"));
    try {
      await fs.symlink(outside, path.join(ws, "link"));
      const e = await run("echo secret > link/leak.txt && echo in > inside.txt");
      expect(await fs.readFile(path.join(outside, "leak.txt"), "utf8")).toBe("secret\n");
      expect(e.changes).toEqual([{ path: "inside.txt", change: "created" }]);
    } finally {
      await fs.rm(outside, { recursive: true, force: true });
    }
  });

  it("rule: more changes than are kept are recorded as unknown, never as none", async () => {
    const e = await run(`mkdir many && cd many && i=0; while [ $i -le ${MAX_RECORDED_CHANGES} ]; do : > f$i; i=$((i+1)); done`);
    expect(e.changes).toBeUndefined();
  });
});

const files = {
  "config.ini": "[server]\nport = 8080\n",
  "tools/setport.py": "import re\np = 'config.ini'\ns = open(p).read()\nopen(p, 'w').write(re.sub(r'port = \\d+', 'port = 9090', s))\nopen('runs.log', 'a').write('ran\\n')\n",
  "tools/reset.py": "open('config.ini', 'w').write('[server]\\nport = 8081\\n')\n",
  "src/app.js": "console.log(1)\n",
};
const go = gateRunner(files);

describe("issue 21: the gate judges a command by what it was seen to change", () => {
  it("rule: a program whose words name no path (a script) changed what it was seen to change; a read before it does not count", { timeout: 60_000 }, async () => {
    const request = "Set the port in config.ini to 9090.";
    const fixed = [sh("sed -i 's/8080/9090/' config.ini"), ["read_open", { path: "config.ini" }]] as GateScript["work"];
    // The script rewrites config.ini after the read: the read no longer shows its state.
    const stale = await go("seen-script-after-read", request, [...fixed, sh("python3 tools/reset.py")], "Done: config.ini has port = 9090, as the read shows.");
    expect(stale.verdict).toBe("block");
    expect(await fs.readFile(path.join(stale.workspace, "config.ini"), "utf8")).toContain("port = 8081");
    const reread = await go("seen-script-reread", request, [...fixed, sh("python3 tools/reset.py"), sh("python3 tools/setport.py"), ["read_open", { path: "config.ini" }]], "Done: config.ini has port = 9090, as the last read shows.");
    expect(reread).toMatchObject({ verdict: "pass", status: "completed" });
    // A script's change never read back is refused once, asking to observe it, never to make it again; it ran once.
    const unchecked = await go("seen-script-unchecked", request, [sh("python3 tools/setport.py")], "Done: config.ini now has port = 9090.");
    expect(unchecked).toMatchObject({ verdict: "block", status: "completed" });
    expect(unchecked.note).toMatch(/read/i);
    expect(unchecked.note).not.toMatch(/needs the change made/);
    expect(await fs.readFile(path.join(unchecked.workspace, "runs.log"), "utf8")).toBe("ran\n");
  });

  it("rule: a command seen to change nothing does not void the observation before it", { timeout: 60_000 }, async () => {
    const request = "Add the line console.log(2) to src/app.js.";
    const work: GateScript["work"] = [sh("echo 'console.log(2)' >> src/app.js"), ["read_open", { path: "src/app.js" }]];
    const noop = await go("seen-noop-after-read", request, [...work, sh("mkdir -p src")], "Added console.log(2) to src/app.js; the read shows it.");
    expect(noop).toMatchObject({ verdict: "pass", status: "completed" });
    // A command that did change the target after the read does void it.
    const changed = await go("seen-change-after-read", request, [...work, sh("touch src/app.js && echo x >> src/app.js")], "Added console.log(2) to src/app.js; the read shows it.");
    expect(changed.verdict).toBe("block");
  });

  it("rule: what a command made without saying so asks for an observation once per new folder, not per file in it", () => {
    const e: Evidence = {
      id: "ev-1",
      kind: "command",
      toolId: "run_command",
      toolCallId: "c1",
      source: { path: "." },
      content: "$ python3 build.py\n[exit code 0]",
      verified: true,
      changes: [
        { path: "dist", change: "created" },
        { path: "dist/a.js", change: "created" },
        { path: "dist/b.js", change: "created" },
        { path: "notes.md", change: "modified" },
      ],
    };
    expect(observedChanges(e)).toEqual([
      { op: "write", target: "dist", existence: true },
      { op: "edit", target: "notes.md" },
    ]);
  });
});
