/**
 * Fifteen realistic tasks against a small real Node project (`node --test`), for the offline
 * planner (issue 11). The project and the tasks were written before the offline planner's
 * policy was built; the planner was then developed against them, so the figure is a
 * development figure, not a held-out one (the gate's held-out split is in bench/taskTable).
 * A task is solved when the run completes without a guarded answer and its check passes on
 * what is on disk and in the answer.
 */
export const PROJECT: Record<string, string> = {
  "package.json": `${JSON.stringify({ name: "tinycalc", version: "0.3.0", type: "module", scripts: { test: "node --test" } }, null, 2)}\n`,
  "README.md": "# tinycalc\n\nA tiny expression calculator.\n\nRun the tests with `npm test`.\n",
  "src/calc.js": [
    "import { DEFAULT_PRECISION } from './settings.js';",
    "",
    "export function add(a, b) {",
    "  return a + b;",
    "}",
    "",
    "export function subtract(a, b) {",
    "  return a - b;",
    "}",
    "",
    "/** Parses 'a op b' into its parts. */",
    "export function parseExpr(text) {",
    "  const [a, op, b] = text.trim().split(/\\s+/);",
    "  return { a: Number(a), op, b: Number(b) };",
    "}",
    "",
    "export function round(value, digits = DEFAULT_PRECISION) {",
    "  return Number(value.toFixed(digits));",
    "}",
    "",
  ].join("\n"),
  "src/settings.js": "// Output precision for results.\nexport const DEFAULT_PRECISION = 2;\nexport const MAX_INPUT_LENGTH = 200;\n",
  "src/cli.js": [
    "import { parseExpr, add, subtract } from './calc.js';",
    "",
    "export function evaluate(text) {",
    "  const { a, op, b } = parseExpr(text);",
    "  return op === '+' ? add(a, b) : subtract(a, b);",
    "}",
    "",
  ].join("\n"),
  "test/calc.test.js": [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { add, subtract, parseExpr } from '../src/calc.js';",
    "",
    "test('add', () => assert.equal(add(2, 3), 5));",
    "test('subtract', () => assert.equal(subtract(5, 3), 2));",
    "test('parseExpr', () => assert.deepEqual(parseExpr('1 + 2'), { a: 1, op: '+', b: 2 }));",
    "",
  ].join("\n"),
  "docs/usage.md": "# Usage\n\nCall evaluate('1 + 2') from src/cli.js.\nResults are rounded to the precision set in src/settings.js.\n",
  "docs/changes.md": "# Changes\n\n- 0.3.0: subtract\n- 0.2.0: add\n",
  "tmp/debug.log": "debug output\n",
};

export interface OfflineTask {
  id: string;
  request: string;
  /** What must hold afterwards: files on disk (`exists`, `absent`, `contains`) and words in the answer. */
  expect: {
    answerIncludes?: string[];
    contains?: Record<string, string[]>;
    absent?: string[];
    exists?: string[];
    /** A command must have run with this exit code. */
    exitCode?: number;
  };
}

export const OFFLINE_TASKS: OfflineTask[] = [
  { id: "o01", request: "Which file defines parseExpr?", expect: { answerIncludes: ["src/calc.js"] } },
  { id: "o02", request: "What does the subtract function in src/calc.js return?", expect: { answerIncludes: ["a - b"] } },
  { id: "o03", request: "Where is the output precision configured, and what is its value?", expect: { answerIncludes: ["src/settings.js", "DEFAULT_PRECISION = 2"] } },
  { id: "o04", request: "Compare README.md and docs/usage.md", expect: { answerIncludes: ["README.md", "docs/usage.md"] } },
  { id: "o05", request: "Run the tests", expect: { exitCode: 0 } },
  { id: "o06", request: 'Create CHANGELOG.md with "v1.0.0: initial release"', expect: { contains: { "CHANGELOG.md": ["v1.0.0: initial release"] } } },
  { id: "o07", request: 'Add the line "- 0.4.0: round" to docs/changes.md', expect: { contains: { "docs/changes.md": ["- 0.3.0: subtract", "- 0.4.0: round"] } } },
  { id: "o08", request: "Set DEFAULT_PRECISION in src/settings.js to 4", expect: { contains: { "src/settings.js": ["DEFAULT_PRECISION = 4", "MAX_INPUT_LENGTH = 200"] } } },
  { id: "o09", request: "Rename docs/usage.md to docs/guide.md", expect: { exists: ["docs/guide.md"], absent: ["docs/usage.md"] } },
  { id: "o10", request: "Delete tmp/debug.log", expect: { absent: ["tmp/debug.log"] } },
  { id: "o11", request: "parseExpr 是在哪个文件里定义的？", expect: { answerIncludes: ["src/calc.js"] } },
  { id: "o12", request: "运行测试", expect: { exitCode: 0 } },
  { id: "o13", request: 'In src/calc.js replace "return a - b;" with "return a - b; // difference"', expect: { contains: { "src/calc.js": ["return a - b; // difference", "return a + b;"] } } },
  { id: "o14", request: "What is in test/calc.test.js?", expect: { answerIncludes: ["test/calc.test.js"] } },
  { id: "o15", request: "Summarize docs/changes.md", expect: { answerIncludes: ["0.3.0"] } },
];
