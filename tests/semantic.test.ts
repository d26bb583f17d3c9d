/**
 * The semantic stage (CONTRACT §7): embeddings from an OpenAI-compatible endpoint (here a
 * local stand-in HTTP server), used only on genuine ambiguity, fused with the deterministic
 * rankings, tool vectors computed once per catalog and cached on disk.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOW_ALL } from "../harness/authority.js";
import { Harness } from "../harness/harness.js";
import { semanticResolverFromEnv } from "../harness/resolution/stages/semantic.js";
import { staticSource } from "../harness/sources.js";
import { prepareLanguage } from "../language/terms.js";
import { evaluationCatalog } from "../tools/catalog/index.js";

const DIMENSIONS = 64;

/** A deterministic bag-of-words embedding: each word hashed into one of 64 dimensions. */
function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % DIMENSIONS]! += 1;
  }
  return vector;
}

let server: Server;
let baseURL = "";
/** Every input the endpoint was asked to embed, in order. */
const embedded: string[] = [];

beforeAll(async () => {
  // The language tables come from the usual cache; only the tool vectors go to fresh directories.
  prepareLanguage("中文");
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/embeddings")) {
        res.writeHead(404).end();
        return;
      }
      const { input } = JSON.parse(body) as { input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      embedded.push(...inputs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", model: "stand-in", data: inputs.map((text, index) => ({ object: "embedding", index, embedding: embed(text) })), usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the semantic stage against an OpenAI-compatible endpoint", () => {
  const cache = mkdtempSync(path.join(tmpdir(), "mira-vectors-"));
  const env = { OPENAI_API_KEY: "test", OPENAI_BASE_URL: "", MIRA_EMBEDDINGS_MODEL: "stand-in", MIRA_CACHE_DIR: cache };
  const harnessWith = async () => {
    process.env.MIRA_CACHE_DIR = cache;
    const semantic = await semanticResolverFromEnv({ ...env, OPENAI_BASE_URL: baseURL });
    expect(semantic).toBeDefined();
    return new Harness({ sources: [staticSource("catalog", evaluationCatalog())], authority: ALLOW_ALL, semantic: semantic! });
  };

  it("is off without configuration", async () => {
    expect(await semanticResolverFromEnv({})).toBeUndefined();
    expect(await semanticResolverFromEnv({ MIRA_EMBEDDINGS_MODEL: "m" })).toBeUndefined();
  });

  it("runs only on ambiguity: an exact name or agreeing stages never call the endpoint", async () => {
    const harness = await harnessWith();
    embedded.length = 0;
    const exact = await harness.resolveWithSemantic("use git_diff");
    expect(exact.disclosed).toEqual([{ name: "git_diff", stage: "exact" }]);
    const clear = harness.resolve("Schedule a meeting with Dan next Tuesday at 3pm");
    expect(clear.ambiguous).toBe(false);
    await harness.resolveWithSemantic("Schedule a meeting with Dan next Tuesday at 3pm");
    expect(embedded).toEqual([]);
  });

  it("on ambiguity its ranking is fused with the deterministic ones, and tool vectors are computed once per catalog", async () => {
    const harness = await harnessWith();
    embedded.length = 0;
    const task = "Take a screenshot of the current page";
    expect(harness.resolve(task).ambiguous).toBe(true);
    const first = await harness.resolveWithSemantic(task);
    const tools = evaluationCatalog().length;
    expect(embedded.length).toBe(tools + 1);
    expect(first.disclosed.length).toBeLessThanOrEqual(8);
    expect(first.disclosed.map((hit) => hit.name)).toContain("browser_screenshot");

    embedded.length = 0;
    await harness.resolveWithSemantic(task);
    expect(embedded).toEqual([task]);

    // Another process over the same catalog reads the vectors from disk: only the query is embedded.
    const fresh = await harnessWith();
    embedded.length = 0;
    await fresh.resolveWithSemantic(task);
    expect(embedded).toEqual([task]);
  });

  it("an endpoint fault leaves the deterministic answer in place", async () => {
    process.env.MIRA_CACHE_DIR = mkdtempSync(path.join(tmpdir(), "mira-vectors-"));
    const semantic = await semanticResolverFromEnv({ ...env, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const harness = new Harness({ sources: [staticSource("catalog", evaluationCatalog())], authority: ALLOW_ALL, semantic: semantic! });
    const task = "Take a screenshot of the current page";
    expect((await harness.resolveWithSemantic(task)).disclosed).toEqual(harness.resolve(task).disclosed);
  });
});
