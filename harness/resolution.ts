/**
 * Progressive Resolution's ranking (CONTRACT §7), built once per tool set and queried per
 * task. Each stage ranks the eligible tools on its own evidence:
 * - exact: canonical names written in the task;
 * - structural: how much of a tool's own name the task explains, the vendor the task names
 *   (GitHub, not GitLab), and the kind of its operands (a URL, a path, a mail address) against
 *   the tool's parameters;
 * - lexical: BM25 (minisearch) over each tool's enriched text: name words, vendor, domain,
 *   description, parameter names and descriptions, MCP annotations, the WordNet synonyms
 *   of its name words and the WordNet definitions of its rarer name words, queried with the
 *   task's weighted terms (`text.ts`);
 * - semantic (optional, supplied by the caller): an embeddings ranking.
 * Each stage ranks distinct evidence: among tools of vendors the task does not name, one the
 * request matches by the same evidence as a better one (`box_delete_folder` after
 * `outlook_delete_folder` for "delete the folder") is a copy, ranked after every distinct tool.
 * The rankings are fused by reciprocal rank fusion, with, for a request of several clauses,
 * each clause's own fused ranking (`clauseRankings`); the stages order the evidence, they do
 * not shrink the disclosure. Only an exact canonical name stands alone; otherwise up to the
 * limit of the fused candidates are disclosed. A task nothing matches resolves to nothing:
 * there is no registration-order fallback. Authority and readiness are the caller's business
 * (`eligible`); only eligible tools are ever ranked.
 */
import MiniSearch from "minisearch";
import { definitionOf } from "../language/definitions.js";
import { englishWords, isStopword, singular, stem } from "../language/english.js";
import { glossesOf, inDictionary, isProperNoun, pinyinOf } from "../language/glosses.js";
import { hasHan } from "../language/segment.js";
import { synonymsOf } from "../language/synonyms.js";
import { oneLine } from "./catalogView.js";
import { isNegated, requestClauses } from "../language/clauses.js";
import { glossTerms, operandsOf, plainTerms, weightedTerms, type TaskOperands, type WeightedTerms } from "./text.js";
import type { ToolAnnotations } from "../tools/types.js";
import type { ResolutionStage } from "./types.js";


/** What resolution needs to know about a tool. */
export interface IndexedTool {
  name: string;
  domain: string;
  description: string;
  /** JSON Schema of the input, when known: its parameter names and descriptions are indexed. */
  inputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** Only reads (risk class `read`, or an MCP `readOnlyHint`). */
  readOnly?: boolean;
}

export interface StageHit {
  name: string;
  stage: ResolutionStage;
}

/** One stage's ranking, best first. */
export interface StageRanking {
  stage: Exclude<ResolutionStage, "search">;
  names: string[];
  /** Tools this stage cannot tell apart from a better one of its names (`distinct`): fused after every name. */
  copies?: string[];
  /** The stage that ranked each name, when they differ (a clause's fused ranking): what its fused hits are labelled with. */
  stages?: StageRanking["stage"][];
}

/** A fused candidate: its fused score and the stage that ranked it best. */
export interface FusedHit extends StageHit {
  stage: StageRanking["stage"];
  score: number;
}

export interface FusedResolution {
  /** What to disclose: the exact names alone, or up to the limit of the fused ranking. */
  disclosed: StageHit[];
  /** The whole fused ranking (capped), best first. */
  ranked: FusedHit[];
  /** The deterministic stages disagree about the best tool, or found none: the semantic stage's cue. */
  ambiguous: boolean;
}

type Eligible = (name: string) => boolean;

const HYPHENATED = /\b[A-Za-z]+(?:-[A-Za-z]+)+\b/g;
const ALPHANUMERIC_WORD = /[A-Za-z0-9]+/g;
/** Letters a vendor's short name keeps ("mongo"): fewer begin too many words. */
const MIN_NICKNAME = 4;
/** The shortest part of a compound noun read for its head ("whiteboard" → board). */
const MIN_COMPOUND_PART = 4;
/** Longer than any two dictionary words: a run of letters this long (a pasted blob) is no compound, and trying its every split costs its length squared. */
const MAX_COMPOUND_WORD = 40;
/** A compound's head is what it is, but less precisely than the word said. */
const COMPOUND_HEAD_WEIGHT = 0.5;
/** Reciprocal rank fusion constant: smaller trusts each stage's top ranks more. */
const RRF_K = 10;
/** Candidates each stage contributes to the fusion. */
const STAGE_DEPTH = 30;
/** Operations of the first-matched product that stay names when the request does not say which one it wants. */
const FIRST_PRODUCT_OPERATIONS = 3;
/** A stage reads at most this many times its depth of hits for distinct ones. */
const DISTINCT_SCAN = 10;
/** Field boosts of the lexical stage: a word in a tool's name says more than one in a parameter's description. */
const FIELD_BOOST = { name: 3, summary: 1.5, body: 1, related: 0.4, definition: 0.1 } as const;
type Field = keyof typeof FIELD_BOOST;
const FIELDS = Object.keys(FIELD_BOOST) as Field[];
/** The fields a weak request term (a synonym, a late gloss) is looked up in: a definition's words are too loose a match for it. */
const FIELDS_BUT_DEFINITION = FIELDS.filter((field) => field !== "definition");
/**
 * A name word in at most this many tools' names brings its WordNet definition ("refund" →
 * money returned to a payer): it names what sets the tool apart. Definitions of the words
 * many tools share ("list", "get", "time") match requests at random.
 */
const DEFINED_NAME_TOOLS = 5;
/** A structural candidate of a vendor the task names outranks every tool of another vendor. */
const VENDOR_BONUS = 1;
/** The task names a vendor other than this tool's, or the tool belongs to a vendor the task never names: its name match counts half. */
const OTHER_VENDOR_FACTOR = 0.5;
/**
 * What an operand the tool takes is worth: a path, a URL or a mail address is as strong as a
 * fully explained name; a time, a place or an identifier is shared by many kinds of tools.
 */
