/**
 * Signed approvals (optional, issue 7): for decisions that come from untrusted clients, an
 * HMAC-SHA256 over `toolId + toolCallId + inputHash + thread + checkpoint` with a key from
 * `MIRA_APPROVAL_HMAC_KEY`. Off while the variable is unset; once it is set, the Tool node
 * fails closed: an approval without a valid signature runs nothing.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "./invocationHash.js";

export const APPROVAL_KEY_ENV = "MIRA_APPROVAL_HMAC_KEY";

/** What a signature covers: the approval's whole binding. */
export interface SignedBinding {
  toolId: string;
  toolCallId: string;
  inputHash: string;
  threadId: string;
  checkpointId: string | null;
}

/** The signing key, or null when signed approvals are off. */
export function approvalKey(): string | null {
  const key = process.env[APPROVAL_KEY_ENV];
  return key ? key : null;
}

export function signApproval(key: string, binding: SignedBinding): string {
  const { toolId, toolCallId, inputHash, threadId, checkpointId } = binding;
  return createHmac("sha256", key).update(canonicalJson({ checkpointId, inputHash, threadId, toolCallId, toolId })).digest("hex");
}

/** Constant-time check of `signature` against the binding. */
export function verifyApproval(key: string, binding: SignedBinding, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signApproval(key, binding), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
