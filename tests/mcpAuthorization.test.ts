/**
 * CONTRACT §3, §7 — connecting an MCP server does not authorize its tools: the operator's
 * config grants them (`servers.<id>.allow`), `mira tools status` says why a tool is not
 * authorized, and Normalize refuses an ungranted tool even when the model names it. A
 * server's readOnlyHint and a config's `risk: "read"` never lower a tool below external_mcp.
 */
import { writeFile } from "node:fs/promises";
import path, { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { Harness } from "../harness/harness.js";
import { openHarness } from "../runtime/toolSources.js";
import { answer, call, makeRun, start, tempWorkspace } from "./support/harnessRuntime.js";
import { mcpSources } from "./support/mcp.js";

const FAKE = { command: process.execPath, args: [path.resolve("tests/fixtures/mcp/fakeServer.mjs")] };
const { connect, closeAll } = mcpSources();
afterAll(closeAll);

async function configFile(servers: Record<string, unknown>): Promise<string> {
  const dir = await tempWorkspace({});
  const file = join(dir, "mcp.json");
  await writeFile(file, JSON.stringify({ servers }));
  return file;
}

async function toolsStatus(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["tools", "status", ...args], { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

describe("an MCP server's tools are authorized only when its config grants them", () => {
  it("no allow: every tool is registered and ready but not authorized, and tools status says which config field grants it", async () => {
    const file = await configFile({ fake: FAKE });
    const r = await toolsStatus(["--mcp", file, "--json"]);
    expect(r.code).toBe(0);
    const shout = (JSON.parse(r.stdout) as Array<{ name: string; states: Record<"registered" | "ready" | "authorized" | "discoverable", { reached: boolean; reason?: string }> }>).find((s) => s.name === "mcp__fake__shout")!;
    expect(shout.states.registered.reached).toBe(true);
    expect(shout.states.ready.reached).toBe(true);
    expect(shout.states.authorized).toEqual({ reached: false, reason: 'the MCP config of server "fake" grants none of its tools; add "shout" to servers.fake.allow to grant it' });
    expect(shout.states.discoverable.reached).toBe(false);
  });

  it("allow names the granted tools: shout is authorized, fail is not", async () => {
    const opened = await openHarness({ catalog: null, mcpConfig: await configFile({ fake: { ...FAKE, allow: ["shout"] } }) });
    try {
      const byName = new Map(opened.harness.status(["mcp__fake__shout", "mcp__fake__fail"], []).map((s) => [s.name, s.states]));
      expect(byName.get("mcp__fake__shout")!.authorized).toEqual({ reached: true });
      expect(byName.get("mcp__fake__fail")!.authorized).toMatchObject({ reached: false, reason: expect.stringContaining("grants only shout") });
    } finally {
      await opened.close();
    }
  });

  it("Normalize refuses an ungranted MCP tool the model names anyway; nothing is asked or called", async () => {
    const source = await connect("fake", FAKE);
    const ws = await tempWorkspace({});
    const run = makeRun({ workspace: ws, turns: [call("m1", "mcp__fake__shout", { text: "hi" }), answer("a1", "The tool is not available.")] });
    run.rt.harness = new Harness({ sources: [source], authority: { allow: ["*"], deny: [] } });
    const out = await start(run, "use mcp__fake__shout on hi", "t-ungranted");
    expect(out.status).toBe("completed");
    expect(out.approvals).toEqual([]);
    expect(out.observations.map((o) => o.failure?.message ?? "")).toContainEqual(expect.stringMatching(/mcp__fake__shout" is (disclosed but )?not authorized for this run \(the MCP config of server "fake" grants none/));
    expect(out.trace.some((t) => t.node === "Tool")).toBe(false);
  });
});
