/**
 * Coverage and the completion gate (CONTRACT §6): evidence answerable ≠ task completable.
 * Each goal intent names the evidence kinds that cover it; coverage is computed from evidence,
 * never from the Planner's say-so. Simulated evidence never covers anything. The gate names
 * what is missing and which kinds of tool would cover it; `provenNextStep` says when the
 * ledger alone decides the next call (the deterministic coverage transition).
 */
import type { Evidence, Goal, TaskFrame } from "./types.js";

const evidenceNumber = (e: Pick<Evidence, "id">) => Number(e.id.slice(e.id.lastIndexOf("-") + 1));
/** Real, verified evidence: what a goal may be covered by. */
const real = (e: Evidence) => e.verified && !e.simulated;
const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");
const baseOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
/** Entry names of a `read_list` listing (depth 1): "name  (12 bytes)", "dir/", "link@ (…)". */
const listedNames = (listing: string) => new Set(listing.split("\n").map((l) => l.trim().replace(/\s+\(\d+ bytes\)$/, "").replace(/[/@].*$|@ .*$/, "")));

/** A non-file goal's domain matches a tool's domain family; an MCP server may serve any domain. */
const inDomain = (goalDomain: string | undefined, e: Evidence) =>
  !goalDomain || (!!e.domain && (e.domain === goalDomain || e.domain.startsWith(`${goalDomain}.`) || e.domain === "mcp" || e.domain.startsWith("mcp.")));

const FILE_READ = (e: Evidence) => real(e) && (e.kind === "content" || e.kind === "passage");
const isExit = (e: Evidence) => /\[(exit code -?\d+|killed by \w+)\]/.test(e.content);
const SUBJECT_COMMANDS: Record<string, RegExp> = { test: /test|spec|vitest|jest|mocha|pytest/i, build: /build|tsc|compile|make|webpack|vite/i, lint: /lint/i };

function lastChange(goal: Goal, evidence: Evidence[]): Evidence | undefined {
  return evidence.filter((e) => e.kind === "write" && changeMatches(goal, e)).at(-1);
}

function changeMatches(goal: Goal, e: Evidence): boolean {
  const op = e.op ?? (/^deleted /.test(e.content) ? "delete" : /^moved /.test(e.content) ? "move" : "write");
  switch (goal.op) {
    case "delete":
      return op === "delete" && (!goal.target || e.source.path === goal.target);
    case "move":
      return op === "move" && (!goal.to || e.source.path === goal.to) && (!goal.target || !e.from || e.from === goal.target);
    default:
      return (op === "write" || op === "edit") && (!goal.target || e.source.path === goal.target);
  }
}

/** The evidence that covers a goal now, or none. */
function coveringEvidence(goal: Goal, evidence: Evidence[]): Evidence[] {
  const t = goal.target;
  switch (goal.intent) {
    case "read":
      return evidence.filter((e) => real(e) && e.source.path === t && (e.kind === "content" || e.kind === "listing")).slice(-1);
    case "question":
      return evidence
        .filter((e) => real(e) && (goal.domain ? (e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e) : FILE_READ(e) || e.kind === "record" || e.kind === "receipt"))
        .slice(-1);
    case "compare": {
      const reads = evidence.filter(FILE_READ);
      if (goal.targets?.length) {
        const each = goal.targets.map((p) => reads.filter((e) => e.source.path === p).at(-1));
        return each.every(Boolean) ? (each as Evidence[]) : [];
      }
      const paths = [...new Set(reads.map((e) => e.source.path))];
      return paths.length >= 2 ? paths.map((p) => reads.filter((e) => e.source.path === p).at(-1)!) : [];
    }
    case "change": {
      const change = lastChange(goal, evidence);
      return change ? [change] : [];
    }
    case "verify": {
      const change = lastChange(goal, evidence);
      if (!change) return [];
      const after = evidence.filter((e) => real(e) && evidenceNumber(e) > evidenceNumber(change));
      const path = change.source.path ?? "";
      if (goal.op === "delete") return after.filter((e) => e.kind === "listing" && e.source.path === dirOf(path) && !listedNames(e.content).has(baseOf(path))).slice(-1);
      if (goal.op === "move") {
        return after.filter((e) => (e.kind === "content" && e.source.path === path) || (e.kind === "listing" && e.source.path === dirOf(path) && listedNames(e.content).has(baseOf(path)))).slice(-1);
      }
      return after.filter((e) => e.kind === "content" && e.source.path === path).slice(-1);
    }
    case "run": {
      const pattern = SUBJECT_COMMANDS[goal.subject ?? ""];
      return evidence.filter((e) => real(e) && e.kind === "command" && isExit(e) && (!pattern || pattern.test(e.content.split("\n")[0] ?? ""))).slice(-1);
    }
    case "send":
      return evidence.filter((e) => real(e) && e.kind === "receipt" && inDomain(goal.domain, e)).slice(-1);
    case "lookup":
      return evidence.filter((e) => real(e) && (e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e)).slice(-1);
  }
}

/**
 * Updates coverage from the evidence window. Coverage is sticky (evidence that scrolled out
 * of the window still happened), except that a newer change reopens its verification;
 * declined and disputed goals keep their status.
 */
