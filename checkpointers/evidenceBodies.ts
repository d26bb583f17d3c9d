/**
 * Evidence bodies out of the checkpoint (issue 24): an evidence item's `content` longer than
 * `INLINE_CHARS` is stored once, content-addressed (SHA-256), in a `mira_evidence_bodies` table of
 * the same database as the checkpoints, and the checkpoint keeps only its hash. A step then
 * rewrites a few hundred bytes per evidence item instead of its body, and a body read twice
 * (the same file at two steps) is stored once.
 *
 * Savers call `externalize` on a channel value before serialising it and `internalize` after
 * loading it, so every node, `getState` and every export see whole evidence, as before.
 */
import { createHash } from "node:crypto";

/** Bodies up to this long stay inline: a hash and a row cost more than they save. */
export const INLINE_CHARS = 256;

/** Channels whose values carry evidence items (or drafts) with a `content` body. */
const EVIDENCE_CHANNELS = new Set(["evidence", "toolResult", "workPackage", "subagentResults", "finalization"]);

/** What an externalized item carries instead of `content`. */
const REF = "contentSha256";

/** Body text by SHA-256 hex. */
export type Bodies = Map<string, string>;

/** The table, in the same database (and transaction discipline) as the checkpoints. */
export const BODIES_TABLE_SQL = `CREATE TABLE IF NOT EXISTS mira_evidence_bodies (
  hash TEXT PRIMARY KEY,
  body TEXT NOT NULL
)`;

/** Where bodies live: a table beside the checkpoints (SQLite or PostgreSQL). Both calls may be batched. */
export interface EvidenceBodyStore {
  save(bodies: Bodies): Promise<void>;
  /** The bodies found; a hash not stored is simply absent. */
  load(hashes: Iterable<string>): Promise<Bodies>;
}

export const bodyHash = (body: string) => createHash("sha256").update(body).digest("hex");

/** An evidence item or draft: the shape `{ kind, source, content }` (state/types.ts `Evidence`). */
function isEvidenceLike(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && "kind" in value && "source" in value && ("content" in value || REF in value);
}

/** Maps evidence-like objects anywhere inside `value`, copying only the paths that change. */
function mapEvidence(value: unknown, f: (item: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const m = mapEvidence(v, f);
      if (m !== v) changed = true;
      return m;
    });
    return changed ? out : value;
  }
  if (typeof value !== "object" || value === null) return value;
  if (isEvidenceLike(value)) return f(value);
  // Plain records only (a ToolResult, a WorkPackage, a Finalization packet): class instances pass through.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const m = mapEvidence(v, f);
    if (m !== v) changed = true;
    out[k] = m;
  }
  return changed ? out : value;
}

/**
 * The value to serialise for `channel`, with long evidence bodies replaced by their hash, and
 * the bodies to store (added to `bodies`). Values of other channels are returned unchanged.
 */
export function externalize(channel: string, value: unknown, bodies: Bodies): unknown {
  if (!EVIDENCE_CHANNELS.has(channel)) return value;
  return mapEvidence(value, (item) => {
    const content = item.content;
    if (typeof content !== "string" || content.length <= INLINE_CHARS) return item;
    const hash = bodyHash(content);
    bodies.set(hash, content);
    const { content: _body, ...rest } = item;
    return { ...rest, [REF]: hash };
  });
}

/** `externalize` for a value that is not a channel (a ledger outcome): every evidence-like object inside. */
export const externalizeAll = (value: unknown, bodies: Bodies): unknown => externalize("evidence", value, bodies);
export const internalizeAll = (value: unknown, bodies: Bodies): unknown => internalize("evidence", value, bodies);
export const referencedAll = (value: unknown, into: Set<string>): Set<string> => referencedHashes("evidence", value, into);

/** Hashes referenced inside a loaded value of `channel`. */
export function referencedHashes(channel: string, value: unknown, into: Set<string>): Set<string> {
  if (!EVIDENCE_CHANNELS.has(channel)) return into;
  mapEvidence(value, (item) => {
    if (typeof item[REF] === "string") into.add(item[REF]);
    return item;
  });
  return into;
}

/**
 * The loaded value with bodies put back. A body that is not in the store (a database copied
 * without its bodies table) reads as one line saying so, never as a crash.
 */
export function internalize(channel: string, value: unknown, bodies: Bodies): unknown {
  if (!EVIDENCE_CHANNELS.has(channel)) return value;
  return mapEvidence(value, (item) => {
    const hash = item[REF];
    if (typeof hash !== "string") return item;
    const { [REF]: _ref, ...rest } = item;
    return { ...rest, content: bodies.get(hash) ?? `[evidence body ${hash.slice(0, 12)} is missing from this store]` };
  });
}
