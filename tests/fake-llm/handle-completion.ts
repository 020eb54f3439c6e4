import type { ServerResponse } from 'node:http';
import { buildAnthropicMessage } from './build-anthropic-message';
import { buildOpenAiCompletion } from './build-openai-completion';
import { createAnthropicEncoder } from './create-anthropic-encoder';
import { createOpenAiEncoder } from './create-openai-encoder';
import { fakeId } from './fake-id';
import type { FakeReply } from './fake-reply';
import type { RecordedRequest } from './recorded-request';
import { replyOutcome } from './reply-outcome';
import { replyParts } from './reply-parts';
import { sendError } from './send-error';
import { sendJson } from './send-json';
import { sleep } from './sleep';
import { streamReply } from './stream-reply';
import type { VendorHeaders } from './vendor-headers';
import { waitForClose } from './wait-for-close';

// base64 of "fake-signature": opaque like the real thing, fixed so tests can assert it.
const defaultSignature = 'ZmFrZS1zaWduYXR1cmU=';

interface CompletionBody {
  model?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown } | null;
}

/** Answers a chat-completions or messages request with `reply`, streamed when the body asks for it. */
export async function handleCompletion(
  res: ServerResponse,
  request: RecordedRequest,
  reply: FakeReply,
  vendor: VendorHeaders,
): Promise<void> {
  const { wire } = request;
  const { fault } = reply;
  if (fault?.kind === 'http') {
    sendError(res, wire, fault.status, vendor, fault);
    return;
  }

  const body = (typeof request.body === 'object' && request.body ? request.body : {}) as CompletionBody;
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const toolId = () => (wire === 'openai' ? fakeId('call_', 24) : fakeId('toolu_01', 22));
  const parts = replyParts(reply, toolId);
  const outcome = (chunksSent: number) => replyOutcome(reply, request.body, chunksSent);
  const signature = reply.reasoningSignature ?? defaultSignature;
  const messageId = fakeId('msg_01', 22);

  if (body.stream === true) {
    const encoder =
      wire === 'openai'
        ? createOpenAiEncoder({ model, includeUsage: body.stream_options?.include_usage === true })
        : createAnthropicEncoder({ id: messageId, model, signature, outcome: outcome(0) });
    await streamReply({ res, reply, parts, encoder, outcome, headers: vendor.headers });
    return;
  }

  // Non-streaming: the whole reply takes as long as its chunks would have.
  const all = [...parts];
  if (reply.chunkDelayMs && all.length > 1) await sleep(reply.chunkDelayMs * (all.length - 1));
  switch (fault?.kind) {
    case 'error-event':
      // No stream to put an event in: answer with the error the stream would have carried.
      sendError(res, wire, wire === 'openai' ? 500 : 529, vendor);
      return;
    case 'drop':
    case 'end':
      res.socket?.destroy();
      return;
    case 'stall':
      await waitForClose(res);
      return;
  }
  const json =
    wire === 'openai'
      ? buildOpenAiCompletion(all, outcome(all.length), model)
      : buildAnthropicMessage(all, outcome(all.length), model, messageId, signature);
  sendJson(res, 200, json, vendor.headers);
}
