/**
 * Policy (CONTRACT §3): classifies one frozen call as allow · ask · deny, from a policy
 * file (JSON or YAML) over defaults where every high-risk class asks. A policy may make a
 * call stricter (ask or deny) but never lets a high-risk class run unapproved.
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

export class Policy {
  private constructor(
    private readonly file: PolicyFile,
    readonly source: string,
  ) {}

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
    return this.file.rejectEndsRun;
  }

  classify(call: Pick<PendingToolCall, "toolId" | "riskClass">): PolicyOutcome {
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
