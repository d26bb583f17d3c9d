/**
 * A file a request names by what it is rather than by its name ("the meeting notes" for
 * `笔记/会议记录.md` or `notes/meeting.md`): every content word of a definite description is a word
 * of the file's path, or a gloss of one (CC-CEDICT for Han names, `glosses.ts`), and exactly one
 * file fits. Then a read of the notes is a read of that file, and reading something else does not
 * cover it (CONTRACT §6: a question about a named file is answered from that file).
 */
import { englishWords, isStopword, singular } from "./english.js";
import { glossesOf } from "./glosses.js";
import type { WorkspaceIndex } from "./pathMention.js";
import { hasHan, loadSegmenter, segmentWords } from "./segment.js";

/** Most files compared: a larger workspace is named by paths. */
const MAX_FILES = 2000;

/** The words a path says, in English: its Latin words and the glosses of its Han words, singular. */
function pathWords(path: string): Set<string> {
  const out = new Set<string>();
  for (const part of path.replace(/\.[^./]+$/, "").split("/")) {
    for (const word of hasHan(part) ? segmentWords(part) : part.split(/[^\p{L}\p{N}]+/u)) {
      if (!word) continue;
      if (!hasHan(word)) out.add(singular(word.toLowerCase()));
      // A compound the dictionary lacks (会议记录) says what its parts say (会议, 记录).
      else for (const piece of glossesOf(word).length ? [word] : loadSegmenter().cutForSearch(word, true)) for (const gloss of glossesOf(piece)) for (const w of englishWords(gloss)) out.add(singular(w));
    }
  }
  return out;
}

/** Files named by a definite description of two or three content words ("the meeting notes"), when exactly one file fits. */
export function filesByMeaning(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number }> {
  if (ws.files.size > MAX_FILES) return [];
  const out: Array<{ path: string; at: number; length: number }> = [];
  let words: Map<string, Set<string>> | undefined;
  for (const m of text.matchAll(/\b(the\s+)([A-Za-z]+(?:\s+[A-Za-z]+){0,2})/giu)) {
    // The description runs up to its first function word ("the meeting notes and …"): a noun phrase of two words or three.
    const all = m[2]!.toLowerCase().split(/\s+/);
    const stop = all.findIndex(isStopword);
    const described = stop === -1 ? all : all.slice(0, stop);
    const length = m[2]!.split(/\s+/).slice(0, described.length).join(" ").length;
    // A description running into a path (`the meeting notes/…`) is that path's business.
    if (described.length < 2 || /^[\/.][\p{L}\p{N}]/u.test(text.slice(m.index + m[1]!.length + length))) continue;
    words ??= new Map([...ws.files].map((f) => [f, pathWords(f)]));
    const fits = [...words].filter(([, said]) => described.every((w) => said.has(singular(w))));
    if (fits.length === 1) out.push({ path: fits[0]![0], at: m.index + m[1]!.length, length });
  }
  return out;
}

/**
 * A folder named in Chinese by what it holds right before a folder noun ("配置目录里" for `config/`):
 * the Han word's glosses name exactly one of the workspace's folders (a gloss word is the folder's
 * name, singular, or begins with it: "configuration" for `config`, "document" for `docs`; round 35).
 */
export function foldersByMeaning(text: string, ws: WorkspaceIndex): Array<{ path: string; at: number; length: number }> {
  const out: Array<{ path: string; at: number; length: number }> = [];
  for (const m of text.matchAll(/(\p{Script=Han}{2,4}?)(?=\s*(?:目录|文件夹))/gu)) {
    const glossed = glossesOf(m[1]!).flatMap((g) => englishWords(g)).filter((w) => w.length >= 3 && !isStopword(w));
    const fits = [...ws.dirs].filter((d) => {
      const name = singular(d.slice(d.lastIndexOf("/") + 1).toLowerCase());
      return name.length >= 3 && glossed.some((w) => w === name || w.startsWith(name));
    });
    if (fits.length === 1) out.push({ path: fits[0]!, at: m.index, length: m[1]!.length });
  }
  return out;
}
