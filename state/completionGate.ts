/**
 * Coverage and the completion gate (CONTRACT §6): evidence answerable ≠ task completable.
 * Coverage is computed from observed state, never from the Planner's say-so nor from which
 * tool made an effect: a change is covered once an effect on its target happened, and its
 * verification once an observation after the last effect on that target shows the requested
 * state (content present, path absent, new name present and old one gone). Each turn gathers
 * its own evidence: an earlier turn's evidence covers a new goal only when it is a read of the
 * same file with no change to it since. Simulated evidence never covers anything.
 */
import { commandLine, commandReads } from "./commandObservations.js";
import { baseOf, dirOf, effectsOn, evidenceNumber, exitCode, fromTarget, isEffect, listingComplete, real, seen, succeeded, within } from "./observedState.js";
import { CHECKS, commandSteps, grepParts, isEffectStep, programOf, readsGit, stepOperands } from "./commandSteps.js";
import { unforeseenChanges } from "./effectGoals.js";
import { describeGoal, goalKey } from "./taskFrame.js";
import type { Evidence, Goal, Observation, TaskFrame } from "./types.js";
import { after, inTurn, isExit, isRead, listed } from "./turnEvidence.js";
import { changeState } from "./changeState.js";

/** A non-file goal's domain matches a tool's domain family; an MCP server may serve any domain. */
const inDomain = (goalDomain: string | undefined, e: Evidence) =>
  !goalDomain || (!!e.domain && (e.domain === goalDomain || e.domain.startsWith(`${goalDomain}.`) || e.domain === "mcp" || e.domain.startsWith("mcp.")));

// `make lint` runs the linter, not the build. A linter is any static checker (commandSteps.ts CHECKS).
const SUBJECT_COMMANDS: Record<string, RegExp> = {
  test: /test|spec|vitest|jest|mocha|pytest/i,
  build: /build|tsc|compile|\bmake\b(?!\s+(?:lint|test|tests|check|clean|fmt|format)\b)|webpack|vite/i,
  lint: CHECKS,
  service: /restart|reload|systemctl|service|supervisorctl|pm2|docker|kill/i,
};

/** The program that runs a build file without naming it (`make` reads the Makefile; round 31). */
const FILE_RUNNERS: Array<[RegExp, RegExp]> = [
  [/^(?:GNUmakefile|[Mm]akefile)$/u, /\bmake\b/u],
  [/^[Jj]ustfile$/u, /\bjust\b/u],
  [/^package\.json$/u, /\b(?:npm|yarn|pnpm|bun)\b/u],
  [/^Cargo\.toml$/u, /\bcargo\b/u],
  [/^pom\.xml$/u, /\bmvnw?\b/u],
  [/^build\.gradle(?:\.kts)?$/u, /\bgradlew?\b/u],
  [/^CMakeLists\.txt$/u, /\bcmake\b/u],
  [/^tox\.ini$/u, /\btox\b/u],
  [/^Taskfile\.ya?ml$/u, /\btask\b/u],
];
const runsBuildFile = (line: string, path: string): boolean => FILE_RUNNERS.some(([file, runner]) => file.test(baseOf(path)) && runner.test(line));

/** Evidence from a named file in this turn, or an earlier turn's read of it with no change to it since. */
function fromFile(path: string, frame: Pick<TaskFrame, "since">, evidence: Evidence[], kinds?: Evidence["kind"][]): Evidence | undefined {
  const ok = (e: Evidence) => fromTarget(e, path) && (!kinds || kinds.includes(e.kind));
  const now = inTurn(frame, evidence).filter(ok).at(-1);
  if (now) return now;
  const lastChange = effectsOn(path, evidence, false).at(-1);
  return after(evidence, lastChange).filter((e) => ok(e) && real(e) && (e.kind === "content" || e.kind === "listing")).at(-1);
}

