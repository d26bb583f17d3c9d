/**
 * The symbol index over a workspace's TS/JS files: declarations, identifier references
 * and resolved import edges. Built on demand and cached per workspace root; a file is
 * re-parsed only when its mtime or size changed, and the index is rebuilt only when some
 * file did. The index proposes candidates; it never proves that something is absent.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { readConfined } from "../workspace/confined.js";
import { walk } from "../workspace/walk.js";
import { CODE_EXTENSIONS, extractFileFacts, type Declaration, type FileFacts, type ImportEdge, type Reference } from "./extract.js";

/** Files larger than this are skipped (bundles, generated code), and reported as skipped. */
const MAX_FILE_BYTES = 512 * 1024;
/** Most files indexed; beyond it the index is partial, and says so. */
const MAX_FILES = 5000;

/** An import edge whose target, when it is a workspace file, is resolved. */
export interface ResolvedImport extends ImportEdge {
  /** Workspace-relative target file, or null for packages and unresolvable specifiers. */
  to: string | null;
}

export interface CodeIndex {
  root: string;
  files: ReadonlySet<string>;
  declarations: readonly Declaration[];
  /** References by identifier name. */
  referencesByName: ReadonlyMap<string, readonly Reference[]>;
  imports: readonly ResolvedImport[];
  /** Files not indexed and why (too large, unreadable, over the file limit). */
  skipped: ReadonlyArray<{ path: string; reason: string }>;
}

type CachedFile = { stamp: string; facts: FileFacts };
type CachedRoot = { signature: string; index: CodeIndex; files: Map<string, CachedFile> };

/** Most workspace roots kept; the least recently built is dropped first. */
const MAX_CACHED_ROOTS = 8;
const cache = new LRUCache<string, CachedRoot>({ max: MAX_CACHED_ROOTS });

/**
 * The current index of `root` (an absolute real path). Walks the tree (never following
 * symlinks, skipping node_modules and .git) and re-parses only changed files.
 * Never throws: unreadable files are listed in `skipped`.
 */
export async function loadCodeIndex(root: string): Promise<CodeIndex> {
  const { stamps, skipped } = await statCodeFiles(root);
  const signature = createHash("sha256").update([...stamps].map(([rel, stamp]) => `${rel}\0${stamp}`).join("\n")).digest("hex");
  const previous = cache.get(root);
  if (previous && previous.signature === signature) return previous.index;

  const files = new Map<string, CachedFile>();
  for (const [rel, stamp] of stamps) {
    const known = previous?.files.get(rel);
    if (known && known.stamp === stamp) {
      files.set(rel, known);
      continue;
    }
    // Read through the confinement layer: a file swapped for a symlink, FIFO or socket
    // during indexing is skipped with its reason, never read by name.
    const read = await readConfined(root, rel, MAX_FILE_BYTES);
    if (!read.ok) skipped.push({ path: rel, reason: `unreadable (${read.failure.message})` });
    else if (read.bytes === null) skipped.push({ path: rel, reason: `larger than ${MAX_FILE_BYTES} bytes` });
    else files.set(rel, { stamp, facts: extractFileFacts(rel, read.bytes.toString("utf8")) });
  }
  const index = assemble(root, files, skipped);
  cache.set(root, { signature, index, files });
  return index;
}

async function statCodeFiles(root: string): Promise<{ stamps: Map<string, string>; skipped: Array<{ path: string; reason: string }> }> {
  const stamps = new Map<string, string>();
  const skipped: Array<{ path: string; reason: string }> = [];
  for await (const entry of walk(root, root)) {
    if (entry.type !== "file" || !CODE_EXTENSIONS.has(path.extname(entry.name))) continue;
    if (stamps.size >= MAX_FILES) {
      skipped.push({ path: entry.rel, reason: `over the ${MAX_FILES}-file index limit` });
      continue;
    }
    if (entry.size > MAX_FILE_BYTES) {
      skipped.push({ path: entry.rel, reason: `larger than ${MAX_FILE_BYTES} bytes` });
      continue;
    }
    stamps.set(entry.rel, `${entry.mtimeMs}:${entry.size}`);
  }
  return { stamps, skipped };
}

function assemble(root: string, files: Map<string, CachedFile>, skipped: Array<{ path: string; reason: string }>): CodeIndex {
  const fileSet = new Set(files.keys());
  const declarations: Declaration[] = [];
  const referencesByName = new Map<string, Reference[]>();
  const imports: ResolvedImport[] = [];
  for (const { facts } of files.values()) {
    declarations.push(...facts.declarations);
    for (const reference of facts.references) {
      const list = referencesByName.get(reference.name);
      if (list) list.push(reference);
      else referencesByName.set(reference.name, [reference]);
    }
    for (const edge of facts.imports) imports.push({ ...edge, to: resolveImport(edge, fileSet) });
  }
  return { root, files: fileSet, declarations, referencesByName, imports, skipped };
}

/** Source extensions a compiled-extension specifier may stand for (NodeNext: `./a.js` → `a.ts`). */
const SOURCE_FOR: Record<string, string[]> = {
  ".js": [".ts", ".tsx", ".js", ".jsx"],
  ".mjs": [".mts", ".mjs"],
  ".cjs": [".cts", ".cjs"],
  ".jsx": [".tsx", ".jsx"],
};
const PROBE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/** Resolves a relative specifier to an indexed file, the way bundlers and NodeNext do. */
function resolveImport(edge: ImportEdge, files: ReadonlySet<string>): string | null {
  if (!edge.specifier.startsWith(".")) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(edge.from), edge.specifier));
  const ext = path.posix.extname(base);
  const stem = base.slice(0, base.length - ext.length);
  const candidates = [
    base,
    ...(SOURCE_FOR[ext] ?? []).map((source) => stem + source),
    ...PROBE_EXTENSIONS.map((probe) => base + probe),
    ...PROBE_EXTENSIONS.map((probe) => `${base}/index${probe}`),
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}
