/**
 * How the places a request names fit together (issue 21): one place written inside another
 * ("data 目录下的 2024 子目录里" is data/2024), and one new file put in each of several places
 * ("an empty .keep file in uploads/ and in cache/", "在 a 和 b 目录里各建一个 x"; round 32).
 */
import type { PathMention } from "./pathMention.js";
import { DIRECTORY_NOUNS } from "./requestLexicon.js";
import { hasHan } from "./segment.js";

/** Chinese localizers after a name that make it a place ("attic 下面", "src 里"). */
export const LOCALIZERS = "下面|里面|里|中|内|下";

/** What may stand between a place and a place inside it: its folder noun and a localizer, 的 ("data 目录下的 2024"). */
export const NESTS = new RegExp(`^\\s*(?:${DIRECTORY_NOUNS.filter(hasHan).join("|")})?\\s*(?:${LOCALIZERS})?\\s*的\\s*$`, "u");

type Place = { path: string; at: number; end: number };

const FOLDER_NOUN_AFTER = new RegExp(`^\\/?\\s*(?:${DIRECTORY_NOUNS.join("|")})`, "iu");

/** Places written one inside the other, joined into one; `outer`: the folders that became a prefix; `inner`: where the inner names were. */
export function nestPlaces(places: Array<{ path: string; at: number; end: number }>, text: string): { places: Array<{ path: string; at: number; end: number }>; outer: Set<string>; inner: Set<number> } {
  const sorted = [...places].sort((a, b) => a.at - b.at);
  const out: typeof sorted = [];
  const outer = new Set<string>();
  const inner = new Set<number>();
  for (const p of sorted) {
    const prev = out.at(-1);
    if (prev && prev.path !== p.path && !p.path.includes("/") && NESTS.test(text.slice(prev.end, p.at))) {
      outer.add(prev.path);
      inner.add(p.at);
      out[out.length - 1] = { path: `${prev.path}/${p.path}`, at: prev.at, end: p.end };
    } else out.push(p);
  }
  return { places: out, outer, inner };
}

/** What joins one place to the next in a list of places: "and", "和", "、", with the preposition again ("in a/ and in b/"). */
// A bare comma lists no place ("under src/, subfolders too").
const PLACE_LIST = new RegExp(`^\\s*(?:${DIRECTORY_NOUNS.join("|")})?\\s*(?:,\\s*)?(?:、|\\band\\b|和|与|及)\\s*(?:(?:in|into|inside|under)\\s+)?(?:the\\s+)?(?:在\\s*)?$`, "iu");

/**
 * One new file named bare, with places listed around it (each joined to the next by "and", "和"
 * or a comma): the file in each place, the places no operands of their own. Undefined for any
 * other shape, where the file stays as written.
 */
export function inEachPlace(mentions: PathMention[], places: Place[], text: string): PathMention[] | undefined {
  const sorted = [...places].sort((a, b) => a.at - b.at);
  if (!sorted.slice(1).every((p, i) => PLACE_LIST.test(text.slice(sorted[i]!.end, p.at).replace(/\/+\s*$/u, " ")))) return undefined;
  const names = new Set(sorted.map((p) => p.path));
  const files = mentions.filter((m) => m.kind === "new" && !m.folder && !m.pattern && !(m.written ?? m.path).includes("/") && !names.has(m.path));
  if (files.length !== 1) return undefined;
  const file = files[0]!;
  const name = file.written ?? file.path;
  const each = [...names].map((dir): PathMention => ({ path: `${dir}/${name}`, kind: "new", at: file.at, written: name, unjoined: { path: file.path, kind: file.kind } }));
  return mentions.flatMap((m) => (m === file ? each : m.kind !== "file" && names.has(m.path) ? [] : [m]));
}

/** A Latin name listed right before the folder at [at, end) that a folder noun follows ("uploads 和 cache 目录", "a、b 文件夹"): the noun is both's. */
export function listedBefore(text: string, at: number, end: number): Array<{ name: string; at: number }> {
  if (!FOLDER_NOUN_AFTER.test(text.slice(end, end + 12))) return [];
  const m = /(?<![\p{Script=Latin}\p{N}_.\/-])([\p{Script=Latin}\p{N}_.-]+)\/?\s*(?:和|与|及|、|\band\b)\s*$/u.exec(text.slice(Math.max(0, at - 40), at));
  return m ? [{ name: m[1]!, at: Math.max(0, at - 40) + m.index }] : [];
}

/** The places, with every folder listed right after one of them ("to docs/ and api/"). */
export function listedPlaces<T extends Place>(folders: T[], placed: T[], text: string): T[] {
  const out = [...placed];
  for (const f of [...folders].sort((a, b) => a.at - b.at)) if (!out.includes(f) && out.some((p) => p.end <= f.at && PLACE_LIST.test(text.slice(p.end, f.at).replace(/\/+\s*$/u, " ")))) out.push(f);
  return out;
}

/** "into it" pointing back at a folder ("move q1.csv into it", "把 a.sh 挪进去", "在里面新建 a.md"). */
const INTO_IT = /\b(?:in|inside|into)\s+it\b|(?<=\p{Script=Han})进(?:去|来)|在(?:里面|其中|里头)/iu;
/** What ends a clause between the folder made and what goes in it: a comma, "and", "then", 并, 然后, 再. */
const CLAUSE_BREAK = /[,，;；]|\b(?:and|then)\b|并|然后|再/iu;

/**
 * "Create reports/2024 and move q1.csv and q2.csv into it", "新建 backup 子目录，把 backup_db.sh 挪进去":
 * "into it" in a later clause is the one folder an earlier clause made, even beside another place;
 * the paths between them go there under their own names (round 35).
 */
export function intoMadeFolder(mentions: PathMention[], text: string, files: ReadonlySet<string>): PathMention[] {
  const cue = INTO_IT.exec(text);
  if (!cue) return mentions;
  const made = mentions.filter((m) => m.at < cue.index && m.kind === "new" && !m.pattern && (m.folder || !m.path.slice(m.path.lastIndexOf("/") + 1).includes(".")));
  if (made.length !== 1) return mentions;
  const folder = made[0]!;
  const end = folder.at + (folder.written ?? folder.path).length;
  const goes = (m: PathMention) => m !== folder && m.kind !== "dir" && !m.folder && !m.pattern && m.at > end && m.at < cue.index && !m.path.startsWith(`${folder.path}/`) && CLAUSE_BREAK.test(text.slice(end, m.at));
  if (!mentions.some(goes)) return mentions;
  return mentions.map((m) => {
    if (!goes(m)) return m;
    const name = m.written ?? m.path;
    const path = `${folder.path}/${name.slice(name.lastIndexOf("/") + 1)}`;
    return { path, kind: files.has(path) ? "file" : "new", at: m.at, written: name, unjoined: m.unjoined ?? { path: m.path, kind: m.kind } } satisfies PathMention;
  });
}
