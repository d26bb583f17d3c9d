/**
 * The requested state a clause names without quoting it (CONTRACT §6: what is checked is the state
 * the request asks for): the line a delete removes named by its key ("the LOG_LEVEL line",
 * "LOG_LEVEL 那一行") or pointed at after its file ("todo.txt 里 buy milk 那行"), a setting given as `KEY=value` ("set LOG_LEVEL=debug"), the copy a later
 * clause refers to ("in the copy"), and a copy's bare new name, which puts it beside its source
 * ("复制成 app.yaml.bak" of config/app.yaml is config/app.yaml.bak), and the text a clause replaces
 * everywhere. Used by request.ts and the TaskFrame.
 */
import type { PathMention } from "./pathMention.js";

/** The parts of a clause this reading looks at and refines. */
interface ClauseState {
  text: string;
  intent: string | null;
  op?: string;
  copies?: boolean;
  paths: PathMention[];
  content: string[];
  value?: string;
}

/** A key's shape: a config or code name (`LOG_LEVEL`, `maxRetries`, `db.host`), not an everyday word. */
const KEY = /^(?=.*(?:_|\p{Lu}{2}|\p{Ll}\p{Lu}|\.))[\p{L}_][\p{L}\p{N}_.-]*$/u;

const SETS = /\b(?:set|change|update|bump|raise|lower|increase|decrease|switch|turn)\b|把|将/iu;