const OPERAND_BONUS: Record<OperandKind, number> = { paths: 1, urls: 1, emails: 1, identifiers: 0.5, times: 0.5, names: 0.5 };
/** A task that names an operand but no action is, first, about reading it. */
const READ_ONLY_BONUS = 0.25;
/** The lexical query keeps the task's strongest terms only: a long Chinese request glosses to a hundred words. */
const QUERY_TERMS = 16;
/** Terms (at a weight) whose BM25 hits a resolution index remembers: a few thousand hits in all, as requests come (each term's hits are at most the common limit's). */
const REMEMBERED_TERMS = 4096;
const REMEMBERED_WORDS = 20_000;
/** A term in more than this share of the tools (a "list", a "delete" at 5,000 tools) costs the most to look up in every field: only tool names are searched for it. */
const MAX_DOCUMENT_SHARE = 0.05;
/** BM25's term-frequency part (minisearch's defaults k 1.2, b 0.7, d 0.5) for one occurrence in a field of average length. */
const AVERAGE_NAME_TF = 1.5;
/** A common term this strong (a word the request says, or a Chinese word's first gloss) is still looked up in tool names. */
const COMMON_TERM_WEIGHT = 0.8;
/** A term this strong (a word said, a first gloss) is looked up in the tools' definitions too. */
const DEFINITION_TERM_WEIGHT = COMMON_TERM_WEIGHT;
/** …but in a catalog of a few hundred tools, "file" or "event" in a hundred of them still ranks. */
const COMMON_FLOOR = 100;
const commonLimit = (tools: number): number => Math.max(COMMON_FLOOR, tools * MAX_DOCUMENT_SHARE);
/** A request term weaker than this (a synonym, a late gloss) does not explain a name word alone. */
const NAME_TERM_FLOOR = 0.35;

/** A word written with a capital letter (a proper noun, when it is not the first word). */
const CAPITALIZED = /\b[A-Z][A-Za-z0-9]*\b/g;
/** A proper name in running text: capitalized, then lower case ("Google", "Feishu"; not "TIP" or "JSON"). */
const PROPER_NAME = /\b[A-Z][a-z]+[A-Za-z0-9]*\b/g;
const DESCRIPTION_WORD = /[a-z0-9]+/g;
const HAN_RUN = /[\u3400-\u9fff]+/g;
/** Characters in a Chinese brand name read as pinyin (飞书, 钉钉). */
const MAX_PINYIN_NAME = 4;
/** Letters a vendor's name needs before pinyin may spell it: 里呢 reads "line". */
const MIN_PINYIN_VENDOR = 5;
/** Share of a vendor's tools whose descriptions must name a word for it to be the vendor's other name. */
const ALIAS_SHARE = 0.5;
/** An alias is the vendor's own: other tools' texts say it at most this fraction as often. */
const ALIAS_OUTSIDE_RATIO = 0.25;
/** A word that may be a tool's canonical name (`git_diff`, `mcp__fs__read_file`, `fs.read`, `API-get-user`). */
const TOOL_NAME = /[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g;
const MCP_PREFIX = /^mcp__([^_].*?)__/;

/**
 * Parameters that take each operand kind: a word of their name (`startTime` → start, time;
 * never a substring: `sendUpdates` takes no date), or the start of their description.
 */
const OPERAND_PARAMETERS: Record<"paths" | "urls" | "emails" | "identifiers" | "times" | "names", { word: RegExp; description: RegExp }> = {
  paths: { word: /^(paths?|files?|filenames?|filepaths?|dirs?|directory|directories|folders?)$/, description: /^[^.]*\b(path|file|directory|folder)\b/i },
  urls: { word: /^(urls?|uris?|links?|href)$/, description: /^[^.]*\b(url|uri)\b/i },
  emails: { word: /^(to|cc|bcc|emails?|recipients?)$/, description: /^[^.]*\b(email address|recipient)/i },
  identifiers: { word: /^(symbols?|identifiers?|query|pattern)$/, description: /^[^.]*\b(symbol|identifier)\b/i },
  times: { word: /^(times?|dates?|datetime|start|end|when|due|deadline)$/, description: /^[^.]*\b(time|date|datetime)\b/i },
  names: { word: /^(origins?|destinations?|locations?|address|places?|city)$/, description: /^[^.]*\b(address|place|location)\b/i },
};
/** A parameter that is a record's key (`fileId`, `folder_id`, `messageIds`): it takes an id the service issued, not the operand its name mentions. */
const RECORD_KEY = /(?:[a-z0-9]Ids?|_ids?)$/;
/** The words of those parameters, added to the lexical query: a URL in the task favours tools with a `url` parameter. */
const OPERAND_QUERY: Record<OperandKind, string[]> = {
  paths: ["path", "file"],
  urls: ["url"],
  emails: ["email", "recipient"],
  identifiers: ["symbol"],
  times: ["time", "date", "start", "end"],
  names: ["origin", "destination", "location", "place"],
};
const OPERAND_QUERY_WEIGHT = 0.5;
/** Share of a tool's name (idf-weighted) the task must explain before its name counts as structural evidence. */
const MIN_COVERAGE = 0.5;
type OperandKind = keyof typeof OPERAND_PARAMETERS;
const OPERAND_KINDS = Object.keys(OPERAND_PARAMETERS) as OperandKind[];

interface ToolFeatures {
  name: string;
  /** Stemmed words of the tool's own name, vendor words and stopwords left out. */
  nameTerms: string[];
  /** The vendor or product the tool belongs to: its MCP server, the sub-domains of its domain. */
  vendors: string[];
  /** Operand kinds the tool's parameters take. */
  operands: OperandKind[];
  readOnly: boolean;
  /** Tools its description names ("verify with read_slice"): disclosed with it while K allows. */
  companions: string[];
}

type Document = { id: string } & Record<Field, string>;

/** The serializable part of an index: enough to rebuild it without reading a tool again. */
export interface SerializedIndex {
  features: ToolFeatures[];
  /** The MiniSearch index (its own JSON). */
  lexical: string;
  /** Terms in more than MAX_DOCUMENT_SHARE of the tools. */
  common: string[];
}

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

/** A tool's sub-domain words (`mail.outlook` → outlook) and the words of its name after them, when its name begins with them. */
function subDomainPrefix(tool: IndexedTool): { group: string; subWords: string[]; rest?: string } {
  const [group = "", ...rest] = tool.domain.split(".");
  // A one-part domain (`github`, `google-calendar`) is the tool's product as much as its group.
  const subDomains = rest.length > 0 ? rest : [group];
  const subWords = englishWords(subDomains.join(" ")).filter((word) => !isStopword(word) && !/^\d+$/.test(word));
  const nameWords = englishWords(tool.name.replace(MCP_PREFIX, ""));
  const prefixed = subWords.length > 0 && subWords.length < nameWords.length && subWords.every((word, index) => nameWords[index] === word);
  return { group, subWords, ...(prefixed ? { rest: nameWords.slice(subWords.length).join(" ") } : {}) };
}

/**
 * The sub-domains that are vendor prefixes in this catalog: those that vary while the rest of
 * the name stays (`outlook_list_folder` beside `gmail_list_folder`: what differs is whose
 * folder), and those every tool of their domain is named with (`slack_post_message`,
 * `slack_list_channels` in `slack`; `slack.post_message` in `mcp.slack`): a catalog that
 * prefixes its tools by server. A prefix with no such sibling (`write_file` beside
 * `edit_file` in `workspace.write`) names an action.
 */
function vendorPrefixes(tools: readonly IndexedTool[]): Set<string> {
  const prefixesByRest = new Map<string, Set<string>>();
  /** Per domain: its prefix, and whether every one of its tools is named with it. */
  const byDomain = new Map<string, { prefix: string; tools: number; all: boolean }>();
  for (const tool of tools) {
    const { subWords, rest } = subDomainPrefix(tool);
    const domain = byDomain.get(tool.domain) ?? { prefix: subWords.join(" "), tools: 0, all: true };
    domain.tools += 1;
    domain.all &&= rest !== undefined;
    byDomain.set(tool.domain, domain);
    if (rest === undefined) continue;
    const prefixes = prefixesByRest.get(rest) ?? new Set<string>();
    prefixes.add(subWords.join(" "));
    prefixesByRest.set(rest, prefixes);
  }
  const varying = [...prefixesByRest.values()].filter((prefixes) => prefixes.size > 1).flatMap((prefixes) => [...prefixes]);
  const shared = [...byDomain.values()].filter((domain) => domain.all && domain.tools >= 2).map((domain) => domain.prefix);
  return new Set([...varying, ...shared]);
}

/**
 * The vendor words of a tool: its MCP server's name, and the words of its sub-domains that
 * are no dictionary word (`code.github` → github, `storage.s3` → s3; but `workspace.write`
 * names an action and `calendar.google_calendar` a calendar). A vendor prefix of the catalog
 * (`vendorPrefixes`) is a vendor, dictionary word or not (`outlook_list_folder`,
 * `box_get_file`), less the domain's own word (`google_calendar_get_event` is Google's). The
 * product words are all of them: they say whose tool it is, so they are not words of its
 * capability.
 */
function vendorsOf(tool: IndexedTool, prefixes: ReadonlySet<string>): { vendors: string[]; product: string[] } {
  const server = englishWords(MCP_PREFIX.exec(tool.name)?.[1] ?? "").filter((word) => !isStopword(word));
  const { group, subWords, rest } = subDomainPrefix(tool);
  const prefixed = rest !== undefined && prefixes.has(subWords.join(" "));
  const groupWords = englishWords(group);
  const ownGroup = tool.domain.includes(".") ? groupWords : [];
  const named = subWords.filter((word) => (prefixed ? !ownGroup.includes(word) : synonymsOf(word).length === 0));
  const product = [...new Set([...server, ...named].map(stem))];
  return { vendors: product, product };
}

/**
 * The other names of each vendor that the catalog itself gives: a proper name (no dictionary
 * word) that most of a vendor's tool descriptions say and other tools rarely do. A server id
 * is often short (`gtasks`, `ms365`) while its descriptions say "Google Tasks": the request
 * says the product's name, not the id. Keyed by the vendor words (`vendors.join(" ")`).
 */
function vendorAliases(tools: readonly IndexedTool[], features: readonly ToolFeatures[]): Map<string, string[]> {
  const groups = new Map<string, IndexedTool[]>();
  /** How many tools' descriptions say each word, in any case. */
  const saying = new Map<string, number>();
  tools.forEach((tool, index) => {
    const vendors = features[index]!.vendors;
    if (vendors.length > 0) push(groups, vendors.join(" "), tool);
    for (const word of new Set(tool.description.toLowerCase().match(DESCRIPTION_WORD) ?? [])) saying.set(word, (saying.get(word) ?? 0) + 1);
  });
  const aliases = new Map<string, string[]>();
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const naming = new Map<string, number>();
    for (const tool of group) for (const name of new Set((tool.description.match(PROPER_NAME) ?? []).map((word) => word.toLowerCase()))) naming.set(name, (naming.get(name) ?? 0) + 1);
    const own = key.split(" ");
    const found = [...naming]
      .filter(([name, count]) => {
        if (count < Math.max(2, group.length * ALIAS_SHARE) || own.includes(stem(name)) || isStopword(name) || synonymsOf(singular(name)).length > 0) return false;
        return (saying.get(name) ?? 0) - count <= count * ALIAS_OUTSIDE_RATIO;
      })
      .map(([name]) => stem(name));
    if (found.length > 0) aliases.set(key, found);
  }
  return aliases;
}

