import type { ServerResponse } from 'node:http';
import type { FakeReply } from './fake-reply';
import type { ReplyOutcome } from './reply-outcome';
import type { ReplyPart } from './reply-part';
import type { SseEncoder } from './sse-encoder';
import { sleep } from './sleep';
import { waitForClose } from './wait-for-close';
import { writeFrames } from './write-frames';

/** Everything one streamed reply needs. */
export interface StreamReplyOptions {
  res: ServerResponse;
  reply: FakeReply;
  parts: Iterator<ReplyPart>;
  encoder: SseEncoder;
  /** The outcome once `chunksSent` chunks went out (default output tokens depend on it). */
  outcome: (chunksSent: number) => ReplyOutcome;
  headers: Record<string, string>;
}

/**
 * Sends a reply as SSE, one scripted chunk at a time with `chunkDelayMs` between chunks, and plays an
 * in-stream fault once `afterChunks` chunks are out. Parts are pulled after the delay, so a text
 * function runs at send time.
 */
export async function streamReply({ res, reply, parts, encoder, outcome, headers }: StreamReplyOptions): Promise<void> {
  res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  // Headers go out now, so the client's request resolves even if the script stalls before any chunk.
  res.flushHeaders();
  if (!(await writeFrames(res, encoder.open()))) return;

  const fault = reply.fault?.kind === 'http' ? undefined : reply.fault;
  let sent = 0;
  for (;;) {
    // The delay comes before the fault too: what was sent has time to reach the client before it breaks.
    if (sent > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    if (fault && sent >= fault.afterChunks) break;
    const next = parts.next();
    if (next.done) break;
    if (!(await writeFrames(res, encoder.part(next.value)))) return;
    sent++;
  }

  switch (fault?.kind) {
    case undefined:
      await writeFrames(res, encoder.finish(outcome(sent)));
      res.end();
      return;
    case 'error-event':
      // Both vendors end the stream right after an error event.
      await writeFrames(res, encoder.error());
      res.end();
      return;
    case 'drop':
      res.socket?.destroy();
      return;
    case 'stall':
      await waitForClose(res);
      return;
    case 'end':
      res.end();
      return;
  }
}
