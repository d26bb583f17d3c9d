#!/usr/bin/env node
// Runs the CLI built into dist/ at install (`npm ci` runs the `prepare` script): bundled
// (dist/bundle/, scripts/bundleCli.ts), which starts in a fraction of the time of the ~650
// files it holds. The commands that advance a run load it from one CommonJS file through
// V8's code cache (cli/codeCache.ts), the others from ES module chunks that hold only
// what each needs. `serve` and `eval` run the modules tsc compiled, unbundled: they hand
// LangGraph and LangChain objects to packages loaded from node_modules (the API server,
// createAgent, pi-ai), which must see the same copies.
import { createRequire } from "node:module";

// A reader that stops reading (`mira run … | head`) closes the pipe: the run goes on to its
// end with its output dropped, rather than dying on EPIPE halfway with a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
});
const command = process.argv[2];
const unbundled = command === "serve" || command === "eval";
const cached = command === "run" || command === "resume" || command === "cancel";
// The code cache's loader is required, not imported: it is CommonJS (see cli/codeCache.ts).
const { main } = unbundled
  ? await import("../dist/cli/main.js")
  : cached
    ? createRequire(import.meta.url)("../dist/bundle/codeCache.cjs").loadBundle(new URL("../dist/bundle/cli.cjs", import.meta.url), (specifier) => import.meta.resolve(specifier), (cli) => cli.droveGraph()).exports
    : await import("../dist/bundle/main.js");

const code = await main(process.argv.slice(2));
// Leave through an empty write: its callback runs once everything before it is flushed, so
// a large --json document on a pipe is never cut off by exiting early.
process.stdout.write("", () => process.exit(code));