/** Stems of the capitalized words of a text that do not begin a sentence: names, as written. */
function properNamesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(CAPITALIZED)) {
    const before = text.slice(0, match.index).trimEnd();
    if (before.length > 0 && !/[.!?。！？:：]$/.test(before)) names.add(stem(match[0].toLowerCase()));
  }
  return names;
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
function analyseTool(tool: IndexedTool, prefixes: ReadonlySet<string>, nameCounts: ReadonlyMap<string, number>): { document: Document; features: ToolFeatures } {
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
  const defined = nameWords.filter((word) => !isStopword(word) && !product.includes(stem(word)) && (nameCounts.get(stem(word)) ?? 0) <= DEFINED_NAME_TOOLS);
  const definition = defined.flatMap((word) => definitionOf(word)).join(" ");
  // Five fields, from most to least telling; few fields keep a query cheap at 5,000 tools.
  const document: Document = {
    id: tool.name,
    name: [...nameTerms, ...product].join(" "),
    summary: `${tool.domain.split(".")[0] ?? ""} ${summary}`,
    body: [tool.description.slice(summary.length), ...parameters.map((parameter) => `${parameter.name} ${parameter.description}`), hintWords(tool.annotations)].join(" "),
    related: `${related} ${glossTerms(`${bareName} ${tool.description}`).join(" ")}`,
    definition,
  };
  return { document, features: { name: tool.name, nameTerms, vendors, operands, readOnly: tool.readOnly ?? false, companions: [] } };
}

/** How the lexical stage cuts a field into terms; a query arrives as terms already. */
const fieldTerms = (text: string, field?: string): string[] => (field === "name" ? text.split(" ").filter(Boolean) : plainTerms(text));

const lexicalOptions = {
  idField: "id",
  fields: FIELDS as string[],
  tokenize: fieldTerms,
  processTerm: (term: string) => term,
};