export function coverGoals(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  const goals = frame.goals.map((g): Goal => {
    if (g.status === "declined" || g.status === "disputed") return g;
    const covering = coveringEvidence(g, evidence);
    if (covering.length) return { ...g, status: "covered", coveredBy: covering.map((e) => e.id) };
    const reopened = g.intent === "verify" && lastChange(g, evidence) !== undefined;
    return g.status === "covered" && !reopened ? g : { ...g, status: "open", coveredBy: [] };
  });
  return { ...frame, goals };
}

/** Evidence of every side effect that happened: workspace changes, commands, receipts (verified or not). */
export const sideEffectIds = (evidence: Evidence[]): string[] =>
  evidence.filter((e) => e.kind === "write" || e.kind === "receipt" || e.kind === "command").map((e) => e.id);

/** Which kinds of tool would cover a goal, in words for the Planner and the user. */
export function coverageHint(g: Goal): string {
  const t = g.target ?? "the target";
  switch (g.intent) {
    case "read":
      return `its content read (read_open, read_slice or read_extract; read_list for a directory)`;
    case "question":
      return g.domain
        ? `a record from a real ${g.domain} tool (tool_search "${g.domain}" if none is visible; simulated tools do not count)`
        : "file content or passages that answer it (read_locate or search_text, then read_open; or retrieve)";
    case "compare":
      return `the content of every file compared (read_open each)`;
    case "change":
      return { write: "write_file", edit: "edit_file or write_file", move: "move_path", delete: "delete_path" }[g.op ?? "edit"];
    case "verify":
      if (g.op === "delete") return `a listing of ${dirOf(t)} after the delete that no longer shows ${baseOf(t)} (read_list)`;
      if (g.op === "move") return `read_open of ${g.to ?? t} or a read_list of its directory after the move`;
      return `a read of ${t} after the change (read_open)`;
    case "run":
      return `a command result with its exit code (run_command${g.subject ? `, running the ${g.subject}s` : ""}; simulated runners do not count)`;
    case "send":
      return `a receipt from a real ${g.domain ?? "messaging"} tool that sent it (simulated tools do not count)`;
    case "lookup":
      return `a record from a real ${g.domain ?? "external"} lookup tool`;
  }
}

export interface MissingGoal {
  goalId: string;
  description: string;
  needs: string;
}

export type GateVerdict = { pass: true } | { pass: false; missing: MissingGoal[]; message: string };

/**
 * The completion gate: may the Planner answer now? Every open goal is named with the kind of
 * tool that would cover it, and an open question names the located candidates never read.
 */
export function completionGate(frame: TaskFrame, evidence: Evidence[]): GateVerdict {
  const open = frame.goals.filter((g) => g.status === "open");
  if (open.length === 0) return { pass: true };
  const readPaths = new Set(evidence.filter(FILE_READ).map((e) => e.source.path));
  const missing = open.map((g): MissingGoal => {
    let needs = coverageHint(g);
    if (g.intent === "question" && !g.domain) {
      const unread = [...new Set(evidence.filter((e) => e.kind === "locate_hit" && !readPaths.has(e.source.path)).map((e) => e.source.path))];
      if (unread.length) needs += `; located but not read: ${unread.slice(0, 5).join(", ")}`;
    }
    return { goalId: g.id, description: g.description, needs };
  });
  const message = `the task is not complete yet; missing: ${missing.map((m) => `${m.description} — needs ${m.needs}`).join("; ")}`;
  return { pass: false, missing, message };
}

/** A call the ledger alone proves is next; the Planner takes it without asking the model. */
export interface ProvenStep {
  toolId: string;
  input: Record<string, unknown>;
  why: string;
}

/**
 * The deterministic coverage transition: a change that must be read back (or, for a delete,
 * listed), or the one file a locate found when a question still needs content. Returns null
 * whenever the next step is a choice (several candidates, no change to verify).
 */
export function provenNextStep(frame: TaskFrame, evidence: Evidence[], latestEvidenceIds: string[]): ProvenStep | null {
  for (const g of frame.goals) {
    if (g.intent !== "verify" || g.status !== "open") continue;
    const change = lastChange(g, evidence);
    const path = change?.source.path;
    if (!change || !path) continue;
    if (g.op === "delete") return { toolId: "read_list", input: { path: dirOf(path) }, why: `${path} was deleted; its directory must show it gone` };
    return { toolId: "read_open", input: { path }, why: `${path} was ${g.op === "move" ? "moved" : "written"}; it must be read back` };
  }
  const needsContent = frame.goals.some((g) => g.status === "open" && ((g.intent === "question" && !g.domain) || g.intent === "read"));
  if (!needsContent) return null;
  const latest = new Set(latestEvidenceIds);
  const hits = evidence.filter((e) => latest.has(e.id) && e.kind === "locate_hit" && e.source.path);
  const paths = [...new Set(hits.map((e) => e.source.path as string))];
  if (paths.length !== 1 || hits.length !== 1) return null;
  const hit = hits[0]!;
  const wanted = frame.goals.some((g) => g.status === "open" && (g.intent === "question" || g.target === hit.source.path));
  if (!wanted || evidence.some((e) => FILE_READ(e) && e.source.path === hit.source.path)) return null;
  return hit.source.startLine !== undefined && hit.source.endLine !== undefined && hit.toolId === "codebase_explore"
    ? { toolId: "read_slice", input: { path: hit.source.path, startLine: hit.source.startLine, endLine: hit.source.endLine }, why: `the index found one candidate; its original lines must be read` }
    : { toolId: "read_open", input: { path: hit.source.path }, why: `the locate found one file; it must be read` };
}
