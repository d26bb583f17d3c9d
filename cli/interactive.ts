/**
 * Deciding a paused run at the terminal: the frozen call is shown (tool, risk, arguments,
 * hash, what led to it) and the user approves, rejects with a reason, or edits the
 * arguments in `$EDITOR`, which makes a new invocation that is asked again. Used only when
 * stdin and stdout are both a TTY; everywhere else the CLI prints the resume command.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import type { AgentRunState } from "../state/agentRun.js";
import type { ApprovalResume } from "../state/types.js";
import { paint, type RunSummary } from "./summary.js";
import type { Printer } from "./io.js";

/** A decision for the pending call, an answer to the pending question, or null: leave it waiting. */
export type TerminalReply = ApprovalResume | string | null;

export const isInteractiveTerminal = () => Boolean(process.stdin.isTTY && process.stdout.isTTY);

async function ask(question: string): Promise<string> {
  // A fresh interface per question: an editor may take the terminal in between.
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** What led to the call: the Planner's decision for it and the observation before it. */
function leadUp(state: AgentRunState, toolCallId: string): string[] {
  const decided = state.trace.filter((t) => t.node === "Planner" && t.toolCallId === toolCallId).at(-1);
  const before = state.observations.at(-1);
  return [
    `  goal:     ${state.goal.split("\n")[0]}`,
    ...(decided ? [`  planner:  step ${decided.seq} chose ${decided.decision ?? "this call"}${decided.note ? ` — ${decided.note}` : ""}`] : []),
    ...(before ? [`  last:     ${before.summary.slice(0, 200)}`] : []),
  ];
}

/** Writes the input to a file, opens `$VISUAL`/`$EDITOR` on it, and reads back a JSON object. */
function editInput(input: Record<string, unknown>, print: Printer): Record<string, unknown> | null {
  const editor = process.env.VISUAL || process.env.EDITOR || "vi";
  const dir = mkdtempSync(join(tmpdir(), "mira-edit-"));
  const file = join(dir, "input.json");
  try {
    writeFileSync(file, `${JSON.stringify(input, null, 2)}\n`);
    const ran = spawnSync(`${editor} "${file}"`, { shell: true, stdio: "inherit" });
    if (ran.status !== 0) {
      print(`mira: the editor (${editor}) exited with ${ran.status ?? ran.signal}; nothing changed`);
      return null;
    }
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      print("mira: the edited input must be a JSON object; nothing changed");
      return null;
    }
    return value as Record<string, unknown>;
  } catch (err) {
    print(`mira: the edited input is not JSON (${(err as Error).message.split("\n")[0]}); nothing changed`);
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Asks the user about a paused run; returns the resume value, or null to leave it waiting. */
export async function askAtTerminal(summary: RunSummary, state: AgentRunState, print: Printer): Promise<TerminalReply> {
  if (summary.status === "waiting_user") {
    const answer = await ask(`${paint("bold", "question:")} ${summary.question}\n${paint("dim", "answer (empty: leave it waiting)")} > `);
    return answer || null;
  }
  const call = summary.pendingToolCall;
  if (!call) return null;
  print("");
  print(`${paint("bold", "approval needed:")} ${paint("bold", call.toolId)} ${paint("yellow", `[${call.riskClass}]`)}`);
  print(`  call id:  ${call.toolCallId}`);
  print(`  hash:     ${call.inputHash}`);
  leadUp(state, call.toolCallId).forEach((line) => print(line));
  print(`  input:\n${JSON.stringify(call.input, null, 2).replace(/^/gm, "    ")}`);
  const identity = { toolCallId: call.toolCallId, inputHash: call.inputHash };
  for (;;) {
    const choice = (await ask(`${paint("bold", "[a]pprove  [r]eject  [e]dit  [q]uit (leave it waiting)")} > `)).toLowerCase();
    if (choice === "a" || choice === "approve") return { decision: "approve", ...identity };
    if (choice === "r" || choice === "reject") {
      const reason = await ask("reason > ");
      return { decision: "reject", ...identity, reason: reason || undefined };
    }
    if (choice === "e" || choice === "edit") {
      const input = editInput(call.input, print);
      if (input) return { decision: "edit", ...identity, input };
      continue;
    }
    if (choice === "q" || choice === "quit" || choice === "") return null;
    print(`mira: "${choice}" is not a choice`);
  }
}
