import { defineConfig } from "vitest/config";

// `npm run conformance`: the upstream checkpoint validation suite on the project's savers.
export default defineConfig({
  test: {
    include: ["conformance/**/*.conformance.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    // The validation library calls describe/beforeAll as globals.
    globals: true,
  },
});
