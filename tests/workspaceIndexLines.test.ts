/**
 * CONTRACT §3 (confinement): the request reader's on-demand line count of a workspace file
 * (an addition keeps the lines a file held) reads through the confinement layer. A file swapped
 * after indexing for a symlink out of the workspace, a folder swapped for one, or a FIFO is not read.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceIndex } from "../tools/workspace/workspaceIndex.js";

function setup() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "mira-lines-")));
  const root = join(base, "ws");
  const outside = join(base, "outside");
  mkdirSync(join(root, "notes"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, "a.txt"), "one\ntwo\n");
  writeFileSync(join(root, "notes", "b.txt"), "x\n");
  writeFileSync(join(outside, "secret.txt"), "s1\ns2\ns3\ns4\ns5\n");
  writeFileSync(join(outside, "b.txt"), "o1\no2\no3\n");
  return { root, outside };
}

describe("the workspace index's line count stays confined", () => {
  it("rule: counts a regular workspace file's lines", async () => {
    const { root } = setup();
    const ws = await workspaceIndex(root);
    expect(ws.lines?.("a.txt")).toBe(2);
    expect(ws.lines?.("missing.txt")).toBeUndefined();
  });

  it("rule: a file swapped for a symlink out of the workspace after indexing is not read", async () => {
    const { root, outside } = setup();
    const ws = await workspaceIndex(root);
    rmSync(join(root, "a.txt"));
    symlinkSync(join(outside, "secret.txt"), join(root, "a.txt"));
    expect(ws.lines?.("a.txt")).toBeUndefined();
  });

  it("rule: a folder swapped for a symlink out of the workspace after indexing is not read through", async () => {
    const { root, outside } = setup();
    const ws = await workspaceIndex(root);
    renameSync(join(root, "notes"), join(root, "notes-old"));
    symlinkSync(outside, join(root, "notes"));
    expect(ws.lines?.("notes/b.txt")).toBeUndefined();
  });

  it("rule: a FIFO in a file's place is refused without blocking", { timeout: 5_000 }, async () => {
    const { root } = setup();
    const ws = await workspaceIndex(root);
    rmSync(join(root, "a.txt"));
    execFileSync("mkfifo", [join(root, "a.txt")]);
    expect(ws.lines?.("a.txt")).toBeUndefined();
  });
});
