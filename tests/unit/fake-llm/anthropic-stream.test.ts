import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../fake-llm';
import { createClients } from './create-clients';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const ask = { model: 'claude-test', max_tokens: 256, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('Anthropic streaming through the official SDK', () => {
  it('reproduces thinking with signature, text, tool_use inputs and usage with cache tokens', async () => {
    llm.enqueue({
      reasoning: ['Weigh ', 'options.'],
      reasoningSignature: 'c2lnLTE=',
      text: ['Reading ', 'the page.'],
      toolCalls: [
        { id: 'toolu_a', name: 'read_page', arguments: '{"selector":"main","max":3}' },
        { id: 'toolu_b', name: 'fill', arguments: '{"fields":[{"k":"email","v":"a@b.c"}]}', splitInto: 7 },
      ],
      usage: { inputTokens: 90, outputTokens: 41, cachedTokens: 2048, cacheCreationTokens: 512 },
    });
    const { anthropic } = createClients(llm);
    const events: string[] = [];
    const stream = anthropic.messages.stream(ask);
    stream.on('streamEvent', (e) => events.push(e.type));
    const message = await stream.finalMessage();

    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Weigh options.', signature: 'c2lnLTE=' },
      { type: 'text', text: 'Reading the page.' },
      { type: 'tool_use', id: 'toolu_a', name: 'read_page', input: { selector: 'main', max: 3 } },
      { type: 'tool_use', id: 'toolu_b', name: 'fill', input: { fields: [{ k: 'email', v: 'a@b.c' }] } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.model).toBe('claude-test');
    expect(message.id).toMatch(/^msg_01/);
    expect(message.usage).toMatchObject({
      input_tokens: 90,
      output_tokens: 41,
      cache_read_input_tokens: 2048,
      cache_creation_input_tokens: 512,
    });
    // The SDK swallows `ping`; everything else is the API's event sequence.
    expect(events[0]).toBe('message_start');
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(events.filter((e) => e === 'content_block_start')).toHaveLength(4);
    expect(events.filter((e) => e === 'content_block_stop')).toHaveLength(4);
  });

  it('sends the exact SSE event sequence, ping included', async () => {
    llm.enqueue({
      reasoning: ['r'],
      text: ['t'],
      toolCalls: [{ id: 'toolu_x', name: 'n', arguments: '{"a":1}', splitInto: 2 }],
    });
    const response = await fetch(`${llm.anthropicBaseUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    const frames = (await response.text()).trim().split('\n\n');
    const names = frames.map((f) => /^event: (\S+)/.exec(f)?.[1]);
    const deltas = frames
      .map((f) => JSON.parse(f.split('\ndata: ')[1]!) as { type: string; delta?: { type?: string } })
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => e.delta?.type);
    expect(names).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(deltas).toEqual(['thinking_delta', 'signature_delta', 'text_delta', 'input_json_delta', 'input_json_delta']);
    expect(frames[9]).toContain('"content_block":{"type":"tool_use","id":"toolu_x","name":"n","input":{}}');
  });

  it('maps stop reasons to end_turn and max_tokens', async () => {
    const { anthropic } = createClients(llm);
    llm.enqueue({ text: ['a'] }, { text: ['b'], stopReason: 'length' });
    expect((await anthropic.messages.stream(ask).finalMessage()).stop_reason).toBe('end_turn');
    expect((await anthropic.messages.stream(ask).finalMessage()).stop_reason).toBe('max_tokens');
  });

  it('gives a tool call with empty arguments an empty input object', async () => {
    llm.enqueue({ toolCalls: [{ id: 'toolu_e', name: 'list_tabs', arguments: '' }] });
    const { anthropic } = createClients(llm);
    const message = await anthropic.messages.stream(ask).finalMessage();
    expect(message.content).toEqual([{ type: 'tool_use', id: 'toolu_e', name: 'list_tabs', input: {} }]);
  });
});
