#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx mira` works straight after `npm ci`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
process.exit(await main(process.argv.slice(2)));
