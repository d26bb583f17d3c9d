/**
 * Every reader goes through confinement (issue 22, item 3; CONTRACT §3): Retrieve's document
 * index and `codebase_explore`'s code index, built while another process atomically exchanges
 * indexed files (and a directory) with symlinks to the outside, or a file with a FIFO.
 * Across 200 trials each: 0 outside contents indexed or returned, 0 hangs.
 */
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DocumentIndex } from "../retrieval/documentIndex.js";
import { loadCodeIndex } from "../tools/codeIndex/codeIndex.js";
import { bounded, startSwapper } from "./support/swapper.js";

const TRIALS = 200;
const PAIRS = 2;
let base: string;
let outside: string;

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(tmpdir(), "mira-readrace-")));
  outside = path.join(base, "outside");
  await fs.mkdir(path.join(outside, "dir"), { recursive: true });
  await fs.writeFile(path.join(outside, "secret.md"), "zebra quokka OUTSIDE_MARKER passage\n");
  await fs.writeFile(path.join(outside, "dir/secret.md"), "zebra quokka OUTSIDE_MARKER passage in a directory\n");
  await fs.writeFile(path.join(outside, "secret.ts"), "export const OutsideMarkerSecret = 1;\n");
  await fs.writeFile(path.join(outside, "dir/secret.ts"), "export const OutsideMarkerSecret = 2;\n");
});

/**
 * Fresh workspaces, one per trial: `PAIRS` document and code files, each beside a `<name>.alt`
 * that the swapper exchanges it with (a symlink to the outside, or a FIFO), and a
 * subdirectory `sub` exchanged with a symlink to an outside directory. The FIFOs are made by
 * one `mkfifo` call (a process start costs ~100 ms on a loaded machine).
 */
async function workspaces(alt: "symlink" | "fifo"): Promise<{ roots: string[]; pairs: Array<[string, string]> }> {
  const roots: string[] = [];
  const fifos: string[] = [];
  const pairs: Array<[string, string]> = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const ws = path.join(base, `ws-${alt}-${trial}`);
    roots.push(ws);
    await fs.mkdir(path.join(ws, "sub"), { recursive: true });
    for (let i = 0; i < PAIRS; i++) {
      for (const ext of ["md", "ts"]) {
        const name = `f${i}.${ext}`;
        await fs.writeFile(path.join(ws, name), ext === "md" ? `inside note ${i} about zebra quokka\n` : `export const inside${i} = ${i};\n`);
        if (alt === "symlink") await fs.symlink(path.join(outside, `secret.${ext}`), path.join(ws, `${name}.alt`));
        else fifos.push(path.join(ws, `${name}.alt`));
        if (trial === 0) pairs.push([name, `${name}.alt`]);
      }
    }
    await fs.writeFile(path.join(ws, "sub/inner.md"), "inner zebra quokka\n");
    await fs.writeFile(path.join(ws, "sub/inner.ts"), "export const innerValue = 1;\n");
    await fs.symlink(path.join(outside, "dir"), path.join(ws, "sub.alt"));
  }
  if (alt === "symlink") pairs.push(["sub", "sub.alt"]);
  if (fifos.length > 0) execFileSync("mkfifo", fifos);
  return { roots, pairs };
}

/**
 * Points `<base>/cur-<alt>` at `ws` (atomically), so the one swapper process, whose paths go
 * through that link, races this trial's workspace; then waits until it has swapped there once.
 */
async function aim(alt: string, ws: string, first: string): Promise<void> {
  const link = path.join(base, `cur-${alt}`);
  await fs.symlink(ws, `${link}.new`);
  await fs.rename(`${link}.new`, link);
  for (let i = 0; i < 5000; i++) {
    const stat = await fs.lstat(path.join(ws, first)).catch(() => null);
    if (stat && !stat.isFile()) return;
  }
}

type Tally = { trials: number; outsideRetrieved: number; outsideIndexed: number; hangs: number; skippedReads: number };

async function race(alt: "symlink" | "fifo"): Promise<Tally & { ms: number; swapper: string }> {
  const { roots, pairs } = await workspaces(alt);
  const link = path.join(base, `cur-${alt}`);
  await fs.symlink(roots[0]!, link);
  const swapper = await startSwapper(pairs.map(([a, b]) => [path.join(link, a), path.join(link, b)]), 50_000_000);
  const tally: Tally = { trials: 0, outsideRetrieved: 0, outsideIndexed: 0, hangs: 0, skippedReads: 0 };
  const started = Date.now();
  try {
    for (const ws of roots) {
      await aim(alt, ws, pairs[0]![0]);
      const [passages, index] = await Promise.all([
        bounded(new DocumentIndex(ws).search("zebra quokka OUTSIDE_MARKER passage", 20), 8000),
        // codebase_explore's reader (the tool only queries what this index holds).
        bounded(loadCodeIndex(ws), 8000),
      ]);
      tally.trials++;
      if (passages === "hang") tally.hangs++;
      else if (passages.some((p) => p.text.includes("OUTSIDE_MARKER"))) tally.outsideRetrieved++;
      if (index === "hang") tally.hangs++;
      else {
        if (index.declarations.some((d) => d.name === "OutsideMarkerSecret") || index.referencesByName.has("OutsideMarkerSecret")) tally.outsideIndexed++;
        tally.skippedReads += index.skipped.filter((s) => s.reason.startsWith("unreadable")).length;
      }
    }
  } finally {
    await swapper.stop();
  }
  return { ...tally, ms: Date.now() - started, swapper: swapper.kind };
}

describe("Retrieve and codebase_explore read through the confinement layer", () => {
  it(`${TRIALS} index builds under a file<->symlink and dir<->symlink swapper: 0 outside contents, 0 hangs`, { timeout: 120_000 }, async () => {
    const tally = await race("symlink");
    console.log(`reader symlink race: ${JSON.stringify(tally)}`);
    expect(tally.trials).toBe(TRIALS);
    expect(tally.outsideRetrieved).toBe(0);
    expect(tally.outsideIndexed).toBe(0);
    expect(tally.hangs).toBe(0);
    // The race was real: some reads met a symlink and were refused.
    expect(tally.skippedReads).toBeGreaterThan(0);
  });

  it(`${TRIALS} index builds under a file<->FIFO swapper: 0 hangs`, { timeout: 120_000 }, async () => {
    const tally = await race("fifo");
    console.log(`reader FIFO race: ${JSON.stringify(tally)}`);
    expect(tally.trials).toBe(TRIALS);
    expect(tally.hangs).toBe(0);
    expect(tally.skippedReads).toBeGreaterThan(0);
  });
});
