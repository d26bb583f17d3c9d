/**
 * Loads the CLI's CommonJS bundle (dist/bundle/cli.cjs, scripts/bundleCli.ts) through V8's code
 * cache, for the commands that advance a run (issue 24, item 4). Node 20 has no module compile
 * cache, and compiling the ~4 MB a run loads was a fifth of its start (profile of `mira run`);
 * a `vm.Script` given the code V8 produced in an earlier process skips that, and the compiling
 * of the functions that process compiled lazily.
 *
 * A cache can only make a start faster, never change what runs: its file is named by the
 * CRC-32 and length of the bundle's bytes and by node's version and options, so a changed
 * bundle never reads another's; a file whose own CRC-32 does not match (torn or corrupt) is
 * not given to V8, which checks only its header; a cache V8 still refuses is compiled anew
 * and replaced. It lives in the language cache's directory (`MIRA_CACHE_DIR`, size-bounded).
 *
 * A cache holds the functions its process compiled, and a used cache is never written again:
 * one made by a process that ran no step (`mira run --help`, a refused request) would leave
 * every later run compiling most of its code (~60 ms more a run, measured). Its file says
 * whether its process ran a step; the first process that runs one replaces a file that did not.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { crc32 } from "node:zlib";
import { readCachedBytes, writeCached } from "../language/cache.js";

/** A cache file: this tag, the payload's length, its CRC-32 and whether its process ran a step (uint32 LE each), then V8's data. */
const TAG = Buffer.from("mira-v8\n");
const HEADER = TAG.length + 12;

/** V8's data in a cache file, or undefined when the file is absent, torn or corrupt. */
function readCache(name: string): { data: Buffer; ranStep: boolean } | undefined {
  const file = readCachedBytes(name);
  if (!file || file.length < HEADER || !file.subarray(0, TAG.length).equals(TAG)) return undefined;
  const data = file.subarray(HEADER);
  if (data.length !== file.readUInt32LE(TAG.length) || crc32(data) !== file.readUInt32LE(TAG.length + 4)) return undefined;
  return { data, ranStep: file.readUInt32LE(TAG.length + 8) === 1 };
}

function cacheFile(data: Buffer, ranStep: boolean): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt32LE(data.length, 0);
  header.writeUInt32LE(crc32(data), 4);
  header.writeUInt32LE(ranStep ? 1 : 0, 8);
  return Buffer.concat([TAG, header, data]);
}

/** How `loadBundle` found its cache: given to V8 and used, none usable, or refused by V8. */
export type CacheUse = "accepted" | "absent" | "rejected";

/**
 * Runs the CommonJS bundle at `bundle` and returns its exports. Without a usable cache, or
 * with one whose process ran no step when this one did (`ranStep`, asked at exit), the code
 * V8 compiled is written when the process exits (so it holds what the command ran).
 * `resolvePackage` is the caller's `import.meta.resolve`, for the bundle's modules (which have
 * no import.meta): a package resolves from any file of this checkout alike. This module is
 * loaded as CommonJS (dist/bundle/codeCache.cjs), which has no import.meta of its own: node's
 * ES module loader and the facades of the built-ins it imports cost a run ~10 ms more.
 */
export function loadBundle<T>(bundle: URL, resolvePackage: (specifier: string) => string, ranStep: (exports: T) => boolean): { exports: T; cache: CacheUse } {
  const file = fileURLToPath(bundle);
  const bytes = readFileSync(file);
  // V8 refuses a cache made under other flags: each set of node options keeps its own.
  const node = crc32(`${process.version} ${process.arch} ${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`);
  const name = `${basename(file)}-${crc32(bytes).toString(16)}-${bytes.length}-${node.toString(16)}.v8`;
  const found = readCache(name);
  const cachedData = found?.data;
  const ranBefore = found?.ranStep ?? false;
  // The bundle is ASCII (scripts/bundleCli.ts escapes the rest): read as Latin-1 it is the
  // source without decoding UTF-8, and V8 keeps it one byte a character.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __miraResolve) {${bytes.toString("latin1")}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const cache: CacheUse = !cachedData ? "absent" : script.cachedDataRejected ? "rejected" : "accepted";
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file), resolvePackage);
  // Only a process that may write registers: the handler keeps the script (and what it holds) alive.
  if (cache !== "accepted" || !ranBefore) {
    process.once("exit", () => {
      const ran = ranStep(module.exports);
      if (cache !== "accepted" || ran) writeCached(name, cacheFile(script.createCachedData(), ran));
    });
  }
  return { exports: module.exports, cache };
}
