/**
 * Backups (issue 22, item 9; CONTRACT §3): the ledger is per thread and per database, so a
 * copied or restored thread may re-run an approved effect. `mira show` warns when the state
 * and this database's ledger disagree; an ordinary thread gets no warning.
 */
import { describe, expect, it } from "vitest";
import { copiedThreadWarning } from "../cli/copyWarning.js";
import type { LedgerEntry } from "../ledger/executionLedger.js";
import type { ApprovalRecord, PendingToolCall, TraceEntry } from "../state/types.js";

const approval = (threadId: string): ApprovalRecord => ({ toolId: "write_file", toolCallId: "c1", inputHash: "h1", threadId, checkpointId: "cp", decision: "approve", at: "t" });
const toolVisit: TraceEntry = { seq: 5, node: "Tool", agent: "main", at: "t", toolCallId: "c1" };
const row: LedgerEntry = { threadId: "T", toolId: "write_file", toolCallId: "c1", inputHash: "h1", status: "completed" };
const pending = { toolId: "write_file", toolCallId: "c1", inputHash: "h1" } as PendingToolCall;

describe("mira show warns on a copied or restored thread", () => {
  it("no warning when the ledger has every approved call the state says ran", () => {
    expect(copiedThreadWarning("T", { approvals: [approval("T")], trace: [toolVisit], pendingToolCall: null }, [row])).toBeNull();
  });
  it("a restored thread (same id, other database): the call ran per its state, the ledger has no row", () => {
    expect(copiedThreadWarning("T", { approvals: [approval("T")], trace: [toolVisit], pendingToolCall: null }, [])).toMatch(/copied or restored .*1 approved call\(s\) ran .* no record/);
  });
  it("a copy under another thread id", () => {
    expect(copiedThreadWarning("U", { approvals: [approval("T")], trace: [], pendingToolCall: null }, [])).toMatch(/approvals were given in thread T/);
  });
  it("an approved call not yet run (a backup taken between approval and execution) is named", () => {
    expect(copiedThreadWarning("T", { approvals: [approval("T")], trace: [], pendingToolCall: pending }, [])).toMatch(/write_file c1 is approved but .* may already have run/);
  });
});
