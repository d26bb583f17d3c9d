/** A model could not be built or could not answer (bad spec, bad script, exhausted script, endpoint down). */
export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
