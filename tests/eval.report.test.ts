/**
 * `mira eval` as a user runs it: writes results.json (a `route` on every per-route record),
 * report.md and a self-contained report.html that headless Chromium renders to a real
 * screenshot; bad flags are one line and exit 64, and the openai model skips without a key.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { subsetSuite } from "./support/evalSuite.js";

const exec = promisify(execFile);

async function mira(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const out: string[] = [];
  const err: string[] = [];
  const saved = process.env;
  process.env = env;
  try {
    const code = await main(args, { out: (s) => out.push(s), err: (s) => err.push(s) });
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    process.env = saved;
  }
}

function chromiumPath(): string | null {
  try {
    return execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("mira eval", () => {
  const chromium = chromiumPath();

  it.skipIf(!chromium && !process.env.CI)("writes results.json, report.md and a self-contained report.html that headless Chromium renders", async () => {
    const suite = subsetSuite(["edit-create-release-note", "seed-backoff-start"], ["{broken"]);
    const out = mkdtempSync(join(tmpdir(), "mira-eval-out-"));
    const run = await mira(["eval", "--suite", suite, "--routes", "mira,mira-top20,pi-loop", "--model", "oracle", "--sweep", "1", "--out", out]);
    expect(run.stderr).toContain("3/9"); // progress reached the end (pipe: one line per tenth)
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("3 cases × 3 routes, 3 case error(s)");

    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8"));
    expect(results.records).toHaveLength(9);
    for (const r of results.records) expect(["mira", "mira-top20", "pi-loop"]).toContain(r.route);
    expect(results.summary.map((s: { route: string }) => s.route)).toEqual(["mira", "mira-top20", "pi-loop"]);
    expect(results.sweep.map((p: { catalogSize: number }) => p.catalogSize)).toEqual([63, 63, 63, 501, 501, 501, 5001, 5001, 5001]);
    expect(readFileSync(join(out, "report.md"), "utf8")).toMatch(/\| mira \| \d+\/\d+ \|/);

    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<(script|link|img)\b|\b(src|href)=/); // nothing loaded from anywhere

    const shot = join(out, "report.png");
    await exec(chromium!, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=1280,1400", `--screenshot=${shot}`, `file://${join(out, "report.html")}`], { timeout: 60_000 });
    const png = readFileSync(shot);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(png)).toEqual({ width: 1280, height: 1400 });
    expect(statSync(shot).size).toBeGreaterThan(30_000); // charts and tables, not a blank page
  }, 180_000);

  it("bad flags are one line on stderr and exit 64; nothing runs", async () => {
    const suite = subsetSuite(["read-changelog"]);
    const out = join(mkdtempSync(join(tmpdir(), "mira-eval-bad-")), "out");
    const cases: [string[], RegExp][] = [
      [["--routes", "mira,langgraph"], /^mira: unknown route "langgraph"/],
      [["--model", "gpt"], /^mira: unknown model "gpt"/],
      [["--model", "adversarial", "--fault-rate", "2"], /^mira: --fault-rate must be between 0 and 1/],
    ];
    for (const [flags, message] of cases) {
      const run = await mira(["eval", "--suite", suite, "--out", out, ...flags]);
      expect(run.code).toBe(64);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split("\n")).toHaveLength(1);
    }
    const missing = await mira(["eval", "--suite", "/nonexistent/suite.jsonl", "--out", out]);
    expect(missing).toMatchObject({ code: 64, stderr: "mira: cannot read suite /nonexistent/suite.jsonl: ENOENT" });
    expect(() => statSync(out)).toThrow();
  });

  it("--model openai without OPENAI_API_KEY skips, saying why", async () => {
    const env = { ...process.env };
    delete env.OPENAI_API_KEY;
    const run = await mira(["eval", "--suite", subsetSuite(["read-changelog"]), "--model", "openai", "--out", join(tmpdir(), "unused")], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/needs OPENAI_API_KEY.*skipped/);
  });
});
