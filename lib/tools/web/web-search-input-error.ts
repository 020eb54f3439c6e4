/** A Settings → Web search value missing or wrong (no address, no key): its message is for the user, as it is. */
export class WebSearchInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebSearchInputError';
  }
}
