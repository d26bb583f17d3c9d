/**
 * Query expansion: the task's weighted terms (`language/terms.ts`) plus what the catalog lets it mean:
 * two words written as one ("sign up" → signup), a compound's head, a vendor's nickname, the
 * parameter words its operands call for; less the parts of a vendor's one-word name.
 */
import { englishWords, isStopword, stem } from "../../../language/english.js";
import { synonymsOf } from "../../../language/synonyms.js";
import type { TaskOperands } from "../../../language/operands.js";
import { weightedTerms, type WeightedTerms } from "../../../language/terms.js";
import { alphanumericRuns, hyphenatedWords, replaceAlphanumericRuns } from "../../../language/tokens.js";
import { tuning } from "../config.js";
import { OPERAND_KINDS } from "../types.js";
import { properNamesOf } from "./vendors.js";

/** What query expansion asks of the catalog: whether some tool's text has a term, and its vendors. */
export interface QueryCatalog {
  hasTerm(term: string): boolean;
  readonly vendors: ReadonlyMap<string, unknown>;
}

/** A request's terms, expanded by what the catalog says: compounds, vendor nicknames, compound heads. */
export function expandedTerms(catalog: QueryCatalog, request: string): WeightedTerms {
  return withCompoundHeads(catalog, withVendorNicknames(catalog, withCompounds(catalog, weightedTerms(request, true, tuning.termWeights), request), request), request);
}

/**
 * A named vendor written as one word of several parts ("1Password", "GitHub") is the
 * vendor, not also its parts: "store the staging key in 1Password" asks for no password
 * tool. The parts' terms (and their synonyms) stay only where the rest of the request says them.
 */
export function dropVendorParts(catalog: QueryCatalog, terms: WeightedTerms, request: string, named: ReadonlySet<string>): void {
  const joined = new Set<string>();
  for (const word of alphanumericRuns(request)) if (named.has(stem(word.toLowerCase())) && englishWords(word).length > 1) joined.add(word);
  if (joined.size === 0) return;
  const rest = replaceAlphanumericRuns(request, (word) => (joined.has(word) ? " " : word));
  const restTerms = withCompounds(catalog, weightedTerms(rest, true, tuning.termWeights), rest);
  for (const word of joined) {
    const vendor = stem(word.toLowerCase());
    for (const term of weightedTerms(word, true, tuning.termWeights).keys()) if (term !== vendor && !restTerms.has(term)) terms.delete(term);
  }
}

/**
 * Two words of the request written as one in the tools' text ("on call" → oncall, "sign up"
 * → signup, "web hook" → webhook): the joined word, when some tool says it, counts as said.
 */
function withCompounds(catalog: QueryCatalog, terms: WeightedTerms, request: string): WeightedTerms {
  // A hyphenated word is one word ("to-do", "e-mail", "re-run").
  for (const hyphenated of hyphenatedWords(request)) {
    const joined = stem(hyphenated.replace(/-/g, "").toLowerCase());
    if (!terms.has(joined)) terms.set(joined, 1);
  }
  const words = englishWords(request);
  for (let index = 0; index + 1 < words.length; index += 1) {
    const joined = stem(words[index]! + words[index + 1]!);
    if (!terms.has(joined) && /^[a-z]+$/.test(joined) && catalog.hasTerm(joined)) terms.set(joined, 1);
  }
  return terms;
}

/**
 * A compound noun no tool says, whose head some tool does ("whiteboard" where tools say
 * board): the head, an English word WordNet knows, counts at `tuning.compoundHeadWeight`.
 */
function withCompoundHeads(catalog: QueryCatalog, terms: WeightedTerms, request: string): WeightedTerms {
  for (const word of englishWords(request)) {
    if (word.length < 2 * tuning.minCompoundPart || word.length > tuning.maxCompoundWord || isStopword(word) || !/^[a-z]+$/.test(word) || catalog.hasTerm(stem(word))) continue;
    for (let split = tuning.minCompoundPart; split + tuning.minCompoundPart <= word.length; split += 1) {
      const [modifier, head] = [word.slice(0, split), word.slice(split)];
      if (synonymsOf(modifier).length === 0 || synonymsOf(head).length === 0) continue;
      const term = stem(head);
      if (catalog.hasTerm(term) && (terms.get(term) ?? 0) < tuning.compoundHeadWeight) terms.set(term, tuning.compoundHeadWeight);
      break;
    }
  }
  return terms;
}

/**
 * A vendor written short ("mongo" for MongoDB, "postgres" for PostgreSQL): a word the request
 * says that is no dictionary word and begins exactly one vendor's name names that vendor.
 */
function withVendorNicknames(catalog: QueryCatalog, terms: WeightedTerms, request: string): WeightedTerms {
  let proper: Set<string> | undefined;
  for (const [term, weight] of [...terms]) {
    if (weight < 1 || term.length < tuning.minNickname || catalog.vendors.has(term) || !/^[a-z]+$/.test(term)) continue;
    // A dictionary word is a nickname only written as a name, capitalized within a sentence ("in Bamboo").
    if (synonymsOf(term).length > 0 && !(proper ??= properNamesOf(request)).has(term)) continue;
    const vendors = [...catalog.vendors.keys()].filter((vendor) => vendor.startsWith(term));
    if (vendors.length === 1) terms.set(vendors[0]!, 1);
  }
  return terms;
}

/** The task's terms plus the parameter words its operands call for, at a lower weight. */
export function withOperandTerms(terms: WeightedTerms, operands: TaskOperands): WeightedTerms {
  const kinds = OPERAND_KINDS.filter((kind) => operands[kind].length > 0);
  if (kinds.length === 0) return terms;
  const extended = new Map(terms);
  for (const kind of kinds) for (const term of tuning.operandQuery[kind]) extended.set(term, Math.max(extended.get(term) ?? 0, tuning.operandQueryWeight));
  return extended;
}
