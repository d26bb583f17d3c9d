/** The model defaults, written once: every command, the server and the evaluation read them here. */

/** The Planner model spec a run uses when none is chosen: the offline planner, which needs no key. */
export const DEFAULT_MODEL_SPEC = "offline";

/** The model an OpenAI-compatible endpoint is asked for when `MIRA_MODEL` is unset. */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
