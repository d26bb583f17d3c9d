/**
 * What one TS/JS file declares, references and imports, read with the TypeScript compiler
 * API's parser (syntax only, no type checker: fast, and tolerant of files that do not
 * compile). Line numbers are 1-based and point at real lines of the file, so a candidate's
 * range can be verified with `read_slice`.
 */
import path from "node:path";
import ts from "typescript";

export type DeclarationKind = "function" | "class" | "method" | "property" | "interface" | "type" | "enum" | "variable" | "export";

export interface Declaration {
  name: string;
  kind: DeclarationKind;
  /** Workspace-relative path with `/`. */
  path: string;
  /** First and last line of the whole declaration (signature and body, without leading comments). */
  startLine: number;
  endLine: number;
  /** The class or interface a member belongs to. */
  container?: string;
  exported: boolean;
}

export interface Reference {
  name: string;
  path: string;
  line: number;
  /** `import` when the identifier sits in an import declaration, `use` otherwise. */
  role: "import" | "use";
}

/** One `import`/`export … from`/`require()`/`import()` of another module. */
export interface ImportEdge {
  from: string;
  specifier: string;
  line: number;
  /** `imported` is the exported name (`default`, `*` for namespace/whole-module), `local` the name used here. */
  names: Array<{ imported: string; local: string }>;
}

export interface FileFacts {
  declarations: Declaration[];
  references: Reference[];
  imports: ImportEdge[];
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  ".ts": ts.ScriptKind.TS,
  ".mts": ts.ScriptKind.TS,
  ".cts": ts.ScriptKind.TS,
  ".tsx": ts.ScriptKind.TSX,
  ".js": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
  ".cjs": ts.ScriptKind.JS,
  ".jsx": ts.ScriptKind.JSX,
};

/** File extensions the index reads. */
export const CODE_EXTENSIONS: ReadonlySet<string> = new Set(Object.keys(SCRIPT_KINDS));

/** Parses one file; never throws (the parser recovers from syntax errors). */
export function extractFileFacts(relPath: string, text: string): FileFacts {
  const kind = SCRIPT_KINDS[path.extname(relPath)] ?? ts.ScriptKind.TS;
  const sf = ts.createSourceFile(relPath, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const facts: FileFacts = { declarations: [], references: [], imports: [] };
  const declarationNames = new Set<ts.Node>();

  const declare = (nameNode: ts.Node, name: string, declKind: DeclarationKind, range: ts.Node, exported: boolean, container?: string) => {
    declarationNames.add(nameNode);
    facts.declarations.push({
      name,
      kind: declKind,
      path: relPath,
      startLine: lineOf(range.getStart(sf)),
      endLine: lineOf(range.getEnd()),
      ...(container === undefined ? {} : { container }),
      exported,
    });
  };

  const importEdge = (specifier: ts.Expression | undefined, at: ts.Node, names: ImportEdge["names"]) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      facts.imports.push({ from: relPath, specifier: specifier.text, line: lineOf(at.getStart(sf)), names });
    }
  };

  const visit = (node: ts.Node, container: string | undefined): void => {
    let childContainer = container;
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      declare(node.name, node.name.text, ts.isClassDeclaration(node) ? "class" : "function", node, isExported(node));
      if (ts.isClassDeclaration(node)) childContainer = node.name.text;
    } else if (ts.isInterfaceDeclaration(node)) {
      declare(node.name, node.name.text, "interface", node, isExported(node));
      childContainer = node.name.text;
    } else if (ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) {
      declare(node.name, node.name.text, ts.isEnumDeclaration(node) ? "enum" : "type", node, isExported(node));
    } else if (isMember(node) && container !== undefined && memberName(node.name)) {
      const kind = ts.isPropertyDeclaration(node) || ts.isPropertySignature(node) ? "property" : "method";
      declare(node.name, memberName(node.name)!, kind, node, false, container);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const list = node.parent;
      const statement = list.parent;
      const alone = ts.isVariableDeclarationList(list) && list.declarations.length === 1;
      const whole = ts.isVariableStatement(statement) && alone ? statement : node;
      const exported = ts.isVariableStatement(statement) && isExported(statement);
      declare(node.name, node.name.text, isFunctionValue(node.initializer) ? "function" : "variable", whole, exported);
    } else if (ts.isExportSpecifier(node) && !node.parent.parent.moduleSpecifier) {
      declare(node.name, node.name.text, "export", node.parent.parent, true);
    } else if (ts.isExportAssignment(node)) {
      declare(node, "default", "export", node, true);
    } else if (ts.isImportDeclaration(node)) {
      importEdge(node.moduleSpecifier, node, importedNames(node));
    } else if (ts.isExportDeclaration(node)) {
      importEdge(node.moduleSpecifier, node, reexportedNames(node));
    } else if (ts.isCallExpression(node) && isRequireOrDynamicImport(node)) {
      importEdge(node.arguments[0], node, [{ imported: "*", local: "*" }]);
    } else if (ts.isIdentifier(node) && !declarationNames.has(node)) {
      facts.references.push({ name: node.text, path: relPath, line: lineOf(node.getStart(sf)), role: insideImport(node) ? "import" : "use" });
    }
    // Object literals and functions open a new scope for members: their methods belong to no class.
    if (ts.isObjectLiteralExpression(node) || ts.isFunctionLike(node)) childContainer = undefined;
    ts.forEachChild(node, (child) => visit(child, childContainer));
  };
  visit(sf, undefined);
  return facts;
}

type MemberNode =
  | ts.MethodDeclaration
  | ts.MethodSignature
  | ts.PropertyDeclaration
  | ts.PropertySignature
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isMember(node: ts.Node): node is MemberNode {
  return (
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function memberName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

function isExported(node: ts.Node): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function isFunctionValue(initializer: ts.Expression | undefined): boolean {
  return initializer !== undefined && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer));
}

function importedNames(node: ts.ImportDeclaration): ImportEdge["names"] {
  const clause = node.importClause;
  if (!clause) return [];
  const names: ImportEdge["names"] = [];
  if (clause.name) names.push({ imported: "default", local: clause.name.text });
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push({ imported: "*", local: bindings.name.text });
  if (bindings && ts.isNamedImports(bindings)) {
    for (const element of bindings.elements) {
      names.push({ imported: (element.propertyName ?? element.name).text, local: element.name.text });
    }
  }
  return names;
}

function reexportedNames(node: ts.ExportDeclaration): ImportEdge["names"] {
  const clause = node.exportClause;
  if (!clause) return [{ imported: "*", local: "*" }];
  if (ts.isNamespaceExport(clause)) return [{ imported: "*", local: clause.name.text }];
  return clause.elements.map((element) => ({ imported: (element.propertyName ?? element.name).text, local: element.name.text }));
}

function isRequireOrDynamicImport(node: ts.CallExpression): boolean {
  const callee = node.expression;
  const isRequire = ts.isIdentifier(callee) && callee.text === "require";
  return (isRequire || callee.kind === ts.SyntaxKind.ImportKeyword) && node.arguments.length === 1;
}

function insideImport(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isImportDeclaration(current)) return true;
    if (ts.isStatement(current)) return false;
  }
  return false;
}
