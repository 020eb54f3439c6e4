import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { createOpenAIStreamMapper } from '../../../lib/providers/openai-stream-mapper';
import { createAnthropicStreamMapper } from '../../../lib/providers/anthropic-stream-mapper';
import { mapAnthropicStopReason } from '../../../lib/providers/map-anthropic-stop-reason';
import { mapOpenAIFinishReason } from '../../../lib/providers/map-openai-finish-reason';
import {
  mapAnthropicMessages,
  mapAnthropicSystem,
  mapAnthropicTools,
} from '../../../lib/providers/map-anthropic-messages';
import { mapOpenAIMessages } from '../../../lib/providers/map-openai-messages';
import { mapProviderError } from '../../../lib/providers/map-provider-error';
import { parseRetryAfter } from '../../../lib/providers/observe-retries';
import type { ChatCall } from '../../../lib/providers/chat-model';

const chunk = (
  delta: object,
  extra: Partial<ChatCompletionChunk> = {},
  finish: string | null = null,
): ChatCompletionChunk =>
  ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  }) as ChatCompletionChunk;

describe('stop reasons', () => {
  it('maps each vendor name', () => {
    expect(mapAnthropicStopReason('tool_use')).toBe('tool-calls');
    expect(mapAnthropicStopReason('end_turn')).toBe('stop');
    expect(mapAnthropicStopReason('max_tokens')).toBe('length');
    expect(mapAnthropicStopReason('refusal')).toBe('content-filter');
    expect(mapOpenAIFinishReason('tool_calls')).toBe('tool-calls');
    expect(mapOpenAIFinishReason('length')).toBe('length');
    expect(mapOpenAIFinishReason(null)).toBe('other');
  });
});

describe('OpenAI stream mapper', () => {
  it('assembles tool calls split across chunks and reads usage with cached tokens', () => {
    const m = createOpenAIStreamMapper();
    const parts = [
      ...m.push(chunk({ role: 'assistant', content: 'Hi ' })),
      ...m.push(chunk({ reasoning_content: 'thinking' })),
      ...m.push(
        chunk({
          tool_calls: [
            { index: 0, id: 'call_1', type: 'function', function: { name: 'read_page', arguments: '{"off' } },
          ],
        }),
      ),
      ...m.push(
        chunk({
          tool_calls: [{ index: 1, id: 'call_2', type: 'function', function: { name: 'list_tabs', arguments: '' } }],
        }),
      ),
      ...m.push(chunk({ tool_calls: [{ index: 0, function: { arguments: 'set":1}' } }] }, {}, 'tool_calls')),
      ...m.push({
        ...chunk({}),
        choices: [],
        usage: {
          prompt_tokens: 10,
          completion_tokens: 5,
          total_tokens: 15,
          prompt_tokens_details: { cached_tokens: 4 },
        },
      } as ChatCompletionChunk),
      ...m.finish(),
    ];
    expect(parts.filter((p) => p.type === 'text-delta')).toEqual([{ type: 'text-delta', delta: 'Hi ' }]);
    expect(parts.filter((p) => p.type === 'reasoning-delta')).toEqual([{ type: 'reasoning-delta', delta: 'thinking' }]);
    expect(parts.filter((p) => p.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_page', input: '{"offset":1}' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'list_tabs', input: '{}' },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 4, cacheWriteTokens: 0 },
    });
  });
});

describe('Anthropic stream mapper', () => {
  it('maps text, thinking with signature, tool input and cache usage', () => {
    const m = createAnthropicStreamMapper();
    const events = [
      {
        type: 'message_start',
        message: {
          usage: { input_tokens: 20, output_tokens: 1, cache_read_input_tokens: 7, cache_creation_input_tokens: 3 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hello' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'fill_form', input: {} },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"a":' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '2}' } },
      { type: 'content_block_stop', index: 2 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ] as unknown as RawMessageStreamEvent[];
    const parts = [...events.flatMap((e) => m.push(e)), ...m.finish()];
    expect(parts).toEqual([
      { type: 'reasoning-delta', delta: 'hmm' },
      { type: 'reasoning-signature', signature: 'sig' },
      { type: 'text-delta', delta: 'Hello' },
      { type: 'tool-call-start', toolCallId: 'toolu_1', toolName: 'fill_form' },
      { type: 'tool-call-delta', toolCallId: 'toolu_1', inputDelta: '{"a":' },
      { type: 'tool-call-delta', toolCallId: 'toolu_1', inputDelta: '2}' },
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'fill_form', input: '{"a":2}' },
      {
        type: 'finish',
        finishReason: 'tool-calls',
        usage: { inputTokens: 20, outputTokens: 9, cachedInputTokens: 7, cacheWriteTokens: 3 },
      },
    ]);
  });
});

const call: ChatCall = {
  system: 'Be brief.',
  tools: [
    { name: 'a', description: 'A', inputSchema: { type: 'object' } },
    { name: 'b', description: 'B', inputSchema: { type: 'object' } },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'q1' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'r', signature: 's' },
        { type: 'text', text: 'let me look' },
        { type: 'tool-call', toolCallId: 't1', toolName: 'a', input: { x: 1 } },
      ],
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'a', output: 'result', isError: false }],
    },
    { role: 'user', content: [{ type: 'text', text: 'q2' }] },
  ],
};

describe('request mapping', () => {
  it('OpenAI: system first, tool calls as JSON text, results as tool messages', () => {
    expect(mapOpenAIMessages(call)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'q1' },
      {
        role: 'assistant',
        content: 'let me look',
        tool_calls: [{ id: 't1', type: 'function', function: { name: 'a', arguments: '{"x":1}' } }],
      },
      { role: 'tool', tool_call_id: 't1', content: 'result' },
      { role: 'user', content: 'q2' },
    ]);
  });

  it('Anthropic: three cache breakpoints, merged user turn, signed thinking replayed', () => {
    expect(mapAnthropicSystem(call)).toEqual([
      { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
    ]);
    const tools = mapAnthropicTools(call)!;
    expect(tools.map((t) => 'cache_control' in t)).toEqual([false, true]);
    const messages = mapAnthropicMessages(call);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The second-to-last message is the assistant turn: its last block carries the marker.
    const assistant = messages[1]!.content as { type: string; cache_control?: unknown }[];
    expect(assistant.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(assistant.at(-1)!.cache_control).toEqual({ type: 'ephemeral' });
    const lastUser = messages[2]!.content as { type: string; cache_control?: unknown }[];
    expect(lastUser.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(lastUser.some((b) => b.cache_control)).toBe(false);
  });
});

describe('errors', () => {
  it('keeps the vendor message and maps the status', () => {
    const openai401 = Object.assign(new Error('401 Incorrect API key provided'), {
      name: 'AuthenticationError',
      status: 401,
      error: { message: 'Incorrect API key provided', code: 'invalid_api_key' },
    });
    expect(mapProviderError(openai401)).toMatchObject({
      code: 'auth',
      status: 401,
      message: 'Incorrect API key provided',
    });
    const anthropic529 = Object.assign(new Error('529'), {
      status: 529,
      error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
    expect(mapProviderError(anthropic529)).toMatchObject({
      code: 'overloaded',
      message: 'Overloaded',
      retryable: true,
    });
    const aborted = new AbortController();
    aborted.abort();
    expect(mapProviderError(new Error('whatever'), aborted.signal).code).toBe('aborted');
  });

  it('reads retry-after the way the SDKs do', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }))).toBe(150);
    expect(parseRetryAfter(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(parseRetryAfter(new Headers())).toBeNaN();
  });
});
