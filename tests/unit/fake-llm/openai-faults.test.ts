import OpenAI, { APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createClients } from './create-clients';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const ask = { model: 'gpt-test', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('OpenAI faults through the official SDK', () => {
  it('401 is an AuthenticationError with the scripted message and is not retried', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided: sk-test.' } });
    const { openai } = createClients(llm, { maxRetries: 2 });
    const error = await openai.chat.completions
      .stream(ask)
      .finalChatCompletion()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    const auth = error as InstanceType<typeof OpenAI.AuthenticationError>;
    expect(auth.message).toBe('401 Incorrect API key provided: sk-test.');
    expect(auth.code).toBe('invalid_api_key');
    expect(auth.type).toBe('invalid_request_error');
    expect(auth.requestID).toMatch(/^req_/);
    expect(llm.requests).toHaveLength(1);
  });

  it('429 with retry-after is retried after the delay it names, then succeeds', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 1 } }, { text: ['recovered'] });
    const { openai } = createClients(llm, { maxRetries: 1 });
    const done = await openai.chat.completions.stream(ask).finalChatCompletion();
    expect(done.choices[0]!.message.content).toBe('recovered');
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(llm.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('429 surfaces as RateLimitError once retries run out', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterSeconds: 0 } });
    const { openai } = createClients(llm, { maxRetries: 0 });
    await expect(openai.chat.completions.create(ask)).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  it.each([500, 529])('%i is an InternalServerError, retried, then succeeds', async (status) => {
    llm.enqueue({ fault: { kind: 'http', status, retryAfterSeconds: 0 } }, { text: ['fine'] });
    const { openai } = createClients(llm, { maxRetries: 1 });
    const done = await openai.chat.completions.stream(ask).finalChatCompletion();
    expect(done.choices[0]!.message.content).toBe('fine');
    expect(llm.requests).toHaveLength(2);
    // Unlike the Anthropic SDK, this one takes `retry-after: 0` at its word and retries at once.
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeLessThan(300);

    llm.enqueue({ fault: { kind: 'http', status } });
    const error = await createClients(llm)
      .openai.chat.completions.create(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as APIError).status).toBe(status);
  });

  it('an error chunk mid-stream makes the stream throw after the text before it', async () => {
    llm.enqueue({ text: ['a', 'b', 'c'], fault: { kind: 'error-event', afterChunks: 2 } });
    const { openai } = createClients(llm);
    const stream = openai.chat.completions.stream(ask);
    let seen = '';
    stream.on('content', (delta) => (seen += delta));
    const error = await stream.finalChatCompletion().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as APIError).message).toContain('The server had an error');
    expect(seen).toBe('ab');
  });

  it('a dropped connection makes the stream throw undici\'s "terminated"', async () => {
    llm.enqueue({ text: ['a', 'b', 'c'], fault: { kind: 'drop', afterChunks: 1 } });
    const { openai } = createClients(llm);
    const stream = openai.chat.completions.stream(ask);
    let seen = '';
    stream.on('content', (delta) => (seen += delta));
    await expect(stream.finalChatCompletion()).rejects.toThrow(/^terminated$/);
    expect(seen).toBe('a');
  });

  it('a stalled stream is aborted promptly by an AbortController', async () => {
    llm.enqueue({ text: ['a', 'b'], fault: { kind: 'stall', afterChunks: 1 } });
    const { openai } = createClients(llm);
    const controller = new AbortController();
    const stream = openai.chat.completions.stream(ask, { signal: controller.signal });
    stream.on('content', () => setTimeout(() => controller.abort(), 50));
    const started = Date.now();
    const error = await stream.finalChatCompletion().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
