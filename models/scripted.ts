/**
 * A chat model that replays a JSON file of assistant turns, in call order, for tests and
 * reproducible runs: `{"turns":[{"content":"…","tool_calls":[{"id":"c1","name":"read_open","args":{…}}]}]}`.
 * The Planner names the run's own model-call index, so a run resumed in another process, or
 * one of many threads sharing the model, continues at its own turn; without it the cursor
 * starts at `startAt`.
 */
import { readFileSync } from "node:fs";
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { z } from "zod";
import { ModelError } from "./errors.js";

export const ScriptedTurn = z
  .object({
    content: z.string().default("").describe("Assistant text of this turn."),
    tool_calls: z
      .array(
        z.object({
          id: z.string().min(1).describe("Call id, unique in the script."),
          name: z.string().min(1).describe("A planner-protocol name or a concrete tool name."),
          args: z.record(z.string(), z.unknown()).default({}).describe("Call arguments (an object)."),
        }),
      )
      .default([])
      .describe("Tool calls of this turn."),
  })
  .strict();
export const ScriptFile = z.object({ turns: z.array(ScriptedTurn).describe("Assistant turns, consumed in call order.") }).strict();
export type ScriptedTurn = z.infer<typeof ScriptedTurn>;

/** Reads and validates a script file; throws ModelError with one line. */
export function loadScript(path: string): ScriptedTurn[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new ModelError(`cannot read scripted model file ${path}: ${(err as Error).message.split("\n")[0]}`);
  }
  const parsed = ScriptFile.safeParse(raw);
  if (!parsed.success) throw new ModelError(`malformed scripted model file ${path}: ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
  return parsed.data.turns;
}

/** `modelCall`: the run's own model-call index; when given, that turn is replayed. */
export interface ScriptedCallOptions extends BaseChatModelCallOptions {
  modelCall?: number;
}

export class ScriptedChatModel extends BaseChatModel<ScriptedCallOptions> {
  private cursor: number;

  constructor(
    private readonly turns: ScriptedTurn[],
    opts: { startAt?: number } & BaseChatModelParams = {},
  ) {
    super(opts);
    this.cursor = opts.startAt ?? 0;
  }

  static fromFile(path: string, startAt = 0): ScriptedChatModel {
    return new ScriptedChatModel(loadScript(path), { startAt });
  }

  /** Turns consumed so far. */
  get position(): number {
    return this.cursor;
  }

  _llmType(): string {
    return "mira-scripted";
  }

  /** Tools do not change what a script says; the Planner still validates every call. */
  override bindTools(): this {
    return this;
  }

  /**
   * Replays turn `options.modelCall` when the caller names it (each run of a shared model
   * follows its own script position), else the next turn of this instance's cursor.
   */
  async _generate(_messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const index = options.modelCall ?? this.cursor;
    const turn = this.turns[index];
    if (!turn) throw new ModelError(`scripted model exhausted: all ${this.turns.length} turns were used`);
    this.cursor = index + 1;
    const message = new AIMessage({
      content: turn.content,
      tool_calls: turn.tool_calls.map((c) => ({ id: c.id, name: c.name, args: c.args, type: "tool_call" as const })),
    });
    return { generations: [{ text: turn.content, message }] };
  }
}
