/**
 * Progressive Resolution reads a task's operands apart from its request words (CONTRACT §7):
 * paths, identifiers, URLs, addresses, times and quoted text say what to act on, not what to do.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Harness } from "../harness/harness.js";
import { indexFor } from "../harness/resolution/index/cache.js";
import { staticSource } from "../harness/sources.js";
import { operandsOf } from "../language/operands.js";
import { evaluationCatalog } from "../tools/catalog/index.js";
import { defineTool, ok, type ToolDefinition } from "../tools/types.js";

const evaluation = new Harness({ sources: [staticSource("catalog", evaluationCatalog())], authority: { allow: ["*"], deny: [] } });
const names = (harness: Harness, task: string) => harness.resolve(task).disclosed.map((hit) => hit.name);
const tool = (name: string, description: string, schema: z.ZodType): ToolDefinition =>
  defineTool({ name, domain: "demo", description, schema, risk: "read", execute: async () => ok("done") });

describe("operands: what a task names, not what it asks", () => {
  // Set: origin not recorded (02b3413, the first resolver).
  it("paths, identifiers, URLs, addresses, times and quoted text are split from the request", () => {
    const isTool = (word: string) => word === "git_diff";
    const create = operandsOf('Create notes/release.md with "Retry limit reviewed: 5"', isTool);
    expect(create).toMatchObject({ paths: ["notes/release.md"], identifiers: [] });
    expect(create.request).not.toMatch(/release|review/i);
    expect(operandsOf("Where is pushEvent defined? Also max_retries and connect()", isTool).identifiers).toEqual(["pushEvent", "max_retries", "connect()"]);
    expect(operandsOf("Open https://example.com/a and mail bob@example.com", isTool)).toMatchObject({ urls: ["https://example.com/a"], emails: ["bob@example.com"] });
    expect(operandsOf("Meet next Tuesday at 3pm", isTool).times).toEqual(["Tuesday", "3pm"]);
    expect(operandsOf("use git_diff on README.md", isTool)).toMatchObject({ paths: ["README.md"], identifiers: [] });
  });

  // Set: origin not recorded (81101d6: measured on the tuning splits, 380 against 379).
  it("a host without a scheme ending in .com, .org or .net is a web address, not a workspace file", () => {
    expect(operandsOf("Open example.com in the browser, then open docs.example.org/start", () => false)).toMatchObject({ urls: ["example.com", "docs.example.org/start"], paths: [] });
    // A mail address keeps its host; a file name keeps its extension.
    expect(operandsOf("mail bob@example.com the notes.md file", () => false)).toMatchObject({ urls: [], emails: ["bob@example.com"], paths: ["notes.md"] });
  });

  // Set: tuning2 (9ff9741: its calendar, mail and chat requests, committed as tuning2 in 5d03851).
  it("a time says when, not what to do: its words leave the request", () => {
    const cancel = operandsOf("Cancel my 3pm with Bob on Thursday", () => false);
    expect(cancel.times).toEqual(["3pm", "Thursday"]);
    expect(cancel.request).not.toMatch(/3pm|thursday/i);
  });

  // Set: tuning2 (9ff9741).
  it("a parameter takes an operand by the words of its name, never a substring: sendUpdates takes no date", () => {
    const notify = tool("notify_watchers", "Notify the watchers.", z.object({ sendUpdates: z.boolean().describe("Whether to notify them.") }));
    const plan = tool("plan_slot", "Plan a slot.", z.object({ startTime: z.string().describe("When it starts.") }));
    const [structural] = indexFor([notify, plan]).index.rankings("tomorrow at 3pm", () => true);
    expect(structural!.names).toEqual(["plan_slot"]);
  });

  // Set: origin not recorded (02b3413).
  it("a path with no capability word still reaches the tools that act on files", () => {
    expect(names(evaluation, "Explain how src/client.ts retries")).toContain("read_open");
    expect(names(evaluation, "看一下 src/config.ts 里的重试次数")).toContain("read_open");
  });
});
