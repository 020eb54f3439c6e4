/**
 * How a stream goes wrong, through the real SDKs against the fake server: a dropped connection and a stream
 * that ends early are "cut off", a silent provider is "stalled" (partial parts kept), and a server nobody
 * listens on is "network" with a message naming the host.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createAnthropicChatModel } from '../../../lib/providers/anthropic-chat-model';
import { createOpenAIChatModel } from '../../../lib/providers/openai-chat-model';
import type { ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const call = { system: 'sys', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };

/** Every part received, and the error the stream ended with (if any). */
async function drain(model: ChatModel, signal = new AbortController().signal) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const p of model.stream(call, signal)) parts.push(p);
    return { parts, error: undefined };
  } catch (error) {
    return { parts, error };
  }
}
const textOf = (parts: ModelStreamPart[]) => parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const models = {
  openai: (o: { baseURL?: string; stallTimeoutMs?: number } = {}) =>
    createOpenAIChatModel({
      modelId: 'gpt-x',
      apiKey: 'k',
      baseURL: o.baseURL ?? llm.openaiBaseUrl,
      maxRetries: 0,
      stallTimeoutMs: o.stallTimeoutMs,
    }),
  anthropic: (o: { baseURL?: string; stallTimeoutMs?: number } = {}) =>
    createAnthropicChatModel({
      modelId: 'claude-x',
      apiKey: 'k',
      baseURL: o.baseURL ?? llm.anthropicBaseUrl,
      maxRetries: 0,
      stallTimeoutMs: o.stallTimeoutMs,
    }),
};

describe.each(['openai', 'anthropic'] as const)('%s stream faults', (wire) => {
  it('a connection dropped mid-answer is a cut-off stream, after the parts that arrived', async () => {
    llm.enqueue({ text: ['one ', 'two ', 'three'], fault: { kind: 'drop', afterChunks: 2 } });
    const { parts, error } = await drain(models[wire]());
    expect(textOf(parts)).toBe('one two ');
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('stream_error');
    expect(parts.some((p) => p.type === 'finish')).toBe(false);
  });

  it('a response that ends without a finish is a cut-off stream too', async () => {
    llm.enqueue({ text: ['one ', 'two ', 'three'], fault: { kind: 'end', afterChunks: 2 } });
    const { parts, error } = await drain(models[wire]());
    expect(textOf(parts)).toBe('one two ');
    expect((error as ProviderError).code).toBe('stream_error');
  });

  it('a provider that goes silent mid-answer is stalled once the timeout passes', async () => {
    llm.enqueue({ text: ['one ', 'two ', 'three'], fault: { kind: 'stall', afterChunks: 2 } });
    const started = Date.now();
    const { parts, error } = await drain(models[wire]({ stallTimeoutMs: 300 }));
    const took = Date.now() - started;
    expect(textOf(parts)).toBe('one two ');
    expect(error).toMatchObject({ code: 'stalled', message: 'No data from the provider for 0.3 s.' });
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(3000);
  });

  it('a steady stream slower than nothing is not a stall: each chunk restarts the clock', async () => {
    llm.enqueue({ text: ['a', 'b', 'c', 'd'], chunkDelayMs: 200 });
    const { parts, error } = await drain(models[wire]({ stallTimeoutMs: 350 }));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe('abcd');
  });

  it('a server nobody listens on is "network", and the message names the host and what to check', async () => {
    const port = await closedPort();
    const { error } = await drain(
      models[wire]({ baseURL: `http://127.0.0.1:${port}${wire === 'openai' ? '/v1' : ''}` }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'network' });
    expect((error as Error).message).toBe(
      `Can't reach 127.0.0.1:${port}. Is the local server running on that port? Start it, or fix the base URL in Settings.`,
    );
  });
});
