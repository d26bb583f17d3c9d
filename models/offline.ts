/**
 * The offline deterministic planner: no LLM behind it, so the main job runs with no key. It
 * takes the PlannerObservationContext as data (a ContextPlanner) and follows one general
 * policy over the goal ledger and the evidence: locate → read → compare or change → verify
 * or run → answer. It names no file of any workspace; what it opens comes from the request's
 * operands, the locate results and the references in what it read. It only proposes: every
 * call still goes through Normalize, Policy, Approval and Evidence. A goal it cannot advance
 * (it cannot fill a mail or calendar tool's arguments) is disputed with that reason, so the
 * answer says what was not done.
 */
import { posix } from "node:path";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { operandsOf, settingValue } from "../language/operands.js";
import { mentionedPaths, parseRequest } from "../language/request.js";
import { isStopword } from "../language/english.js";
import { isRequestWord } from "../language/requestLexicon.js";
import { segmentWords } from "../language/segment.js";
import { upperCaseNames } from "../language/tokens.js";
import { isProtocolName } from "../protocol/planner.js";
import type { ContextPlanner, EvidenceSummary, PlannerObservationContext } from "../state/plannerContext.js";
import type { Goal } from "../state/types.js";

const OFFLINE_PREFIX = "[offline planner]";

type Call = { name: string; args: Record<string, unknown> } | { text: string };

/** Content words of a request for a locate query: segmented, lower-cased, stopwords dropped. */
function keywords(task: string): string[] {
  // A file the request names is what to open, not what to look for.
  const request = mentionedPaths(task).reduce((text, path) => text.split(path).join(" "), task);
  const words = segmentWords(request).map((w) => w.toLowerCase());
  // What to find, not how it was asked: the one stop-word list, and the request lexicon's verbs and question words.
  return [...new Set(words.filter((w) => (/^[a-z0-9_-]+$/.test(w) ? w.length >= 3 && !isStopword(w) && !isRequestWord(w) : w.length >= 2)))];
}

/**
 * The next call, through the Harness: a tool that is not visible is asked for with
 * tool_search once; if it still is not visible the planner says so instead of guessing.
 */
export function planOffline(ctx: PlannerObservationContext): Call {
  const call = nextCall(ctx);
  if ("text" in call || isProtocolName(call.name) || ctx.exposedTools.some((t) => t.name === call.name)) return call;
  const searched = observations(ctx).some((o) => o.source === "harness" && o.summary.includes(`"${call.name}"`));
  if (searched) return { text: `${OFFLINE_PREFIX} The ${call.name} tool is not available to this run, so I stopped here.` };
  return { name: "tool_search", args: { query: call.name } };
}

const observations = (ctx: PlannerObservationContext) => [...ctx.recentObservations, ...(ctx.latestObservation ? [ctx.latestObservation] : [])];
const used = (ctx: PlannerObservationContext, toolId: string) => observations(ctx).some((o) => o.toolId === toolId);
/** A call on `key` (a path, a query) that already failed; the planner does not repeat it. */
const failedOn = (ctx: PlannerObservationContext, toolId: string, key: string) =>
  observations(ctx).some((o) => o.toolId === toolId && o.outcome !== "succeeded" && o.summary.includes(key));
const reads = (ctx: PlannerObservationContext) => ctx.latestEvidenceSummary.filter((e) => e.verified && !e.simulated && e.kind === "content");
const readOf = (ctx: PlannerObservationContext, path: string) => reads(ctx).filter((e) => e.path === path).at(-1);
const exposed = (ctx: PlannerObservationContext, name: string) => ctx.exposedTools.some((t) => t.name === name);
const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");
const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

