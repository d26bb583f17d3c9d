/**
 * The three questions `codebase_explore` answers over a CodeIndex. Each returns
 * candidates in a stable order (best first); an empty list is a miss, which the tool
 * reports as "not found by the index", never as "not present".
 */
import { identifierParts } from "../../language/tokens.js";
import type { CodeIndex, ResolvedImport } from "./codeIndex.js";
import type { Declaration, DeclarationKind } from "./extract.js";

export type CandidateRole = "definition" | "member" | "reference" | "affected";

export interface Candidate {
  role: CandidateRole;
  symbol: string;
  /** Declaration kind for definitions and members; how the symbol is reached for the others. */
  kind: DeclarationKind | "use" | "import";
  path: string;
  startLine: number;
  endLine: number;
  container?: string;
  exported?: boolean;
  /** For `affected`: 0 = the defining file itself, 1 = imports it, 2 = imports an importer. */
  depth?: number;
  /** For `affected`: the file through which this one is reached. */
  via?: string;
}

/** True when `file` is the scope or below it; `.` is the whole workspace. */
export function inScope(file: string, scope: string): boolean {
  return scope === "." || file === scope || file.startsWith(`${scope}/`);
}

/** Lower-case words of a query, split at non-identifier characters and camelCase humps. */
function words(text: string): string[] {
  return identifierParts(text)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 2);
}

const definition = (declaration: Declaration, role: "definition" | "member"): Candidate => ({
  role,
  symbol: declaration.name,
  kind: declaration.kind,
  path: declaration.path,
  startLine: declaration.startLine,
  endLine: declaration.endLine,
  ...(declaration.container === undefined ? {} : { container: declaration.container }),
  exported: declaration.exported,
});

/** `query`: declarations whose names contain the query's words; exact names and more words first. */
export function querySymbols(index: CodeIndex, query: string, scope: string): Candidate[] {
  const wanted = words(query);
  const exact = query.trim().toLowerCase();
  if (wanted.length === 0 && exact.length === 0) return [];
  return index.declarations
    .filter((declaration) => inScope(declaration.path, scope))
    .map((declaration) => {
      const name = declaration.name.toLowerCase();
      return { declaration, isExact: name === exact, matched: wanted.filter((word) => name.includes(word)).length };
    })
    .filter((scored) => scored.isExact || scored.matched > 0)
    .sort(
      (a, b) =>
        Number(b.isExact) - Number(a.isExact) ||
        b.matched - a.matched ||
        Number(b.declaration.exported) - Number(a.declaration.exported) ||
        a.declaration.name.length - b.declaration.name.length ||
        byLocation(a.declaration, b.declaration),
    )
    .map((scored) => definition(scored.declaration, "definition"));
}

/** Definitions of `symbol` (`Name` or `Container.member`), exact case first, then any case. */
function definitionsOf(index: CodeIndex, symbol: string, scope: string): Declaration[] {
  const dot = symbol.lastIndexOf(".");
  const container = dot > 0 ? symbol.slice(0, dot) : undefined;
  const name = dot > 0 ? symbol.slice(dot + 1) : symbol;
  const matches = (ignoreCase: boolean) =>
    index.declarations.filter(
      (declaration) =>
        inScope(declaration.path, scope) &&
        same(declaration.name, name, ignoreCase) &&
        (container === undefined || (declaration.container !== undefined && same(declaration.container, container, ignoreCase))),
    );
  const exact = matches(false);
  return (exact.length > 0 ? exact : matches(true)).sort(byLocation);
}

/** `explore`: the symbol's definitions, the members of any class/interface among them, and its references. */
export function exploreSymbol(index: CodeIndex, symbol: string, scope: string): Candidate[] {
  const definitions = definitionsOf(index, symbol, scope);
  if (definitions.length === 0) return [];
  const owners = definitions.filter((declaration) => declaration.kind === "class" || declaration.kind === "interface");
  const members = index.declarations
    .filter((declaration) => owners.some((owner) => owner.path === declaration.path && owner.name === declaration.container))
    .sort(byLocation);
  const names = new Set(definitions.map((declaration) => declaration.name));
  const seen = new Set<string>();
  const references: Candidate[] = [];
  for (const name of names) {
    for (const reference of index.referencesByName.get(name) ?? []) {
      const key = `${reference.path}:${reference.line}`;
      if (!inScope(reference.path, scope) || seen.has(key)) continue;
      seen.add(key);
      references.push({ role: "reference", symbol: name, kind: reference.role, path: reference.path, startLine: reference.line, endLine: reference.line });
    }
  }
  references.sort(byLocation);
  return [...definitions.map((d) => definition(d, "definition")), ...members.map((d) => definition(d, "member")), ...references];
}

