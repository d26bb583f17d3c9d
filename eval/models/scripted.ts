/**
 * The scripted model: replays a turn file in call order, the same file for every route
 * (`{"turns":[{"content":"…","tool_calls":[{"id":"c1","name":"read_open","args":{…}}]}]}`,
 * the format of `mira run --model scripted:FILE`). `answer` is the final answer,
 * `tool_search` and `delegate_task` are skipped by routes that do not offer them. A case
 * without a turn file replays its gold plan verbatim: unlike the oracle, it calls a tool
 * whether or not the route shows it.
 */
import { loadScript, type ScriptedTurn } from "../../models/scripted.js";
import type { GoldStep } from "../case.js";
import type { EvalModel, ModelTurn, ModelView } from "../types.js";
import { answerText } from "./oracle.js";

/** The gold plan as a script. */
export function planAsScript(plan: readonly GoldStep[]): ScriptedTurn[] {
  return plan.map((step, i): ScriptedTurn => {
    const id = `s${i + 1}`;
    if ("answer" in step) return { content: "", tool_calls: [{ id, name: "answer", args: { text: answerText(step), citations: [] } }] };
    if ("delegate" in step) return { content: "", tool_calls: [{ id, name: "delegate_task", args: { ...step.delegate } }] };
    return { content: "", tool_calls: [{ id, name: step.tool, args: step.args }] };
  });
}

export class ScriptedEvalModel implements EvalModel {
  private cursor = 0;

  constructor(private readonly turns: readonly ScriptedTurn[]) {}

  /** Throws ModelError (one line) for an unreadable or malformed file. */
  static fromFile(path: string): ScriptedEvalModel {
    return new ScriptedEvalModel(loadScript(path));
  }

  async next(view: ModelView): Promise<ModelTurn> {
    for (;;) {
      const turn = this.turns[this.cursor];
      if (!turn) return { type: "answer", text: "(the script has no more turns)" };
      this.cursor += 1;
      const call = turn.tool_calls[0];
      if (!call) return { type: "answer", text: turn.content || "(empty turn)" };
      if (call.name === "answer") return { type: "answer", text: String(call.args.text ?? turn.content) };
      if (call.name === "tool_search") {
        if (view.canSearch) return { type: "search", id: call.id, query: String(call.args.query ?? "") };
        continue;
      }
      if (call.name === "delegate_task") {
        if (view.canDelegate) return { type: "delegate", id: call.id, task: String(call.args.task ?? ""), acceptance: String(call.args.acceptance ?? "") };
        continue;
      }
      return { type: "call", id: call.id, tool: call.name, args: call.args };
    }
  }
}
