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

describe('OpenAI streaming through the official SDK', () => {
  it('reproduces text, several tool calls and usage with cached tokens', async () => {
    llm.enqueue({
      text: ['Let me ', 'check.'],
      toolCalls: [
        { id: 'call_a', name: 'read_page', arguments: '{"selector":"main","max":3}' },
        { id: 'call_b', name: 'search', arguments: '{"query":"tabs \\"quoted\\""}', splitInto: 5 },
      ],
      usage: { inputTokens: 120, outputTokens: 33, cachedTokens: 64 },
    });
    const { openai } = createClients(llm);
    const chunks: unknown[] = [];
    const stream = openai.chat.completions.stream({ ...ask, stream_options: { include_usage: true } });
    stream.on('chunk', (c) => chunks.push(c));
    const done = await stream.finalChatCompletion();

    const choice = done.choices[0]!;
    expect(choice.message.content).toBe('Let me check.');
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'read_page', arguments: '{"selector":"main","max":3}' } },
      { id: 'call_b', type: 'function', function: { name: 'search', arguments: '{"query":"tabs \\"quoted\\""}' } },
    ]);
    expect(done.model).toBe('gpt-test');
    expect(done.usage).toMatchObject({
      prompt_tokens: 120,
      completion_tokens: 33,
      total_tokens: 153,
      prompt_tokens_details: { cached_tokens: 64 },
    });
    // 1 role + 2 text + (header + 3 pieces) + (header + 5 pieces) + finish + usage chunk.
    expect(chunks).toHaveLength(1 + 2 + 4 + 6 + 1 + 1);
  });

  it('starts a tool-only reply with role and null content merged into the first tool call chunk', async () => {
    llm.enqueue({ toolCalls: [{ name: 'noop', arguments: '{}' }] });
    const { openai } = createClients(llm);
    const stream = openai.chat.completions.stream(ask);
    const first: unknown[] = [];
    stream.on('chunk', (c) => first.push(c.choices[0]?.delta));
    const done = await stream.finalChatCompletion();
    expect(first[0]).toMatchObject({ role: 'assistant', content: null, tool_calls: [{ index: 0, type: 'function' }] });
    expect(done.choices[0]!.message.content).toBeNull();
    expect(done.choices[0]!.message.tool_calls?.[0]?.id).toMatch(/^call_/);
    // Without include_usage there is no usage chunk.
    expect(done.usage).toBeUndefined();
  });

  it('maps stop reasons to finish_reason', async () => {
    const { openai } = createClients(llm);
    llm.enqueue({ text: ['a'] }, { text: ['b'], stopReason: 'length' });
    expect((await openai.chat.completions.stream(ask).finalChatCompletion()).choices[0]!.finish_reason).toBe('stop');
    expect((await openai.chat.completions.stream(ask).finalChatCompletion()).choices[0]!.finish_reason).toBe('length');
  });

  it('sends reasoning as delta.reasoning_content before the text', async () => {
    llm.enqueue({ reasoning: ['think ', 'hard'], text: ['answer'] });
    const { openai } = createClients(llm);
    const stream = await openai.chat.completions.create({ ...ask, stream: true });
    let reasoning = '';
    let text = '';
    const order: string[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string } | undefined;
      if (delta?.reasoning_content) {
        reasoning += delta.reasoning_content;
        order.push('r');
      }
      if (delta?.content) {
        text += delta.content;
        order.push('t');
      }
    }
    expect(reasoning).toBe('think hard');
    expect(text).toBe('answer');
    expect(order).toEqual(['r', 'r', 't']);
  });

  it('documents an SDK trap: the stream helper keeps only the LAST reasoning_content chunk', async () => {
    // ChatCompletionStream Object.assigns unknown delta fields instead of appending them, so adapters must
    // accumulate reasoning from the raw chunks themselves.
    llm.enqueue({ reasoning: ['think ', 'hard'], text: ['answer'] });
    const { openai } = createClients(llm);
    const done = await openai.chat.completions.stream(ask).finalChatCompletion();
    expect((done.choices[0]!.message as { reasoning_content?: string }).reasoning_content).toBe('hard');
  });

  it('calls a text function at send time, chunk by chunk, until it returns undefined', async () => {
    const stamps: number[] = [];
    llm.enqueue({
      chunkDelayMs: 60,
      text: (i) => {
        if (i === 3) return undefined;
        stamps.push(Date.now());
        return `${i}@${Date.now()};`;
      },
    });
    const { openai } = createClients(llm);
    const stream = openai.chat.completions.stream(ask);
    const arrivals: number[] = [];
    stream.on('content', () => arrivals.push(Date.now()));
    const done = await stream.finalChatCompletion();
    expect(done.choices[0]!.message.content).toMatch(/^0@\d+;1@\d+;2@\d+;$/);
    expect(stamps).toHaveLength(3);
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(55);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(55);
    // The first chunk is stamped when the request arrives (not when queued), and is not delayed.
    expect(stamps[0]!).toBeGreaterThanOrEqual(llm.requests[0]!.at);
    expect(stamps[0]! - llm.requests[0]!.at).toBeLessThan(50);
    arrivals.forEach((t, i) => expect(t).toBeGreaterThanOrEqual(stamps[i]!));
  });
});
