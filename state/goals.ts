/**
 * The goal ledger and the completion gate (CONTRACT §6): evidence answerable ≠ task
 * completable. Goals are extracted deterministically from the request; coverage is
 * computed from evidence of the right kind, never from the Planner's say-so.
 */
import type { Evidence, Goal, TaskFrame } from "./types.js";

const PATH_RE = /(?:^|[\s"'`(（“])((?:\.{0,2}\/)?(?:[\w.-]+\/)*[\w-]+\.[A-Za-z0-9]{1,8})(?=$|[\s"'`),.;:!?）”，。])/g;
const CHANGE_RE = /\b(create|write|add|append|edit|modify|change|update|replace|rename|move|delete|remove|fix)\b|新建|创建|写入|添加|修改|编辑|更新|替换|重命名|移动|删除|修复/i;
const READ_RE =
  /\b(read|open|explain|summari[sz]e|describe|what|which|where|how|why|find|look|show|tell|list|compare)\b|[?？]|读|看|解释|总结|说明|什么|哪|怎么|为什么|查找|找|列出|比较/i;

/** Mentioned workspace paths, in order, without duplicates. */
export function mentionedPaths(task: string): string[] {
  const found = [...task.matchAll(PATH_RE)].map((m) => (m[1] ?? "").replace(/^\.\//, ""));
  return [...new Set(found.filter((p) => p && !/^\d+(\.\d+)+$/.test(p)))];
}

/** Extracts the goals of a request. A change task's named path is its target, not something to read. */
export function extractTaskFrame(task: string): TaskFrame {
  const paths = mentionedPaths(task);
  const goals: Goal[] = [];
  if (CHANGE_RE.test(task)) {
    const target = paths[0];
    goals.push({ id: "g-change", kind: "change", description: `make the requested change${target ? ` to ${target}` : ""}`, target, status: "open" });
    goals.push({ id: "g-verify", kind: "verify_change", description: "read back what was changed", target, status: "open" });
    paths.slice(1).forEach((path, i) => goals.push(readPathGoal(path, i)));
  } else {
    paths.forEach((path, i) => goals.push(readPathGoal(path, i)));
    if (paths.length === 0 && READ_RE.test(task)) {
      goals.push({ id: "g-read", kind: "read", description: "read the content that answers the request", status: "open" });
    }
  }
  return { goals };
}

const readPathGoal = (path: string, i: number): Goal => ({ id: `g-read-${i + 1}`, kind: "read_path", description: `read ${path}`, target: path, status: "open" });

const evidenceNumber = (e: Evidence) => Number(e.id.slice(e.id.lastIndexOf("-") + 1));
const isRead = (e: Evidence) => e.verified && (e.kind === "content" || e.kind === "passage");

/**
 * Updates coverage from the evidence window. Coverage is sticky (evidence that scrolled out
 * of the window still happened), except that a newer write reopens its verification;
 * `declined` goals stay declined.
 */
export function coverGoals(frame: TaskFrame, evidence: Evidence[]): TaskFrame {
  const lastWrite = (target?: string) =>
    evidence.filter((e) => e.kind === "write" && (!target || e.source.path === target)).at(-1);
  const covered = (goal: Goal): boolean => {
    switch (goal.kind) {
      case "read":
        return evidence.some(isRead);
      case "read_path":
        return evidence.some((e) => isRead(e) && e.source.path === goal.target);
      case "change":
        return lastWrite(goal.target) !== undefined;
      case "verify_change": {
        const write = lastWrite(goal.target);
        return !!write && evidence.some((e) => isRead(e) && e.source.path === write.source.path && evidenceNumber(e) > evidenceNumber(write));
      }
      case "answer":
        return true;
    }
  };
  const status = (g: Goal): Goal["status"] => {
    if (g.status === "declined") return "declined";
    const recomputable = g.kind !== "verify_change" || lastWrite(g.target) !== undefined;
    if (!recomputable) return g.status;
    return covered(g) || (g.status === "covered" && g.kind !== "verify_change") ? "covered" : "open";
  };
  return { goals: frame.goals.map((g) => ({ ...g, status: status(g) })) };
}

/** Marks the change goals declined (the user rejected the change). */
export function declineChange(frame: TaskFrame, reason: string): TaskFrame {
  return {
    goals: frame.goals.map((g) =>
      g.kind === "change" || g.kind === "verify_change" ? { ...g, status: "declined" as const, description: `${g.description} (declined: ${reason})` } : g,
    ),
  };
}

export type GateVerdict = { pass: true } | { pass: false; missing: string[] };

/**
 * The completion gate: may the Planner answer now? Names every goal still open and every
 * located candidate that was never read (a locate hit is not content).
 */
export function completionGate(frame: TaskFrame, evidence: Evidence[]): GateVerdict {
  const missing = frame.goals.filter((g) => g.status === "open").map((g) => g.description);
  const readPaths = new Set(evidence.filter(isRead).map((e) => e.source.path));
  const needsContent = frame.goals.some((g) => g.kind === "read" && g.status === "open");
  if (needsContent) {
    const unread = [...new Set(evidence.filter((e) => e.kind === "locate_hit" && !readPaths.has(e.source.path)).map((e) => e.source.path))];
    if (unread.length) missing.push(`located but not read: ${unread.slice(0, 5).join(", ")}`);
  }
  return missing.length ? { pass: false, missing } : { pass: true };
}
