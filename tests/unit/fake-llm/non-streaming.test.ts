import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createClients } from './create-clients';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const user = [{ role: 'user' as const, content: 'hi' }];
const script = {
  reasoning: ['mull'],
  text: ['Hello', ' there'],
  toolCalls: [
    { id: 'call_1', name: 'open_tab', arguments: '{"url":"https://example.com"}' },
    { id: 'call_2', name: 'close_tab', arguments: '{"id":7}' },
  ],
  usage: { inputTokens: 11, outputTokens: 22, cachedTokens: 5, cacheCreationTokens: 3 },
};

describe('non-streaming replies', () => {
  it('OpenAI: a chat.completion with text, tool calls, reasoning_content and usage', async () => {
    llm.enqueue(script);
    const { openai } = createClients(llm);
    const done = await openai.chat.completions.create({ model: 'gpt-test', messages: user });
    expect(done.object).toBe('chat.completion');
    expect(done.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: 'Hello there',
        reasoning_content: 'mull',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'open_tab', arguments: '{"url":"https://example.com"}' },
          },
          { id: 'call_2', type: 'function', function: { name: 'close_tab', arguments: '{"id":7}' } },
        ],
      },
    });
    expect(done.usage).toMatchObject({
      prompt_tokens: 11,
      completion_tokens: 22,
      total_tokens: 33,
      prompt_tokens_details: { cached_tokens: 5 },
    });
    expect(llm.requests[0]!.body).toMatchObject({ model: 'gpt-test' });
    expect(llm.requests[0]!.body).not.toHaveProperty('stream');
  });

  it('Anthropic: a message with thinking, text, tool_use blocks and usage', async () => {
    llm.enqueue({ ...script, stopReason: 'length' });
    const { anthropic } = createClients(llm);
    const message = await anthropic.messages.create({ model: 'claude-test', max_tokens: 64, messages: user });
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'mull', signature: 'ZmFrZS1zaWduYXR1cmU=' },
      { type: 'text', text: 'Hello there' },
      { type: 'tool_use', id: 'call_1', name: 'open_tab', input: { url: 'https://example.com' } },
      { type: 'tool_use', id: 'call_2', name: 'close_tab', input: { id: 7 } },
    ]);
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage).toMatchObject({
      input_tokens: 11,
      output_tokens: 22,
      cache_read_input_tokens: 5,
      cache_creation_input_tokens: 3,
    });
  });

  it('answers with the fallback "ok" when the queue is empty, and with setFallback functions', async () => {
    const { openai, anthropic } = createClients(llm);
    const first = await openai.chat.completions.create({ model: 'm', messages: user });
    expect(first.choices[0]!.message.content).toBe('ok');
    llm.setFallback((req) => ({ text: [`echo ${(req.body as { model: string }).model} via ${req.wire}`] }));
    const second = await anthropic.messages.create({ model: 'claude-x', max_tokens: 8, messages: user });
    expect(second.content).toEqual([{ type: 'text', text: 'echo claude-x via anthropic' }]);
  });
});
