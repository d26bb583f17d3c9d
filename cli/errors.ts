/** A mistake in how mira was called (exit 64); the run, if any, is left as it was. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
