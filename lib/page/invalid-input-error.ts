/** Input that does not have the command's shape; the message names the path and what was expected. */
export class InvalidInputError extends Error {
  constructor(path: string, expected: string) {
    super(`Invalid arguments: ${path} must be ${expected}`);
    this.name = 'InvalidInputError';
  }
}
