/**
 * A file or folder named by its bare name beside the folder it is in ("把 bin/ 里那个 start 脚本改名叫 serve",
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

/** After a folder: its noun, a localizer, 的, then a bare name called a folder ("photos 目录里的 raw 子目录"). */
const SUBFOLDER = /^\s*(?:目录|文件夹)?\s*(?:里面|里|下面|下|中)?\s*的\s*([A-Za-z0-9_.-]+)\s*(?:子目录|子文件夹|目录|文件夹)/u;

/** A folder named inside a folder the request names ("photos 目录里的 raw 子目录") is that one folder, when it exists. */
export function namedSubfolders(mentions: PathMention[], text: string, ws: WorkspaceIndex): PathMention[] {
  const joined = mentions.map((m): PathMention => {
    const written = m.written ?? m.path;
    const sub = m.kind === "dir" ? SUBFOLDER.exec(text.slice(m.at + written.length)) : null;
    const path = sub ? `${m.path}/${sub[1]}` : "";
    return sub && ws.dirs.has(path) ? { path, kind: "dir", at: m.at, written: text.slice(m.at, m.at + written.length + sub.index + sub[0].indexOf(sub[1]!) + sub[1]!.length) } : m;
  });
  // The inner name read alone (a root folder of the same name) is part of the joined one.
  const kept = joined.filter((m) => !joined.some((j) => j !== m && j.at < m.at && m.at < j.at + (j.written ?? j.path).length));
  return madeInside(kept, text);
}

/** Between a folder and a new one made in it: a localizer and a verb of making ("logs/ 下面建一个 archive 子目录"). */
const MADE_INSIDE = /^\s*(?:目录|文件夹)?\s*(?:里面|里|下面|下|中)\s*(?:再|新)?(?:新建|创建|建立|建)\s*(?:一个|个)?\s*$/u;

/** A new folder made inside a named one is that path; the outer folder is only where it is made. */
function madeInside(mentions: PathMention[], text: string): PathMention[] {
  const outer = new Set<PathMention>();
  const out = mentions.map((n): PathMention => {
    const m = n.kind === "new" && n.folder && !n.path.includes("/") ? mentions.find((d) => d.kind === "dir" && d.at < n.at && MADE_INSIDE.test(text.slice(d.at + (d.written ?? d.path).length, n.at))) : undefined;
    if (!m) return n;
    outer.add(m);
    return { ...n, path: `${m.path}/${n.path}`, written: n.written ?? n.path };
  });
  return out.filter((m) => !outer.has(m));
}

/** Bare file names written without a folder that exist in several folders (and not at the root). */
export function ambiguousNames(text: string, mentions: PathMention[], ws: WorkspaceIndex): Array<{ name: string; at: number; candidates: string[] }> {
  const byName = new Map<string, string[]>();
  for (const file of ws.files) {
    const name = file.slice(file.lastIndexOf("/") + 1);
    if (name !== file) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return mentions
    .filter((m) => m.kind === "new" && !m.path.includes("/") && (byName.get(m.path)?.length ?? 0) > 1 && !ws.files.has(m.path))
    .map((m) => ({ name: m.path, at: m.at, candidates: byName.get(m.path)!.sort() }));
}
