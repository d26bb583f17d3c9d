/**
 * A file named by its bare name beside the folder it is in ("把 bin/ 里那个 start 脚本改名叫 serve",
 * "the start script in bin/"): the name is that file when the folder holds exactly one file of
 * that name or stem, and the folder is only where it is.
 */
import { isStopword } from "./english.js";
import type { PathMention, WorkspaceIndex } from "./pathMention.js";

/** A bare name followed by the kind of file it is ("start 脚本", "the start script"). */
const BARE = /(?<![\p{L}\p{N}_./-])([A-Za-z][\w-]+)(?=\s*(?:脚本|文件|程序|配置|script|file|program|config)(?![A-Za-z]))/giu;

export function namedInFolder(mentions: PathMention[], text: string, ws: WorkspaceIndex): PathMention[] {
  const taken = (at: number) => mentions.some((m) => m.at <= at && at < m.at + (m.written ?? m.path).length);
  const dirs = mentions.filter((m) => m.kind === "dir");
  if (dirs.length !== 1) return mentions;
  const dir = dirs[0]!;
  const found: PathMention[] = [];
  for (const m of text.matchAll(BARE)) {
    if (taken(m.index) || isStopword(m[1]!.toLowerCase())) continue;
    const inside = [...ws.files].filter((f) => f.startsWith(`${dir.path}/`) && !f.slice(dir.path.length + 1).includes("/") && [f.slice(dir.path.length + 1), f.slice(dir.path.length + 1).replace(/\.[^.]+$/, "")].includes(m[1]!));
    if (inside.length === 1) found.push({ path: inside[0]!, kind: "file", at: m.index, written: m[1]! });
  }
  return found.length === 1 ? [...mentions.filter((m) => m !== dir), found[0]!].sort((a, b) => a.at - b.at) : mentions;
}