export class ResolutionIndex {
  private readonly byName = new Map<string, ToolFeatures>();
  /** Each vendor tool's vendor and capability (its name terms), as `distinct` compares them. */
  private readonly vendorTools = new Map<string, { tool: ToolFeatures; vendor: string; capability: string }>();
  private readonly namePostings = new Map<string, ToolFeatures[]>();
  private readonly vendorPostings = new Map<string, ToolFeatures[]>();
  private readonly operandPostings = new Map<OperandKind, ToolFeatures[]>();
  /** Damped inverse document frequency of each name term: "scale" (a few tools) outweighs "list" (hundreds). */
  private readonly nameIdf = new Map<string, number>();
  /** Names with characters the TOOL_NAME pattern does not cover, matched as substrings. */
  private readonly otherScriptNames: string[] = [];
  private readonly lexical: MiniSearch<Document>;
  /** Each term's BM25 hits at a weight (`termHits`), at most `REMEMBERED_TERMS` of them. */
  private readonly rememberedHits = new Map<string, readonly TermHit[]>();
  /** Whether a word is a term of some tool (`hasTerm`), at most `REMEMBERED_WORDS` of them. */
  private readonly knownTerms = new Map<string, boolean>();
  private readonly common: Set<string>;
  /** More tools than this share a common term (`MAX_DOCUMENT_SHARE`, `COMMON_FLOOR`). */
  private readonly commonLimit: number;

  private constructor(features: ToolFeatures[], lexical: MiniSearch<Document>, common: readonly string[]) {
    this.lexical = lexical;
    this.common = new Set(common);
    this.commonLimit = commonLimit(features.length);
    for (const tool of features) {
      this.byName.set(tool.name, tool);
      if (tool.vendors.length > 0) this.vendorTools.set(tool.name, { tool, vendor: tool.vendors.join(" "), capability: tool.nameTerms.join(" ") });
      for (const term of tool.nameTerms) push(this.namePostings, term, tool);
      for (const vendor of tool.vendors) push(this.vendorPostings, vendor, tool);
      for (const kind of tool.operands) push(this.operandPostings, kind, tool);
      if (!/^[A-Za-z][A-Za-z0-9_.\-]*$/.test(tool.name)) this.otherScriptNames.push(tool.name);
    }
    const spread = Math.log(Math.max(2, features.length));
    for (const [term, list] of this.namePostings) this.nameIdf.set(term, 1 + Math.log(features.length / list.length) / spread);
  }

  /** Builds the index from the tools themselves. */
  static build(tools: readonly IndexedTool[]): ResolutionIndex {
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
    return new ResolutionIndex(features, lexical, common);
  }

  /** Rebuilds an index from `serialize()`'s output (the on-disk cache). */
  static load(serialized: SerializedIndex): ResolutionIndex {
    return new ResolutionIndex(serialized.features, MiniSearch.loadJSON<Document>(serialized.lexical, lexicalOptions), serialized.common);
  }

  serialize(): SerializedIndex {
    return { features: [...this.byName.values()], lexical: JSON.stringify(this.lexical), common: [...this.common] };
  }

  /**
   * Resolves a task: the exact names alone when the task writes any, otherwise the fused
   * ranking of the other stages (plus `extra`, the semantic ranking when one ran), cut at
   * `limit`. Never throws.
   */
  resolve(task: string, eligible: Eligible, limit: number, extra: StageRanking[] = []): FusedResolution {
    const exact = this.exact(task, eligible);
    const rankings = [...this.rankings(task, eligible), ...extra];
    const ranked = fuse(rankings, Math.max(limit, STAGE_DEPTH));
    const [structural, lexical] = rankings;
    const ambiguous = ranked.length === 0 || structural?.names[0] !== lexical?.names[0];
    if (exact.length > 0) {
      const hits = exact.slice(0, limit).map((name): StageHit => ({ name, stage: "exact" }));
      return { disclosed: hits, ranked, ambiguous: false };
    }
    return { disclosed: this.withCompanions(ranked, eligible, limit), ranked, ambiguous };
  }

  /**
   * The fused ranking cut at `limit`, each tool followed by the eligible tools its description
   * names (`read_locate` → `read_open`, `read_slice`): a tool that says its results must be
   * read or verified with another is not usable alone. A companion carries its caller's stage.
   */
  private withCompanions(ranked: readonly FusedHit[], eligible: Eligible, limit: number): StageHit[] {
    const disclosed: StageHit[] = [];
    const present = new Set<string>();
    const add = (name: string, stage: FusedHit["stage"]) => {
      if (disclosed.length >= limit || present.has(name)) return;
      present.add(name);
      disclosed.push({ name, stage });
    };
    for (const hit of ranked) {
      add(hit.name, hit.stage);
      for (const companion of this.byName.get(hit.name)?.companions ?? []) if (eligible(companion)) add(companion, hit.stage);
    }
    return disclosed;
  }

  /** The fused ranking, best first, at most `limit` names (exact names lead): the top-N view of a task. */
  rank(task: string, eligible: Eligible, limit: number): string[] {
    const exact = this.exact(task, eligible);
    const fused = fuse(this.rankings(task, eligible), limit + exact.length).map((hit) => hit.name);
    return [...new Set([...exact, ...fused])].slice(0, limit);
  }

  /** The deterministic non-exact stages' rankings: structural, then lexical. */
  rankings(task: string, eligible: Eligible): StageRanking[] {
    const whole = this.textRankings(task, eligible);
    return [...whole.rankings, ...this.clauseRankings(task, eligible, whole.named)];
  }

  /**
   * The structural and lexical rankings of a text (a whole task, or one of its clauses, which
   * also gets `namedElsewhere`, the vendors the rest of its request names), the vendors it
   * names, and whether it asks for more than a vendor ("In Plane" asks for nothing).
   */
  private textRankings(text: string, eligible: Eligible, namedElsewhere?: ReadonlySet<string>): { rankings: StageRanking[]; named: Set<string>; asks: boolean } {
    const operands = operandsOf(text, (word) => this.byName.has(word));
    const terms = this.withCompoundHeads(this.withVendorNicknames(this.withCompounds(weightedTerms(operands.request, true), operands.request), operands.request), operands.request);
    const named = this.namedVendors(terms, operands.request);
    this.dropVendorParts(terms, operands.request, named);
    let asks = false;
    for (const [term, weight] of terms) if (weight >= 1 && !named.has(term)) asks = true;
    if (namedElsewhere) for (const vendor of namedElsewhere) named.add(vendor);
    const lexical = this.distinct(this.lexicalHits(withOperandTerms(terms, operands), false, true), eligible, named);
    const rankings: StageRanking[] = [
      { stage: "structural", ...this.structural(terms, operands, eligible, lexical.names, named) },
      { stage: "lexical", ...lexical },
    ];
    return { rankings, named, asks };
  }

