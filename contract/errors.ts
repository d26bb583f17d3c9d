/**
 * A problem with what the user gave mira — a flag, a file, a model spec, a workspace.
 * Reported as one line with the usage exit code (64); nothing has run when it is thrown.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A mistake in how mira was called (exit 64); the run, if any, is left as it was. */
export class UsageError extends InputError {}
