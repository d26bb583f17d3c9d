/**
 * Policy (CONTRACT §3): classifies one frozen call as allow · ask · deny, from a policy
 * file (JSON or YAML) over defaults where every high-risk class asks. A policy may make a
 * call stricter (ask or deny) but never lets a high-risk class run unapproved. On a server
 * the operator's policy (`MIRA_POLICY`) is a floor a run's own policy can only narrow
 * (`Policy.underFloor`).
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { RiskClass, type PendingToolCall } from "../state/types.js";
import { InputError } from "../contract/errors.js";

export type PolicyOutcome =
  | { outcome: "allow"; reason: string }
  | { outcome: "ask"; reason: string }
  | { outcome: "deny"; reason: string; terminal: boolean };

const Rule = z.enum(["allow", "ask", "deny"]);
type Rule = z.infer<typeof Rule>;

export const PolicyFile = z
  .object({
    version: z.literal(1).default(1).describe("Policy file format version."),
    risks: z.partialRecord(RiskClass, Rule).default({}).describe("Rule per risk class, over the defaults."),
    tools: z.record(z.string(), Rule).default({}).describe("Rule per tool name; wins over the risk-class rule."),
    denyIsTerminal: z.boolean().default(true).describe("A denial ends the run (true) or is an observation (false)."),
    rejectEndsRun: z.boolean().default(false).describe("A user's rejection ends the run instead of returning to the Planner."),
  })
  .strict()
  .superRefine((file, ctx) => {
    for (const [risk, rule] of Object.entries(file.risks)) {
      if (rule === "allow" && risk !== "read") {
        ctx.addIssue({ code: "custom", path: ["risks", risk], message: `${risk} is high-risk and always needs approval; use ask or deny` });
      }
    }
  });
export type PolicyFile = z.infer<typeof PolicyFile>;

/** Only reads run without asking by default; everything with effects asks. */
const DEFAULT_RULES: Record<RiskClass, Rule> = {
  read: "allow",
  file_write: "ask",
  file_delete: "ask",
  file_move: "ask",
  terminal: "ask",
  remote_write: "ask",
  mail_send: "ask",
  browser_input: "ask",
  external_mcp: "ask",
  network: "ask",
};

/** A policy file that cannot be read or is invalid. */
export class PolicyError extends InputError {}

const RANK: Record<Rule, number> = { allow: 0, ask: 1, deny: 2 };
const ruleOf = (outcome: PolicyOutcome): Rule => outcome.outcome;

export class Policy {
  private constructor(
    private readonly file: PolicyFile,
    readonly source: string,
    /** The operator's policy this one narrows (CONTRACT §3: a client narrows, never widens). */
    private readonly floor?: Policy,
  ) {}

  /**
   * A run's own policy under the operator's `floor`: every call gets the stricter of the two
   * outcomes (deny > ask > allow). A run file that says anything looser than the floor (a
   * risk rule below the floor's, a tool rule below the floor's rule for that tool, an `allow`
   * the floor does not give itself, `denyIsTerminal: false` over a terminal floor) is refused
   * with one line (PolicyError) before anything runs. What the file cannot be compared on
   * statically (a tool rule against the floor's rule for the tool's risk class) is still
   * never looser, because `classify` takes the stricter outcome.
   */
  static underFloor(floor: Policy, run: Policy): Policy {
    const widen: string[] = [];
    for (const [risk, rule] of Object.entries(run.file.risks) as Array<[RiskClass, Rule]>) {
      const base = floor.file.risks[risk] ?? DEFAULT_RULES[risk];
      if (RANK[rule] < RANK[base]) widen.push(`risks.${risk}: ${rule} (operator: ${base})`);
    }
    for (const [tool, rule] of Object.entries(run.file.tools)) {
      const base = floor.file.tools[tool];
      if (base !== undefined ? RANK[rule] < RANK[base] : rule === "allow") widen.push(`tools.${tool}: ${rule} (operator: ${base ?? "no allow"})`);
    }
    if (floor.file.denyIsTerminal && !run.file.denyIsTerminal) widen.push("denyIsTerminal: false (operator: true)");
    if (widen.length) throw new PolicyError(`policy ${run.source} would widen the operator's policy (${floor.source}): ${widen.join(", ")}; a run may only add asks and denies`);
    return new Policy(run.file, `${run.source} over ${floor.source}`, floor);
  }

  static defaults(): Policy {
    return new Policy(PolicyFile.parse({}), "built-in defaults");
  }

  /** Reads a JSON or YAML policy file; throws PolicyError with one line on any problem. */
  static load(path: string | null | undefined): Policy {
    if (!path) return Policy.defaults();
    let raw: unknown;
    try {
      const text = readFileSync(path, "utf8");
      raw = /\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text);
    } catch (err) {
      throw new PolicyError(`cannot read policy file ${path}: ${(err as Error).message.split("\n")[0]}`);
    }
    const parsed = PolicyFile.safeParse(raw ?? {});
    if (!parsed.success) {
      throw new PolicyError(`invalid policy file ${path}: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
    }
    return new Policy(parsed.data, path);
  }

  get rejectEndsRun(): boolean {
    return this.file.rejectEndsRun || (this.floor?.rejectEndsRun ?? false);
  }

  /** This policy's outcome, or the floor's where that is stricter (ties keep the floor's reason). */
  classify(call: Pick<PendingToolCall, "toolId" | "riskClass">): PolicyOutcome {
    const own = this.classifyOwn(call);
    if (!this.floor) return own;
    const base = this.floor.classify(call);
    return RANK[ruleOf(own)] > RANK[ruleOf(base)] ? own : base;
  }

  private classifyOwn(call: Pick<PendingToolCall, "toolId" | "riskClass">): PolicyOutcome {
    const byTool = this.file.tools[call.toolId];
    const byRisk = this.file.risks[call.riskClass];
    const rule = byTool ?? byRisk ?? DEFAULT_RULES[call.riskClass];
    const origin = byTool ? `tool rule for ${call.toolId}` : byRisk ? `risk rule for ${call.riskClass}` : `default for ${call.riskClass}`;
    if (rule === "deny") return { outcome: "deny", reason: `denied by ${origin}`, terminal: this.file.denyIsTerminal };
    if (rule === "allow" && DEFAULT_RULES[call.riskClass] !== "allow") {
      return { outcome: "ask", reason: `${call.riskClass} always needs approval (${origin} cannot waive it)` };
    }
    return rule === "allow" ? { outcome: "allow", reason: origin } : { outcome: "ask", reason: `approval required: ${origin}` };
  }
}