  /**
   * One fused ranking per clause of a request of several ("pull the P&L from QuickBooks and
   * turn it into a waterfall chart"), fused in beside the whole request's: the whole
   * request's strongest terms are mostly one clause's, and a short clause's own tool would
   * otherwise rank below that clause's many near misses. A vendor named anywhere in the
   * request holds in each clause ("Fork the Neon database", "用 Playwright 打开…然后截个图").
   * A clause that says what not to do, or names only a vendor, gets no ranking; nor does a
   * request left with fewer than two clauses.
   */
  private clauseRankings(task: string, eligible: Eligible, named: ReadonlySet<string>): StageRanking[] {
    const clauses = requestClauses(task);
    if (clauses.length === 0) return [];
    const rankings: StageRanking[] = [];
    for (const clause of clauses) {
      if (isNegated(clause)) continue;
      const own = this.textRankings(clause, eligible, named);
      if (!own.asks) continue;
      const fused = fuse(own.rankings, STAGE_DEPTH);
      rankings.push({ stage: fused[0]?.stage ?? "lexical", names: fused.map((hit) => hit.name), stages: fused.map((hit) => hit.stage) });
    }
    return rankings.length >= 2 ? rankings : [];
  }

  /**
   * A named vendor written as one word of several parts ("1Password", "GitHub") is the
   * vendor, not also its parts: "archive the test login in 1Password" asks for no password
   * tool. The parts' terms (and their synonyms) stay only where the rest of the request says them.
   */
  private dropVendorParts(terms: WeightedTerms, request: string, named: ReadonlySet<string>): void {
    const joined = new Set<string>();
    for (const [word] of request.matchAll(ALPHANUMERIC_WORD)) if (named.has(stem(word.toLowerCase())) && englishWords(word).length > 1) joined.add(word);
    if (joined.size === 0) return;
    const rest = request.replace(ALPHANUMERIC_WORD, (word) => (joined.has(word) ? " " : word));
    const restTerms = this.withCompounds(weightedTerms(rest, true), rest);
    for (const word of joined) {
      const vendor = stem(word.toLowerCase());
      for (const term of weightedTerms(word, true).keys()) if (term !== vendor && !restTerms.has(term)) terms.delete(term);
    }
  }

  /**
   * Two words of the request written as one in the tools' text ("on call" → oncall, "sign up"
   * → signup, "web hook" → webhook): the joined word, when some tool says it, counts as said.
   */
  private withCompounds(terms: WeightedTerms, request: string): WeightedTerms {
    // A hyphenated word is one word ("to-do", "e-mail", "re-run").
    for (const [hyphenated] of request.matchAll(HYPHENATED)) {
      const joined = stem(hyphenated.replace(/-/g, "").toLowerCase());
      if (!terms.has(joined)) terms.set(joined, 1);
    }
    const words = englishWords(request);
    for (let index = 0; index + 1 < words.length; index += 1) {
      const joined = stem(words[index]! + words[index + 1]!);
      if (!terms.has(joined) && /^[a-z]+$/.test(joined) && this.hasTerm(joined)) terms.set(joined, 1);
    }
    return terms;
  }

  /**
   * A compound noun no tool says, whose head some tool does ("whiteboard" where tools say
   * board): the head, an English word WordNet knows, counts at `COMPOUND_HEAD_WEIGHT`.
   */
  private withCompoundHeads(terms: WeightedTerms, request: string): WeightedTerms {
    for (const word of englishWords(request)) {
      if (word.length < 2 * MIN_COMPOUND_PART || word.length > MAX_COMPOUND_WORD || isStopword(word) || !/^[a-z]+$/.test(word) || this.hasTerm(stem(word))) continue;
      for (let split = MIN_COMPOUND_PART; split + MIN_COMPOUND_PART <= word.length; split += 1) {
        const [modifier, head] = [word.slice(0, split), word.slice(split)];
        if (synonymsOf(modifier).length === 0 || synonymsOf(head).length === 0) continue;
        const term = stem(head);
        if (this.hasTerm(term) && (terms.get(term) ?? 0) < COMPOUND_HEAD_WEIGHT) terms.set(term, COMPOUND_HEAD_WEIGHT);
        break;
      }
    }
    return terms;
  }

  /**
   * A vendor written short ("mongo" for MongoDB, "postgres" for PostgreSQL): a word the request
   * says that is no dictionary word and begins exactly one vendor's name names that vendor.
   */
  private withVendorNicknames(terms: WeightedTerms, request: string): WeightedTerms {
    let proper: Set<string> | undefined;
    for (const [term, weight] of [...terms]) {
      if (weight < 1 || term.length < MIN_NICKNAME || this.vendorPostings.has(term) || !/^[a-z]+$/.test(term)) continue;
      // A dictionary word is a nickname only written as a name, capitalized within a sentence ("in Sonar").
      if (synonymsOf(term).length > 0 && !(proper ??= properNamesOf(request)).has(term)) continue;
      const vendors = [...this.vendorPostings.keys()].filter((vendor) => vendor.startsWith(term));
      if (vendors.length === 1) terms.set(vendors[0]!, 1);
    }
    return terms;
  }

  /**
   * BM25 over the task's own words only (stemmed; no glosses, synonyms or structure): what a
   * plain "top-k retrieval" exposure sees, for comparison routes. At most `limit` names.
   */
  plainLexical(text: string, eligible: Eligible, limit: number): string[] {
    const terms: WeightedTerms = new Map(plainTerms(text).map((term) => [term, 1]));
    return this.lexicalRanking(terms, eligible, false, limit);
  }

  /** `tool_search`'s ranking: the fused stages, then relaxed (fuzzy, prefix) lexical matches. */
  searchRanking(query: string, eligible: Eligible, limit: number): string[] {
    const fused = this.rank(query, eligible, limit);
    const relaxed = this.lexicalRanking(weightedTerms(operandsOf(query, () => false).request, true), eligible, true);
    return [...new Set([...fused, ...relaxed])].slice(0, limit);
  }

