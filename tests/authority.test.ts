/**
 * CONTRACT §7 (Authority is its own layer) and §3 (a client narrows the operator's grants,
 * never widens them): the operator grants tools per deployment (`MIRA_GRANTS`, `MIRA_DENY`),
 * a run narrows them (`configurable.tools`), `mira tools status` says which grant is missing,
 * and an MCP server that does not connect is listed as not ready with its reason.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { openHarness, operatorAuthority, runAuthority, type OpenedHarness } from "../runtime/toolSources.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

const opened: OpenedHarness[] = [];
afterAll(async () => void (await Promise.all(opened.map((o) => o.close()))));
async function harnessWith(env: NodeJS.ProcessEnv, runTools?: string[]) {
  const o = await openHarness({ catalog: null, mcpConfig: null, authority: operatorAuthority(env), semantic: async () => undefined });
  opened.push(o);
  return runTools ? o.harness.withAuthority(runAuthority(operatorAuthority(env), runTools, o.harness)) : o.harness;
}
const authorized = (harness: Awaited<ReturnType<typeof harnessWith>>, name: string) => harness.status(undefined, []).find((s) => s.name === name)!.states.authorized;

describe("the operator grants tools per deployment; a run narrows the grants", () => {
  it("without MIRA_GRANTS every registered tool is granted (Policy still judges each call)", async () => {
    const h = await harnessWith({});
    expect(authorized(h, "write_file").reached).toBe(true);
    expect(authorized(h, "run_command").reached).toBe(true);
  });

  it("MIRA_GRANTS grants only what it names; MIRA_DENY wins; the missing grant is named", async () => {
    const h = await harnessWith({ MIRA_GRANTS: "read_open, read_list write_file", MIRA_DENY: "write_file" });
    expect(authorized(h, "read_open").reached).toBe(true);
    expect(authorized(h, "write_file")).toMatchObject({ reached: false, reason: expect.stringMatching(/denies write_file/) });
    expect(authorized(h, "run_command")).toMatchObject({ reached: false, reason: expect.stringMatching(/no grant names run_command .*MIRA_GRANTS/) });
  });

  it("a run's tools narrow the operator's grants and never widen them", async () => {
    const narrowed = await harnessWith({ MIRA_DENY: "run_command" }, ["write_file", "run_command"]);
    expect(authorized(narrowed, "write_file").reached).toBe(true);
    expect(authorized(narrowed, "read_open").reached).toBe(false);
    expect(authorized(narrowed, "run_command").reached).toBe(false);
    const widened = await harnessWith({ MIRA_GRANTS: "read_open" }, ["*", "write_file"]);
    expect(authorized(widened, "read_open").reached).toBe(true);
    expect(authorized(widened, "write_file").reached).toBe(false);
  });
});

describe("an MCP server that does not connect is never silently absent", () => {
  it("openHarness lists it as not ready with its reason, and tools status prints that line", async () => {
    const dir = await tempWorkspace({});
    const file = join(dir, "mcp.json");
    await writeFile(file, JSON.stringify({ servers: { ghost: { command: join(dir, "no-such-server") } } }));
    const o = await openHarness({ catalog: null, mcpConfig: file, semantic: async () => undefined });
    opened.push(o);
    expect(o.notReady).toEqual([expect.stringMatching(/^MCP server "ghost" is not ready \(failed\): .+/)]);
    const out: string[] = [];
    const code = await main(["tools", "status", "--mcp", file], { out: (s) => out.push(s), err: () => {} });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^MCP server "ghost" is not ready \(failed\): /);
  }, 30_000);
});
