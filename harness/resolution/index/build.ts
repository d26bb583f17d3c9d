/** Building a resolution index from the tools themselves: their documents, features and common terms. */
import MiniSearch from "minisearch";
import { englishWords, stem } from "../../../language/english.js";
import { plainTerms } from "../../../language/terms.js";
import { commonLimit } from "../config.js";
import { FIELDS, type Document, type IndexedTool, type ToolFeatures } from "../types.js";
import { analyseTool, namesATool, TOOL_NAME } from "./enrichment.js";
import { MCP_PREFIX, vendorAliases, vendorPrefixes } from "./vendors.js";

/** How the lexical stage cuts a field into terms; a query arrives as terms already. */
const fieldTerms = (text: string, field?: string): string[] => (field === "name" ? text.split(" ").filter(Boolean) : plainTerms(text));

export const lexicalOptions = {
  idField: "id",
  fields: [...FIELDS] as string[],
  tokenize: fieldTerms,
  processTerm: (term: string) => term,
};

/** What an index is made of: each tool's features, the BM25 index of their documents, the common terms. */
export interface IndexParts {
  features: ToolFeatures[];
  lexical: MiniSearch<Document>;
  common: string[];
}

/** Analyses every tool (vendor prefixes and aliases are learned from the whole catalog). */
export function buildIndex(tools: readonly IndexedTool[]): IndexParts {
  const prefixes = vendorPrefixes(tools);
  const nameCounts = new Map<string, number>();
  for (const tool of tools) for (const term of new Set(englishWords(tool.name.replace(MCP_PREFIX, "")).map(stem))) nameCounts.set(term, (nameCounts.get(term) ?? 0) + 1);
  const analysed = tools.map((tool) => analyseTool(tool, prefixes, nameCounts));
  const registered = new Set(tools.map((tool) => tool.name));
  tools.forEach((tool, index) => {
    const named = [...tool.description.matchAll(TOOL_NAME)].filter((match) => match[0] !== tool.name && registered.has(match[0]) && namesATool(match, tool.description)).map((match) => match[0]);
    analysed[index]!.features.companions = [...new Set(named)];
  });
  const frequency = new Map<string, number>();
  for (const { document } of analysed) {
    const terms = new Set(FIELDS.flatMap((field) => fieldTerms(document[field], field)));
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const lexical = new MiniSearch<Document>(lexicalOptions);
  lexical.addAll(analysed.map((entry) => entry.document));
  const features = analysed.map((entry) => entry.features);
  const aliases = vendorAliases(tools, features);
  for (const tool of features) tool.vendors.push(...(aliases.get(tool.vendors.join(" ")) ?? []));
  const limit = commonLimit(tools.length);
  const common = [...frequency].filter(([, count]) => count > limit).map(([term]) => term);
  return { features, lexical, common };
}
