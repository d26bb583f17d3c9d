/**
 * The layer order of the source folders (docs/architecture.md) and the check that keeps it:
 * a folder imports only itself and folders in lower layers, and no files import each other
 * in a loop. Imports are read with TypeScript's own pre-processor, so comments and strings
 * that look like imports do not count.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

/** Top to bottom; a folder may import folders of any lower layer, never of its own layer or above. */
export const LAYERS: string[][] = [
  ["cli"],
  ["server", "eval"],
  ["runtime"],
  ["graphs"],
  ["nodes"],
  ["models"],
  ["harness"],
  ["skills", "checkpointers", "retrieval", "policy", "config"],
  ["ledger"],
  ["tools"],
  ["protocol"],
  ["state"],
  ["language"],
  ["contract"],
];

/** Folders outside the product's layers: entry scripts and test code may import anything, nothing imports them. */
export const OUTSIDE = ["bench", "tests", "conformance", "scripts"];

export type ImportGraph = Map<string, string[]>;

/** Every relative import of every .ts file under `root`'s layered and outside folders, as repo-relative paths. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const rel = join(dir, name);
      if (name === "node_modules" || name === "fixtures") continue;
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith(".ts")) {
        const { importedFiles } = ts.preProcessFile(readFileSync(join(root, rel), "utf8"), true, true);
        graph.set(
          rel,
          importedFiles
            .map((f) => f.fileName)
            .filter((spec) => spec.startsWith("."))
            .map((spec) => normalize(join(dirname(rel), spec)).replace(/\.js$/, ".ts")),
        );
      }
    }
  };
  for (const folder of [...LAYERS.flat(), ...OUTSIDE]) {
    try {
      walk(folder);
    } catch {
      // a folder that does not exist has nothing to check
    }
  }
  return graph;
}

const folderOf = (file: string): string => file.split("/")[0]!;

/** The problems in one import graph: upward or sideways folder imports, and file import cycles. */
export function layerProblems(graph: ImportGraph, layers = LAYERS, outside = OUTSIDE): string[] {
  const rank = new Map<string, number>();
  layers.forEach((group, i) => group.forEach((folder) => rank.set(folder, i)));
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (from === to) continue;
      if (outside.includes(to) && !outside.includes(from)) problems.push(`${file} imports ${target}: ${to}/ is outside the product`);
      if (outside.includes(from) || outside.includes(to)) continue;
      const a = rank.get(from);
      const b = rank.get(to);
      if (a === undefined) problems.push(`${file}: folder ${from}/ has no layer`);
      else if (b === undefined) problems.push(`${file} imports ${target}: folder ${to}/ has no layer`);
      else if (b <= a) problems.push(`${file} imports ${target}: ${to}/ is ${b === a ? "in the same layer as" : "above"} ${from}/`);
    }
  }
  return [...problems, ...cycles(graph).map((c) => `import cycle: ${c.join(" → ")}`)];
}

/** Every strongly connected set of files of more than one file (Tarjan), each as a loop of paths. */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
