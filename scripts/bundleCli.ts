/**
 * Bundles the CLI compiled into dist/ by tsc into dist/bundle/ (issue 24, item 4): `main.js`
 * and the chunks its commands import lazily (esbuild code splitting). Node 20 has no module
 * compile cache, and resolving and loading the ~650 files a reading command imports one by one
 * (most of them @langchain/core's) cost more than running them; a few large files load in a
 * fraction of that. Run by `npm run build` after tsc, so `npm ci` (`prepare`) builds it.
 *
 * What stays out:
 * - native addons (better-sqlite3, jieba) and the TypeScript compiler: loaded from node_modules;
 * - `mira serve` and `mira eval`: bin/mira.js runs them from dist/ unbundled, because they hand
 *   LangGraph and LangChain objects to packages loaded from node_modules (the API server,
 *   createAgent, pi-ai), which must see the same copies; their modules are left external here.
 *
 * Every module keeps its own `import.meta.url`: it names the module's file in dist/, so
 * package-root lookups, cache keys hashed from a module's source and folders read beside a
 * module are exactly those of the unbundled build. Writes dist/bundle/meta.json (esbuild's
 * metafile: which modules each chunk holds), which tests/cli.startup.test.ts reads.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");
export const BUNDLE_DIR = join(DIST, "bundle");

/**
 * Native addons, pg's optional native driver (absent unless installed), and the TypeScript
 * compiler (10 MB, only the code index parses with it, and it shares no objects with the rest).
 */
const EXTERNAL_PACKAGES = ["better-sqlite3", "@node-rs/jieba", "pg-native", "typescript"];
/** The modules of the commands run unbundled (see above), by importer and specifier. */
const UNBUNDLED_COMMANDS: Record<string, string[]> = { "cli/main.js": ["./serve.js"], "cli/eval.js": ["./evalCommand.js"] };

const posix = (path: string) => path.split("\\").join("/");

/** Leaves the unbundled commands' modules external, imported from dist/ where tsc put them. */
const unbundledCommands: Plugin = {
  name: "unbundled-commands",
  setup(b) {
    b.onResolve({ filter: /^\.\/\w+\.js$/ }, ({ path, importer }) => {
      const from = posix(relative(DIST, importer));
      if (!UNBUNDLED_COMMANDS[from]?.includes(path)) return undefined;
      return { path: posix(relative(BUNDLE_DIR, join(DIST, from, "..", path))).replace(/^(?!\.)/, "./"), external: true };
    });
  },
};

/** Gives each of this project's modules the `import.meta.url` of its own file in dist/. */
const ownImportMetaUrl: Plugin = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      if (!path.startsWith(DIST + "/") || path.startsWith(BUNDLE_DIR + "/")) return undefined;
      const own = `new URL(${JSON.stringify(posix(relative(BUNDLE_DIR, path)))}, import.meta.url).href`;
      return { contents: (await readFile(path, "utf8")).replace(/\bimport\.meta\.url\b/g, own), loader: "js" };
    });
  },
};

export async function bundleCli(): Promise<void> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: join(DIST, "cli", "main.js") },
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: EXTERNAL_PACKAGES,
    plugins: [unbundledCommands, ownImportMetaUrl],
    // CommonJS packages inside an ES module bundle call `require` for node's built-ins.
    banner: { js: 'import { createRequire as __miraRequire } from "node:module"; const require = __miraRequire(import.meta.url);' },
    metafile: true,
    // Less to read and parse; identifiers keep their names, and names esbuild changes to keep
    // modules apart are put back (`keepNames`): errors name themselves by `new.target.name`,
    // LangChain classes serialize under theirs.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    logLevel: "warning",
  });
  await writeFile(join(BUNDLE_DIR, "meta.json"), JSON.stringify(result.metafile));
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleCli();
