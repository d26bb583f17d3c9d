/**
 * Deterministic simulated backends for the evaluation catalog's non-workspace tools (git
 * hosting, mail, browser, calendar, issue tracker, MCP) and for tools loaded from a catalog
 * file. SIMULATED: nothing leaves the machine. A call's result is a pure function of the tool
 * and its input (a stable id from their hash), so evaluation tasks run offline and repeat
 * exactly; the summary says "[simulated]" so no one mistakes it for a real effect, and its
 * evidence is labelled simulated and unverified: it never counts as real-world evidence.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../../protocol/invocationHash.js";
import { ok, type ToolDefinition } from "../types.js";

interface SimulatedTool {
  name: string;
  domain: string;
  risk: ToolDefinition["risk"];
}

export function simulatedBackend(tool: SimulatedTool): ToolDefinition["execute"] {
  return async (input) => {
    const args = canonicalJson(input);
    const id = createHash("sha256").update(`${tool.name}\n${args}`).digest("hex").slice(0, 10);
    const effect = tool.risk === "read" ? "returned a simulated record" : "recorded a simulated effect";
    return ok(`[simulated ${tool.domain}] ${tool.name} ${effect} ${id}`, [
      {
        kind: tool.risk === "read" ? "record" : "receipt",
        source: { path: `simulated://${tool.domain}/${tool.name}/${id}` },
        content: `[simulated] ${tool.name}(${args}) → ${id}`,
        verified: false,
        simulated: true,
      },
    ]);
  };
}