  /** Tool names written verbatim in the task (`use git_diff`), in order of appearance. */
  exact(task: string, eligible: Eligible): string[] {
    const found: string[] = [];
    for (const match of task.matchAll(TOOL_NAME)) {
      const name = match[0];
      if (this.byName.has(name) && eligible(name) && !found.includes(name)) found.push(name);
    }
    for (const name of this.otherScriptNames) if (task.includes(name) && eligible(name) && !found.includes(name)) found.push(name);
    return found;
  }

  /**
   * Tools ranked by how much of their own name the task explains (idf-weighted), raised for
   * the vendor the task names and for parameters that take the task's operands. A tool must
   * have a name word the task explains, or be of the named vendor and take its operand.
   */
  private structural(terms: WeightedTerms, operands: TaskOperands, eligible: Eligible, lexical: readonly string[], namedVendors: Set<string>): Distinct {
    const operandKinds = OPERAND_KINDS.filter((kind) => operands[kind].length > 0);
    const candidates = new Set<ToolFeatures>();
    for (const [term, weight] of terms) {
      const named = this.namePostings.get(term);
      if (weight >= NAME_TERM_FLOOR && named && named.length <= this.commonLimit) for (const tool of named) candidates.add(tool);
    }
    for (const vendor of namedVendors) for (const tool of this.vendorPostings.get(vendor) ?? []) candidates.add(tool);
    const namesACapability = candidates.size > 0;
    // The task's operands say which tools can act on them ("explain how src/client.ts retries").
    for (const kind of operandKinds) for (const tool of this.operandPostings.get(kind) ?? []) candidates.add(tool);
    const scored = this.scoreStructure(candidates, terms, namedVendors, operandKinds);
    // …and a task that names an operand but no capability at all is, first, about reading it.
    if (operandKinds.length > 0 && !namesACapability) {
      for (const hit of scored) if (this.byName.get(hit.name)?.readOnly) hit.score += READ_ONLY_BONUS;
    }
    // Equal structure is ordered by the lexical evidence, then by name: never by registration order.
    const lexicalRank = new Map(lexical.map((name, rank) => [name, rank]));
    const unranked = lexical.length;
    return this.distinct(
      scored.sort((a, b) => b.score - a.score || (lexicalRank.get(a.name) ?? unranked) - (lexicalRank.get(b.name) ?? unranked) || a.name.length - b.name.length || (a.name < b.name ? -1 : 1)),
      eligible,
      namedVendors,
    );
  }

  private scoreStructure(candidates: Iterable<ToolFeatures>, terms: WeightedTerms, namedVendors: Set<string>, operandKinds: OperandKind[]): Scored[] {
    const scored: Scored[] = [];
    // Hundreds of candidates at 5,000 tools: arrays are made for the scored ones only.
    const explainedTerms: string[] = [];
    for (const tool of candidates) {
      let explained = 0;
      let total = 0;
      explainedTerms.length = 0;
      for (const term of tool.nameTerms) {
        const idf = this.nameIdf.get(term) ?? 1;
        const weight = terms.get(term) ?? 0;
        total += idf;
        if (weight >= NAME_TERM_FLOOR) {
          explained += idf * Math.min(1, weight);
          explainedTerms.push(term);
        }
      }
      const ownVendor = namedVendors.size > 0 && tool.vendors.some((vendor) => namedVendors.has(vendor));
      const coverage = total > 0 && explained / total >= MIN_COVERAGE ? explained / total : 0;
      const taken = operandKinds.length === 0 ? NO_OPERANDS : operandKinds.filter((kind) => tool.operands.includes(kind));
      let operandBonus = 0;
      for (const kind of taken) operandBonus = Math.max(operandBonus, OPERAND_BONUS[kind]);
      const score = coverage * vendorFactor(tool, namedVendors) + (ownVendor ? VENDOR_BONUS : 0) + operandBonus;
      if (score > 0) scored.push({ name: tool.name, score, evidence: [...(coverage > 0 ? explainedTerms : []), ...taken] });
    }
    return scored;
  }

  /**
   * The vendors the request names: a word it says (not a synonym or a gloss) that is some
   * tool's vendor. A vendor that is also a dictionary word (Teams, Outlook, Box) is named only
   * as a proper noun, capitalized: "so the team can review it" names no product.
   */
  private namedVendors(terms: WeightedTerms, request: string): Set<string> {
    const named = new Set<string>();
    let capitalized: Set<string> | undefined;
    for (const [term, weight] of terms) {
      if (hasHan(term)) {
        const vendor = this.vendorOfHanName(term);
        if (vendor) named.add(vendor);
        continue;
      }
      if (weight < 1 || !this.vendorPostings.has(term)) continue;
      if (synonymsOf(term).length > 0) {
        capitalized ??= new Set((request.match(CAPITALIZED) ?? []).map((word) => stem(word.toLowerCase())));
        if (!capitalized.has(term)) continue;
      }
      named.add(term);
    }
    if (hasHan(request)) this.vendorsInPinyin(request, named);
    return named;
  }

  /**
   * The vendor a Chinese name names: a proper noun by the name its dictionary entry gives
   * first (谷歌 "Google, Internet company…", 钉钉 "DingTalk, …"), the name whole or its first
   * word.
   */
  private vendorOfHanName(word: string): string | undefined {
    if (isProperNoun(word)) {
      const words = englishWords(glossesOf(word)[0]?.split(",")[0] ?? "");
      return [words.join(""), words[0] ?? ""].map(stem).find((term) => this.vendorPostings.has(term));
    }
    return undefined;
  }

  /**
   * Vendors the request writes in Chinese characters by their pinyin (飞书 → Feishu): any two
   * to four characters the dictionary lacks, wherever the segmenter cut them (it cuts an
   * unknown name apart), read as a vendor's name of `MIN_PINYIN_VENDOR` letters or more.
   */
  private vendorsInPinyin(request: string, named: Set<string>): void {
    for (const [run] of request.matchAll(HAN_RUN)) {
      const characters = [...run];
      for (let start = 0; start < characters.length; start += 1) {
        for (let length = 2; length <= MAX_PINYIN_NAME && start + length <= characters.length; length += 1) {
          const word = characters.slice(start, start + length).join("");
          const reading = pinyinOf(word);
          // The dictionary is asked last: most readings spell no vendor.
          if (reading && reading.length >= MIN_PINYIN_VENDOR && this.vendorPostings.has(reading) && !inDictionary(word)) named.add(reading);
        }
      }
    }
  }