/** Earlier turns' reads of files with no effect on them since. */
const unchangedReads = (evidence: Evidence[], frame: Pick<TaskFrame, "since">) =>
  evidence.filter((e) => evidenceNumber(e) <= (frame.since ?? 0) && isRead(e, e.source.path ?? "") && !after(evidence, e).some((x) => effectsOn(e.source.path!, [x], false).length));

/**
 * An empty search answers a question of the scope it searched: the question's named place, or
 * (naming none) the whole workspace — a search over one folder does not say "nowhere" (tuning set 5).
 */
// A question naming no place of its own, beside a read of the place it asks about ("… got committed into config/?"), is asked of that place (round 35).
const absenceAnswers = (goal: Goal, e: Evidence, frame?: TaskFrame): boolean =>
  within(goal.target ?? ".", e.source.path ?? ".") || (!goal.target && !!frame?.goals.some((g) => g.intent === "read" && !!g.target && within(g.target, e.source.path ?? ".")));

/** A finished command that looked into the local repository with git answers a question about its code (`git branch --show-current`). */
const looksIntoRepo = (e: Evidence): boolean => isExit(e) && exitCode(e) === 0 && commandSteps(commandLine(e)).steps.some(readsGit);

/** Whether a command's every step only looks at what it names (`cat`, `grep`, `ls`). */
function onlyLooks(e: Evidence): boolean {
  const { steps, opaque } = commandSteps(commandLine(e));
  return !opaque && steps.length > 0 && steps.every((s) => !isEffectStep(s));
}

