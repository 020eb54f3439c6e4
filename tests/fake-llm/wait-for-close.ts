import type { ServerResponse } from 'node:http';

/** Resolves when the connection closes: the client aborted, or the server closed all connections. */
export function waitForClose(res: ServerResponse): Promise<void> {
  if (res.destroyed || res.closed) return Promise.resolve();
  return new Promise((resolve) => res.once('close', () => resolve()));
}