  /**
   * The first `depth` eligible names of a ranking, and the copies among the tools of vendors
   * the task does not name. A tool is a copy of a better one that the request matched by the
   * same evidence when only their vendors differ (`outlook_delete_folder`, `box_delete_folder`
   * for "delete the folder": whose folder, the request does not say), or when the words that
   * differ are words the request never said (`gitea_update_commit` beside `gitea_get_commit`
   * for "the recent commits"). Two tools of one vendor for the same capability
   * (`create-event`, `create-events`), or that both do all the request says, stay names.
   * Copies are fused after every name; they still fill the disclosure when names run out.
   * A tool of a vendor the task names, or of no vendor, is always a name; so are the first
   * few operations of the product the request matched first ("what's on my calendar" names
   * Google Calendar, not which of its event tools).
   */
  private distinct(ranked: readonly Scored[], eligible: Eligible, namedVendors: Set<string>, depth = STAGE_DEPTH): Distinct {
    const names: string[] = [];
    const copies: string[] = [];
    /** Evidence already ranked → the tools that carried it. */
    const seen = new Map<string, { vendor: string; capability: string; whole: boolean }[]>();
    // A flood of copies is not read to its end: the best hits decide what the stage shows.
    const scan = Math.min(ranked.length, depth * DISTINCT_SCAN);
    const anyNamed = namedVendors.size > 0;
    for (let index = 0; index < scan && names.length < depth; index += 1) {
      const { name, evidence } = ranked[index]!;
      const vendorTool = evidence === undefined ? undefined : this.vendorTools.get(name);
      if (!vendorTool || evidence === undefined || (anyNamed && vendorTool.tool.vendors.some((vendor) => namedVendors.has(vendor)))) {
        if (eligible(name)) names.push(name);
        continue;
      }
      const { tool, vendor, capability } = vendorTool;
      const key = evidenceKey(evidence);
      let whole = true;
      for (const term of tool.nameTerms) {
        if (evidence.includes(term)) continue;
        whole = false;
        break;
      }
      const before = seen.get(key);
      // The product the request matched first keeps a few of its operations: the request did not say which.
      const firstProduct = before?.[0]!.vendor === vendor && countOf(before, (other) => other.vendor === vendor) < FIRST_PRODUCT_OPERATIONS;
      const copy = before !== undefined && !firstProduct && before.every((other) => other.vendor !== vendor || (other.capability !== capability && !(other.whole && whole)));
      if (copy) {
        if (copies.length < depth && eligible(name)) copies.push(name);
      } else if (eligible(name)) {
        if (before) before.push({ vendor, capability, whole });
        else seen.set(key, [{ vendor, capability, whole }]);
        names.push(name);
      }
    }
    return { names, copies };
  }

  private lexicalRanking(terms: WeightedTerms, eligible: Eligible, relaxed: boolean, depth = STAGE_DEPTH): string[] {
    // Eligibility (readiness, authority) is asked of the best hits only, not of every match.
    return firstEligible(sortScored(this.lexicalHits(terms, relaxed)), eligible, depth);
  }

  /**
   * BM25 hits of the task's strongest terms; for the lexical stage (`staged`), also weighed
   * by the common words the request says (`withCommonNameWords`), each with the request terms
   * it matched, best first.
   */
  private lexicalHits(terms: WeightedTerms, relaxed: boolean, staged = false): Scored[] {
    const strongest = [...terms].sort((a, b) => b[1] - a[1]);
    const query = strongest
      .filter(([term]) => !this.common.has(term))
      .slice(0, QUERY_TERMS)
      .map(([term]) => term);
    if (query.length === 0) return [];
    const boostTerm = (term: string) => terms.get(term) ?? 1;
    const hits: Scored[] = relaxed
      ? this.lexical
          .search(query.join(" "), {
            tokenize: (query) => query.split(" "),
            processTerm: (term) => term,
            boost: FIELD_BOOST,
            boostTerm,
            combineWith: "OR",
            fuzzy: 0.2,
            prefix: true,
          })
          .map((hit) => ({ name: hit.id as string, score: hit.score, evidence: hit.queryTerms }))
      : combineOr(query, (term) => this.termHits(term, boostTerm(term)));
    if (!staged) return hits;
    const said = strongest.filter(([term, weight]) => weight >= COMMON_TERM_WEIGHT && this.common.has(term) && this.namePostings.has(term));
    if (said.length > 0) {
      for (const hit of hits) {
        const tool = this.byName.get(hit.name);
        if (tool && said.some(([term]) => tool.nameTerms.includes(term))) Object.assign(hit, this.withCommonNameWords(hit.score, hit.evidence ?? [], tool, said));
      }
    }
    return sortScored(hits);
  }

  /** Whether some tool's text has the term (remembered apart from the hits: most words asked about are no term at all). */
  private hasTerm(term: string): boolean {
    let known = this.knownTerms.get(term);
    if (known === undefined) {
      known = this.lexical.search(term, { tokenize: (query) => [query], processTerm: (term) => term }).length > 0;
      if (this.knownTerms.size >= REMEMBERED_WORDS) this.knownTerms.delete(this.knownTerms.keys().next().value!);
      this.knownTerms.set(term, known);
    }
    return known;
  }

  /**
   * One term's BM25 hits at one weight, as MiniSearch scores them (a search of that term
   * alone), remembered: requests share most of their terms, and a MiniSearch query over 5,000
   * tools was most of a resolution's time.
   */
  private termHits(term: string, weight: number): readonly TermHit[] {
    const key = `${weight} ${term}`;
    let hits = this.rememberedHits.get(key);
    // The least recently used term is forgotten first.
    if (hits) this.rememberedHits.delete(key);
    else {
      hits = this.lexical
        .search(term, {
          tokenize: (query) => [query],
          processTerm: (term) => term,
          fields: weight >= DEFINITION_TERM_WEIGHT ? FIELDS : FIELDS_BUT_DEFINITION,
          boost: FIELD_BOOST,
          boostTerm: () => weight,
        })
        .map((hit) => ({ name: hit.id as string, score: hit.score }));
      if (this.rememberedHits.size >= REMEMBERED_TERMS) this.rememberedHits.delete(this.rememberedHits.keys().next().value!);
    }
    this.rememberedHits.set(key, hits);
    return hits;
  }

