/**
 * CONTRACT §3: a client may narrow the operator's policy, never widen it. On a server the
 * operator's `MIRA_POLICY` is the floor; a run's `configurable.policy` is applied under it
 * (`Policy.underFloor`): the stricter outcome wins per call, and a file that says anything
 * looser is refused with one line before anything runs.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configuredChoice, serverRunSettings } from "../config/runConfig.js";
import { Policy, PolicyError } from "../policy/policy.js";
import { policyOf } from "../runtime/createRuntime.js";

const dir = await mkdtemp(join(tmpdir(), "mira-floor-"));
const file = async (name: string, body: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof body === "string" ? body : JSON.stringify(body));
  return path;
};
const floorFile = await file("floor.json", { risks: { terminal: "deny", file_delete: "deny" }, tools: { write_file: "ask" } });
const terminal = { toolId: "run_command", riskClass: "terminal" as const };
const write = { toolId: "write_file", riskClass: "file_write" as const };

describe("the operator's policy is a floor a run can only narrow", () => {
  it("an empty run policy (the reported bypass) keeps the operator's deny", async () => {
    const policy = policyOf({ policyFile: floorFile, policyNarrowing: await file("empty.yaml", "") });
    expect(policy.classify(terminal)).toMatchObject({ outcome: "deny" });
  });

  it("a run policy that narrows (deny a write the operator asks for) is applied; the floor's denies stay", async () => {
    const policy = policyOf({ policyFile: floorFile, policyNarrowing: await file("narrow.json", { risks: { file_write: "deny" } }) });
    expect(policy.classify(write)).toMatchObject({ outcome: "deny" });
    expect(policy.classify(terminal)).toMatchObject({ outcome: "deny" });
    expect(policy.classify({ toolId: "read_open", riskClass: "read" })).toMatchObject({ outcome: "allow" });
  });

  it.each([
    ["a looser risk rule", { risks: { terminal: "ask" } }, /risks\.terminal: ask \(operator: deny\)/],
    ["a looser tool rule", { tools: { write_file: "allow" } }, /tools\.write_file: allow/],
    ["an allow the operator does not give", { tools: { run_command: "allow" } }, /tools\.run_command: allow \(operator: no allow\)/],
    ["a non-terminal deny over a terminal floor", { denyIsTerminal: false }, /denyIsTerminal: false/],
  ])("%s is refused with one line naming the widening", async (_name, body, reason) => {
    const path = await file(`widen-${Math.random()}.json`, body);
    expect(() => policyOf({ policyFile: floorFile, policyNarrowing: path })).toThrow(PolicyError);
    try {
      policyOf({ policyFile: floorFile, policyNarrowing: path });
    } catch (err) {
      expect((err as Error).message).toMatch(reason);
      expect((err as Error).message).toMatch(/would widen the operator's policy/);
      expect((err as Error).message.split("\n")).toHaveLength(1);
    }
  });

  it("a tool rule that cannot be compared statically is still never looser than the floor's risk rule", async () => {
    const policy = policyOf({ policyFile: floorFile, policyNarrowing: await file("ask-cmd.json", { tools: { run_command: "ask" } }) });
    expect(policy.classify(terminal)).toMatchObject({ outcome: "deny" });
  });

  it("without a floor (built-in defaults) a run still cannot loosen a default", async () => {
    expect(() => Policy.underFloor(Policy.defaults(), Policy.load(floorFile))).not.toThrow();
    const loose = await file("loose.json", { tools: { delete_path: "allow" } });
    expect(() => Policy.underFloor(Policy.defaults(), Policy.load(loose))).toThrow(/would widen/);
  });

  it("a server run's configurable.policy becomes the narrowing; the operator's MIRA_POLICY stays the policy file", () => {
    const defaults = { workspace: dir, model: "offline", policyFile: floorFile, maxSteps: 4 };
    const settings = serverRunSettings(configuredChoice({ policy: join(dir, "empty.yaml") }, undefined), defaults, [dir]);
    expect(settings.policyFile).toBe(floorFile);
    expect(settings.policyNarrowing).toBe(join(dir, "empty.yaml"));
  });

  it("a run picks a catalog only among the operator's (MIRA_CATALOG, MIRA_CATALOGS), wherever the file is", async () => {
    const defaults = { workspace: dir, model: "offline", policyFile: floorFile, maxSteps: 4, catalog: null };
    const offered = await file("offered.json", "[]");
    const other = await file("other.json", "[]");
    const pick = (catalog: string, catalogs: string[]) => serverRunSettings(configuredChoice({ catalog }, undefined), defaults, [dir], catalogs).catalog;
    expect(pick(offered, [offered])).toBe(offered);
    expect(pick("builtin-simulated", ["builtin-simulated"])).toBe("builtin-simulated");
    expect(() => pick(other, [offered])).toThrow(/only the operator's catalogs .*refused: .*other\.json/);
    expect(() => pick("builtin-simulated", [])).toThrow(/only the operator's catalogs/);
  });
});
