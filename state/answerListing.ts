/**
 * An answer to "which files …" that lists some of the files the turn's last listing command
 * printed and leaves others out ("只有 src/api.js" after `grep -rl` printed api.js and store.js;
 * round 30). A count alone, or no file named at all, is not judged here.
 */
import { exitCode, printedPaths } from "./observedState.js";
import type { Evidence } from "./types.js";
import { baseOf } from "./workspacePaths.js";

/** A request asking for every file of a kind: "which files" (not "which file … the biggest": one), "list all", "哪些文件", "全部列出". */
const ENUMERATES = /\bwhich\s+(?:files|ones|scripts|modules)\b|\blist\s+(?:all|every|them)\b|\ball\s+(?:the\s+)?files\b|哪些(?:文件|脚本|模块)?|全部列出|都列出|列出(?:所有|全部)/iu;
/** A printed line that is a file's path (`src/api.js`, `./a.py`), not a grep's matched line. */
const FILE_LINE = /^(?:\.\/)?[\w.-]+(?:\/[\w.-]+)*\.\w+$/u;

export function leftOutOfList(turn: Evidence[], answer: string, request: string): string | undefined {
  if (!ENUMERATES.test(request)) return undefined;
  const last = turn.filter((e) => e.kind === "command" && exitCode(e) === 0).at(-1);
  if (!last) return undefined;
  const files = [...new Set(printedPaths(last).filter((p) => FILE_LINE.test(p)))];
  if (files.length < 2 || files.length > 12) return undefined;
  const named = files.filter((p) => answer.includes(baseOf(p)));
  const left = files.filter((p) => !named.includes(p));
  return named.length && left.length ? `the answer lists ${named.length} of the ${files.length} files [${last.id}] printed; it leaves out ${left.slice(0, 3).join(", ")}` : undefined;
}
