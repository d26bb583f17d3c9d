import { defineConfig } from "vitest/config";

// Tests spawn real processes (CLI, MCP servers, the LangGraph dev server) and share
// PostgreSQL; two workers match the machine's two cores.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    globalSetup: ["tests/support/buildCli.ts"],
  },
});
