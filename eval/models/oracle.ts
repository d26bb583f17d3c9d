/**
 * The oracle model: follows the case's gold plan, but only through what the route lets it
 * see. A gold tool that is not visible is asked for with `tool_search` once where the route
 * offers it (a counted model call); where it cannot be reached the step is skipped, so
 * reachability, not model skill, decides the outcome. Delegation steps are taken only where
 * the route offers `delegate_task`.
 */
import type { GoldStep } from "../case.js";
import type { EvalModel, ModelTurn, ModelView } from "../types.js";

/** Call ids unique within one case run (ledgers key executions by them). */
export class CallIds {
  private n = 0;
  next(): string {
    this.n += 1;
    return `c${this.n}`;
  }
}

/** The final answer's text: the gold answer and the paths it cites. */
export function answerText(step: Extract<GoldStep, { answer: string }>): string {
  return step.cite.length ? `${step.answer}\nSources: ${step.cite.join(", ")}` : step.answer;
}

export class OracleModel implements EvalModel {
  private cursor = 0;
  private readonly searched = new Set<string>();

  constructor(
    private readonly plan: readonly GoldStep[],
    readonly ids = new CallIds(),
  ) {}

  async next(view: ModelView): Promise<ModelTurn> {
    while (this.cursor < this.plan.length) {
      const step = this.plan[this.cursor]!;
      if ("answer" in step) return { type: "answer", text: answerText(step) };
      if ("delegate" in step) {
        this.cursor += 1;
        if (view.canDelegate) return { type: "delegate", id: this.ids.next(), task: step.delegate.task, acceptance: step.delegate.acceptance };
        continue;
      }
      if (!view.visibleTools.includes(step.tool)) {
        if (view.canSearch && !this.searched.has(step.tool)) {
          this.searched.add(step.tool);
          return { type: "search", id: this.ids.next(), query: step.tool };
        }
        this.cursor += 1;
        continue;
      }
      this.cursor += 1;
      return { type: "call", id: this.ids.next(), tool: step.tool, args: structuredClone(step.args) };
    }
    return { type: "answer", text: "I could not finish the task with the tools available to me." };
  }
}
