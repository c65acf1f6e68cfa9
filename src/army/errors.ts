/**
 * The one error type of the army importer: a roster that cannot be imported. Its message says
 * what is wrong and where (file part, line, unit), on one line, so the CLI can print it as is.
 *
 * @module
 */

/** A roster file that cannot be imported (bad input, not a bug). `message` is one line. */
export class ArmyImportError extends Error {
  constructor(message: string) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'ArmyImportError';
  }
}

/** Throw an {@link ArmyImportError} with `message`. */
export function refuse(message: string): never {
  throw new ArmyImportError(message);
}
