/**
 * The execution ledger keeps each completed call's outcome so a replay never runs it again;
 * for a file read that outcome is the file's text. Stored through this wrapper, the text goes
 * to the same content-addressed body table as the checkpoint's evidence (one copy for both)
 * and the ledger row keeps its hash. Reads put the text back, so callers see whole outcomes.
 */
import type { ExecutionLedger } from "../ledger/executionLedger.js";
import type { ToolOutcome } from "../state/types.js";
import { externalizeAll, internalizeAll, referencedAll, type Bodies, type EvidenceBodyStore } from "./evidenceBodies.js";

async function restore<T>(value: T, store: EvidenceBodyStore): Promise<T> {
  const wanted = referencedAll(value, new Set());
  if (wanted.size === 0) return value;
  return internalizeAll(value, await store.load(wanted)) as T;
}

export function ledgerWithBodies(ledger: ExecutionLedger, store: EvidenceBodyStore): ExecutionLedger {
  return {
    async begin(key, approval) {
      const claim = await ledger.begin(key, approval);
      return claim.state === "completed" ? { ...claim, outcome: await restore(claim.outcome, store) } : claim;
    },
    async complete(key, outcome) {
      const bodies: Bodies = new Map();
      const slim = externalizeAll(outcome, bodies) as ToolOutcome;
      // Bodies first: a ledger row never names a body that is not stored.
      if (bodies.size > 0) await store.save(bodies);
      await ledger.complete(key, slim);
    },
    async list(threadId) {
      return Promise.all((await ledger.list(threadId)).map((entry) => restore(entry, store)));
    },
  };
}
