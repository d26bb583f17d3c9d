/**
 * Secrets stay secret (issue 22, item 5):
 * - a command cannot read mira's environment through `/proc`: 200 approved-style
 *   `run_command` calls, in a mira process whose own environment holds the keys, each reading
 *   every `/proc/<pid>/environ` it can see and mira's by pid: 0 secret bytes in any output;
 * - a redaction pass: a run whose command prints the keys (from a workspace file), whose read
 *   returns them and whose model error echoes one stores 0 secret bytes in evidence, traces,
 *   the ledger or the SQLite database file.
 */
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { Command } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../checkpointers/sqliteStore.js";
import { redactSecrets, secretNames } from "../contract/redact.js";
import { commandContainment } from "../tools/workspace/processSandbox.js";
import { answer, call, config, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";

const TRIALS = 200;
const SECRETS = { OPENAI_API_KEY: "sk-adv-9f2c41d7e3b8a6051", MIRA_DEMO_KEY: "mira-demo-7b1e2d9c4a", MY_TOKEN: "tok-3e8a1f6c2b9d" };

/** Runs TRIALS `/proc` probes through run_command in a separate mira process started with the secrets in its environment. */
function probeInChild(ws: string): Promise<{ trials: number; leaked: number; hangs: number; failed: number; ms: number; sample: string }> {
  const script = `
    const { workspaceTools } = await import(${JSON.stringify(path.resolve("dist/tools/workspace/index.js"))});
    const tool = workspaceTools().find((t) => t.name === "run_command");
    const secrets = ${JSON.stringify(Object.values(SECRETS))};
    const probe = 'for f in /proc/[0-9]*/environ /proc/' + process.pid + '/environ /proc/' + process.ppid + '/environ; do cat "$f" 2>/dev/null; done; echo probed';
    const tally = { trials: 0, leaked: 0, hangs: 0, failed: 0, ms: 0, sample: "" };
    const started = Date.now();
    const one = async () => {
      const input = tool.schema.parse({ command: "sh", args: ["-c", probe], timeoutMs: 10000 });
      const out = await Promise.race([tool.execute(input, { workspaceRoot: ${JSON.stringify(ws)} }), new Promise((r) => setTimeout(() => r("hang"), 15000))]);
      tally.trials++;
      if (out === "hang") return void tally.hangs++;
      const text = JSON.stringify(out);
      if (!out.ok || !text.includes("probed")) tally.failed++;
      if (secrets.some((s) => text.includes(s))) tally.leaked++;
      tally.sample ||= text.slice(0, 300);
    };
    for (let i = 0; i < ${TRIALS}; i += 4) await Promise.all([one(), one(), one(), one()]);
    tally.ms = Date.now() - started;
    console.log(JSON.stringify(tally));
  `;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, ...SECRETS, MIRA_SECRET_ENV: "MY_TOKEN" }, timeout: 170_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split("\n").at(-1)!)),
    ),
  );
}

describe("a command cannot read mira's environment through /proc", () => {
  it(`${TRIALS} commands reading every /proc/<pid>/environ they can see, mira's included: 0 secret bytes`, { timeout: 180_000 }, async (ctx) => {
    const containment = await commandContainment();
    // Without a private /proc (no mount namespace), only the redaction pass protects: reported in docs/reliability.md.
    if (containment.kind !== "pid_namespace" || !containment.privateProc) ctx.skip();
    const tally = await probeInChild(await tempWorkspace({ "a.txt": "x\n" }));
    console.log(`/proc probe: ${JSON.stringify(tally)}`);
    expect(tally.trials).toBe(TRIALS);
    expect(tally.failed).toBe(0);
    expect(tally.hangs).toBe(0);
    expect(tally.leaked).toBe(0);
  });
});

/** A model that plans from a script but fails, on one turn, with an error echoing the key (as some providers do). */
function withFailingTurn(run: ReturnType<typeof makeRun>, failAt: number, message: string) {
  const original = run.model.invoke.bind(run.model);
  let calls = 0;
  run.model.invoke = (async (...args: Parameters<typeof original>) => {
    if (calls++ === failAt) throw new Error(message);
    return original(...args);
  }) as typeof run.model.invoke;
}