/** The key a request sets and the value it sets it to ("Set LOG_LEVEL to warn", "把 LOG_LEVEL 改成 warn"). */
export function settingKey(text: string): { key: string; value: string } | undefined {
  const m = /(?<![\p{L}\p{N}_.$:\/=-])[`'"]?([\p{L}_][\p{L}\p{N}_.-]*)[`'"]?\s*(?:\bto\b|改成|改为|设为|设成|设置为)\s*[`'"“]?([^\s`'"”，。,;；]+?)[.。]?(?=[\s`'"”，。,;；]|$)/u.exec(text);
  // Only as what a verb of setting acts on ("set", "change", 把 …): "append PATH=… to env.sh" sets nothing.
  return m && KEY.test(m[1]!) && SETS.test(text.slice(0, m.index)) ? { key: m[1]!, value: m[2]! } : undefined;
}

/** A code name a clause renames and its new name ("rename the function calcTotal to computeTotal", "把 calcTotal 改名为 computeTotal"). */
export function renamedName(text: string, to: string): { from: string; to: string } | undefined {
  const name = String.raw`[A-Za-z_$][\w$]*`;
  const m = new RegExp(String.raw`\brename\s+(?:the\s+(?:function|method|class|variable|constant|field)\s+)?` + String.raw`(${name})\s+to\s+` + to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + String.raw`\b|(${name})\s*(?:改名为|改名成|重命名为)\s*` + to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "iu").exec(text);
  const from = m?.[1] ?? m?.[2];
  // Only a name code uses (camelCase, snake_case): an ordinary word may be left in prose.
  return from && /\p{Ll}\p{Lu}|_/u.test(from) && from !== to ? { from, to } : undefined;
}

/** The values a file's lines assign `key` (`KEY=value`, `key: value`, `export KEY="value"`), unquoted. */
export function assignedValues(text: string, key: string): string[] {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...text.matchAll(new RegExp(`^\\s*(?:export\\s+)?["']?${escaped}["']?\\s*[=:]\\s*["']?([^"'\\s#,;]*)`, "gmu"))].map((m) => m[1]!);
}

/** The key a clause names a line by: "the LOG_LEVEL line", "the line for LOG_LEVEL", "LOG_LEVEL 那一行". */
export function lineKey(text: string): string | undefined {
  const m = /\bthe\s+([\p{L}_][\p{L}\p{N}_.-]*)\s+(?:line|entry|setting)\b/iu.exec(text) ?? /\b(?:line|entry)\s+(?:for|with|of)\s+([\p{L}_][\p{L}\p{N}_.-]*)/iu.exec(text) ?? /([\p{Script=Latin}_][\p{Script=Latin}\p{N}_.-]*)\s*(?:的)?\s*(?:那|这)?\s*一?\s*(?:行|项|条)/u.exec(text);
  if (m && KEY.test(m[1]!)) return m[1];
  // Any text a demonstrative points at as a line, after the file's localizer ("todo.txt 里 buy milk 那行"): that line.
  const shown = /(?:里|中|里面|中的|里的)\s*([^，。；、,;]+?)\s*(?:的)?\s*(?:那|这)\s*一?\s*(?:行|条)/u.exec(text) ?? /(?:把|将)\s*([^，。；、,;\s]+?)\s*(?:的)?\s*(?:那|这)\s*一?\s*(?:行|条)/u.exec(text);
  if (shown?.[1]?.trim()) return shown[1].trim();
  // One plain name removed from a file ("remove Ben from data/users.csv"): the file must no longer hold it.
  const named = /\b(?:remove|delete|drop)\s+([\p{L}_][\p{L}\p{N}_.@-]*)\s+from\s/iu.exec(text)?.[1];
  // A file's name ("delete build.log from the repo root") is a file deleted, not a name taken out of one.
  return named && !NOT_A_NAME.test(named) && !/[./]/.test(named) ? named : undefined;
}

/** Words after "remove" that say which lines or how many, not what is removed. */
const NOT_A_NAME = /^(?:the|a|an|all|every|each|any|it|them|this|that|these|those|lines?|rows?|entries|entry|everything|anything|duplicates?|blank|empty|trailing|comments?)$/iu;

/** A setting given as `KEY=value` after a verb that sets it ("set LOG_LEVEL=debug", "把 MODE=prod 写进去"). */
export function assignmentValue(text: string): string | undefined {
  return /(?<![\p{L}\p{N}_.\/-])([\p{L}_][\p{L}\p{N}_.]*=[^\s,，。;；'"`()（）]+)/u.exec(text)?.[1];
}

/** The setting a clause asks for: after a word of changing, the new one ("ENV=prod 改成 ENV=production"); else the one it names. */
export function settingOf(text: string): string | undefined {
  const turned = /改成|改为|换成|替换成|替换为|设为|设成|\bto\b|→|->/u.exec(text);
  return (turned ? assignmentValue(text.slice(turned.index + turned[0].length)) : undefined) ?? assignmentValue(text);
}

/**
 * A one-mark value a request sets a name to ("change the default sep from ',' to ';'", "把 sep 从 ',' 改成 ';'"):
 * the mark's other uses stay (`xs, sep`), so in code it is no text to be gone, only the name's new value is asked.
 */
export function setsMarkOfName(text: string, old: string): boolean {
  if (!/^[^\p{L}\p{N}\s]$/u.test(old)) return false;
  const at = text.indexOf(old);
  return at > 0 && /[\p{L}_][\p{L}\p{N}_]*\s*(?:\bfrom|从)\s*[`'"“‘]?$/u.test(text.slice(0, at));
}

/** Words that refer back to the copy an earlier clause made. */
const THE_COPY = /\b(?:the|that|this)\s+(?:copy|backup|duplicate)\b|副本|那份|备份文件/iu;

const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");

/** Refines the clauses' requested state in place. */
export function refineRequestedState(clauses: ClauseState[]): void {
  let copy: PathMention | undefined;
  for (const c of clauses) {
    if (c.intent !== "change") continue;
    // A copy's bare new name goes beside its one source in a folder (as `cp a/x a/x.bak` would be asked).
    const sources = c.paths.filter((p) => p.kind === "file");
    if (c.copies && sources.length === 1 && dirOf(sources[0]!.path)) {
      const folder = dirOf(sources[0]!.path);
      c.paths = c.paths.map((p) => (p.kind === "new" && !p.path.includes("/") && !p.folder ? { ...p, path: `${folder}/${p.path}`, written: p.written ?? p.path } : p));
    }
    if (c.copies) copy = c.paths.filter((p) => p.kind === "new").at(-1) ?? copy;
    else if (copy && !c.paths.length && THE_COPY.test(c.text)) c.paths = [{ ...copy, kind: "file", at: copy.at }];
    if (!c.content.length && c.op === "delete") {
      const key = lineKey(c.text);
      if (key) c.content = [key];
    }
    if (c.op === "edit" && c.value === undefined && !c.content.length) {
      const set = settingOf(c.text);
      if (set) c.value = set;
    }
  }
}

/** Words placing what is replaced in the files' names. */
const IN_NAMES = /文件名|\b(?:file\s*names?|filenames?)\b/iu;

/**
 * The text a clause replaces everywhere in its scope ("all X to Y", "所有 X 都换成 Y"), if it says
 * so; a replacement in a folder ("replace X with Y in … under letters/", "把 letters 里的 X 替换成 Y", "rename X to Y
 * everywhere under src/") is everywhere in it.
 */
export function replacedEverywhere(text: string): string | undefined {
  // What is replaced in the files' names ("文件名里的空格", "spaces in file names") is a rename, not text inside them (round 32).
  if (IN_NAMES.test(text)) return undefined;
  const m =
    /\b(?:all|every)\s+(?:the\s+)?(?:occurrences\s+of\s+)?[`'"]?([^\s`'"]+)[`'"]?\s+(?:(?:to|with|into)\s)/iu.exec(text) ??
    /\b(?:replace|substitute)\s+(?:\S+\s+){0,6}?[`'"]?([^\s`'"]+)[`'"]?\s+(?:with|by)\s/iu.exec(text) ??
    /\b(?:rename|change)\s+[`'"]?([^\s`'"]+)[`'"]?\s+(?:to|into)\s+\S+\s+(?:everywhere|throughout|across)\b/iu.exec(text) ??
    // "src 里所有文件的 X 都换成 Y": every file's X is every X in the folder.
    /(?:里|中|下)的?\s*(?:(?:所有|全部|每个|各个)的?\s*文件(?:里|中)?的?\s*)?[`'"“]?([^\s`'"“”，,]+?)[`'"”]?\s*(?:全|都)?\s*(?:替换成|替换为|换成|换为)/u.exec(text) ??
    /(?:所有|全部)(?:的)?\s*[`'"]?([^\s`'"，,]+?)[`'"]?\s*都?\s*(?:改名成|改名为|改成|改为|换成|换为|替换成|替换为)/u.exec(text);
  return m?.[1];
}
