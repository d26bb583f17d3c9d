/**
 * The MCP server config file (CONTRACT §3, §7): which external MCP servers a run may connect
 * to, how to reach each one, which of their tools and resources the operator grants, and how risky they are. Loading never throws; a bad
 * file comes back as one line that names the file and the offending field.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { RiskClass } from "../../state/types.js";

/** Used for the handshake and for every call when neither the server nor the caller sets one. */
export const DEFAULT_MCP_TIMEOUT_MS = 10_000;

/** Server ids become part of tool names (`mcp__<id>__<tool>`), so they are kept name-safe. */
export const McpServerId = z
  .string()
  .regex(/^[a-zA-Z0-9_-]+$/, "server ids may use only letters, digits, '_' and '-'")
  .describe("Server id; becomes part of every tool name (mcp__<id>__<tool>) and the domain mcp.<id>.");

const serverCommon = {
  risk: RiskClass.optional().describe(
    "Risk class of every tool of this server; defaults to external_mcp (approval required). It can never lower a tool below external_mcp: \"read\" is ignored.",
  ),
  allow: z
    .array(z.string().min(1))
    .optional()
    .describe('The tools of this server agents may use, by the name the server lists them under; "*" grants all. Absent or empty: none; connecting a server grants nothing by itself.'),
  resources: z
    .array(z.string().min(1))
    .optional()
    .describe('The resources of this server agents may read (read_resource), as URI patterns where * matches anything; "*" grants all. Absent or empty: none; connecting a server or its own annotations grant nothing.'),
  timeoutMs: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Milliseconds allowed for the handshake and for each tool call; defaults to the caller's timeout."),
};

/** A server started as a child process and spoken to over stdin/stdout. */
export const McpStdioServerConfig = z
  .object({
    command: z.string().min(1).describe("Executable to start; a path starting with ./ or ../ is relative to the config file."),
    args: z.array(z.string()).default([]).describe("Arguments passed to the command."),
    env: z.record(z.string(), z.string()).optional().describe("Extra environment variables for the server process."),
    cwd: z.string().optional().describe("Working directory of the server process; relative to the config file."),
    ...serverCommon,
  })
  .strict()
  .describe("An MCP server spoken to over stdio.");

/** A server already running and reached over streamable HTTP. */
export const McpHttpServerConfig = z
  .object({
    url: z.url({ protocol: /^https?$/ }).describe("Streamable HTTP endpoint of the server, e.g. http://127.0.0.1:3001/mcp."),
    headers: z.record(z.string(), z.string()).optional().describe("Extra HTTP headers sent with every request."),
    ...serverCommon,
  })
  .strict()
  .describe("An MCP server reached over streamable HTTP.");

export const McpServerConfig = z.union([McpStdioServerConfig, McpHttpServerConfig]);
export type McpServerConfig = z.infer<typeof McpServerConfig>;
export type McpStdioServerConfig = z.infer<typeof McpStdioServerConfig>;
export type McpHttpServerConfig = z.infer<typeof McpHttpServerConfig>;

export const McpConfig = z
  .object({
    servers: z.record(McpServerId, McpServerConfig).describe("The servers to connect, by id."),
  })
  .strict()
  .describe("The MCP config file.");
export type McpConfig = z.infer<typeof McpConfig>;

export type McpConfigLoad = { ok: true; config: McpConfig } | { ok: false; error: string };

/** True for a stdio entry; the union has no tag, `command` is what tells them apart. */
export function isStdioServer(config: McpServerConfig): config is McpStdioServerConfig {
  return "command" in config;
}

/**
 * Reads and validates an MCP config file. Relative `command` paths (./, ../) and `cwd`
 * are resolved against the file's directory, so a config works from any cwd.
 * Never throws: a missing file, bad JSON or a schema violation is `{ok: false, error}`
 * with one line naming the file and the field.
 */
export async function loadMcpConfig(file: string): Promise<McpConfigLoad> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, error: `MCP config ${file}: cannot read (${code ?? (err as Error).message})` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `MCP config ${file}: not valid JSON (${(err as Error).message})` };
  }
  const parsed = McpConfig.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `MCP config ${file}: ${describeIssues(parsed.error)}` };
  return { ok: true, config: resolveRelativePaths(parsed.data, path.dirname(path.resolve(file))) };
}

/**
 * One line: every issue as `path: message`, e.g. `servers.fs.command: Invalid input`.
 * A server entry that fits neither transport is reported through the branch it came
 * closest to (fewest issues), and a bad server id through the id rule it broke, so the
 * message names the real field and rule, not "Invalid input".
 */
function describeIssues(error: z.ZodError): string {
  return flattenIssues(error.issues, [])
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}

type FlatIssue = { path: PropertyKey[]; message: string };

function flattenIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): FlatIssue[] {
  return issues.flatMap((issue): FlatIssue[] => {
    const at = [...prefix, ...issue.path];
    if (issue.code === "invalid_key" && issue.issues.length > 0) return flattenIssues(issue.issues, at);
    if (issue.code !== "invalid_union" || issue.errors.length === 0) return [{ path: at, message: issue.message }];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return flattenIssues(closest, at);
  });
}

function resolveRelativePaths(config: McpConfig, baseDir: string): McpConfig {
  const servers: Record<string, McpServerConfig> = {};
  for (const [id, server] of Object.entries(config.servers)) {
    if (!isStdioServer(server)) {
      servers[id] = server;
      continue;
    }
    const command = /^\.\.?[\\/]/.test(server.command) ? path.resolve(baseDir, server.command) : server.command;
    const cwd = server.cwd === undefined ? undefined : path.resolve(baseDir, server.cwd);
    servers[id] = { ...server, command, ...(cwd === undefined ? {} : { cwd }) };
  }
  return { servers };
}
