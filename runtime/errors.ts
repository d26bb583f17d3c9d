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
