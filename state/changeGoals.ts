/**
 * The goals a change clause asks for (CONTRACT §6): the target a change is made to, the state it
 * must be in afterwards (text held, text gone, a new name), and the files it names beside it to read.
 */
import type { Clause, PathMention, WorkspaceIndex } from "../language/request.js";
import { renamedName, replacedEverywhere, setsMarkOfName } from "../language/requestedState.js";
import { COMMENT_MARK, CONVERTS, EVERY_WORD_REPLACED, EXTENSION_TO, FORM_NAME, LEADS, UNCOMMENT, UNQUOTED_REPLACE, movesContents, takesPart } from "../language/clauseWords.js";
import { isCode } from "./commandObservations.js";
import type { ChangeOp, Goal } from "./types.js";
import { dirOf } from "./workspacePaths.js";

/** A goal before it is numbered and described. */
export type Draft = Omit<Goal, "id" | "status" | "coveredBy" | "origin" | "description"> & { description?: string };

/** The paths of a clause that name what is there already (not what a change makes). */
export const existing = (paths: PathMention[]) => paths.filter((p) => p.kind !== "new");

/** Domains whose things are not workspace files (`code` is: a branch, a commit). */
const OUTSIDE_WORKSPACE = new Set<Clause["domain"]>(["mail", "calendar", "issues", "chat", "device"]);

