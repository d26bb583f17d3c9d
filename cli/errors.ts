import { InputError } from "../runtime/errors.js";

/** A mistake in how mira was called (exit 64); the run, if any, is left as it was. */
export class UsageError extends InputError {}
