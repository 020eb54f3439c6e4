/** Reads a fetch Response's body up to a byte cap, then stops the download (the rest is never fetched). */

export interface CappedBody {
  bytes: Uint8Array;
  /** The body went on past the cap. */
  truncated: boolean;
}

export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (!response.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      // Cancelling closes the connection: a huge or endless page costs no more than the cap.
      await reader
        .cancel()
        .catch((error: unknown) => console.warn('Tabwise: cancelling a capped download failed', error));
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, truncated };
}
