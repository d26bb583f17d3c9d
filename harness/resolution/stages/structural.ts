/**
 * The structural stage: tools ranked by how much of their own name the task explains
 * (idf-weighted), the vendor the task names, and the kinds of operand their parameters take.
 */
import type { TaskOperands } from "../../../language/operands.js";
import type { WeightedTerms } from "../../../language/terms.js";
import { tuning } from "../config.js";
import type { Postings } from "../index/postings.js";
import { OPERAND_KINDS, type Distinct, type Eligible, type OperandKind, type Scored, type ToolFeatures } from "../types.js";
import { distinct } from "./distinct.js";

/**
 * Tools ranked by how much of their own name the task explains (idf-weighted), raised for
 * the vendor the task names and for parameters that take the task's operands. A tool must
 * have a name word the task explains, or be of the named vendor and take its operand.
 */
export function structural(postings: Postings, terms: WeightedTerms, operands: TaskOperands, eligible: Eligible, lexical: readonly string[], namedVendors: ReadonlySet<string>): Distinct {
  const operandKinds = OPERAND_KINDS.filter((kind) => operands[kind].length > 0);
  const candidates = new Set<ToolFeatures>();
  for (const [term, weight] of terms) {
    const named = postings.names.get(term);
    if (weight >= tuning.nameTermFloor && named && named.length <= postings.commonLimit) for (const tool of named) candidates.add(tool);
  }
  for (const vendor of namedVendors) for (const tool of postings.vendors.get(vendor) ?? []) candidates.add(tool);
  const namesACapability = candidates.size > 0;
  // The task's operands say which tools can act on them ("explain what src/queue.ts exports").
  for (const kind of operandKinds) for (const tool of postings.operands.get(kind) ?? []) candidates.add(tool);
  const scored = scoreStructure(postings, candidates, terms, namedVendors, operandKinds);
  // …and a task that names an operand but no capability at all is, first, about reading it.
  if (operandKinds.length > 0 && !namesACapability) {
    for (const hit of scored) if (postings.byName.get(hit.name)?.readOnly) hit.score += tuning.readOnlyBonus;
  }
  // Equal structure is ordered by the lexical evidence, then by name: never by registration order.
  const lexicalRank = new Map(lexical.map((name, rank) => [name, rank]));
  const unranked = lexical.length;
  return distinct(
    scored.sort((a, b) => b.score - a.score || (lexicalRank.get(a.name) ?? unranked) - (lexicalRank.get(b.name) ?? unranked) || a.name.length - b.name.length || (a.name < b.name ? -1 : 1)),
    eligible,
    namedVendors,
    postings.vendorTools,
  );
}

function scoreStructure(postings: Postings, candidates: Iterable<ToolFeatures>, terms: WeightedTerms, namedVendors: ReadonlySet<string>, operandKinds: OperandKind[]): Scored[] {
  const scored: Scored[] = [];
  // Hundreds of candidates at 5,000 tools: arrays are made for the scored ones only.
  const explainedTerms: string[] = [];
  for (const tool of candidates) {
    let explained = 0;
    let total = 0;
    explainedTerms.length = 0;
    for (const term of tool.nameTerms) {
      const idf = postings.nameIdf.get(term) ?? 1;
      const weight = terms.get(term) ?? 0;
      total += idf;
      if (weight >= tuning.nameTermFloor) {
        explained += idf * Math.min(1, weight);
        explainedTerms.push(term);
      }
    }
    const ownVendor = namedVendors.size > 0 && tool.vendors.some((vendor) => namedVendors.has(vendor));
    const coverage = total > 0 && explained / total >= tuning.minCoverage ? explained / total : 0;
    const taken = operandKinds.length === 0 ? NO_OPERANDS : operandKinds.filter((kind) => tool.operands.includes(kind));
    let operandBonus = 0;
    for (const kind of taken) operandBonus = Math.max(operandBonus, tuning.operandBonus[kind]);
    const score = coverage * vendorFactor(tool, namedVendors) + (ownVendor ? tuning.vendorBonus : 0) + operandBonus;
    if (score > 0) scored.push({ name: tool.name, score, evidence: [...(coverage > 0 ? explainedTerms : []), ...taken] });
  }
  return scored;
}

/**
 * How much a tool's name match counts in the structural stage: whole for a tool of a vendor
 * the task names, or of no vendor when the task names none; half for any other tool:
 * `s3_delete_folder` answers "remove the cache folder" less well than `delete_path` (nobody said
 * S3), and `create_merge_request` answers "file a pull request with GitHub" less well than
 * GitHub's own tool.
 */
function vendorFactor(tool: ToolFeatures, namedVendors: ReadonlySet<string>): number {
  if (tool.vendors.some((vendor) => namedVendors.has(vendor))) return 1;
  return namedVendors.size === 0 && tool.vendors.length === 0 ? 1 : tuning.otherVendorFactor;
}

const NO_OPERANDS: readonly OperandKind[] = [];
