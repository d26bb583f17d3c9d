/** MCP test helpers: sources opened through `connect` are all closed by `closeAll`. */
import { McpToolSource } from "../../tools/mcp/source.js";
import type { ToolDefinition } from "../../tools/types.js";
import type { ToolOutcome } from "../../state/types.js";

export function mcpSources() {
  const opened: McpToolSource[] = [];
  return {
    async connect(...args: Parameters<typeof McpToolSource.connect>): Promise<McpToolSource> {
      const source = await McpToolSource.connect(...args);
      opened.push(source);
      return source;
    },
    /** Sources opened some other way (e.g. connectMcpServers) that must be closed too. */
    track: (...sources: McpToolSource[]) => void opened.push(...sources),
    closeAll: () => Promise.all(opened.map((source) => source.close())),
  };
}

export function toolNamed(source: McpToolSource, name: string): ToolDefinition {
  const tool = source.tools().find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`${name} not registered; have ${source.tools().map((t) => t.name).join(", ")}`);
  return tool;
}

export function runTool(tool: ToolDefinition, input: Record<string, unknown>, workspaceRoot: string): Promise<ToolOutcome> {
  return tool.execute(tool.schema.parse(input), { workspaceRoot });
}
