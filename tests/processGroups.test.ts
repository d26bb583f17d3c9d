/**
 * Servers the tests and the bench spawn (`mira serve`, `langgraphjs dev`) run in their own
 * process group, so a killed test worker used to leave them running with PPID 1.
 * `killGroupWithParent` takes such a group down when its spawner dies, and not otherwise.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../contract/packageRoot.js";

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A spawner that starts a `sleep` group, guards it (and disarms the guard if asked), then is SIGKILLed. */
async function spawnerKilledWithGroup(disarm: boolean): Promise<number> {
  const cluster = join(PACKAGE_ROOT, "dist/server/cluster.js");
  const script = `
    import { spawn } from "node:child_process";
    import { killGroupWithParent } from ${JSON.stringify(cluster)};
    const group = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
    const off = killGroupWithParent(group.pid);
    if (${disarm}) off();
    console.log(group.pid);
    setInterval(() => {}, 1000);`;
  const spawner = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const pgid = await new Promise<number>((resolve) => spawner.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim()))));
  spawner.kill("SIGKILL");
  await new Promise((resolve) => spawner.on("close", resolve));
  return pgid;
}

async function aliveAfter(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return groupAlive(pgid);
}

describe("a spawned server's process group dies with the process that spawned it", () => {
  it("SIGKILL of the spawner kills the guarded group; a disarmed guard (the group was stopped normally) kills nothing", async () => {
    const guarded = await spawnerKilledWithGroup(false);
    expect(await aliveAfter(guarded, 5000)).toBe(false);

    const disarmed = await spawnerKilledWithGroup(true);
    try {
      expect(await aliveAfter(disarmed, 1000)).toBe(true);
    } finally {
      process.kill(-disarmed, "SIGKILL");
    }
  });
});
