/**
 * The run's authority envelope (CONTRACT §7): "may this user/task use this tool at all".
 * Patterns are `*`, a domain prefix `mail.*` (the domain `mail` and every `mail.<sub>`), or
 * an exact tool name or domain. Deny wins over allow. Pure functions; nothing here throws.
 */
import type { AuthorityEnvelope } from "./types.js";

export interface ToolIdentity {
  name: string;
  domain: string;
}

export type AuthorityDecision = { allowed: true } | { allowed: false; reason: string };

export const ALLOW_ALL: AuthorityEnvelope = { allow: ["*"], deny: [] };

/** Whether one pattern names this tool. */
function patternMatches(pattern: string, tool: ToolIdentity): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) return withinDomain(pattern.slice(0, -2), tool.domain);
  return pattern === tool.name || pattern === tool.domain;
}

const withinDomain = (prefix: string, domain: string): boolean => domain === prefix || domain.startsWith(`${prefix}.`);

/** The envelope's verdict on one tool, with the pattern responsible when it is a no. */
export function authorize(envelope: AuthorityEnvelope, tool: ToolIdentity): AuthorityDecision {
  const denied = envelope.deny.find((pattern) => patternMatches(pattern, tool));
  if (denied) return { allowed: false, reason: `authority envelope denies ${denied}` };
  if (envelope.allow.some((pattern) => patternMatches(pattern, tool))) return { allowed: true };
  const allowed = envelope.allow.length === 0 ? "nothing" : `only ${envelope.allow.join(", ")}`;
  return { allowed: false, reason: `no grant names ${tool.name} (domain ${tool.domain}): the grants allow ${allowed}; the operator grants with MIRA_GRANTS, a run narrows with configurable.tools` };
}

/**
 * Whether every tool `inner` names is also named by `outer`. `lookup` resolves exact names
 * to registered tools, so that `mail.*` is known to cover `send_mail`.
 */
function covers(outer: string, inner: string, lookup: (name: string) => ToolIdentity | undefined): boolean {
  if (outer === "*" || outer === inner) return true;
  if (inner === "*") return false;
  const tool = lookup(inner);
  if (tool && !inner.endsWith(".*")) return patternMatches(outer, tool);
  if (!outer.endsWith(".*")) return false;
  const innerDomain = inner.endsWith(".*") ? inner.slice(0, -2) : inner;
  return withinDomain(outer.slice(0, -2), innerDomain);
}

/**
 * A child's envelope (CONTRACT §8): the parent's authority, optionally narrowed to `restrict`,
 * never widened. The child inherits authority, not the parent's visible set: its own loadout
 * starts empty and it may discover anything this envelope allows.
 */
export function narrowAuthority(
  parent: AuthorityEnvelope,
  restrict: string[] | undefined,
  lookup: (name: string) => ToolIdentity | undefined = () => undefined,
): AuthorityEnvelope {
  if (!restrict) return { allow: [...parent.allow], deny: [...parent.deny] };
  const allow = new Set<string>();
  for (const wanted of restrict) {
    for (const granted of parent.allow) {
      if (covers(granted, wanted, lookup)) allow.add(wanted);
      else if (covers(wanted, granted, lookup)) allow.add(granted);
    }
  }
  return { allow: [...allow], deny: [...parent.deny] };
}
