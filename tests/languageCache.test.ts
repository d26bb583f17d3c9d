/**
 * The on-disk cache stays bounded: every code version and catalog writes files of its own
 * name, so without a sweep the directory only grows (one CC-CEDICT table per source hash).
 */
import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedBytes, readCached, writeCached } from "../language/cache.js";

const saved = { dir: process.env.MIRA_CACHE_DIR, max: process.env.MIRA_CACHE_MAX_MB };
let dir: string;

/** A file of `kb` kilobytes last used `minutesAgo` minutes ago. */
function aged(name: string, kb: number, minutesAgo: number): void {
  const file = path.join(dir, name);
  writeFileSync(file, "x".repeat(kb * 1024));
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, when, when);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "mira-cache-bound-"));
  process.env.MIRA_CACHE_DIR = dir;
  process.env.MIRA_CACHE_MAX_MB = String(100 / 1024);
});
afterEach(() => {
  for (const [key, value] of [["MIRA_CACHE_DIR", saved.dir], ["MIRA_CACHE_MAX_MB", saved.max]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("the cache directory is bounded by MIRA_CACHE_MAX_MB", () => {
  it("a write removes the least recently used files until the rest fit, never the file written", () => {
    aged("cedict-old.tsv", 40, 30);
    aged("index-a.json", 40, 20);
    aged("index-b.json", 40, 10);
    writeCached("index-c.json", "y".repeat(40 * 1024));
    expect(readdirSync(dir).sort()).toEqual(["index-b.json", "index-c.json"]);
  });

  it("a read marks its file used, so the file read survives the sweep and an unread newer one goes", () => {
    aged("index-read.json", 40, 30);
    aged("index-unread.json", 40, 20);
    expect(readCached("index-read.json")).toHaveLength(40 * 1024);
    cachedBytes("table.tsv", () => "z".repeat(40 * 1024));
    expect(readdirSync(dir).sort()).toEqual(["index-read.json", "table.tsv"]);
  });

  it("a temporary file a dead writer left an hour ago is removed; a fresh one is another writer's", () => {
    process.env.MIRA_CACHE_MAX_MB = "256";
    aged("index-x.json.4242.tmp", 1, 120);
    aged("index-y.json.4343.tmp", 1, 1);
    writeCached("index-z.json", "{}");
    expect(existsSync(path.join(dir, "index-x.json.4242.tmp"))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["index-y.json.4343.tmp", "index-z.json"]);
  });

  it("under the bound nothing is removed", () => {
    process.env.MIRA_CACHE_MAX_MB = "256";
    aged("a.tsv", 40, 30);
    aged("b.json", 40, 20);
    writeCached("c.json", "{}");
    expect(readdirSync(dir).sort()).toEqual(["a.tsv", "b.json", "c.json"]);
  });
});
