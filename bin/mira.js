#!/usr/bin/env node
// Runs the CLI built into dist/ at install (`npm ci` runs the `prepare` script): the bundle
// (dist/bundle/, scripts/bundleCli.ts), which starts in a fraction of the time of the ~650
// files it holds. `serve` and `eval` run the modules tsc compiled, unbundled: they hand
// LangGraph and LangChain objects to packages loaded from node_modules (the API server,
// createAgent, pi-ai), which must see the same copies.
const unbundled = process.argv[2] === "serve" || process.argv[2] === "eval";
const { main } = await import(unbundled ? "../dist/cli/main.js" : "../dist/bundle/main.js");

const code = await main(process.argv.slice(2));
// Leave through an empty write: its callback runs once everything before it is flushed, so
// a large --json document on a pipe is never cut off by exiting early.
process.stdout.write("", () => process.exit(code));
