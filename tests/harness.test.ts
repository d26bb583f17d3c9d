/**
 * The Harness's six states (CONTRACT §7): registered ≠ ready ≠ authorized ≠ discoverable ≠
 * disclosed ≠ executable, each with its reason; disclosure never grants authority; the
 * loadout is LRU-bounded state; a child inherits authority, not the parent's visible set.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Harness } from "../harness/harness.js";
import { staticSource } from "../harness/sources.js";
import { defineTool, ok, type ToolDefinition, type Readiness } from "../tools/types.js";

const tool = (name: string, domain: string, description: string): ToolDefinition =>
  defineTool({
    name,
    domain,
    description,
    schema: z.object({ target: z.string().describe("What to act on.") }),
    risk: "read",
    execute: async () => ok(`${name} ran`),
  });

const readFile = tool("read_open", "workspace.read", "Open a file and read its text.");
const sendMail = tool("send_mail", "mail", "Send an email to one or more recipients.");
const createPr = tool("create_pull_request", "code.github", "Open a GitHub pull request so teammates can review the changes.");
const mcpRead = tool("mcp__fs__read_file", "mcp.fs", "Read a file through the filesystem MCP server.");

function harnessWith(options: { deny?: string[]; mcp?: Readiness; loadoutCap?: number } = {}) {
  return new Harness({
    sources: [staticSource("builtin", [readFile, sendMail, createPr]), staticSource("mcp:fs", [mcpRead], options.mcp ?? { ready: true })],
    authority: { allow: ["*"], deny: options.deny ?? [] },
    ...(options.loadoutCap ? { loadoutCap: options.loadoutCap } : {}),
  });
}

describe("six tool states, each queryable with its reason", () => {
  it("reports every state reached for a ready, authorized, disclosed tool", () => {
    const [status] = harnessWith().status(["read_open"], ["read_open"]);
    expect(status?.source).toBe("builtin");
    expect(Object.values(status!.states).every((state) => state.reached)).toBe(true);
  });

  it("keeps not-ready, not-authorized and not-disclosed apart, with the reason for each", () => {
    const harness = harnessWith({ deny: ["mail.*"], mcp: { ready: false, reason: "server fs is not connected" } });
    const byName = new Map(harness.status(["mcp__fs__read_file", "send_mail", "create_pull_request", "nope"], ["send_mail"]).map((s) => [s.name, s.states]));

    const mcp = byName.get("mcp__fs__read_file")!;
    expect(mcp.registered).toEqual({ reached: true });
    expect(mcp.ready).toEqual({ reached: false, reason: "server fs is not connected" });
    expect(mcp.authorized).toEqual({ reached: true });
    expect(mcp.executable.reached).toBe(false);

    const mail = byName.get("send_mail")!;
    expect(mail.ready).toEqual({ reached: true });
    expect(mail.authorized).toEqual({ reached: false, reason: "authority envelope denies mail.*" });
    expect(mail.disclosed).toEqual({ reached: true });
    expect(mail.discoverable.reached).toBe(false);
    expect(mail.executable).toEqual({ reached: false, reason: "not authorized: authority envelope denies mail.*" });

    const pr = byName.get("create_pull_request")!;
    expect(pr.discoverable).toEqual({ reached: true });
    expect(pr.disclosed.reached).toBe(false);
    expect(pr.executable.reached).toBe(false);

    expect(byName.get("nope")!.registered).toEqual({ reached: false, reason: 'no source registers a tool named "nope"' });
  });
});

describe("checkExecutable: what Normalize refuses, and why", () => {
  it("refuses a disclosed but unauthorized tool: disclosure is not authority", () => {
    const verdict = harnessWith({ deny: ["mail.*"] }).checkExecutable("send_mail", ["send_mail"]);
    expect(verdict).toEqual({
      ok: false,
      state: "authorized",
      reason: 'tool "send_mail" is disclosed but not authorized for this run (authority envelope denies mail.*)',
    });
  });

  it("refuses a tool the model names but was never disclosed to it", () => {
    const verdict = harnessWith().checkExecutable("create_pull_request", ["read_open"]);
    expect(verdict).toMatchObject({ ok: false, state: "disclosed" });
    expect(!verdict.ok && verdict.reason).toContain("never disclosed");
  });

  it("refuses an invented name and a disclosed tool whose server is down", () => {
    const harness = harnessWith({ mcp: { ready: false, reason: "server fs is not connected" } });
    expect(harness.checkExecutable("delete_everything", ["delete_everything"])).toMatchObject({ ok: false, state: "registered" });
    expect(harness.checkExecutable("mcp__fs__read_file", ["mcp__fs__read_file"])).toEqual({
      ok: false,
      state: "ready",
      reason: 'tool "mcp__fs__read_file" is not ready: server fs is not connected',
    });
  });

  it("accepts a ready, authorized, disclosed tool and returns its definition", () => {
    const verdict = harnessWith().checkExecutable("read_open", ["read_open"]);
    expect(verdict.ok && verdict.tool.name).toBe("read_open");
  });

  it("follows readiness as it changes at run time", () => {
    let connected = false;
    const harness = new Harness({
      sources: [staticSource("mcp:fs", [mcpRead], () => (connected ? { ready: true } : { ready: false, reason: "connecting" }))],
      authority: { allow: ["*"], deny: [] },
    });
    expect(harness.checkExecutable("mcp__fs__read_file", ["mcp__fs__read_file"]).ok).toBe(false);
    expect(harness.resolve("use mcp__fs__read_file").disclosed).toEqual([]);
    connected = true;
    expect(harness.checkExecutable("mcp__fs__read_file", ["mcp__fs__read_file"]).ok).toBe(true);
    expect(harness.resolve("use mcp__fs__read_file").disclosed).toEqual([{ name: "mcp__fs__read_file", stage: "exact" }]);
  });
});

describe("the loadout is bounded LRU state", () => {
  it("evicts the least recently used tool at the cap; touching a tool protects it", () => {
    const harness = harnessWith({ loadoutCap: 3 });
    let loadout = harness.disclose([], ["read_open", "send_mail", "create_pull_request"]);
    loadout = harness.touch(loadout, "read_open");
    expect(loadout).toEqual(["send_mail", "create_pull_request", "read_open"]);
    loadout = harness.disclose(loadout, ["mcp__fs__read_file"]);
    expect(loadout).toEqual(["create_pull_request", "read_open", "mcp__fs__read_file"]);
    expect(harness.checkExecutable("send_mail", loadout)).toMatchObject({ ok: false, state: "disclosed" });
  });

  it("drops names no source registers instead of storing them", () => {
    expect(harnessWith().disclose(["read_open"], ["made_up_tool", "send_mail"])).toEqual(["read_open", "send_mail"]);
  });
});

describe("scoped capability views", () => {
  it("gives each agent only the executable tools of its own loadout", () => {
    const harness = harnessWith({ deny: ["mail.*"] });
    const view = harness.view({ kind: "main" }, ["read_open", "send_mail"]);
    expect(view.map((t) => t.name)).toEqual(["read_open"]);
  });

  it("a child inherits the parent's authority envelope, not the parent's visible set", () => {
    const parent = harnessWith({ deny: ["mail.*"] });
    const parentLoadout = ["read_open"];
    const child = parent.forScope({ kind: "generic_child", id: "c1" });
    // The child discovers a tool its parent never saw...
    const found = child.resolve("open a pull request for the review").disclosed.map((hit) => hit.name);
    expect(found).toContain("create_pull_request");
    expect(parentLoadout).not.toContain("create_pull_request");
    const childLoadout = child.disclose([], found);
    expect(parent.view({ kind: "generic_child", id: "c1" }, childLoadout).map((t) => t.name)).toContain("create_pull_request");
    // ...but what the parent may not do, the child may not either.
    expect(child.checkExecutable("send_mail", ["send_mail"])).toMatchObject({ ok: false, state: "authorized" });
    expect(child.resolve("send an email to bob").disclosed).toEqual([]);
  });

  it("narrows a child to its restriction and never widens the parent", () => {
    const parent = new Harness({ sources: [staticSource("builtin", [readFile, sendMail, createPr])], authority: { allow: ["workspace.*", "send_mail"], deny: [] } });
    expect(parent.childAuthority(parent.authority, ["mail.*", "code.*"])).toEqual({ allow: ["send_mail"], deny: [] });
    expect(parent.childAuthority({ allow: ["*"], deny: ["mail.*"] }, ["workspace.read"])).toEqual({ allow: ["workspace.read"], deny: ["mail.*"] });
  });

  it("limits a skill child to the tools its skill declares", () => {
    const harness = new Harness({
      sources: [staticSource("builtin", [readFile, sendMail, createPr])],
      authority: { allow: ["*"], deny: [] },
      skills: { reviewer: { tools: ["code.*"] } },
    });
    const view = harness.view({ kind: "skill_child", id: "s1", skill: "reviewer" }, ["read_open", "create_pull_request"]);
    expect(view.map((t) => t.name)).toEqual(["create_pull_request"]);
    // A skill the Harness has no profile for gets no tools at all, never the parent's envelope.
    expect(harness.view({ kind: "skill_child", id: "s2", skill: "vanished" }, ["read_open", "create_pull_request"])).toEqual([]);
  });
});

describe("tool_search", () => {
  it("a search for an exact tool name discloses that tool alone", async () => {
    const harness = new Harness({ sources: [staticSource("s", [readFile, sendMail, createPr, mcpRead])], authority: { allow: ["*"], deny: [] } });
    expect((await harness.search("send_mail")).disclosed).toEqual([{ name: "send_mail", stage: "search" }]);
  });
});
