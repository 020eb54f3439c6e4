/** Both adapters, through the real SDKs, against the fake server speaking each wire format. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createAnthropicChatModel } from '../../../lib/providers/anthropic-chat-model';
import { createOpenAIChatModel } from '../../../lib/providers/openai-chat-model';
import type { ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { ProviderError } from '../../../lib/providers/provider-error';
import { listModels } from '../../../lib/providers/list-models';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const call = { system: 'sys', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };

async function collect(model: ChatModel, signal = new AbortController().signal): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const p of model.stream(call, signal)) parts.push(p);
  return parts;
}

const models = {
  openai: () => createOpenAIChatModel({ modelId: 'gpt-x', apiKey: 'k', baseURL: llm.openaiBaseUrl, maxRetries: 2 }),
  anthropic: () =>
    createAnthropicChatModel({ modelId: 'claude-x', apiKey: 'k', baseURL: llm.anthropicBaseUrl, maxRetries: 2 }),
};

describe.each(['openai', 'anthropic'] as const)('%s adapter', (wire) => {
  it('streams text, tool calls and usage', async () => {
    llm.enqueue({
      text: ['Hel', 'lo'],
      toolCalls: [{ id: 'tc1', name: 'read_page', arguments: '{"offset":0}' }],
      usage: {
        inputTokens: 11,
        outputTokens: 7,
        cachedTokens: 3,
        ...(wire === 'anthropic' ? { cacheCreationTokens: 2 } : {}),
      },
    });
    const parts = await collect(models[wire]());
    expect(
      parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => (p as { delta: string }).delta)
        .join(''),
    ).toBe('Hello');
    expect(parts.filter((p) => p.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'tc1', toolName: 'read_page', input: '{"offset":0}' },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool-calls',
      usage: { inputTokens: 11, outputTokens: 7, cachedInputTokens: 3, cacheWriteTokens: wire === 'anthropic' ? 2 : 0 },
    });
    expect(llm.requests[0]!.wire).toBe(wire);
  });

  it('reports the SDK retrying a 429 and then succeeds', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 429, retryAfterMs: 50 } }, { text: ['ok'] });
    const parts = await collect(models[wire]());
    expect(parts[0]).toEqual({ type: 'retry', attempt: 1, status: 429, delayMs: 50 });
    expect(parts.some((p) => p.type === 'text-delta')).toBe(true);
    expect(llm.requests).toHaveLength(2);
  });

  it('turns a 401 into an auth ProviderError carrying the vendor message', async () => {
    llm.enqueue({ fault: { kind: 'http', status: 401, message: 'bad key here' } });
    const error = await collect(models[wire]()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'auth', status: 401, message: 'bad key here' });
  });

  it('surfaces an error event mid-stream and a dropped connection', async () => {
    llm.enqueue(
      { text: ['a', 'b', 'c'], fault: { kind: 'error-event', afterChunks: 1 } },
      { text: ['a', 'b', 'c'], fault: { kind: 'drop', afterChunks: 1 } },
    );
    const e1 = await collect(models[wire]()).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ProviderError);
    expect((e1 as ProviderError).code).not.toBe('aborted');
    const e2 = await collect(models[wire]()).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(ProviderError);
    expect((e2 as ProviderError).retryable).toBe(true);
  });

  it('aborting a stalled stream ends it promptly as aborted', async () => {
    llm.enqueue({ text: ['a', 'b'], fault: { kind: 'stall', afterChunks: 1 } });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const error = await collect(models[wire](), controller.signal).catch((e: unknown) => e);
    expect((error as ProviderError).code).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('lists the endpoint models for "Test connection"', async () => {
    llm.models = ['m-1', 'm-0'];
    const baseUrl = wire === 'openai' ? llm.openaiBaseUrl : llm.anthropicBaseUrl;
    expect(await listModels({ kind: wire, baseUrl, apiKey: 'k' })).toEqual(['m-0', 'm-1']);
  });
});

it('an OpenAI-compatible endpoint without a key gets no Authorization header', async () => {
  llm.enqueue({ text: ['ok'] });
  await collect(createOpenAIChatModel({ modelId: 'llama', baseURL: llm.openaiBaseUrl }));
  expect(llm.requests[0]!.headers.authorization).toBeUndefined();
});

it('a 401 from "Test connection" shows the provider\'s own message', async () => {
  llm.setValidKeys(['right']);
  const error = await listModels({ kind: 'openai', baseUrl: llm.openaiBaseUrl, apiKey: 'wrong' }).catch(
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'auth', status: 401 });
  expect((error as Error).message).toMatch(/key/i);
});
