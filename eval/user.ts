/**
 * The simulated user every route asks, with the same answers: it approves a call only when
 * one of the case's rules approves that tool with those argument values; anything else is
 * rejected (the user approves what they asked for, not whatever the model proposes). It
 * records every question, so the runner can tell which executed effects were approved.
 */
import { isDeepStrictEqual } from "node:util";
import type { ApprovalRule } from "./case.js";
import type { ApprovalRecord } from "./types.js";

export class SimulatedUser {
  readonly asked: ApprovalRecord[] = [];

  constructor(
    private readonly rules: readonly ApprovalRule[],
    readonly answer: string,
  ) {}

  decide(tool: string, args: Record<string, unknown>): "approve" | "reject" {
    const rule = this.rules.find((r) => r.tool === tool && matchesArgs(r.args, args));
    const decision = rule?.decision ?? "reject";
    this.asked.push({ tool, args: structuredClone(args), decision });
    return decision;
  }
}

/** Every value the rule names equals the call's value (other arguments are free). */
export function matchesArgs(expected: Record<string, unknown> | undefined, args: Record<string, unknown>): boolean {
  if (!expected) return true;
  return Object.entries(expected).every(([key, value]) => isDeepStrictEqual(args[key], value));
}
