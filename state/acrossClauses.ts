/**
 * Goals read from the request as a whole, across its clauses (taskFrame.ts reads each clause
 * alone first): a question whose place a later order to look names, and files of one ending
 * made another when the two endings are named in different clauses.
 */
import { LOOK_ORDER } from "../language/clauseWords.js";
import type { ParsedRequest, WorkspaceIndex } from "../language/request.js";
import type { Goal } from "./types.js";

type Draft = Omit<Goal, "id" | "status" | "coveredBy" | "origin" | "description"> & { description?: string };

const ENDING = /^\.[\p{L}\p{N}]+$/u;
/** A question whether something is there ("do any of the tests …?", "tests 里有没有 …"), not how to do something. */
const ASKS_WHETHER = /^\s*(?:do|does|is|are|has|have|any)\b|有没有|是否|吗[?？]?\s*$/iu;
/** A backticked command line the request asks the outcome of ("does `npm run build` succeed?", "`make test` 能跑通吗"). */
const ASKED_RUN = /`((?:npm|pnpm|yarn|npx|make|cargo|go|python3?|pytest|node|mvn|gradle|tsc|bash|sh)\b[^`]*)`[^`]*?(?:\b(?:succeed|succeeds|work|works|pass|passes|fail|fails|run|runs)\b|成功|通过|跑通|能跑|报错|失败)/iu;
/** Words that make files of one ending another ("rename them to lowercase .jpg", "后缀 … 统一成 .jpg"). */
const REKINDS = /\b(?:rename|extensions?|convert)\b|后缀|扩展名|统一成|改成|换成|改为|转成/iu;

export function acrossClauses(drafts: Draft[], parsed: ParsedRequest, request: string, ws: WorkspaceIndex): Draft[] {
  // A question naming no place beside an order to look in one folder ("还有人在用 moment 吗？查一下 src") asks of that folder.
  const [q, look] = [drafts.filter((d) => d.intent === "question" && !d.target), drafts.filter((d) => d.intent === "read" && !!d.target && ws.dirs.has(d.target))];
  const looksIn = (dir: string) => parsed.clauses.some((c) => c.paths.length === 1 && c.paths[0]!.path === dir && LOOK_ORDER.test(c.text));
  if (drafts.length === 2 && q.length === 1 && look.length === 1 && looksIn(look[0]!.target!)) return [{ ...q[0]!, target: look[0]!.target }];
  // A question naming no place whose words name one top-level folder bare ("do any of the tests use time.sleep?", "tests 里有没有 …") asks of it.
  const bare = [...new Set([...request.matchAll(/(?<![\w./-])([A-Za-z][\w-]*)(?![\w./-])/gu)].map((m) => m[1]!).filter((w) => ws.dirs.has(w)))];
  if (q.length === 1 && bare.length === 1 && ASKS_WHETHER.test(request) && drafts.every((d) => d === q[0] || (d.intent === "read" && d.target === bare[0]))) return [{ ...q[0]!, target: bare[0] }];
  // Whether a command the request writes out succeeds ("does `npm run build` succeed?") asks for that run: its outputs are its own.
  const ran = ASKED_RUN.exec(request);
  if (ran && drafts.length && drafts.every((d) => d.intent === "question" && !d.target && !d.domain)) {
    const subject = /\btest|pytest|jest|vitest|spec\b/i.test(ran[1]!) ? "test" : /\blint|ruff|flake8|eslint/i.test(ran[1]!) ? "lint" : /\bbuild|compile|tsc\b/i.test(ran[1]!) ? "build" : undefined;
    return [{ intent: "run", ...(subject ? { subject } : {}) }];
  }
  // One ending named in one clause and another in the next ("photos/ has a bunch of .JPG files, rename them to lowercase .jpg"):
  // the files of the first ending, in the one folder named, are made the second; none of the first may be seen left.
  const endings = parsed.paths.filter((p) => p.kind === "new" && ENDING.test(p.written ?? p.path));
  const others = parsed.paths.filter((p) => !endings.includes(p));
  const [from, to] = endings.map((p) => p.written ?? p.path);
  if (endings.length !== 2 || from === to || !REKINDS.test(request) || others.some((p) => p.kind !== "dir") || others.length > 1) return drafts;
  if (parsed.clauses.some((c) => c.paths.includes(endings[0]!) && c.paths.includes(endings[1]!))) return drafts;
  const pattern = others.length ? `${others[0]!.path}/${from}` : from!;
  return [...drafts.filter((d) => d.intent !== "change" && d.intent !== "verify" && d.target !== others[0]?.path), { intent: "change", op: "edit", pattern }, { intent: "verify", op: "edit", pattern }];
}
