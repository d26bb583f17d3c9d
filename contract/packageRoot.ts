/**
 * The package's root directory (the one holding its package.json), wherever this module
 * runs from: the TypeScript sources or the JavaScript compiled into dist/. Files that are
 * not compiled (built-in skills, demo workspace, server graph sources) resolve from here.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "mira-agentgraph") return dir;
    if (dirname(dir) === dir) throw new Error(`no mira-agentgraph package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