  /**
   * A hit's BM25 score with the common words the request says that its name holds ("delete",
   * "list" at 5,000 tools): too common to look up in every field, they still tell which of the
   * matches does what was asked. Each counts as a name-field BM25 match of an average-length
   * name, and as one more matched term. Only for a tool whose name holds one of them.
   */
  private withCommonNameWords(score: number, matched: readonly string[], tool: ToolFeatures, said: readonly [string, number][]): { score: number; evidence: readonly string[] } {
    let sum = score / Math.max(1, matched.length);
    const evidence = [...matched];
    for (const [term, weight] of said) {
      if (!tool.nameTerms.includes(term)) continue;
      const postings = this.namePostings.get(term)?.length ?? 0;
      const idf = Math.log(1 + (this.byName.size - postings + 0.5) / (postings + 0.5));
      sum += weight * FIELD_BOOST.name * idf * AVERAGE_NAME_TF;
      evidence.push(term);
    }
    return { score: sum * Math.max(1, evidence.length), evidence };
  }
}

/** A tool's BM25 score for one term. */
export interface TermHit {
  name: string;
  score: number;
}

/**
 * The hits of an OR query of distinct terms, from each term's own hits, combined as MiniSearch
 * combines them: each term's score added in query order, the sum multiplied by the number of
 * terms the tool matched (its evidence), so the scores are MiniSearch's to the bit.
 */
export function combineOr(query: readonly string[], hitsOf: (term: string) => readonly TermHit[]): Scored[] {
  const combined = new Map<string, { name: string; score: number; evidence: string[] }>();
  for (const term of query) {
    for (const { name, score } of hitsOf(term)) {
      const hit = combined.get(name);
      if (!hit) combined.set(name, { name, score, evidence: [term] });
      else {
        hit.score = hit.score + score;
        hit.evidence.push(term);
      }
    }
  }
  const hits = [...combined.values()];
  for (const hit of hits) hit.score = hit.score * (hit.evidence.length || 1);
  return hits;
}

/** The task's terms plus the parameter words its operands call for, at a lower weight. */
function withOperandTerms(terms: WeightedTerms, operands: TaskOperands): WeightedTerms {
  const kinds = OPERAND_KINDS.filter((kind) => operands[kind].length > 0);
  if (kinds.length === 0) return terms;
  const extended = new Map(terms);
  for (const kind of kinds) for (const term of OPERAND_QUERY[kind]) extended.set(term, Math.max(extended.get(term) ?? 0, OPERAND_QUERY_WEIGHT));
  return extended;
}

/**
 * How much a tool's name match counts in the structural stage: whole for a tool of a vendor
 * the task names, or of no vendor when the task names none; half for any other tool:
 * `s3_delete_folder` answers "delete the tmp folder" less well than `delete_path` (nobody said
 * S3), and `create_merge_request` answers "open a pull request on GitHub" less well than
 * GitHub's own tool.
 */
function vendorFactor(tool: ToolFeatures, namedVendors: Set<string>): number {
  if (tool.vendors.some((vendor) => namedVendors.has(vendor))) return 1;
  return namedVendors.size === 0 && tool.vendors.length === 0 ? 1 : OTHER_VENDOR_FACTOR;
}

const NO_OPERANDS: readonly OperandKind[] = [];

/** How many items satisfy `test`. */
function countOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  let count = 0;
  for (const item of items) if (test(item)) count += 1;
  return count;
}

/**
 * Whether a registered name in a description refers to that tool: written as an identifier
 * (`read_slice`, `list-issues`, `getUser`) or as code (`` `deploy` ``). A catalog that
 * publishes bare words as names (`deploy`, `search`, `logs`) would otherwise make every
 * description that says the word bring those tools along.
 */
function namesATool(match: RegExpMatchArray, description: string): boolean {
  const [name] = match;
  if (/[_.\-]|[a-z][A-Z]/.test(name)) return true;
  const at = match.index ?? 0;
  return description[at - 1] === "`" && description[at + name.length] === "`";
}

/** The same words of evidence in any order give the same key. */
function evidenceKey(evidence: readonly string[]): string {
  if (evidence.length === 1) return evidence[0]!;
  if (evidence.length === 2) {
    const [a, b] = evidence as [string, string];
    return a <= b ? `${a} ${b}` : `${b} ${a}`;
  }
  return [...evidence].sort().join(" ");
}

/** A stage's ranking split into its distinct names and their copies (`ResolutionIndex.distinct`). */
type Distinct = Pick<StageRanking, "names" | "copies">;

export interface Scored {
  name: string;
  score: number;
  /** The request's evidence for it (the terms and operand kinds it matched): what tells it apart from another tool. */
  evidence?: readonly string[];
}

/** The first `depth` eligible names of a ranking. */
function firstEligible(ranked: readonly Scored[], eligible: Eligible, depth = STAGE_DEPTH): string[] {
  const names: string[] = [];
  for (const { name } of ranked) {
    if (names.length >= depth) break;
    if (eligible(name)) names.push(name);
  }
  return names;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Best first; ties go to the shorter (more canonical) name, then alphabetical: never registration order. */
function sortScored(scored: Scored[]): Scored[] {
  return scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
}

/**
 * Reciprocal rank fusion: each stage adds 1 / (RRF_K + rank) for every tool it ranks. A hit
 * is labelled with the stage that ranked it best (the earlier stage on a tie). The stages'
 * copies (`StageRanking.copies`) are fused the same way among themselves and follow every name.
 */
export function fuse(rankings: readonly StageRanking[], limit: number): FusedHit[] {
  const names = fuseNames(rankings, limit);
  if (names.length >= limit || !rankings.some((ranking) => ranking.copies?.length)) return names;
  const present = new Set(names.map((hit) => hit.name));
  const copies = fuseNames(rankings.map((ranking) => ({ stage: ranking.stage, names: ranking.copies ?? [] })), limit).filter((hit) => !present.has(hit.name));
  return [...names, ...copies].slice(0, limit);
}

function fuseNames(rankings: readonly StageRanking[], limit: number): FusedHit[] {
  const fused = new Map<string, { score: number; stage: StageRanking["stage"]; best: number }>();
  for (const { stage: rankingStage, names, stages } of rankings) {
    names.forEach((name, rank) => {
      const entry = fused.get(name);
      const share = 1 / (RRF_K + rank + 1);
      const stage = stages?.[rank] ?? rankingStage;
      if (!entry) fused.set(name, { score: share, stage, best: rank });
      else {
        entry.score += share;
        if (rank < entry.best) Object.assign(entry, { stage, best: rank });
      }
    });
  }
  return sortScored([...fused].map(([name, { score }]) => ({ name, score })))
    .slice(0, limit)
    .map(({ name, score }) => ({ name, score, stage: fused.get(name)!.stage }));
}
