/**
 * Progressive Resolution's language (CONTRACT §7): requests and tools meet through CC-CEDICT
 * glosses, WordNet synonyms, stemming, jieba's cuts and a small software vocabulary. Split
 * from resolution.test.ts (which keeps the cascade, the index and the catalogs at scale);
 * each rule's test names, in a `// Set:` line, the evaluation set it was written from.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { evalCatalog } from "../bench/resolutionEval.js";
import { Harness } from "../harness/harness.js";
import { tuning } from "../harness/resolution/config.js";
import { staticSource } from "../harness/sources.js";
import { glossesOf, inDictionary, verbGlossesOf } from "../language/glosses.js";
import { segmentWords } from "../language/segment.js";
import { prepareLanguage, weightedTerms } from "../language/terms.js";
import { SOFTWARE_SENSES } from "../language/vocabulary.js";
import { defineTool, ok, type ToolDefinition } from "../tools/types.js";

const harnessOver = (tools: ToolDefinition[]) => new Harness({ sources: [staticSource("catalog", tools)], authority: { allow: ["*"], deny: [] } });
const names = (harness: Harness, task: string) => harness.resolve(task).disclosed.map((hit) => hit.name);

const mcp = harnessOver(evalCatalog());

const tool = (name: string, description: string, schema: z.ZodType = z.object({ q: z.string().describe("Query.") }), extra: Partial<ToolDefinition> = {}) =>
  defineTool({ name, domain: "demo", description, schema, risk: "read", execute: async () => ok("done"), ...extra });

let previousCache: string | undefined;
beforeAll(() => {
  // The language tables come from the usual cache; only the indexes go to a fresh directory.
  prepareLanguage("中文");
  previousCache = process.env.MIRA_CACHE_DIR;
  process.env.MIRA_CACHE_DIR = mkdtempSync(path.join(tmpdir(), "mira-cache-"));
});
afterAll(() => {
  if (previousCache === undefined) delete process.env.MIRA_CACHE_DIR;
  else process.env.MIRA_CACHE_DIR = previousCache;
});

describe("language resources: CC-CEDICT, WordNet, stemming; a small software vocabulary", () => {
  // Set: origin not recorded (02b3413).
  it("Chinese with no vocabulary entry reaches its capability through dictionary glosses", () => {
    expect(names(mcp, "下周一上午帮我跟设计组约个会").some((name) => name.startsWith("mcp__google-calendar__"))).toBe(true);
    expect(names(mcp, "从虹桥火车站打车去外滩要多久").some((name) => name.startsWith("mcp__google-maps__"))).toBe(true);
    // The first resolution over the MCP catalog builds its index (a fresh cache directory): slow on a loaded machine.
  }, 60_000);

  // Set: tuning2 (bf7c9a2: found with requests of that round, committed as tuning2 in 5d03851).
  it("a sense CC-CEDICT labels as computing comes first: 日志 is a log before a journal", () => {
    expect(glossesOf("日志")[0]).toBe("log");
    const fetchLogs = tool("fetch_logs", "Fetch the log lines a job printed.");
    const journal = tool("add_entry", "Add an entry to your journal.");
    expect(harnessOver([journal, fetchLogs]).rank("把日志拿给我看看", 1)).toEqual(["fetch_logs"]);
  });

  // Set: tuning2 (28cea5c, a rule of the round tuned on tuning2, 5d03851).
  it("a light verb before its object in a gloss lends no meaning: 看看 ('take a look at') is to look, not to take", () => {
    const takePhoto = tool("take_photo", "Take a photo with the camera.");
    const lookUp = tool("look_up_status", "Look at the status of a job.");
    expect(harnessOver([takePhoto, lookUp]).rank("看看", 1)).toEqual(["look_up_status"]);
  });

  // Set: tuning2 (be964f8, a rule of the round tuned on tuning2, 5d03851).
  it("an overlapping ambiguity is read both ways: 注册表单 is 注册 + 表单 (a sign-up form) as well as jieba's 注册表 (registry) + 单", () => {
    const registry = tool("edit_registry_key", "Edit a key of the Windows registry.");
    const enroll = tool("enroll_member", "Enroll a member in a course.");
    expect(harnessOver([registry, enroll]).rank("看看这个注册表单", 2)).toContain("enroll_member");
  });

  // Set: tuning2 and tuning-b1 (b371ea6: 11/16 → 14/16, first blind set 53 → 54/74); to add is to create: tuning-b2 (6f525ef; docs/benchmarks.md).
  it("the software senses of everyday verbs: to cancel is to delete, to remind is to send a message, to add is to create, 新建 is to create", () => {
    const calendar = ["create", "delete", "get"].map((verb) => tool(`${verb}_event`, `${verb[0]!.toUpperCase()}${verb.slice(1)} an event.`));
    const chat = [tool("send_message", "Send a message to a channel."), tool("list_channels", "List the channels.")];
    const harness = harnessOver([...calendar, ...chat]);
    expect(harness.rank("cancel my 3pm", 1)).toEqual(["delete_event"]);
    expect(harness.rank("remind the team about the release", 1)).toEqual(["send_message"]);
    expect(harness.rank("新建一个活动", 1)).toEqual(["create_event"]);
    expect(harness.rank("add an event for the launch", 1)).toEqual(["create_event"]);
  });

  // Set: tuning-b3, from its read misses (4292b85; docs/benchmarks.md, third blind set).
  it("a single Chinese character is weak evidence as itself: a tool whose Chinese text lists 图、画、表 does not outrank the chart tool for 把数据画成图表", () => {
    const chart = tool("generate_bar_chart", "Draw a bar chart of the data.");
    const hosting = tool("manage_hosting", "上传图、画、表、字到静态托管。");
    expect(harnessOver([hosting, chart]).rank("把数据画成图表", 1)).toEqual(["generate_bar_chart"]);
  });

  // Set: tuning-b3, written after its misses were read (b9994b3; docs/benchmarks.md).
  it("Chinese software words the dictionary lacks or glosses otherwise have their software sense: 流程 is a workflow, 告警 an alert", () => {
    const tools = [tool("list_workflows", "List the workflows."), tool("list_courses", "List the training courses."), tool("list_alerts", "List the alerts."), tool("list_tickets", "List the tickets.")];
    const harness = harnessOver(tools);
    expect(harness.rank("列出所有流程", 1)).toEqual(["list_workflows"]);
    expect(harness.rank("列出现在的告警", 1)).toEqual(["list_alerts"]);
  });

  // Set: tuning-b3, in part (ed8ec97; docs/benchmarks.md: the Chinese verb rules came in part from its misses).
  it("a verb's complement is grammar: 停掉 is to stop and 藏起来 to hide, read through the head verb at a word's weight", () => {
    // 停掉 is no CC-CEDICT word: without the rule its characters count for little (停 "stop" at 0.24, 掉 "fall" as much).
    const stop = weightedTerms("把服务停掉", true, tuning.termWeights);
    expect(stop.get("stop")).toBeGreaterThanOrEqual(0.8);
    expect(stop.has("fall")).toBe(false);
    // jieba cuts 藏 + 起来: 起来 ("stand up") says how the hiding ends, not what to do.
    const hide = weightedTerms("把日志藏起来", true, tuning.termWeights);
    expect(hide.get("conceal")).toBeGreaterThanOrEqual(0.8);
    expect(hide.has("stand")).toBe(false);
    // A place after a noun is no complement: 书上 is "on the book", so 书 keeps its weak fallback and is not read as to write.
    expect(weightedTerms("书上", true, tuning.termWeights).get("write") ?? 0).toBeLessThan(0.5);
  });

  // Set: tuning-b3, in part (ed8ec97; docs/benchmarks.md).
  it("what only a verb takes marks a verb: in 删一下 and 建个表 the character weighs as a verb, not as a broad single character", () => {
    expect(weightedTerms("把旧分支删一下", true, tuning.termWeights).get("delet")).toBeGreaterThanOrEqual(0.8);
    expect(weightedTerms("建个表", true, tuning.termWeights).get("establish")).toBeGreaterThanOrEqual(0.8);
  });

  // Set: gold (tuning), at 5,000 tools: a Chinese gold task naming a folder by an English word lost its tool to the word's synonyms (docs/benchmarks.md).
  it("a Latin word in a Chinese request is read as written: its stem counts, its WordNet synonyms do not", () => {
    const chinese = weightedTerms("把 invoices 文件夹打包", true, tuning.termWeights);
    expect(chinese.get("invoic")).toBe(1);
    expect(chinese.get("folder")).toBeGreaterThanOrEqual(0.8);
    expect(chinese.has("bill")).toBe(false);
    // The same word in an English request still brings its synonyms.
    expect(weightedTerms("pack the invoices folder", true, tuning.termWeights).get("bill")).toBeCloseTo(0.3);
  });

  // Set: tuning-b3, in part (ed8ec97; docs/benchmarks.md).
  it("CC-CEDICT's senses: a verb's senses are known apart (锁 is to lock as well as a lock), and the commoner reading of a character comes first (看 kàn 'see', not kān 'look after'; 跑 'run', not 'paw')", () => {
    expect(verbGlossesOf("锁")).toEqual(["lock; to lock up"]);
    expect(glossesOf("锁")).toContain("a lock");
    expect(glossesOf("看")[0]).toBe("see; to look at");
    expect(glossesOf("跑")[0]).toBe("run");
    // A reading with a computing sense still leads: 行 is a row of a table.
    expect(glossesOf("行")[0]).toBe("row; column");
  });

  // Set: tuning-b3 (285258c; docs/benchmarks.md: 配置 and 开关 among its misses); 回: tuning-b1 (7293106; among its read misses).
  it("common software words whose first CC-CEDICT sense is another have their software sense: 配置 is a configuration (not to deploy), 开关 a toggle or flag (not a gas valve), 回 to reply", () => {
    const tools = [tool("list_configurations", "List the configurations."), tool("list_deployments", "List the deployments."), tool("create_flag", "Create a feature flag."), tool("open_valve", "Open a gas valve.")];
    const harness = harnessOver(tools);
    expect(harness.rank("看看现在的配置", 1)).toEqual(["list_configurations"]);
    expect(harness.rank("新建一个开关", 1)).toEqual(["create_flag"]);
    // 回 to a message is to reply, not to circle or go back.
    expect(harnessOver([tool("reply_message", "Reply to a message."), tool("go_back", "Go back to the previous page.")]).rank("回一下他", 1)).toEqual(["reply_message"]);
  });

  // Set: tuning-b3, in part (a27baba; docs/benchmarks.md).
  it("'what is there' asks for a list: 都有哪些文件 lists the files", () => {
    // Without the rule, the document tool's two matches (文件 is "document" first, "file" second) win.
    const tools = [tool("list_files", "List files."), tool("open_document", "Open a document file.")];
    expect(harnessOver(tools).rank("都有哪些文件", 1)).toEqual(["list_files"]);
  });

  // Set: tuning-b1 (d854490: first blind set 54 → 57/74).
  it("a measure word after a verb is read as one: 发条消息 sends a message (发 + 条), besides jieba's 发条 (a clockwork spring)", () => {
    const spring = tool("wind_spring", "Wind the spring of a clock.");
    const send = tool("post_note", "Post a note to a channel.", undefined, { description: "Send out a note to a channel." });
    expect(harnessOver([spring, send]).rank("给他发条消息", 2)).toContain("post_note");
  });

  // Set: origin not recorded (911fc5f: no request set moved).
  it("a phrase WordNet knows means what its words do not: to call off is to cancel, to shut down is to close", () => {
    const tools = [tool("delete_event", "Delete an event."), tool("call_phone", "Call a phone number."), tool("close_cluster", "Close a cluster."), tool("turn_dial", "Turn a dial down.")];
    const harness = harnessOver(tools);
    expect(harness.rank("call off tomorrow's standup", 2)).toContain("delete_event");
    expect(harness.rank("shut down the staging cluster", 1)).toEqual(["close_cluster"]);
  });

  // Set: tuning-b2 (b6bebeb; docs/benchmarks.md: "money back" was among its misses).
  it("a tool's rarer name words carry their WordNet definitions: 'money back' reaches a refund tool", () => {
    const shop = [tool("issue_refund", "Issue a refund for an order."), tool("get_order", "Look up an order."), tool("cancel_subscription", "Cancel a subscription.")];
    expect(harnessOver(shop).rank("I want my money back for the broken chair", 1)).toEqual(["issue_refund"]);
  });

  // Set: tuning-b1 (d854490).
  it("'how many' asks to count", () => {
    const rows = ["count", "list"].map((verb) => tool(`${verb}_rows`, `${verb === "count" ? "Count" : "List"} the rows of a table.`));
    expect(harnessOver(rows).rank("how many rows are in orders?", 1)).toEqual(["count_rows"]);
  });

  // Set: origin not recorded (02b3413).
  it("inflections meet through the Porter stemmer, without a vocabulary entry", () => {
    expect(names(mcp, "scaling the deployments of the worker")).toContain("mcp__kubernetes__kubectl_scale");
  });

  // No set: a guard on the vocabulary itself (dcce04b), not a ranking rule.
  it("the software vocabulary holds single words only, and none of the phrases once copied from gold tasks", () => {
    for (const key of Object.keys(SOFTWARE_SENSES)) {
      // A key the matcher can see: one English word, or a Chinese word jieba keeps whole or CC-CEDICT lists.
      if (/^[a-z0-9]+$/.test(key)) continue;
      expect(segmentWords(key).length === 1 || inDictionary(key), key).toBe(true);
    }
    for (const phrase of ["提上去", "审一下", "给他们看", "改完", "约个", "standup", "working tree"]) expect(Object.keys(SOFTWARE_SENSES)).not.toContain(phrase);
  });
});
