import { z } from "zod";
import { defineTool, ok } from "../tools/types.js";

/** A read-class tool with no effect, for long runs and benchmarks. */
export const noopTool = defineTool({
  name: "noop",
  domain: "test",
  description: "Does nothing and says so.",
  schema: z.object({ n: z.number().int().describe("A step number.") }),
  risk: "read",
  execute: async ({ n }) => ok(`noop ${n}`),
});
