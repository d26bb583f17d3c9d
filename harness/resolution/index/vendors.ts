/**
 * Vendor learning: which words of a tool's domain and name say whose tool it is (a vendor or
 * product), learned from the catalog itself, and the other names its descriptions give it.
 */
import { englishWords, isStopword, singular, stem } from "../../../language/english.js";
import { synonymsOf } from "../../../language/synonyms.js";
import { lowerCaseRuns, properNames } from "../../../language/tokens.js";
import { tuning } from "../config.js";
import { push } from "../ranking.js";
import type { IndexedTool, ToolFeatures } from "../types.js";

/** An MCP tool's server prefix (`mcp__github__create_issue`). */
export const MCP_PREFIX = /^mcp__([^_].*?)__/;

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
export function vendorPrefixes(tools: readonly IndexedTool[]): Set<string> {
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
  const shared = [...byDomain.values()].filter((domain) => domain.all && domain.tools >= tuning.minPrefixTools).map((domain) => domain.prefix);
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
export function vendorsOf(tool: IndexedTool, prefixes: ReadonlySet<string>): { vendors: string[]; product: string[] } {
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
export function vendorAliases(tools: readonly IndexedTool[], features: readonly ToolFeatures[]): Map<string, string[]> {
  const groups = new Map<string, IndexedTool[]>();
  /** How many tools' descriptions say each word, in any case. */
  const saying = new Map<string, number>();
  tools.forEach((tool, index) => {
    const vendors = features[index]!.vendors;
    if (vendors.length > 0) push(groups, vendors.join(" "), tool);
    for (const word of new Set(lowerCaseRuns(tool.description))) saying.set(word, (saying.get(word) ?? 0) + 1);
  });
  const aliases = new Map<string, string[]>();
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const naming = new Map<string, number>();
    for (const tool of group) for (const name of new Set(properNames(tool.description).map((word) => word.toLowerCase()))) naming.set(name, (naming.get(name) ?? 0) + 1);
    const own = key.split(" ");
    const found = [...naming]
      .filter(([name, count]) => {
        if (count < Math.max(tuning.minAliasTools, group.length * tuning.aliasShare) || own.includes(stem(name)) || isStopword(name) || synonymsOf(singular(name)).length > 0) return false;
        return (saying.get(name) ?? 0) - count <= count * tuning.aliasOutsideRatio;
      })
      .map(([name]) => stem(name));
    if (found.length > 0) aliases.set(key, found);
  }
  return aliases;
}
