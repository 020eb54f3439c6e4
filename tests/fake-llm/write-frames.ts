import type { ServerResponse } from 'node:http';

/**
 * Writes SSE text and waits until it is handed to the socket, so chunk timing is real and a later
 * `drop` cannot discard frames still queued. Resolves false once the client has gone.
 */
export function writeFrames(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (!text) return Promise.resolve(true);
  return new Promise((resolve) => {
    // A destroyed socket may never call the write callback; 'close' settles the wait instead.
    const onClose = () => resolve(false);
    res.once('close', onClose);
    res.write(text, (error) => {
      res.off('close', onClose);
      resolve(!error);
    });
  });
}