function nextCall(ctx: PlannerObservationContext): Call {
  const goals = ctx.currentTaskFrame.goals;
  const cannot: Array<{ goalId: string; reason: string }> = [];
  for (const goal of goals.filter((g) => g.status === "open")) {
    const step = callFor(goal, ctx);
    if (step === "cannot") cannot.push({ goalId: goal.id, reason: cannotReason(goal) });
    else if (step) return step;
  }
  if (cannot.length) return { name: "revise_goals", args: { goals: [], disputes: cannot } };
  // A search hit answers a question for the gate, but this planner composes its answer from what it read.
  if (goals.some((g) => g.intent === "question" && !g.domain && g.status === "covered") && reads(ctx).length === 0) {
    const read = questionCall(ctx);
    if (read) return read;
  }
  const answered = goals.some((g) => g.intent === "question" && !g.domain && g.status === "covered");
  const reference = answered ? followReference(ctx) : null;
  return reference ?? { text: composeAnswer(ctx) };
}

const cannotReason = (g: Goal) =>
  g.intent === "send" || g.intent === "lookup" || g.domain
    ? `the offline planner cannot fill the arguments of a ${g.domain ?? "messaging"} tool; use a real model or do it by hand`
    : "the offline planner could not find a way to do it";

/** One step toward a goal, "cannot" when this planner has no way to advance it, or null when it waits on others. */
function callFor(g: Goal, ctx: PlannerObservationContext): Call | "cannot" | null {
  switch (g.intent) {
    case "verify":
      return verifyCall(g, ctx);
    case "change":
      return changeCall(g, ctx);
    case "read":
      if (!g.target) return null;
      if (failedOn(ctx, "read_open", g.target)) return failedOn(ctx, "read_list", g.target) ? "cannot" : { name: "read_list", args: { path: g.target } };
      return { name: "read_open", args: { path: g.target } };
    case "compare":
      return null;
    case "question":
      return g.domain ? "cannot" : questionCall(ctx);
    case "run":
      return runCall(g, ctx);
    case "send":
    case "lookup":
      return "cannot";
  }
}

function verifyCall(g: Goal, ctx: PlannerObservationContext): Call | null {
  const changed = ctx.currentTaskFrame.goals.some((c) => c.intent === "change" && c.op === g.op && c.target === g.target && c.status === "covered");
  if (!changed || !g.target) return null;
  if (g.op === "delete") return failedOn(ctx, "read_list", dirOf(g.target)) ? null : { name: "read_list", args: { path: dirOf(g.target) } };
  const path = g.op === "move" ? (g.to ?? g.target) : g.target;
  return failedOn(ctx, "read_open", path) ? null : { name: "read_open", args: { path } };
}

function changeCall(g: Goal, ctx: PlannerObservationContext): Call | "cannot" {
  const target = g.target;
  const content = ctx.currentTaskFrame.content;
  const ask = (question: string): Call => ({ name: "ask_user", args: { question } });
  if (!target) return ask("Which file should I change, and what exact text should it contain? (quote the text)");
  switch (g.op) {
    case "delete":
      return failedOn(ctx, "delete_path", target) ? "cannot" : { name: "delete_path", args: { path: target } };
    case "move":
      return g.to && !failedOn(ctx, "move_path", target) ? { name: "move_path", args: { from: target, to: g.to } } : "cannot";
    case "write":
      if (content[0] === undefined) return ask(`What exact text should ${target} contain? (quote the text)`);
      return failedOn(ctx, "write_file", target) ? "cannot" : { name: "write_file", args: { path: target, content: withNewline(content[0]) } };
    default:
      return editCall(target, ctx);
  }
}

/**
 * An edit: "replace A with B" (two quoted passages), "add/append X" (one passage, appended),
 * or "set NAME to VALUE" (the line naming it gets the new value). Anything else is a question
 * for the user: guessing at a change is worse than asking.
 */
