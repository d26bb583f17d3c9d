/** The structural lookups of an index, derived from its tools' features: by name, name term, vendor and operand kind. */
import { commonLimit } from "../config.js";
import { push } from "../ranking.js";
import type { OperandKind, ToolFeatures } from "../types.js";

/** A vendor tool's vendor and capability (its name terms), as `distinct` compares them. */
export interface VendorTool {
  tool: ToolFeatures;
  vendor: string;
  capability: string;
}

export class Postings {
  readonly byName = new Map<string, ToolFeatures>();
  readonly vendorTools = new Map<string, VendorTool>();
  readonly names = new Map<string, ToolFeatures[]>();
  readonly vendors = new Map<string, ToolFeatures[]>();
  readonly operands = new Map<OperandKind, ToolFeatures[]>();
  /** Damped inverse document frequency of each name term: "scale" (a few tools) outweighs "list" (hundreds). */
  readonly nameIdf = new Map<string, number>();
  /** Names with characters the `TOOL_NAME` pattern does not cover, matched as substrings. */
  readonly otherScriptNames: string[] = [];
  /** More tools than this share a common term (`tuning.maxDocumentShare`, `tuning.commonFloor`). */
  readonly commonLimit: number;

  constructor(features: readonly ToolFeatures[]) {
    this.commonLimit = commonLimit(features.length);
    for (const tool of features) {
      this.byName.set(tool.name, tool);
      if (tool.vendors.length > 0) this.vendorTools.set(tool.name, { tool, vendor: tool.vendors.join(" "), capability: tool.nameTerms.join(" ") });
      for (const term of tool.nameTerms) push(this.names, term, tool);
      for (const vendor of tool.vendors) push(this.vendors, vendor, tool);
      for (const kind of tool.operands) push(this.operands, kind, tool);
      if (!/^[A-Za-z][A-Za-z0-9_.\-]*$/.test(tool.name)) this.otherScriptNames.push(tool.name);
    }
    const spread = Math.log(Math.max(2, features.length));
    for (const [term, list] of this.names) this.nameIdf.set(term, 1 + Math.log(features.length / list.length) / spread);
  }
}
