/**
 * The evaluation's model specs: `oracle`, `scripted`, an adversarial profile, or `openai`.
 * One spec per run; each case gets a fresh instance, so no state leaks between cases.
 */
import { dirname, resolve } from "node:path";
import { existsSync } from "node:fs";
import type { RiskClass } from "../../state/types.js";
import type { EvalCase } from "../case.js";
import type { EvalModel } from "../types.js";
import { liveModelFromEnv, type LiveModel } from "./live.js";
import { AdversarialModel, FaultDice, faultsOf, isProfile, PROFILES, type Fault } from "./adversarial.js";
import { OracleModel } from "./oracle.js";
import { planAsScript, ScriptedEvalModel } from "./scripted.js";
import { UsageError } from "../../contract/errors.js";

export type ModelSpec =
  | { kind: "oracle" }
  | { kind: "scripted" }
  | { kind: "adversarial"; profile: (typeof PROFILES)[number]; rate: number }
  | { kind: "openai"; env: NodeJS.ProcessEnv };

export const MODEL_SPECS = ["oracle", "scripted", ...PROFILES, "openai"] as const;

export function parseModelSpec(raw: string, rate: number): ModelSpec {
  if (raw === "oracle" || raw === "scripted") return { kind: raw };
  if (raw === "openai") return { kind: "openai", env: process.env };
  if (isProfile(raw)) {
    if (!(rate >= 0 && rate <= 1)) throw new UsageError(`--fault-rate must be between 0 and 1, got ${rate}`);
    return { kind: "adversarial", profile: raw, rate };
  }
  throw new UsageError(`unknown model "${raw}": use ${MODEL_SPECS.join(", ")}`);
}

export const modelLabel = (spec: ModelSpec) => (spec.kind === "adversarial" ? `${spec.profile}@${spec.rate}` : spec.kind);

/** What one case run needs from the model spec: the model, and the fault dice routes consult. */
export interface CaseModel {
  model: EvalModel | LiveModel;
  dice: FaultDice;
}

/**
 * A fresh model for one case. Throws (reported as the case's error) when the case's turn
 * file is missing or malformed, or `openai` has no key.
 */
export function modelForCase(spec: ModelSpec, evalCase: EvalCase, suiteFile: string, riskOf: (tool: string) => RiskClass | undefined): CaseModel {
  const none = new FaultDice(new Set<Fault>(), 0, evalCase.id);
  switch (spec.kind) {
    case "oracle":
      return { model: new OracleModel(evalCase.gold.plan), dice: none };
    case "scripted": {
      if (!evalCase.turns) return { model: new ScriptedEvalModel(planAsScript(evalCase.gold.plan)), dice: none };
      const path = resolve(dirname(suiteFile), evalCase.turns);
      if (!existsSync(path)) throw new Error(`turn file not found: ${path}`);
      return { model: ScriptedEvalModel.fromFile(path), dice: none };
    }
    case "adversarial": {
      const dice = new FaultDice(new Set(faultsOf(spec.profile)), spec.rate, evalCase.id);
      return { model: new AdversarialModel(new OracleModel(evalCase.gold.plan), dice, riskOf), dice };
    }
    case "openai": {
      const live = liveModelFromEnv(spec.env);
      if (!live) throw new Error("--model openai needs OPENAI_API_KEY");
      return { model: live, dice: none };
    }
  }
}
