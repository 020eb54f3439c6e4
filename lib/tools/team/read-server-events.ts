/**
 * Server-sent events (the WHATWG event-stream format) read from a fetch body: blocks split on a blank line, `event`,
 * `id` and `data` fields, comments skipped. The project has no SSE parser of its own in extension code (the SDKs
 * keep theirs private), and the team's `/v1/events` needs only these fields. A block longer than `maxBlockChars` ends
 * the stream: a server's event is small.
 */

/** One event as the stream sent it. */
export interface ServerEvent {
  event: string;
  id?: string;
  data: string;
}

/** Parses one block of lines into an event, or undefined for a block of comments only. */
function parseBlock(block: string): ServerEvent | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields++;
    if (name === 'event') event = value;
    else if (name === 'id') id = value;
    else if (name === 'data') data.push(value);
  }
  return fields ? { event, ...(id === undefined ? {} : { id }), data: data.join('\n') } : undefined;
}

/**
 * The events of `body` as they arrive; stops at the end of the stream, when the caller stops iterating, or when
 * `signal` aborts (even if the body itself never ends).
 */
export async function* readServerEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  maxBlockChars = 64 * 1024,
): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.search(/\r?\n\r?\n/); cut >= 0; cut = buffer.search(/\r?\n\r?\n/)) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
        const e = parseBlock(block);
        if (e) yield e;
      }
      if (buffer.length > maxBlockChars) return;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    await reader.cancel().catch(() => {});
  }
}
