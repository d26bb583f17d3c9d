/**
 * Interactive approval in a real terminal (tmux): when stdin and stdout are a TTY, `mira run`
 * shows the frozen call (tool, risk, arguments, hash, what led to it) and the user approves,
 * rejects with a reason, or edits the arguments in $EDITOR (a new invocation, asked again).
 * The approved call executes once; colour follows NO_COLOR.
 */
import { execFile, execFileSync } from "node:child_process";
import { access, chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluationEntries } from "../tools/catalog/index.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const exec = promisify(execFile);
const exists = (p: string) => access(p).then(() => true, () => false);
const SOCKET = `mira-tty-${process.pid}`;
const REPO = process.cwd();

const hasTmux = (() => {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const tmux = (...args: string[]) => exec("tmux", ["-L", SOCKET, ...args]);
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The pane's text (with escape sequences when `escapes`). */
async function screen(session: string, escapes = false): Promise<string> {
  const { stdout } = await tmux("capture-pane", "-p", "-J", ...(escapes ? ["-e"] : []), "-S", "-200", "-t", session);
  return stdout;
}

async function waitFor(session: string, pattern: RegExp, timeoutMs = 45_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = "";
  while (Date.now() < deadline) {
    text = await screen(session);
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${pattern} in:\n${text}`);
}

const turn = (id: string, name: string, args: Record<string, unknown>) => ({ content: "", tool_calls: [{ id, name, args }] });

interface Scene {
  session: string;
  ws: string;
  db: string;
}

let scenes = 0;

/** Starts `mira run` for a write in a tmux pane; the pane stays after the command ends. */
async function startWrite(after: unknown[], env: Record<string, string> = {}): Promise<Scene> {
  const ws = await tempWorkspace({});
  const scriptFile = join(ws, "..", `tty-script-${++scenes}-${Date.now()}.json`);
  await writeFile(scriptFile, JSON.stringify({ turns: [turn("w1", "write_file", { path: "b.md", content: "beta\n" }), ...after] }));
  const catalog = join(ws, "..", `tty-catalog-${scenes}-${Date.now()}.json`);
  await writeFile(catalog, JSON.stringify(evaluationEntries().filter((e) => ["read_open", "write_file"].includes(e.name))));
  const db = join(ws, "..", `tty-${scenes}-${Date.now()}.db`);
  const session = `s${scenes}`;
  const vars = Object.entries({ MIRA_CHECKPOINTER: "", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`).join(" ");
  const command = `cd ${shellQuote(REPO)} && env ${vars} node bin/mira.js run 'Create b.md with "beta"' --workspace ${shellQuote(ws)} --model scripted:${shellQuote(scriptFile)} --catalog ${shellQuote(catalog)} --checkpointer sqlite:${shellQuote(db)} --thread tty; echo "EXIT:$?"; sleep 120`;
  await tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "50", command);
  return { session, ws, db: `sqlite:${db}` };
}

async function executions(scene: Scene): Promise<Array<{ toolCallId: string; status: string }>> {
  const { stdout } = await exec(process.execPath, ["bin/mira.js", "show", "tty", "--checkpointer", scene.db, "--json"]).catch((e: { stdout: string }) => e);
  return (JSON.parse(stdout) as { executions: Array<{ toolId: string; toolCallId: string; status: string }> }).executions
    .filter((x) => x.toolId === "write_file")
    .map(({ toolCallId, status }) => ({ toolCallId, status }));
}

describe.skipIf(!hasTmux)("interactive approval in a terminal (tmux)", () => {
  beforeAll(async () => {
    // A private tmux server for these tests only.
    await tmux("start-server").catch(() => {});
  });
  afterAll(async () => {
    await tmux("kill-server").catch(() => {});
  });

  it("shows the frozen call and approves it: the write runs once, the run completes (exit 0)", async () => {
    const scene = await startWrite([turn("r1", "read_open", { path: "b.md" }), turn("a1", "answer", { text: "done [ev-1]", citations: ["ev-1"] })]);
    const panel = await waitFor(scene.session, /\[a\]pprove/);
    expect(panel).toMatch(/approval needed: write_file \[file_write\]/);
    expect(panel).toMatch(/call id:\s+w1/);
    expect(panel).toMatch(/hash:\s+[0-9a-f]{64}/);
    expect(panel).toMatch(/goal:\s+Create b\.md with "beta"/);
    expect(panel).toMatch(/planner:\s+step 1 chose use_tool write_file/);
    expect(panel).toMatch(/"content": "beta\\n"/);
    expect(await exists(join(scene.ws, "b.md"))).toBe(false);
    await tmux("send-keys", "-t", scene.session, "a", "Enter");
    const end = await waitFor(scene.session, /EXIT:\d+/);
    expect(end).toContain("EXIT:0");
    expect(end).toMatch(/thread tty: completed/);
    expect(await readFile(join(scene.ws, "b.md"), "utf8")).toBe("beta\n");
    expect(await executions(scene)).toEqual([{ toolCallId: "w1", status: "completed" }]);
  }, 90_000);

  it("edit in $EDITOR is a new invocation, asked again; only the edited call runs", async () => {
    const editor = join(await tempWorkspace({}), "editor.sh");
    await writeFile(editor, `#!/bin/sh\nsed -i 's/beta/gamma/' "$1"\n`);
    await chmod(editor, 0o755);
    const scene = await startWrite([turn("r1", "read_open", { path: "b.md" }), turn("a1", "answer", { text: "done [ev-1]", citations: ["ev-1"] })], { EDITOR: editor, VISUAL: "" });
    await waitFor(scene.session, /\[a\]pprove/);
    await tmux("send-keys", "-t", scene.session, "e", "Enter");
    const again = await waitFor(scene.session, /call id:\s+w1~edit1[\s\S]*\[a\]pprove/);
    expect(again).toMatch(/"content": "gamma\\n"/);
    expect(await exists(join(scene.ws, "b.md"))).toBe(false);
    await tmux("send-keys", "-t", scene.session, "a", "Enter");
    expect(await waitFor(scene.session, /EXIT:\d+/)).toContain("EXIT:0");
    expect(await readFile(join(scene.ws, "b.md"), "utf8")).toBe("gamma\n");
    expect(await executions(scene)).toEqual([{ toolCallId: "w1~edit1", status: "completed" }]);
  }, 90_000);

  it("reject with a reason: nothing runs, the Planner finishes another way", async () => {
    const scene = await startWrite([turn("a1", "answer", { text: "Left b.md alone." })]);
    await waitFor(scene.session, /\[a\]pprove/);
    await tmux("send-keys", "-t", scene.session, "r", "Enter");
    await waitFor(scene.session, /reason >/);
    await tmux("send-keys", "-t", scene.session, "not today", "Enter");
    const end = await waitFor(scene.session, /EXIT:\d+/);
    expect(end).toContain("EXIT:0");
    expect(end).toMatch(/Approval\s+reject call=w1/);
    expect(await exists(join(scene.ws, "b.md"))).toBe(false);
    expect(await executions(scene)).toEqual([]);
  }, 90_000);

  it("colour in a terminal, none with NO_COLOR", async () => {
    const coloured = await startWrite([]);
    await waitFor(coloured.session, /\[a\]pprove/);
    expect(await screen(coloured.session, true)).toContain("\u001b[");
    const plain = await startWrite([], { NO_COLOR: "1" });
    await waitFor(plain.session, /\[a\]pprove/);
    expect(await screen(plain.session, true)).not.toContain("\u001b[");
    for (const s of [coloured, plain]) await tmux("send-keys", "-t", s.session, "q", "Enter");
    expect(await waitFor(plain.session, /EXIT:\d+/)).toContain("EXIT:2");
  }, 90_000);
});
