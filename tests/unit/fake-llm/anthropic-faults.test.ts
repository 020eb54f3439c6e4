import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createClients } from './create-clients';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const ask = { model: 'claude-test', max_tokens: 64, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('Anthropic faults through the official SDK', () => {
  it('401 is an AuthenticationError with the scripted message and is not retried', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 401, message: 'invalid x-api-key' } });
    const { anthropic } = createClients(llm, { maxRetries: 2 });
    const error = await anthropic.messages
      .stream(ask)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    const auth = error as InstanceType<typeof Anthropic.AuthenticationError>;
    // The SDK's message is the status and the whole JSON body; the API's own message is `apiMessage`.
    expect(auth.apiMessage).toBe('invalid x-api-key');
    expect(auth.message).toMatch(
      /^401 \{"type":"error","error":\{"type":"authentication_error","message":"invalid x-api-key"\}/,
    );
    expect(auth.type).toBe('authentication_error');
    expect(auth.requestID).toMatch(/^req_011C/);
    expect((auth.error as { request_id: string }).request_id).toBe(auth.requestID);
    expect(llm.requests).toHaveLength(1);
  });

  it('429 with retry-after is retried after the delay it names, then succeeds', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 1 } }, { text: ['recovered'] });
    const { anthropic } = createClients(llm, { maxRetries: 1 });
    const message = await anthropic.messages.stream(ask).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'recovered' }]);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(llm.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('retry-after: 0 is ignored by this SDK, which falls back to its own backoff (0.375-0.5 s first)', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 0 } }, { text: ['later'] });
    const { anthropic } = createClients(llm, { maxRetries: 1 });
    await anthropic.messages.create(ask);
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeGreaterThanOrEqual(360);
  });

  it.each([
    [500, Anthropic.InternalServerError, 'api_error'],
    [529, Anthropic.InternalServerError, 'overloaded_error'],
  ] as const)('%i is retried, then succeeds; unretried it is an %O of type %s', async (status, errorClass, type) => {
    llm.enqueue({ fault: { kind: 'http', status, retryAfterMs: 10 } }, { text: ['fine'] });
    const { anthropic } = createClients(llm, { maxRetries: 1 });
    const message = await anthropic.messages.stream(ask).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'fine' }]);
    expect(llm.requests).toHaveLength(2);

    llm.enqueue({ fault: { kind: 'http', status } });
    const error = await createClients(llm)
      .anthropic.messages.create(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect((error as APIError).status).toBe(status);
    expect((error as APIError).type).toBe(type);
  });

  it('an error event mid-stream makes the stream throw an overloaded_error after the text before it', async () => {
    llm.enqueue({ text: ['a', 'b', 'c'], fault: { kind: 'error-event', afterChunks: 2 } });
    const { anthropic } = createClients(llm);
    const stream = anthropic.messages.stream(ask);
    let seen = '';
    stream.on('text', (delta) => (seen += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as APIError).type).toBe('overloaded_error');
    expect((error as APIError).status).toBeUndefined();
    expect(seen).toBe('ab');
  });

  it('a dropped connection makes the stream throw undici\'s "terminated"', async () => {
    llm.enqueue({ reasoning: ['x'], text: ['a', 'b'], fault: { kind: 'drop', afterChunks: 2 } });
    const { anthropic } = createClients(llm);
    const stream = anthropic.messages.stream(ask);
    let seen = '';
    stream.on('text', (delta) => (seen += delta));
    await expect(stream.finalMessage()).rejects.toThrow(/^terminated$/);
    expect(seen).toBe('a');
  });

  it('a stalled stream is aborted promptly by an AbortController', async () => {
    llm.enqueue({ text: ['a', 'b'], fault: { kind: 'stall', afterChunks: 1 } });
    const { anthropic } = createClients(llm);
    const controller = new AbortController();
    const stream = anthropic.messages.stream(ask, { signal: controller.signal });
    stream.on('text', () => setTimeout(() => controller.abort(), 50));
    const started = Date.now();
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a stall before any chunk still lets the request resolve (headers and message_start are sent)', async () => {
    llm.enqueue({ text: ['never'], fault: { kind: 'stall', afterChunks: 0 } });
    const { anthropic } = createClients(llm);
    const controller = new AbortController();
    const stream = anthropic.messages.stream(ask, { signal: controller.signal });
    const started = await new Promise<string>((resolve) => stream.on('streamEvent', (e) => resolve(e.type)));
    expect(started).toBe('message_start');
    controller.abort();
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIUserAbortError);
  });
});
