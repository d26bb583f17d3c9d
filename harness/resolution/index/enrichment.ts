/**
 * Index enrichment: a tool's lexical document (its name's words and product; its domain and
 * summary; its description, parameters and annotations; WordNet relatives and definitions;
 * glosses of any Chinese) and its structural features (name terms, vendors, operand kinds).
 */
import { definitionOf } from "../../../language/definitions.js";
import { englishWords, isStopword, stem } from "../../../language/english.js";
import { synonymsOf } from "../../../language/synonyms.js";
import { glossTerms } from "../../../language/terms.js";
import type { ToolAnnotations } from "../../../tools/types.js";
import { oneLine } from "../../catalogView.js";
import { tuning } from "../config.js";
import { OPERAND_KINDS, type Document, type IndexedTool, type OperandKind, type ToolFeatures } from "../types.js";
import { MCP_PREFIX, vendorsOf } from "./vendors.js";

/** A word that may be a tool's canonical name (`git_diff`, `mcp__fs__read_file`, `fs.read`, `API-get-user`). */
export const TOOL_NAME = /[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g;

/**
 * Parameters that take each operand kind: a word of their name (`startTime` → start, time;
 * never a substring: `sendUpdates` takes no date), or the start of their description.
 */
const OPERAND_PARAMETERS: Record<OperandKind, { word: RegExp; description: RegExp }> = {
  paths: { word: /^(paths?|files?|filenames?|filepaths?|dirs?|directory|directories|folders?)$/, description: /^[^.]*\b(path|file|directory|folder)\b/i },
  urls: { word: /^(urls?|uris?|links?|href)$/, description: /^[^.]*\b(url|uri)\b/i },
  emails: { word: /^(to|cc|bcc|emails?|recipients?)$/, description: /^[^.]*\b(email address|recipient)/i },
  identifiers: { word: /^(symbols?|identifiers?|query|pattern)$/, description: /^[^.]*\b(symbol|identifier)\b/i },
  times: { word: /^(times?|dates?|datetime|start|end|when|due|deadline)$/, description: /^[^.]*\b(time|date|datetime)\b/i },
  names: { word: /^(origins?|destinations?|locations?|address|places?|city)$/, description: /^[^.]*\b(address|place|location)\b/i },
};
/** A parameter that is a record's key (`fileId`, `folder_id`, `messageIds`): it takes an id the service issued, not the operand its name mentions. */
const RECORD_KEY = /(?:[a-z0-9]Ids?|_ids?)$/;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

interface Parameter {
  name: string;
  description: string;
}

/** Parameter names and descriptions of a JSON Schema, one level of nesting deep. */
function parametersOf(schema: Record<string, unknown> | undefined, depth = 0): Parameter[] {
  const parameters: Parameter[] = [];
  for (const [name, value] of Object.entries(asRecord(schema?.properties) ?? {})) {
    const property = asRecord(value);
    parameters.push({ name, description: typeof property?.description === "string" ? property.description : "" });
    if (depth === 0) parameters.push(...parametersOf(asRecord(property?.items) ?? property, depth + 1));
  }
  return parameters;
}

function hintWords(annotations: ToolAnnotations | undefined): string {
  if (!annotations) return "";
  const words = [annotations.title ?? ""];
  if (annotations.readOnlyHint) words.push("read only view");
  if (annotations.destructiveHint) words.push("destructive delete remove");
  return words.join(" ");
}

/**
 * A tool's enriched document (the lexical stage's fields: its name's words and product; its
 * domain and one-line summary; the rest of its description, its parameters' names and
 * descriptions and its annotations; WordNet relatives of its name's words and English glosses
 * of any Chinese in it; the WordNet definitions of its rarer name words, `nameCounts`
 * telling how many tools' names hold each stem) and its structural features.
 */
export function analyseTool(tool: IndexedTool, prefixes: ReadonlySet<string>, nameCounts: ReadonlyMap<string, number>): { document: Document; features: ToolFeatures } {
  // A product's name in the tool's name (`google_calendar_get_event`) says whose tool it is, not what it does.
  const { vendors, product } = vendorsOf(tool, prefixes);
  const bareName = tool.name.replace(MCP_PREFIX, "");
  const nameWords = englishWords(bareName).filter((word) => word.length > 1);
  const content = nameWords.filter((word) => !isStopword(word)).map(stem);
  // A name of only function words ("get", "set") is still its own evidence.
  const nameTerms = [...new Set((content.length > 0 ? content : nameWords.map(stem)).filter((term) => !product.includes(term)))];
  const summary = oneLine(tool.description);
  const parameters = parametersOf(tool.inputSchema);
  // `fileId` names a record the tool's service keeps, not a path: a key takes no operand.
  const operandParameters = parameters.filter((parameter) => !RECORD_KEY.test(parameter.name));
  const takes = (kind: OperandKind, parameter: Parameter) =>
    englishWords(parameter.name).some((word) => OPERAND_PARAMETERS[kind].word.test(word)) || OPERAND_PARAMETERS[kind].description.test(parameter.description);
  const operands = OPERAND_KINDS.filter((kind) => operandParameters.some((parameter) => takes(kind, parameter)));
  const related = nameWords.flatMap((word) => synonymsOf(word)).join(" ");
  // A request may paraphrase what the name says ("money back" for a refund): the classic Lesk overlap.
  const defined = nameWords.filter((word) => !isStopword(word) && !product.includes(stem(word)) && (nameCounts.get(stem(word)) ?? 0) <= tuning.definedNameTools);
  const definition = defined.flatMap((word) => definitionOf(word)).join(" ");
  // Five fields, from most to least telling; few fields keep a query cheap at 5,000 tools.
  const document: Document = {
    id: tool.name,
    name: [...nameTerms, ...product].join(" "),
    summary: `${tool.domain.split(".")[0] ?? ""} ${summary}`,
    body: [tool.description.slice(summary.length), ...parameters.map((parameter) => `${parameter.name} ${parameter.description}`), hintWords(tool.annotations)].join(" "),
    related: `${related} ${glossTerms(`${bareName} ${tool.description}`, tuning.termWeights).join(" ")}`,
    definition,
  };
  return { document, features: { name: tool.name, nameTerms, vendors, operands, readOnly: tool.readOnly ?? false, companions: [] } };
}

/**
 * Whether a registered name in a description refers to that tool: written as an identifier
 * (`read_slice`, `list-issues`, `getUser`) or as code (`` `deploy` ``). A catalog that
 * publishes bare words as names (`deploy`, `search`, `logs`) would otherwise make every
 * description that says the word bring those tools along.
 */
export function namesATool(match: RegExpMatchArray, description: string): boolean {
  const [name] = match;
  if (/[_.\-]|[a-z][A-Z]/.test(name)) return true;
  const at = match.index ?? 0;
  return description[at - 1] === "`" && description[at + name.length] === "`";
}
