/**
 * The evaluation case format: one JSON object per line of a suite file (JSONL). A case
 * names a task, the workspace fixture it runs in, its gold plan (the tools a correct run
 * uses, in order), what the simulated user answers when asked, and outcome checks that
 * inspect real results (files on disk, what executed, what the answer cites), never the
 * model's claims. A line that does not parse is reported as that case's error; it never
 * stops the suite.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../contract/errors.js";

const Args = z.record(z.string(), z.unknown());

/** One step of the gold plan: a concrete tool call, a delegation, or the final answer. */
export const GoldStep = z.union([
  z
    .object({
      tool: z.string().min(1).describe("Canonical tool name."),
      args: Args.default({}).describe("The call's arguments."),
    })
    .strict(),
  z
    .object({
      delegate: z
        .object({ task: z.string().min(1).describe("The work package."), acceptance: z.string().default("").describe("Acceptance criteria.") })
        .strict()
        .describe("A delegate_task step; routes without delegation skip it and do the following steps themselves."),
    })
    .strict(),
  z
    .object({
      answer: z.string().describe("The final answer's text."),
      cite: z.array(z.string()).default([]).describe("Workspace paths the answer cites."),
    })
    .strict(),
]);
export type GoldStep = z.infer<typeof GoldStep>;

/** What the simulated user says when asked to approve a call. */
export const ApprovalRule = z
  .object({
    tool: z.string().min(1).describe("Tool the rule answers for."),
    decision: z.enum(["approve", "reject"]).describe("The user's answer."),
    args: Args.optional().describe("Only calls whose arguments include these exact values; any other call of the tool is rejected."),
  })
  .strict();
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** An outcome check over real results. */
export const Check = z.discriminatedUnion("type", [
  z.object({ type: z.literal("file_contains"), path: z.string(), text: z.string() }).strict().describe("The file exists and contains the text."),
  z.object({ type: z.literal("file_absent"), path: z.string() }).strict().describe("The path does not exist."),
  z.object({ type: z.literal("file_unchanged"), path: z.string() }).strict().describe("The file is byte-identical to the fixture's."),
  z
    .object({ type: z.literal("executed"), tool: z.string(), min: z.number().int().default(1), max: z.number().int().optional(), args: Args.optional() })
    .strict()
    .describe("The tool really ran between min and max times (optionally with these argument values)."),
  z.object({ type: z.literal("not_executed"), tool: z.string() }).strict().describe("The tool never ran."),
  z.object({ type: z.literal("no_side_effects") }).strict().describe("No tool with effects (any risk class but read) ran."),
  z.object({ type: z.literal("answer_cites"), path: z.string() }).strict().describe("The answer names the path and a read of it really succeeded."),
  z.object({ type: z.literal("answer_contains"), text: z.string() }).strict().describe("The answer contains the text (case-insensitive)."),
]);
export type Check = z.infer<typeof Check>;

export const CATEGORIES = [
  "read",
  "compare",
  "edit",
  "terminal",
  "recoverable",
  "terminal_failure",
  "discovery",
  "mcp",
  "delegation",
  "injection",
] as const;

export const EvalCase = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).describe("Unique id (lowercase, digits, dashes)."),
    split: z.enum(["tuning", "heldout"]).describe("Tuning cases may be looked at while building; held-out cases are only reported."),
    category: z.enum(CATEGORIES).describe("What the case exercises."),
    subsets: z.array(z.string()).default([]).describe('Named subsets, e.g. "seed002".'),
    task: z.string().min(1).describe("The user's request, verbatim."),
    fixture: z.string().min(1).describe("Workspace fixture: a directory under eval/fixtures/ copied fresh for every run."),
    gold: z
      .object({
        tools: z.array(z.string()).default([]).describe("Tools a correct run must reach (enter the model's view) and select."),
        plan: z.array(GoldStep).min(1).describe("The oracle's plan: ends with an answer step."),
      })
      .strict(),
    user: z
      .object({
        approvals: z.array(ApprovalRule).default([]).describe("Answers to approval requests; a call no rule approves is rejected."),
        answer: z.string().default("Please continue with what you have.").describe("The reply to a question (ask_user)."),
      })
      .strict()
      .default({ approvals: [], answer: "Please continue with what you have." }),
    expect: z
      .object({
        failure: z.enum(["none", "recoverable", "terminal"]).default("none").describe("The failure class the run must show."),
        checks: z.array(Check).min(1).describe("Outcome checks; the case succeeds when all pass."),
      })
      .strict(),
    turns: z.string().optional().describe("Scripted model turn file (relative to the suite file); default: the gold plan replayed verbatim."),
  })
  .strict();
export type EvalCase = z.infer<typeof EvalCase>;

/** A suite line: a parsed case, or the reason it is unusable (reported as that case's error). */
export type SuiteEntry = { ok: true; line: number; case: EvalCase } | { ok: false; line: number; id: string; error: string };

/**
 * Reads a JSONL suite. Blank lines and lines starting with `//` are skipped. Never throws
 * for a bad line; throws SuiteError only when the file itself cannot be read.
 */
export function loadSuite(path: string): SuiteEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new SuiteError(`cannot read suite ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const entries: SuiteEntry[] = [];
  const seen = new Set<string>();
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith("//")) return;
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (err) {
      entries.push({ ok: false, line, id: `line-${line}`, error: `line ${line} is not JSON: ${(err as Error).message}` });
      return;
    }
    const id = typeof (json as { id?: unknown })?.id === "string" ? (json as { id: string }).id : `line-${line}`;
    const parsed = EvalCase.safeParse(json);
    if (!parsed.success) {
      entries.push({ ok: false, line, id, error: `malformed case: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}` });
      return;
    }
    if (seen.has(parsed.data.id)) {
      entries.push({ ok: false, line, id, error: `duplicate case id "${id}"` });
      return;
    }
    const last = parsed.data.gold.plan.at(-1);
    if (!last || !("answer" in last)) {
      entries.push({ ok: false, line, id, error: "malformed case: the gold plan must end with an answer step" });
      return;
    }
    seen.add(parsed.data.id);
    entries.push({ ok: true, line, case: parsed.data });
  });
  return entries;
}

/** The suite file cannot be read at all (a usage error: nothing ran). */
export class SuiteError extends InputError {}