describe("redaction: no configured secret value reaches evidence, traces, the ledger or the database", () => {
  it("names OPENAI_API_KEY, MIRA_*_KEY and the MIRA_SECRET_ENV list", () => {
    const env = { OPENAI_API_KEY: "sk-1234567890", MIRA_APPROVAL_HMAC_KEY: "hmac-123456789", MIRA_SECRET_ENV: "A_TOKEN, B", A_TOKEN: "token-123456", B: "short", OTHER: "other-123456789" };
    expect(secretNames(env)).toEqual(["A_TOKEN", "B", "MIRA_APPROVAL_HMAC_KEY", "OPENAI_API_KEY"]);
    expect(redactSecrets("k=sk-1234567890 h=hmac-123456789 t=token-123456 b=short o=other-123456789", env)).toBe(
      "k=[redacted:OPENAI_API_KEY] h=[redacted:MIRA_APPROVAL_HMAC_KEY] t=[redacted:A_TOKEN] b=short o=other-123456789",
    );
  });

  it("a run that reads the keys, prints them from a command and gets a model error echoing one stores 0 secret bytes", { timeout: 60_000 }, async () => {
    const saved = { ...process.env };
    Object.assign(process.env, SECRETS, { MIRA_SECRET_ENV: "MY_TOKEN" });
    try {
      const leak = Object.entries(SECRETS).map(([k, v]) => `${k}=${v}`).join("\n") + "\n";
      const ws = await tempWorkspace({ "leak.txt": leak, "README.md": `notes\n\n${leak}` });
      const dbPath = path.join(ws, "..", `${path.basename(ws)}.db`);
      const store = openSqliteStore(dbPath);
      const run = makeRun({
        workspace: ws,
        checkpointer: store.checkpointer,
        ledger: store.ledger,
        turns: [
          call("c1", "read_open", { path: "leak.txt" }),
          call("c2", "run_command", { command: "cat", args: ["leak.txt"] }),
          call("c3", "search_text", { query: "sk-adv" }),
          call("c4", "read_open", { path: "missing.txt" }),
          answer("c5", "done", ["ev-1"]),
        ],
      });
      withFailingTurn(run, 4, `401 Incorrect API key provided: ${SECRETS.OPENAI_API_KEY}`);
      let state = await start(run, "read leak.txt and run cat leak.txt", "t-secret");
      for (let i = 0; i < 4 && (state as { __interrupt__?: unknown }).__interrupt__; i++) {
        state = await run.app.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config("t-secret"));
      }
      const snapshot = await run.app.getState(config("t-secret"));
      const values = JSON.stringify(snapshot.values);
      const executed = run.executions.get("run_command") ?? 0;
      await store.close();
      const bytes = await fs.readFile(dbPath);
      const wal = await fs.readFile(`${dbPath}-wal`).catch(() => Buffer.alloc(0));
      const found = Object.values(SECRETS).flatMap((s) => [values.includes(s) && `state:${s}`, bytes.includes(s) && `db:${s}`, wal.includes(s) && `wal:${s}`].filter(Boolean));
      console.log(`redaction run: run_command executed ${executed}, evidence ${JSON.stringify(snapshot.values.evidence?.map((e: { toolId: string }) => e.toolId))}, status ${snapshot.values.status}, secrets found ${found.length}`);
      expect(executed).toBe(1);
      expect(values).toContain("[redacted:OPENAI_API_KEY]");
      expect(values).toContain("[redacted:MY_TOKEN]");
      expect(values).toContain("Incorrect API key provided: [redacted:OPENAI_API_KEY]");
      // The read of a missing file is evidence too: that it is absent (an `absence` item).
      expect(snapshot.values.evidence.map((e: { toolId: string }) => e.toolId)).toEqual(["read_open", "run_command", "search_text", "search_text", "read_open"]);
      expect(found).toEqual([]);
    } finally {
      process.env = saved;
    }
  });
});