/**
 * `affected` by a symbol: its definitions, the uses in its own files (depth 0), files that
 * import it (by name or whole-module) from a defining file (depth 1, at each use, or at
 * the import when the file only re-exports it) and files that import one of those (depth 2).
 * Scope narrows which definitions count; impact is searched across the whole workspace.
 */
export function affectedBySymbol(index: CodeIndex, symbol: string, scope: string): Candidate[] {
  const definitions = definitionsOf(index, symbol, scope);
  if (definitions.length === 0) return [];
  const name = definitions[0]!.name;
  const definingFiles = new Set(definitions.map((declaration) => declaration.path));
  const definitionLines = new Set(definitions.map((declaration) => `${declaration.path}:${declaration.startLine}`));
  const uses = (file: string, local: string) =>
    (index.referencesByName.get(local) ?? []).filter(
      (reference) => reference.path === file && reference.role === "use" && !definitionLines.has(`${file}:${reference.line}`),
    );

  const candidates: Candidate[] = definitions.map((declaration) => definition(declaration, "definition"));
  for (const file of definingFiles) {
    for (const reference of uses(file, name)) candidates.push(affected(name, reference.path, reference.line, 0, file));
  }
  const reached = new Set(definingFiles);
  let frontier = definingFiles;
  for (const depth of [1, 2]) {
    const next = new Set<string>();
    for (const edge of importersOf(index, frontier)) {
      if (reached.has(edge.from)) continue;
      const locals = edge.names.filter((binding) => binding.imported === name || binding.imported === "*").map((binding) => binding.local);
      // A file importing other names from a defining file is not affected by this symbol.
      if (depth === 1 && locals.length === 0) continue;
      const lines = locals.flatMap((local) => uses(edge.from, local === "*" ? name : local).map((reference) => reference.line));
      const at = lines.length > 0 ? [...new Set(lines)] : [edge.line];
      for (const line of at) candidates.push(affected(name, edge.from, line, depth, edge.to!));
      next.add(edge.from);
    }
    for (const file of next) reached.add(file);
    frontier = next;
  }
  return candidates;
}

/** `affected` by a file: the files importing it (depth 1) and the files importing those (depth 2). */
export function affectedByFile(index: CodeIndex, file: string): Candidate[] {
  const candidates: Candidate[] = [];
  const reached = new Set([file]);
  let frontier = new Set([file]);
  for (const depth of [1, 2]) {
    const next = new Set<string>();
    for (const edge of importersOf(index, frontier)) {
      if (reached.has(edge.from)) continue;
      candidates.push(affected(edge.to!, edge.from, edge.line, depth, edge.to!, "import"));
      next.add(edge.from);
    }
    for (const importer of next) reached.add(importer);
    frontier = next;
  }
  return candidates;
}

function importersOf(index: CodeIndex, targets: ReadonlySet<string>): ResolvedImport[] {
  return index.imports.filter((edge) => edge.to !== null && targets.has(edge.to)).sort((a, b) => byLocation(
    { path: a.from, startLine: a.line },
    { path: b.from, startLine: b.line },
  ));
}

const affected = (symbol: string, file: string, line: number, depth: number, via: string, kind: "use" | "import" = "use"): Candidate => ({
  role: "affected",
  symbol,
  kind,
  path: file,
  startLine: line,
  endLine: line,
  depth,
  via,
});

function same(a: string, b: string, ignoreCase: boolean): boolean {
  return ignoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function byLocation(a: { path: string; startLine: number }, b: { path: string; startLine: number }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine;
}