/** What stands between a replaced quote and its replacement ("'a' -> 'b'", "from 'a' to 'b'", "'a' 换成 'b'"). */
// "全改成", "都换成": every one replaced, as the plain word is.
const REPLACED_BY = /^\s*[`'"”’]?\s*(?:->|→|=>|to|with|by|(?:全|全部|都|统统)?(?:换成|改成|改为|替换为|替换成|变成))\s*[`'"“‘]?\s*$/iu;

/** The quote a clause replaces by another (the old text must be gone after it), unless the new text holds it in any case ('v1' → 'v1.1', 'Foo' → 'foo'). */
function replacedQuote(c: Clause): string | undefined {
  if (c.content.length !== 2) return undefined;
  if (rejectedQuote(c)) return c.content[1];
  const [old, next] = c.content as [string, string];
  const at = c.text.indexOf(old);
  const to = c.text.indexOf(next, at + old.length);
  return old && at >= 0 && to >= 0 && REPLACED_BY.test(c.text.slice(at + old.length, to)) && !next.toLowerCase().includes(old.toLowerCase()) ? old : undefined;
}

/** "'./router.js' not './routes.js'", "应该是 'a' 而不是 'b'": the second quote is the text rejected, the first the one wanted. */
function rejectedQuote(c: Clause): boolean {
  const [wanted, rejected] = c.content as [string, string];
  const at = c.text.indexOf(wanted);
  const to = c.text.indexOf(rejected, at + wanted.length);
  return at >= 0 && to >= 0 && /^\s*[`'"”’]?\s*[,，]?\s*(?:not|instead\s+of|rather\s+than|而不是|不是)\s*[`'"“‘]?\s*$/iu.test(c.text.slice(at + wanted.length, to));
}

/** The one quote written right after the `i`th of several new paths, before the next ("a.md ('# A') and b.md ('# B')"): that path's content (round 30). */
export function ownQuote(c: Clause, made: PathMention[], i: number): string[] | undefined {
  if (made.length < 2) return undefined;
  const at = (p: PathMention) => c.text.indexOf(p.written ?? p.path);
  const from = at(made[i]!) + (made[i]!.written ?? made[i]!.path).length;
  const to = i + 1 < made.length ? at(made[i + 1]!) : c.text.length;
  const own = c.content.filter((q) => { const k = c.text.indexOf(q, from); return k >= from && k < to; });
  return at(made[i]!) >= 0 && own.length === 1 ? own : undefined;
}

export function changeGoals(clause: Clause, ws: WorkspaceIndex): Draft[] {
  let c = clause;
  // Several new files, each with its own quote after it ("a.md with '# A' and b.md with '# B'"): each is made holding its own (round 30).
  const news = c.paths.filter((p) => p.kind === "new" && !p.pattern && !p.folder && !p.place);
  if (c.op === "write" && !c.additive && news.length >= 2 && news.length === c.content.length && news.every((_, i) => ownQuote(c, news, i)))
    return [...news.flatMap((p, i) => changeGoals({ ...c, paths: [p], content: ownQuote(c, news, i)! }, ws)), ...existing(c.paths).map((p): Draft => ({ intent: "read", target: p.path }))];
  // The requested state a quote gives: the last quote is what the target must hold ("replace "a" with "b"").
  // An unquoted value an edit sets something to is the requested state too ("bump the version to 2.1.0").
  // A repair's lone quote is the fault ("fix the typo 'recieve'"): the target must no longer hold it.
  // Uncommenting a quoted line asks for the line without its comment marker, and the commented one gone.
  const uncommented = c.op === "edit" && c.content.length === 1 && UNCOMMENT.test(c.text) ? COMMENT_MARK.exec(c.content[0]!) : null;
  if (uncommented) c = { ...c, content: [c.content[0]!.slice(uncommented[0].length)], fault: c.content[0] };
  // What a conversion makes is a form ("convert … from CRLF to LF"), not text the target holds.
  const expects = c.fault !== undefined && !uncommented ? undefined : c.content.length === 2 && rejectedQuote(c) ? c.content[0] : (c.content.at(-1) ?? (c.op === "edit" && !c.additive && !CONVERTS.test(c.text) && !FORM_NAME.test(c.value ?? "") ? c.value : undefined));
  // A code name renamed in one file ("rename calcTotal to computeTotal") is gone from it afterwards (over several,
  // a search for the new name cannot show the old one gone from each).
  const codeRename = c.value !== undefined && c.paths.length === 1 ? renamedName(c.text, c.value) : undefined;
  const change = (op: ChangeOp, target?: string, to?: string, given: Pick<Draft, "expects" | "expectsGone" | "replaced" | "existence" | "pattern" | "linesBefore" | "whole" | "leads"> = {}): Draft[] => {
    const state = codeRename && given.expects === codeRename.to && given.expectsGone === undefined ? { ...given, expectsGone: codeRename.from } : given;
    return [{ intent: "change", op, target, to, ...state }, { intent: "verify", op, target, to, ...state }];
  };
  // Files named by a pattern ("the .tmp files in cache") are no one target: what the effect named is observed instead.
  let op: ChangeOp = c.op ?? "edit";
  // Every X in a folder made Y ("把 src 里所有 parse_cfg 改成 parse_config"): none of X may be seen left in the folder.
  const everywhere = op === "edit" || op === "move" ? replacedEverywhere(c.text) : undefined;
  const scope = c.paths.length === 1 && c.paths[0]!.kind === "dir" ? c.paths[0]!.path : !c.paths.length && c.into && ws.dirs.has(c.into) ? c.into : undefined;
  if (everywhere && scope) return change("edit", scope, undefined, { expectsGone: everywhere, whole: true });
  // A folder named beside a file inside it is where that file is, not a target of a delete or an edit ("delete b.txt from the 'old' folder").
  const holdsOther = (p: PathMention) => p.kind === "dir" && c.paths.some((q) => q !== p && q.path.startsWith(`${p.path}/`));
  const paths = c.paths.filter((p) => !p.pattern && !((op === "delete" || op === "edit") && holdsOther(p)));
  // Files given another extension ("photo1.JPG photo2.JPG 扩展名都改成 .jpg"): each renamed to its stem with it.
  const ext = EXTENSION_TO.exec(c.text)?.[1];
  const given = paths.filter((p) => p.kind === "file" && !p.path.endsWith(ext ?? ""));
  if (ext && given.length && paths.every((p) => given.includes(p) || (p.written ?? p.path) === ext || given.some((g) => g.path.startsWith(`${p.path}/`)))) return given.flatMap((p) => change("move", p.path, p.path.replace(/\.[^./]*$/, "") + ext));
  // "rename the env var X to Y in a and b": a name renamed inside files, not the files: each is edited to hold Y.
  if (op === "move" && c.value && !c.content.length && paths[0]?.place && paths.every((p) => p.kind === "file" && (p.place || c.together?.includes(p.path)))) return paths.flatMap((p) => change("edit", p.path, undefined, { expects: c.value }));
  // Writing with no file, path or non-file domain in sight composes text for the reply itself.
  if (op === "write" && !paths.length && !c.namesFile && !c.domain) return [];
  // A change of something that lives outside the workspace (an event in a calendar, an issue, a chat message), with no file
  // in sight, is an effect in that domain: a receipt from its tool shows it, no workspace observation can.
  if (!c.paths.length && !c.namesFile && c.domain && OUTSIDE_WORKSPACE.has(c.domain)) return [{ intent: "send", domain: c.domain }];
  // Removing quoted text from a file, or anything from inside one ("the blank lines in a.txt", "从 a.log 里去掉 …"), edits the file.
  // A path-shaped word no file has, removed from a file that exists, is text in it ("the `console.log` lines from web/app.js").
  const stray = paths.filter((p) => !p.place && p.kind === "new");
  const fromFile = paths.length > stray.length && paths.every((p) => p.place || stray.includes(p)) && paths.some((p) => p.place && p.kind === "file");
  if (op === "delete" && !paths.some((p) => p.kind === "dir") && (expects !== undefined || (paths.length > 0 && paths.every((p) => p.place)) || fromFile)) {
    const gone = expects ?? (fromFile && stray.length === 1 ? (stray[0]!.written ?? stray[0]!.path) : undefined);
    const file = fromFile ? paths.find((p) => p.place && p.kind === "file")! : (existing(paths)[0] ?? paths[0]);
    return [...change("edit", file?.path, undefined, gone !== undefined ? { expectsGone: gone } : {}), ...existing(paths.filter((p) => p !== file)).map((p): Draft => ({ intent: "read", target: p.path }))];
  }
  const patterns = c.paths.filter((p) => p.pattern);
  // Files of one kind made another kind ("all .jpeg … to .jpg"): no one target, and none of the old kind may be seen left.
  if (c.becomes && patterns.length === 1 && !paths.length) return change("edit", undefined, undefined, { pattern: patterns[0]!.path });
  // Everything inside a folder deleted ("tmp_upload 里的东西都清掉", "the contents of cache/"): none of it may be seen left, the folder stays.
  // Some of what it holds ("logs 文件夹里 2023 年的日志", "the 2023 logs in logs/"): what the delete was seen to remove is observed gone.
  if (op === "delete" && paths.some((p) => p.kind === "dir" && takesPart(c.text, p.written ?? p.path))) return change("delete");
  const cleared = op === "delete" ? paths.find((p) => p.kind === "dir" && movesContents(c.text, p.written ?? p.path)) : undefined;
  if (cleared) return change("delete", undefined, undefined, { pattern: `${cleared.path}/` });
  if (op === "delete") return paths.length ? paths.flatMap((p) => change("delete", p.path)) : change("delete", undefined, undefined, patterns.length === 1 ? { pattern: patterns[0]!.path } : {});
  // The files inside a folder moved ("every file from inbox/ into archive/", "日志/ 下面 2023 开头的文件都挪到 …"): no one
  // target; what the move was seen to change must be observed in place.
  // All of them ("every file from inbox/"): none may be seen left there.
  const emptied = paths.find((p) => p.kind === "dir" && movesContents(c.text, p.written ?? p.path));
  if (op === "move" && emptied) return change("move", undefined, undefined, movesContents(c.text, emptied.written ?? emptied.path, true) ? { pattern: `${emptied.path}/` } : {});
  // Files of a kind moved into a folder ("move all the .log files from the root into logs/"): none of that kind may be seen left where they were (round 32).
  // Written as a shell glob (`logs/2023-*.log`), the glob is the pattern.
  const kindMoved = c.paths.find((p) => p.pattern && p.unjoined);
  const glob = kindMoved && c.text.includes("*") ? [...c.text.matchAll(/[\p{L}\p{N}_.\/-]*\*[\p{L}\p{N}_.\/*-]*/gu)].map((m) => m[0]).find((g) => g.endsWith(kindMoved.written ?? kindMoved.unjoined!.path)) : undefined;
  if (op === "move" && kindMoved) return change("move", undefined, undefined, { pattern: glob ?? kindMoved.unjoined!.path });
  // A file moved into a folder: the joined path is where it goes, the file alone is where it was.
  // The folder it goes in may be named as an operand too ("into an archive/ folder"): it is only where the file goes.
  const joined = paths.filter((p) => p.unjoined);
  const into = joined.length === 1 && paths.every((p) => p === joined[0] || joined[0]!.path.startsWith(`${p.path}/`)) ? joined[0]! : undefined;
  if (op === "move" && into) return change("move", into.unjoined!.path, into.path);
  // Several files moved into one folder ("把 a.txt 和 b.txt 都移动到 archive/"): each keeps its name there.
  const movedIn = joined.filter((j) => j.kind === "new" && j.unjoined!.kind === "file");
  if (op === "move" && movedIn.length > 1 && paths.every((p) => movedIn.includes(p) || movedIn.every((j) => j.path.startsWith(`${p.path}/`)))) return movedIn.flatMap((j) => change("move", j.unjoined!.path, j.path));
  const base = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  // Several files and the one folder they go in ("把 a.jpg b.jpg 都挪到 photos/2024 里"): each keeps its name there.
  const filesMoved = paths.filter((p) => p.kind === "file");
  const folder = paths.filter((p) => p.kind !== "file");
  if (op === "move" && filesMoved.length > 1 && folder.length === 1 && folder[0]!.place && (folder[0]!.kind === "dir" || folder[0]!.kind === "new"))
    return filesMoved.flatMap((f) => change("move", f.path, `${folder[0]!.path}/${base(f.path)}`));
  // One path and a folder the clause puts it in ("挪到 attic 下面"): it keeps its name there.
  if (op === "move" && paths.length === 1 && c.into && c.into !== paths[0]!.path) return change("move", paths[0]!.path, `${c.into}/${base(paths[0]!.path)}`);
  // One file copied into a folder that exists ("copy data/x.csv to archive/", "复制一份到 archive/ 下面"): the copy keeps its name there, as `cp` puts it (round 35).
  if (op === "write" && c.copies && filesMoved.length === 1 && folder.length === 1 && folder[0]!.kind === "dir") return change("write", `${folder[0]!.path}/${base(filesMoved[0]!.path)}`, undefined, { existence: true });
  // A file made another file's name ("invoice.txt 改成 发票-2024-03.txt") is renamed: no text holds a file name.
  if (op === "edit" && paths.length === 2 && paths[0]!.kind === "file" && paths[1]!.kind === "new" && !paths[1]!.folder && renamesTo(c.text, paths[0]!, paths[1]!)) op = "move";
  // A move needs a source and a destination (into a folder: under its own name there); with one path it renames something inside the file.
  if (op === "move" && paths.length >= 2) {
    const [from, to] = [paths[0]!, paths[1]!];
    // A bare new name for a file in a folder renames it there ("把 ideas.md 改名成 backlog.md" of notes/ideas.md).
    const inPlace = to.kind === "new" && !to.unjoined && !(to.written ?? to.path).includes("/") && from.path.includes("/");
    // Renamed to a new folder name (`rename img/ to images/`): that name, not a folder to move into.
    const renames = to.kind === "new" && /\brename\b|重命名|改名/iu.test(c.text);
    const dest = (to.kind === "dir" || to.folder) && !renames ? `${to.path}/${base(from.path)}` : inPlace ? `${from.path.slice(0, from.path.lastIndexOf("/"))}/${to.path}` : to.path;
    return [...change("move", from.path, dest), ...existing(paths.slice(2)).map((p): Draft => ({ intent: "read", target: p.path }))];
  }
  // A folder has no text to rename inside: moving it with no destination named is a move whose old name must be gone.
  // Renamed to a bare name ("rename the images folder to img"): the new name in the same folder.
  // A name already taken there is no rename (`mv` would put the folder inside it).
  const renamed = (p: PathMention) => c.value && /^[\p{L}\p{N}_.-]+$/u.test(c.value) ? `${dirOf(p.path) === "." ? "" : `${dirOf(p.path)}/`}${c.value}` : undefined;
  const free = (path: string | undefined) => (path && !ws.files.has(path) && !ws.dirs.has(path) ? path : undefined);
  if (op === "move" && paths.length === 1 && paths[0]!.kind === "dir") return change("move", paths[0]!.path, free(renamed(paths[0]!)));
  // One file renamed to a bare name ("把 bin/start 改名叫 serve"): the new name in the same folder.
  if (op === "move" && paths.length === 1 && paths[0]!.kind === "file" && !paths[0]!.place && free(renamed(paths[0]!))) return change("move", paths[0]!.path, renamed(paths[0]!));
  if (op === "move") op = "edit";
  // Something added to the one existing file named beside paths not in the workspace ("add node_modules/ to .gitignore"): the file is the target, the new path what is added.
  const files = existing(paths).filter((p) => p.kind === "file");
  // The one existing file an addition goes to ("add `.env` to .gitignore", "加到 a.txt") is what changes; the rest is what is added.
  const toward = files.filter((p) => p.toward);
  const addedTo = op === "write" && c.additive ? (toward.length === 1 ? toward[0] : files.length === 1 && paths.some((p) => p.kind === "new") ? files[0] : undefined) : undefined;
  // A new file joined to the folder it goes in ("在 .github/workflows 里新建 ci.yml") is what is made; the folder comes with it.
  const made = paths.find((p) => p.kind === "new" && p.unjoined) ?? paths.find((p) => p.kind === "new");
  // A thing made under a name the clause gives it, beside only existing paths ("a link called latest to builds/b7"): the name is what is made, the paths its sources.
  const named: PathMention | undefined = op === "write" && !made && !c.additive && c.named && existing(paths).length ? { path: c.named, kind: "new", at: -1 } : undefined;
  const target = addedTo ?? named ?? (op === "write" ? (made ?? paths[0]) : (existing(paths)[0] ?? paths[0]));
  if (target && op === "write" && c.additive && target.kind === "file") op = "edit";
  // Files listed side by side with the target ("in a.md and b.md 都把 v1 改成 v2") are each edited, not read as sources.
  // So are new paths made side by side ("建好 a/ 和 b/ 两个空目录").
  const sideBy = target && c.together?.includes(target.path) ? paths.filter((p) => p !== target && c.together!.includes(p.path)) : [];
  const alongside = op === "edit" ? existing(sideBy) : op === "write" ? sideBy.filter((p) => p.kind === "new") : [];
  // A bare name found only in another folder, added to a file ("add .DS_Store to .gitignore"), is a name added, not a file to read.
  const nameOnly = (p: PathMention) => p.kind === "file" && !!p.written && !p.written.includes("/") && p.path !== p.written;
  const others = existing(paths.filter((p) => p !== target && !alongside.includes(p) && !(addedTo && nameOnly(p)))).map((p): Draft => ({ intent: "read", target: p.path }));
  // A folder, an empty file, a copy, or a new file whose content the request does not describe is asked only to exist: there is no text to compare a read with.
  const existence = op === "write" && expects === undefined && (!!c.copies || !!c.empty || target?.kind === "dir" || (target?.kind === "new" && !c.describes) || !!target?.folder);
  // An addition keeps what the file held: its lines then are part of the requested state (round 10).
  const linesBefore = op === "edit" && c.additive && target?.kind === "file" ? ws.lines?.(target.path) : undefined;
  // What an addition adds when it names no quote: the one new path beside the file it goes to ("append coverage.xml to .gitignore").
  const addedNames = addedTo ? paths.filter((p) => (p.kind === "new" || nameOnly(p)) && p !== addedTo && !p.pattern) : [];
  const every = EVERY_WORD_REPLACED.exec(c.text);
  const everyWord = every && (every[1] || every[3]) && every[2] !== every[4] && !c.content.length ? { old: every[2]!, text: every[4]! } : undefined;
  const held = expects ?? everyWord?.text ?? (addedNames.length === 1 ? (addedNames[0]!.written ?? addedNames[0]!.path) : undefined);
  const whole = op === "edit" && held !== undefined && held === c.value && target?.kind === "file" && setsWholeFile(c.text, target.written ?? target.path);
  const bare = UNQUOTED_REPLACE.exec(c.text);
  // "Replace TODO with DONE": an unquoted code-like word replaced must be gone too, unless the new text holds it.
  const quoted = replacedQuote(c);
  const replaced = c.fault === undefined && op === "edit" && !c.additive ? ((quoted !== undefined && target && isCode(target.path) && setsMarkOfName(c.text, quoted) ? undefined : quoted) ?? (bare && !bare[2]!.includes(bare[1]!) ? bare[1] : undefined) ?? (everyWord && !everyWord.text.toLowerCase().includes(everyWord.old.toLowerCase()) ? everyWord.old : undefined)) : undefined;
  const leads = held !== undefined && (op === "write" || op === "edit") && LEADS.test(c.text);
  const state = { ...(held !== undefined ? { expects: held } : {}), ...(leads ? { leads } : {}), ...(c.fault !== undefined ? { expectsGone: c.fault } : {}), ...(replaced !== undefined ? { replaced } : {}), ...(existence ? { existence } : {}), ...(linesBefore ? { linesBefore } : {}), ...(whole ? { whole } : {}) };
  const { linesBefore: _own, ...shared } = state;
  return [...change(op, target?.path, undefined, state), ...alongside.flatMap((p) => change(op, p.path, undefined, shared)), ...others];
}

/**
 * Whether a clause sets a file as a whole to its value: the file is the verb's object with no key
 * named ("VERSION 文件改成 2.0.0", "set .nvmrc to 20"), not "change the port in app.conf to 8080".
 */
function setsWholeFile(text: string, written: string): boolean {
  const at = text.indexOf(written);
  if (at === -1) return false;
  const before = text.slice(0, at).trim();
  const after = text.slice(at + written.length);
  return (
    (/^(?:(?:please|just)\s+)?(?:set|change|update|bump|make)\s+(?:the\s+)?(?:file\s+)?$/iu.test(before) && /^\s*(?:file\s+)?to\s/iu.test(after)) ||
    (/^(?:把|将|帮我把|请把)?$/u.test(before) && /^\s*(?:文件)?\s*(?:的内容)?\s*(?:改成|改为|设为|设成|换成|换为|更新为|更新到)/u.test(after))
  );
}

/** Whether `from` is written right before a word of becoming and then `to`, a name with an extension. */
export function renamesTo(text: string, from: PathMention, to: PathMention): boolean {
  const [a, b] = [from.written ?? from.path, to.written ?? to.path];
  const between = text.slice(text.indexOf(a) + a.length, text.indexOf(b));
  return /\.[A-Za-z][A-Za-z0-9]*$/.test(b) && /^\s*(?:改成|改为|换成)\s*$/u.test(between);
}
