#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx mira` works straight after `npm ci`.
import { register } from "tsx/esm/api";

register();
const argv = process.argv.slice(2);
// `mira tools …` needs only the Harness: skip loading the graph and model stack.
const { toolsMain } = argv[0] === "tools" ? await import("../cli/toolsMain.ts") : { toolsMain: undefined };
const code = toolsMain ? await toolsMain(argv) : await (await import("../cli/main.ts")).main(argv);
process.exit(code);