/** Whether a command may speak of folder `t`: it names it, or every place it searches (a grep's files, a listing's folders) holds or is inside `t`. */
function searchesAround(e: Evidence, t: string): boolean {
  if (commandLine(e).includes(t)) return true;
  const places = commandSteps(commandLine(e)).steps.flatMap((s) =>
    ["grep", "egrep", "fgrep", "rg"].includes(programOf(s)) ? grepParts(s).files : ["ls", "find", "tree", "du"].includes(programOf(s)) ? stepOperands(s).slice(0, 1) : [],
  );
  const norm = (p: string) => p.replace(/^\.\//, "").replace(/\/+$/, "") || ".";
  return places.every((p) => within(norm(p), t) || within(t, norm(p)));
}

/** The evidence that covers a goal now, or none. */
function coveringEvidence(goal: Goal, frame: TaskFrame, evidence: Evidence[]): Evidence[] {
  const turn = inTurn(frame, evidence);
  const t = goal.target;
  const one = (e: Evidence | undefined) => (e ? [e] : []);
  // A repository question beside a file the request reads ("看下 ci.yml，CI 用的是哪个 node 版本") is answered from that file (round 31).
  const readsNamedFile = (e: Evidence) => e.kind === "content" && frame.goals.some((g) => g.intent === "read" && !!g.target && fromTarget(e, g.target));
  switch (goal.intent) {
    case "read":
      return t ? one(fromFile(t, frame, evidence)) : [];
    case "question": {
      const now = turn
        .filter((e) =>
          goal.domain
            ? real(e) && (((e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e)) || (goal.domain === "code" && (looksIntoRepo(e) || readsNamedFile(e))))
            : seen(e) &&
              // A question of a named folder is answered from that folder (or a search that covered it), or by a command.
              (!t || (isExit(e) ? searchesAround(e, t) : within(e.source.path ?? ".", t) || within(t, e.source.path ?? "."))) &&
              (e.kind === "content" || e.kind === "passage" || e.kind === "record" || e.kind === "receipt" || e.kind === "search_hit" || isExit(e) || (e.kind === "absence" && absenceAnswers(goal, e, frame)) ||
                // Whether a file exists is answered by a listing of the whole scope, as by an empty search (tuning set 6).
                (!!goal.existence && listingComplete(e) && absenceAnswers(goal, e)) ||
                // Which folders a place holds is answered by a listing of it, however deep (round 32).
                (!!goal.entries && e.kind === "listing" && real(e) && absenceAnswers(goal, e))),
        )
        .at(-1);
      // A follow-up naming nothing of its own ("is it still five?") is about what the thread read: an earlier read of a file unchanged since.
      return one(now ?? (goal.domain ? undefined : unchangedReads(evidence, frame).at(-1)));
    }
    case "compare": {
      // A comparison naming no files compares the files the request reads ("这两个配置 a 和 b 有什么区别", round 37).
      const read = frame.goals.filter((g) => g.intent === "read" && !!g.target).map((g) => g.target!);
      const targets = goal.targets?.length ? goal.targets : read.length >= 2 ? read : [];
      // One command that read every file compared them (`diff a b`, `cmp`, `cat a b`; round 30).
      const together = targets.length ? turn.filter((e) => isExit(e) && targets.every((p) => commandReads(e, p))).at(-1) : undefined;
      if (together) return [together];
      if (targets.length) {
        const each = targets.map((p) => fromFile(p, frame, evidence, ["content", "passage", "listing"]));
        return each.every(Boolean) ? (each as Evidence[]) : [];
      }
      const reads = turn.filter((e) => real(e) && (e.kind === "content" || e.kind === "passage"));
      const paths = [...new Set(reads.map((e) => e.source.path))];
      return paths.length >= 2 ? paths.map((p) => reads.filter((e) => e.source.path === p).at(-1)!) : [];
    }
    case "change": {
      const state = changeState(goal, frame, evidence);
      if (state.shownBy) return state.lastEffect ? [state.lastEffect, state.shownBy] : [state.shownBy];
      return state.lastEffect && succeeded(state.lastEffect) ? [state.lastEffect] : [];
    }
    case "verify":
      return one(changeState(goal, frame, evidence).shownBy);
    case "run": {
      // A repository action is made by a git command that changes the repository, not one that reads it (round 30).
      // Its exit code, failed or not, is the outcome the answer must report (answerClaims.ts: a failed run claimed a success is refused).
      if (goal.domain === "code") return one(turn.filter((e) => real(e) && isExit(e) && commandSteps(commandLine(e)).steps.some((s) => programOf(s) === "git" && !readsGit(s))).at(-1));
      const pattern = SUBJECT_COMMANDS[goal.subject ?? ""];
      // A run naming nothing beside a change ("fix the import and run the smoke test") is not the command that made the change.
      const asked = !pattern && !t && frame.goals.some((g) => g.intent === "change");
      // A command that only looks at files (`cat test.sh`) runs no tests, whatever its line names; one running the
      // script the request names for it ("Build with mk.sh") runs the build, whatever the script is called.
      // A Python file is run by its module name too (`python3 -m unittest tests.test_parser`).
      const names = (e: Evidence) =>
        !!t && (commandLine(e).includes(t) || runsBuildFile(commandLine(e), t) || (t.endsWith(".py") && commandLine(e).includes(t.slice(0, -3).replace(/\//g, "."))));
      const runs = (e: Evidence) => !pattern || ((pattern.test(e.content.split("\n")[0] ?? "") || names(e)) && !onlyLooks(e));
      return one(turn.filter((e) => real(e) && isExit(e) && runs(e) && (!t || names(e)) && !(asked && isEffect(e))).at(-1));
    }
    case "send": {
      const receipt = turn.filter((e) => real(e) && e.kind === "receipt" && inDomain(goal.domain, e)).at(-1);
      // A message from a file carries what the file says: a read of it before the receipt.
      const source = goal.target && receipt ? fromFile(goal.target, frame, evidence.filter((e) => evidenceNumber(e) < evidenceNumber(receipt))) : undefined;
      return !receipt ? [] : !goal.target ? [receipt] : source ? [source, receipt] : [];
    }
    case "lookup":
      return one(turn.filter((e) => real(e) && (e.kind === "record" || e.kind === "receipt") && inDomain(goal.domain, e)).at(-1));
  }
}

/**
 * Updates coverage from the evidence window. Coverage is sticky (evidence that scrolled out
 * of the window still happened), except that a newer effect on a change's target reopens its
 * verification; declined and disputed goals keep their status.
 */
export function coverGoals(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  frame = withUnforeseenChanges(frame, evidence);
  const goals = frame.goals.map((g): Goal => {
    if (g.status === "declined" || g.status === "disputed") return g;
    const covering = coveringEvidence(g, frame, evidence);
    if (covering.length) return { ...g, status: "covered", coveredBy: covering.map((e) => e.id) };
    const reopened = g.intent === "verify" && changeState(g, frame, evidence).lastEffect !== undefined;
    return g.status === "covered" && !reopened ? g : { ...g, status: "open", coveredBy: [] };
  });
  return { ...frame, goals };
}

/**
 * A turn that changed files the frame asked no change of (the request's words were not read as
 * one) gets a verification goal per changed path: what changed must be observed after it. A
 * turn that runs something (tests, a build) may write its logs: only frames with no run goal.
 */
function withUnforeseenChanges(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  if (frame.goals.some((g) => g.intent === "run")) return frame;
  const keys = new Set(frame.goals.map(goalKey));
  const added = unforeseenChanges(frame.goals, inTurn(frame, evidence))
    .map((c) => ({ intent: "verify" as const, op: c.op, target: c.target, ...(c.to ? { to: c.to } : {}), ...(c.existence ? { existence: true } : {}) }))
    .filter((d) => !keys.has(goalKey(d)));
  if (!added.length) return frame;
  const goals = added.map((d, i): Goal => ({ ...d, id: `g${frame.goals.length + i + 1}`, description: describeGoal(d), status: "open", coveredBy: [], origin: "effect" }));
  return { ...frame, goals: [...frame.goals, ...goals] };
}

/**
 * A change the turn tried and failed to make (round 12): no effect on its target succeeded, and
 * a command of the turn naming the target exited non-zero (`mv` of a file that is not there).
 * Nothing changed, so an answer saying plainly that it was not done claims nothing false.
 */
export function failedAttempt(goal: Goal, frame: Pick<TaskFrame, "since">, evidence: Evidence[]): Evidence | undefined {
  if ((goal.intent !== "change" && goal.intent !== "verify") || !goal.target) return undefined;
  const turn = inTurn(frame, evidence);
  const paths = [goal.target, goal.to].filter((p): p is string => !!p);
  if (paths.some((p) => effectsOn(p, turn).some(succeeded))) return undefined;
  return turn.find((e) => e.kind === "command" && !e.simulated && typeof exitCode(e) === "number" && exitCode(e) !== 0 && paths.some((p) => commandLine(e).includes(p)));
}

/**
 * A change the turn tried with a tool that refused it (round 31): no effect on its target
 * succeeded, and a tool call of the turn failed naming the target ("CHANGELOG.md already exists;
 * refusing to overwrite it"). Nothing changed, as with a failed command.
 */
export function refusedAttempt(goal: Goal, frame: Pick<TaskFrame, "since">, evidence: Evidence[], failures: Observation[]): Observation | undefined {
  if ((goal.intent !== "change" && goal.intent !== "verify") || !goal.target) return undefined;
  const paths = [goal.target, goal.to].filter((p): p is string => !!p);
  if (paths.some((p) => effectsOn(p, inTurn(frame, evidence)).some(succeeded))) return undefined;
  return failures.find((o) => o.source === "tool" && o.outcome === "failed" && paths.some((p) => (o.failure?.message ?? "").includes(p)));
}

/** Evidence of every side effect that happened: workspace changes, commands, receipts (verified or not). */
export const sideEffectIds = (evidence: Evidence[]): string[] =>
  evidence.filter((e) => e.kind === "write" || e.kind === "receipt" || e.kind === "command").map((e) => e.id);

/** What would show a change's requested state, in words: an observation, never the change again. */
function observationHint(g: Goal): string {
  const t = g.target ?? "the changed target";
  if (g.op === "delete") return `a listing of ${dirOf(t)} made after the last change that no longer shows ${baseOf(t)} (read_list)`;
  if (g.op === "move") return `an observation after the last change that ${g.to ?? "the new name"} exists and ${baseOf(t)} is gone (read_list of their directory)`;
  if (g.whole && g.expectsGone !== undefined && g.expects === undefined) return `a search over ${t} made after the last change that finds no ${JSON.stringify(g.expectsGone)} (search_text)`;
  const shows = [g.expects ? `holding ${g.whole ? "only " : ""}${JSON.stringify(g.expects)}` : "", (g.expectsGone ?? g.replaced) !== undefined ? `no longer holding ${JSON.stringify(g.expectsGone ?? g.replaced)}` : ""].filter(Boolean).join(" and ");
  return `a read of ${t} made after the last change${shows ? `, ${shows}` : ""} (read_open)`;
}

/** Which kinds of evidence would cover a goal, in words for the Planner and the user. */
export function coverageHint(g: Goal): string {
  switch (g.intent) {
    case "read":
      return `evidence from ${g.target} itself: its content (read_open, read_slice or read_extract; read_list for a directory), a search over it, or a command's output about it`;
    case "question":
      return g.domain
        ? `a record from a real ${g.domain} tool (tool_search "${g.domain}" if none is visible; simulated tools do not count)`
        : "file content or passages that answer it (read_locate or search_text, then read_open; or retrieve); a search over the named scope that finds nothing, or a command's output, answers too";
    case "compare":
      return `the content of every file compared (read_open each)`;
    case "change":
      return `the change made by any means (${{ write: "write_file", edit: "edit_file or write_file", move: "move_path", delete: "delete_path" }[g.op ?? "edit"]}, a command, a SubAgent), then observed`;
    case "verify":
      return observationHint(g);
    case "run":
      if (g.domain === "code") return "a git command that makes that change to the repository (run_command git …), with its exit code";
      return `a command result with its exit code (run_command${g.subject ? `, ${{ test: "running the tests", build: "running the build", lint: "running the linter", service: "restarting the service" }[g.subject]}` : ""}; simulated runners do not count)`;
    case "send":
      return `${g.target ? `a read of ${g.target}, then ` : ""}a receipt from a real ${g.domain ?? "messaging"} tool that sent it (simulated tools do not count)`;
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

/** The change goal a verification belongs to. */
const changeOf = (frame: TaskFrame, g: Goal) => frame.goals.find((c) => c.intent === "change" && c.op === g.op && c.target === g.target && c.to === g.to);

/**
 * The completion gate: may the Planner answer now? Every open goal is named with what would
 * cover it. When an effect on a change's target already happened, only an observation is
 * asked for (and the change goal is not listed), never the change again: asking for it
 * would invite a second effect.
 */
const MISSING_IN_FULL = 8;

export function completionGate(frame: TaskFrame, evidence: Evidence[]): GateVerdict {
  const open = frame.goals.filter((g) => g.status === "open");
  if (open.length === 0) return { pass: true };
  const readPaths = new Set(evidence.filter((e) => real(e) && (e.kind === "content" || e.kind === "passage")).map((e) => e.source.path));
  const missing = open.map((g): MissingGoal => {
    let needs = coverageHint(g);
    if (g.intent === "change" || g.intent === "verify") {
      const state = changeState(g, frame, evidence);
      if (state.lastEffect) needs = observationHint(g);
      if (state.contradictedBy) needs += `; the observation [${state.contradictedBy.id}] after the last change does not show the requested state`;
      else if (state.lastEffect && !succeeded(state.lastEffect) && g.intent === "change") needs = `${coverageHint(g)}; the last attempt [${state.lastEffect.id}] did not succeed`;
    }
    if (g.intent === "question" && !g.domain) {
      const unread = [...new Set(evidence.filter((e) => e.kind === "locate_hit" && !readPaths.has(e.source.path)).map((e) => e.source.path))];
      if (unread.length) needs += `; located but not read: ${unread.slice(0, 5).join(", ")}`;
    }
    return { goalId: g.id, description: g.description, needs };
  });
  // A change whose verification is the only thing missing is named once, as that observation.
  const shown = missing.filter((m) => {
    const g = frame.goals.find((x) => x.id === m.goalId)!;
    if (g.intent !== "change") return true;
    const verify = frame.goals.find((v) => v.intent === "verify" && changeOf(frame, v) === g && v.status === "open");
    return !(verify && changeState(g, frame, evidence).lastEffect);
  });
  // A request listing hundreds of paths is refused in a few lines: the first goals in full, the rest by name.
  const rest = shown.slice(MISSING_IN_FULL);
  const more = rest.length ? `; and ${rest.length} more (${rest.slice(0, 10).map((m) => m.description).join(", ")}${rest.length > 10 ? ", …" : ""})` : "";
  const message = `the task is not complete yet; missing: ${shown.slice(0, MISSING_IN_FULL).map((m) => `${m.description} — needs ${m.needs}`).join("; ")}${more}`;
  return { pass: false, missing, message };
}

/** A call the ledger alone proves is next; the Planner takes it without asking the model. */
export interface ProvenStep {
  toolId: string;
  input: Record<string, unknown>;
  why: string;
}

/**
 * The deterministic coverage transition: a change that must be observed (read back, or for a
 * delete or a move, its directory listed), or the one file a locate found when a question
 * still needs content. Returns null whenever the next step is a choice (several candidates,
 * no change to verify, an observation already made that showed something else).
 */
export function provenNextStep(frame: TaskFrame, evidence: Evidence[], latestEvidenceIds: string[]): ProvenStep | null {
  for (const g of frame.goals) {
    if (g.intent !== "verify" || g.status !== "open" || !g.target) continue;
    const state = changeState(g, frame, evidence);
    if (!state.lastEffect || state.contradictedBy || after(evidence, state.lastEffect).some((e) => real(e) && (e.kind === "content" || e.kind === "listing"))) continue;
    const how = state.lastEffect.kind === "write" ? "written" : "changed";
    if (g.op === "delete") return { toolId: "read_list", input: { path: dirOf(g.target) }, why: `${g.target} was deleted; its directory must show it gone` };
    if (g.op === "move") {
      const to = g.to ?? g.target;
      const recorded = state.lastEffect.kind === "write";
      return recorded || dirOf(to) !== dirOf(g.target)
        ? { toolId: "read_open", input: { path: to }, why: `${g.target} was moved to ${to}; it must be read there` }
        : { toolId: "read_list", input: { path: dirOf(to) }, why: `${g.target} was moved to ${to}; their directory must show it` };
    }
    return { toolId: "read_open", input: { path: g.target }, why: `${g.target} was ${how}; it must be read back` };
  }
  const needsContent = frame.goals.some((g) => g.status === "open" && ((g.intent === "question" && !g.domain) || g.intent === "read"));
  if (!needsContent) return null;
  const latest = new Set(latestEvidenceIds);
  const hits = evidence.filter((e) => latest.has(e.id) && e.kind === "locate_hit" && e.source.path);
  const paths = [...new Set(hits.map((e) => e.source.path as string))];
  if (paths.length !== 1 || hits.length !== 1) return null;
  const hit = hits[0]!;
  const wanted = frame.goals.some((g) => g.status === "open" && (g.intent === "question" || g.target === hit.source.path));
  if (!wanted || evidence.some((e) => real(e) && (e.kind === "content" || e.kind === "passage") && e.source.path === hit.source.path)) return null;
  return hit.source.startLine !== undefined && hit.source.endLine !== undefined && hit.toolId === "codebase_explore"
    ? { toolId: "read_slice", input: { path: hit.source.path, startLine: hit.source.startLine, endLine: hit.source.endLine }, why: `the index found one candidate; its original lines must be read` }
    : { toolId: "read_open", input: { path: hit.source.path }, why: `the locate found one file; it must be read` };
}
