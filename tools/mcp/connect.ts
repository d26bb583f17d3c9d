/**
 * Connecting the configured MCP servers, all at once, and refusing a configuration whose
 * servers' tools would share one registry name.
 */
import { InputError } from "../../contract/errors.js";
import type { McpConfig } from "./config.js";
import { McpToolSource, type McpConnectOptions } from "./source.js";

/** Two MCP servers whose tools would get the same registry name: a configuration error. */
export class McpNameCollisionError extends InputError {}

/**
 * Connects every configured server in parallel; never throws for a server problem. Throws
 * McpNameCollisionError (one line naming both servers, every server closed, no tool run) when
 * two servers' tools map to one registry name: `mcp__<server>__<tool>` is ambiguous when a
 * server id contains `__` (servers `x` with `y__read` and `x__y` with `read`), and the first
 * would otherwise silently win.
 */
export async function connectMcpServers(config: McpConfig, options: McpConnectOptions = {}): Promise<McpToolSource[]> {
  const sources = await Promise.all(Object.entries(config.servers).map(([id, server]) => McpToolSource.connect(id, server, options)));
  const collision = nameCollision(sources);
  if (collision) {
    await Promise.all(sources.map((source) => source.close()));
    throw new McpNameCollisionError(collision);
  }
  return sources;
}

/** The first registry name two servers would both register, as a one-line refusal; null when none. */
function nameCollision(sources: McpToolSource[]): string | null {
  const owners = new Map<string, { server: string; tool: string }>();
  for (const source of sources) {
    for (const { name, mcpName } of source.registeredTools()) {
      const first = owners.get(name);
      if (first && first.server !== source.id) {
        return `MCP tool name ${name} is ambiguous: server "${first.server}" (tool "${first.tool}") and server "${source.id}" (tool "${mcpName}") both map to it; rename one of the servers (a server id without "__" cannot collide)`;
      }
      owners.set(name, { server: source.id, tool: mcpName });
    }
  }
  return null;
}
