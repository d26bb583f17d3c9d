/**
 * Prompt tokens per Planner call over a long governed read run (issue 24), counted on the wire.
 * A stand-in OpenAI-compatible endpoint answers `chat/completions` with scripted read calls
 * over the demo workspace and records every request body; the Planner reaches it through the
 * real OpenAI-compatible model class (`models/openai.ts`), so what is counted is what a
 * provider would receive. Tokens: the body's `messages` and `tools` as serialized in it, with
 * the requested model's tiktoken encoding; bytes: the whole body.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { MemorySaver } from "@langchain/langgraph";
import { encodingForModel, type TiktokenModel } from "js-tiktoken";
import { requestTokens } from "../eval/tokens.js";
import { buildMiraGraph } from "../graphs/mira.js";
import { createMemoryLedger } from "../ledger/memoryLedger.js";
import { openAIChatModel } from "../models/openai.js";
import { createRuntime, recursionLimitFor } from "../runtime/createRuntime.js";
import { startRunInput } from "../runtime/startRun.js";

/** The goal: prompt tokens per Planner call at steady state. */
export const PROMPT_TOKEN_GOAL = 2500;
export const DEFAULT_PROMPT_STEPS = 100;
const MODEL = "gpt-4o-mini";
const DEMO = fileURLToPath(new URL("../demo/workspace", import.meta.url));
const TASK = "How does the Ledgerline client retry a failed push, and where is that configured?";

type Call = { name: string; args: Record<string, unknown> };

/** The stand-in's calls: disclose read_list, then every read tool over every demo file, in turn. */
const DISCLOSE: Call = { name: "tool_search", args: { query: "read_list" } };
const READS: Call[] = [
  { name: "read_list", args: { path: ".", depth: 2 } },
  { name: "read_open", args: { path: "README.md" } },
  { name: "read_locate", args: { query: "retry backoff" } },
  { name: "read_open", args: { path: "docs/operations.md" } },
  { name: "search_text", args: { query: "retr" } },
  { name: "read_open", args: { path: "src/client.ts" } },
  { name: "read_slice", args: { path: "src/config.ts", startLine: 1, endLine: 9 } },
  { name: "read_extract", args: { path: "docs/operations.md", pattern: "dead-letter" } },
  { name: "read_open", args: { path: "src/config.ts" } },
  { name: "read_list", args: { path: "src" } },
];

/** A local OpenAI-compatible endpoint: answers the n-th request with `reply(n)` and keeps every body as received. */
export async function standInEndpoint(reply: (n: number) => Call) {
  const bodies: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await read(req);
    bodies.push(body);
    const call = reply(bodies.length - 1);
    const message = { role: "assistant", content: null, tool_calls: [{ id: `call_${bodies.length}`, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }] };
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ id: `chatcmpl-${bodies.length}`, object: "chat.completion", created: 0, model: MODEL, choices: [{ index: 0, finish_reason: "tool_calls", message }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks).toString("utf8"))).on("error", reject);
  });

/** One Planner request as the endpoint received it. */
export interface WireCall {
  body: string;
  tokens: number;
  bytes: number;
}

/** Tokens of a request body's `messages` and `tools`, each serialized as in the body, in the body's model's encoding. */
export function wireTokens(body: string): number {
  const request = JSON.parse(body) as WireRequest;
  const encoder = encoderFor(request.model ?? MODEL);
  return encoder.encode(JSON.stringify(request.messages)).length + (request.tools ? encoder.encode(JSON.stringify(request.tools)).length : 0);
}

/** The evaluation matrix's count of the same body (`eval/tokens.ts`: message texts and schemas apart, no JSON around them). */
export function textTokens(body: string): number {
  const request = JSON.parse(body) as WireRequest;
  return requestTokens(request.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))), request.tools ?? []);
}

interface WireRequest {
  model?: string;
  messages: { content: unknown }[];
  tools?: unknown[];
}

const encoders = new Map<string, ReturnType<typeof encodingForModel>>();
function encoderFor(model: string) {
  let encoder = encoders.get(model);
  if (!encoder) encoders.set(model, (encoder = encodingForModel(model as TiktokenModel)));
  return encoder;
}

/**
 * A governed read run of `steps` Planner turns on the demo workspace through the stand-in
 * endpoint; every Planner call's body as received. The run ends on its step budget.
 */
export async function governedReadRun(steps: number): Promise<WireCall[]> {
  const endpoint = await standInEndpoint((n) => (n === 0 ? DISCLOSE : READS[(n - 1) % READS.length]!));
  try {
    const settings = { workspace: DEMO, model: "offline", policyFile: null, maxSteps: steps };
    const model = openAIChatModel({ OPENAI_API_KEY: "sk-stand-in", OPENAI_BASE_URL: endpoint.url, MIRA_MODEL: MODEL });
    const rt = { ...(await createRuntime(settings, createMemoryLedger())), model };
    const app = buildMiraGraph(rt).compile({ checkpointer: new MemorySaver() });
    await app.invoke(startRunInput(TASK), { configurable: { thread_id: "prompt-tokens" }, recursionLimit: recursionLimitFor(steps) });
    return endpoint.bodies.map((body) => ({ body, tokens: wireTokens(body), bytes: Buffer.byteLength(body) }));
  } finally {
    await endpoint.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

export async function runPromptTokenBench(steps = DEFAULT_PROMPT_STEPS): Promise<string> {
  const calls = await governedReadRun(steps);
  const tokens = calls.map((c) => c.tokens);
  const bytes = calls.map((c) => c.bytes);
  const under = calls.map((c) => 1 - textTokens(c.body) / c.tokens);
  const max = Math.max(...tokens);
  const at = (i: number) => (calls[i] ? `${calls[i]!.tokens}` : "-");
  return [
    `Planner prompt per call: ${steps}-step governed read run on demo/workspace, ${calls.length} model calls to a stand-in OpenAI-compatible endpoint`,
    `counted on each request body as received: messages + tools, ${MODEL} encoding (js-tiktoken); bytes = whole body`,
    "",
    "|        | first | median |   max |",
    "|--------|-------|--------|-------|",
    `| tokens | ${pad(tokens[0])} | ${pad(median(tokens), 6)} | ${pad(max)} |`,
    `| bytes  | ${pad(bytes[0])} | ${pad(median(bytes), 6)} | ${pad(Math.max(...bytes))} |`,
    `tokens at calls 1, 5, 12, 25, 50, ${calls.length}: ${[0, 4, 11, 24, 49, calls.length - 1].map(at).join(", ")}`,
    `the evaluation matrix's count (texts and schemas apart, eval/tokens.ts) is ${percent(Math.min(...under))}–${percent(Math.max(...under))} under the wire body`,
    "",
    `${max <= PROMPT_TOKEN_GOAL ? "PASS" : "FAIL"} prompt tokens: max ${max} per call over ${calls.length} calls (goal ≤ ${PROMPT_TOKEN_GOAL})`,
  ].join("\n");
}

const pad = (n: number | undefined, width = 5) => String(n ?? "-").padStart(width);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await runPromptTokenBench(Number(process.argv[2] ?? DEFAULT_PROMPT_STEPS)));
}
