/**
 * The resolution benchmark (CONTRACT §7): on the 62-tool evaluation catalog and generated
 * 500/5,000-tool catalogs, with the fixed gold task set, compares three exposure strategies
 * side by side:
 * - progressive: Progressive Resolution discloses (deterministic stages); `tool_search` runs
 *   only for tasks whose gold tool the deterministic stages did not disclose, and is counted;
 * - top-20: the old exposure, the 20 best BM25 hits for the raw task, falling back to the
 *   first 20 by registration order when nothing matches (the behaviour the contract forbids);
 * - expose-all: every tool's schema in every call.
 * Reports gold-tool reachability, prompt tokens per Planner call (o200k_base: tool schemas as
 * JSON, plus the compact catalog for progressive), and resolution latency (index built once,
 * outside the timed part).
 */
import { Tiktoken } from "js-tiktoken/lite";
import o200k_base from "js-tiktoken/ranks/o200k_base";
import { z } from "zod";
import { ALLOW_ALL } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { ResolutionIndex } from "../harness/resolution.js";
import { staticSource } from "../harness/sources.js";
import { evaluationCatalog, generatedTools, goldTasks } from "../tools/catalog/index.js";
import type { ToolDefinition } from "../tools/types.js";

const TOP_K = 20;
const LATENCY_REPEATS = 40;
const SEED = 1;

interface StrategyRow {
  reached: number;
  tokens: number;
}

interface CatalogRow {
  size: number;
  progressive: StrategyRow & { searches: number; meanDisclosed: number };
  top20: StrategyRow;
  exposeAll: StrategyRow;
  p50: number;
  p99: number;
}

const encoder = new Tiktoken(o200k_base);

/** The function-calling form a Planner receives for one tool. */
function toolJson(tool: ToolDefinition): string {
  const parameters = z.toJSONSchema(tool.schema, { io: "input", unrepresentable: "any" });
  delete (parameters as Record<string, unknown>).$schema;
  return JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description, parameters } });
}

function tokenCounter(tools: readonly ToolDefinition[]): (names: readonly string[]) => number {
  const cache = new Map<string, number>();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return (names) =>
    names.reduce((sum, name) => {
      let count = cache.get(name);
      if (count === undefined) {
        const tool = byName.get(name);
        count = tool ? encoder.encode(toolJson(tool)).length : 0;
        cache.set(name, count);
      }
      return sum + count;
    }, 0);
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function measure(size: number, tools: ToolDefinition[]): Promise<CatalogRow> {
  const harness = new Harness({ sources: [staticSource(`catalog-${size}`, tools)], authority: ALLOW_ALL });
  const baseline = new ResolutionIndex(tools);
  harness.resolve("warm up the index");
  const count = tokenCounter(tools);
  const catalogTokens = encoder.encode(harness.compactCatalog()).length;
  const registrationOrder = tools.map((tool) => tool.name);
  const allNames = tools.map((tool) => tool.name);

  let progressiveReached = 0;
  let searches = 0;
  let progressiveTokens = 0;
  let disclosedTotal = 0;
  let topReached = 0;
  let topTokens = 0;
  for (const { task, gold } of goldTasks) {
    let disclosed = harness.resolve(task).disclosed.map((hit) => hit.name);
    if (!disclosed.includes(gold)) {
      searches += 1;
      const found = (await harness.search(task, { exclude: disclosed })).disclosed.map((hit) => hit.name);
      disclosed = [...disclosed, ...found];
    }
    if (disclosed.includes(gold)) progressiveReached += 1;
    disclosedTotal += disclosed.length;
    progressiveTokens += catalogTokens + count(disclosed);

    const ranked = baseline.plainLexical(task, () => true, TOP_K);
    const top = ranked.length > 0 ? ranked : registrationOrder.slice(0, TOP_K);
    if (top.includes(gold)) topReached += 1;
    topTokens += count(top);
  }

  const samples: number[] = [];
  for (let round = 0; round < LATENCY_REPEATS; round += 1) {
    for (const { task } of goldTasks) samples.push(harness.resolve(task).elapsedMs);
  }
  samples.sort((a, b) => a - b);
  const n = goldTasks.length;
  return {
    size,
    progressive: { reached: progressiveReached, tokens: progressiveTokens / n, searches, meanDisclosed: disclosedTotal / n },
    top20: { reached: topReached, tokens: topTokens / n },
    exposeAll: { reached: n, tokens: count(allNames) },
    p50: percentile(samples, 0.5),
    p99: percentile(samples, 0.99),
  };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** Runs the benchmark and returns a printable report. */
export async function runResolutionBench(): Promise<string> {
  const rows: CatalogRow[] = [];
  rows.push(await measure(evaluationCatalog().length, evaluationCatalog()));
  for (const size of [500, 5000]) rows.push(await measure(size, generatedTools(size, SEED)));
  const n = goldTasks.length;
  const languages = `${goldTasks.filter((t) => t.lang === "en").length} English + ${goldTasks.filter((t) => t.lang === "zh").length} Chinese`;
  const lines = [
    `Progressive Resolution vs top-${TOP_K} vs expose-all — ${n} gold tasks (${languages}), tokens per Planner call (o200k_base)`,
    `${"tools".padStart(6)} | ${"reach prog".padStart(10)} ${"top-20".padStart(7)} ${"all".padStart(6)} | ${"tok prog".padStart(9)} ${"top-20".padStart(8)} ${"all".padStart(8)} ${"saved".padStart(6)} | ${"searches".padStart(8)} ${"disclosed".padStart(9)} | ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}`,
  ];
  for (const row of rows) {
    const saved = 1 - row.progressive.tokens / row.exposeAll.tokens;
    lines.push(
      [
        pad(row.size, 6),
        "|",
        pad(`${row.progressive.reached}/${n}`, 10),
        pad(`${row.top20.reached}/${n}`, 7),
        pad(`${row.exposeAll.reached}/${n}`, 6),
        "|",
        pad(row.progressive.tokens.toFixed(0), 9),
        pad(row.top20.tokens.toFixed(0), 8),
        pad(row.exposeAll.tokens, 8),
        pad(`${(saved * 100).toFixed(1)}%`, 6),
        "|",
        pad(`${row.progressive.searches}/${n}`, 8),
        pad(row.progressive.meanDisclosed.toFixed(2), 9),
        "|",
        pad(row.p50.toFixed(3), 7),
        pad(row.p99.toFixed(3), 7),
      ].join(" "),
    );
  }
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  lines.push(
    `progressive prompt growth ${first.size} → ${last.size} tools: ×${(last.progressive.tokens / first.progressive.tokens).toFixed(2)}` +
      ` (expose-all: ×${(last.exposeAll.tokens / first.exposeAll.tokens).toFixed(0)}); tool_search ran only when the deterministic stages missed the gold tool.`,
  );
  return lines.join("\n");
}
