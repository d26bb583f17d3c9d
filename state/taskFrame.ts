/**
 * The typed TaskFrame (CONTRACT §6): the user's goals, built deterministically from the
 * request and the workspace's real files, and the checks a Planner's `revise_goals` proposal
 * must pass. Quoted content is content, never a goal; a path goal exists only for a file that
 * exists or is the target of a change.
 */
import { parseRequest, type Clause, type ParsedRequest, type PathMention, type WorkspaceIndex } from "../language/request.js";
import { settingOf } from "../language/requestedState.js";
import { CONFIRMS, REPORTED_SPEECH, RUN_OUTCOME, RUN_PURPOSE, asksRepoAction } from "../language/clauseWords.js";
import { EMPTY_WORDS, lookupWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { unknownHeadVerb } from "../language/headVerb.js";
import { kindScope } from "../language/codeKinds.js";
import { lookAlikes, mixedScripts } from "../language/lookAlikes.js";
import type { Goal, GoalDispute, GoalIntent, ProposedGoal, TaskFrame } from "./types.js";
import { acrossClauses } from "./acrossClauses.js";
import { isLockfile, isLockfileWord, keepsTheRest, keptMention } from "../language/keptPaths.js";
import { baseOf, dirOf, within } from "./workspacePaths.js";
import { changeGoals, existing, ownQuote, renamesTo, type Draft } from "./changeGoals.js";

/** Longest request the frame builder reads; longer text belongs in a file the request names. */
export const MAX_REQUEST_CHARS = 10_000;
/** Most workspace paths one request may name. */
/** A request may list hundreds of paths (each its own goal); MAX_REQUEST_CHARS bounds them before this does. */
export const MAX_NAMED_PATHS = 1000;
export const WORDLESS = "the request has no words, only punctuation or symbols";

export type FrameResult = { ok: true; frame: TaskFrame } | { ok: false; message: string };

/** "inside", "in it", 里面: where an edit naming nothing acts, pointing back at what the clause before changed. */
const INSIDE_IT = /\binside\b|\bin\s+it\b|里面|其中/iu;

const RUN_WORDS: Record<string, string> = { test: "run the tests", build: "run the build", lint: "run the linter", service: "restart the service" };

/** A goal's words, derived from its fields so the ledger and the answer say the same thing. */
export function describeGoal(g: Draft): string {
  const t = g.target ?? "";
  switch (g.intent) {
    case "read":
      return `read ${t}`;
    case "question":
      return g.domain ? `answer from ${g.domain} evidence` : g.target ? `answer from what ${g.target} says` : "answer from what the workspace says";
    case "compare":
      return g.targets?.length ? `compare ${g.targets.join(" and ")}` : "compare what was asked about";
    case "change":
      if (!t) return "make the requested change";
      return g.op === "move" ? `move ${t} to ${g.to ?? "?"}` : `${g.op ?? "change"} ${t}`;
    case "verify":
      if (g.op === "delete") return t ? `check ${t} is gone` : "check what was deleted is gone";
      if (g.op === "move") return g.to || t ? `check ${g.to ?? t} is in place` : "check what was moved is in place";
      return t ? `read back ${t}` : "read back what was changed";
    case "run":
      return RUN_WORDS[g.subject ?? ""] ?? (t ? `run ${t}` : g.domain === "code" ? "make the change to the git repository" : "run the command");
    case "send":
      if (g.target) return `send the ${g.domain === "mail" ? "mail" : "message"} from what ${g.target} says and get its receipt`;
      if (g.domain === "device") return "send it to the device and get its receipt";
      if (g.domain && g.domain !== "mail" && g.domain !== "chat") return `make the ${g.domain} change and get its receipt`;
      return `send the ${g.domain === "mail" ? "mail" : "message"} and get its receipt`;
    case "lookup":
      return `look it up (${g.domain ?? "external"})`;
  }
}

/** A stable key of a goal's meaning: `intent[.op] [target][→to] [@domain] [#subject]`. */
export function goalKey(g: Pick<Goal, "intent" | "op" | "target" | "targets" | "to" | "domain" | "subject">): string {
  const what = g.targets?.length ? g.targets.join(",") : `${g.target ?? ""}${g.to ? `→${g.to}` : ""}`;
  return [`${g.intent}${g.op ? `.${g.op}` : ""}`, what, g.domain ? `@${g.domain}` : "", g.subject ? `#${g.subject}` : ""].filter(Boolean).join(" ");
}

/**
 * What a question asks about, for a name the reader joined to the existing folder it is in
 * ("is there a .tmp file in the cache folder?"): nothing is made, so the folder is the scope.
 */
function asked(p: PathMention, all: PathMention[]): PathMention {
  if (p.kind !== "new" || !p.unjoined || !p.written) return p;
  const folder = p.path.slice(0, -(p.written.length + 1));
  // A folder still named as an operand of its own is one that does not exist (an existing one is taken by the join).
  return all.some((m) => m.path === folder) ? p : { path: folder, kind: "dir", at: p.at };
}

/** The goals one clause asks for. */
function clauseGoals(c: Clause & { intent: NonNullable<Clause["intent"]> }, ws: WorkspaceIndex): Draft[] {
  const real = existing(c.intent === "change" ? c.paths : c.paths.map((p) => asked(p, c.paths)));
  const reads = (paths: PathMention[]): Draft[] => paths.map((p) => ({ intent: "read", target: p.path }));
  switch (c.intent) {
    case "question":
    case "read": {
      if (real.length) return reads(real);
      // A question naming only the folder it asks within ("docs 下面有提到 X 的地方吗") is a question of that scope.
      // A place read inside it ("k8s 目录下的 yaml 里": yaml names files, not a folder) is asked within its deepest existing folder.
      const within = c.into?.split("/").map((_, i, parts) => parts.slice(0, parts.length - i).join("/")).find((d) => ws.dirs.has(d));
      const scope = !c.domain && within ? { target: within } : {};
      return [{ intent: "question", domain: c.domain, ...scope, ...(c.existence && !c.domain ? { existence: true } : {}), ...(c.entries && !c.domain ? { entries: true } : {}) }];
    }
    case "define":
      // A term's meaning is general knowledge; only a named file makes it a workspace question.
      return reads(real);
    case "compare":
      return [...reads(real), { intent: "compare", targets: real.length >= 2 ? real.map((p) => p.path) : undefined }];
    case "lookup":
      return [{ intent: "lookup", domain: c.domain ?? "browser" }];
    case "run": {
      // A run of one named file ("then run test/limits.test.js") is a command naming it.
      // One file named twice ("the lint script scripts/lint.sh") is one.
      const named = existing(c.paths).filter((p, i, all) => p.kind === "file" && all.findIndex((q) => q.path === p.path) === i);
      // "run migrate.py to rewrite the ids in items.csv": the files named after a purpose of change are what the run is to change.
      const purpose = RUN_PURPOSE.exec(c.text);
      const verb = purpose ? lookupWord(purpose[1] ?? purpose[2]!) : undefined;
      const changed = purpose && verb?.kind === "verb" && verb.intent === "change" ? named.filter((p) => c.text.indexOf(p.written ?? p.path) > purpose.index) : [];
      if (changed.length && named.length - changed.length === 1)
        return [{ intent: "run", subject: c.subject, target: named.find((p) => !changed.includes(p))!.path }, ...changed.flatMap((p): Draft[] => [{ intent: "change", op: "edit", target: p.path }, { intent: "verify", op: "edit", target: p.path }])];
      return [{ intent: "run", subject: c.subject, ...(named.length === 1 ? { target: named[0]!.path } : {}), ...(named.length === 1 && CONFIRMS.test(c.text) ? { confirms: true } : {}) }];
    }
    case "send":
    {
      // What is sent from one workspace file ("mail bob the results from report.txt") is read from it first: the message carries its text.
      const source = real.filter((p) => p.kind === "file");
      return [{ intent: "send", domain: c.domain, ...(source.length === 1 && c.domain !== "device" ? { target: source[0]!.path } : {}) }];
    }
    case "change":
      // A change naming no file that a git command makes ("commit the rename"): a run of git (round 30).
      if (c.domain === "code" && !c.paths.length && asksRepoAction(c.text)) return [{ intent: "run", domain: "code" }];
      return changeGoals(c, ws);
  }
}

/** Clauses with an intent; a clause without one continues the one before it. */
function effectiveClauses(parsed: ParsedRequest): Array<Clause & { intent: NonNullable<Clause["intent"]> }> {
  const out: Array<Clause & { intent: NonNullable<Clause["intent"]> }> = [];
  // A place fronted in a clause of its own ("In src/a.ts, change …") belongs to the clause after it.
  let fronted: Clause["paths"] = [];
  for (const raw of parsed.clauses) {
    const prev = out.at(-1);
    // A value shaped like a new path is what the clause sets, not a file ("host 改成 db.internal").
    // Not a file's new name right after it, though ("把 a.txt 改成 b.txt": a rename).
    const renamed = (p: PathMention) => raw.paths.length === 2 && raw.paths[0]!.kind === "file" && renamesTo(raw.text, raw.paths[0]!, p);
    const c = raw.value !== undefined && raw.intent === "change" && raw.op === "edit" ? { ...raw, paths: raw.paths.filter((p) => !(p.kind === "new" && (p.written ?? p.path) === raw.value) || renamed(p)) } : raw;
    // What a message says, right after the send ("发封邮件，说周五的评审改到下周一"), is its content, not a request.
    if (prev?.intent === "send" && REPORTED_SPEECH.test(c.text)) continue;
    // So is what an addition adds after its colon ("末尾加一步：4. 运行 `npm run dev`", "add a step: run the tests").
    if (prev?.intent === "change" && prev.additive && /[：:][^：:]{0,6}$/u.test(prev.text) && !c.paths.some((p) => p.kind !== "new")) continue;
    // A sentence of its own ("The tests in test_mathx.py fail.") states a fact; it fronts nothing.
    // So is a file joined to the folder it opens with ("in the api service's config.yaml, change …"; round 35).
    const inFolder = (p: PathMention) => (!!p.unjoined || p.written !== undefined) && /^\s*(?:(?:in|inside|within|under)\b|在)/iu.test(c.text);
    if (!prev && !c.intent && c.paths.length && c.paths.every((p) => p.place || inFolder(p)) && !/[.。!?！？]\s*$/u.test(c.text)) fronted = c.paths;
    // Content written with no file of its own right after a change of a file ("…新建 a.txt，里面写上 '…'") is what that file must hold.
    // So is content said after the change's own colon ("保存到 a.md（内容：预算通过）"; round 36).
    else if (((c.intent === "change" && c.op === "write") || (!c.intent && /[:：]\s*$/u.test(prev?.text ?? ""))) && !c.paths.length && !c.namesFile && !c.domain && c.content.length && prev?.intent === "change" && prev.paths.length && (prev.op === "write" || prev.op === "edit"))
      out[out.length - 1] = { ...prev, content: [...prev.content, ...c.content], describes: true };
    // A setting given with no file of its own right after a change of one file ("set DEBUG=false in .env and also add TZ=UTC") is set there too.
    else if (c.intent === "change" && !c.paths.length && !c.content.length && !c.domain && prev?.intent === "change" && existing(prev.paths).length === 1 && settingOf(c.text) !== undefined)
      out.push({ ...c, intent: c.intent, paths: existing(prev.paths), content: [settingOf(c.text)!] });
    else if (c.intent) out.push({ ...c, intent: c.intent, paths: [...fronted.splice(0), ...c.paths] });
    // A folder in brackets after a question naming none ("… in any of the config files? (config/)") is where it asks.
    else if (prev?.intent === "question" && !prev.paths.length && !prev.domain && !prev.into && c.paths.length === 1 && c.paths[0]!.kind === "dir" && /^\s*[(（]/u.test(c.text)) out[out.length - 1] = { ...prev, into: c.paths[0]!.path };
    else if (prev && c.paths.length && !c.keeps) out.push({ ...prev, text: c.text, paths: c.paths, together: c.together });
  }
  // A clause that repeats the previous intent with no operand of its own adds nothing ("修改 a.ts，把 x 改成 7").
  // One naming another domain is another request ("发邮件给 bob，同时发到 Teams 群里": a message in each; round 30).
  const repeats = (c: Clause, prev: Clause | undefined) => !!prev && c.paths.length === 0 && c.intent === prev.intent && c.op === prev.op && (!c.domain || c.domain === prev.domain);
  // Being told something right after a command, with no operand of its own, asks for that command's outcome.
  // So does "tell me whether it builds": the code domain its word of building gives is the run's own.
  const reportsRun = (c: Clause, prev: Clause | undefined) => prev?.intent === "run" && c.intent === "question" && !!c.asksBack && c.paths.length === 0 && (!c.domain || (c.domain === "code" && RUN_OUTCOME.test(c.text)));
  // A question naming nothing, right after a read of named workspace paths ("列出 reports/ 的文件，并告诉我哪个最大"), asks about them.
  const aboutPrevious = (c: Clause, prev: Clause | undefined) =>
    c.intent === "question" && !c.paths.length && !c.domain && !!prev && (prev.intent === "read" || prev.intent === "question") && existing(prev.paths).length > 0;
  // An edit naming nothing, right after a check of one named file ("确认 a.yaml 的端口是 8080，不是的话改成 8080"), edits that file.
  const editsPrevious = (c: Clause, prev: Clause | undefined) =>
    c.intent === "change" && c.op === "edit" && !c.paths.length && !c.domain && !!prev && (prev.intent === "read" || prev.intent === "question") && existing(prev.paths).length === 1;
  // "rename it to b.py" right after a clause naming one file: "it" is that file, and the move is the request ("a.py has a typo, rename it to b.py").
  for (let i = out.length - 1; i > 0; i--) {
    const [prev, c] = [out[i - 1]!, out[i]!];
    const one = existing(prev.paths);
    if (c.intent === "change" && c.op === "move" && /\b(?:it|this|that)\b|它|这个|那个/iu.test(c.text) && c.paths.length === 1 && c.paths[0]!.kind === "new" && one.length === 1 && one[0]!.kind === "file" && prev.intent === "question")
      out.splice(i - 1, 2, { ...c, paths: [one[0]!, ...c.paths] });
    // "移到 posts/ 下面，同时改名为 b.md", "move a.md into posts/ and rename it b.md": one move of that file, to the new name.
    else if (c.intent === "change" && c.op === "move" && prev.intent === "change" && prev.op === "move" && prev.paths.length === 1 && one.length === 1 && one[0]!.kind === "file" && c.paths.length === 1 && c.paths[0]!.kind === "new")
      out.splice(i - 1, 2, { ...prev, text: `${prev.text}${c.text}`, paths: [one[0]!, c.paths[0]!] });
  }
  // "check tests/" right after a question naming nothing says where to look: it is that question's scope, not a read of its own.
  const scopes = (c: Clause, prev: Clause | undefined) =>
    c.intent === "question" && !!c.asksBack && c.paths.length > 0 && c.paths.every((p) => p.kind === "dir") && !!prev && prev.intent === "question" && !prev.paths.length && !prev.domain && !prev.into;
  for (let i = out.length - 1; i > 0; i--) if (scopes(out[i]!, out[i - 1]) && out[i]!.paths.length === 1) out.splice(i - 1, 2, { ...out[i - 1]!, into: out[i]!.paths[0]!.path });
  // An edit repeated with a value or quotes of its own sets them in the same file ("port 改成 5432，host 改成 db.internal", "顺便把“糖 30g”改成“糖 20g”").
  const setsToo = (c: Clause, prev: Clause | undefined) => repeats(c, prev) && c.op === "edit" && (c.value !== undefined || c.content.length > 0) && existing(prev!.paths).length === 1;
  // When the edit before named no value ("修改 a.ts，把 x 改成 7"), the value is that edit's.
  for (const [i, c] of out.entries()) {
    if (!setsToo(c, out[i - 1])) continue;
    if (out[i - 1]!.value === undefined && !out[i - 1]!.content.length && !c.content.length) out[i - 1] = { ...out[i - 1]!, value: c.value };
    else out[i] = { ...c, paths: existing(out[i - 1]!.paths) };
  }
  // Whether code builds, asked right before the run that shows it ("does the project build? run `node build.js`"), is that run's outcome (round 36).
  const askedOfRun = (c: Clause, next: Clause | undefined) => c.intent === "question" && c.domain === "code" && !c.paths.length && next?.intent === "run";
  // An edit naming nothing "inside" right after a change of a file ("rename a.java to b.java and fix the class name inside") edits what that change made (round 36).
  const inChanged = (c: Clause, prev: Clause | undefined) => c.intent === "change" && c.op === "edit" && !c.paths.length && !c.domain && INSIDE_IT.test(c.text) && prev?.intent === "change" && prev.paths.length > 0;
  return out
    .filter((c, i) => !repeats(c, out[i - 1]) && !reportsRun(c, out[i - 1]) && !askedOfRun(c, out[i + 1]))
    .map((c, i, all) =>
      aboutPrevious(c, all[i - 1]) ? { ...c, paths: all[i - 1]!.paths } : editsPrevious(c, all[i - 1]) ? { ...c, paths: existing(all[i - 1]!.paths) } : inChanged(c, all[i - 1]) ? { ...c, paths: [all[i - 1]!.paths.at(-1)!] } : c,
    );
}

/**
 * A request whose verb the lexicon does not hold ("Sort menu.md by price", "把 a.log 压缩成
 * a.log.gz") but that names workspace paths still asks something of them: a verb that does
 * something changes them (a path not yet in the workspace is what it makes), one that only
 * knows or says something asks about them. With no goal at all, any answer would pass.
 */
function unknownVerbGoals(parsed: ParsedRequest, ws: WorkspaceIndex): Draft[] {
  return guessedGoals(parsed, ws).map((d) => ({ ...d, guessed: true }));
}

function guessedGoals(parsed: ParsedRequest, ws: WorkspaceIndex): Draft[] {
  for (const c of parsed.clauses) {
    const head = unknownHeadVerb(c.text);
    if (!head) continue;
    // Not a path only a clause stating a fact names ("test_a.py 里 test_x 挂了，修一下 a.py"): the failure is where it was seen.
    const said = (p: PathMention, fact: boolean) => parsed.clauses.some((o) => !!o.fact === fact && o.text.includes(p.written ?? p.path));
    const paths = parsed.paths.filter((p) => !said(p, true) || said(p, false));
    if (head.observes || !paths.length) return existing(paths).map((p): Draft => ({ intent: "read", target: p.path }));
    // Each path not yet in the workspace is something the verb makes ("split a.csv into b.csv and c.csv"); the rest are its sources.
    const made = paths.filter((p) => p.kind === "new" && !p.pattern);
    // What it makes empty ("make a logs/ folder with an empty .gitkeep inside") is asked only to exist (round 36).
    const empty = c.empty || segmentWords(c.text).some((w) => EMPTY_WORDS.has(w.toLowerCase()));
    if (made.length) return [...made.flatMap((p, i) => changeGoals({ ...c, intent: "change", op: "write", paths: [p], content: ownQuote(c, made, i) ?? c.content, ...(empty ? { empty } : {}) }, ws)), ...existing(paths).map((p): Draft => ({ intent: "read", target: p.path }))];
    return changeGoals({ ...c, intent: "change", op: "edit", paths }, ws);
  }
  return [];
}

/**
 * Builds the TaskFrame of a request. Returns a one-line message instead for input that cannot
 * make a frame: an empty request, one longer than MAX_REQUEST_CHARS, one naming more than
 * MAX_NAMED_PATHS paths. Never throws.
 */
export function buildTaskFrame(request: string, ws: WorkspaceIndex): FrameResult {
  if (!request.trim()) return { ok: false, message: "the request is empty" };
  if (request.length > MAX_REQUEST_CHARS) {
    return { ok: false, message: `the request is ${request.length} characters long; the limit is ${MAX_REQUEST_CHARS} (put long text in a file and name the file)` };
  }
  const read = parseRequest(request, ws);
  // Paths the request asks to leave as they are are no operands of its goals; a change to one is refused (round 30).
  const { kept, notKept } = keptPaths(read, request, ws);
  const parsed = kept.length ? { ...read, paths: read.paths.filter(notKept), clauses: read.clauses.map((c) => ({ ...c, paths: c.paths.filter(notKept), ...(c.together ? { together: c.together.filter((t) => c.paths.some((p) => p.path === t && notKept(p))) } : {}) })) } : read;
  // A request with no words asks nothing: the model asks what is wanted, and may do or claim nothing.
  if (parsed.wordless) return { ok: true, frame: { goals: [], content: [], notes: [`${WORDLESS}: ask the user what they want, and do nothing`], wordless: true } };
  const named = new Set(parsed.paths.map((p) => p.path));
  if (named.size > MAX_NAMED_PATHS) return { ok: false, message: `the request names ${named.size} paths; at most ${MAX_NAMED_PATHS} per request (name a directory instead)` };
  const notes: string[] = [];
  // A clause opening with a verb the lexicon lacks ("raise maxUpload to 25 in limits.json, then run …") asks what that verb asks of its own paths.
  // A clause opening with a path ("bin/ and etc/") continues a list: its first word is no verb.
  const headed = parsed.clauses.filter((c) => !c.intent && c.paths.length && !c.paths.some((p) => c.text.startsWith(p.written ?? p.path)) && unknownHeadVerb(c.text));
  const rest = { ...parsed, clauses: parsed.clauses.filter((c) => !headed.includes(c)) };
  // A clause the lexicon reads no intent in may still ask for a repository action ("git init and commit everything").
  const repo = parsed.clauses.some((c) => !c.intent && c.domain === "code" && !c.paths.length && asksRepoAction(c.text)) ? [{ intent: "run", domain: "code" } as Draft] : [];
  const asked = parsed.social ? [] : [...effectiveClauses(rest).flatMap((c) => clauseGoals(c, ws)), ...repo];
  // Beside a clause that makes a new file ("把 menu.md 翻成中文，另存为 menu.zh.md"), the headed clause's files are its sources.
  const makes = asked.some((d) => d.intent === "change" && d.op === "write" && !!d.target && !ws.files.has(d.target) && !ws.dirs.has(d.target));
  // With no other goal, the whole request is read by its verb as before (its new paths made from the rest).
  let drafts = !asked.length ? [] : [...asked, ...headed.flatMap((c) => (makes ? existing(c.paths).map((p): Draft => ({ intent: "read", target: p.path })) : unknownVerbGoals({ ...parsed, clauses: [c], paths: c.paths }, ws)))];
  if (!drafts.length && !parsed.social) drafts = unknownVerbGoals(parsed, ws);
  drafts = acrossClauses(drafts, parsed, request, ws);
  // A request in a language the lexicon does not cover still needs evidence before an answer.
  if (parsed.unrecognised) {
    drafts = [{ intent: "question" }];
    notes.push("the request's language is not covered by the request lexicon (English and Chinese); the goal is to answer it from the workspace");
  }
  // Whether one kind of file naming no place holds something ("Does our Rust code use `unsafe` anywhere?") is asked of the folder holding them all (round 35).
  const ofKind = kindScope(request, ws.files);
  if (ofKind) drafts = drafts.map((d) => (d.intent === "question" && !d.target && !d.domain && drafts.filter((x) => x.intent === "question").length === 1 ? { ...d, target: ofKind } : d));
  const unclear = unclearNames(parsed, ws);
  // A question asked of an unclear name alone is asked of that name, which the answer settles by path.
  const only = unclear.length === 1 && new Set(parsed.paths.map((p) => p.path)).size === 1 ? unclear[0]!.name : undefined;
  if (only) drafts = drafts.map((d) => ((d.intent === "question" || d.intent === "read") && !d.target && !d.domain ? { ...d, target: only } : d));
  for (const u of unclear) notes.push(`${u.name} may be ${u.candidates.join(" or ")}: say by path which one you mean, or ask the user; change none of them before you know`);
  const frame: TaskFrame = { goals: numbered(dedupe(drafts)), content: parsed.content, notes, ...(kept.length ? { kept } : {}), ...(unclear.length ? { unclear } : {}) };
  return { ok: true, frame };
}

/**
 * Names no one file carries: one mixing alphabets in one word (a Cyrillic "о" inside "config.json"),
 * with the files it looks like, and a bare name several folders hold, unless the request creates it.
 */
function unclearNames(parsed: ParsedRequest, ws: WorkspaceIndex): NonNullable<TaskFrame["unclear"]> {
  const mixed = parsed.paths.filter((p) => p.kind === "new" && mixedScripts(p.written ?? p.path));
  const looks = mixed.map((p) => ({ name: p.path, candidates: lookAlikes(p.written ?? p.path, ws.files) })).filter((u) => u.candidates.length);
  const creates = (at: number) => parsed.clauses.some((c) => c.intent === "change" && c.op === "write" && c.paths.some((p) => p.at === at));
  const several = parsed.ambiguous.filter((a) => !creates(a.at)).map((a) => ({ name: a.name, candidates: a.candidates }));
  return [...looks, ...several].filter((u, i, all) => all.findIndex((v) => v.name === u.name) === i);
}

/** The workspace paths a request asks to leave as they are, and a test for the mentions that are not such (language/keptPaths.ts). */
function keptPaths(parsed: ParsedRequest, request: string, ws: WorkspaceIndex): { kept: string[]; notKept: (p: PathMention) => boolean } {
  const marked = new Set(parsed.paths.filter((p) => p.kind !== "new" && keptMention(request, p.at, p.written ?? p.path)).map((p) => `${p.path}@${p.at}`));
  const kept = new Set([...marked].map((k) => k.slice(0, k.lastIndexOf("@"))));
  // A folder written by its bare name ("tests 别动") and "the lockfile" are kept too (round 31).
  for (const m of request.matchAll(/[\w.-]+|锁文件/gu)) {
    if (!keptMention(request, m.index, m[0])) continue;
    if (ws.dirs.has(m[0])) kept.add(m[0]);
    if (isLockfileWord(m[0])) for (const f of ws.files) if (isLockfile(f)) kept.add(f);
  }
  // "Remove only the .bak files in backups/, keep the rest": the folder's other files stay.
  parsed.clauses.forEach((c, i) => {
    if (!keepsTheRest(c.text)) return;
    const removal = parsed.clauses.slice(0, i + 1).reverse().find((d) => d.intent === "change" && d.op === "delete" && d.paths.some((p) => p.pattern));
    const pattern = removal?.paths.find((p) => p.pattern);
    if (!pattern || dirOf(pattern.path) === ".") return;
    const end = baseOf(pattern.path).replace(/^\*/, "").toLowerCase();
    for (const f of ws.files) if (within(f, dirOf(pattern.path)) && !f.toLowerCase().endsWith(end)) kept.add(f);
  });
  return { kept: [...kept], notKept: (p) => !marked.has(`${p.path}@${p.at}`) };
}

function dedupe(drafts: Draft[]): Draft[] {
  const seen = new Set<string>();
  return drafts.filter((d) => {
    // Two values set in one file are two requested states.
    const key = `${goalKey(d)} ${d.expects ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const numbered = (drafts: Draft[], from = 1, origin: Goal["origin"] = "request"): Goal[] =>
  drafts.map((d, i) => ({ ...d, id: `g${from + i}`, description: d.description ?? describeGoal(d), status: "open", coveredBy: [], origin }));

export interface Revision {
  frame: TaskFrame;
  accepted: string[];
  rejected: string[];
  disputed: string[];
}

/**
 * Applies a Planner's `revise_goals` after checking it against the request and the workspace:
 * a proposed goal must name paths that exist or that the request names as the target of a
 * change (never quoted content), and must not repeat a goal; a dispute must name a goal of the
 * frame and give a reason. Goals are never removed: a disputed goal stays in the ledger with
 * its reason. Never throws.
 */
export function reviseTaskFrame(frame: TaskFrame, proposal: { goals: ProposedGoal[]; disputes: GoalDispute[] }, request: string, ws: WorkspaceIndex): Revision {
  const parsed = parseRequest(request, ws);
  const named = new Set(parsed.paths.map((p) => p.path));
  const exists = (p: string) => ws.files.has(p) || ws.dirs.has(p);
  const keys = new Set(frame.goals.map(goalKey));
  const accepted: Draft[] = [];
  const rejected: string[] = [];
  for (const g of proposal.goals) {
    const label = goalKey(g);
    const problem = proposalProblem(g, { exists, named, content: parsed.content });
    if (problem) rejected.push(`${label}: ${problem}`);
    else if (keys.has(label)) rejected.push(`${label}: already in the frame`);
    else {
      keys.add(label);
      accepted.push({ intent: g.intent, op: g.op, target: g.target, to: g.to, domain: g.domain, subject: g.subject, description: g.description });
      if (g.intent === "change") accepted.push({ intent: "verify", op: g.op, target: g.target, to: g.to });
    }
  }
  const disputed: string[] = [];
  const disputes = new Map(proposal.disputes.map((d) => [d.goalId, d.reason]));
  const goals = frame.goals.map((g): Goal => {
    const reason = disputes.get(g.id);
    if (reason === undefined) return g;
    disputes.delete(g.id);
    if (g.status !== "open") {
      rejected.push(`dispute of ${g.id}: it is already ${g.status}`);
      return g;
    }
    disputed.push(`${g.id} (${g.description}): ${reason}`);
    return { ...g, status: "disputed", reason };
  });
  for (const id of disputes.keys()) rejected.push(`dispute of ${id}: no such goal`);
  const added = numbered(dedupe(accepted), goals.length + 1, "planner");
  return { frame: { ...frame, goals: [...goals, ...added] }, accepted: added.map((g) => `${g.id} ${g.description}`), rejected, disputed };
}

function proposalProblem(g: ProposedGoal, ctx: { exists: (p: string) => boolean; named: Set<string>; content: string[] }): string | undefined {
  const needsTarget: GoalIntent[] = ["read", "change", "verify"];
  if (needsTarget.includes(g.intent) && !g.target && g.intent !== "change") return "a target path is required";
  if ((g.intent === "change" || g.intent === "verify") && !g.op) return "op (write, edit, move or delete) is required";
  if (g.intent === "verify") return "verification goals follow from change goals; propose the change";
  for (const path of [g.target, g.to].filter((p): p is string => !!p)) {
    if (ctx.content.some((c) => c.includes(path)) && !ctx.named.has(path)) return `${path} appears only in quoted content, which is never a goal`;
    const changeTarget = g.intent === "change" && ctx.named.has(path);
    if (!ctx.exists(path) && !changeTarget) return `${path} does not exist in the workspace and the request does not name it as the target of a change`;
  }
  return undefined;
}

/**
 * A rebuilt frame keeps what the old one settled: a goal with the same meaning keeps its
 * declined or disputed status and reason, and the Planner's validated goals stay.
 */
export function carryOver(previous: TaskFrame, next: TaskFrame): TaskFrame {
  const settled = new Map(previous.goals.filter((g) => g.status === "declined" || g.status === "disputed").map((g) => [goalKey(g), g]));
  const goals = next.goals.map((g) => {
    const old = settled.get(goalKey(g));
    return old ? { ...g, status: old.status, reason: old.reason } : g;
  });
  const keys = new Set(goals.map(goalKey));
  const planned = previous.goals.filter((g) => g.origin === "planner" && !keys.has(goalKey(g)));
  // Still the same turn: its evidence mark and its one refusal stay.
  const turn = { ...(previous.since !== undefined ? { since: previous.since } : {}), ...(previous.refusal ? { refusal: previous.refusal } : {}) };
  return { ...next, ...turn, goals: goals.concat(planned).map((g, i) => ({ ...g, id: `g${i + 1}` })) };
}

/**
 * The user edited a change before approving it: what they approved is now the requested state
 * of the paths that call touches, so the task's quoted text no longer binds those goals. They
 * stay open and still need the effect and a read after it (the gate checks the state, not text).
 */
export function followEdit(frame: TaskFrame, touched: string[]): TaskFrame {
  const paths = new Set(touched.map((p) => p.replace(/^\.\//, "")));
  const hit = (g: Goal) => (g.target && paths.has(g.target)) || (g.to && paths.has(g.to));
  return {
    ...frame,
    goals: frame.goals.map((g) => {
      if ((g.intent !== "change" && g.intent !== "verify") || g.status !== "open" || !hit(g) || (!g.expects && !g.expectsGone && !g.replaced)) return g;
      const { expects: _e, expectsGone: _g, replaced: _r, ...rest } = g;
      return rest;
    }),
  };
}

/** Marks the change goals declined (the user rejected the change). */
export function declineChange(frame: TaskFrame, reason: string): TaskFrame {
  return {
    ...frame,
    goals: frame.goals.map((g) => (g.intent === "change" || g.intent === "verify") && g.status === "open" ? { ...g, status: "declined" as const, reason } : g),
  };
}

type V1Goal = { id: string; kind: string; description: string; target?: string; status: string };

/**
 * A frame as stored in state, read in the current shape: a v1 frame (`kind`: read, read_path,
 * change, verify_change, answer) is migrated. Never throws; an unreadable frame is empty.
 */
export function readTaskFrame(raw: unknown): TaskFrame {
  const frame = (raw ?? {}) as { goals?: Array<Goal | V1Goal>; content?: string[]; notes?: string[]; kept?: string[]; unclear?: TaskFrame["unclear"]; wordless?: boolean; since?: number; refusal?: TaskFrame["refusal"] };
  const goals = (frame.goals ?? []).flatMap((g): Goal[] => {
    if ("intent" in g) return [{ ...g, coveredBy: g.coveredBy ?? [], origin: g.origin ?? "request" }];
    const status: Goal["status"] = g.status === "declined" ? "declined" : g.status === "covered" ? "covered" : "open";
    const base = { id: g.id, description: g.description, status, coveredBy: [] as string[], origin: "request" as const };
    switch (g.kind) {
      case "read":
        return [{ ...base, intent: "question" }];
      case "read_path":
        return [{ ...base, intent: "read", target: g.target }];
      case "change":
        return [{ ...base, intent: "change", op: "write", target: g.target }];
      case "verify_change":
        return [{ ...base, intent: "verify", op: "write", target: g.target }];
      default:
        return [];
    }
  });
  return { goals, content: frame.content ?? [], notes: frame.notes ?? [], ...(frame.kept?.length ? { kept: frame.kept } : {}), ...(frame.unclear?.length ? { unclear: frame.unclear } : {}), ...(frame.wordless ? { wordless: true } : {}), ...(frame.since !== undefined ? { since: frame.since } : {}), ...(frame.refusal ? { refusal: frame.refusal } : {}) };
}
