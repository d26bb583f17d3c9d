#!/usr/bin/env node
// Runs the CLI compiled into dist/ at install (`npm ci` runs the `prepare` script).
import { main } from "../dist/cli/main.js";

const code = await main(process.argv.slice(2));
// Leave through an empty write: its callback runs once everything before it is flushed, so
// a large --json document on a pipe is never cut off by exiting early.
process.stdout.write("", () => process.exit(code));
