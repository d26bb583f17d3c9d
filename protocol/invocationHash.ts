/**
 * `inputHash` (CONTRACT §3): SHA-256 of the canonical JSON (sorted keys, no whitespace)
 * of the tool, its validated input and everything else that changes what the call does.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every depth; `undefined` members are dropped as in JSON. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export function invocationHash(toolId: string, input: Record<string, unknown>, effect: Record<string, unknown>): string {
  return createHash("sha256").update(canonicalJson({ effect, input, toolId })).digest("hex");
}
