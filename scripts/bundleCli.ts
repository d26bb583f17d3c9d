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
 * The commands that advance a run (`run`, `resume`, `cancel`) load the whole CLI from one
 * CommonJS file instead, `cli.cjs`, which cli/codeCache.ts (itself bundled as `codeCache.cjs`)
 * compiles through V8's code cache (an ES module cannot be given one on Node 20). It is
 * wrapped as node wraps a CommonJS module, and gets `import.meta.resolve` from the bin as
 * `__miraResolve`.
 *
 * Every module keeps its own `import.meta.url`: it names the module's file in dist/, so
 * package-root lookups, cache keys hashed from a module's source and folders read beside a
 * module are exactly those of the unbundled build. Every output is ASCII: esbuild leaves
 * non-ASCII characters in regular expressions, and a file with one is decoded from UTF-8 and
 * held two bytes a character (decoding the run's bundle took 50–100 ms). Writes
 * dist/bundle/meta.json (esbuild's metafiles of both builds: which modules each file holds),
 * which tests/cli.startup.test.ts reads.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild";

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

/**
 * Gives each of this project's modules the `import.meta.url` of its own file in dist/; in the
 * CommonJS bundle, which has no `import.meta`, from its `__dirname`, and `import.meta.resolve`
 * from the loader (cli/codeCache.ts).
 */
const ownImportMeta = (format: "esm" | "cjs"): Plugin => ({
  name: "own-import-meta",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      if (!path.startsWith(DIST + "/") || path.startsWith(BUNDLE_DIR + "/")) return undefined;
      const from = JSON.stringify(posix(relative(BUNDLE_DIR, path)));
      // In the CommonJS bundle through the banner's function: a module's own local `require`
      // (`const require = createRequire(import.meta.url)`) must not capture the expression.
      const own = format === "esm" ? `new URL(${from}, import.meta.url).href` : `__miraFileUrl(${from})`;
      let contents = (await readFile(path, "utf8")).replace(/\bimport\.meta\.url\b/g, own);
      if (format === "cjs") contents = contents.replace(/\bimport\.meta\.resolve\(/g, "__miraResolve(");
      return { contents, loader: "js" };
    });
  },
});

/**
 * Escapes every non-ASCII UTF-16 unit as `\uXXXX`. Only regular expressions and comments
 * still hold such characters (esbuild escapes strings and names), and in a pattern the escape
 * matches what the character did, in and out of `u` mode; one written after a backslash (an
 * identity escape) would change meaning, so it fails the build.
 */
export function asciiOnly(text: string): string {
  return text.replace(/(\\?)([^\x00-\x7f])/g, (_, slash: string, char: string) => {
    if (slash) throw new Error(`bundleCli: cannot escape "\\${char}" (an identity escape of a non-ASCII character)`);
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

async function makeAscii(metafile: Metafile): Promise<void> {
  for (const output of Object.keys(metafile.outputs)) {
    const path = join(ROOT, output);
    const text = await readFile(path, "utf8");
    const ascii = asciiOnly(text);
    if (ascii !== text) await writeFile(path, ascii);
  }
}

const COMMON: BuildOptions = {
  absWorkingDir: ROOT,
  outdir: BUNDLE_DIR,
  bundle: true,
  platform: "node",
  target: "node20",
  external: EXTERNAL_PACKAGES,
  metafile: true,
  // Less to read and parse; identifiers keep their names, and names esbuild changes to keep
  // modules apart are put back (`keepNames`): errors name themselves by `new.target.name`,
  // LangChain classes serialize under theirs.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  logLevel: "warning",
};

export async function bundleCli(): Promise<void> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  const esm = await build({
    ...COMMON,
    entryPoints: { main: join(DIST, "cli", "main.js") },
    splitting: true,
    format: "esm",
    plugins: [unbundledCommands, ownImportMeta("esm")],
    // CommonJS packages inside an ES module bundle call `require` for node's built-ins.
    banner: { js: 'import { createRequire as __miraRequire } from "node:module"; const require = __miraRequire(import.meta.url);' },
  });
  const cjs = await build({
    ...COMMON,
    // The code cache's loader, a few kB, is required by the bin (an ES module import of it
    // and of its chunks and built-ins cost ~10 ms more).
    entryPoints: { cli: join(DIST, "cli", "main.js"), codeCache: join(DIST, "cli", "codeCache.js") },
    outExtension: { ".js": ".cjs" },
    format: "cjs",
    plugins: [unbundledCommands, ownImportMeta("cjs")],
    // ES modules are strict, and so is every module of the ES module bundle: this one too.
    banner: { js: '"use strict"; const __miraFileUrl = (from) => require("node:url").pathToFileURL(require("node:path").join(__dirname, from)).href;' },
  });
  for (const { metafile } of [esm, cjs]) await makeAscii(metafile!);
  await writeFile(join(BUNDLE_DIR, "meta.json"), JSON.stringify({ outputs: { ...esm.metafile!.outputs, ...cjs.metafile!.outputs } }));
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleCli();