function editCall(target: string, ctx: PlannerObservationContext): Call | "cannot" {
  const content = ctx.currentTaskFrame.content;
  if (failedOn(ctx, "edit_file", target) || failedOn(ctx, "write_file", target)) return "cannot";
  if (content.length >= 2) return { name: "edit_file", args: { path: target, oldText: content[0], newText: content[1] } };
  const current = readOf(ctx, target);
  if (!current) return failedOn(ctx, "read_open", target) ? "cannot" : { name: "read_open", args: { path: target } };
  if (!current.complete) return { name: "ask_user", args: { question: `${target} is too long for me to rewrite safely; what exact text should change?` } };
  const additive = parseRequest(ctx.task).clauses.some((c) => c.additive);
  if (content.length === 1 && additive) {
    return { name: "write_file", args: { path: target, content: withNewline(current.excerpt) + withNewline(content[0]!), overwrite: true } };
  }
  const setting = settingEdit(ctx.task, current.excerpt);
  if (setting) return { name: "edit_file", args: { path: target, ...setting } };
  return { name: "ask_user", args: { question: `What exact text in ${target} should change, and to what? (quote the old and the new text)` } };
}

/** "set X to 4" / "把 X 改成 4": the one line naming X gets its last value replaced. */
function settingEdit(task: string, text: string): { oldText: string; newText: string } | null {
  const value = settingValue(task);
  if (!value) return null;
  const { identifiers } = operandsOf(task, () => false);
  const names = [...identifiers, ...upperCaseNames(task)];
  const lines = text.split("\n").filter((l) => names.some((n) => new RegExp(`\\b${n}\\b`).test(l)));
  if (lines.length !== 1) return null;
  const line = lines[0]!;
  const replaced = line.replace(/(["']?)([\p{L}\p{N}_.-]+)\1(\s*[;,]?\s*(?:\/\/.*)?)$/u, (_m, q: string, _v: string, tail: string) => `${q}${value}${q}${tail}`);
  return replaced === line ? null : { oldText: line, newText: replaced };
}

/** Code identifiers of the request (camelCase, snake_case, calls); they are looked up as symbols. */
const identifiersOf = (task: string) => operandsOf(task, () => false).identifiers.map((i) => i.replace(/\(\)$/, ""));

const definitionPattern = (name: string) => new RegExp(`\\b(function\\*?|class|interface|type|enum|const|let|var|def)\\s+${name}\\b|\\b${name}\\s*[:=]\\s*(async\\s*)?(function|\\()`);

/**
 * A question about the workspace: symbols through the code index or a text search (the
 * definition first), other questions through locate; then read the best candidate and follow
 * a reference the text makes to another located candidate.
 */
function questionCall(ctx: PlannerObservationContext): Call | null {
  const evidence = ctx.latestEvidenceSummary;
  const read = new Set(reads(ctx).map((e) => e.path));
  const symbol = identifiersOf(ctx.task)[0];
  if (symbol) {
    if (exposed(ctx, "codebase_explore") && !used(ctx, "codebase_explore")) return { name: "codebase_explore", args: { mode: "explore", symbol } };
    if (!used(ctx, "search_text")) return { name: "search_text", args: { query: symbol } };
    const hits = evidence.filter((e) => (e.kind === "locate_hit" || e.kind === "search_hit") && e.path);
    const definer = hits.find((h) => isDefinition(h, symbol)) ?? hits[0];
    if (definer?.path && !read.has(definer.path)) return openCandidate(definer);
    return null;
  }
  if (!used(ctx, "read_locate")) return { name: "read_locate", args: { query: keywords(ctx.task).join(" ") || ctx.task } };
  const hits = evidence.filter((e) => e.kind === "locate_hit" && e.path);
  if (read.size === 0 && hits[0]?.path) return openCandidate(hits[0]);
  const reference = followReference(ctx);
  if (reference) return reference;
  if (read.size === 0 && !used(ctx, "retrieve") && !observations(ctx).some((o) => o.source === "retrieve")) return { name: "retrieve", args: { query: ctx.task } };
  return null;
}

/** A located candidate that a file already read points to, not yet read itself. */
function followReference(ctx: PlannerObservationContext): Call | null {
  const read = new Set(reads(ctx).map((e) => e.path));
  // A reference is taken as written and relative to the file that makes it (`./settings.js`).
  const referenced = new Set(reads(ctx).flatMap((e) => mentionedPaths(e.excerpt).flatMap((p) => [p, posix.normalize(posix.join(posix.dirname(e.path ?? "."), p))])));
  const next = ctx.latestEvidenceSummary.find((h) => h.kind === "locate_hit" && h.path && referenced.has(h.path) && !read.has(h.path));
  return next ? openCandidate(next) : null;
}

function isDefinition(hit: EvidenceSummary, symbol: string): boolean {
  if (hit.toolId === "codebase_explore") return /"candidate":"definition"/.test(hit.excerpt);
  return definitionPattern(symbol).test(hit.excerpt);
}

/** Index candidates are verified with read_slice of their exact lines; other hits are opened. */
function openCandidate(hit: EvidenceSummary): Call {
  const range = hit.lines?.split("-").map(Number);
  if (hit.toolId === "codebase_explore" && range?.length === 2) return { name: "read_slice", args: { path: hit.path, startLine: range[0], endLine: range[1] } };
  return { name: "read_open", args: { path: hit.path } };
}

/** The project's manifests and the command each one runs its tests, build or lint with. */
const RUNNERS: Array<{ manifest: string; command: (subject: string, manifest: string) => { command: string; args: string[] } | null }> = [
  {
    manifest: "package.json",
    command: (subject, text) => {
      const scripts = parseScripts(text);
      if (scripts?.[subject]) return { command: "npm", args: subject === "test" ? ["test"] : ["run", subject] };
      return subject === "test" ? { command: "node", args: ["--test"] } : null;
    },
  },
  { manifest: "pyproject.toml", command: (subject) => (subject === "test" ? { command: "python3", args: ["-m", "pytest"] } : null) },
  { manifest: "Makefile", command: (subject) => ({ command: "make", args: [subject] }) },
  { manifest: "go.mod", command: (subject) => (subject === "test" ? { command: "go", args: ["test", "./..."] } : subject === "build" ? { command: "go", args: ["build", "./..."] } : null) },
  { manifest: "Cargo.toml", command: (subject) => ({ command: "cargo", args: [subject] }) },
];

function parseScripts(text: string): Record<string, string> | null {
  try {
    return (JSON.parse(text) as { scripts?: Record<string, string> }).scripts ?? null;
  } catch {
    return null;
  }
}

/** Run goal: list the root once, read the manifest it shows, run what the manifest says. */
function runCall(g: Goal, ctx: PlannerObservationContext): Call | "cannot" {
  if (used(ctx, "run_command")) return "cannot";
  const subject = g.subject ?? "test";
  const listing = ctx.latestEvidenceSummary.find((e) => e.kind === "listing" && e.path === ".");
  if (!listing) return failedOn(ctx, "read_list", ".") ? "cannot" : { name: "read_list", args: { path: "." } };
  const names = new Set(listing.excerpt.split("\n").map((l) => l.trim().replace(/\s+\(\d+ bytes\)$/, "")));
  const runner = RUNNERS.find((r) => names.has(r.manifest));
  if (!runner) return "cannot";
  const manifest = readOf(ctx, runner.manifest);
  if (!manifest) return { name: "read_open", args: { path: runner.manifest } };
  const command = runner.command(subject, manifest.excerpt);
  return command ? { name: "run_command", args: command } : "cannot";
}

function composeAnswer(ctx: PlannerObservationContext): string {
  const goals = ctx.currentTaskFrame.goals;
  const declined = goals.find((g) => g.status === "declined");
  if (declined) return `${OFFLINE_PREFIX} No change was made: ${declined.description} (${declined.reason ?? "declined"}).`;
  const evidence = ctx.latestEvidenceSummary.filter((e) => e.verified && !e.simulated);
  const parts: string[] = [];
  const changed = goals.filter((g) => g.intent === "change" && g.status === "covered").map((g) => g.description);
  if (changed.length) parts.push(`Done: ${changed.join("; ")}; checked afterwards.`);
  const command = evidence.filter((e) => e.kind === "command").at(-1);
  if (command) parts.push(`Command result [${command.id}]:\n${commandDigest(command.excerpt)}`);
  const symbol = identifiersOf(ctx.task)[0];
  const definer = symbol ? reads(ctx).find((e) => definitionPattern(symbol).test(e.excerpt)) : undefined;
  if (definer) parts.push(`${symbol} is defined in ${definer.path} [${definer.id}].`);
  const terms = keywords(ctx.task);
  const shown = changed.length ? [] : reads(ctx).slice(-3);
  for (const e of shown) parts.push(`From ${e.path}${e.lines ? ` (lines ${e.lines})` : ""} [${e.id}]:\n${relevantLines(e, terms)}`);
  const records = evidence.filter((e) => e.kind === "record" || e.kind === "listing" || e.kind === "passage").slice(-2);
  if (!shown.length && !command && !changed.length) for (const e of records) parts.push(`[${e.id}] ${e.excerpt.split("\n").slice(0, 6).join("\n")}`);
  if (parts.length === 0) return `${OFFLINE_PREFIX} I found nothing in the workspace that answers: ${ctx.task}`;
  return `${OFFLINE_PREFIX} ${parts.join("\n\n")}`;
}

/** A command's outcome in a few lines: the command, its failures or summary lines, its exit code. */
function commandDigest(output: string): string {
  const lines = output.split("\n").filter((l) => l.trim());
  const keep = lines.filter((l, i) => i === 0 || /fail|error|not ok|# (pass|tests)|\[exit code|killed by/i.test(l));
  return keep.slice(0, 8).map((l) => `  ${l.trim()}`).join("\n");
}

function relevantLines(e: EvidenceSummary, terms: string[]): string {
  const lines = e.excerpt.split("\n").filter((l) => l.trim());
  const stems = terms.map((t) => (/^[a-z]{5,}$/.test(t) ? t.slice(0, -1) : t));
  const hits = lines.filter((l) => stems.some((t) => l.toLowerCase().includes(t)));
  return (hits.length ? hits : lines).slice(0, 6).map((l) => `  ${l.trim()}`).join("\n");
}

const citationsOf = (text: string) => [...new Set([...text.matchAll(/\[(ev-\d+)\]/g)].map((m) => m[1] as string))];

/** The planner's call as one protocol turn. */
function offlineTurn(ctx: PlannerObservationContext): AIMessage {
  const call = planOffline(ctx);
  if ("text" in call) {
    return new AIMessage({ content: call.text, tool_calls: [{ id: `off-${ctx.step}-answer`, name: "answer", args: { text: call.text, citations: citationsOf(call.text) }, type: "tool_call" }] });
  }
  return new AIMessage({ content: "", tool_calls: [{ id: `off-${ctx.step}`, name: call.name, args: call.args, type: "tool_call" }] });
}

export class OfflinePlannerModel extends BaseChatModel implements ContextPlanner {
  constructor() {
    super({});
  }

  _llmType(): string {
    return "mira-offline-planner";
  }

  /** The offline planner sees the exposed tools through the context, not through binding. */
  override bindTools(): this {
    return this;
  }

  async planFromContext(ctx: PlannerObservationContext): Promise<AIMessage> {
    return offlineTurn(ctx);
  }

  /** Used as a plain chat model it has no context to plan from, and says so. */
  async _generate(): Promise<ChatResult> {
    const text = `${OFFLINE_PREFIX} I received no planner context; the offline planner runs inside the Planner node.`;
    const message = new AIMessage({ content: text, tool_calls: [{ id: "off-0-answer", name: "answer", args: { text, citations: [] }, type: "tool_call" }] });
    return { generations: [{ text, message }] };
  }
}
