/** Live-model check, separate from the offline suite: runs only when OPENAI_API_KEY is set. */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../cli/main.js";
import { tempWorkspace } from "./support/harnessRuntime.js";

describe.skipIf(!process.env.OPENAI_API_KEY)("a real OpenAI-compatible model drives the same graph", () => {
  it("answers the demo read task from evidence it read", async () => {
    const ws = await tempWorkspace({});
    await cp(new URL("../demo/workspace", import.meta.url), ws, { recursive: true });
    const out: string[] = [];
    const code = await main(["run", "What is the retry limit value?", "--workspace", ws, "--model", "openai", "--checkpointer", `sqlite:${join(ws, ".m.db")}`, "--json"], { out: (s) => out.push(s), err: () => undefined });
    const summary = JSON.parse(out.join("\n"));
    expect(code).toBe(0);
    expect(summary.status).toBe("completed");
    expect(summary.evidence.some((e: { verified: boolean }) => e.verified)).toBe(true);
  }, 120_000);
});
