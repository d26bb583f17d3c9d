import { InputError } from "../contract/errors.js";

/** A model could not be built or could not answer (bad spec, bad script, exhausted script, endpoint down). */
export class ModelError extends InputError {}
