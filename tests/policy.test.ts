/** CONTRACT §3: Policy judges one frozen call; high-risk classes always ask; a policy file can only make calls stricter. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Policy, PolicyError } from "../policy/policy.js";
import { RiskClass } from "../state/types.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

describe("policy classification", () => {
  it("defaults: reads are allowed, every high-risk class asks", () => {
    const policy = Policy.defaults();
    for (const risk of RiskClass.options) {
      expect(policy.classify({ toolId: "t", riskClass: risk }).outcome).toBe(risk === "read" ? "allow" : "ask");
    }
  });

  it("a policy file may deny or ask, and a tool rule wins over its class rule", async () => {
    const dir = await tempWorkspace({});
    const file = join(dir, "policy.yaml");
    await writeFile(file, "risks:\n  terminal: deny\ntools:\n  read_open: ask\n  delete_path: deny\ndenyIsTerminal: false\n");
    const policy = Policy.load(file);
    expect(policy.classify({ toolId: "run_command", riskClass: "terminal" })).toMatchObject({ outcome: "deny", terminal: false });
    expect(policy.classify({ toolId: "read_open", riskClass: "read" }).outcome).toBe("ask");
    expect(policy.classify({ toolId: "delete_path", riskClass: "file_delete" }).outcome).toBe("deny");
  });

  it("a high-risk class can never be allowed: refused at load for a class, still asked for a tool rule", async () => {
    const dir = await tempWorkspace({});
    const byClass = join(dir, "class.json");
    await writeFile(byClass, JSON.stringify({ risks: { file_write: "allow" } }));
    expect(() => Policy.load(byClass)).toThrow(PolicyError);
    expect(() => Policy.load(byClass)).toThrow(/file_write is high-risk and always needs approval/);
    const byTool = join(dir, "tool.json");
    await writeFile(byTool, JSON.stringify({ tools: { write_file: "allow" } }));
    expect(Policy.load(byTool).classify({ toolId: "write_file", riskClass: "file_write" })).toMatchObject({ outcome: "ask" });
  });

  it("an unreadable or invalid file is one clear line", async () => {
    const dir = await tempWorkspace({});
    expect(() => Policy.load(join(dir, "none.yaml"))).toThrow(/^cannot read policy file .*none\.yaml: ENOENT/);
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ tools: { x: "maybe" } }));
    expect(() => Policy.load(bad)).toThrow(/^invalid policy file .*bad\.json: /);
  });
});
